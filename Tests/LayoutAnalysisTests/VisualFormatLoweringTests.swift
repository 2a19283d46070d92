import LayoutAnalysis
import LayoutSyntax
import XCTest

/// Visual Format strings lowered to constraints, compared with what UIKit builds for them:
/// the same constraints, item order, signs and emission order.
final class VisualFormatLoweringTests: XCTestCase {
  /// Lowers `format` (with `options`) in a file that declares views a…e and the given metrics.
  private func lower(
    _ format: String, options: String = "", spacing: String? = nil, metrics: [String: Double] = [:],
    file: StaticString = #filePath, line: UInt = #line
  ) -> (constraints: [String], codes: [String]) {
    var text = ""
    if let spacing { text += "spacing \(spacing)\n" }
    for (name, value) in metrics.sorted(by: { $0.key < $1.key }) { text += "metric \(name) = \(value)\n" }
    for name in ["a", "b", "c", "d", "e", "spacer"] { text += "view \(name)\n" }
    text += "\"\(format)\" \(options)\n"
    let document = LayoutDocument(text: text, kind: .layout)
    let constraints = document.model.constraints.filter { $0.origin == .vfl }.map(\.description)
    return (constraints, document.diagnostics.map(\.code.rawValue))
  }

  private func expect(
    _ format: String, options: String = "", spacing: String? = nil, metrics: [String: Double] = [:],
    _ expected: [String], file: StaticString = #filePath, line: UInt = #line
  ) {
    let result = lower(format, options: options, spacing: spacing, metrics: metrics)
    XCTAssertEqual(result.codes, [], "\(format): unexpected diagnostics", file: file, line: line)
    XCTAssertEqual(result.constraints, expected, format, file: file, line: line)
  }

  private func expectError(
    _ format: String, options: String = "", metrics: [String: Double] = [:], code: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let result = lower(format, options: options, metrics: metrics)
    XCTAssertTrue(result.codes.contains(code), "\(format): expected \(code), got \(result.codes)", file: file, line: line)
    XCTAssertEqual(result.constraints, [], "\(format): a format with an error yields nothing", file: file, line: line)
  }

  func testConnectionsBetweenViews() {
    expect("[a][b]", ["b.leading == a.trailing"])
    expect("[a]-[b]", ["b.leading == a.trailing + 8"])
    expect("[a]-12-[b]", ["b.leading == a.trailing + 12"])
    expect("[a]-(12)-[b]", ["b.leading == a.trailing + 12"])
    expect("[a]-(==12)-[b]", ["b.leading == a.trailing + 12"])
    expect("[a]-(>=12)-[b]", ["b.leading >= a.trailing + 12"])
    expect("[a]-(<=12)-[b]", ["b.leading <= a.trailing + 12"])
    expect("[a]-(>=8,<=20)-[b]", ["b.leading >= a.trailing + 8", "b.leading <= a.trailing + 20"])
    expect("[a]-(12@750)-[b]", ["b.leading == a.trailing + 12 @750"])
    expect("[a]-(-5)-[b]", ["b.leading == a.trailing - 5"])
    expect("[a]-60.5-[b]", ["b.leading == a.trailing + 60.5"])
  }

  func testFormsBeyondTheDocumentedGrammar() {
    expect("[a]->=0-[b]", ["b.leading >= a.trailing"])
    expect("[a]-20@750-[b]", ["b.leading == a.trailing + 20 @750"])
    expect("[a]-<=pad@low-[b]", metrics: ["pad": 10, "low": 250], ["b.leading <= a.trailing + 10 @250"])
  }

  func testSuperviewEdges() {
    expect("|-20-[a]", ["a.leading == root.leading + 20"])
    expect("[a]-20-|", ["root.trailing == a.trailing + 20"])
    expect("|[a]|", ["a.leading == root.leading", "root.trailing == a.trailing"])
    expect("|-(>=0)-[a]-(>=0)-|", ["a.leading >= root.leading", "root.trailing >= a.trailing"])
    expect("|-[a]-|", ["a.leading == root.leading + 20", "root.trailing == a.trailing + 20"])
  }

  func testStandardSpacingSettings() {
    expect("|-[a]-[b]-|", spacing: "10 30", ["a.leading == root.leading + 30", "b.leading == a.trailing + 10",
      "root.trailing == b.trailing + 30"])
    expect("|-[a]-[b]-|", spacing: "8 margins", ["a.leading == root.leadingMargin", "b.leading == a.trailing + 8",
      "root.trailingMargin == b.trailing"])
    expect("V:|-[a]-|", spacing: "8 margins", ["a.top == root.topMargin", "root.bottomMargin == a.bottom"])
    // Explicit numbers measure from the edge even under margins.
    expect("|-0-[a]-(>=0)-|", spacing: "8 margins", ["a.leading == root.leading", "root.trailing >= a.trailing"])
    expect("|-[a]-|", options: "directionLeftToRight", spacing: "8 margins",
      ["a.left == root.leftMargin", "root.rightMargin == a.right"])
  }

