import EditorFeatures
import Foundation
import JSONRPC
import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

@testable import LanguageServer

final class LineTableTests: XCTestCase {
  func testColumnsInBothEncodings() {
    // "a😀日\tb": a=1 byte, 😀=4 bytes/2 units, 日=3 bytes/1 unit, tab=1.
    let table = LineIndex(protocolText: Array("x\r\na😀日\tb\rlast".utf8))
    XCTAssertEqual(table.lineCount, 3)
    let b = 2 + 1 + 1 + 4 + 3 + 1  // offset of "b"
    XCTAssertEqual(table.position(of: b, encoding: .utf16), ProtocolPosition(line: 1, character: 5))
    XCTAssertEqual(table.position(of: b, encoding: .utf8), ProtocolPosition(line: 1, character: 9))
    XCTAssertEqual(table.offset(of: ProtocolPosition(line: 1, character: 5), encoding: .utf16), b)
    XCTAssertEqual(table.offset(of: ProtocolPosition(line: 1, character: 9), encoding: .utf8), b)
    // Inside the emoji: its start.
    XCTAssertEqual(table.offset(of: ProtocolPosition(line: 1, character: 2), encoding: .utf16), 4)
    XCTAssertEqual(table.offset(of: ProtocolPosition(line: 1, character: 3), encoding: .utf8), 4)
    // Past the end of a line: before its CRLF; past the last line: the end.
    XCTAssertEqual(table.offset(of: ProtocolPosition(line: 0, character: 50), encoding: .utf16), 1)
    XCTAssertEqual(table.offset(of: ProtocolPosition(line: 9, character: 0), encoding: .utf16), table.bytes.count)
    // The lone CR ends line 1.
    XCTAssertEqual(table.position(of: b + 2, encoding: .utf16), ProtocolPosition(line: 2, character: 0))
    // An offset between CR and LF belongs to the end of the line.
    XCTAssertEqual(table.position(of: 2, encoding: .utf16), ProtocolPosition(line: 0, character: 1))
  }

  func testAgreesWithLineIndexWithoutLoneCarriageReturns() {
    let texts = ["", "\n", "a\r\nb\n", "é😀\n日本\r\n\tz", String(decoding: [0x61, 0xFF, 0xC3, 0x0A, 0xF0, 0x9F], as: UTF8.self)]
    for text in texts {
      let bytes = Array(text.utf8)
      let table = LineIndex(protocolText: bytes)
      let index = LineIndex(bytes)
      XCTAssertEqual(table.lineCount, index.lineCount)
      for offset in 0...bytes.count {
        let position = table.position(of: offset, encoding: .utf16)
        let expected = index.utf16Position(of: offset)
        XCTAssertEqual(position.line, expected.line, "\(text.debugDescription) @\(offset)")
        XCTAssertEqual(position.character, expected.column, "\(text.debugDescription) @\(offset)")
      }
    }
  }

  func testInvalidUTF8CountsOneUnitPerByte() {
    let table = LineIndex(protocolText: [0x61, 0xFF, 0xFE, 0x62])
    XCTAssertEqual(table.position(of: 3, encoding: .utf16).character, 3)
    XCTAssertEqual(table.offset(of: ProtocolPosition(line: 0, character: 2), encoding: .utf16), 2)
  }

  func testRandomPositionsRoundTrip() {
    let pieces = ["a", "😀", "日", "\t", "\r\n", "\n", "\r", "é", " "]
    withEverySeed(0..<30) { random, seed in
      let text = (0..<80).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
      let table = LineIndex(protocolText: Array(text.utf8))
      for encoding in [PositionEncoding.utf8, .utf16] {
        for line in 0..<table.lineCount {
          let content = table.contentRange(ofLine: line)
          for column in 0...(content.length + 2) {
            let offset = table.offset(of: ProtocolPosition(line: line, character: column), encoding: encoding)
            XCTAssertTrue(offset >= content.start && offset <= content.end, "seed \(seed)")
            let back = table.position(of: offset, encoding: encoding)
            XCTAssertEqual(back.line, line, "seed \(seed)")
            XCTAssertLessThanOrEqual(back.character, column, "seed \(seed)")
            XCTAssertEqual(table.offset(of: back, encoding: encoding), offset, "seed \(seed)")
          }
        }
      }
    }
  }
}

