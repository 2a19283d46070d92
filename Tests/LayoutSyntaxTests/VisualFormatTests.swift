import LayoutSyntax
import XCTest

/// The Visual Format Language parser against Apple's grammar, Apple's parser's extensions,
/// and every parse error of UIKit with the column of its caret.
final class VisualFormatTests: XCTestCase {
  /// Parses a whole string as one format.
  private func parse(_ text: String) -> (VisualFormat?, [Diagnostic]) {
    let bytes = Array(text.utf8)
    return VisualFormatParser.parse(bytes, range: SourceRange(start: 0, end: bytes.count))
  }

  /// A compact rendering of a parsed format, to compare productions in one line.
  private func render(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
    let (format, diagnostics) = parse(text)
    guard let format else {
      XCTFail("\(text): \(diagnostics.map(\.message))", file: file, line: line)
      return ""
    }
    XCTAssertEqual(diagnostics.count, 0, file: file, line: line)
    func number(_ value: Double) -> String {
      value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
    func predicate(_ predicate: VFLPredicate) -> String {
      var text = predicate.relationRange == nil ? "" : predicate.relation.rawValue
      switch predicate.object {
      case .number(let value, _): text += number(value)
      case .name(let name): text += name.name
      }
      switch predicate.priority {
      case .none: break
      case .number(let value, _): text += "@" + number(value)
      case .name(let name): text += "@" + name.name
      }
      return text
    }
    func connection(_ connection: VFLConnection) -> String {
      switch connection.kind {
      case .flush: return ""
      case .standard: return "-"
      case .predicates(let list): return "-(" + list.map(predicate).joined(separator: ",") + ")-"
      }
    }
    var out = format.orientation.rawValue + ":"
    if let leading = format.leadingSuperview { out += "|" + connection(leading.connection) }
    for (index, view) in format.views.enumerated() {
      if index > 0 { out += connection(format.connections[index - 1]) }
      out += "[" + view.name.name
      if !view.predicates.isEmpty { out += "(" + view.predicates.map(predicate).joined(separator: ",") + ")" }
      out += "]"
    }
    if let trailing = format.trailingSuperview { out += connection(trailing.connection) + "|" }
    return out
  }

  // MARK: - Productions

  func testOrientation() {
    XCTAssertEqual(render("[a]"), "H:[a]")
    XCTAssertEqual(render("H:[a]"), "H:[a]")
    XCTAssertEqual(render("V:[a]"), "V:[a]")
    XCTAssertNil(parse("[a]").0?.orientationRange)
    XCTAssertEqual(parse("V:[a]").0?.orientationRange, SourceRange(start: 0, end: 2))
  }

  func testSuperviewAndConnections() {
    XCTAssertEqual(render("|[a]|"), "H:|[a]|")
    XCTAssertEqual(render("|-[a]-|"), "H:|-[a]-|")
    XCTAssertEqual(render("|-50-[purpleBox]-50-|"), "H:|-(50)-[purpleBox]-(50)-|")
    XCTAssertEqual(render("[button]-[textField]"), "H:[button]-[textField]")
    XCTAssertEqual(render("[maroonView][blueView]"), "H:[maroonView][blueView]")
    XCTAssertEqual(render("V:[topField]-10-[bottomField]"), "V:[topField]-(10)-[bottomField]")
    XCTAssertEqual(render("[a]-(20)-[b]"), "H:[a]-(20)-[b]")
    XCTAssertEqual(render("[a]-(-5)-[b]"), "H:[a]-(-5)-[b]")
    XCTAssertEqual(render("[a]-(>=8,<=20)-[b]"), "H:[a]-(>=8,<=20)-[b]")
    XCTAssertEqual(render("[a]-(>=8@750)-[b]"), "H:[a]-(>=8@750)-[b]")
    XCTAssertEqual(render("|-(==padding)-[a]"), "H:|-(==padding)-[a]")
    XCTAssertEqual(render("|-margin-[a]"), "H:|-(margin)-[a]")
    XCTAssertEqual(render("|-(pad@prio)-[a]"), "H:|-(pad@prio)-[a]")
    XCTAssertEqual(
      render("|-[find]-[findNext]-[findField(>=20)]-|"), "H:|-[find]-[findNext]-[findField(>=20)]-|")
  }

  func testApplesParserExtensions() {
    // A relation or priority between dashes without parentheses.
    XCTAssertEqual(render("[a]->=0-[b]"), "H:[a]-(>=0)-[b]")
    XCTAssertEqual(render("[a]-20@750-[b]"), "H:[a]-(20@750)-[b]")
    XCTAssertEqual(render("[a]-<=pad@low-|"), "H:[a]-(<=pad@low)-|")
    XCTAssertEqual(
      render("V:|-(==padding)-[imageView]->=0-[button]-(==padding)-|"),
      "V:|-(==padding)-[imageView]-(>=0)-[button]-(==padding)-|")
    // Numbers are read as strtod reads them.
    XCTAssertEqual(render("[a(60.6666)]"), "H:[a(60.6666)]")
    XCTAssertEqual(render("[a(1e2)]"), "H:[a(100)]")
    XCTAssertEqual(render("[a(0x10)]"), "H:[a(16)]")
    XCTAssertEqual(render("[a(5.)]"), "H:[a(5)]")
    XCTAssertEqual(render("[a(-.5)]"), "H:[a(-0.5)]")
    XCTAssertEqual(render("[a(@1)]".replacingOccurrences(of: "@1", with: "1@-1")), "H:[a(1@-1)]")
  }

  func testViewPredicates() {
    XCTAssertEqual(render("[button(>=50)]"), "H:[button(>=50)]")
    XCTAssertEqual(render("[button(100@20)]"), "H:[button(100@20)]")
    XCTAssertEqual(render("[button1(==button2)]"), "H:[button1(==button2)]")
    XCTAssertEqual(render("[a(b)]"), "H:[a(b)]")
    XCTAssertEqual(render("[flexibleButton(>=70,<=100)]"), "H:[flexibleButton(>=70,<=100)]")
    XCTAssertEqual(render("H:[wideView(>=60@700)]"), "H:[wideView(>=60@700)]")
    XCTAssertEqual(render("[a(w@p)]"), "H:[a(w@p)]")
    XCTAssertEqual(render("[_a1(==_b2@999.5)]"), "H:[_a1(==_b2@999.5)]")
    XCTAssertEqual(render("H:[cancelButton(72)]-12-[acceptButton(50)]"), "H:[cancelButton(72)]-(12)-[acceptButton(50)]")
  }

  func testWhitespaceIsStrippedButRangesStayInTheFile() throws {
    let text = "H: | - [ a ( >= 10 ) ] - |"
    let (format, diagnostics) = parse(text)
    XCTAssertEqual(diagnostics, [])
    let parsed = try XCTUnwrap(format)
    XCTAssertEqual(parsed.views.first?.range, SourceRange(start: 7, end: 22))
    XCTAssertEqual(parsed.views.first?.name.range, SourceRange(start: 9, end: 10))
    XCTAssertEqual(parsed.views.first?.predicates.first?.relationRange, SourceRange(start: 13, end: 15))
    XCTAssertEqual(parsed.trailingSuperview?.barRange, SourceRange(start: 25, end: 26))
  }

  func testRangesOfAParsedFormat() throws {
    let format = try XCTUnwrap(parse("|-(>=8@750)-[a]").0)
    XCTAssertEqual(format.range, SourceRange(start: 0, end: 15))
    XCTAssertEqual(format.leadingSuperview?.barRange, SourceRange(start: 0, end: 1))
    XCTAssertEqual(format.leadingSuperview?.connection.range, SourceRange(start: 1, end: 12))
    guard case .predicates(let predicates)? = format.leadingSuperview?.connection.kind else {
      return XCTFail("expected predicates")
    }
    XCTAssertEqual(predicates.first?.range, SourceRange(start: 3, end: 10))
    XCTAssertEqual(predicates.first?.object.range, SourceRange(start: 5, end: 6))
    XCTAssertEqual(predicates.first?.priority?.range, SourceRange(start: 7, end: 10))
    // A flush connection is an empty range between its neighbours.
    let flush = try XCTUnwrap(parse("[a][b]").0)
    XCTAssertEqual(flush.connections.first?.range, SourceRange(at: 3))
  }

  // MARK: - Errors

  /// Every syntax error of Apple's parser: the format, Apple's description, and the
  /// 0-based caret index (the index of the character, or the length for the end).
  private let errorCases: [(format: String, message: String, caret: Int)] = [
    // The Guide's own examples, with the carets it shows.
    ("V|[backgroundBox]|", "Expected ':' after 'V' to specify vertical arrangement", 1),
    (
      "|[whiteBox1][blackBox4(blackWidth][redBox]|",
      "A predicate on a view's thickness must end with ')' and the view must end with ']'", 33
    ),
    ("V:|[blackBox4(>30)]|", "Unknown relation. Must be ==, >=, or <=", 15),
    // Orientation.
    ("H[a]", "Expected ':' after 'H' to specify horizontal arrangement", 1),
    ("HV:[a]", "Expected ':' after 'H' to specify horizontal arrangement", 1),
    ("H", "Expected ':' after 'H' to specify horizontal arrangement", 1),
    // Superview.
    ("|", "Expected a connection after the '|' character", 1),
    ("H:|", "Expected a connection after the '|' character", 3),
    // Views.
    ("-[a]", "Expected a view", 0),
    ("|-|", "Expected a view", 2),
    ("C:[a]", "Expected a view", 0),
    ("||[v]", "Expected a view", 1),
    ("H:", "Expected a view", 2),
    ("[", "Expected a view", 1),
    (
      "[]",
      "Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores.",
      1
    ),
    (
      "[1view]",
      "Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores.",
      1
    ),
    (
      "[[",
      "Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores.",
      1
    ),
    (
      "[-a]",
      "Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores.",
      1
    ),
    ("[a", "Expected a ']' here. That is how you give the end of a view.", 2),
    ("[a)", "Expected a ']' here. That is how you give the end of a view.", 2),
    ("[view$]", "Expected a ']' here. That is how you give the end of a view.", 5),
    ("[a(", "Unexpectedly ran out of character fodder in the middle of parsing a view", 3),
    ("[a(50]", "A predicate on a view's thickness must end with ')' and the view must end with ']'", 5),
    ("[a(==b*2)]", "A predicate on a view's thickness must end with ')' and the view must end with ']'", 6),
    ("[a(50%)]", "A predicate on a view's thickness must end with ')' and the view must end with ']'", 5),
    ("[a(50)", "Expected ']' after specifying thickness.", 6),
    ("[a(50))", "Expected ']' after specifying thickness.", 6),
    // Between views.
    ("[a]]", "Expected a view or '|'", 3),
    ("[a](20)", "Expected a view or '|'", 3),
    ("[a]~[b]", "Expected a view or '|'", 3),
    ("[a]|[b]", "Expected the end of the format string", 4),
    ("[v]||", "Expected the end of the format string", 4),
    ("|[a]|//comment", "Expected the end of the format string", 5),
    // Connections.
    ("[a]-", "Expected more input", 4),
    (
      "[a]--[b]",
      "Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers.",
      4
    ),
    (
      "[a]--5-[b]",
      "Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers.",
      4
    ),
    (
      "[a]-(10-[b]", "Expected a ')' at the end of a constraint modifier, or a ',' before another constraint modifier",
      7
    ),
    ("[a]-(10", "Expected a ')' at the end of a constraint modifier, or a ',' before another constraint modifier", 7),
    ("[a]-10[b]", "Expected a '-' here", 6),
    ("[a]-(10)[b]", "Expected a '-' here", 8),
    ("[a]-10", "Expected a '-' here", 6),
    (
      "[a]-10,20-[b]",
      "Expected a '-' here. To specify a list of constraints, you must use parentheses around the list of constraints",
      6
    ),
    // Predicates.
    ("[a(>50)]", "Unknown relation. Must be ==, >=, or <=", 4),
    ("[a(<50)]", "Unknown relation. Must be ==, >=, or <=", 4),
    ("[a(=50)]", "Unknown relation. Must be ==, >=, or <=", 4),
    ("[a]->8-[b]", "Unknown relation. Must be ==, >=, or <=", 5),
    ("[a(>=", "Expected a number or key from the metrics dictionary, but encountered something else", 5),
    ("[a()]", "Expected a number or key from the metrics dictionary, but encountered something else", 3),
    ("[a(+5)]", "Expected a number or key from the metrics dictionary, but encountered something else", 3),
    ("[a(.5)]", "Expected a number or key from the metrics dictionary, but encountered something else", 3),
    ("[a((20))]", "Expected a number or key from the metrics dictionary, but encountered something else", 3),
    ("[a(50@)]", "Expected a number or key from the metrics dictionary, but encountered something else", 6),
    ("[a(50,)]", "Expected a number or key from the metrics dictionary, but encountered something else", 6),
    ("[a]-(>=)-[b]", "Expected a number or key from the metrics dictionary, but encountered something else", 7),
    ("[a(-)]", "Expected a number or a key from the metrics dictionary, but encountered something else", 3),
    ("[a(-x)]", "Expected a number or a key from the metrics dictionary, but encountered something else", 3),
    ("[a]-(-)-[b]", "Expected a number or a key from the metrics dictionary, but encountered something else", 5),
    ("[a(>=-)]", "Expected a number or a key from the metrics dictionary, but encountered something else", 5),
  ]

  func testEveryErrorMessageWithApplesCaret() {
    for (format, message, caret) in errorCases {
      let (parsed, diagnostics) = parse(format)
      XCTAssertNil(parsed, format)
      XCTAssertEqual(diagnostics.count, 1, format)
      guard let diagnostic = diagnostics.first else { continue }
      XCTAssertEqual(diagnostic.code, .syntax, format)
      XCTAssertEqual(diagnostic.message, message, format)
      let expected =
        caret < format.utf8.count ? SourceRange(start: caret, end: caret + 1) : SourceRange(at: caret)
      XCTAssertEqual(diagnostic.range, expected, "caret of \(format)")
    }
  }

  func testEveryParseErrorDescriptionOfAppleIsCovered() {
    // The descriptions of vfl.md §1.6 that are syntax errors (name lookups, priority ranges
    // and option checks belong to the analysis).
    let descriptions = [
      "Expected ':' after 'H' to specify horizontal arrangement",
      "Expected ':' after 'V' to specify vertical arrangement",
      "Expected a connection after the '|' character",
      "Expected a view",
      "Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores.",
      "Expected a ']' here. That is how you give the end of a view.",
      "Unexpectedly ran out of character fodder in the middle of parsing a view",
      "A predicate on a view's thickness must end with ')' and the view must end with ']'",
      "Expected ']' after specifying thickness.",
      "Expected a view or '|'",
      "Expected the end of the format string",
      "Expected more input",
      "Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers.",
      "Expected a ')' at the end of a constraint modifier, or a ',' before another constraint modifier",
      "Expected a '-' here",
      "Expected a '-' here. To specify a list of constraints, you must use parentheses around the list of constraints",
      "Unknown relation. Must be ==, >=, or <=",
      "Expected a number or key from the metrics dictionary, but encountered something else",
      "Expected a number or a key from the metrics dictionary, but encountered something else",
    ]
    let covered = Set(errorCases.map(\.message))
    for description in descriptions {
      XCTAssertTrue(covered.contains(description), "no case for: \(description)")
    }
    XCTAssertEqual(parse("").1.map(\.message), ["It's an empty string."])
    XCTAssertEqual(parse("  ").1.map(\.message), ["It's an empty string."])
  }

  func testNonASCIIIsRejectedBeforeParsing() {
    let text = "[a]-[bé]"
    let (format, diagnostics) = parse(text)
    XCTAssertNil(format)
    XCTAssertEqual(diagnostics.map(\.message), ["It contains non-ASCII characters."])
    // The whole two-byte character is marked.
    XCTAssertEqual(diagnostics.first?.range, SourceRange(start: 6, end: 8))
    // Even when an earlier error exists, as in Apple's parser.
    XCTAssertEqual(parse("-(é").1.map(\.message), ["It contains non-ASCII characters."])
    // Invalid UTF-8 is non-ASCII too.
    let bytes: [UInt8] = [0x5B, 0x61, 0xFF, 0x5D]
    let result = VisualFormatParser.parse(bytes, range: SourceRange(start: 0, end: 4))
    XCTAssertEqual(result.1.first?.range, SourceRange(start: 2, end: 3))
  }

  func testCaretInAStrippedFormatPointsAtTheOriginalCharacter() {
    // Stripped, the caret is at index 5 ('>' at 4 then '3'); in the text '3' is at 8.
    let (_, diagnostics) = parse("[a ( >  3)]")
    XCTAssertEqual(diagnostics.first?.message, "Unknown relation. Must be ==, >=, or <=")
    XCTAssertEqual(diagnostics.first?.range, SourceRange(start: 8, end: 9))
    // A caret past the end points at the end of the range.
    let (_, atEnd) = parse("[a]-  ")
    XCTAssertEqual(atEnd.first?.range, SourceRange(at: 6))
  }

  func testLowercaseOrientationGetsAHint() {
    let (_, diagnostics) = parse("h:[a]")
    XCTAssertEqual(diagnostics.first?.range, SourceRange(start: 0, end: 1))
    XCTAssertTrue(diagnostics.first?.message.hasPrefix("Expected a view (") == true)
  }

  func testASubrangeOfAFile() throws {
    let bytes = Array("xx \"|-[a]-|\" yy".utf8)
    let (format, diagnostics) = VisualFormatParser.parse(bytes, range: SourceRange(start: 4, end: 11))
    XCTAssertEqual(diagnostics, [])
    XCTAssertEqual(try XCTUnwrap(format).views.first?.range, SourceRange(start: 6, end: 9))
    let (_, errors) = VisualFormatParser.parse(bytes, range: SourceRange(start: 4, end: 10))
    XCTAssertEqual(errors.first?.message, "Expected more input")
    XCTAssertEqual(errors.first?.range, SourceRange(at: 10))
  }
}
