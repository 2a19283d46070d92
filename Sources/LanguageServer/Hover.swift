import JSONRPC
import LayoutAnalysis
import LayoutSyntax

extension Server {
  /// `textDocument/hover`: a metric's value; a view's properties and solved frames; a
  /// constraint's meaning and whether it holds. Null over anything else.
  func hover(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params) else { return .null }
    let offset = try self.offset(params, in: snapshot)
    // The whole file's index when another request built it, else the names around the offset.
    let index = snapshot.cache.names ?? NameIndex(snapshot, near: offset)
    var text: String?
    var range: SourceRange?
    if let occurrence = index.occurrence(at: offset) {
      range = occurrence.range
      switch occurrence.kind {
      case .metric:
        if let metric = snapshot.model.metrics[occurrence.name] {
          text = "**metric** `\(metric.name)` = \(formatNumber(metric.value))"
        }
      case .view:
        text = viewHover(occurrence.name, in: snapshot)
      }
    } else if let reference = index.superReference(at: offset) {
      range = reference.range
      text = viewHover(reference.view, in: snapshot)
    } else if let constraints = constraintsHovered(at: offset, in: snapshot) {
      range = constraints.range
      text = constraintHover(constraints.constraints, in: snapshot)
    }
    guard let text, let range else { return .null }
    return hoverResult(text, range: range, in: snapshot)
  }

  /// A `Hover` of Markdown text over a range.
  func hoverResult(_ text: String, range: SourceRange, in snapshot: AnalysisSnapshot) -> JSONValue {
    // The text is written in Markdown; a client that shows plain text gets it without marks.
    let value = client.markdownHover ? text : text.replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "`", with: "")
    return .object([
      ("contents", .object([("kind", client.markdownHover ? "markdown" : "plaintext"), ("value", .string(value))])),
      ("range", self.range(range, in: snapshot)),
    ])
  }

  /// What a hover says about a view: its kind and place in the tree, its content size and
  /// priorities, then its solved frames.
  private func viewHover(_ name: String, in snapshot: AnalysisSnapshot) -> String? {
    guard let node = snapshot.model.views[name] else { return nil }
    var lines: [String] = []
    if name == LayoutModel.rootName {
      lines.append("**root view**")
    } else {
      lines.append("**\(node.kind.rawValue)** `\(name)` in `\(node.superview ?? LayoutModel.rootName)`")
      lines.append(contentSizeDescription(node))
    }
    if let layout = snapshot.layout {
      lines += layout.viewDescription(name)
    }
    return lines.joined(separator: "\n\n")
  }

  /// A view's intrinsic size (with a note on where it comes from), hugging and compression
  /// resistance.
  func contentSizeDescription(_ node: ViewNode, intrinsicNote: String? = nil) -> String {
    var size: [String] = []
    if node.intrinsicWidth != nil || node.intrinsicHeight != nil {
      size.append(
        "intrinsic size \(node.intrinsicWidth.map(formatNumber) ?? "-")×\(node.intrinsicHeight.map(formatNumber) ?? "-")"
          + (intrinsicNote.map { " (\($0))" } ?? ""))
    }
    size.append("hugging \(formatNumber(node.hugging.horizontal))/\(formatNumber(node.hugging.vertical))")
    size.append(
      "compression resistance \(formatNumber(node.compressionResistance.horizontal))/\(formatNumber(node.compressionResistance.vertical))"
    )
    return size.joined(separator: ", ")
  }

  /// The constraints lowered from the text under the cursor: the innermost piece of a
  /// format or statement that yields any.
  private func constraintsHovered(at offset: Int, in snapshot: AnalysisSnapshot)
    -> (range: SourceRange, constraints: [LayoutConstraint])?
  {
    let containing = snapshot.model.constraints.filter { $0.range.start <= offset && offset < $0.range.end }
    guard let smallest = containing.min(by: { $0.range.length < $1.range.length }) else { return nil }
    return (smallest.range, containing.filter { $0.range == smallest.range })
  }

  private func constraintHover(_ constraints: [LayoutConstraint], in snapshot: AnalysisSnapshot) -> String {
    constraintHover(constraints, layout: snapshot.layout)
  }

  /// Each constraint as UIKit describes it, and whether it holds in each place.
  func constraintHover(_ constraints: [LayoutConstraint], layout: SolvedLayoutView?) -> String {
    var lines: [String] = []
    for constraint in constraints {
      var line = "`\(constraint.description)`"
      if constraint.priority < 1000 { line += " (optional)" }
      lines.append(line)
      if let layout {
        lines += layout.constraintStatus(constraint)
      }
    }
    return lines.joined(separator: "\n\n")
  }
}
