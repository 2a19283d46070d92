import Foundation
import LayoutSyntax
import XCTest

/// Values, messages and limits that the golden dumps do not make obvious.
final class ParserTests: XCTestCase {
  private func statements(_ text: String, kind: FileKind = .layout, file: StaticString = #filePath, line: UInt = #line)
    -> [Statement]
  {
    let parsed = Parser.parse(text, kind: kind)
    XCTAssertEqual(parsed.diagnostics.map(\.message), [], file: file, line: line)
    return parsed.statements.array
  }

  private func constraint(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ConstraintStatement? {
    guard case .constraint(let node)? = statements(text, file: file, line: line).first else {
      XCTFail("not a constraint: \(text)", file: file, line: line)
      return nil
    }
    return node
  }

  private func messages(_ text: String, kind: FileKind = .layout) -> [String] {
    Parser.parse(text, kind: kind).diagnostics.map(\.message)
  }

  // MARK: - Constraints

  func testConstraintForms() throws {
    let full = try XCTUnwrap(constraint("w: a.width == 9/16 * super.safeArea.height - 8 @high-1"))
    XCTAssertEqual(full.label?.name, "w")
    XCTAssertEqual(full.first.attribute, .width)
    XCTAssertEqual(full.relation, .equal)
    XCTAssertEqual(full.multiplier?.value, .number(9.0 / 16.0))
    XCTAssertEqual(full.second?.item.name.name, "super")
    XCTAssertEqual(full.second?.item.guide?.name, "safeArea")
    XCTAssertEqual(full.second?.attribute, .height)
    XCTAssertEqual(full.constant?.value, .number(8))
    XCTAssertEqual(full.constant?.isNegated, true)
    XCTAssertEqual(full.priority?.value, .named(.high, offset: -1))

    let trailing = try XCTUnwrap(constraint("a.width >= b.height * 0.5 + pad @p"))
    XCTAssertEqual(trailing.relation, .greaterThanOrEqual)
    XCTAssertEqual(trailing.multiplier?.value, .number(0.5))
    XCTAssertEqual(trailing.constant?.value, .metric(Identifier(name: "pad", range: SourceRange(start: 28, end: 31))))
    XCTAssertEqual(trailing.priority?.value, .metric(Identifier(name: "p", range: SourceRange(start: 33, end: 34))))

    let constant = try XCTUnwrap(constraint("a.height <= -8 @-1"))
    XCTAssertNil(constant.second)
    XCTAssertEqual(constant.constant?.value, .number(8))
    XCTAssertEqual(constant.constant?.isNegated, true)
    XCTAssertEqual(constant.constant?.range, SourceRange(start: 12, end: 14))
    XCTAssertEqual(constant.priority?.value, .number(-1))

    XCTAssertEqual(try XCTUnwrap(constraint("a.top == b.baseline")).second?.attribute, .lastBaseline)
    XCTAssertEqual(try XCTUnwrap(constraint("a.width == .5 * b.width")).multiplier?.value, .number(0.5))
    XCTAssertEqual(try XCTUnwrap(constraint("a.width == -1 * b.width")).multiplier?.isNegated, true)
    XCTAssertEqual(try XCTUnwrap(constraint("a.left == b.left + -4")).constant?.isNegated, true)
    XCTAssertEqual(try XCTUnwrap(constraint("a.left == b.left - -4")).constant?.isNegated, false)
    XCTAssertEqual(try XCTUnwrap(constraint("a.width == 100 @fitting+2")).priority?.value, .named(.fitting, offset: 2))
    XCTAssertEqual(try XCTUnwrap(constraint("a.width == 100 @ 999.5")).priority?.value, .number(999.5))
  }

  func testConstraintRanges() throws {
    let node = try XCTUnwrap(constraint("x: a.width == 2 * b.width + 1 @9"))
    XCTAssertEqual(node.range, SourceRange(start: 0, end: 32))
    XCTAssertEqual(node.first.range, SourceRange(start: 3, end: 10))
    XCTAssertEqual(node.first.item.range, SourceRange(start: 3, end: 4))
    XCTAssertEqual(node.first.attributeName.range, SourceRange(start: 5, end: 10))
    XCTAssertEqual(node.relationRange, SourceRange(start: 11, end: 13))
    XCTAssertEqual(node.multiplier?.range, SourceRange(start: 14, end: 15))
    XCTAssertEqual(node.constant?.range, SourceRange(start: 26, end: 29))
    XCTAssertEqual(node.priority?.range, SourceRange(start: 30, end: 32))
  }

  func testUnknownAttributeSuggestsTheClosest() {
    XCTAssertEqual(messages("a.widht == 10"), ["unknown attribute 'widht'; did you mean 'width'?"])
    XCTAssertEqual(messages("a.centrX == b.centerX"), ["unknown attribute 'centrX'; did you mean 'centerX'?"])
    XCTAssertEqual(
      messages("a.top == super.safeAreaLayoutGuide.top"),
      ["unknown layout guide 'safeAreaLayoutGuide'; did you mean 'safeArea'?"])
    XCTAssertEqual(
      messages("a.leadingAnchor == b.leading"), ["unknown attribute 'leadingAnchor'; did you mean 'leading'?"])
    let far = messages("a.zzzzzz == 1")
    XCTAssertTrue(far.first?.hasPrefix("unknown attribute 'zzzzzz'; the attributes are left, right") == true, "\(far)")
    let range = Parser.parse("a.widht == 10", kind: .layout).diagnostics.first?.range
    XCTAssertEqual(range, SourceRange(start: 2, end: 7))
  }

  // MARK: - Views

  func testEveryProperty() throws {
    let text = """
      label t intrinsic 120x- hug 251/250 resist 700 frame (-1, 2.5; 30 40) insets (1, 2, 3, 4) baseline -2 margins (8 16 8 16) transform rotate -90
      image i intrinsic -x21 transform scale 1.5
      """
    let parsed = statements(text)
    guard case .view(let label)? = parsed.first, case .view(let image)? = parsed.last else {
      return XCTFail("expected two views")
    }
    XCTAssertEqual(
      label.properties.map(\.value),
      [
        .intrinsic(width: 120, height: nil), .hugging(horizontal: 251, vertical: 250),
        .compressionResistance(horizontal: 700, vertical: 700),
        .frame(Rect(x: -1, y: 2.5, width: 30, height: 40)),
        .alignmentInsets(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)), .baseline(-2),
        .margins(DirectionalInsets(top: 8, leading: 16, bottom: 8, trailing: 16)),
        .transform(.rotate(degrees: -90)),
      ])
    XCTAssertEqual(image.properties.map(\.value), [.intrinsic(width: nil, height: 21), .transform(.scale(1.5))])
    XCTAssertEqual(label.properties.first?.range, SourceRange(start: 8, end: 23))
  }

  func testRepeatedPropertyPointsAtTheSecond() {
    let parsed = Parser.parse("view a hug 1 resist 2 hug 3 {\n view b\n}", kind: .layout)
    XCTAssertEqual(parsed.diagnostics.map(\.message), ["'hug' is given twice for 'a'; each property may appear once"])
    XCTAssertEqual(parsed.diagnostics.first?.range, SourceRange(start: 22, end: 27))
    guard case .view(let view)? = parsed.statements.first else { return XCTFail("no view") }
    XCTAssertEqual(view.properties.count, 2)
    XCTAssertEqual(view.body.count, 1)
  }

  func testAPropertyErrorKeepsTheViewAndItsBody() {
    let parsed = Parser.parse("view a hugg 1 {\n  view b\n}\nview c", kind: .layout)
    XCTAssertEqual(parsed.diagnostics.map(\.message), ["unknown view property 'hugg'; did you mean 'hug'?"])
    XCTAssertEqual(parsed.statements.count, 2)
    guard case .view(let view)? = parsed.statements.first else { return XCTFail("no view") }
    XCTAssertEqual(view.body.count, 1)
  }

  func testSettingsOnlyAtTopLevel() {
    for keyword in ["canvas c 1x1", "direction ltr", "spacing 8", "metric m = 1"] {
      let parsed = Parser.parse("view a {\n  \(keyword)\n  view b\n}", kind: .layout)
      let word = String(keyword.split(separator: " ")[0])
      XCTAssertEqual(
        parsed.diagnostics.map(\.message),
        ["'\(word)' is only allowed at the top level of a file, not inside a view's body or a 'when' block"])
      XCTAssertEqual(parsed.diagnostics.first?.range, SourceRange(start: 11, end: 11 + word.utf8.count))
      guard case .view(let view)? = parsed.statements.first else { return XCTFail("no view") }
      XCTAssertEqual(view.body.count, 1)
    }
  }

  // MARK: - Settings

  func testSettings() {
    let parsed = statements(
      "canvas x 375.5x667 safe (44 0 34 0)\ndirection rtl\nspacing 8 margins\nspacing 6\nmetric m = -2.5")
    guard parsed.count == 5, case .canvas(let canvas) = parsed[0], case .direction(let direction) = parsed[1],
      case .spacing(let margins) = parsed[2], case .spacing(let sibling) = parsed[3],
      case .metric(let metric) = parsed[4]
    else { return XCTFail("unexpected statements \(parsed)") }
    XCTAssertEqual(canvas.width, 375.5)
    XCTAssertEqual(canvas.height, 667)
    XCTAssertEqual(canvas.safeArea, EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
    XCTAssertEqual(direction.value, .rtl)
    XCTAssertEqual(margins.superview, .margins)
    XCTAssertNil(sibling.superview)
    XCTAssertEqual(sibling.sibling, 6)
    XCTAssertEqual(metric.value, -2.5)
    XCTAssertEqual(metric.valueRange, SourceRange(start: 89, end: 93))
  }

  // MARK: - Visual formats

  func testOptionsAreNormalised() throws {
    let text =
      "\"H:[a][b]\" options: [.alignAllTop, NSLayoutFormatAlignAllBottom | NSLayoutConstraint.FormatOptions.directionLeftToRight]"
    guard case .visualFormat(let node)? = statements(text).first else { return XCTFail("no format") }
    XCTAssertEqual(node.options.map(\.name), ["alignAllTop", "alignAllBottom", "directionLeftToRight"])
    XCTAssertEqual(node.options.first?.range, SourceRange(start: 21, end: 33))
    XCTAssertTrue(node.isQuoted)
    XCTAssertEqual(node.formatRange, SourceRange(start: 1, end: 9))
  }

  func testVisualFormatStarts() {
    // `H:` then `|`, `[` or `"` starts a format; otherwise `H:` is a label.
    guard case .visualFormat? = statements("H: [a]").first else { return XCTFail("format expected") }
    guard case .visualFormat(let joined)? = statements("V:\"|[a]\"").first else { return XCTFail("format expected") }
    XCTAssertEqual(joined.format?.orientation, .vertical)
    guard case .constraint(let labelled)? = statements("H: a.width == 1").first else {
      return XCTFail("constraint expected")
    }
    XCTAssertEqual(labelled.label?.name, "H")
    // A missing colon is a format attempt, reported as Apple does.
    let parsed = Parser.parse("V|[backgroundBox]|", kind: .layout)
    XCTAssertEqual(parsed.diagnostics.map(\.message), ["Expected ':' after 'V' to specify vertical arrangement"])
    XCTAssertEqual(parsed.diagnostics.first?.range, SourceRange(start: 1, end: 2))
    XCTAssertEqual(parsed.statements.count, 1)
  }

  func testVFLFilesRejectViewsAndConstraints() {
    XCTAssertTrue(messages("view a", kind: .vfl).first?.hasPrefix("view declarations belong in .layout files") == true)
    XCTAssertTrue(
      messages("a.width == 1", kind: .vfl).first?.hasPrefix("explicit constraints belong in .layout files") == true)
    XCTAssertTrue(messages("x: a.width == 1", kind: .vfl).first?.hasPrefix("explicit constraints belong") == true)
    XCTAssertEqual(messages("metric pad = 8\n|-pad-[a]-|\n\"V:|[a]|\" alignAllLeft", kind: .vfl), [])
  }

  // MARK: - Lines, recovery and limits

  func testCRLFGivesTheSameTreeAsLF() {
    let lf = "canvas c 10x20\nview a frame (0 0; 1 1) {\n  H:|[b]|\n  b.width == 2 # note\n}\n"
    let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
    let lfDump = Parser.parse(lf, kind: .layout).dump(LineIndex(lf))
    let crlfDump = Parser.parse(crlf, kind: .layout).dump(LineIndex(crlf))
    XCTAssertEqual(
      lfDump.replacingOccurrences(of: "@6:1", with: "@X"), crlfDump.replacingOccurrences(of: "@6:1", with: "@X"))
    XCTAssertEqual(Parser.parse(crlf, kind: .layout).diagnostics, [])
  }

  func testOneTypoDoesNotHideTheRest() {
    let parsed = Parser.parse("view a\na.widht == 1\nview b\n[a]-[b]-\nview c; b.top = 3; view d\n}\n", kind: .layout)
    // Errors: the attribute, the format, '=' and the stray '}'.
    XCTAssertEqual(parsed.diagnostics.count, 4)
    // Kept: views a, b, c, d and the format (with no parsed format).
    XCTAssertEqual(parsed.statements.count, 5)
  }

  func testDeepNestingIsAnErrorNotACrash() {
    let depth = 100_000
    let text = String(repeating: "view a {\n", count: depth)
    let started = Date()
    let parsed = Parser.parse(text, kind: .layout)
    XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    // One report, at the first '{' past the limit; the unclosed bodies around it are not
    // reported once more each.
    let limit = Parser.maximumNestingDepth
    XCTAssertEqual(
      parsed.diagnostics.map(\.message),
      ["view bodies are nested too deeply (more than \(limit) levels); this body is skipped"])
    XCTAssertEqual(parsed.diagnostics.first?.range, SourceRange(start: limit * 9 + 7, end: limit * 9 + 8))
    // Balanced deep nesting: everything past the limit is skipped, the rest parses.
    let balanced = String(repeating: "view a {\n", count: 1000) + String(repeating: "}\n", count: 1000) + "view z\n"
    let result = Parser.parse(balanced, kind: .layout)
    XCTAssertEqual(result.diagnostics.count, 1)
    XCTAssertEqual(result.statements.count, 2)
    // At the limit exactly, nothing is reported.
    let atLimit = String(repeating: "view a {\n", count: limit) + String(repeating: "}\n", count: limit)
    XCTAssertEqual(Parser.parse(atLimit, kind: .layout).diagnostics, [])
  }

  func testNestingAtTheLimitParsesOnASmallStack() {
    // An editor may parse on a secondary thread, whose stack is often 512 KiB.
    let depth = Parser.maximumNestingDepth
    let text = String(repeating: "view a {\n", count: depth) + String(repeating: "}\n", count: depth)
    let done = expectation(description: "parsed")
    nonisolated(unsafe) var diagnostics: [Diagnostic] = []
    let thread = Thread {
      diagnostics = Parser.parse(text, kind: .layout).diagnostics
      done.fulfill()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    wait(for: [done], timeout: 30)
    XCTAssertEqual(diagnostics, [])
  }

  /// Large inputs parse whole, with the right recovery. (Their speed is measured by
  /// `plumb-bench`, not here: a quadratic path would make this test take minutes.)
  func testLargeInputsParse() {
    // About 1 MB of valid statements, one long body, one very long line and a long bad format.
    let body =
      "  label t intrinsic 120x21 hug 251\n  H:|-[t]-(>=8@750)-[u(==t)]-|\n  t.width == 0.5 * super.width + 10 @high\n"
    let text =
      "view root {\n" + String(repeating: body, count: 8000) + "}\n"
      + String(repeating: "[a]-", count: 50_000) + "[b]\n"
      + "\"" + String(repeating: "(", count: 100_000) + "\"\n"
      + String(repeating: "view a; ", count: 20_000)
    let parsed = Parser.parse(text, kind: .layout)
    XCTAssertEqual(parsed.diagnostics.map(\.message), ["Expected a view"])
    XCTAssertEqual(parsed.statements.count, 3 + 20_000)
  }

  func testStringAndBytesEntryPointsAgree() {
    let text = "view a { view b }\nH:|[a]|"
    XCTAssertEqual(
      Parser.parse(text, kind: .layout).dump(LineIndex(text)),
      Parser.parse(Array(text.utf8), kind: .layout).dump(LineIndex(text)))
  }
}
