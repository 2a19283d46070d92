import LayoutSyntax

// Stack views: the constraints UIKit's `UIStackView` generates for its arranged views
// (`UISV-…`), shared by the layout language and the Interface Builder reader.
//
// A stack view lays its views out with two arrangements, as UIKit does: along its axis (the
// canvas connections to the first and last visible views, the spacing between neighbours, the
// distribution's sizes and gap guides, the collapse of hidden views) and across it (the
// alignment to the first view, the canvas connections and the spanning guide around the views,
// and the low-priority sizes that settle what the alignment leaves open). The constraints are
// those of iOS 26's UIKit, in the order it adds them.

/// How a stack view arranges its views: what `UIStackView`'s properties say.
public struct StackConfiguration: Sendable, Hashable {
  /// The axis the views are arranged along.
  public var axis: AttributeAxis = .horizontal
  public var distribution: StackDistribution = .fill
  public var alignment: StackAlignment = .fill
  /// The points between neighbours (UIKit's default is 0).
  public var spacing: Double = 0
  /// Whether the spacing is UIKit's system spacing (`spacingUseSystem`), taken as `spacing`
  /// points between views; UIKit stores it as the smallest float, which is what the
  /// proportions of `fillProportionally` count.
  public var isStandardSpacing = false
  /// `isBaselineRelativeArrangement`: a vertical stack's spacing runs between baselines.
  public var baselineRelative = false
  /// `isLayoutMarginsRelativeArrangement`: the views are arranged inside the margins.
  public var marginsRelative = false
  /// The arranged views, in order.
  public var arranged: [String] = []
  /// What hidden arranged views do.
  public var hiddenViews: HiddenArrangedViews = .collapse
  /// The layout guides the arrangement uses, named when the stack is declared.
  public var guides = StackGuides()

  public init() {}

  /// The points UIKit's system spacing stands for between two views.
  public static let standardSpacing = 8.0
}

/// What a stack view does with its hidden arranged views.
public enum HiddenArrangedViews: Sendable, Hashable {
  /// As UIKit at run time: a hidden view stays in the arrangement, collapsed to zero length
  /// along the axis (`UISV-hiding`), and the spacing next to it goes.
  case collapse
  /// As Interface Builder's saved document shows it: a hidden view takes no part and keeps
  /// its saved frame, just below required.
  case keepSavedFrame
}

/// The layout guides of a stack view, by name: views of the model marked as layout guides.
public struct StackGuides: Sendable, Hashable {
  /// The gap guide (`UISV-distributing`) after each arranged view that has a visible view
  /// after it, in `equalSpacing` and `equalCentering`, keyed by that view.
  public var distributing: [String: String] = [:]
  /// The guide around the views across the axis (`UISV-alignment-spanner`).
  public var alignmentSpanner: String?
  /// The guide along the axis when every arranged view is hidden (`UISV-ordering-spanner`).
  public var orderingSpanner: String?

  public init() {}
}

/// The layout guides a stack view adds.
public enum StackGuideKind: Sendable, Hashable {
  /// A gap between two arranged views (`UISV-distributing`), along the axis.
  case gap
  /// The guide around the arranged views across the axis (`UISV-alignment-spanner`).
  case alignmentSpanner
  /// The guide along the axis when every arranged view is hidden (`UISV-ordering-spanner`).
  case orderingSpanner
  /// Not a stack's: a guide the file declares (`guide NAME`), in any view.
  case declared
  /// Not a stack's: a view's readable content guide (`NAME.readable`).
  case readable
}

/// The identifiers UIKit gives the constraints of a stack view.
public enum StackIdentifier {
  public static let canvasConnection = "UISV-canvas-connection"
  public static let canvasFit = "UISV-canvas-fit"
  public static let spacing = "UISV-spacing"
  public static let spacingHidden = "UISV-spacing-hidden"
  public static let hiding = "UISV-hiding"
  public static let fillEqually = "UISV-fill-equally"
  public static let fillProportionally = "UISV-fill-proportionally"
  public static let distributingEdge = "UISV-distributing-edge"
  public static let alignment = "UISV-alignment"
  public static let spanningBoundary = "UISV-spanning-boundary"
  public static let spanningFit = "UISV-spanning-fit"
  public static let ambiguitySuppression = "UISV-ambiguity-suppression"
  /// Interface Builder: a hidden arranged view kept at its saved frame (not a UIKit identifier).
  public static let savedFrame = "hidden-saved-frame"
}