  func testViewPredicates() {
    expect("[a(50)]", ["a.width == 50"])
    expect("[a(>=50@750)]", ["a.width >= 50 @750"])
    expect("[a(==b)]", ["a.width == b.width"])
    expect("[a(b)]", ["a.width == b.width"])
    expect("[a(<=b@300)]", ["a.width <= b.width @300"])
    expect("[a(>=70,<=100)]", ["a.width >= 70", "a.width <= 100"])
    expect("V:[a(44)]", ["a.height == 44"])
    expect("[a(w@p)]", metrics: ["w": 30, "p": 500], ["a.width == 30 @500"])
    // Metrics are looked up before views.
    expect("[a(b)]", metrics: ["b": 12], ["a.width == 12"])
  }

  func testEmissionOrder() {
    // The connection into a view comes before the view's predicates; a first view without
    // a leading bar has its predicates first; alignment constraints come last.
    expect("[a(10)]-[b(20)]-|", ["a.width == 10", "b.leading == a.trailing + 8", "b.width == 20",
      "root.trailing == b.trailing + 20"])
    expect("|-[a(10)]-[b(20)]", options: "alignAllTop alignAllBottom", [
      "a.leading == root.leading + 20", "a.width == 10", "b.leading == a.trailing + 8", "b.width == 20",
      "a.top == b.top", "a.bottom == b.bottom",
    ])
    expect("[a][b][c]", options: "alignAllBottom alignAllTop", [
      "b.leading == a.trailing", "c.leading == b.trailing", "a.top == b.top", "a.bottom == b.bottom",
      "b.top == c.top", "b.bottom == c.bottom",
    ])
  }

  func testVertical() {
    expect("V:|-[a]-8-[b]-(>=0)-|", ["a.top == root.top + 20", "b.top == a.bottom + 8", "root.bottom >= b.bottom"])
    expect("V:[a]-[b]", options: "alignAllLeading alignAllCenterX", ["b.top == a.bottom + 8", "a.leading == b.leading",
      "a.centerX == b.centerX"])
    expect("V:[a]-[b]", options: "spacingBaselineToBaseline", ["b.firstBaseline == a.lastBaseline + 8"])
    expect("V:|-[a]-[b]-|", options: "spacingBaselineToBaseline", ["a.top == root.top + 20",
      "b.firstBaseline == a.lastBaseline + 8", "root.bottom == b.bottom + 20"])
    // Direction options do nothing in vertical formats.
    expect("V:[a]-[b]", options: "directionRightToLeft", ["b.top == a.bottom + 8"])
  }

  func testDirectionOptions() {
    expect("|-[a]-[b]-|", options: "directionLeftToRight", ["a.left == root.left + 20", "b.left == a.right + 8",
      "root.right == b.right + 20"])
    expect("|-[a]-[b]-|", options: "directionRightToLeft", ["root.right == a.right + 20", "a.left == b.right + 8",
      "b.left == root.left + 20"])
    expect("[a]-[b]", options: "directionLeadingToTrailing", ["b.leading == a.trailing + 8"])
    expect("[a][b]", options: "alignAllLastBaseline alignAllFirstBaseline", ["b.leading == a.trailing",
      "a.lastBaseline == b.lastBaseline", "a.firstBaseline == b.firstBaseline"])
    expect("[a][b]", options: "alignAllBaseline", ["b.leading == a.trailing", "a.lastBaseline == b.lastBaseline"])
  }

  func testOptionSpellings() {
    for written in [
      "alignAllTop", ".alignAllTop", "NSLayoutFormatAlignAllTop", "options: [.alignAllTop]", "[.alignAllTop]",
      "options: .alignAllTop",
    ] {
      expect("[a][b]", options: written, ["b.leading == a.trailing", "a.top == b.top"])
    }
    expect("[a][b]", options: "alignAllTop | alignAllBottom", ["b.leading == a.trailing", "a.top == b.top",
      "a.bottom == b.bottom"])
    expect("[a][b]", options: ".alignAllTop, .alignAllBottom", ["b.leading == a.trailing", "a.top == b.top",
      "a.bottom == b.bottom"])
  }

  func testQuotedFormatsIgnoreSpaces() {
    expect("H: | - 20 - [ a ] - [ b ( >= 10 ) ]", ["a.leading == root.leading + 20", "b.leading == a.trailing + 8",
      "b.width >= 10"])
  }

