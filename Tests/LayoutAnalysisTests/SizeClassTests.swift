import LayoutSyntax
import XCTest

@testable import LayoutAnalysis

/// Size classes: a canvas's traits, and what `when` blocks install in each canvas.
final class SizeClassTests: XCTestCase {
  private func traits(_ h: SizeClass, _ v: SizeClass) -> SizeClassTraits { SizeClassTraits(horizontal: h, vertical: v) }

  /// UIKit's full-screen size classes of every device in docs/interface-builder.md, portrait
  /// and landscape.
  func testDerivedTraitsOfEveryDevice() {
    let small: [(Double, Double)] = [
      (320, 480), (320, 568), (375, 667), (375, 812), (390, 844), (393, 852), (402, 874),
    ]
    let large: [(Double, Double)] = [(414, 736), (414, 896), (428, 926), (430, 932), (440, 956)]
    let pads: [(Double, Double)] = [(768, 1024), (744, 1133), (810, 1080), (834, 1112), (820, 1180), (834, 1194), (1024, 1366)]
    for (width, height) in small {
      XCTAssertEqual(SizeClassTraits.derived(width: width, height: height), traits(.compact, .regular), "\(width)")
      XCTAssertEqual(SizeClassTraits.derived(width: height, height: width), traits(.compact, .compact), "\(width)")
    }
    for (width, height) in large {
      XCTAssertEqual(SizeClassTraits.derived(width: width, height: height), traits(.compact, .regular), "\(width)")
      XCTAssertEqual(SizeClassTraits.derived(width: height, height: width), traits(.regular, .compact), "\(width)")
    }
    for (width, height) in pads {
      XCTAssertEqual(SizeClassTraits.derived(width: width, height: height), traits(.regular, .regular), "\(width)")
      XCTAssertEqual(SizeClassTraits.derived(width: height, height: width), traits(.regular, .regular), "\(width)")
    }
    XCTAssertEqual(Canvas.standard.traits, traits(.compact, .regular))
  }

  func testWrittenTraitsOverrideTheDerivedOnes() {
    let document = LayoutDocument(text: "canvas a 375x667 traits wR hC\ncanvas b 375x667 traits hC wC\n", kind: .layout)
    XCTAssertEqual(document.model.canvases.map(\.traits), [traits(.regular, .compact), traits(.compact, .compact)])
    XCTAssertTrue(document.diagnostics.isEmpty)
  }

  func testWhenBlocksInstallTheirViewsAndConstraintsOnlyWhereTheyMatch() {
    let text = """
      canvas phone 375x667
      canvas pad 768x1024
      when wR {
        view side
        side.width == 100
      }
      view main
      main.leading == side.trailing
      main.width == 10
      """
    let document = LayoutDocument(text: text, kind: .layout)
    XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics.map(\.message))")
    XCTAssertEqual(document.model.namedViews, ["side", "main"])
    let phone = document.model(for: traits(.compact, .regular))
    XCTAssertEqual(phone.namedViews, ["main"])
    XCTAssertEqual(phone.constraints.map(\.description), ["main.width == 10"])
    let pad = document.model(for: traits(.regular, .regular))
    XCTAssertEqual(pad.namedViews, ["side", "main"])
    XCTAssertEqual(pad.constraints.count, 3)
    let layout = SolvedLayout(document: document)
    XCTAssertNil(layout.place(canvas: "phone")?.solvedView("side"))
    XCTAssertEqual(layout.place(canvas: "pad", direction: .ltr)?.solvedView("main")?.frame.x, 100)
  }

  func testNestedBlocksIntersectAndSubviewsFollowTheirView() {
    let text = """
      canvas pad 768x1024
      canvas wide 896x414
      when wR {
        view panel {
          view inside
          when hR { view title }
        }
      }
      """
    let document = LayoutDocument(text: text, kind: .layout)
    XCTAssertEqual(document.model(for: traits(.regular, .compact)).namedViews, ["panel", "inside"])
    XCTAssertEqual(document.model(for: traits(.regular, .regular)).namedViews, ["panel", "inside", "title"])
    XCTAssertEqual(document.model(for: traits(.compact, .regular)).namedViews, [])
    XCTAssertEqual(document.model(for: traits(.compact, .regular)).views["root"]?.subviews, [])
  }

  func testAStackArrangesOnlyTheViewsInstalled() {
    let text = """
      canvas phone 375x667
      canvas pad 768x1024
      stack row distribution fillEqually {
        view a
        when wR { view b }
      }
      row.leading == super.leading
      row.trailing == super.trailing
      row.top == super.top
      row.height == 10
      """
    let document = LayoutDocument(text: text, kind: .layout)
    let layout = SolvedLayout(document: document)
    XCTAssertTrue(layout.diagnostics.isEmpty, "\(layout.diagnostics.map(\.message))")
    XCTAssertEqual(layout.place(canvas: "phone", direction: .ltr)?.solvedView("a")?.frame.width, 375)
    XCTAssertEqual(layout.place(canvas: "pad", direction: .ltr)?.solvedView("a")?.frame.width, 384)
  }

  func testAWhenBlockNoCanvasMatchesIsReported() {
    let document = LayoutDocument(text: "when wR {\n  view a\n}\n", kind: .layout)
    XCTAssertEqual(document.diagnostics.map(\.code), [.whenNeverLaidOut])
    XCTAssertEqual(
      document.diagnostics.first?.message,
      "this 'when' block is never laid out: it is for canvases with the traits wR, and the file has only the canvas default (wC hR)")
  }

  func testFindingsNameTheCanvasTraits() {
    let text = """
      canvas phone 375x667
      canvas pad 768x1024
      view a
      a.leading == super.leading
      a.top == super.top
      a.height == 10
      when wR { a.width == 10 }
      """
    let layout = SolvedLayout(document: LayoutDocument(text: text, kind: .layout))
    let ambiguous = layout.diagnostics.first { $0.code == .ambiguous }
    XCTAssertTrue(ambiguous?.message.hasSuffix("(in phone (wC hR))") == true, ambiguous?.message ?? "none")
  }
}