/// The constraints a stack view generates, and what it needs declared for them.
public enum StackLayout {
  /// The priority of `UISV-hiding`: UIKit's 999.9990234375, sixteen steps of a float below
  /// required, so that a view's own required length wins over its collapse.
  public static let hidingPriority = 1000 - 1.0 / 1024
  /// The priority of `UISV-spanning-boundary` equalities.
  static let spanningBoundaryPriority = 999.5
  /// `UISV-canvas-fit`, `UISV-spanning-fit` (0.001 when every view is hidden), the hidden
  /// views' spacing, and the floor of `equalCentering`'s gap equalities.
  static let canvasFitPriority = 49.0
  static let spanningFitPriority = 51.0
  static let spanningFitPriorityWhenAllHidden = 0.001
  static let hiddenSpacingPriority = 50.0
  static let ambiguitySuppressionPriority = 25.0

  // MARK: - Declaring

  /// Names the layout guides the stack `stack` needs and adds them to the model as
  /// subviews of the stack, marked as layout guides; the stack's configuration (with its
  /// arranged views) must be set.
  public static func declareGuides(of stack: String, in model: inout LayoutModel) {
    guard var configuration = model.views[stack]?.stack else { return }
    var guides = StackGuides()
    func declare(_ suffix: String, _ kind: StackGuideKind) -> String {
      var name = "\(stack).\(suffix)"
      while model.views[name] != nil { name += "'" }
      var node = ViewNode(name: name, kind: .view, superview: stack)
      // Not named in the text: a guide points at its stack's declaration.
      node.declarationRange = model.views[stack]?.declarationRange
      node.layoutGuide = kind
      model.views[name] = node
      model.viewOrder.append(name)
      model.views[stack]?.subviews.append(name)
      return name
    }
    let items = arrangementItems(configuration, model: model)
    let visible = items.filter { isVisible($0, configuration, model: model) }
    if !items.isEmpty, visible.isEmpty { guides.orderingSpanner = declare("orderingSpanner", .orderingSpanner) }
    if configuration.distribution == .equalSpacing || configuration.distribution == .equalCentering {
      for (number, pair) in zip(visible, visible.dropFirst()).enumerated() {
        guides.distributing[pair.0] = declare("spacer\(number + 1)", .gap)
      }
    }
    if !items.isEmpty, CrossAxis(configuration, items: items, model: model).usesSpanner {
      guides.alignmentSpanner = declare("alignmentSpanner", .alignmentSpanner)
    }
    configuration.guides = guides
    model.views[stack]?.stack = configuration
  }

  /// The views the two arrangements arrange: every arranged view, but the hidden ones when
  /// they keep their saved frame instead.
  /// The axis a stack's layout guide is not arranged on, which its constraints leave free.
  public static func freeAxis(of guide: ViewNode, in model: LayoutModel) -> AttributeAxis? {
    guard let kind = guide.layoutGuide, kind != .declared, kind != .readable, let stack = guide.superview,
      let axis = model.views[stack]?.stack?.axis
    else {
      return nil
    }
    let across: AttributeAxis = axis == .horizontal ? .vertical : .horizontal
    return kind == .alignmentSpanner ? axis : across
  }

  static func arrangementItems(_ configuration: StackConfiguration, model: LayoutModel) -> [String] {
    let declared = configuration.arranged.filter { model.views[$0] != nil }
    guard configuration.hiddenViews == .keepSavedFrame else { return declared }
    return declared.filter { model.views[$0]?.isHidden != true }
  }

  static func isVisible(_ view: String, _ configuration: StackConfiguration, model: LayoutModel) -> Bool {
    model.views[view]?.isHidden != true
  }

  // MARK: - Content priorities

