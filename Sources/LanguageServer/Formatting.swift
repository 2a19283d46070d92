import EditorFeatures
import JSONRPC

extension Server {
  /// `textDocument/formatting`: the language's edits. The `FormattingOptions` are not used:
  /// the style is fixed.
  func formatting(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params), let edits = snapshot.editor.formattingEdits() else { return .null }
    return .array(
      edits.map { edit in .object([("range", range(edit.range, in: snapshot)), ("newText", .string(edit.newText))]) })
  }
}