  func testAlignmentAlongTheAxisIsAnErrorOnlyWithTwoViews() {
    expectError("[a][b]", options: "alignAllLeft", code: "invalid-vfl-option")
    expectError("V:[a][b]", options: "alignAllTop", code: "invalid-vfl-option")
    expect("[a]", options: "alignAllLeft", [])
    expect("|[a]|", options: "alignAllCenterX", ["a.leading == root.leading", "root.trailing == a.trailing"])
  }

  func testOptionErrors() {
    expectError("[a][b]", options: "alignAllTopp", code: "invalid-vfl-option")
    expectError("[a][b]", options: "spacingBaselineToBaseline", code: "invalid-vfl-option")
    expectError("[a][b]", options: "directionLeftToRight directionRightToLeft", code: "invalid-vfl-option")
  }

  func testNameErrors() {
    expectError("[a]-[zz]", code: "unknown-view")
    expectError("[a(width)]", code: "unknown-metric")
    expectError("[a]-gap-[b]", code: "unknown-metric")
    expectError("[a]-spacer-[b]", code: "invalid-attribute-pair")
    expectError("[a(50@strong)]", code: "unknown-metric")
  }

  func testPriorityErrors() {
    expectError("[a(50@0)]", code: "invalid-priority")
    expectError("[a(50@1001)]", code: "invalid-priority")
    expectError("[a]-(8@0)-[b]", code: "invalid-priority")
    // A view's name as a priority reads as priority 0, which UIKit refuses.
    expectError("[a(50@b)]", code: "invalid-priority")
    expect("[a(50@0.5)]", ["a.width == 50 @0.5"])
    expect("[a(50@1000)]", ["a.width == 50"])
  }

  func testPriorityMessagesAreUIKits() {
    let document = LayoutDocument(text: "view a\n\"[a(50@1001)]\"\n\"[a(50@-1)]\"\n", kind: .layout)
    XCTAssertEqual(
      document.diagnostics.map(\.message),
      [
        "Invalid priority specified: 1001. Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.",
        "Invalid priority specified: -1. Priority must be greater than 0",
      ])
  }

  func testBarNeedsADirectSubview() {
    // One report per format, on the bar, even when both bars name the view.
    let text = "view p { view q }\nview r\nH:|-[q]-|\nH:|-[r]-|\nview s { H:|[q]| }\n"
    let document = LayoutDocument(text: text, kind: .layout)
    XCTAssertEqual(document.diagnostics.map(\.code), [.notASubview, .notASubview])
    XCTAssertEqual(document.diagnostics.map { document.text(of: $0.range) }, ["|", "|"])
    XCTAssertEqual(document.diagnostics.map { document.lineIndex.utf8Position(of: $0.range.start).line }, [2, 4])
  }

  func testBarInsideAViewMeansThatView() {
    let document = LayoutDocument(text: "view p {\n view q\n H:|-8-[q]-8-|\n}\n", kind: .layout)
    XCTAssertEqual(document.diagnostics.map(\.code), [])
    XCTAssertEqual(document.model.constraints.map(\.description), ["q.leading == p.leading + 8", "p.trailing == q.trailing + 8"])
  }

  func testVFLFilesDeclareTheirViews() {
    let text = "metric pad = 10\nH:|-pad-[first]-[second(==first)]-pad-|\nV:|[first]|\n"
    let document = LayoutDocument(text: text, kind: .vfl)
    XCTAssertEqual(document.diagnostics.map(\.code), [])
    XCTAssertEqual(document.model.viewOrder, ["root", "first", "second"])
    XCTAssertEqual(document.model.views["second"]?.superview, "root")
    XCTAssertEqual(document.model.constraints.map(\.description), [
      "first.leading == root.leading + 10", "second.leading == first.trailing + 8", "second.width == first.width",
      "root.trailing == second.trailing + 10", "first.top == root.top", "root.bottom == first.bottom",
    ])
  }

  func testVFLFileNamesThatAreNotViewsMustBeMetrics() {
    let document = LayoutDocument(text: "H:[a(w)]-gap-[b]\n", kind: .vfl)
    XCTAssertEqual(document.diagnostics.map(\.code), [.unknownMetric, .unknownMetric])
  }

  func testEveryConstraintPointsAtItsPiece() {
    let text = "view a\nview b\n\"H:|[a]-(>=8)-[b(20)]-5-|\" alignAllTop\n"
    let document = LayoutDocument(text: text, kind: .layout)
    XCTAssertEqual(document.diagnostics.map(\.code), [])
    XCTAssertEqual(
      document.model.constraints.map { "\($0) @ \(document.text(of: $0.range))" },
      [
        "a.leading == root.leading @ |[", "b.leading >= a.trailing + 8 @ -(>=8)-", "b.width == 20 @ 20",
        "root.trailing == b.trailing + 5 @ -5-", "a.top == b.top @ alignAllTop",
      ])
    XCTAssertTrue(document.model.constraints.allSatisfy { $0.origin == .vfl })
  }
}
