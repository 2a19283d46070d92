import Foundation
import JSONRPC
import XCTest

/// `plumb lsp` through the built binary, with real framing over pipes.
final class EndToEndTests: XCTestCase {
  /// The `plumb` executable next to the test bundle.
  private var plumbURL: URL {
    // On Linux the bundle is the build folder itself; elsewhere the .xctest inside it.
    let bundle = Bundle(for: EndToEndTests.self).bundleURL
    let beside = bundle.appendingPathComponent("plumb")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    return bundle.deletingLastPathComponent().appendingPathComponent("plumb")
  }

  func testPlumbLSPSession() throws {
    guard FileManager.default.isExecutableFile(atPath: plumbURL.path) else {
      XCTFail("no plumb executable at \(plumbURL.path); build the package first")
      return
    }
    let process = Process()
    process.executableURL = plumbURL
    process.arguments = ["lsp"]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let client = StreamClient(
      toServer: FileDescriptorSink(descriptor: input.fileHandleForWriting.fileDescriptor),
      fromServer: FileDescriptorSource(descriptor: output.fileHandleForReading.fileDescriptor))

    client.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":\#(getpid()),"capabilities":{}}}"#)
    guard let initialized = client.response(to: 1) else {
      process.waitUntilExit()
      let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      XCTFail("plumb lsp did not answer initialize (status \(process.terminationStatus)): \(message)")
      return
    }
    XCTAssertEqual(initialized["result"]?["capabilities"]?["positionEncoding"], "utf-16")
    client.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    client.send(
      #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///e.layout","languageId":"layout","version":1,"text":"view A\nA.width == Nope.width\n"}}}"#
    )
    let published = client.wait { $0["method"] == "textDocument/publishDiagnostics" }
    XCTAssertEqual(published?["params"]?["diagnostics"]?[0]?["code"], "unknown-view")
    client.send(#"{"jsonrpc":"2.0","id":2,"method":"no/such/method"}"#)
    XCTAssertEqual(client.response(to: 2)?["error"]?["code"], .int(ErrorCode.methodNotFound))
    client.send(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#)
    XCTAssertEqual(client.response(to: 3)?["result"], .null)
    client.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
    XCTAssertTrue(client.waitForEnd())
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
    // Everything on stdout was protocol: every message was framed JSON-RPC.
    XCTAssertTrue(client.messages.allSatisfy { $0["jsonrpc"] == "2.0" })
  }

  func testPlumbLSPExitsWithOneWhenTheInputEndsWithoutShutdown() throws {
    guard FileManager.default.isExecutableFile(atPath: plumbURL.path) else {
      XCTFail("no plumb executable at \(plumbURL.path)")
      return
    }
    let process = Process()
    process.executableURL = plumbURL
    process.arguments = ["lsp"]
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = Pipe()
    process.standardError = Pipe()
    try process.run()
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 1)
  }
}
