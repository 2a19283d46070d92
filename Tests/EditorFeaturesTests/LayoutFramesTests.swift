import Foundation
import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

@testable import EditorFeatures

/// One value for a solved layout's frames, written as text by one function: what `plumb
/// frames` prints, what hovers and inlay hints show.
final class LayoutFramesTests: XCTestCase {
  func testFramesAreWrittenAsUIKitDescribesThem() {
    XCTAssertEqual(Rect(x: 0, y: 12.5, width: 320, height: -0.0).description, "(0 12.5; 320 0)")
  }

  func testTheTextIsTheViewTreeWithAlignmentAndAmbiguity() {
    let text = "canvas small 320x200\nview Card {\n  image Icon insets (2, 2, 2, 2)\n}\nview Loose\n"
      + "H:|[Card]|\nV:|[Card(100)]\nIcon.leading == Card.leading + 8\nIcon.top == Card.top + 8\nIcon.width == 20\n"
      + "Icon.height == 20\nLoose.width == 10\nLoose.height == 10\nLoose.top == super.top\n"
    let layout = SolvedLayout(document: LayoutDocument(text: text, kind: .layout), solveWithErrors: true)
    let frames = LayoutFrames([layout], direction: .ltr)
    XCTAssertEqual(
      frames.text,
      """
      small (320 × 200, wC hC), left-to-right
      root: frame = (0 0; 320 200)
        Card: frame = (0 0; 320 100)
          Icon: frame = (6 6; 24 24), alignment = (8 8; 20 20)
        Loose: frame = (0 0; 10 10)  AMBIGUOUS horizontal (x any value)

      """)
    let loose = frames.places.first?.views.first { $0.name == "Loose" }
    XCTAssertEqual(loose?.ambiguousAxisNames, ["horizontal"])
    XCTAssertEqual(loose?.superview, LayoutModel.rootName)
  }

  /// For every example: each inlay hint and each view's hover show the frame `plumb frames`
  /// prints for the view, in the same words.
  func testHintsAndHoversShowTheFramesOfTheText() throws {
    var compared = 0
    for folder in ["Examples/clean", "Examples/problems"] {
      let directory = packageRoot().appendingPathComponent(folder)
      for file in fixtureFiles(in: directory, extensions: ["layout", "vfl"]) {
        let kind = FileKind(pathExtension: file.pathExtension) ?? .layout
        let bytes = [UInt8](try Data(contentsOf: file))
        let snapshot = try XCTUnwrap(
          LayoutLanguage(kind: kind).makeAnalyzer().analyse(bytes: bytes, lines: LineIndex(bytes, breaks: .newlineOrReturn), change: nil) as? LayoutSnapshot)
        guard case .frames(let frames)? = snapshot.frames(canvas: nil, direction: nil), let first = frames.places.first
        else { return XCTFail("\(file.lastPathComponent): no frames") }
        let text = LayoutFrames(places: [first]).text
        let hints = snapshot.inlayHints(
          in: SourceRange(start: 0, end: bytes.count), preferences: FramePreferences(showAmbiguity: false)) ?? []
        // A hint follows its view's name (and properties): the last name declared before it
        // (in a file without errors, where no name is declared twice).
        if snapshot.document.diagnostics.contains(where: { $0.severity == .error }) { continue }
        let names = snapshot.model.views.compactMap { name, node in node.nameRange.map { (name, $0.start) } }
        for hint in hints {
          let name = names.filter { $0.1 <= hint.offset }.max { $0.1 < $1.1 }?.0 ?? ""
          // A layout guide's line marks it: `Gap (guide): frame = …`.
          let written = text.contains("\(name): frame = \(hint.label)") || text.contains("\(name) (guide): frame = \(hint.label)")
          XCTAssertTrue(written, "\(file.lastPathComponent): \(name) \(hint.label)")
          compared += 1
        }
        for view in first.views where view.name != LayoutModel.rootName {
          guard let declared = snapshot.model.views[view.name]?.nameRange,
            let hover = snapshot.hover(at: declared.start, preferences: FramePreferences())
          else { continue }
          XCTAssertTrue(
            hover.markdown.contains("frame `\(view.frame.description)`"), "\(file.lastPathComponent): \(view.name)")
        }
      }
    }
    XCTAssertGreaterThan(compared, 20)
  }
}
