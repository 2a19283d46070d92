import Foundation
import JSONRPC
import TestSupport
import XCTest

@testable import LanguageServer

/// The features of Interface Builder files beyond the transcripts: `plumb/frames` agrees
/// with `plumb frames`, and no edit of the XML makes a request fail.
final class InterfaceBuilderFeatureTests: XCTestCase {
  private var fixtures: [URL] {
    fixtureFiles(in: fixturesDirectory("interface-builder"), extensions: ["storyboard", "xib"])
      + fixtureFiles(in: fixturesDirectory("lsp"), extensions: ["storyboard", "xib"])
  }

  private func openServer() -> InProcessServer {
    let server = InProcessServer()
    server.send(
      .object([
        ("jsonrpc", "2.0"), ("id", 1), ("method", "initialize"),
        (
          "params",
          .object([
            (
              "capabilities",
              .object([
                ("textDocument", .object([("documentSymbol", .object([("hierarchicalDocumentSymbolSupport", true)]))]))
              ])
            )
          ])
        ),
      ]))
    server.send(.object([("jsonrpc", "2.0"), ("method", "initialized"), ("params", .object([]))]))
    return server
  }

  private func open(_ server: InProcessServer, uri: String, text: String, version: Int) {
    server.send(
      .object([
        ("jsonrpc", "2.0"), ("method", "textDocument/didOpen"),
        (
          "params",
          .object([
            ("textDocument", .object([("uri", .string(uri)), ("languageId", "xml"), ("version", .int(version)), ("text", .string(text))]))
          ])
        ),
      ]))
  }

  private func request(_ server: InProcessServer, id: Int, _ method: String, _ params: JSONValue) -> JSONValue? {
    server.send(.object([("jsonrpc", "2.0"), ("id", .int(id)), ("method", .string(method)), ("params", params)]))
      .first { $0["id"] == .int(id) }
  }

  private var plumbURL: URL { builtPlumbURL }

  /// `plumb/frames` on an Interface Builder file gives the layouts `plumb frames --format
  /// json` gives for it.
  func testFramesAgreeWithTheCommandLine() throws {
    guard FileManager.default.isExecutableFile(atPath: plumbURL.path) else {
      XCTFail("no plumb executable at \(plumbURL.path); build the package first")
      return
    }
    let server = openServer()
    var compared = 0
    for (number, url) in fixtures.enumerated() {
      let process = Process()
      process.executableURL = plumbURL
      process.arguments = ["frames", "--format", "json", url.path]
      let output = Pipe()
      process.standardOutput = output
      process.standardError = Pipe()
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      guard let command = try? JSONValue.parse(String(decoding: data, as: UTF8.self)) else { continue }
      // A file that is not UTF-8 (the reader's encoding fixtures) has no protocol text as it is.
      guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
      let uri = "file://\(url.path)"
      open(server, uri: uri, text: text, version: 1)
      let answer = request(server, id: 100 + number, "plumb/frames", .object([("textDocument", .object([("uri", .string(uri))]))]))
      XCTAssertEqual(answer?["result"]?["layouts"], command["layouts"], url.lastPathComponent)
      if command["layouts"]?.arrayValue?.isEmpty == false { compared += 1 }
    }
    XCTAssertGreaterThan(compared, 5)
  }

  /// Every prefix of a file (as if it were being typed) and random deletions from it: each
  /// request is answered, never with an internal error, at positions inside and outside the
  /// text.
  func testEveryRequestSurvivesBrokenXML() throws {
    let base = try String(contentsOf: fixturesDirectory("lsp").appendingPathComponent("ib-settings.storyboard"), encoding: .utf8)
    let bytes = Array(base.utf8)
    var texts: [String] = stride(from: 0, to: bytes.count, by: 211).map { String(decoding: bytes[..<$0], as: UTF8.self) }
    var generator = SeededRandom(seed: 11)
    for _ in 0..<30 {
      var mutated = bytes
      for _ in 0..<Int.random(in: 1...8, using: &generator) where !mutated.isEmpty {
        let start = Int.random(in: 0..<mutated.count, using: &generator)
        let end = min(mutated.count, start + Int.random(in: 1...40, using: &generator))
        mutated.removeSubrange(start..<end)
      }
      texts.append(String(decoding: mutated, as: UTF8.self))
    }
    let server = openServer()
    var id = 1000
    let methods = [
      "textDocument/hover", "textDocument/definition", "textDocument/references", "textDocument/documentHighlight",
      "textDocument/documentSymbol", "textDocument/inlayHint", "textDocument/foldingRange", "plumb/frames",
      "textDocument/codeAction", "textDocument/rename", "textDocument/completion",
    ]
    for (number, text) in texts.enumerated() {
      let uri = "file:///broken\(number).storyboard"
      open(server, uri: uri, text: text, version: 1)
      let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
      for line in stride(from: 0, through: lineCount + 2, by: 5) {
        for character in [0, 30, 56, 104, 400] {
          for method in methods {
            id += 1
            let position: JSONValue = .object([("line", .int(line)), ("character", .int(character))])
            let range: JSONValue = .object([("start", .object([("line", 0), ("character", 0)])), ("end", position)])
            let params: JSONValue = .object([
              ("textDocument", .object([("uri", .string(uri))])), ("position", position), ("range", range),
              ("context", .object([("includeDeclaration", true), ("diagnostics", [])])), ("newName", "x"),
            ])
            guard let answer = request(server, id: id, method, params) else {
              return XCTFail("no answer to \(method) at \(line):\(character) of text \(number)")
            }
            XCTAssertNil(answer["error"], "\(method) at \(line):\(character) of text \(number): \(answer.compactText)")
          }
        }
      }
    }
  }
}
