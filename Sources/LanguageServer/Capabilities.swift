import EditorFeatures
import JSONRPC

extension Server {
  /// What the server advertises in its `initialize` result.
  ///
  /// Diagnostics are pulled (`diagnosticProvider`) when the client can pull them, and
  /// pushed otherwise, never both, so that no editor shows them twice.
  ///
  /// A server started for source files only (`sourceCodeOnly` in `initializationOptions`: an
  /// editor's second server for Swift and Objective-C buffers, beside sourcekit-lsp or clangd)
  /// advertises only what it offers there — diagnostics, hover, completion inside format
  /// strings and quick fixes — so that no editor hands it formatting, symbols, semantic tokens,
  /// folding, navigation or renames in place of the language's own server.
  static func capabilities(client: ClientCapabilities, encoding: PositionEncoding, sourceCodeOnly: Bool = false) -> JSONValue {
    if sourceCodeOnly {
      var members: [(String, JSONValue)] = [
        ("positionEncoding", .string(encoding.rawValue)),
        (
          "textDocumentSync",
          .object([("openClose", true), ("change", 2), ("save", .object([("includeText", false)]))])
        ),
        ("hoverProvider", true),
        (
          "codeActionProvider",
          .object([("codeActionKinds", [.string(CodeActionKind.quickFix.rawValue)]), ("resolveProvider", false)])
        ),
        ("completionProvider", .object([("triggerCharacters", ["[", "(", "-", "@"]), ("resolveProvider", false)])),
      ]
      if client.pullDiagnostics {
        members.append(
          (
            "diagnosticProvider",
            .object([("identifier", "plumb"), ("interFileDependencies", false), ("workspaceDiagnostics", false)])
          ))
      }
      return .object(members)
    }
    var members: [(String, JSONValue)] = [
      ("positionEncoding", .string(encoding.rawValue)),
      (
        "textDocumentSync",
        .object([("openClose", true), ("change", 2), ("save", .object([("includeText", false)]))])
      ),
      ("hoverProvider", true),
      ("inlayHintProvider", .object([("resolveProvider", false)])),
      (
        "codeActionProvider",
        .object([
          (
            "codeActionKinds",
            [.string(CodeActionKind.quickFix.rawValue), .string(CodeActionKind.convertToLeadingTrailing.rawValue)]
          ),
          ("resolveProvider", false),
        ])
      ),
      ("documentSymbolProvider", true),
      ("definitionProvider", true),
      ("referencesProvider", true),
      ("documentHighlightProvider", true),
      ("renameProvider", client.prepareRename ? .object([("prepareProvider", true)]) : true),
      (
        "completionProvider",
        .object([("triggerCharacters", [".", "@", "[", "(", "-", ":"]), ("resolveProvider", false)])
      ),
      (
        "semanticTokensProvider",
        .object([
          (
            "legend",
            .object([
              ("tokenTypes", .array(SemanticTokenType.allCases.map { .string($0.legendName) })),
              ("tokenModifiers", .array(SemanticTokenModifiers.legendNames.map { .string($0) })),
            ])
          ),
          ("full", true),
          ("range", true),
        ])
      ),
      ("documentFormattingProvider", true),
      ("foldingRangeProvider", true),
      (
        "experimental",
        .object([("plumbFramesProvider", true), ("plumbExplainProvider", true), ("plumbRenderProvider", true)])
      ),
    ]
    if client.pullDiagnostics {
      members.append(
        (
          "diagnosticProvider",
          .object([("identifier", "plumb"), ("interFileDependencies", false), ("workspaceDiagnostics", false)])
        ))
    }
    return .object(members)
  }
}
