import LayoutSyntax
import XCTest

/// Numbers that overflow a double are syntax errors at the literal, and the statement is
/// dropped as other syntax errors are (docs/language.md#numbers).
final class NumberRangeTests: XCTestCase {
  private let huge = "1" + String(repeating: "0", count: 400)

  private func syntaxErrors(_ text: String, kind: FileKind = .layout) -> [(text: String, message: String)] {
    let parsed = Parser.parse(text, kind: kind)
    let bytes = Array(text.utf8)
    return parsed.diagnostics.map { diagnostic in
      XCTAssertEqual(diagnostic.code, .syntax)
      let range = diagnostic.range
      let quoted = String(decoding: bytes[max(0, range.start)..<min(bytes.count, range.end)], as: UTF8.self)
      return (quoted, diagnostic.message)
    }
  }

  func testAnOverflowingLiteralIsASyntaxErrorAtTheLiteral() {
    let errors = syntaxErrors("view a\na.width == \(huge)\na.height == 20\n")
    XCTAssertEqual(errors.map(\.text), [huge])
    XCTAssertTrue(errors.first?.message.hasPrefix("this number is too large") ?? false, "\(errors)")
    // The statement is dropped; the next one is read.
    let parsed = Parser.parse("view a\na.width == \(huge)\na.height == 20\n", kind: .layout)
    XCTAssertEqual(parsed.statements.count, 2)
  }

  func testEveryPlaceANumberIsWritten() {
    let cases = [
      "view a\na.width == 2 * a.height + \(huge)",  // constant
      "view a\na.width == \(huge) * a.height",  // multiplier
      "view a\na.width == a.height * -\(huge)",  // negated
      "view a\na.width == 10 @high-\(huge)",  // priority offset
      "view a\na.width == 10 @\(huge)",  // priority
      "metric m = \(huge)",  // metric
      "view a frame (0 0; \(huge) 10)",  // a tuple
      "canvas big \(huge)x10",  // a size's width
      "canvas big 10x\(huge)",  // a size's height
      "view a intrinsic 10x\(huge)",
    ]
    for text in cases {
      let errors = syntaxErrors(text)
      XCTAssertEqual(errors.count, 1, text)
      XCTAssertEqual(errors.first?.text, huge, text)
      XCTAssertTrue(errors.first?.message.contains("too large") ?? false, text)
    }
  }

  func testAFractionThatOverflowsIsASyntaxError() {
    let big = "1" + String(repeating: "0", count: 300)
    let errors = syntaxErrors("view a\na.width == \(big)/0.0000000001 * a.height")
    XCTAssertEqual(errors.map(\.text), ["\(big)/0.0000000001"])
    XCTAssertTrue(errors.first?.message.contains("too large") ?? false)
  }

  func testLargeFiniteNumbersStillParse() {
    let big = "1" + String(repeating: "0", count: 308)
    XCTAssertEqual(syntaxErrors("view a\na.width == \(big)").count, 0)
    XCTAssertEqual(syntaxErrors("H:|[a(1.7e308)]|", kind: .vfl).count, 0)
  }

  func testVisualFormatNumbersThatOverflow() {
    for (format, literal) in [("H:|[a(1e400)]|", "1e400"), ("H:|-(0x1p5000)-[a]", "0x1p5000"), ("V:|-(-1e999)-[a]", "-1e999")] {
      let errors = syntaxErrors(format, kind: .vfl)
      XCTAssertEqual(errors.count, 1, format)
      XCTAssertEqual(errors.first?.message.hasPrefix("This number is too large"), true, format)
      // UIKit's caret points at the start of the literal.
      XCTAssertEqual(errors.first.map { $0.text.isEmpty || literal.hasPrefix($0.text) }, true, "\(format): \(errors)")
    }
  }
}