final class SemanticTokenTests: XCTestCase {
  func testTokensOfALine() throws {
    let server = InProcessServer()
    server.send(try JSONValue.parse(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#))
    server.send(
      try JSONValue.parse(
        #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///t.layout","languageId":"layout","version":1,"text":"metric m = 2 # 😀 note\nview A\nw: A.width == m @high\nH:|-m-[A]\n"}}}"#
      ))
    let answer = server.send(
      try JSONValue.parse(
        #"{"jsonrpc":"2.0","id":2,"method":"textDocument/semanticTokens/full","params":{"textDocument":{"uri":"file:///t.layout"}}}"#
      ))
    let data = try XCTUnwrap(answer.first?["result"]?["data"]?.arrayValue).compactMap(\.intValue)
    XCTAssertEqual(data.count % 5, 0)
    // Decode to (line, column, length, type, modifiers).
    var tokens: [[Int]] = []
    var line = 0
    var column = 0
    for index in stride(from: 0, to: data.count, by: 5) {
      line += data[index]
      column = data[index] == 0 ? column + data[index + 1] : data[index + 1]
      tokens.append([line, column, data[index + 2], data[index + 3], data[index + 4]])
    }
    let keyword = SemanticTokenType.keyword.rawValue
    let variable = SemanticTokenType.variable.rawValue
    let property = SemanticTokenType.property.rawValue
    let number = SemanticTokenType.number.rawValue
    let declaration = SemanticTokenModifiers.declaration.rawValue
    let readonly = SemanticTokenModifiers.readonly.rawValue
    XCTAssertEqual(
      tokens,
      [
        [0, 0, 6, keyword, 0], [0, 7, 1, variable, declaration | readonly], [0, 11, 1, number, 0],
        [0, 13, 9, SemanticTokenType.comment.rawValue, 0],  // "# 😀 note" is 9 UTF-16 units
        [1, 0, 4, keyword, 0], [1, 5, 1, variable, declaration],
        [2, 0, 1, SemanticTokenType.label.rawValue, 0], [2, 3, 1, variable, 0], [2, 5, 5, property, 0],
        [2, 11, 2, SemanticTokenType.operator.rawValue, 0], [2, 14, 1, variable, readonly],
        [2, 17, 4, SemanticTokenType.enumMember.rawValue, 0],
        [3, 0, 2, keyword, 0], [3, 4, 1, variable, readonly], [3, 7, 1, variable, 0],
      ])
  }
}

final class HygieneTests: XCTestCase {
  /// stdout belongs to the protocol: the server's sources never print.
  func testNoPrintInServerSources() throws {
    for directory in ["Sources/LanguageServer", "Sources/JSONRPC", "Sources/EditorFeatures"] {
      let url = packageRoot().appendingPathComponent(directory)
      for file in fixtureFiles(in: url, extensions: ["swift"]) {
        let text = try String(contentsOf: file, encoding: .utf8)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
          let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
          XCTAssertFalse(code.contains("print("), "\(file.lastPathComponent):\(number + 1) prints")
          XCTAssertFalse(code.contains("try!"), "\(file.lastPathComponent):\(number + 1) uses try!")
          XCTAssertFalse(code.contains("fatalError("), "\(file.lastPathComponent):\(number + 1) uses fatalError")
        }
      }
    }
  }
}

/// What the editor ends up showing after each edit is what `plumb check` reports for the text,
/// also for layouts whose solution is not unique (solved again when the server is idle).
final class SettledDiagnosticsTests: XCTestCase {
  private func fullText(_ uri: String, _ version: Int, _ text: String) -> JSONValue {
    .object([
      ("jsonrpc", "2.0"), ("method", "textDocument/didChange"),
      (
        "params",
        .object([
          ("textDocument", .object([("uri", .string(uri)), ("version", .int(version))])),
          ("contentChanges", .array([.object([("text", .string(text))])])),
        ])
      ),
    ])
  }

  func testTheLastPublishedDiagnosticsOfEachVersionAreACheckOfTheText() throws {
    let uri = "file:///ambiguous.layout"
    // Two labels squeezed into a row with equal compression resistance: which one gives way
    // is not determined, and an edit leaves the solver on another answer than a fresh solve.
    var text = "canvas phone 075x667\ncanvas tablet 768x1054\nlabel Name intrinsic 80x21 hug 152\n"
      + "label Value intrinsic 120x21\nH:|-[Name]-[Value]-|\nV:|-[Name]\nV:|-[Value]\n"
    let server = try InProcessServer.withOpenDocument(uri: uri, text: text)
    let edits = [
      ("intrinsic 120x21", "intrinsic 160x21"), ("hug 152", "hug 252"), ("075x667", "375x667"), ("160x21", "60x21"),
      ("375x667", "75x667"),
    ]
    for (version, edit) in edits.enumerated() {
      text = text.replacingOccurrences(of: edit.0, with: edit.1)
      let sent = server.send(fullText(uri, version + 2, text))
      let published = sent.filter { $0["method"]?.stringValue == "textDocument/publishDiagnostics" }
      let last = try XCTUnwrap(published.last, "version \(version + 2)")
      XCTAssertEqual(last["params"]?["version"]?.intValue, version + 2)
      let messages = (last["params"]?["diagnostics"]?.arrayValue ?? []).compactMap { $0["message"]?.stringValue }
      let expected = SolvedLayout(document: LayoutDocument(text: text, kind: .layout)).diagnostics.map(\.message)
      XCTAssertEqual(messages, expected, "version \(version + 2):\n\(text)")
    }
  }
}

/// Random keystrokes through incremental sync, as an editor sends them: after each, the last
/// diagnostics the server published for the version are what `plumb check` finds in the text
/// the server holds, positions included. The server hands the edits it received to the
/// document (`TextChange`, composed across a notification's changes), so this also checks that
/// what it tells the document changed is right.
final class RandomTypingTests: XCTestCase {
  private let insertions = [
    "1", "5", "0", " ", "\n", "-", "(", ")", "[", "]", "|", "@", "750", "x", ";", "#", "é", "😀",
    "V:|-[title]\n", "title.width == 80\n", "label extra intrinsic 20x10\n", "H:|-[extra]-|\n",
  ]

