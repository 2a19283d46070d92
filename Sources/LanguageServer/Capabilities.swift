import JSONRPC

/// The semantic token types the server reports, in legend order.
enum SemanticTokenType: Int, CaseIterable {
  case keyword, variable, property, number, `operator`, enumMember, comment, string, label, type

  var name: String {
    switch self {
    case .keyword: "keyword"
    case .variable: "variable"
    case .property: "property"
    case .number: "number"
    case .operator: "operator"
    case .enumMember: "enumMember"
    case .comment: "comment"
    case .string: "string"
    case .label: "label"
    case .type: "type"
    }
  }
}

/// The semantic token modifiers, as bits in legend order.
enum SemanticTokenModifier: Int, CaseIterable {
  case declaration, readonly

  var name: String {
    switch self {
    case .declaration: "declaration"
    case .readonly: "readonly"
    }
  }

  var bit: Int { 1 << rawValue }
}

/// The code action kind of the source action that rewrites left/right as leading/trailing.
let convertToLeadingTrailingKind = "source.convertToLeadingTrailing.plumb"

extension Server {
  /// What the server advertises in its `initialize` result.
  ///
  /// Diagnostics are pulled (`diagnosticProvider`) when the client can pull them, and
  /// pushed otherwise, never both, so that no editor shows them twice.
  static func capabilities(client: ClientCapabilities, encoding: PositionEncoding) -> JSONValue {
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
          ("codeActionKinds", ["quickfix", .string(convertToLeadingTrailingKind)]), ("resolveProvider", false),
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
              ("tokenTypes", .array(SemanticTokenType.allCases.map { .string($0.name) })),
              ("tokenModifiers", .array(SemanticTokenModifier.allCases.map { .string($0.name) })),
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
        .object([("plumbFramesProvider", true)])
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
