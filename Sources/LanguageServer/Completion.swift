import EditorFeatures
import JSONRPC

extension CompletionItemKind {
  /// The protocol's number for the kind.
  var protocolValue: Int {
    switch self {
    case .property: 10
    case .keyword: 14
    case .class: 7
    case .enumMember: 20
    case .constant: 21
    }
  }
}

extension Server {
  /// `textDocument/completion`: what fits where the cursor is.
  func completion(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params) else { return .null }
    let offset = try self.offset(params, in: snapshot)
    guard let items = snapshot.editor.completions(at: offset) else { return .null }
    return .object([
      ("isIncomplete", false),
      (
        "items",
        .array(
          items.map { item in
            object([
              ("label", .string(item.label)), ("kind", .int(item.kind.protocolValue)),
              ("detail", item.detail.map { .string($0) }),
            ])
          })
      ),
    ])
  }
}
