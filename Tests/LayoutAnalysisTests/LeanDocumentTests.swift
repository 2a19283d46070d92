import Foundation
@testable import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// What a document keeps once it is only solved (`LayoutDocument.solvingOnly()`, the path of
/// `plumb check` and `plumb frames`), and the views' rare properties kept in a shared box: none
/// of it changes a constraint, a frame or a finding.
final class LeanDocumentTests: XCTestCase {
  private func files() -> [URL] {
    let examples = packageRoot().appendingPathComponent("Examples")
    return ["clean", "problems"].flatMap {
      fixtureFiles(in: examples.appendingPathComponent($0), extensions: ["layout", "vfl"])
    } + ["ok", "err"].flatMap {
      fixtureFiles(in: fixturesDirectory("analysis").appendingPathComponent($0), extensions: ["layout", "vfl"])
    }
  }

  /// Every example and analysis fixture gets the same findings (fixes, related places and
  /// notes included) and the same frames from the document without its tree as from the whole
  /// document; the tree kept is exactly the statements that may be about left and right, which
  /// the right-to-left check reads (the `rtl` example's findings depend on them).
  func testDocumentWithoutItsTreeFindsTheSame() throws {
    let urls = files()
    XCTAssertGreaterThan(urls.count, 20)
    var leftOrRight = 0
    for url in urls {
      let kind = FileKind(pathExtension: url.pathExtension) ?? .layout
      let document = LayoutDocument(bytes: [UInt8](try Data(contentsOf: url)), kind: kind)
      let lean = document.solvingOnly()
      let name = url.lastPathComponent
      XCTAssertEqual(lean.diagnostics, document.diagnostics, name)
      let kept = lean.syntax.statements.array
      if document.model.hasSizeClassConditions {
        XCTAssertEqual(kept.count, document.syntax.statements.count, name)
      } else {
        XCTAssertEqual(kept.count, document.syntax.statements.mayUseLeftOrRight.count, name)
        XCTAssertTrue(kept.allSatisfy(\.mayUseLeftOrRight), name)
        XCTAssertNil(lean.lowering, name)
      }
      leftOrRight += kept.count
      let whole = SolvedLayout(document: document, solveWithErrors: true)
      let solved = SolvedLayout(document: lean, solveWithErrors: true)
      XCTAssertEqual(solved.diagnostics, whole.diagnostics, name)
      XCTAssertEqual(solved.places.count, whole.places.count, name)
      for (place, other) in zip(solved.places, whole.places) {
        XCTAssertEqual(place.allSolvedViews().views, other.allSolvedViews().views, name)
      }
    }
    XCTAssertGreaterThan(leftOrRight, 0)
    let rtl = packageRoot().appendingPathComponent("Examples/problems/rtl.layout")
    let document = LayoutDocument(bytes: [UInt8](try Data(contentsOf: rtl)), kind: .layout)
    let findings = SolvedLayout(document: document.solvingOnly()).diagnostics
    XCTAssertTrue(findings.contains { $0.code == .leftRight })
  }

  /// A version edited from a document without its tree is parsed whole (it has no lowering
  /// index to update), and equals a version parsed from scratch.
  func testEditAfterTheTreeIsDroppedParsesAgain() {
    let text = "view a\nview b\na.left == b.right + 4\nH:|[a][b]|\nV:|[a(20)]\nV:|[b(20)]\n"
    let lean = LayoutDocument(text: text, kind: .layout).solvingOnly()
    XCTAssertEqual(lean.syntax.statements.count, 1)
    let edited = Array(text.replacingOccurrences(of: "+ 4", with: "+ 5").utf8)
    let next = LayoutDocument(bytes: edited, kind: .layout, previous: lean)
    let fresh = LayoutDocument(bytes: edited, kind: .layout)
    XCTAssertEqual(next.syntax.statements.count, fresh.syntax.statements.count)
    XCTAssertEqual(next.model.constraints.array, fresh.model.constraints.array)
    XCTAssertEqual(next.diagnostics, fresh.diagnostics)
  }

  /// A view keeps its rare properties in a box only when one of them is set; a copy shares the
  /// box until one of them changes it, and the other keeps its values.
  func testRarePropertiesAreSharedUntilChanged() {
    var view = ViewNode(name: "a", kind: .label, superview: LayoutModel.rootName)
    XCTAssertFalse(view.hasRareProperties)
    XCTAssertEqual(view.margins, DirectionalInsets(top: 8, leading: 8, bottom: 8, trailing: 8))
    XCTAssertEqual(view.alignmentInsets, .zero)
    XCTAssertEqual(view.baselineOffset, 0)
    XCTAssertNil(view.frame)
    XCTAssertNil(view.firstBaselineFromTop)
    XCTAssertNil(view.transform)
    XCTAssertNil(view.stack)
    view.frame = Rect(x: 1, y: 2, width: 3, height: 4)
    XCTAssertTrue(view.hasRareProperties)
    var copy = view
    copy.frame?.width = 30
    copy.margins.leading = 2
    copy.stack = StackConfiguration()
    copy.stack?.spacing = 6
    copy.baselineOffset = 5
    copy.firstBaselineFromTop = 7
    copy.alignmentInsets.top = 1
    XCTAssertEqual(view.frame, Rect(x: 1, y: 2, width: 3, height: 4))
    XCTAssertEqual(view.margins.leading, 8)
    XCTAssertNil(view.stack)
    XCTAssertEqual(view.baselineOffset, 0)
    XCTAssertNil(view.firstBaselineFromTop)
    XCTAssertEqual(view.alignmentInsets, .zero)
    XCTAssertEqual(copy.frame, Rect(x: 1, y: 2, width: 30, height: 4))
    XCTAssertEqual(copy.margins.leading, 2)
    XCTAssertEqual(copy.stack?.spacing, 6)
    XCTAssertEqual(copy.baselineOffset, 5)
    XCTAssertEqual(copy.firstBaselineFromTop, 7)
    XCTAssertEqual(copy.alignmentInsets.top, 1)
    // A form's labels set none of them; a stack view and a guide set their margins.
    let document = LayoutDocument(
      text: "label a intrinsic 60x21\nstack s {\n  label b\n}\nguide g\nview f frame (0 0; 10 10)\n", kind: .layout)
    XCTAssertEqual(document.model.views["a"]?.hasRareProperties, false)
    XCTAssertEqual(document.model.views["b"]?.hasRareProperties, false)
    XCTAssertEqual(document.model.views["s"]?.hasRareProperties, true)
    XCTAssertEqual(document.model.views["s"]?.margins, DirectionalInsets(top: 0, leading: 0, bottom: 0, trailing: 0))
    XCTAssertEqual(document.model.views["g"]?.margins, DirectionalInsets(top: 0, leading: 0, bottom: 0, trailing: 0))
    XCTAssertEqual(document.model.views["f"]?.frame, Rect(x: 0, y: 0, width: 10, height: 10))
  }
}
