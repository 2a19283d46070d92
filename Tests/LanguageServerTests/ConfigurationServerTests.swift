import Foundation
import JSONRPC
import XCTest

@testable import LanguageServer

/// The server reads the `.plumb.json` above each document, as `plumb check` does, reads it
/// again when it changes, and composes it with the client's `ignore` setting.
final class ConfigurationServerTests: XCTestCase {
  private func published(_ client: StreamClient, uri: String, after count: Int) -> [JSONValue]? {
    let message = client.wait { message in
      message["method"]?.stringValue == "textDocument/publishDiagnostics" && message["params"]?["uri"]?.stringValue == uri
        && client.messagesUnlocked.filter {
          $0["method"]?.stringValue == "textDocument/publishDiagnostics"
        }.count > count
    }
    _ = message
    let all = client.messages.filter {
      $0["method"]?.stringValue == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.stringValue == uri
    }
    return all.count > count ? all[count]["params"]?["diagnostics"]?.arrayValue : nil
  }

  private func codesAndSeverities(_ diagnostics: [JSONValue]?) -> [String] {
    (diagnostics ?? []).map { "\($0["code"]?.stringValue ?? "?") \($0["severity"]?.intValue ?? 0)" }
  }

  func testTheConfigurationAboveADocumentAppliesAndIsReadAgainWhenItChanges() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-lsp-config-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory.appendingPathComponent("Screens"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let configuration = directory.appendingPathComponent(".plumb.json")
    func write(_ text: String, time: TimeInterval) throws {
      try text.write(to: configuration, atomically: false, encoding: .utf8)
      try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: time)], ofItemAtPath: configuration.path)
    }
    try write(#"{"rules": {"ambiguous": "error", "zero-size": "off"}}"#, time: 1_000_000)
    let uri = URL(fileURLWithPath: directory.appendingPathComponent("Screens/card.layout").path).absoluteString

    let server = ThreadedServer()
    server.client.send(
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{},"initializationOptions":{"plumb":{"ignore":["left-right"]}}}}"#
    )
    _ = server.client.response(to: 1)
    server.client.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    server.client.openDocument(uri: uri, text: "view a\nview b\nb.left == super.left\nb.top == super.top\nb.width == 10\nb.height == 10\n")
    // The configuration's levels, and the client's ignore on top of them.
    XCTAssertEqual(codesAndSeverities(published(server.client, uri: uri, after: 0)), ["ambiguous 1", "ambiguous 1"])

    // A changed file, announced by the client: every document is reported again.
    try write(#"{"rules": {"ambiguous": "off"}}"#, time: 2_000_000)
    server.client.send(
      JSONValue.object([
        ("jsonrpc", "2.0"), ("method", "workspace/didChangeWatchedFiles"),
        ("params", .object([("changes", [.object([("uri", .string(configuration.absoluteString)), ("type", 2)])])])),
      ]))
    XCTAssertEqual(codesAndSeverities(published(server.client, uri: uri, after: 1)), ["zero-size 2", "zero-size 2"])

    // A file that excludes the document: no findings.
    try write(#"{"exclude": ["Screens/"]}"#, time: 3_000_000)
    server.client.send(
      JSONValue.object([
        ("jsonrpc", "2.0"), ("method", "workspace/didChangeWatchedFiles"),
        ("params", .object([("changes", [.object([("uri", .string(configuration.absoluteString)), ("type", 2)])])])),
      ]))
    XCTAssertEqual(codesAndSeverities(published(server.client, uri: uri, after: 2)), [])

    // A broken file is shown once, and the findings are reported as without one.
    try write(#"{"rulez": {}}"#, time: 4_000_000)
    server.client.send(
      JSONValue.object([
        ("jsonrpc", "2.0"), ("method", "workspace/didChangeWatchedFiles"),
        ("params", .object([("changes", [.object([("uri", .string(configuration.absoluteString)), ("type", 2)])])])),
      ]))
    XCTAssertEqual(published(server.client, uri: uri, after: 3)?.count, 4)
    let shown = server.client.messages.first { $0["method"]?.stringValue == "window/showMessage" }
    XCTAssertTrue(shown?["params"]?["message"]?.stringValue?.contains("'rulez' is not a setting") == true)
  }

  /// The Visual Format functions a configuration names are checked in the Swift documents
  /// opened under it, with the file's `// plumb: ignore` comments applied.
  func testConfiguredVisualFormatFunctionsApplyToSourceDocuments() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-lsp-vfl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try #"{"visualFormatFunctions": ["pin"]}"#.write(
      to: directory.appendingPathComponent(".plumb.json"), atomically: false, encoding: .utf8)
    let uri = URL(fileURLWithPath: directory.appendingPathComponent("View.swift").path).absoluteString
    let outside = "file:///elsewhere/View.swift"
    let text = """
      func layOut() {
        pin("H:|[a][b]|", views: ["a": a])
        pin("H:|[a][c]|", views: ["a": a])  // plumb: ignore unknown-view
      }

      """

    let server = ThreadedServer()
    server.client.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
    _ = server.client.response(to: 1)
    server.client.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    server.client.openDocument(uri: uri, text: text)
    let diagnostics = published(server.client, uri: uri, after: 0)
    XCTAssertEqual(codesAndSeverities(diagnostics), ["unknown-view 1"])
    XCTAssertEqual(diagnostics?.first?["range"]?["start"]?["line"]?.intValue, 1)
    // Without the configuration, `pin` is not a Visual Format function: nothing is checked, and
    // the comment silences nothing.
    server.client.openDocument(uri: outside, text: text)
    XCTAssertEqual(codesAndSeverities(published(server.client, uri: outside, after: 0)), ["unused-suppression 3"])
  }

  /// A client that can watch files for the server is asked to watch `.plumb.json` files.
  func testTheServerAsksToWatchConfigurationFiles() {
    let server = ThreadedServer()
    server.client.send(
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true}}}}}"#
    )
    _ = server.client.response(to: 1)
    server.client.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    let registration = server.client.wait { $0["method"]?.stringValue == "client/registerCapability" }
    let first = registration?["params"]?["registrations"]?[0]
    XCTAssertEqual(first?["method"]?.stringValue, "workspace/didChangeWatchedFiles")
    XCTAssertEqual(first?["registerOptions"]?["watchers"]?[0]?["globPattern"]?.stringValue, "**/.plumb.json")
  }
}
