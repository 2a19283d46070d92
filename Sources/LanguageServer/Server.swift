import Configuration
import EditorFeatures
import Foundation
import JSONRPC
import LayoutAnalysis
import LayoutSyntax

/// The state of the protocol's lifecycle.
enum Lifecycle: Equatable {
  /// Before `initialize`: only `initialize` and `exit` are handled.
  case uninitialized
  /// Between `initialize` and `shutdown`.
  case running
  /// After `shutdown`: requests fail with `-32600`, and only `exit` is handled.
  case shutDown
}

/// The language server's state and the handling of every message, on one thread.
///
/// The server owns the open documents and applies edits in the order they arrive; each
/// request is handled against the documents as they are when it arrives, so its positions
/// mean what the client meant. Analysis is lazy: a burst of edits costs one analysis, run
/// when a request needs it or when the burst is over (`flush`), whichever comes first.
///
/// Every request is answered exactly once, and no notification is ever answered. A handler
/// that throws gets an error response; nothing a client sends can stop the server.
///
/// The server knows no kind of file: each open document has its language (chosen when it
/// opens), whose snapshots answer the features in byte offsets; the handlers only read the
/// protocol's params, convert positions and write the answers as JSON.
final class Server {
  typealias RequestHandler = @Sendable (Server, Params) throws -> JSONValue
  typealias NotificationHandler = @Sendable (Server, Params) throws -> Void

  private let writer: (Message) -> Void
  private let logSink: (String) -> Void
  let cancellation: CancellationRegistry

  private(set) var lifecycle = Lifecycle.uninitialized
  /// Set by `exit` or the end of the input: the status the process should exit with.
  private(set) var exitStatus: Int32?
  var client = ClientCapabilities()
  var encoding = PositionEncoding.utf16
  var settings = ServerSettings()
  /// The `.plumb.json` files read so far, read again when they change.
  let configurations = ConfigurationStore()
  /// The configuration errors already shown, so each is shown once.
  var reportedConfigurationErrors: Set<String> = []
  /// The process id the client gave, for the watchdog.
  private(set) var parentProcessID: Int32?

  var documents: [String: OpenDocument] = [:]
  /// Documents edited since they were last published, most recent last.
  private var editOrder: [String] = []
  /// Where the analyses that edits replaced are freed (`release`), one after another.
  private let releaser = DispatchQueue(label: "plumb.lsp.release", qos: .utility)
  private var generation = 0

  /// Requests the server sent to the client, by id, with what to do with the answer.
  private var outgoing: [RequestID: (Result<JSONValue, ResponseError>) -> Void] = [:]
  private var nextOutgoingID = 1

  init(cancellation: CancellationRegistry, send: @escaping (Message) -> Void, log: @escaping (String) -> Void) {
    self.cancellation = cancellation
    writer = send
    logSink = log
  }

  // MARK: - Sending

  func send(_ message: Message) { writer(message) }

  func notify(_ method: String, _ params: JSONValue) {
    send(.notification(method: method, params: params))
  }

  /// Sends a request to the client; `handler` gets the answer.
  func request(_ method: String, _ params: JSONValue?, handler: @escaping (Result<JSONValue, ResponseError>) -> Void) {
    let id = RequestID.string("plumb-\(nextOutgoingID)")
    nextOutgoingID += 1
    outgoing[id] = handler
    send(.request(id: id, method: method, params: params))
  }

  /// Writes a line to the log (stderr), never to the protocol stream.
  func log(_ text: String) { logSink(text) }

  /// Logs a problem and tells the client through `window/logMessage` when it can listen.
  func warn(_ text: String) {
    log(text)
    if lifecycle == .running {
      notify("window/logMessage", .object([("type", 2), ("message", .string(text))]))
    }
  }

  func nextGeneration() -> Int {
    generation += 1
    return generation
  }

  // MARK: - Handling

  /// Handles events in order, stopping at `exit`. Edits only change the text: the analysis
  /// runs when a request needs it or when the main loop calls `flush` (the inbox is empty),
  /// so a burst of edits is analysed once.
  func process(_ events: [IncomingEvent]) {
    for event in events {
      if exitStatus != nil { return }
      handle(event)
    }
  }

