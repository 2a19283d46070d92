import Foundation
import JSONRPC
import LayoutSyntax
import PlumbCLI
import TestSupport
import XCTest

@testable import LanguageServer

/// `plumb fmt` and the server's `textDocument/formatting` are one formatter: a badly spaced
/// file formatted on the command line is the file with the server's edits applied.
final class FormattingAgreementTests: XCTestCase {
  private let texts: [(name: String, text: String)] = [
    (
      "card.layout",
      "# A card  \r\ncanvas small 320x320   \r\n   view Card {\r\n\t\tlabel Title intrinsic 80x21\r\n      view Badge {   \r\n"
        + "image Icon  # 😀 日本\r\n        }\r\n\t   \r\n  }\r\nH:|-[Card]-|\t\r\n    V:|-[Card]\r\n"
    ),
    ("lone-cr.layout", "view A {\r view B {\r\t\tview C\r   }\r}   \r"),
    ("toolbar.vfl", "  H:|-[back(32)]-[title]-|   \n\t\tV:|-[back]\n \n   V:|-[title]\n"),
    ("errors.layout", "view A {  \n      A.width == == 3   \n   }\n"),
  ]

  func testTheCommandLineFormatsAsTheServerDoes() throws {
    for (name, text) in texts {
      let bytes = Array(text.utf8)
      // The server's edits, applied from the last to the first.
      let uri = "file:///\(name)"
      let server = try InProcessServer.withOpenDocument(uri: uri, text: text)
      let answer = server.send(
        .object([
          ("jsonrpc", "2.0"), ("id", 2), ("method", "textDocument/formatting"),
          (
            "params",
            .object([
              ("textDocument", .object([("uri", .string(uri))])),
              ("options", .object([("tabSize", 4), ("insertSpaces", true)])),
            ])
          ),
        ]))
      let edits = try XCTUnwrap(answer.first { $0["id"] == 2 }?["result"]?.arrayValue, name)
      let lines = LineIndex(protocolText: bytes)
      var served = bytes
      for edit in edits.reversed() {
        let start = try XCTUnwrap(edit["range"]?["start"])
        let end = try XCTUnwrap(edit["range"]?["end"])
        func offset(_ position: JSONValue) -> Int {
          lines.offset(
            of: ProtocolPosition(line: position["line"]?.intValue ?? -1, character: position["character"]?.intValue ?? -1),
            encoding: .utf16)
        }
        served.replaceSubrange(offset(start)..<offset(end), with: Array((edit["newText"]?.stringValue ?? "").utf8))
      }

      // The command line, on the same file.
      let output = Buffer()
      var files = [name: bytes]
      let io = CommandIO(
        readFile: { path in files[path] ?? [] }, isDirectory: { _ in false }, listDirectory: { _ in [] },
        readStandardInput: { bytes }, writeOutput: { output.append($0) }, writeError: { _ in },
        outputIsTerminal: false, environment: [:], writeFile: { path, written in files[path] = written })
      let status = Plumb.run(["fmt", name], io: io)
      if name.hasPrefix("errors") {
        // A file with syntax errors: the server only trims it, the command line leaves it alone.
        XCTAssertEqual(status, 1)
        XCTAssertEqual(files[name], bytes)
        XCTAssertNotEqual(served, bytes)
        continue
      }
      XCTAssertEqual(status, 0, name)
      XCTAssertNotEqual(served, bytes, "\(name): nothing to format")
      XCTAssertEqual(String(decoding: files[name] ?? [], as: UTF8.self), String(decoding: served, as: UTF8.self), name)
      if name.hasSuffix(".layout") {
        XCTAssertEqual(Plumb.run(["fmt", "-"], io: io), 0)
        XCTAssertEqual(output.text, String(decoding: served, as: UTF8.self), "\(name) through standard input")
      }
    }
  }
}
