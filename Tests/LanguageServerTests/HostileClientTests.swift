import Foundation
import JSONRPC
import TestSupport
import XCTest
import EditorFeatures

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
    client.openDocument(uri: "file:///h.layout", text: text)

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
    client.openDocument(uri: "file:///huge.layout", text: huge)
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

  /// Each bad frame of the hostile-client campaign, sent alone and followed at once by a
  /// valid request: the request is answered, without any blank line or padding to help.
  func testEveryBadFrameIsFollowedByAnAnsweredRequest() throws {
    let badFrames: [(String, [UInt8])] = [
      ("garbage", [0x00, 0xFF, 0xFE, 0x42] + Array("garbage".utf8)),
      ("garbage lines", Array("hello\r\nworld\n".utf8)),
      ("a length that is not a number", Array("Content-Length: twelve\r\n\r\n{}".utf8)),
      ("a negative length", Array("Content-Length: -5\r\n\r\n{}".utf8)),
      ("a huge length", Array("Content-Length: 1000000000\r\n\r\n{\"jsonrpc\":\"2.0\"}".utf8)),
      ("an empty length", Array("Content-Length:\r\n\r\n".utf8)),
      ("no length", Array("Content-Type: application/vscode-jsonrpc\r\n\r\n{\"jsonrpc\":\"2.0\"}".utf8)),
      ("a length too long for its message", Array("Content-Length: 4000\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"$/x\"}".utf8)),
      ("a length too short for its message", Array("Content-Length: 5\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"$/x\"}".utf8)),
    ]
    for (name, bytes) in badFrames {
      let server = ThreadedServer()
      let client = server.client
      client.sendRaw(bytes)
      client.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
      XCTAssertNotNil(client.response(to: 1, timeout: 10)?["result"]?["capabilities"], name)
      // And the server keeps answering.
      client.send(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
      XCTAssertEqual(client.response(to: 2, timeout: 10)?["result"], .null, name)
      client.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
      XCTAssertEqual(server.exitStatus(timeout: 10), 0, name)
      // The bad stretch was logged, once.
      XCTAssertLessThanOrEqual(server.log.filter { $0.contains("skipped") }.count, 1, name)
    }
  }

  func testLineFeedOnlySeparatorsAreRead() {
    let server = ThreadedServer()
    let client = server.client
    let body = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#
    client.sendRaw(Array("Content-Length: \(body.utf8.count)\n\n\(body)".utf8))
    XCTAssertNotNil(client.response(to: 1, timeout: 10)?["result"])
    let shutdown = #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#
    client.sendRaw(Array("Content-Type: x\nContent-Length: \(shutdown.utf8.count)\n\n\(shutdown)".utf8))
    XCTAssertEqual(client.response(to: 2, timeout: 10)?["result"], .null)
    XCTAssertFalse(server.log.contains { $0.contains("skipped") })
  }

  /// An id that is neither an integer nor a string is an invalid request, answered with a
  /// null id as JSON-RPC 2.0 says.
  func testInvalidIDsAreAnsweredInvalidRequestWithANullID() {
    let server = ThreadedServer()
    let client = server.client
    client.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
    XCTAssertNotNil(client.response(to: 1))
    // (`1e400` is no double: the JSON parser refuses the whole body, a parse error.)
    for (id, code) in [
      ("1.5", ErrorCode.invalidRequest), ("{}", ErrorCode.invalidRequest), ("[]", ErrorCode.invalidRequest),
      ("true", ErrorCode.invalidRequest), ("false", ErrorCode.invalidRequest), ("[1]", ErrorCode.invalidRequest),
      (#"{"a":1}"#, ErrorCode.invalidRequest), ("-0.5", ErrorCode.invalidRequest), ("1e400", ErrorCode.parseError),
    ] {
      let before = client.messages.count
      client.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"textDocument/hover","params":{}}"#)
      let answer = client.wait(timeout: 10) { _ in client.messagesUnlocked.count > before }
      let response = client.messages.dropFirst(before).first
      XCTAssertNotNil(answer, id)
      XCTAssertEqual(response?["id"], .null, id)
      XCTAssertEqual(response?["error"]?["code"], .int(code), id)
    }
    // Exactly one answer each, and the server goes on.
    client.send(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
    XCTAssertEqual(client.response(to: 2)?["result"], .null)
    XCTAssertEqual(client.messages.filter { $0["id"] == .null }.count, 9)
  }

  /// The end of the input during the analysis of a big document: the server returns at
  /// once, without waiting for the analysis.
  func testEndOfInputDuringAnAnalysisEndsTheServerPromptly() {
    let server = ThreadedServer()
    let client = server.client
    client.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
    XCTAssertNotNil(client.response(to: 1))
    client.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    client.openDocument(uri: "file:///big.layout", text: EndToEndTests.bigLayout(views: 8000))
    client.send(#"{"jsonrpc":"2.0","id":2,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///big.layout"}}}"#)
    Thread.sleep(forTimeInterval: 0.3)
    XCTAssertNil(server.exitStatus(timeout: 0), "the analysis should still be running")
    let closed = Date()
    server.input.close()
    XCTAssertEqual(server.exitStatus(timeout: 10), 1)
    let elapsed = Date().timeIntervalSince(closed)
    XCTAssertLessThan(elapsed, 1)
    XCTAssertTrue(server.log.contains { $0.contains("exiting without waiting") })
  }

  /// A document above the analysis cap gets one `too-large` finding and the features of an
  /// empty document; an edit that brings it under the cap brings the analysis back.
  func testDocumentAboveTheCapIsNotAnalysed() {
    let server = ThreadedServer()
    let client = server.client
    client.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
    XCTAssertNotNil(client.response(to: 1))
    client.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    let padding = "# " + String(repeating: "x", count: 97) + "\n"
    let lineCount = LayoutLanguage.layout.maximumAnalysedLength / padding.utf8.count + 10
    let text = "view A\n" + String(repeating: padding, count: lineCount)
    XCTAssertGreaterThan(text.utf8.count, LayoutLanguage.layout.maximumAnalysedLength)
    client.openDocument(uri: "file:///t.layout", text: text)
    let published = client.wait { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["version"] == 1 }
    let diagnostics = published?["params"]?["diagnostics"]?.arrayValue ?? []
    XCTAssertEqual(diagnostics.count, 1)
    XCTAssertEqual(diagnostics.first?["code"], "too-large")
    XCTAssertEqual(diagnostics.first?["severity"], 1)
    XCTAssertEqual(diagnostics.first?["range"]?["start"]?["line"], 0)
    XCTAssertEqual(diagnostics.first?["range"]?["end"]?["character"], 0)
    // The features answer as for an empty document.
    client.send(#"{"jsonrpc":"2.0","id":2,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///t.layout"}}}"#)
    XCTAssertEqual(client.response(to: 2)?["result"], .array([]))
    client.send(#"{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///t.layout"},"position":{"line":0,"character":5}}}"#)
    XCTAssertEqual(client.response(to: 3)?["result"], .null)
    client.send(#"{"jsonrpc":"2.0","id":4,"method":"textDocument/formatting","params":{"textDocument":{"uri":"file:///t.layout"},"options":{"tabSize":2,"insertSpaces":true}}}"#)
    XCTAssertEqual(client.response(to: 4)?["result"]?.arrayValue?.count ?? 0, 0)
    // The text is still held, byte for byte.
    client.send(#"{"jsonrpc":"2.0","id":5,"method":"plumb/documentText","params":{"textDocument":{"uri":"file:///t.layout"}}}"#)
    XCTAssertEqual(client.response(to: 5)?["result"]?["text"]?.stringValue?.utf8.count, text.utf8.count)
    // An incremental edit that removes the padding: analysed again, in full.
    client.send(
      #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///t.layout","version":2},"contentChanges":[{"range":{"start":{"line":1,"character":0},"end":{"line":\#(lineCount + 1),"character":0}},"text":"A.width == Nope.width\n"}]}}"#
    )
    let again = client.wait { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["version"] == 2 }
    XCTAssertEqual(again?["params"]?["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue }, ["unknown-view"])
    client.send(#"{"jsonrpc":"2.0","id":6,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///t.layout"},"position":{"line":0,"character":5}}}"#)
    XCTAssertNotEqual(client.response(to: 6)?["result"], .null)
  }
}
