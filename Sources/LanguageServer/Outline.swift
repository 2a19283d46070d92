import JSONRPC
import LayoutAnalysis
import LayoutSyntax

/// The protocol's symbol kinds the outline uses.
private enum SymbolKind {
  static let namespace = 3
  static let `class` = 5
  static let property = 7
  static let constant = 14
}

extension Server {
  /// `textDocument/documentSymbol`: canvases, metrics, the view tree and labelled constraints.
  ///
  /// Hierarchical when the client takes it; otherwise a flat list whose container names
  /// keep the tree.
  func documentSymbols(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params) else { return .null }
    return symbolsResult(outline(snapshot.syntax.statements, in: snapshot), in: snapshot)
  }

  /// Symbols as the client takes them: `DocumentSymbol` trees, or `SymbolInformation` with
  /// container names.
  func symbolsResult(_ symbols: [OutlineSymbol], in snapshot: AnalysisSnapshot) -> JSONValue {
    if client.hierarchicalSymbols { return .array(symbols.map { $0.json(self, snapshot) }) }
    var flat: [JSONValue] = []
    func flatten(_ symbol: OutlineSymbol, container: String?) {
      flat.append(
        object([
          ("name", .string(symbol.name)), ("kind", .int(symbol.kind)),
          ("location", location(symbol.range, in: snapshot)),
          ("containerName", container.map { .string($0) }),
        ]))
      for child in symbol.children { flatten(child, container: symbol.name) }
    }
    for symbol in symbols { flatten(symbol, container: nil) }
    return .array(flat)
  }

  private func outline(_ statements: [Statement], in snapshot: AnalysisSnapshot) -> [OutlineSymbol] {
    var symbols: [OutlineSymbol] = []
    for statement in statements {
      switch statement {
      case .canvas(let canvas):
        symbols.append(
          OutlineSymbol(
            name: canvas.name.name, detail: "canvas \(formatNumber(canvas.width))x\(formatNumber(canvas.height))",
            kind: SymbolKind.namespace, range: canvas.range, selection: canvas.name.range, children: []))
      case .metric(let metric):
        symbols.append(
          OutlineSymbol(
            name: metric.name.name, detail: "= \(formatNumber(metric.value))", kind: SymbolKind.constant,
            range: metric.range, selection: metric.name.range, children: []))
      case .view(let view):
        symbols.append(
          OutlineSymbol(
            name: view.name.name, detail: view.kind.name, kind: SymbolKind.class, range: view.range,
            selection: view.name.range, children: outline(view.body, in: snapshot)))
      case .constraint(let constraint):
        guard let label = constraint.label else { continue }
        let text = snapshot.document.text(of: SourceRange(start: constraint.first.range.start, end: constraint.range.end))
        symbols.append(
          OutlineSymbol(
            name: label.name, detail: text, kind: SymbolKind.property, range: constraint.range, selection: label.range,
            children: []))
      default:
        continue
      }
    }
    return symbols
  }

  /// `textDocument/foldingRange`: each view body, and each run of comment lines.
  func foldingRanges(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params) else { return .null }
    var ranges: [JSONValue] = []
    let lines = snapshot.lines
    SyntaxWalker.walk(snapshot.syntax) { node in
      guard case .view(let view, _) = node, let body = view.bodyRange else { return }
      let startLine = lines.line(containing: body.start)
      // Keep the closing brace visible: fold up to the line before it.
      let endLine = lines.line(containing: max(body.start, body.end - 1)) - 1
      guard endLine > startLine else { return }
      ranges.append(.object([("startLine", .int(startLine)), ("endLine", .int(endLine))]))
    }
    var runStart: Int?
    var previous = -1
    func closeRun() {
      if let start = runStart, previous > start {
        ranges.append(.object([("startLine", .int(start)), ("endLine", .int(previous)), ("kind", "comment")]))
      }
      runStart = nil
    }
    for line in 0..<lines.lineCount {
      let content = lines.contentRange(ofLine: line)
      var offset = content.start
      while offset < content.end, snapshot.bytes[offset] == 0x20 || snapshot.bytes[offset] == 0x09 { offset += 1 }
      if offset < content.end, snapshot.bytes[offset] == UInt8(ascii: "#") {
        if runStart == nil { runStart = line }
        previous = line
      } else {
        closeRun()
      }
    }
    closeRun()
    return .array(ranges)
  }
}

/// A symbol of the outline, before it is written in the client's preferred shape.
struct OutlineSymbol {
  var name: String
  var detail: String
  var kind: Int
  var range: SourceRange
  var selection: SourceRange
  var children: [OutlineSymbol]

  func json(_ server: Server, _ snapshot: AnalysisSnapshot) -> JSONValue {
    .object([
      ("name", .string(name)), ("detail", .string(detail)), ("kind", .int(kind)),
      ("range", server.range(range, in: snapshot)), ("selectionRange", server.range(selection, in: snapshot)),
      ("children", .array(children.map { $0.json(server, snapshot) })),
    ])
  }
}
