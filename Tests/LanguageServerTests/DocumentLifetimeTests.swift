import EditorFeatures
import Foundation
import JSONRPC
import LayoutAnalysis
import TestSupport
import XCTest

@testable import LanguageServer

/// A closed document leaves nothing behind: the server's store no longer has it, and its
/// analysis — the snapshot the features asked, its solved layout and the places' solvers, the
/// caches the features filled, the analysis an edit retired — is freed.
final class DocumentLifetimeTests: XCTestCase {
  private func openServer() -> InProcessServer {
    let server = InProcessServer()
    server.send(
      .object([
        ("jsonrpc", "2.0"), ("id", 1), ("method", "initialize"),
        ("params", .object([("capabilities", .object([]))])),
      ]))
    server.send(.object([("jsonrpc", "2.0"), ("method", "initialized"), ("params", .object([]))]))
    return server
  }

  private func notify(_ server: InProcessServer, _ method: String, _ params: JSONValue) {
    server.send(.object([("jsonrpc", "2.0"), ("method", .string(method)), ("params", params)]))
  }

  private func request(_ server: InProcessServer, id: Int, _ method: String, uri: String, _ extra: [(String, JSONValue)] = [])
  {
    server.send(
      .object([
        ("jsonrpc", "2.0"), ("id", .int(id)), ("method", .string(method)),
        ("params", .object([("textDocument", .object([("uri", .string(uri))]))] + extra)),
      ]))
  }

  /// Opens, edits, queries and closes a document; returns weak references to what it held.
  private func exercise(_ server: InProcessServer, uri: String, languageID: String, text: String) -> [() -> AnyObject?] {
    notify(
      server, "textDocument/didOpen",
      .object([
        ("textDocument", .object([("uri", .string(uri)), ("languageId", .string(languageID)), ("version", 1), ("text", .string(text))]))
      ]))
    let position: JSONValue = .object([("line", 1), ("character", 6)])
    let range: JSONValue = .object([("start", .object([("line", 0), ("character", 0)])), ("end", position)])
    var id = 10
    // The features fill the snapshot's caches (names, tokens, frames, ambiguities).
    for (method, extra) in [
      ("textDocument/hover", [("position", position)]), ("textDocument/documentSymbol", []),
      ("textDocument/semanticTokens/full", []), ("textDocument/inlayHint", [("range", range)]),
      ("textDocument/codeAction", [("range", range), ("context", .object([("diagnostics", [])]))]),
      ("textDocument/references", [("position", position), ("context", .object([("includeDeclaration", true)]))]),
      ("plumb/frames", []),
    ] as [(String, [(String, JSONValue)])] {
      id += 1
      request(server, id: id, method, uri: uri, extra)
    }
    var references: [() -> AnyObject?] = []
    // Two versions: the first is retired by the edit, the second is current when it closes.
    for version in 2...3 {
      notify(
        server, "textDocument/didChange",
        .object([
          ("textDocument", .object([("uri", .string(uri)), ("version", .int(version))])),
          (
            "contentChanges",
            [.object([("range", .object([("start", .object([("line", 0), ("character", 0)])), ("end", .object([("line", 0), ("character", 0)]))])), ("text", " ")])]
          ),
        ]))
      id += 1
      request(server, id: id, "textDocument/hover", uri: uri, [("position", position)])
      guard let document = server.server.documents[uri] else {
        XCTFail("\(uri) is not open")
        return []
      }
      let snapshot = document.analysis(nextGeneration: { 0 })
      weak var weakDocument = document
      weak var weakSnapshot = snapshot.editor as AnyObject
      references += [{ weakDocument }, { weakSnapshot }]
      if let layout = (snapshot.editor as? LayoutSnapshot)?.layout.layout {
        weak var weakLayout = layout
        references.append { weakLayout }
        for place in layout.places {
          weak var weakPlace = place
          references.append { weakPlace }
        }
      }
    }
    // While it is open, the current version's objects are alive (the references are real).
    for reference in references.suffix(2) { XCTAssertNotNil(reference(), "\(uri): nothing held before it closed") }
    notify(server, "textDocument/didClose", .object([("textDocument", .object([("uri", .string(uri))]))]))
    return references
  }