  func handle(_ event: IncomingEvent) {
    switch event {
    case .message(let message):
      handle(message)
    case .invalid(let failure):
      log("plumb lsp: invalid message: \(failure.error.message)")
      if failure.shouldRespond {
        send(.response(id: failure.id, result: .failure(failure.error)))
        if let id = failure.id { cancellation.answered(id) }
      }
    case .skipped(let reason):
      log("plumb lsp: skipped \(reason)")
    case .endOfInput:
      log("plumb lsp: the input ended\(lifecycle == .shutDown ? "" : " without a shutdown request")")
      exitStatus = lifecycle == .shutDown ? 0 : 1
    }
  }

  func handle(_ message: Message) {
    switch message {
    case .request(let id, let method, let params):
      let result = answer(id: id, method: method, params: params)
      send(.response(id: id, result: result))
      cancellation.answered(id)
    case .notification(let method, let params):
      handleNotification(method: method, params: params)
    case .response(let id, let result):
      guard let id, let handler = outgoing.removeValue(forKey: id) else {
        log("plumb lsp: a response to no request of ours (id \(id?.description ?? "null"))")
        return
      }
      handler(result)
    }
  }

  private func answer(id: RequestID, method: String, params: JSONValue?) -> Result<JSONValue, ResponseError> {
    if cancellation.isCancelled(id) { return .failure(.cancelled) }
    switch lifecycle {
    case .uninitialized where method != "initialize":
      return .failure(.serverNotInitialized)
    case .running where method == "initialize":
      return .failure(.invalidRequest("the server is already initialized"))
    case .shutDown:
      return .failure(.invalidRequest("the server is shutting down: only 'exit' is accepted"))
    default:
      break
    }
    guard let handler = Server.requestHandlers[method] else { return .failure(.methodNotFound(method)) }
    do {
      let value = try handler(self, Params(params ?? .object([])))
      // A request cancelled while it ran is answered as cancelled: its result may be stale.
      if cancellation.isCancelled(id) { return .failure(.cancelled) }
      return .success(value)
    } catch let error as ResponseError {
      return .failure(error)
    } catch {
      log("plumb lsp: \(method) failed: \(error)")
      return .failure(.internalError("\(method) failed: \(error)"))
    }
  }

  private func handleNotification(method: String, params: JSONValue?) {
    if method == "exit" {
      exitStatus = lifecycle == .shutDown ? 0 : 1
      return
    }
    guard lifecycle == .running else {
      log("plumb lsp: ignored '\(method)' \(lifecycle == .uninitialized ? "before initialize" : "after shutdown")")
      return
    }
    guard let handler = Server.notificationHandlers[method] else {
      if !method.hasPrefix("$/") { log("plumb lsp: ignored unknown notification '\(method)'") }
      return
    }
    do {
      try handler(self, Params(params ?? .object([])))
    } catch let error as ResponseError {
      warn("plumb lsp: ignored '\(method)': \(error.message)")
    } catch {
      warn("plumb lsp: '\(method)' failed: \(error)")
    }
  }

  // MARK: - Routing

  /// Every request the server answers, whatever the document's language: a feature the
  /// language does not have answers null (its snapshot says nil).
  static let requestHandlers: [String: RequestHandler] = [
    "initialize": { try $0.initialize($1) },
    "shutdown": { server, _ in server.shutdown() },
    "textDocument/diagnostic": { try $0.pullDiagnostics($1) },
    "textDocument/hover": { try $0.hover($1) },
    "textDocument/inlayHint": { try $0.inlayHints($1) },
    "textDocument/codeAction": { try $0.codeActions($1) },
    "textDocument/documentSymbol": { try $0.documentSymbols($1) },
    "textDocument/definition": { try $0.definition($1) },
    "textDocument/references": { try $0.references($1) },
    "textDocument/documentHighlight": { try $0.documentHighlight($1) },
    "textDocument/prepareRename": { try $0.prepareRename($1) },
    "textDocument/rename": { try $0.rename($1) },
    "textDocument/completion": { try $0.completion($1) },
    "textDocument/semanticTokens/full": { try $0.semanticTokens($1) },
    "textDocument/semanticTokens/range": { try $0.semanticTokensRange($1) },
    "textDocument/formatting": { try $0.formatting($1) },
    "textDocument/foldingRange": { try $0.foldingRanges($1) },
    "plumb/frames": { try $0.frames($1) },
    "plumb/render": { try $0.render($1) },
    "plumb/explain": { try $0.explain($1) },
    "plumb/documentText": { try $0.documentText($1) },
  ]

