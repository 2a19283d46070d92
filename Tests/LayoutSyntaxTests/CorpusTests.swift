import Foundation
import LayoutSyntax
import TestSupport
import XCTest

/// Real-world formats from public code must all parse (metrics they name may be unknown).
final class CorpusTests: XCTestCase {
  func testEveryRealWorldFormatParses() throws {
    let url = packageRoot().deletingLastPathComponent()
      .appendingPathComponent("shared/corpus/vfl-realworld.txt")
    guard let data = FileManager.default.contents(atPath: url.path) else {
      if ProcessInfo.processInfo.environment["CI"] == "true" {
        XCTFail("the VFL corpus is missing at \(url.path)")
        return
      }
      throw XCTSkip("the VFL corpus is not at \(url.path); it lives outside the repository")
    }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
    XCTAssertEqual(lines.count, 268, "the corpus has 268 formats")
    for line in lines {
      let format = String(line.split(separator: "\t", maxSplits: 1).first ?? line)
      let bytes = Array(format.utf8)
      let (parsed, diagnostics) = VisualFormatParser.parse(bytes, range: SourceRange(start: 0, end: bytes.count))
      XCTAssertNotNil(parsed, format)
      XCTAssertEqual(diagnostics.map(\.message), [], format)
      // The same line as a statement of a .vfl file, bare and quoted, and in a .layout file.
      XCTAssertEqual(Parser.parse(format, kind: .vfl).diagnostics.map(\.message), [], format)
      XCTAssertEqual(Parser.parse("\"\(format)\"", kind: .vfl).diagnostics.map(\.message), [], format)
      let layout = Parser.parse("view a {\n  \(format) alignAllTop\n}\n", kind: .layout)
      XCTAssertEqual(layout.diagnostics.map(\.message), [], format)
    }
  }
}