  /// The analysis an edit replaced is freed once the new one is published (on the server's
  /// releasing queue), while the document stays open.
  func testAnEditFreesTheAnalysisItReplaced() {
    let server = openServer()
    let uri = "file:///w/edited.layout"
    openCard(server, uri: uri)
    weak var first: AnyObject?
    weak var firstLayout: AnyObject?
    do {
      guard let snapshot = server.server.documents[uri]?.analysis(nextGeneration: { 0 }) else {
        return XCTFail("not open")
      }
      first = snapshot.editor as AnyObject
      firstLayout = (snapshot.editor as? LayoutSnapshot)?.layout.layout
    }
    XCTAssertNotNil(first)
    XCTAssertNotNil(firstLayout)
    for version in 2...3 {
      let published = typeInCard(server, uri: uri, version: version)
      XCTAssertTrue(
        published.contains { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["version"] == .int(version) },
        "version \(version) was not published")
      server.server.waitForReleases()
      XCTAssertNil(first, "the analysis of version \(version - 1) is still alive after version \(version) was published")
      XCTAssertNil(firstLayout, "its solved layout is still alive")
      guard let snapshot = server.server.documents[uri]?.analysis(nextGeneration: { 0 }) else {
        return XCTFail("not open")
      }
      first = snapshot.editor as AnyObject
      firstLayout = (snapshot.editor as? LayoutSnapshot)?.layout.layout
    }
    // The current analysis is kept while the document is open.
    XCTAssertNotNil(first)
  }

  /// Opens a small layout whose line 4 ends in `(80)`.
  private func openCard(_ server: InProcessServer, uri: String) {
    notify(
      server, "textDocument/didOpen",
      .object([
        (
          "textDocument",
          .object([
            ("uri", .string(uri)), ("languageId", "layout"), ("version", 1),
            ("text", "canvas phone 375x667\nview card\nH:|-[card]-|\nV:|-[card(80)]\n"),
          ])
        )
      ]))
  }

