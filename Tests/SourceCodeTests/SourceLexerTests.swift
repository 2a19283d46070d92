import LayoutSyntax
import SourceCode
import TestSupport
import XCTest

/// The lexers: what is a literal, how it decodes, and where each of its bytes came from.
final class SourceLexerTests: XCTestCase {
  private func literals(_ text: String, _ dialect: SourceDialect) -> [StringLiteral] {
    SourceLexer.tokens(of: Array(text.utf8), dialect: dialect).literals
  }

  private func decoded(_ literal: StringLiteral?) -> String? {
    literal.map { String(decoding: $0.characters, as: UTF8.self) }
  }

  func testSwiftEscapesMapToTheirBackslash() {
    let text = #"x = "a\u{7C}\t\\\"b""#
    let literal = literals(text, .swift).first
    XCTAssertEqual(decoded(literal), "a|\t\\\"b")
    // a at 5, \u{7C} at 6, \t at 12, \\ at 14, \" at 16, b at 18.
    XCTAssertEqual(literal?.offsets, [5, 6, 12, 14, 16, 18])
  }

  func testRawStringsKeepBackslashesAndEndAtTheirHashes() {
    let text = ##"x = #"a\n"b\#tc"# + "d""##
    let found = literals(text, .swift)
    XCTAssertEqual(found.map(decoded), [#"a\n"b"# + "\tc", "d"])
  }

  func testMultilineLiteralsLoseTheClosingLinesIndentation() {
    let text = "let s = \"\"\"\n    H:|[a]\n      [b]\\\n    |\n    \"\"\"\n"
    let literal = literals(text, .swift).first
    // The second line keeps two blanks; the backslash joins it to the third.
    XCTAssertEqual(decoded(literal), "H:|[a]\n  [b]|")
    let offsetOfB = Array(text.utf8).firstIndex(of: UInt8(ascii: "b"))
    let indexOfB = literal?.characters.firstIndex(of: UInt8(ascii: "b"))
    XCTAssertEqual(indexOfB.flatMap { literal?.offsets[$0] }, offsetOfB)
  }

  func testInterpolationMarksTheLiteralAndSkipsNestedStrings() {
    let found = literals(#"f("H:|-\(pad("x)")))-[a]|", "after")"#, .swift)
    XCTAssertEqual(found.count, 2)
    XCTAssertEqual(found.first?.isInterpolated, true)
    XCTAssertEqual(decoded(found.last), "after")
  }

  func testSwiftCommentsNestAndObjectiveCCommentsDoNot() {
    let text = "/* a /* b */ \"hidden\" */ \"shown\""
    XCTAssertEqual(literals(text, .swift).map(decoded), ["shown"])
    XCTAssertEqual(literals(text, .objectiveC).map(decoded), ["hidden", "shown"])
  }

  func testObjectiveCEscapesAndCharacterLiterals() {
    let text = #"c = '"'; s = @"\x7C\174\"\n|";"#
    let literal = literals(text, .objectiveC).first
    XCTAssertEqual(decoded(literal), "||\"\n|")
    XCTAssertEqual(literal?.offsets.count, 5)
  }

  func testUnterminatedLiteralsEndAtTheLine() {
    let found = literals("a = \"open\nb = \"closed\"", .swift)
    XCTAssertEqual(found.map(\.isUnterminated), [true, false])
    XCTAssertEqual(found.last.map(decoded) ?? nil, "closed")
    XCTAssertEqual(literals("@\"open\n@\"x\"", .objectiveC).map(\.isUnterminated), [true, false])
    // An unterminated multi-line literal or comment ends at the end of the file.
    XCTAssertEqual(literals("\"\"\"\nabc", .swift).first?.isUnterminated, true)
    XCTAssertEqual(literals("/* open \"x\"", .swift).count, 0)
  }

  func testAFileWithoutTheSelectorIsNotLexed() {
    XCTAssertFalse(VisualFormatPrefilter.mayContainCalls(Array("let x = 1".utf8), functions: []))
    XCTAssertTrue(VisualFormatPrefilter.mayContainCalls(Array("constraints(withVisualFormat:".utf8), functions: []))
    XCTAssertTrue(
      VisualFormatPrefilter.mayContainCalls(
        Array("pin(\"H:|[a]|\")".utf8), functions: [VisualFormatFunction(name: "pin", views: .dictionary(label: "views"))]))
  }

  func testEveryByteSequenceLexesWithoutTrapping() {
    let alphabet = Array("\"\\/*@'`()[]{}:,+| \n\ta1#u".utf8)
    withEverySeed(0..<2000) { generator, _ in
      let count = Int.random(in: 0..<60, using: &generator)
      let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator) ?? 0x20 }
      for dialect in [SourceDialect.swift, .objectiveC] {
        let lexed = SourceLexer.tokens(of: bytes, dialect: dialect)
        for literal in lexed.literals {
          XCTAssertEqual(literal.characters.count, literal.offsets.count)
          XCTAssertTrue(literal.offsets.allSatisfy { $0 >= 0 && $0 < bytes.count })
        }
        _ = VisualFormatCallFinder.calls(in: bytes + Array("constraintsWithVisualFormat".utf8), dialect: dialect)
      }
    }
  }
}
