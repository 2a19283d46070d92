import LayoutAnalysis
import LayoutSyntax

extension LayoutSnapshot {
  /// The outline: canvases, metrics, the view tree and labelled constraints.
  public func documentSymbols() -> [DocumentSymbol]? {
    outline(syntax.statements.array)
  }

  private func outline(_ statements: [Statement]) -> [DocumentSymbol] {
    var symbols: [DocumentSymbol] = []
    for statement in statements {
      switch statement {
      case .canvas(let canvas):
        symbols.append(
          DocumentSymbol(
            name: canvas.name.name, detail: "canvas \(formatNumber(canvas.width))x\(formatNumber(canvas.height))",
            kind: .namespace, range: canvas.range, selection: canvas.name.range, children: []))
      case .metric(let metric):
        symbols.append(
          DocumentSymbol(
            name: metric.name.name, detail: "= \(formatNumber(metric.value))", kind: .constant, range: metric.range,
            selection: metric.name.range, children: []))
      case .view(let view):
        // The parser bounds nesting, so the recursion is bounded too.
        symbols.append(
          DocumentSymbol(
            name: view.name.name, detail: detail(of: view), kind: .class, range: view.range, selection: view.name.range,
            children: outline(view.body)))
      case .when(let block):
        symbols.append(
          DocumentSymbol(
            name: "when \(block.condition)", detail: "size classes", kind: .namespace, range: block.range,
            selection: SourceRange(start: block.keyword.start, end: block.traits.last?.range.end ?? block.keyword.end),
            children: outline(block.body)))
      case .constraint(let constraint):
        guard let label = constraint.label else { continue }
        let text = document.text(of: SourceRange(start: constraint.first.range.start, end: constraint.range.end))
        symbols.append(
          DocumentSymbol(
            name: label.name, detail: text, kind: .property, range: constraint.range, selection: label.range,
            children: []))
      default:
        continue
      }
    }
    return symbols
  }

  /// A view's kind; a stack view's axis too.
  private func detail(of view: ViewDeclaration) -> String {
    guard view.kind.name == "stack" else { return view.kind.name }
    var axis = StackAxis.horizontal
    for property in view.properties { if case .stack(.axis(let written)) = property.value { axis = written } }
    return "stack, \(axis.rawValue)"
  }

  /// Each view body and `when` block, from the line of `{` to the line before `}`, and each run of two or more
  /// comment lines.
  public func foldingRanges() -> [FoldingRange]? {
    var ranges: [FoldingRange] = []
    SyntaxWalker.walk(syntax) { node in
      let bodyRange: SourceRange? =
        switch node {
        case .view(let view, _): view.bodyRange
        case .when(let block): block.bodyRange
        default: nil
        }
      guard let body = bodyRange else { return }
      let startLine = lines.line(containing: body.start)
      // Keep the closing brace visible: fold up to the line before it.
      let endLine = lines.line(containing: max(body.start, body.end - 1)) - 1
      guard endLine > startLine else { return }
      ranges.append(FoldingRange(startLine: startLine, endLine: endLine, isComment: false))
    }
    let bytes = self.bytes
    var runStart: Int?
    var previous = -1
    func closeRun() {
      if let start = runStart, previous > start {
        ranges.append(FoldingRange(startLine: start, endLine: previous, isComment: true))
      }
      runStart = nil
    }
    for line in 0..<lines.lineCount {
      let content = lines.contentRange(ofLine: line, within: bytes.count)
      var offset = content.start
      while offset < content.end, bytes[offset] == 0x20 || bytes[offset] == 0x09 { offset += 1 }
      if offset < content.end, bytes[offset] == UInt8(ascii: "#") {
        if runStart == nil { runStart = line }
        previous = line
      } else {
        closeRun()
      }
    }
    closeRun()
    return ranges
  }
}