  /// The amount a `fill` stack adds to an arranged view's content priorities along its axis,
  /// so that views whose priorities are equal are settled by their order, as UIKit settles
  /// them: the earlier view keeps its content size, the later one grows or shrinks.
  public static func contentPriorityOffset(of view: String, in model: LayoutModel) -> (horizontal: Double, vertical: Double) {
    guard let superview = model.views[view]?.superview, let configuration = model.views[superview]?.stack,
      configuration.distribution == .fill
    else { return (0, 0) }
    let visible = arrangementItems(configuration, model: model).filter { isVisible($0, configuration, model: model) }
    guard let index = visible.firstIndex(of: view) else { return (0, 0) }
    let offset = Double(visible.count - 1 - index) * 0.001
    return configuration.axis == .horizontal ? (offset, 0) : (0, offset)
  }

  /// As `contentPriorityOffset(of:in:)`, but the arranged views that `leftTied` accepts take no
  /// part in the order: they keep their own priorities, so equal ones stay tied (Interface
  /// Builder's canvas leaves two labels of equal hugging tied where UIKit settles them by order),
  /// and every other view is settled above them, in order.
  public static func contentPriorityOffset(
    of view: String, in model: LayoutModel, leavingTied leftTied: (ViewNode) -> Bool
  ) -> (horizontal: Double, vertical: Double) {
    guard let node = model.views[view], !leftTied(node), let superview = node.superview,
      let configuration = model.views[superview]?.stack, configuration.distribution == .fill
    else { return (0, 0) }
    let ordered = arrangementItems(configuration, model: model).filter {
      isVisible($0, configuration, model: model) && model.views[$0].map(leftTied) != true
    }
    guard let index = ordered.firstIndex(of: view) else { return (0, 0) }
    let offset = Double(ordered.count - index) * 0.001
    return configuration.axis == .horizontal ? (offset, 0) : (0, offset)
  }

  /// The stack view that generated a constraint of origin `stackView`: the stack itself for
  /// its canvas connections and fit, else the superview of the constraint's first item (an
  /// arranged view or a guide).
  public static func stack(generating constraint: LayoutConstraint, in model: LayoutModel) -> String? {
    guard constraint.origin == .stackView else { return nil }
    let first = constraint.first.view
    if constraint.label?.hasPrefix("UISV-canvas") == true, model.views[first]?.stack != nil { return first }
    return model.views[first]?.superview
  }

  // MARK: - Constraints

  /// Every constraint the stack view `stack` generates, in the order UIKit adds them: along
  /// the axis, then across it.
  ///
  /// - Parameter range: where the constraints point when the model records no place for
  ///   them (an Interface Builder reader gives the stack's element); nil to point each at the
  ///   option that makes it (the stack's name when none is written).
  ///   - sizing: the constraints that may give the arranged views a length of their own, for
  ///     `fillProportionally` (the layout language passes those of the stack's top-level
  ///     statement, which an edit lowers again with the stack).
  public static func constraints(
    of stack: String, in model: LayoutModel, range: SourceRange? = nil, sizing: ArraySlice<LayoutConstraint> = []
  ) -> [LayoutConstraint] {
    guard let node = model.views[stack], let configuration = node.stack else { return [] }
    var generator = Generator(stack: stack, node: node, configuration: configuration, model: model, fixedRange: range)
    if configuration.distribution == .fillProportionally { generator.fixed = fixedLengths(sizing) }
    generator.generate()
    return generator.constraints
  }

  /// Whether a view has a baseline of its own, as UIKit's `_hasBaseline` says of text: labels,
  /// buttons and text fields, and any view whose baseline is declared. A stack view aligns
  /// the top (for the first baseline) or bottom (for the last) of a view without one.
  static func hasBaseline(_ node: ViewNode) -> Bool {
    switch node.kind {
    case .label, .button, .field: true
    default: node.propertyRanges["baseline"] != nil || node.baselineOffset != 0
    }
  }

