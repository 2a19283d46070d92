@testable import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// Layout guides (`guide NAME`, `NAME.margins`, `NAME.readable`) and first and last baselines:
/// the errors UIKit would raise, and what the parser says of what it cannot read. The frames
/// are in the fixtures of `Tests/Fixtures/guides/`.
final class LayoutGuideTests: XCTestCase {
  private func solve(_ text: String) -> SolvedLayout {
    SolvedLayout(document: LayoutDocument(text: text, kind: .layout), solveWithErrors: true)
  }

  private func messages(_ text: String) -> [String] {
    LayoutDocument(text: text, kind: .layout).diagnostics.map(\.message)
  }

  func testAGuideHasNoPropertiesAndNoBody() {
    XCTAssertEqual(
      messages("guide G intrinsic 10x10\nG.width == 10"),
      [
        "expected the end of the line after 'guide G', but found 'intrinsic'; a layout guide has no properties: it has a frame and is placed by constraints only"
      ])
    let body = messages("guide G {\n  view a\n}\nview b\nb.width == 10")
    XCTAssertEqual(body, ["a layout guide has no body: it holds no views; declare 'G' as a view to give it subviews"])
    // The guide is still declared, so constraints on it resolve.
    let document = LayoutDocument(text: "guide G {\n}\nG.width == 10", kind: .layout)
    XCTAssertEqual(document.model.views["G"]?.layoutGuide, .declared)
    XCTAssertEqual(document.model.constraints.count, 1)
  }

  func testAGuideHasNoBaselinesMarginsOrGuides() {
    XCTAssertEqual(
      messages("guide G\nview a\na.lastBaseline == G.lastBaseline"),
      ["'G' is a layout guide, which has no 'lastBaseline': UIKit's layout guides have edges, centres, width and height, but no baselines and no margins"])
    XCTAssertEqual(
      messages("view a\na.leading == super.margins.leadingMargin"),
      ["'super.margins' is a layout guide, which has no 'leadingMargin': UIKit's layout guides have edges, centres, width and height, but no baselines and no margins"])
    XCTAssertEqual(
      messages("guide G\nview a\na.top == G.safeArea.top"),
      ["'G' is a layout guide, which has no 'safeArea'; only views have layout guides of their own"])
    XCTAssertEqual(
      LayoutDocument(text: "guide G\nview a\na.top == G.baseline", kind: .layout).diagnostics.map(\.code),
      [.invalidAttributePair])
  }

  func testAGuideIsNotAViewOfAFormat() {
    let document = LayoutDocument(text: "guide G\nview a\nH:|[G][a]|", kind: .layout)
    XCTAssertEqual(
      document.diagnostics.map(\.message),
      ["'G' is a layout guide; a Visual Format string arranges views only (UIKit raises for a guide in its views dictionary), so constrain a guide with equations"])
    XCTAssertEqual(document.model.constraints.count, 0)
  }

  func testMisspeltGuidesAndBaselinesSuggestTheRightWord() {
    XCTAssertEqual(
      messages("view a\na.top == super.margin.top"),
      ["unknown layout guide 'margin'; did you mean 'margins'?"])
    XCTAssertEqual(
      messages("view a\na.top == super.readableContentGuide.top"),
      ["unknown layout guide 'readableContentGuide'; did you mean 'readable'?"])
    XCTAssertEqual(
      messages("view a\na.top == super.layoutMarginsGuide.top"),
      ["unknown layout guide 'layoutMarginsGuide'; did you mean 'margins'?"])
    XCTAssertEqual(
      messages("label a baseline frist 12"),
      ["unknown word 'frist' after 'baseline'; did you mean 'first'?"])
    XCTAssertEqual(
      messages("label a baseline top 12"),
      ["unknown word 'top' after 'baseline'; write 'baseline N', or 'baseline first F last L' (F below the top, L above the bottom)"])
    XCTAssertEqual(
      messages("label a baseline first 12 first 3"), ["'first' is given twice in 'baseline'"])
    XCTAssertEqual(
      messages("label a baseline last"),
      ["expected the last baseline's distance above the bottom after 'last', as in 'baseline last 4'"])
    // A property after a complete baseline is read.
    let document = LayoutDocument(text: "label a baseline first 12 last 3 hidden", kind: .layout)
    XCTAssertEqual(document.diagnostics.map(\.message), [])
    XCTAssertEqual(document.model.views["a"]?.firstBaselineFromTop, 12)
    XCTAssertEqual(document.model.views["a"]?.baselineOffset, 3)
    XCTAssertEqual(document.model.views["a"]?.isHidden, true)
  }

  func testAGuideInAStackIsNotArranged() {
    let document = LayoutDocument(
      text: "stack S {\n  view a\n  guide G\n  G.width == 10\n}\nH:|[S]|\nV:|[S(20)]", kind: .layout)
    XCTAssertEqual(document.model.views["S"]?.stack?.arranged, ["a"])
  }

  func testAnUnplacedGuideIsAmbiguousButNeverZeroSizeOrOffscreen() {
    let layout = solve("canvas c 100x100\ndirection ltr\nguide G\nG.leading == super.trailing + 50\nG.top == super.top\nG.height == 0\nG.width == 0")
    XCTAssertEqual(layout.diagnostics.map(\.code), [])
    let loose = solve("canvas c 100x100\ndirection ltr\nguide G\nG.top == super.top\nG.height == 10\nG.width == 10")
    XCTAssertEqual(loose.diagnostics.map(\.code), [.ambiguous])
  }

  func testMarginsGuideMirrorsRightToLeft() {
    let layout = solve(
      "canvas c 300x100\nview P margins (1, 10, 3, 30) {\n  view a\n  a.leading == super.margins.leading\n  a.trailing == super.margins.trailing\n  a.top == super.margins.top\n  a.bottom == super.margins.bottom\n}\nH:|[P]|\nV:|[P]|")
    XCTAssertEqual(layout.diagnostics.map(\.message), [])
    XCTAssertEqual(layout.place(canvas: nil, direction: .ltr)?.solvedView("a")?.frame, Rect(x: 10, y: 1, width: 260, height: 96))
    XCTAssertEqual(layout.place(canvas: nil, direction: .rtl)?.solvedView("a")?.frame, Rect(x: 30, y: 1, width: 260, height: 96))
  }

  /// An edit that names a readable guide for the first time declares it: the incremental
  /// document equals a fresh one.
  func testAnEditNamingAReadableGuideDeclaresIt() {
    let before = "canvas c 1000x100\nview a\nV:|[a(10)]\na.leading == super.leading\na.width == 10\n"
    let after = "canvas c 1000x100\nview a\nV:|[a(10)]\na.leading == super.readable.leading\na.width == 10\n"
    let previous = LayoutDocument(text: before, kind: .layout)
    let edited = LayoutDocument(bytes: Array(after.utf8), kind: .layout, previous: previous, change: nil)
    let fresh = LayoutDocument(text: after, kind: .layout)
    XCTAssertEqual(edited.model.viewOrder, fresh.model.viewOrder)
    XCTAssertEqual(edited.model.constraints.map(\.description), fresh.model.constraints.map(\.description))
    XCTAssertEqual(SolvedLayout(document: edited).places.first?.solvedView("a")?.frame.x, 164)
  }
}
