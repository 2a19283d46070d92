import LayoutAnalysis
import LayoutSyntax

/// The constraints UIKit adds on its own for an Interface Builder layout: autoresizing
/// masks, intrinsic content sizes, and the origin of a scroll view's content; and the
/// declaration of stack views, whose constraints `StackLayout` generates.
struct GeneratedConstraints {
  var model: LayoutModel
  let context: FileContext
  private(set) var constraints: [LayoutConstraint] = []

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

  // MARK: - Intrinsic size

  /// `size <= intrinsic @hugging` and `size >= intrinsic @compressionResistance`.
  ///
  /// A `fill` stack's arranged views of equal priority are settled by their order, as UIKit
  /// settles them, except labels: Xcode marks two labels that share a `fill` stack's spare or
  /// missing room ambiguous, so they are left tied and the tie is reported.
  mutating func intrinsic(_ name: String) {
    guard let view = model.views[name] else { return }
    let range = view.declarationRange ?? SourceRange(at: 0)
    let offsets = StackLayout.contentPriorityOffset(of: name, in: model, leavingTied: { $0.kind == .label })
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

  /// Declares the stack view `stack` from its element (its axis, distribution, alignment,
  /// spacing and arrangement options) with its arranged views, and the layout guides it uses.
  /// A hidden arranged view keeps its saved frame, as the document shows it.
  mutating func declareStack(_ stack: String, element: XMLNode, arranged: [(name: String, element: Int)], tree: XMLTree) {
    var configuration = StackConfiguration()
    configuration.axis = element.attribute("axis") == "vertical" ? .vertical : .horizontal
    configuration.distribution = element.attribute("distribution").flatMap(StackDistribution.init(rawValue:)) ?? .fill
    let alignment = element.attribute("alignment") ?? "fill"
    configuration.alignment = alignment == "baseline" ? .lastBaseline : StackAlignment(rawValue: alignment) ?? .fill
    if element.attribute("spacingType") == "standard" {
      configuration.spacing = StackConfiguration.standardSpacing
      configuration.isStandardSpacing = true
    } else {
      configuration.spacing = Elements.number(element.attribute("spacing")) ?? 0
    }
    configuration.marginsRelative = element.attribute("layoutMarginsRelativeArrangement") == "YES"
    configuration.baselineRelative = element.attribute("baselineRelativeArrangement") == "YES"
    configuration.arranged = arranged.map(\.name)
    configuration.hiddenViews = .keepSavedFrame
    for view in arranged where tree.node(view.element)?.attribute("hidden") == "YES" {
      model.views[view.name]?.isHidden = true
    }
    model.views[stack]?.stack = configuration
    StackLayout.declareGuides(of: stack, in: &model)
  }
}