  /// Types a digit after the height on line 4 (even versions) or deletes it again (odd ones);
  /// returns what the server sent.
  private func typeInCard(_ server: InProcessServer, uri: String, version: Int) -> [JSONValue] {
    let text = version % 2 == 0 ? "1" : ""
    let end = version % 2 == 0 ? 10 : 11
    return server.send(
      .object([
        ("jsonrpc", "2.0"), ("method", "textDocument/didChange"),
        (
          "params",
          .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .int(version))])),
            (
              "contentChanges",
              [
                .object([
                  (
                    "range",
                    .object([
                      ("start", .object([("line", 3), ("character", 10)])),
                      ("end", .object([("line", 3), ("character", .int(end))])),
                    ])
                  ), ("text", .string(text)),
                ])
              ]
            ),
          ])
        ),
      ]))
  }

  /// Weak references to the current analysis of `uri` (its editor snapshot and solved layout),
  /// once every release queued so far has run.
  private func currentAnalysis(_ server: InProcessServer, uri: String) -> [() -> AnyObject?]? {
    server.server.waitForReleases()
    guard let snapshot = server.server.documents[uri]?.analysis(nextGeneration: { 0 }) else { return nil }
    weak var editor = snapshot.editor as AnyObject
    weak var layout = (snapshot.editor as? LayoutSnapshot)?.layout.layout
    return [{ editor }, { layout }]
  }

  /// Checks that only the last two references (the current analysis) are alive.
  private func assertOnlyTheLastAnalysisAlive(
    _ server: InProcessServer, _ analyses: [() -> AnyObject?], file: StaticString = #filePath, line: UInt = #line
  ) {
    server.server.waitForReleases()
    for (index, reference) in analyses.dropLast(2).enumerated() {
      XCTAssertNil(reference(), "object \(index) of an analysis an edit replaced is still alive", file: file, line: line)
    }
    for reference in analyses.suffix(2) { XCTAssertNotNil(reference(), file: file, line: line) }
  }

  /// Edits each followed by a hover (as an editor sends them) keep only the current analysis:
  /// every analysis an edit replaced is freed, whatever asked for it.
  func testEditsAnsweredByHoversKeepOnlyTheCurrentAnalysis() {
    let server = openServer()
    let uri = "file:///w/hovered.layout"
    openCard(server, uri: uri)
    var analyses: [() -> AnyObject?] = []
    for version in 2...14 {
      let published = typeInCard(server, uri: uri, version: version)
      XCTAssertTrue(
        published.contains { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["version"] == .int(version) },
        "version \(version) was not published")
      request(server, id: 100 + version, "textDocument/hover", uri: uri, [("position", .object([("line", 1), ("character", 6)]))])
      guard let current = currentAnalysis(server, uri: uri) else { return XCTFail("not open") }
      analyses += current
    }
    assertOnlyTheLastAnalysisAlive(server, analyses)
  }

  /// A client that pulls diagnostics is published nothing, but the analyses its edits replace
  /// are freed as for one that is pushed them: only the current analysis is kept.
  func testEditsOfAPullingClientKeepOnlyTheCurrentAnalysis() {
    let server = InProcessServer()
    server.send(
      .object([
        ("jsonrpc", "2.0"), ("id", 1), ("method", "initialize"),
        (
          "params",
          .object([("capabilities", .object([("textDocument", .object([("diagnostic", .object([("dynamicRegistration", false)]))]))]))])
        ),
      ]))
    server.send(.object([("jsonrpc", "2.0"), ("method", "initialized"), ("params", .object([]))]))
    let uri = "file:///w/pulled.layout"
    openCard(server, uri: uri)
    var analyses: [() -> AnyObject?] = []
    for version in 2...6 {
      let published = typeInCard(server, uri: uri, version: version)
      XCTAssertFalse(published.contains { $0["method"] == "textDocument/publishDiagnostics" }, "a pulling client was pushed diagnostics")
      request(server, id: 100 + version, "textDocument/diagnostic", uri: uri)
      guard let current = currentAnalysis(server, uri: uri) else { return XCTFail("not open") }
      analyses += current
    }
    // Every analysis an edit replaced is freed; the last one pulled is current.
    assertOnlyTheLastAnalysisAlive(server, analyses)
  }

  func testAClosedDocumentIsReleased() throws {
    let storyboard = try String(
      contentsOf: fixturesDirectory("lsp").appendingPathComponent("ib-settings.storyboard"), encoding: .utf8)
    let documents: [(uri: String, languageID: String, text: String)] = [
      ("file:///w/form.layout", "layout", "canvas phone 375x667\nview card\nlabel title intrinsic 80x21\nH:|-[card]-|\nV:|-[card(80)]-[title]\nH:|-[title]\n"),
      ("file:///w/lines.vfl", "vfl", "canvas phone 375x667\nH:|-[a(100)]-[b]-|\nV:|-[a(40)]\nV:|-[b(40)]\n"),
      ("file:///w/settings.storyboard", "xml", storyboard),
      (
        "file:///w/Screen.swift", "swift",
        "import UIKit\nfunc layOut(views: [String: UIView]) {\n  _ = NSLayoutConstraint.constraints(withVisualFormat: \"H:|-[a]-[b]-|\", metrics: nil, views: views)\n}\n"
      ),
    ]
    let server = openServer()
    for document in documents {
      let references = exercise(server, uri: document.uri, languageID: document.languageID, text: document.text)
      XCTAssertNil(server.server.documents[document.uri], document.uri)
      XCTAssertFalse(references.isEmpty, document.uri)
      for (index, reference) in references.enumerated() {
        XCTAssertNil(reference(), "\(document.uri): object \(index) of what it held is still alive after it closed")
      }
    }
    XCTAssertTrue(server.server.documents.isEmpty)
  }
}