  /// The length `fillProportionally` gives a view in proportion to, an estimate of UIKit's
  /// fitting size along the axis: the length its own required constraints fix
  /// (`view.width == 76`, from `constraints`); else its intrinsic size, at least what they
  /// require (`view.width >= 40`); else, for a nested stack view, the sum or largest of its
  /// arranged views' (with its spacing); else 0.
  static func proportionalLength(
    of view: String, axis: AttributeAxis, model: LayoutModel, fixed: [String: FixedLength], depth: Int = 0
  ) -> Double {
    guard let node = model.views[view] else { return 0 }
    let own = fixed["\(view)|\(axis == .horizontal ? "width" : "height")"]
    if let own, own.isExact { return own.value }
    if let intrinsic = axis == .horizontal ? node.intrinsicWidth : node.intrinsicHeight {
      return max(intrinsic, own?.value ?? intrinsic)
    }
    if let own { return own.value }
    guard let configuration = node.stack, depth < 64 else { return 0 }
    let visible = arrangementItems(configuration, model: model).filter { isVisible($0, configuration, model: model) }
    let lengths = visible.map {
      max(0, proportionalLength(of: $0, axis: axis, model: model, fixed: fixed, depth: depth + 1))
    }
    if configuration.axis == axis {
      let spacing = configuration.isStandardSpacing ? StackConfiguration.standardSpacing : configuration.spacing
      return lengths.reduce(0, +) + spacing * Double(max(visible.count - 1, 0))
    }
    return lengths.max() ?? 0
  }

  /// A length required constraints give a view on its own: exactly (`a.width == 76`), or at
  /// least (the largest `a.width >= 40`).
  struct FixedLength {
    var value: Double
    var isExact: Bool
  }

  /// The lengths required constraints give views on their own, by `view|width` and `view|height`.
  static func fixedLengths(_ constraints: ArraySlice<LayoutConstraint>) -> [String: FixedLength] {
    var lengths: [String: FixedLength] = [:]
    for constraint in constraints where constraint.isRequired && constraint.second == nil {
      let attribute = constraint.first.attribute
      guard attribute == .width || attribute == .height, constraint.first.guide == nil else { continue }
      let key = "\(constraint.first.view)|\(attribute.rawValue)"
      switch constraint.relation {
      case .equal where lengths[key]?.isExact != true:
        lengths[key] = FixedLength(value: constraint.constant, isExact: true)
      case .greaterThanOrEqual where lengths[key]?.isExact != true:
        lengths[key] = FixedLength(value: max(lengths[key]?.value ?? constraint.constant, constraint.constant), isExact: false)
      default:
        break
      }
    }
    return lengths
  }
}

/// What the arrangement across the axis ties to the stack's edges, from UIKit's alignment
/// options: which of the cross-axis attributes are aligned, and which item (the first, or the
/// spanning guide) each canvas connection reaches.
struct CrossAxis {
  let minimum: LayoutAttribute
  let maximum: LayoutAttribute
  let center: LayoutAttribute
  let size: LayoutAttribute
  /// Which edges, or the centre, the views are aligned by.
  let alignsMinimum: Bool
  let alignsMaximum: Bool
  let alignsCenter: Bool
  /// The first or last baselines the views are aligned by (horizontal stacks only).
  let baseline: LayoutAttribute?
  /// The view each canvas connection reaches (nil: the spanning guide): the first arranged
  /// view, or with a single one the first visible.
  let minimumTarget: String?
  let maximumTarget: String?
  let centerTarget: String?