  static let notificationHandlers: [String: NotificationHandler] = [
    "initialized": { server, _ in server.initialized() },
    "textDocument/didOpen": { try $0.didOpen($1) },
    "textDocument/didChange": { try $0.didChange($1) },
    "textDocument/didClose": { try $0.didClose($1) },
    "textDocument/didSave": { _, _ in },
    "workspace/didChangeConfiguration": { server, params in server.didChangeConfiguration(params) },
    "workspace/didChangeWatchedFiles": { try $0.didChangeWatchedFiles($1) },
  ]

  // MARK: - Lifecycle

  private func initialize(_ params: Params) throws -> JSONValue {
    client = ClientCapabilities(params.optional("capabilities")?.value)
    encoding = client.negotiatedEncoding
    settings.apply(params.optional("initializationOptions")?.value)
    if let pid = params.optional("processId")?.value.intValue, pid > 0, pid <= Int(Int32.max) {
      parentProcessID = Int32(pid)
    }
    lifecycle = .running
    return .object([
      ("capabilities", Server.capabilities(client: client, encoding: encoding, sourceCodeOnly: settings.sourceCodeOnly)),
      ("serverInfo", .object([("name", "plumb"), ("version", .string(plumbServerVersion))])),
    ])
  }

  private func initialized() {
    requestConfiguration()
    registerConfigurationWatcher()
  }

  /// Cleans up before answering, as clients may kill the process right after `exit`.
  private func shutdown() -> JSONValue {
    documents = [:]
    editOrder = []
    lifecycle = .shutDown
    return .null
  }

  // MARK: - Settings

  private func didChangeConfiguration(_ params: Params) {
    if let settingsValue = params.optional("settings")?.value, settingsValue.objectValue != nil {
      let before = settings
      settings.apply(settingsValue)
      if settings != before { settingsChanged(from: before) }
    }
    requestConfiguration()
  }

  /// Asks the client for the `plumb` section when it supports `workspace/configuration`.
  private func requestConfiguration() {
    guard client.configuration else { return }
    request("workspace/configuration", .object([("items", [.object([("section", "plumb")])])])) { [weak self] result in
      guard let self else { return }
      switch result {
      case .success(let value):
        let before = self.settings
        if let first = value[0] { self.settings.apply(first) }
        if self.settings != before { self.settingsChanged(from: before) }
      case .failure(let error):
        self.log("plumb lsp: workspace/configuration failed: \(error.message)")
      }
    }
  }

  private func settingsChanged(from before: ServerSettings) {
    if client.inlayHintRefresh {
      request("workspace/inlayHint/refresh", Optional.none) { _ in }
    }
    // Other codes to leave out: every open document's findings are reported again.
    guard settings.ignoredCodes != before.ignoredCodes else { return }
    reportAgain()
  }

  /// Reports every open document's findings again, after what lets them through changed.
  func reportAgain() {
    guard lifecycle == .running else { return }
    if client.pullDiagnostics {
      if client.diagnosticRefresh { request("workspace/diagnostic/refresh", Optional.none) { _ in } }
    } else {
      for (_, document) in documents.sorted(by: { $0.key < $1.key }) {
        publish(document.analysis(nextGeneration: nextGeneration), of: document)
      }
    }
  }

  /// The findings the settings let through.
  func reported(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    settings.ignoredCodes.isEmpty ? diagnostics : diagnostics.filter { !settings.ignoredCodes.contains($0.code) }
  }

  // MARK: - Documents

  private func didOpen(_ params: Params) throws {
    let item = try params.required("textDocument")
    let uri = try item.required("uri").string()
    let text = try item.required("text").string()
    let version = try item.required("version").int()
    let languageID = item.optional("languageId")?.value.stringValue
    // The language is chosen here, once, as the document's configuration has it (its Visual
    // Format functions): it answers for the document until it closes.
    let document = OpenDocument(
      uri: uri, language: EditorLanguages.language(forURI: uri, languageID: languageID, among: languages(forURI: uri)),
      version: version, bytes: Array(text.utf8))
    documents[uri] = document
    touched(uri)
  }

