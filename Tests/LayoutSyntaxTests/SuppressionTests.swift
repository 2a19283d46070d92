import LayoutSyntax
import XCTest

final class SuppressionTests: XCTestCase {
  private func finding(_ code: DiagnosticCode, at offset: Int) -> Diagnostic {
    Diagnostic(code: code, severity: .warning, finding: .leftToRightOption, range: SourceRange(at: offset))
  }

  func testCommentsAtTheEndOfALineAndAloneBeforeOne() {
    let text = """
      view a   # plumb: ignore ambiguous, zero-size
      # plumb: ignore left-right

      # an ordinary comment
      a.left == super.left
      label "x # plumb: ignore conflict"
      #plumb:ignore conflict
      # plumb: ignore
      """
    let comments = Suppressions.comments(in: Array(text.utf8))
    // `#plumb:ignore` without spaces counts too; one with no code is an ordinary comment; a
    // lone one at the end of the file is for the line after the last.
    XCTAssertEqual(comments.map(\.line), [0, 4, 8])
    XCTAssertEqual(comments.map { $0.names.map(\.text) }, [["ambiguous", "zero-size"], ["left-right"], ["conflict"]])
    let bytes = Array(text.utf8)
    let first = comments[0].names[0].range
    XCTAssertEqual(String(decoding: bytes[first.start..<first.end], as: UTF8.self), "ambiguous")
  }

  func testSilencedFindingsAndUnusedNames() {
    let text = "view a # plumb: ignore ambiguous, conflict, ambigous\nview b\n"
    let bytes = Array(text.utf8)
    let findings = [finding(.ambiguous, at: 5), finding(.zeroSize, at: 5), finding(.ambiguous, at: 58)]
    let result = Suppressions.apply(to: findings, bytes: bytes, reportUnused: true)
    XCTAssertEqual(result.map(\.code), [.zeroSize, .unusedSuppression, .unusedSuppression, .ambiguous])
    XCTAssertEqual(result[1].finding, .unusedSuppression(.conflict))
    XCTAssertEqual(result[2].finding, .unknownSuppressedCode("ambigous", suggestion: "ambiguous"))
    XCTAssertEqual(result[1].severity, .info)
    // Without unused reports (one canvas, or a text with errors): only the silencing.
    XCTAssertEqual(
      Suppressions.apply(to: findings, bytes: bytes, reportUnused: false).map(\.code), [.zeroSize, .ambiguous])
  }

  func testAByteOrderMarkAndCRLFLines() {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("# plumb: ignore ambiguous\r\nview a\r\n".utf8)
    let comments = Suppressions.comments(in: bytes)
    XCTAssertEqual(comments.map(\.line), [1])
    XCTAssertEqual(comments.first?.names.map(\.text), ["ambiguous"])
  }

  /// Another comment syntax, as sources in other languages would use.
  func testAnotherCommentStart() {
    let bytes = Array("let a = \"// plumb: ignore x\" // plumb: ignore conflict\n// plumb: ignore ambiguous\nf()\n".utf8)
    let comments = Suppressions.comments(in: bytes, commentStart: "//")
    XCTAssertEqual(comments.map(\.line), [0, 2])
    XCTAssertEqual(comments.map { $0.names.map(\.text) }, [["conflict"], ["ambiguous"]])
    XCTAssertEqual(Suppressions.comments(in: bytes).count, 0)
  }
}