  init(_ configuration: StackConfiguration, items: [String], model: LayoutModel) {
    let horizontal = configuration.axis == .horizontal
    minimum = horizontal ? .top : .leading
    maximum = horizontal ? .bottom : .trailing
    center = horizontal ? .centerY : .centerX
    size = horizontal ? .height : .width
    switch configuration.alignment {
    case .fill: (alignsMinimum, alignsMaximum, alignsCenter, baseline) = (true, true, false, nil)
    case .leading, .top: (alignsMinimum, alignsMaximum, alignsCenter, baseline) = (true, false, false, nil)
    case .trailing, .bottom: (alignsMinimum, alignsMaximum, alignsCenter, baseline) = (false, true, false, nil)
    case .center: (alignsMinimum, alignsMaximum, alignsCenter, baseline) = (false, false, true, nil)
    case .firstBaseline: (alignsMinimum, alignsMaximum, alignsCenter, baseline) = (false, false, false, horizontal ? .firstBaseline : nil)
    case .lastBaseline: (alignsMinimum, alignsMaximum, alignsCenter, baseline) = (false, false, false, horizontal ? .lastBaseline : nil)
    }
    if items.count < 2 {
      let firstVisible = items.first { StackLayout.isVisible($0, configuration, model: model) }
      (minimumTarget, maximumTarget, centerTarget) = (firstVisible, firstVisible, firstVisible)
    } else {
      let first = items.first
      minimumTarget = alignsMinimum || baseline == .firstBaseline ? first : nil
      maximumTarget = alignsMaximum || baseline == .lastBaseline ? first : nil
      centerTarget = alignsCenter ? first : nil
    }
  }

  /// Whether a canvas connection reaches the spanning guide.
  var usesSpanner: Bool {
    minimumTarget == nil || maximumTarget == nil || (alignsCenter && centerTarget == nil)
  }
}

/// Builds one stack view's constraints.
private struct Generator {
  let stack: String
  let node: ViewNode
  let configuration: StackConfiguration
  let model: LayoutModel
  let fixedRange: SourceRange?
  /// The lengths views have of their own (`StackLayout.fixedLengths`).
  var fixed: [String: StackLayout.FixedLength] = [:]
  var constraints: [LayoutConstraint] = []

  init(stack: String, node: ViewNode, configuration: StackConfiguration, model: LayoutModel, fixedRange: SourceRange?) {
    self.stack = stack
    self.node = node
    self.configuration = configuration
    self.model = model
    self.fixedRange = fixedRange
  }

  var horizontal: Bool { configuration.axis == .horizontal }
  var lead: LayoutAttribute { horizontal ? .leading : .top }
  var trail: LayoutAttribute { horizontal ? .trailing : .bottom }
  var length: LayoutAttribute { horizontal ? .width : .height }
  var center: LayoutAttribute { horizontal ? .centerX : .centerY }
  var spacing: Double { configuration.isStandardSpacing ? StackConfiguration.standardSpacing : configuration.spacing }
  var distributes: Bool { configuration.distribution == .equalSpacing || configuration.distribution == .equalCentering }
  /// Between baselines: only in vertical stacks.
  var baselineRelative: Bool { configuration.baselineRelative && !horizontal }

  /// Where a constraint made by an option points: the option as written, else the stack's name.
  func range(_ options: String...) -> SourceRange {
    if let fixedRange { return fixedRange }
    for option in options { if let range = node.propertyRanges[option] { return range } }
    return node.nameRange ?? node.declarationRange ?? SourceRange(at: 0)
  }

  func item(_ view: String, _ attribute: LayoutAttribute) -> ConstraintItem {
    ConstraintItem(view: view, attribute: attribute)
  }

  /// The stack's edge, or its margin's when the arrangement is relative to the margins.
  func canvas(_ attribute: LayoutAttribute) -> ConstraintItem {
    guard configuration.marginsRelative else { return item(stack, attribute) }
    let margin: LayoutAttribute
    switch attribute {
    case .leading: margin = .leadingMargin
    case .trailing: margin = .trailingMargin
    case .top: margin = .topMargin
    case .bottom: margin = .bottomMargin
    case .centerX: margin = .centerXWithinMargins
    case .centerY: margin = .centerYWithinMargins
    default: margin = attribute
    }
    return item(stack, margin)
  }

  mutating func add(
    _ first: ConstraintItem, _ relation: Relation, _ second: ConstraintItem?, multiplier: Double = 1,
    constant: Double = 0, priority: Double = 1000, identifier: String, range: SourceRange
  ) {
    constraints.append(
      LayoutConstraint(
        first: first, relation: relation, second: second, multiplier: multiplier, constant: constant,
        priority: priority, label: identifier, origin: .stackView, range: range))
  }

  func visible(_ view: String) -> Bool { StackLayout.isVisible(view, configuration, model: model) }

