import LayoutAnalysis
import LayoutSyntax

/// The constraints UIKit adds on its own for an Interface Builder layout: autoresizing
/// masks, stack views, intrinsic content sizes, and the origin of a scroll view's content.
struct GeneratedConstraints {
  var model: LayoutModel
  let context: FileContext
  private(set) var constraints: [LayoutConstraint] = []
  /// Small priority offsets that break ties the way a fill stack view does (by index).
  private var priorityOffsets: [String: (horizontal: Double, vertical: Double)] = [:]

  init(model: LayoutModel, context: FileContext) {
    self.model = model
    self.context = context
  }

  private func range(of view: String) -> SourceRange {
    model.views[view]?.declarationRange ?? SourceRange(at: 0)
  }

  private mutating func add(
    _ first: ConstraintItem, _ relation: Relation = .equal, _ second: ConstraintItem? = nil, multiplier: Double = 1,
    constant: Double = 0, priority: Double = 1000, origin: ConstraintOrigin, range: SourceRange
  ) {
    constraints.append(
      LayoutConstraint(
        first: first, relation: relation, second: second, multiplier: multiplier, constant: constant,
        priority: priority, origin: origin, range: range))
  }

  // MARK: - Scroll views

  /// The content area starts at the scroll view's origin (content offset zero).
  mutating func pinContentOrigin(_ content: String, scroll: String) {
    let range = self.range(of: content)
    add(
      ConstraintItem(view: content, attribute: .left), .equal, ConstraintItem(view: scroll, attribute: .left),
      origin: .autoresizingMask, range: range)
    add(
      ConstraintItem(view: content, attribute: .top), .equal, ConstraintItem(view: scroll, attribute: .top),
      origin: .autoresizingMask, range: range)
  }

  // MARK: - Autoresizing

  /// `NSAutoresizingMaskLayoutConstraint`s: the saved frame, kept as the mask says when the
  /// superview changes size.
  mutating func autoresizing(_ name: String, element: XMLNode, index: Int, superviewSize: (width: Double, height: Double)) {
    guard let view = model.views[name], let frame = view.frame, let superview = view.superview else { return }
    var mask: [String: String] = [:]
    if let maskIndex = context.tree.child(of: index, named: "autoresizingMask", key: "autoresizingMask"),
      let maskNode = context.tree.node(maskIndex)
    {
      mask = maskNode.attributes
    }
    func flag(_ key: String) -> Bool { mask[key] == "YES" }
    let range = view.declarationRange ?? SourceRange(at: 0)
    axis(
      name, superview: superview, position: frame.x, size: frame.width, superSize: superviewSize.width,
      flexible: (flag("flexibleMinX"), flag("widthSizable"), flag("flexibleMaxX")),
      attributes: (.left, .right, .width, .centerX), range: range)
    axis(
      name, superview: superview, position: frame.y, size: frame.height, superSize: superviewSize.height,
      flexible: (flag("flexibleMinY"), flag("heightSizable"), flag("flexibleMaxY")),
      attributes: (.top, .bottom, .height, .centerY), range: range)
  }

  private mutating func axis(
    _ name: String, superview: String, position: Double, size: Double, superSize: Double,
    flexible: (min: Bool, size: Bool, max: Bool),
    attributes: (min: LayoutAttribute, max: LayoutAttribute, size: LayoutAttribute, center: LayoutAttribute),
    range: SourceRange
  ) {
    let trailingMargin = superSize - position - size
    func item(_ view: String, _ attribute: LayoutAttribute) -> ConstraintItem {
      ConstraintItem(view: view, attribute: attribute)
    }
    let pinMin = { (self: inout GeneratedConstraints) in
      self.add(
        item(name, attributes.min), .equal, item(superview, attributes.min), constant: position, origin: .autoresizingMask,
        range: range)
    }
    let pinMax = { (self: inout GeneratedConstraints) in
      self.add(
        item(name, attributes.max), .equal, item(superview, attributes.max), constant: -trailingMargin,
        origin: .autoresizingMask, range: range)
    }
    let pinSize = { (self: inout GeneratedConstraints) in
      self.add(item(name, attributes.size), .equal, nil, constant: size, origin: .autoresizingMask, range: range)
    }
    switch (flexible.min, flexible.size, flexible.max) {
    case (false, false, _):
      pinMin(&self)
      pinSize(&self)
    case (true, false, false):
      pinMax(&self)
      pinSize(&self)
    case (false, true, false):
      pinMin(&self)
      pinMax(&self)
    case (true, false, true):
      pinSize(&self)
      add(
        item(name, attributes.center), .equal, item(superview, attributes.center),
        constant: position + size / 2 - superSize / 2, origin: .autoresizingMask, range: range)
    case (true, true, false):
      pinMax(&self)
      if position + size > 0 {
        let ratio = size / (position + size)
        add(
          item(name, attributes.size), .equal, item(superview, attributes.size), multiplier: ratio,
          constant: -ratio * trailingMargin, origin: .autoresizingMask, range: range)
      } else {
        pinSize(&self)
      }
    case (false, true, true):
      pinMin(&self)
      if size + trailingMargin > 0 {
        let ratio = size / (size + trailingMargin)
        add(
          item(name, attributes.size), .equal, item(superview, attributes.size), multiplier: ratio,
          constant: -ratio * position, origin: .autoresizingMask, range: range)
      } else {
        pinSize(&self)
      }
    case (true, true, true):
      pinMin(&self)
      if superSize > 0 {
        add(
          item(name, attributes.size), .equal, item(superview, attributes.size), multiplier: size / superSize,
          origin: .autoresizingMask, range: range)
      } else {
        pinSize(&self)
      }
    }
  }

