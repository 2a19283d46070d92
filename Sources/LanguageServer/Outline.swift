import EditorFeatures
import JSONRPC

extension SymbolKind {
  /// The protocol's number for the kind.
  var protocolValue: Int {
    switch self {
    case .namespace: 3
    case .class: 5
    case .property: 7
    case .constant: 14
    case .array: 18
    case .object: 19
    }
  }
}

extension Server {
  /// `textDocument/documentSymbol`: the language's outline, hierarchical when the client takes
  /// it; otherwise a flat list whose container names keep the tree.
  func documentSymbols(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params), let symbols = snapshot.editor.documentSymbols() else { return .null }
    if client.hierarchicalSymbols { return .array(symbols.map { symbolJSON($0, in: snapshot) }) }
    var flat: [JSONValue] = []
    func flatten(_ symbol: DocumentSymbol, container: String?) {
      flat.append(
        object([
          ("name", .string(symbol.name)), ("kind", .int(symbol.kind.protocolValue)),
          ("location", location(symbol.range, in: snapshot)),
          ("containerName", container.map { .string($0) }),
        ]))
      for child in symbol.children { flatten(child, container: symbol.name) }
    }
    for symbol in symbols { flatten(symbol, container: nil) }
    return .array(flat)
  }

  /// A `DocumentSymbol` and its children.
  private func symbolJSON(_ symbol: DocumentSymbol, in snapshot: AnalysisSnapshot) -> JSONValue {
    .object([
      ("name", .string(symbol.name)), ("detail", .string(symbol.detail)), ("kind", .int(symbol.kind.protocolValue)),
      ("range", range(symbol.range, in: snapshot)), ("selectionRange", range(symbol.selection, in: snapshot)),
      ("children", .array(symbol.children.map { symbolJSON($0, in: snapshot) })),
    ])
  }

  /// `textDocument/foldingRange`.
  func foldingRanges(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params), let ranges = snapshot.editor.foldingRanges() else { return .null }
    return .array(
      ranges.map { range in
        range.isComment
          ? .object([("startLine", .int(range.startLine)), ("endLine", .int(range.endLine)), ("kind", "comment")])
          : .object([("startLine", .int(range.startLine)), ("endLine", .int(range.endLine))])
      })
  }
}