  mutating func generate() {
    let items = StackLayout.arrangementItems(configuration, model: model)
    if configuration.hiddenViews == .keepSavedFrame {
      for view in configuration.arranged where model.views[view]?.isHidden == true { keepSavedFrame(view) }
    }
    guard !items.isEmpty else { return }
    alongTheAxis(items)
    acrossTheAxis(items)
  }

  // MARK: Along the axis

  private mutating func alongTheAxis(_ items: [String]) {
    let connection = range()
    let relation: Relation = distributes ? .greaterThanOrEqual : .equal
    let visibleItems = items.filter(visible)
    if let first = visibleItems.first, let last = visibleItems.last {
      add(canvas(lead), .equal, item(first, lead), identifier: StackIdentifier.canvasConnection, range: connection)
      add(canvas(trail), .equal, item(last, trail), identifier: StackIdentifier.canvasConnection, range: connection)
    } else if let spanner = configuration.guides.orderingSpanner {
      add(canvas(lead), .equal, item(spanner, lead), identifier: StackIdentifier.canvasConnection, range: connection)
      add(canvas(trail), .equal, item(spanner, trail), identifier: StackIdentifier.canvasConnection, range: connection)
      add(
        item(spanner, length), .equal, nil, priority: StackLayout.spanningFitPriorityWhenAllHidden,
        identifier: StackIdentifier.spanningFit, range: connection)
    }
    if distributes {
      add(
        item(stack, length), .equal, nil, priority: StackLayout.canvasFitPriority, identifier: StackIdentifier.canvasFit,
        range: range("distribution"))
    }

    let spacingRange = range("spacing", "baselineRelative", "distribution")
    let firstVisibleIndex = items.firstIndex(where: visible)
    let lastVisibleIndex = items.lastIndex(where: visible)
    let dimensions = Dimensions(configuration, items: items, model: model, fixed: fixed)
    var previousVisible: String?
    var firstGuide: String?
    for (index, view) in items.enumerated() {
      let followedByVisible = (lastVisibleIndex ?? -1) > index
      if visible(view) {
        if let previous = previousVisible {
          // UISV-spacing: from the previous visible view's end (last baseline) to this one's
          // start (first baseline), at least the spacing when the distribution spreads them.
          add(
            item(view, baselineRelative ? .firstBaseline : lead), relation,
            item(previous, baselineRelative ? .lastBaseline : trail), constant: spacing,
            identifier: StackIdentifier.spacing, range: spacingRange)
        } else if index > 0 {
          // The hidden views before the first visible one end where it starts.
          for hidden in items[..<index] {
            add(
              item(view, baselineRelative ? .firstBaseline : lead), relation, item(hidden, trail),
              priority: StackLayout.hiddenSpacingPriority, identifier: StackIdentifier.spacingHidden,
              range: spacingRange)
          }
        }
        // The gap guide after this view and its size.
        if let guide = configuration.guides.distributing[view], let next = items[(index + 1)...].first(where: visible) {
          let centering = configuration.distribution == .equalCentering
          let distribution = range("distribution")
          add(
            item(guide, lead), .equal, item(view, centering ? center : trail),
            identifier: StackIdentifier.distributingEdge, range: distribution)
          add(
            item(guide, trail), .equal, item(next, centering ? center : lead),
            identifier: StackIdentifier.distributingEdge, range: distribution)
          if let reference = firstGuide {
            add(
              item(guide, length), .equal, item(reference, length),
              priority: centering ? max(150 - Double(index), 50) : 1000, identifier: StackIdentifier.fillEqually,
              range: distribution)
          } else {
            firstGuide = guide
          }
        }
        dimension(view, index: index, dimensions)
        previousVisible = view
      } else {
        if let previous = previousVisible {
          // A hidden view after a visible one sits in the gap it leaves, half the spacing on.
          add(
            item(view, lead), relation, item(previous, baselineRelative ? .lastBaseline : trail),
            constant: followedByVisible ? spacing / 2 : 0, priority: StackLayout.hiddenSpacingPriority,
            identifier: StackIdentifier.spacingHidden, range: spacingRange)
        } else if firstVisibleIndex == nil, let spanner = configuration.guides.orderingSpanner {
          add(
            item(view, lead), .equal, item(spanner, trail), priority: StackLayout.hiddenSpacingPriority,
            identifier: StackIdentifier.spacingHidden, range: spacingRange)
        }
        add(
          item(view, length), .equal, nil, priority: StackLayout.hidingPriority, identifier: StackIdentifier.hiding,
          range: fixedRange ?? model.views[view]?.propertyRanges["hidden"] ?? range("hidden"))
      }
    }
  }

