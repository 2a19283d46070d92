import JSONRPC
import LayoutSyntax

/// What the client said it supports in `initialize`, reduced to what the server looks at.
struct ClientCapabilities: Sendable {
  var positionEncodings: [String] = []
  /// `textDocument.diagnostic`: the client pulls diagnostics, so the server does not push.
  var pullDiagnostics = false
  var relatedInformation = false
  var hierarchicalSymbols = false
  var markdownHover = false
  var prepareRename = false
  var documentChanges = false
  var configuration = false
  var inlayHintRefresh = false
  var semanticTokensRefresh = false
  var diagnosticRefresh = false
  var snippets = false
  var codeActionLiterals = false
  var lineFoldingOnly = false
  /// Whether the client watches files for the server when asked (`client/registerCapability`).
  var watchedFilesRegistration = false

  init() {}

  init(_ capabilities: JSONValue?) {
    guard let capabilities else { return }
    let general = capabilities["general"]
    let textDocument = capabilities["textDocument"]
    let workspace = capabilities["workspace"]
    positionEncodings = general?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? []
    pullDiagnostics = textDocument?["diagnostic"]?.objectValue != nil
    relatedInformation = textDocument?["publishDiagnostics"]?["relatedInformation"]?.boolValue ?? false
    hierarchicalSymbols =
      textDocument?["documentSymbol"]?["hierarchicalDocumentSymbolSupport"]?.boolValue ?? false
    let hoverFormats = textDocument?["hover"]?["contentFormat"]?.arrayValue?.compactMap(\.stringValue)
    markdownHover = hoverFormats?.contains("markdown") ?? false
    prepareRename = textDocument?["rename"]?["prepareSupport"]?.boolValue ?? false
    documentChanges = workspace?["workspaceEdit"]?["documentChanges"]?.boolValue ?? false
    configuration = workspace?["configuration"]?.boolValue ?? false
    inlayHintRefresh = workspace?["inlayHint"]?["refreshSupport"]?.boolValue ?? false
    semanticTokensRefresh = workspace?["semanticTokens"]?["refreshSupport"]?.boolValue ?? false
    diagnosticRefresh = workspace?["diagnostics"]?["refreshSupport"]?.boolValue ?? false
    snippets = textDocument?["completion"]?["completionItem"]?["snippetSupport"]?.boolValue ?? false
    codeActionLiterals = textDocument?["codeAction"]?["codeActionLiteralSupport"]?.objectValue != nil
    lineFoldingOnly = textDocument?["foldingRange"]?["lineFoldingOnly"]?.boolValue ?? false
    watchedFilesRegistration = workspace?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue ?? false
  }

  /// The encoding to use: UTF-8 when the client offers it, else the mandatory UTF-16.
  var negotiatedEncoding: PositionEncoding {
    positionEncodings.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
  }
}

/// The server's settings, from `initializationOptions` and `workspace/configuration`.
///
/// Unknown members and members of the wrong type are ignored, and null resets a member to
/// its default, so a client's settings can never stop the server.
public struct ServerSettings: Sendable, Equatable {
  /// The canvas whose frames inlay hints show; nil for the file's first.
  public var primaryCanvas: String?
  /// The direction whose frames inlay hints show: `ltr` or `rtl`; nil for the first checked.
  public var primaryDirection: String?
  /// Whether inlay hints show each view's solved frame.
  public var showFrameHints = true
  /// Whether inlay hints mark views whose frame is ambiguous.
  public var showAmbiguityHints = true
  /// Codes whose findings are not reported (`ignore`, as `plumb check --ignore`).
  public var ignoredCodes: Set<DiagnosticCode> = []
  /// Whether the server was started for Swift and Objective-C buffers only, beside their own
  /// language server: it then advertises only diagnostics, hover, completion and quick fixes.
  /// Read from `initializationOptions` (capabilities are fixed at `initialize`).
  public var sourceCodeOnly = false

  public init() {}

  /// Applies the members of a settings object; the object may be wrapped in `plumb`.
  mutating func apply(_ value: JSONValue?) {
    guard var settings = value, settings.objectValue != nil else { return }
    if let inner = settings["plumb"], inner.objectValue != nil { settings = inner }
    // null resets a setting to its default; a value of the wrong type leaves it as it is.
    if let canvas = settings["primaryCanvas"] {
      if canvas.isNull { primaryCanvas = nil } else if let text = canvas.stringValue { primaryCanvas = text }
    }
    if let direction = settings["primaryDirection"] {
      if direction.isNull {
        primaryDirection = nil
      } else if let text = direction.stringValue, text == "ltr" || text == "rtl" {
        primaryDirection = text
      }
    }
    // Codes Plumb does not know are skipped: a setting never stops the server.
    if let ignore = settings["ignore"] {
      if ignore.isNull {
        ignoredCodes = []
      } else if let codes = ignore.arrayValue {
        ignoredCodes = Set(codes.compactMap { $0.stringValue.flatMap(DiagnosticCode.init(rawValue:)) })
      }
    }
    if let only = settings["sourceCodeOnly"]?.boolValue { sourceCodeOnly = only }
    if let hints = settings["inlayHints"], hints.objectValue != nil {
      if let frames = hints["frames"]?.boolValue { showFrameHints = frames }
      if let ambiguity = hints["ambiguity"]?.boolValue { showAmbiguityHints = ambiguity }
    }
  }
}
