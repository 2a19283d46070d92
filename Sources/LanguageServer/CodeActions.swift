import EditorFeatures
import JSONRPC
import LayoutSyntax

extension Server {
  /// `textDocument/codeAction`: the language's actions for the range, of the kinds
  /// `context.only` asks for.
  func codeActions(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params) else { return .null }
    let requested = try byteRange(params, in: snapshot)
    let only = try params.optional("context")?.optional("only")?.array().map { try $0.string() }
    guard let actions = snapshot.editor.codeActions(in: requested, only: only) else { return .null }
    return .array(
      actions.map { action in
        object([
          ("title", .string(action.title)),
          ("kind", .string(action.kind.rawValue)),
          // (`nil` would be JSON's null here: a member left out is `Optional.none`.)
          (
            "diagnostics",
            action.diagnostics.isEmpty
              ? Optional.none : JSONValue.array(action.diagnostics.map { lspDiagnostic($0, in: snapshot) })
          ),
          ("isPreferred", action.isPreferred ? JSONValue.bool(true) : Optional.none),
          ("edit", workspaceEdit(action.edits, in: snapshot)),
        ])
      })
  }

  /// Edits of one document as a `WorkspaceEdit`: versioned `documentChanges` when the client
  /// takes them, else `changes`.
  func workspaceEdit(_ edits: [TextEdit], in snapshot: AnalysisSnapshot) -> JSONValue {
    let textEdits: [JSONValue] = edits.sorted { $0.range < $1.range }.map { edit in
      .object([("range", range(edit.range, in: snapshot)), ("newText", .string(edit.newText))])
    }
    if client.documentChanges {
      return .object([
        (
          "documentChanges",
          [
            .object([
              (
                "textDocument",
                .object([("uri", .string(snapshot.uri)), ("version", .int(snapshot.version))])
              ),
              ("edits", .array(textEdits)),
            ])
          ]
        )
      ])
    }
    return .object([("changes", .object([(snapshot.uri, .array(textEdits))]))])
  }
}
