import Foundation
import JSONRPC
import XCTest

@testable import LanguageServer

/// The entry point with its threads and real framing, in process.
final class EntryPointTests: XCTestCase {
  private let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#

  func testShutdownThenExitGivesZero() {
    let server = ThreadedServer()
    server.client.send(initialize)
    XCTAssertNotNil(server.client.response(to: 1)?["result"]?["capabilities"])
    server.client.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    server.client.send(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
    XCTAssertEqual(server.client.response(to: 2)?["result"], .null)
    server.client.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
    XCTAssertEqual(server.exitStatus(), 0)
  }

  func testExitWithoutShutdownGivesOne() {
    let server = ThreadedServer()
    server.client.send(initialize)
    _ = server.client.response(to: 1)
    server.client.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
    XCTAssertEqual(server.exitStatus(), 1)
  }

  func testEndOfInputWithoutShutdownGivesOne() {
    let server = ThreadedServer()
    server.client.send(initialize)
    _ = server.client.response(to: 1)
    server.input.close()
    XCTAssertEqual(server.exitStatus(), 1)
    XCTAssertTrue(server.log.contains { $0.contains("without a shutdown request") })
  }

  func testEndOfInputAfterShutdownGivesZero() {
    let server = ThreadedServer()
    server.client.send(initialize)
    server.client.send(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
    _ = server.client.response(to: 2)
    server.input.close()
    XCTAssertEqual(server.exitStatus(), 0)
  }

  func testBurstOfEditsIsPublishedForTheLastVersion() {
    let server = ThreadedServer()
    server.client.send(initialize)
    _ = server.client.response(to: 1)
    server.client.send(
      #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///b.layout","languageId":"layout","version":0,"text":""}}}"#
    )
    // Fifty edits written at once, as one burst: the last version is published, and every
    // publication is for a version that existed, in increasing order.
    var burst: [UInt8] = []
    for version in 1...50 {
      let change =
        #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///b.layout","version":\#(version)},"contentChanges":[{"range":{"start":{"line":\#(version - 1),"character":0},"end":{"line":\#(version - 1),"character":0}},"text":"view V\#(version)\n"}]}}"#
      let body = Array(change.utf8)
      burst += Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
    server.client.sendRaw(burst)
    let last = server.client.wait { $0["params"]?["version"] == 50 }
    XCTAssertNotNil(last)
    let versions = server.client.messages.compactMap { $0["params"]?["version"]?.intValue }
    XCTAssertEqual(versions, versions.sorted())
    XCTAssertLessThan(versions.count, 51, "a burst should not be analysed once per edit")
    server.client.send(#"{"jsonrpc":"2.0","id":3,"method":"plumb/documentText","params":{"textDocument":{"uri":"file:///b.layout"}}}"#)
    let text = server.client.response(to: 3)?["result"]?["text"]?.stringValue ?? ""
    XCTAssertEqual(text, (1...50).map { "view V\($0)\n" }.joined())
    server.input.close()
    XCTAssertEqual(server.exitStatus(), 1)
  }
}