  func testRandomKeystrokesPublishWhatACheckFinds() throws {
    let examples = packageRoot().appendingPathComponent("Examples")
    let base = try String(contentsOf: examples.appendingPathComponent("clean/login.layout"), encoding: .utf8)
    try withEverySeed(0..<12) { random, seed in
      let uri = "file:///typing.layout"
      var text = base
      let server = try InProcessServer.withOpenDocument(uri: uri, text: text)
      for step in 0..<25 {
        // One to three changes in one notification, each at a random place of the text the
        // one before it left, in UTF-16 line and column as LSP counts them; now and then one
        // replaces the whole text (the server then compares versions instead of composing).
        var changes: [JSONValue] = []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          var utf16 = Array(text.utf16)
          let start = Int.random(in: 0...utf16.count, using: &random)
          let end = Swift.min(utf16.count, start + (Bool.random(using: &random) ? 0 : Int.random(in: 1...5, using: &random)))
          let inserted = Bool.random(using: &random) ? insertions[Int.random(in: 0..<insertions.count, using: &random)] : ""
          if Int.random(in: 0..<20, using: &random) == 0 {
            utf16.insert(contentsOf: Array(inserted.utf16), at: start)
            text = String(decoding: utf16, as: UTF16.self)
            changes.append(.object([("text", .string(text))]))
            continue
          }
          // Keep surrogate pairs whole: move the ends off a pair's second half.
          func aligned(_ offset: Int) -> Int {
            offset > 0 && offset < utf16.count && UTF16.isTrailSurrogate(utf16[offset]) ? offset - 1 : offset
          }
          let (from, to) = (aligned(start), aligned(end))
          func position(_ offset: Int) -> JSONValue {
            let before = utf16[0..<offset]
            let line = before.filter { $0 == 10 }.count
            let lineStart = before.lastIndex(of: 10).map { $0 + 1 } ?? 0
            return .object([("line", .int(line)), ("character", .int(offset - lineStart))])
          }
          let range = JSONValue.object([("start", position(from)), ("end", position(to))])
          utf16.replaceSubrange(from..<to, with: Array(inserted.utf16))
          text = String(decoding: utf16, as: UTF16.self)
          changes.append(.object([("range", range), ("text", .string(inserted))]))
        }
        let version = step + 2
        let sent = server.send(
          .object([
            ("jsonrpc", "2.0"), ("method", "textDocument/didChange"),
            (
              "params",
              .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .int(version))])),
                ("contentChanges", .array(changes)),
              ])
            ),
          ]))
        let published = sent.filter {
          $0["method"]?.stringValue == "textDocument/publishDiagnostics" && $0["params"]?["version"]?.intValue == version
        }
        let last = try XCTUnwrap(published.last, "seed \(seed) step \(step): nothing published")
        let actual = (last["params"]?["diagnostics"]?.arrayValue ?? []).map { diagnostic in
          let start = diagnostic["range"]?["start"]
          return "\(start?["line"]?.intValue ?? -1):\(start?["character"]?.intValue ?? -1) "
            + "\(diagnostic["code"]?.stringValue ?? "") \(diagnostic["message"]?.stringValue ?? "")"
        }
        let bytes = Array(text.utf8)
        let lines = LineIndex(protocolText: bytes)
        let checked = SolvedLayout(document: LayoutDocument(bytes: bytes, kind: .layout)).diagnostics
        let expected = checked.map { diagnostic in
          let start = lines.position(of: diagnostic.range.start, encoding: .utf16)
          return "\(start.line):\(start.character) \(diagnostic.code) \(diagnostic.message)"
        }
        XCTAssertEqual(actual, expected, "seed \(seed) step \(step):\n\(text)")
        if actual != expected { return }
      }
    }
  }
}

extension InProcessServer {
  /// An initialized server with one `.layout` document open at version 1.
  static func withOpenDocument(uri: String, text: String) throws -> InProcessServer {
    let server = InProcessServer()
    server.send(try JSONValue.parse(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#))
    server.send(try JSONValue.parse(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#))
    server.send(
      .object([
        ("jsonrpc", "2.0"), ("method", "textDocument/didOpen"),
        (
          "params",
          .object([
            ("textDocument", .object([("uri", .string(uri)), ("languageId", "layout"), ("version", 1), ("text", .string(text))]))
          ])
        ),
      ]))
    return server
  }
}