  /// A view kept at its saved frame (a hidden arranged subview), just below required, so that
  /// its own constraints still win.
  private mutating func pinFrame(_ name: String, origin: ConstraintOrigin, range: SourceRange) {
    guard let view = model.views[name], let frame = view.frame, let superview = view.superview else { return }
    add(
      ConstraintItem(view: name, attribute: .left), .equal, ConstraintItem(view: superview, attribute: .left),
      constant: frame.x, priority: 999, origin: origin, range: range)
    add(
      ConstraintItem(view: name, attribute: .top), .equal, ConstraintItem(view: superview, attribute: .top),
      constant: frame.y, priority: 999, origin: origin, range: range)
    add(ConstraintItem(view: name, attribute: .width), constant: frame.width, priority: 999, origin: origin, range: range)
    add(ConstraintItem(view: name, attribute: .height), constant: frame.height, priority: 999, origin: origin, range: range)
  }

  // MARK: - Intrinsic size

  /// `size <= intrinsic @hugging` and `size >= intrinsic @compressionResistance`.
  mutating func intrinsic(_ name: String) {
    guard let view = model.views[name] else { return }
    let range = view.declarationRange ?? SourceRange(at: 0)
    let offsets = priorityOffsets[name] ?? (0, 0)
    let axes: [(LayoutAttribute, Double?, Double, Double, Double)] = [
      (.width, view.intrinsicWidth, view.hugging.horizontal, view.compressionResistance.horizontal, offsets.horizontal),
      (.height, view.intrinsicHeight, view.hugging.vertical, view.compressionResistance.vertical, offsets.vertical),
    ]
    for (attribute, size, hugging, resistance, offset) in axes {
      guard let size else { continue }
      let item = ConstraintItem(view: name, attribute: attribute)
      add(
        item, .lessThanOrEqual, nil, constant: size, priority: min(1000, hugging + offset), origin: .intrinsic,
        range: range)
      add(
        item, .greaterThanOrEqual, nil, constant: size, priority: min(1000, resistance + offset), origin: .intrinsic,
        range: range)
    }
  }

  // MARK: - Stack views