  /// How `fillEqually` and `fillProportionally` size the visible views.
  struct Dimensions {
    /// Proportional: each visible view's multiplier of the stack's length.
    var proportions: [String: Double]?
    /// Equal: the view the others equal.
    var reference: String?

    init(_ configuration: StackConfiguration, items: [String], model: LayoutModel, fixed: [String: StackLayout.FixedLength]) {
      let visible = items.filter { StackLayout.isVisible($0, configuration, model: model) }
      switch configuration.distribution {
      case .fillEqually:
        reference = visible.first
      case .fillProportionally:
        // UIKit's denominator: the positive lengths and one spacing between each pair of
        // visible views, the system spacing counting as nothing (UIKit stores it as the
        // smallest float).
        let spacing = configuration.isStandardSpacing ? 0 : configuration.spacing
        let lengths = visible.map {
          StackLayout.proportionalLength(of: $0, axis: configuration.axis, model: model, fixed: fixed)
        }
        var denominator = lengths.filter { $0 > 0 }.reduce(0, +) + spacing * Double(visible.count)
        denominator -= spacing
        if denominator > max(spacing * Double(items.count - 1), 1) {
          var proportions: [String: Double] = [:]
          for (view, length) in zip(visible, lengths) { proportions[view] = max(length, 0) / denominator }
          self.proportions = proportions
        } else {
          // Nothing to be proportional to: equal sizes.
          reference = visible.first
        }
      default:
        break
      }
    }
  }

  private mutating func dimension(_ view: String, index: Int, _ dimensions: Dimensions) {
    let distribution = range("distribution")
    if let proportion = dimensions.proportions?[view] {
      guard proportion > 0 else {
        add(item(view, length), .equal, nil, identifier: StackIdentifier.fillProportionally, range: distribution)
        return
      }
      // The margins guide's length is the stack's less its margins on the axis.
      var constant = 0.0
      if configuration.marginsRelative {
        let margins = node.margins
        constant = -proportion * (horizontal ? margins.leading + margins.trailing : margins.top + margins.bottom)
      }
      add(
        item(view, length), .equal, item(stack, length), multiplier: proportion, constant: constant,
        priority: proportion == 1 ? 1000 : max(999 - Double(index), 751), identifier: StackIdentifier.fillProportionally,
        range: distribution)
    } else if let reference = dimensions.reference, reference != view {
      add(item(view, length), .equal, item(reference, length), identifier: StackIdentifier.fillEqually, range: distribution)
    }
  }

  // MARK: Across the axis

