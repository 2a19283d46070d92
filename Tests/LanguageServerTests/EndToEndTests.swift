import Foundation
import JSONRPC
import TestSupport
import XCTest

/// `plumb lsp` through the built binary, with real framing over pipes.
final class EndToEndTests: XCTestCase {
  private var plumbURL: URL { builtPlumbURL }

  /// The built `plumb lsp` running on pipes, and a client on its standard input and output.
  private func launchServer(whenDone: (@Sendable (Process) -> Void)? = nil) throws
    -> (process: Process, input: Pipe, errors: Pipe, client: StreamClient)
  {
    let process = Process()
    process.executableURL = plumbURL
    process.arguments = ["lsp"]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    process.terminationHandler = whenDone
    try process.run()
    let client = StreamClient(
      toServer: FileDescriptorSink(descriptor: input.fileHandleForWriting.fileDescriptor),
      fromServer: FileDescriptorSource(descriptor: output.fileHandleForReading.fileDescriptor))
    return (process, input, errors, client)
  }

  func testPlumbLSPSession() throws {
    guard FileManager.default.isExecutableFile(atPath: plumbURL.path) else {
      XCTFail("no plumb executable at \(plumbURL.path); build the package first")
      return
    }
    let (process, input, errors, client) = try launchServer()

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

  /// A layout of `views` labels in rows of ten, fully constrained: seconds to analyse in a
  /// debug build.
  static func bigLayout(views: Int) -> String {
    var text = "canvas wide 1200x\(16 + 52 * (views / 10 + 1))\nmetric gap = 8\n"
    for index in 0..<views { text += "label v\(index) intrinsic 60x21\n" }
    for row in 0..<((views + 9) / 10) {
      let first = row * 10
      let last = min(first + 10, views) - 1
      var format = "H:|-gap-[v\(first)]"
      for index in stride(from: first + 1, through: last, by: 1) { format += "-gap-[v\(index)(==v\(first))]" }
      text += format + "-(>=gap)-|\n"
      for index in first...last { text += "V:|-\(8 + 52 * row)-[v\(index)(44)]\n" }
    }
    return text
  }

  /// The end of the input during the analysis of a big document ends the process at once:
  /// the analysis is cancelled, not waited for.
  func testPlumbLSPExitsPromptlyWhenTheInputEndsDuringAnAnalysis() throws {
    guard FileManager.default.isExecutableFile(atPath: plumbURL.path) else {
      XCTFail("no plumb executable at \(plumbURL.path)")
      return
    }
    let exited = DispatchSemaphore(value: 0)
    let (process, input, _, client) = try launchServer { _ in exited.signal() }
    client.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
    XCTAssertNotNil(client.response(to: 1))
    client.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    let text = EndToEndTests.bigLayout(views: 8000)
    client.openDocument(uri: "file:///big.layout", text: text)
    // A request that needs the analysis, so that it is surely running when the input ends.
    client.send(#"{"jsonrpc":"2.0","id":2,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///big.layout"}}}"#)
    Thread.sleep(forTimeInterval: 0.3)
    XCTAssertTrue(process.isRunning, "the analysis should still be running")
    let closed = Date()
    try input.fileHandleForWriting.close()
    XCTAssertEqual(exited.wait(timeout: .now() + 10), .success)
    let elapsed = Date().timeIntervalSince(closed)
    print("plumb lsp exited \(Int(elapsed * 1000)) ms after the end of its input, during an analysis")
    // The bound is loose against a loaded machine; it is about 0.03 s (the grace) plus the
    // time the process takes to end.
    XCTAssertLessThan(elapsed, 1)
    XCTAssertEqual(process.terminationStatus, 1)
  }
}