  /// What `UIStackView` generates for its arranged subviews (`UISV-…` constraints).
  mutating func stack(_ stack: String, element: XMLNode, arranged: [(name: String, element: Int)], tree: XMLTree) {
    let range = element.tagRange
    let vertical = element.attribute("axis") == "vertical"
    let distribution = element.attribute("distribution") ?? "fill"
    let alignment = element.attribute("alignment") ?? "fill"
    let spacing = Elements.number(element.attribute("spacing")) ?? 0
    let margins = element.attribute("layoutMarginsRelativeArrangement") == "YES"
    // `baselineRelativeArrangement` only changes a vertical stack's spacing.
    let baselineRelative = vertical && element.attribute("baselineRelativeArrangement") == "YES"
    var visible: [String] = []
    for view in arranged {
      if tree.node(view.element)?.attribute("hidden") == "YES" {
        pinFrame(view.name, origin: .stackView, range: range)
      } else {
        visible.append(view.name)
      }
    }
    guard let firstView = visible.first, let lastView = visible.last else { return }
    let lead: LayoutAttribute = vertical ? .top : .leading
    let trail: LayoutAttribute = vertical ? .bottom : .trailing
    let size: LayoutAttribute = vertical ? .height : .width
    let center: LayoutAttribute = vertical ? .centerY : .centerX
    let crossStart: LayoutAttribute = vertical ? .leading : .top
    let crossEnd: LayoutAttribute = vertical ? .trailing : .bottom
    let crossSize: LayoutAttribute = vertical ? .width : .height
    let crossCenter: LayoutAttribute = vertical ? .centerX : .centerY
    func edge(_ attribute: LayoutAttribute) -> ConstraintItem {
      ConstraintItem(view: stack, attribute: margins ? attribute.margin : attribute)
    }
    func item(_ view: String, _ attribute: LayoutAttribute) -> ConstraintItem {
      ConstraintItem(view: view, attribute: attribute)
    }

    // Along the axis: the ends to the stack's edges, then spacing by distribution.
    add(item(firstView, lead), .equal, edge(lead), origin: .stackView, range: range)
    add(item(lastView, trail), .equal, edge(trail), origin: .stackView, range: range)
    var spacers: [String] = []
    for (index, view) in visible.enumerated().dropFirst() {
      let previous = visible[index - 1]
      switch distribution {
      case "equalSpacing", "equalCentering":
        add(
          item(view, lead), .greaterThanOrEqual, item(previous, lead == .top ? .bottom : .trailing), constant: spacing,
          origin: .stackView, range: range)
        let spacer = addSpacer(stack: stack, number: index, range: range)
        spacers.append(spacer)
        let centering = distribution == "equalCentering"
        add(
          item(spacer, lead), .equal, item(previous, centering ? center : trail), origin: .stackView, range: range)
        add(item(spacer, trail), .equal, item(view, centering ? center : lead), origin: .stackView, range: range)
        add(item(spacer, crossStart), .equal, edge(crossStart), origin: .stackView, range: range)
        add(item(spacer, crossSize), .equal, nil, constant: 0, origin: .stackView, range: range)
        if let first = spacers.first, first != spacer {
          add(
            item(spacer, size), .equal, item(first, size), priority: centering ? 999 : 1000, origin: .stackView,
            range: range)
        }
      default:
        if baselineRelative {
          // The spacing runs from a view's last baseline to the next one's first baseline.
          add(
            item(view, .firstBaseline), .equal, item(previous, .lastBaseline), constant: spacing, origin: .stackView,
            range: range)
        } else {
          add(item(view, lead), .equal, item(previous, trail), constant: spacing, origin: .stackView, range: range)
        }
      }
    }
    switch distribution {
    case "fillEqually":
      for view in visible.dropFirst() {
        add(item(view, size), .equal, item(firstView, size), origin: .stackView, range: range)
      }
    case "fillProportionally":
      let sizes = visible.map { name -> Double? in
        let node = model.views[name]
        return vertical ? node?.intrinsicHeight : node?.intrinsicWidth
      }
      if let base = sizes.first ?? nil, base > 0, sizes.allSatisfy({ ($0 ?? 0) > 0 }) {
        for (index, view) in visible.enumerated().dropFirst() {
          guard let own = sizes[index] else { continue }
          add(
            item(view, size), .equal, item(firstView, size), multiplier: own / base, priority: 999, origin: .stackView,
            range: range)
        }
      }
    case "fill":
      // Equal content priorities are settled by order: earlier views keep their content size.
      let count = visible.count
      for (index, view) in visible.enumerated() {
        let offset = Double(count - 1 - index) * 0.001
        priorityOffsets[view] = vertical ? (0, offset) : (offset, 0)
      }
    default:
      break
    }

    // Across the axis, by alignment.
    for (index, view) in visible.enumerated() {
      switch alignment {
      case "fill":
        add(item(view, crossStart), .equal, edge(crossStart), origin: .stackView, range: range)
        add(item(view, crossEnd), .equal, edge(crossEnd), origin: .stackView, range: range)
      case "leading", "top":
        add(item(view, crossStart), .equal, edge(crossStart), origin: .stackView, range: range)
        add(item(view, crossEnd), .lessThanOrEqual, edge(crossEnd), origin: .stackView, range: range)
      case "trailing", "bottom":
        add(item(view, crossEnd), .equal, edge(crossEnd), origin: .stackView, range: range)
        add(item(view, crossStart), .greaterThanOrEqual, edge(crossStart), origin: .stackView, range: range)
      case "center":
        add(item(view, crossCenter), .equal, edge(crossCenter), origin: .stackView, range: range)
        add(item(view, crossStart), .greaterThanOrEqual, edge(crossStart), origin: .stackView, range: range)
        add(item(view, crossEnd), .lessThanOrEqual, edge(crossEnd), origin: .stackView, range: range)
      case "firstBaseline", "lastBaseline", "baseline":
        let baseline: LayoutAttribute = alignment == "firstBaseline" ? .firstBaseline : .lastBaseline
        if index > 0, !vertical {
          add(item(view, baseline), .equal, item(firstView, baseline), origin: .stackView, range: range)
        } else if vertical {
          add(item(view, crossStart), .equal, edge(crossStart), origin: .stackView, range: range)
        }
        add(item(view, crossStart), .greaterThanOrEqual, edge(crossStart), origin: .stackView, range: range)
        add(item(view, crossEnd), .lessThanOrEqual, edge(crossEnd), origin: .stackView, range: range)
      default:
        add(item(view, crossStart), .equal, edge(crossStart), origin: .stackView, range: range)
        add(item(view, crossEnd), .equal, edge(crossEnd), origin: .stackView, range: range)
      }
    }
    if alignment != "fill" {
      // The stack fits its largest arranged view across the axis, unless told otherwise.
      add(ConstraintItem(view: stack, attribute: crossSize), .equal, nil, constant: 0, priority: 1, origin: .stackView, range: range)
    }
  }

  /// An invisible spacer between two arranged views (UIKit's `_UILayoutSpacer`).
  private mutating func addSpacer(stack: String, number: Int, range: SourceRange) -> String {
    var name = "\(stack) spacer \(number)"
    while model.views[name] != nil { name += "'" }
    var node = ViewNode(name: name, kind: .view, superview: stack)
    node.nameRange = model.views[stack]?.nameRange
    node.declarationRange = range
    model.views[name] = node
    model.viewOrder.append(name)
    model.views[stack]?.subviews.append(name)
    return name
  }
}
