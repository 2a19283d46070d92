import LayoutAnalysis
import LayoutSyntax

extension LayoutSnapshot {
  /// A metric's value; a view's properties and solved frames; a constraint's meaning and
  /// whether it holds. Nil over anything else.
  public func hover(at offset: Int, preferences: FramePreferences) -> HoverContent? {
    // The whole file's index when another query built it, else the names around the offset.
    let index = names(near: offset)
    var text: String?
    var range: SourceRange?
    if let occurrence = index.occurrence(at: offset) {
      range = occurrence.range
      switch occurrence.kind {
      case .metric:
        if let metric = model.metrics[occurrence.name] {
          text = "**metric** `\(metric.name)` = \(formatNumber(metric.value))"
        }
      case .view:
        text = viewHover(occurrence.name)
      }
    } else if let reference = index.superReference(at: offset) {
      range = reference.range
      text = viewHover(reference.view)
    } else if let constraints = constraintsHovered(at: offset) {
      range = constraints.range
      text = HoverText.constraints(constraints.constraints, layout: layout)
    } else if let sizeClasses = sizeClassesHovered(at: offset) {
      range = sizeClasses.range
      text = sizeClasses.text
    }
    guard let text, let range else { return nil }
    return HoverContent(markdown: text, range: range)
  }

  /// What a hover says about a view: its kind and place in the tree, its content size and
  /// priorities, then its solved frames.
  private func viewHover(_ name: String) -> String? {
    guard let node = model.views[name] else { return nil }
    var lines: [String] = []
    if name == LayoutModel.rootName {
      lines.append("**root view**")
    } else {
      let hidden = node.isHidden ? ", hidden" : ""
      lines.append("**\(node.kind.rawValue)** `\(name)` in `\(node.superview ?? LayoutModel.rootName)`\(hidden)")
      lines.append(HoverText.contentSize(node))
      if let stack = node.stack {
        lines.append(HoverText.stack(stack, model: model))
        let generated = model.constraints.filter { StackLayout.stack(generating: $0, in: model) == name }
        if !generated.isEmpty {
          lines.append("Generated constraints:\n\n" + generated.map { "`\($0)`" }.joined(separator: "\n\n"))
        }
      }
    }
    lines += layout.viewDescription(name)
    return lines.joined(separator: "\n\n")
  }

  /// Over a `when` block's keyword or traits: which canvases lay its statements out; over a
  /// canvas declaration's name or traits: its size and size classes.
  private func sizeClassesHovered(at offset: Int) -> (range: SourceRange, text: String)? {
    var pending = syntax.statements.array[...]
    var outer: [ArraySlice<Statement>] = []
    var conditions: [TraitCondition] = []
    while true {
      guard let statement = pending.popFirst() else {
        guard let previous = outer.popLast() else { return nil }
        pending = previous
        conditions.removeLast()
        continue
      }
      guard statement.range.start <= offset, offset < statement.range.end else { continue }
      switch statement {
      case .canvas(let declaration):
        guard let canvas = model.canvases.first(where: { $0.range == declaration.range }) else { return nil }
        let how = declaration.traits.isEmpty ? "derived from its size" : "as written"
        return (
          declaration.range,
          "**canvas** `\(canvas.name)` \(formatNumber(canvas.width)) × \(formatNumber(canvas.height)), "
            + "size classes \(canvas.traits) (\(how))"
        )
      case .when(let block):
        let head = SourceRange(start: block.keyword.start, end: block.traits.last?.range.end ?? block.keyword.end)
        if head.start <= offset, offset < head.end {
          let all = conditions + [block.condition]
          let canvases = model.effectiveCanvases
          let matching = canvases.filter { canvas in all.allSatisfy { $0.matches(canvas.traits) } }
          let others = canvases.filter { canvas in !all.allSatisfy { $0.matches(canvas.traits) } }
          func list(_ canvases: [Canvas]) -> String {
            canvases.map { "`\($0.name)` (\($0.traits))" }.joined(separator: ", ")
          }
          var lines = ["**when** \(block.condition)"]
          lines.append(matching.isEmpty ? "laid out in no canvas of this file" : "laid out in " + list(matching))
          if !others.isEmpty { lines.append("left out of " + list(others)) }
          return (head, lines.joined(separator: "\n\n"))
        }
        outer.append(pending)
        conditions.append(block.condition)
        pending = block.body[...]
      case .view(let view):
        outer.append(pending)
        conditions.append(TraitCondition())
        pending = view.body[...]
      default:
        continue
      }
    }
  }

  /// The constraints lowered from the text under the cursor: the innermost piece of a
  /// format or statement that yields any.
  private func constraintsHovered(at offset: Int) -> (range: SourceRange, constraints: [LayoutConstraint])? {
    let containing = model.constraints.filter { $0.range.start <= offset && offset < $0.range.end }
    guard let smallest = containing.min(by: { $0.range.length < $1.range.length }) else { return nil }
    return (smallest.range, containing.filter { $0.range == smallest.range })
  }
}

/// The parts of hovers that layout files and Interface Builder files share.
enum HoverText {
  /// A view's intrinsic size (with a note on where it comes from), hugging and compression
  /// resistance.
  static func contentSize(_ node: ViewNode, intrinsicNote: String? = nil) -> String {
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

  /// A stack view's options and arranged views.
  static func stack(_ stack: StackConfiguration, model: LayoutModel) -> String {
    let spacing = stack.isStandardSpacing ? "standard (\(formatNumber(stack.spacing)))" : formatNumber(stack.spacing)
    var options = [
      "axis \(stack.axis == .horizontal ? "horizontal" : "vertical")", "distribution \(stack.distribution.rawValue)",
      "alignment \(stack.alignment.rawValue)", "spacing \(spacing)",
    ]
    if stack.baselineRelative { options.append("baselineRelative") }
    if stack.marginsRelative { options.append("marginsRelative") }
    let arranged = stack.arranged.map { name in "`\(name)`" + (model.views[name]?.isHidden == true ? " (hidden)" : "") }
    return options.joined(separator: ", ") + "; arranged views: "
      + (arranged.isEmpty ? "none" : arranged.joined(separator: ", "))
  }

  /// Each constraint as UIKit describes it, and whether it holds in each place.
  static func constraints(_ constraints: [LayoutConstraint], layout: SolvedLayoutView?) -> String {
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