  private func didChange(_ params: Params) throws {
    let identifier = try params.required("textDocument")
    let uri = try identifier.required("uri").string()
    let version = try identifier.required("version").int()
    guard let document = documents[uri] else {
      throw ResponseError.invalidParams("a change to '\(uri)', which is not open")
    }
    if version <= document.version {
      warn("plumb lsp: version \(version) of '\(uri)' after version \(document.version)")
    }
    // Read every change before applying any, so a malformed one leaves the text as it was.
    var changes: [(range: (start: ProtocolPosition, end: ProtocolPosition)?, text: String)] = []
    for change in try params.required("contentChanges").array() {
      let text = try change.required("text").string()
      changes.append((try change.optional("range")?.range(), text))
    }
    for change in changes {
      if let range = change.range {
        let start = document.lines.offset(of: range.start, encoding: encoding)
        let end = document.lines.offset(of: range.end, encoding: encoding)
        document.replace(SourceRange(start: start, end: end), with: Array(change.text.utf8))
      } else {
        document.replaceAll(with: Array(change.text.utf8), version: version)
      }
    }
    document.setVersion(version)
    touched(uri)
  }

  private func didClose(_ params: Params) throws {
    let uri = try params.documentURI()
    guard documents.removeValue(forKey: uri) != nil else {
      log("plumb lsp: closed '\(uri)', which was not open")
      return
    }
    editOrder.removeAll { $0 == uri }
    if !client.pullDiagnostics {
      notify("textDocument/publishDiagnostics", .object([("uri", .string(uri)), ("diagnostics", [])]))
    }
    // The document's analysis is freed now; the allocator keeps the pages it came from unless
    // told to give them back, and a server that outlives many documents should not.
    waitForReleases()
    FreedMemory.giveBack()
  }

  private func touched(_ uri: String) {
    editOrder.removeAll { $0 == uri }
    editOrder.append(uri)
  }

  /// Analyses the documents edited since the last flush and pushes their diagnostics, the
  /// most recently edited first. Pull clients are not pushed to.
  func flush() {
    guard lifecycle == .running, exitStatus == nil else { return }
    let order = editOrder.reversed()
    editOrder = []
    guard !client.pullDiagnostics else {
      // Nothing is published to a client that pulls diagnostics, but the analyses its edits
      // replaced are freed all the same (otherwise each stayed until the next edit replaced
      // the next one, and was freed on this thread then).
      release(order.compactMap { documents[$0]?.takeRetired() })
      return
    }
    // The last analysis replaced is freed while the client reads the diagnostics and asks
    // its next questions; a new analysis waits for the rest rather than share the cores (and
    // the allocator) with it.
    if !order.isEmpty { waitForReleases() }
    for uri in order {
      guard let document = documents[uri] else { continue }
      let snapshot = document.analysis(nextGeneration: nextGeneration)
      guard document.publishedGeneration != snapshot.generation else { continue }
      publish(snapshot, of: document)
    }
    release(order.compactMap { documents[$0]?.takeRetired() })
  }

  /// Frees analyses that edits replaced on `releaser`, so that the thread answering messages
  /// does not spend the next message's time releasing a whole tree, model and layout; then
  /// gives what was freed back to the system (0.2–0.4 ms typically at 10,000 views, 9 ms at
  /// most). Both are off the path of the diagnostics, which were published first; the next
  /// analysis waits for them (`waitForReleases`) only if they have not finished by then.
  private func release(_ retired: [AnalysisSnapshot]) {
    guard !retired.isEmpty else { return }
    let parcel = RetiredAnalyses(retired)
    releaser.async {
      parcel.free()
      FreedMemory.giveBack()
    }
  }

  /// Waits until the analyses handed to `releaser` so far are freed (before an analysis, when
  /// a document closes, and in tests).
  func waitForReleases() {
    releaser.sync {}
  }

  /// Pushes an analysis's diagnostics, with the version they are for.
  private func publish(_ snapshot: AnalysisSnapshot, of document: OpenDocument) {
    document.publishedGeneration = snapshot.generation
    document.publishedDiagnostics = snapshot.diagnostics
    notify(
      "textDocument/publishDiagnostics",
      .object([
        ("uri", .string(snapshot.uri)), ("version", .int(snapshot.version)),
        ("diagnostics", .array(reported(snapshot.diagnostics, of: snapshot).map { lspDiagnostic($0, in: snapshot) })),
      ]))
  }

