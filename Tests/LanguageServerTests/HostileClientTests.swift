import Foundation
import JSONRPC
import TestSupport
import XCTest

@testable import LanguageServer

/// A client that sends everything a buggy or hostile client could, through real framing,
/// after which the server must still answer every request correctly, exactly once.
final class HostileClientTests: XCTestCase {
  func testServerSurvivesAndAnswersEveryRequestOnce() throws {
    let server = ThreadedServer()
    let client = server.client
    var requestIDs: [JSONValue] = []
    func request(_ id: Int, _ method: String, _ params: String) {
      requestIDs.append(.int(id))
      client.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
    }
    func frame(_ body: [UInt8]) -> [UInt8] { Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body }

    request(1, "initialize", #"{"capabilities":{"general":{"positionEncodings":["utf-8"]}}}"#)
    client.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    let text = "metric pad = 8\nview A\nview B\nH:|-pad-[A]-[B(A)]-pad-|\nV:|[A(20)]\nV:|[B(A)]\n"
    client.send(
      JSONValue.object([
        ("jsonrpc", "2.0"), ("method", "textDocument/didOpen"),
        (
          "params",
          .object([
            ("textDocument", .object([("uri", "file:///h.layout"), ("languageId", "layout"), ("version", 1), ("text", .string(text))]))
          ])
        ),
      ]))

    // Garbage between frames, headers without a usable length, bodies that are not JSON.
    client.sendRaw([0x00, 0xFF, 0xFE] + Array("garbage\r\n\r\n".utf8))
    client.sendRaw(Array("Content-Length: twelve\r\n\r\n".utf8))
    client.sendRaw(Array("Content-Type: x\r\n\r\n".utf8))
    client.sendRaw(frame(Array("{not json".utf8)))
    client.sendRaw(frame([0x7B, 0x22, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D]))  // invalid UTF-8 in a key
    client.sendRaw(frame(Array(#"{"jsonrpc":"2.0","id":90,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///h.layout"},"position":{"line":"#.utf8) + [0xFF] + Array("}}}".utf8)))
    // Valid JSON of the wrong shape.
    for body in ["null", "42", "\"text\"", "[]", "{}", #"{"jsonrpc":"1.0","id":91,"method":"shutdown"}"#] {
      client.sendRaw(frame(Array(body.utf8)))
    }
    requestIDs += [.int(90), .int(91)]
    request(92, "textDocument/hover", #"{"textDocument":{"uri":"file:///h.layout"},"position":{"line":"zero","character":[]}}"#)
    request(93, "textDocument/hover", #"{"textDocument":{"uri":"file:///h.layout"},"position":{"line":1e300,"character":-1}}"#)
    request(94, "textDocument/completion", #"{"textDocument":null,"position":null}"#)
    request(95, "textDocument/rename", #"{"textDocument":{"uri":"file:///h.layout"},"position":{"line":1,"character":5},"newName":7}"#)
    // Deep nesting and a huge message.
    client.send(#"{"jsonrpc":"2.0","id":96,"method":"x","params":"# + String(repeating: "[", count: 200_000) + "}")
    requestIDs.append(.int(96))
    let huge = String(repeating: "# \u{1F600} 日本語 padding padding padding\n", count: 60_000)  // about 2.7 MB
    client.send(
      JSONValue.object([
        ("jsonrpc", "2.0"), ("method", "textDocument/didOpen"),
        (
          "params",
          .object([
            ("textDocument", .object([("uri", "file:///huge.layout"), ("languageId", "layout"), ("version", 1), ("text", .string(huge))]))
          ])
        ),
      ]))
    // Unknown documents and positions far out of range.
    request(97, "textDocument/hover", #"{"textDocument":{"uri":"file:///missing.layout"},"position":{"line":0,"character":0}}"#)
    request(98, "textDocument/definition", #"{"textDocument":{"uri":"file:///h.layout"},"position":{"line":1000000000,"character":1000000000}}"#)
    request(99, "textDocument/inlayHint", #"{"textDocument":{"uri":"file:///h.layout"},"range":{"start":{"line":5,"character":0},"end":{"line":0,"character":0}}}"#)
    request(100, "textDocument/codeAction", #"{"textDocument":{"uri":"file:///h.layout"},"range":{"start":{"line":0,"character":999},"end":{"line":99,"character":0}},"context":{"diagnostics":[],"only":"quickfix"}}"#)
    client.send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///missing.layout","version":2},"contentChanges":[{"text":"x"}]}}"#)
    client.send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///h.layout","version":2},"contentChanges":[{"range":{"start":{"line":9,"character":0},"end":{"line":0,"character":0}},"text":"x"}]}}"#)
    // A cancel storm: for unknown ids, for pending ones, for answered ones, malformed.
    var storm: [UInt8] = []
    for id in 0..<3000 {
      storm += frame(Array(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":\#(id % 7 == 0 ? "\"s\(id)\"" : "\(id + 1000)")}}"#.utf8))
    }
    for id in 200..<260 {
      storm += frame(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"textDocument/semanticTokens/full","params":{"textDocument":{"uri":"file:///huge.layout"}}}"#.utf8))
      storm += frame(Array(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":\#(id)}}"#.utf8))
      requestIDs.append(.int(id))
    }
    client.sendRaw(storm)

    // After all that, the server answers correctly: the text is as the valid edits left it.
    request(
      300, "textDocument/hover", #"{"textDocument":{"uri":"file:///h.layout"},"position":{"line":3,"character":5}}"#)
    let hover = client.response(to: 300, timeout: 60)
    XCTAssertEqual(hover?["result"]?["contents"]?["value"]?.stringValue, "metric pad = 8")
    request(301, "plumb/documentText", #"{"textDocument":{"uri":"file:///h.layout"}}"#)
    XCTAssertEqual(client.response(to: 301)?["result"]?["text"]?.stringValue, text)
    request(302, "shutdown", "null")
    XCTAssertEqual(client.response(to: 302)?["result"], .null)
    client.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
    XCTAssertEqual(server.exitStatus(timeout: 60), 0)

    // Every request was answered exactly once; errors for the malformed ones.
    let responses = client.messages.filter { $0["method"] == nil }
    for id in requestIDs {
      XCTAssertEqual(responses.filter { $0["id"] == id }.count, 1, "answers to request \(id.compactText)")
    }
    func code(_ id: Int) -> Int? { responses.first { $0["id"] == .int(id) }?["error"]?["code"]?.intValue }
    XCTAssertEqual(code(91), ErrorCode.invalidRequest)
    XCTAssertEqual(code(92), ErrorCode.invalidParams)
    XCTAssertEqual(code(93), ErrorCode.invalidParams)
    XCTAssertEqual(code(94), ErrorCode.invalidParams)
    XCTAssertEqual(code(95), ErrorCode.invalidParams)
    XCTAssertEqual(code(90), ErrorCode.parseError)
    XCTAssertEqual(code(96), ErrorCode.parseError)
    XCTAssertEqual(code(99), ErrorCode.invalidParams)
    XCTAssertEqual(code(100), ErrorCode.invalidParams)
    XCTAssertEqual(responses.first { $0["id"] == .int(97) }?["result"], .null)
    XCTAssertEqual(responses.first { $0["id"] == .int(98) }?["result"], .null)
    // The parse errors are answered with a null id.
    XCTAssertGreaterThanOrEqual(responses.filter { $0["id"] == .null }.count, 3)
    // Cancelled requests are answered -32800 or with a result, never twice, never lost.
    for id in 200..<260 {
      let answer = responses.first { $0["id"] == .int(id) }
      XCTAssertTrue(answer?["error"]?["code"]?.intValue == ErrorCode.requestCancelled || answer?["result"] != nil)
    }
    // Nothing but framed JSON-RPC went to the output.
    XCTAssertTrue(client.messages.allSatisfy { $0["jsonrpc"] == "2.0" })
  }
}