  private mutating func acrossTheAxis(_ items: [String]) {
    let cross = CrossAxis(configuration, items: items, model: model)
    let alignmentRange = range("alignment")
    let connection = range()
    let spanner = configuration.guides.alignmentSpanner
    // The canvas connections: equal, or keeping the views inside the edges they are not
    // aligned by; a connection that is an inequality lets the stack fit them (UISV-canvas-fit).
    var fits = false
    var spanned = false
    var connections: [(LayoutAttribute, String?, aligned: Bool)] = [
      (cross.minimum, cross.minimumTarget, cross.alignsMinimum), (cross.maximum, cross.maximumTarget, cross.alignsMaximum),
    ]
    if cross.alignsCenter { connections.append((cross.center, cross.centerTarget, true)) }
    for (attribute, target, aligned) in connections {
      guard let reached = target ?? spanner else { continue }
      if target == nil, !spanned, let spanner {
        // UIKit makes the spanning guide, with its constraints, when a connection first needs it.
        span(spanner, items, cross)
        spanned = true
      }
      var relation = Relation.equal
      if target != nil, attribute != cross.center, !aligned {
        relation = attribute == cross.minimum ? .lessThanOrEqual : .greaterThanOrEqual
        fits = true
      }
      add(canvas(attribute), relation, item(reached, attribute), identifier: StackIdentifier.canvasConnection, range: connection)
    }
    if fits {
      add(
        item(stack, cross.size), .equal, nil, priority: StackLayout.canvasFitPriority,
        identifier: StackIdentifier.canvasFit, range: alignmentRange)
    }
    // The alignment to the first view, in UIKit's order of attribute groups.
    var groups: [LayoutAttribute] = []
    if cross.alignsMinimum || cross.baseline == .firstBaseline {
      groups.append(cross.baseline == .firstBaseline ? .firstBaseline : cross.minimum)
    }
    if cross.alignsMaximum || cross.baseline == .lastBaseline {
      groups.append(cross.baseline == .lastBaseline ? .lastBaseline : cross.maximum)
    }
    if cross.alignsCenter { groups.append(cross.center) }
    for attribute in groups {
      guard var reference = items.first else { continue }
      let isBaseline = attribute == .firstBaseline || attribute == .lastBaseline
      if isBaseline, let first = model.views[reference], !StackLayout.hasBaseline(first),
        let withBaseline = items.first(where: { view in
          model.views[view].map(StackLayout.hasBaseline) == true && visible(view)
        })
      {
        reference = withBaseline
      }
      for view in items where view != reference {
        var aligned = attribute
        if isBaseline, let other = model.views[view], !StackLayout.hasBaseline(other) {
          aligned = attribute == .firstBaseline ? .top : .bottom
        }
        add(item(reference, aligned), .equal, item(view, aligned), identifier: StackIdentifier.alignment, range: alignmentRange)
      }
    }
    // What the alignment leaves open across the axis settles at zero, below everything else.
    if configuration.alignment != .fill {
      for view in items {
        add(
          item(view, cross.size), .equal, nil, priority: StackLayout.ambiguitySuppressionPriority,
          identifier: StackIdentifier.ambiguitySuppression, range: alignmentRange)
      }
    }
  }

  /// The spanning guide across the axis: around every visible view, tight on the edges the
  /// views are aligned by, and as small as that allows.
  private mutating func span(_ spanner: String, _ items: [String], _ cross: CrossAxis) {
    let alignmentRange = range("alignment")
    let visibleItems = items.filter(visible)
    for view in visibleItems {
      for (attribute, aligned) in [(cross.minimum, cross.alignsMinimum), (cross.maximum, cross.alignsMaximum)] {
        let relation: Relation = aligned ? .equal : (attribute == cross.minimum ? .lessThanOrEqual : .greaterThanOrEqual)
        add(
          item(spanner, attribute), relation, item(view, attribute),
          priority: aligned ? StackLayout.spanningBoundaryPriority : 1000, identifier: StackIdentifier.spanningBoundary,
          range: alignmentRange)
      }
    }
    add(
      item(spanner, cross.size), .equal, nil,
      priority: visibleItems.isEmpty ? StackLayout.spanningFitPriorityWhenAllHidden : StackLayout.spanningFitPriority,
      identifier: StackIdentifier.spanningFit, range: alignmentRange)
  }

  // MARK: Interface Builder

  /// A hidden arranged view kept at its saved frame, just below required, so that its own
  /// constraints still win.
  private mutating func keepSavedFrame(_ view: String) {
    guard let node = model.views[view], let frame = node.frame, let superview = node.superview else { return }
    let range = self.range("hidden")
    let identifier = StackIdentifier.savedFrame
    add(item(view, .left), .equal, item(superview, .left), constant: frame.x, priority: 999, identifier: identifier, range: range)
    add(item(view, .top), .equal, item(superview, .top), constant: frame.y, priority: 999, identifier: identifier, range: range)
    add(item(view, .width), .equal, nil, constant: frame.width, priority: 999, identifier: identifier, range: range)
    add(item(view, .height), .equal, nil, constant: frame.height, priority: 999, identifier: identifier, range: range)
  }
}