  /// Runs when no message is waiting: a document whose analysis may rest on another solution
  /// than `plumb check` finds (an ambiguous layout updated in place) is solved again in file
  /// order, and its diagnostics are pushed again if they changed. Edits are answered first;
  /// this keeps what the editor shows equal to what CI reports.
  func settle() {
    guard lifecycle == .running, exitStatus == nil else { return }
    var refreshDiagnostics = false
    var refreshHints = false
    for (_, document) in documents.sorted(by: { $0.key < $1.key }) {
      let before = document.publishedDiagnostics
      let analysed = document.currentDiagnostics
      guard let snapshot = document.settle(nextGeneration: nextGeneration) else { continue }
      // Frames may have moved; a pulling client is told to pull again if the findings changed.
      refreshHints = true
      if client.pullDiagnostics, analysed != snapshot.diagnostics { refreshDiagnostics = true }
      if !client.pullDiagnostics, before != snapshot.diagnostics { publish(snapshot, of: document) }
      release(document.takeRetired().map { [$0] } ?? [])
    }
    if refreshDiagnostics && client.diagnosticRefresh {
      request("workspace/diagnostic/refresh", Optional.none) { _ in }
    }
    if refreshHints && client.inlayHintRefresh {
      request("workspace/inlayHint/refresh", Optional.none) { _ in }
    }
  }

  /// The snapshot of an open document, or nil (and a log line) for an unknown one.
  func snapshot(_ params: Params) throws -> AnalysisSnapshot? {
    let uri = try params.documentURI()
    guard let document = documents[uri] else {
      log("plumb lsp: a request about '\(uri)', which is not open")
      return nil
    }
    return document.analysis(nextGeneration: nextGeneration)
  }

  /// `plumb/documentText`: the text and version the server holds for a document, to check
  /// that incremental edits keep it in step with the client's.
  func documentText(_ params: Params) throws -> JSONValue {
    let uri = try params.documentURI()
    guard let document = documents[uri] else { throw ResponseError.invalidParams("'\(uri)' is not open") }
    return .object([
      ("uri", .string(uri)), ("version", .int(document.version)),
      ("text", .string(String(decoding: document.bytes, as: UTF8.self))),
    ])
  }

  // MARK: - Positions

  func position(_ offset: Int, in snapshot: AnalysisSnapshot) -> JSONValue {
    let position = snapshot.lines.position(of: offset, encoding: encoding)
    return .object([("line", .int(position.line)), ("character", .int(position.character))])
  }

  func range(_ range: SourceRange, in snapshot: AnalysisSnapshot) -> JSONValue {
    .object([("start", position(range.start, in: snapshot)), ("end", position(range.end, in: snapshot))])
  }

  /// The byte offset of the `position` member of a request.
  func offset(_ params: Params, in snapshot: AnalysisSnapshot) throws -> Int {
    snapshot.lines.offset(of: try params.required("position").position(), encoding: encoding)
  }

  func location(_ range: SourceRange, in snapshot: AnalysisSnapshot) -> JSONValue {
    .object([("uri", .string(snapshot.uri)), ("range", self.range(range, in: snapshot))])
  }

  /// The byte range of the `range` member of a request.
  func byteRange(_ params: Params, in snapshot: AnalysisSnapshot) throws -> SourceRange {
    let requested = try params.required("range").range()
    return SourceRange(
      start: snapshot.lines.offset(of: requested.start, encoding: encoding),
      end: snapshot.lines.offset(of: requested.end, encoding: encoding))
  }

  /// What the settings say about frames, for hovers and inlay hints.
  var framePreferences: FramePreferences {
    FramePreferences(
      primaryCanvas: settings.primaryCanvas, primaryDirection: settings.primaryDirection.flatMap(LayoutDirection.init),
      showFrames: settings.showFrameHints, showAmbiguity: settings.showAmbiguityHints)
  }
}

/// Analyses that edits replaced, on their way to be freed on another thread.
///
/// Unchecked: once retired (`OpenDocument.takeRetired`), a snapshot is reachable from nothing
/// but this parcel, which the releasing queue alone touches after it is handed over. What the
/// snapshot shares with the current analysis (the statements the edit moved, the places'
/// solvers) is only released there: reference counts are atomic, and an object is destroyed
/// on that queue only when nothing else holds it.
private final class RetiredAnalyses: @unchecked Sendable {
  private var snapshots: [AnalysisSnapshot]

  init(_ snapshots: [AnalysisSnapshot]) {
    self.snapshots = snapshots
  }

  func free() {
    snapshots = []
  }
}

/// The version the server reports in `serverInfo`.
let plumbServerVersion = "0.1.0"
