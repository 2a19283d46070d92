import CassowarySolver
import LayoutSyntax

/// A writing direction a layout is solved in.
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
  case ltr
  case rtl

  /// How messages say it.
  public var phrase: String { self == .ltr ? "left-to-right" : "right-to-left" }
}

/// Where a layout is solved: one canvas, in one writing direction.
public struct LayoutPlace: Sendable, Hashable, CustomStringConvertible {
  public var canvas: Canvas
  public var direction: LayoutDirection

  public init(canvas: Canvas, direction: LayoutDirection) {
    self.canvas = canvas
    self.direction = direction
  }

  public var description: String { "\(canvas.name) (\(canvas.traits)), \(direction.phrase)" }

  /// How many of `places` each canvas has, counted in one pass (asking it of every place for
  /// each place is quadratic in a file of many canvases).
  static func count(byCanvas places: [LayoutPlace]) -> [Canvas: Int] {
    var counts: [Canvas: Int] = [:]
    for place in places { counts[place.canvas, default: 0] += 1 }
    return counts
  }
}

/// The solver variables of one view, as UIKit's engine keeps them: its alignment rectangle's
/// origin in its superview's bounds (where the superview's frame starts, not its alignment
/// rectangle), and its size.
struct ViewVariables {
  var x: Variable
  var y: Variable
  var width: Variable
  var height: Variable

  init(name: String) {
    x = Variable("\(name).minX")
    y = Variable("\(name).minY")
    width = Variable("\(name).width")
    height = Variable("\(name).height")
  }
}

/// A position along one axis as an affine form of a view's variables:
/// `offset × (the sum of the origins up the superview chain) + size × (the view's size) + constant`.
private struct Affine {
  var offset: Double
  var size: Double
  var constant: Double

  static func + (lhs: Affine, rhs: Affine) -> Affine {
    Affine(offset: lhs.offset + rhs.offset, size: lhs.size + rhs.size, constant: lhs.constant + rhs.constant)
  }

  static func - (lhs: Affine, rhs: Affine) -> Affine {
    Affine(offset: lhs.offset - rhs.offset, size: lhs.size - rhs.size, constant: lhs.constant - rhs.constant)
  }

  static func + (lhs: Affine, rhs: Double) -> Affine {
    Affine(offset: lhs.offset, size: lhs.size, constant: lhs.constant + rhs)
  }

  static func * (lhs: Affine, rhs: Double) -> Affine {
    Affine(offset: lhs.offset * rhs, size: lhs.size * rhs, constant: lhs.constant * rhs)
  }

  static func constant(_ value: Double) -> Affine { Affine(offset: 0, size: 0, constant: value) }
  static let origin = Affine(offset: 1, size: 0, constant: 0)
  static let length = Affine(offset: 0, size: 1, constant: 0)
}

/// Turns `LayoutConstraint`s into solver constraints for one place.
///
/// Every attribute is a linear expression of the variables of its view and of the views
/// above it. In a right-to-left layout `leading` and `trailing` (and their margins) are
/// measured leftward from the root's right edge, so the whole layout is the mirror image of
/// its left-to-right self, multipliers and constants included; `left`, `right` and the
/// centres stay where they are.
///
/// To keep findings comparable between directions, a right-to-left place solves for the
/// mirror image: each view's `x` is then its distance from its superview's right edge (its
/// leading offset), and `left`, `right` and the centres are written in terms of it. A view
/// whose leading edge is fixed has a fixed `x` in both directions.
struct LayoutSystem {
  let model: LayoutModel
  let place: LayoutPlace
  /// The views in `model.viewOrder` order: their variables, the position of each name, and
  /// the position of each view's superview (-1 for none), for reading all frames in one pass.
  /// A view is found by name once (`indexOfView`); everything else is an array by position,
  /// so a view costs its variables and a few words, with no table of its own.
  let orderedVariables: [ViewVariables]
  let indexOfView: [String: Int]
  let superviewIndex: [Int]
  /// The views' names and alignment insets in the same order.
  let orderedNames: [String]
  let orderedInsets: [EdgeInsets]
  /// For each view, the alignment insets of the views above it, added up: a view's origin is
  /// in its superview's bounds, which start that far before the superview's alignment
  /// rectangle, so the absolute alignment origin is the sum of the origins less these.
  private let ancestorInsets: [EdgeInsets]
  /// For each view, how many views add their origins up to its absolute origin (itself and
  /// the views above it).
  private let depths: [Int]

  /// What a view's attributes are made of: its own variables and the origins of the views
  /// whose `x`/`y` add up to its absolute origin (itself first, then up the superviews).
  private struct Chain {
    var index: Int
    var node: ViewNode
  }

  /// The variables of the view named `name`.
  func variables(of name: String) -> ViewVariables? {
    indexOfView[name].map { orderedVariables[$0] }
  }

  /// The chain of a view the model declares.
  private func chain(_ name: String) -> Chain? {
    guard let index = indexOfView[name], let node = model.views[name] else { return nil }
    return Chain(index: index, node: node)
  }

  /// Calls `body` with the position of the view at `index`, then of each view above it, as
  /// far as `depths` counts them (nothing for a position the system does not have).
  func forEachInChain(_ index: Int, _ body: (Int) -> Void) {
    guard index >= 0, index < depths.count else { return }
    var current = index
    for _ in 0..<depths[index] {
      body(current)
      current = superviewIndex[current]
      if current < 0 { return }
    }
  }

  /// - Parameter reusing: an earlier system, whose variables are kept for the views that
  ///   still exist, so that a solver holding them carries on with the new model.
  init(model: LayoutModel, place: LayoutPlace, reusing previous: LayoutSystem? = nil) {
    self.model = model
    self.place = place
    var indexOfView: [String: Int] = [:]
    indexOfView.reserveCapacity(model.viewOrder.count)
    var ordered: [ViewVariables] = []
    ordered.reserveCapacity(model.viewOrder.count)
    var names: [String] = []
    names.reserveCapacity(model.viewOrder.count)
    var insets: [EdgeInsets] = []
    insets.reserveCapacity(model.viewOrder.count)
    for name in model.viewOrder where indexOfView[name] == nil {
      indexOfView[name] = ordered.count
      ordered.append(previous?.variables(of: name) ?? ViewVariables(name: name))
      names.append(name)
      insets.append(model.views[name]?.alignmentInsets ?? .zero)
    }
    var superviewIndex = [Int](repeating: -1, count: ordered.count)
    for (index, name) in names.enumerated() {
      if let parent = model.views[name]?.superview, let parentIndex = indexOfView[parent] {
        superviewIndex[index] = parentIndex
      }
    }
    // Each view's chain goes up its superviews; the declaration tree cannot have a cycle, but
    // a bound (one more than the views) keeps a malformed model harmless.
    var depths = [Int](repeating: 1, count: ordered.count)
    var ancestorInsets = [EdgeInsets](repeating: .zero, count: ordered.count)
    for index in ordered.indices {
      var depth = 1
      var added = EdgeInsets.zero
      var current = superviewIndex[index]
      while current >= 0, depth <= model.viewOrder.count {
        depth += 1
        let parentInsets = insets[current]
        if parentInsets != .zero {
          added = EdgeInsets(
            top: added.top + parentInsets.top, left: added.left + parentInsets.left,
            bottom: added.bottom + parentInsets.bottom, right: added.right + parentInsets.right)
        }
        current = superviewIndex[current]
      }
      depths[index] = depth
      ancestorInsets[index] = added
    }
    orderedVariables = ordered
    orderedNames = names
    orderedInsets = insets
    self.indexOfView = indexOfView
    self.superviewIndex = superviewIndex
    self.depths = depths
    self.ancestorInsets = ancestorInsets
  }

  private init(
    model: LayoutModel, place: LayoutPlace, reusingStructureOf other: LayoutSystem, insets: [EdgeInsets]? = nil
  ) {
    self.model = model
    self.place = place
    orderedVariables = other.orderedVariables
    indexOfView = other.indexOfView
    superviewIndex = other.superviewIndex
    orderedNames = other.orderedNames
    orderedInsets = insets ?? other.orderedInsets
    ancestorInsets = other.ancestorInsets
    depths = other.depths
  }

  /// This system for another model whose views are laid out alike (the same views,
  /// superviews, margins and baselines: `PlaceSolver.viewsLaidOutAlike`) in the same place
  /// (whose declaration may have moved), without building the chains again.
  func with(model newModel: LayoutModel, place newPlace: LayoutPlace) -> LayoutSystem {
    LayoutSystem(model: newModel, place: newPlace, reusingStructureOf: self)
  }

  /// This system for another model whose views are laid out alike but for the alignment
  /// insets of `names`, views with no subviews (and the same superviews): no other view's
  /// chain reads their insets, so only theirs are read again.
  func with(model newModel: LayoutModel, place newPlace: LayoutPlace, insetsOf names: [String]) -> LayoutSystem {
    var insets = orderedInsets
    for name in names {
      guard let index = indexOfView[name], index < insets.count else { continue }
      insets[index] = newModel.views[name]?.alignmentInsets ?? .zero
    }
    return LayoutSystem(model: newModel, place: newPlace, reusingStructureOf: self, insets: insets)
  }

  /// The expression of one side of a constraint.
  func expression(for item: ConstraintItem) -> Expression? {
    guard let chain = chain(item.view) else { return nil }
    var terms: [Term] = []
    let constant = appendTerms(for: item, chain: chain, scale: 1, to: &terms)
    return Expression(terms: terms, constant: constant)
  }

  /// Appends `scale ×` an item's terms to `terms` and returns `scale ×` its constant.
  private func appendTerms(
    for item: ConstraintItem, chain: Chain, scale: Double, mirrorCentre: Bool = false, to terms: inout [Term]
  ) -> Double {
    var form = affine(for: item, node: chain.node)
    if mirrorCentre, item.attribute == .centerX || item.attribute == .centerXWithinMargins {
      form = Affine.constant(place.canvas.width) - form
    }
    return appendTerms(of: form, axis: item.attribute.axis, chain: chain, scale: scale, to: &terms)
  }

  /// Appends `scale ×` an affine form of a view's variables on `axis` to `terms` and returns
  /// `scale ×` its constant.
  private func appendTerms(
    of form: Affine, axis: AttributeAxis, chain: Chain, scale: Double, to terms: inout [Term]
  ) -> Double {
    let horizontal = axis == .horizontal
    var constant = form.constant
    if form.offset != 0 {
      forEachInChain(chain.index) { index in
        let variables = orderedVariables[index]
        terms.append(Term(horizontal ? variables.x : variables.y, form.offset * scale))
      }
      // The absolute origin is the sum of the origins less the insets of the views above
      // (right to left, the right insets: offsets add up from the right).
      let insets = ancestorInsets[chain.index]
      let inset = horizontal ? (place.direction == .rtl ? insets.right : insets.left) : insets.top
      constant -= form.offset * inset
    }
    if form.size != 0 {
      let own = orderedVariables[chain.index]
      terms.append(Term(horizontal ? own.width : own.height, form.size * scale))
    }
    return constant * scale
  }

  /// How a position is measured, for `origin(of:along:)`: downward from the top; right to
  /// left, leading and trailing leftward from the right edge; the others rightward from the left.
  private enum Direction: Equatable {
    case rightward
    case leftward
    case downward
  }

  private func direction(of attribute: LayoutAttribute) -> Direction {
    if attribute.axis == .vertical { return .downward }
    return place.direction == .rtl && attribute.isDirectional ? .leftward : .rightward
  }

  /// Where the bounds of `container` start, in root coordinates measured along `direction`:
  /// the origin from which UIKit measures the positions of a constraint it holds, as an affine
  /// form of the container's variables (its alignment rectangle less its alignment insets).
  private func origin(of container: ViewNode, along direction: Direction) -> Affine {
    let insets = container.alignmentInsets
    if container.superview == nil {
      // The root's alignment rectangle is the canvas, at the origin in both directions.
      switch direction {
      case .downward: return .constant(-insets.top)
      case .rightward: return .constant(-insets.left)
      case .leftward: return .constant(-insets.right)
      }
    }
    switch direction {
    case .downward:
      return Affine.origin + -insets.top
    case .rightward:
      if place.direction == .rtl {
        // The left edge, R - offset - width, where offsets add up from the right edge.
        return Affine(offset: -1, size: -1, constant: place.canvas.width) + -insets.left
      }
      return Affine.origin + -insets.left
    case .leftward:
      // The distance of the right edge of the bounds from the root's right edge.
      return Affine.origin + -insets.right
    }
  }

  /// The view whose bounds a constraint between two views is measured in: UIKit's container
  /// of the constraint, the nearest view that is either or holds both (for a view and its
  /// superview, the superview; for siblings, their superview).
  func container(of first: String, _ second: String) -> String? {
    guard let a = chain(first), let b = chain(second) else { return nil }
    let (depthA, depthB) = (depths[a.index], depths[b.index])
    var (deeper, shallower) = depthA >= depthB ? (first, second) : (second, first)
    var depthDifference = abs(depthA - depthB)
    var steps = 0
    while depthDifference > 0, let parent = model.views[deeper]?.superview {
      deeper = parent
      depthDifference -= 1
    }
    while deeper != shallower, steps <= model.viewOrder.count {
      guard let up = model.views[deeper]?.superview, let other = model.views[shallower]?.superview else { return nil }
      deeper = up
      shallower = other
      steps += 1
    }
    return deeper == shallower ? deeper : nil
  }

  /// An attribute as an affine form of its view's variables on the attribute's axis.
  private func affine(for item: ConstraintItem, node: ViewNode) -> Affine {
    let rtl = place.direction == .rtl
    let rootWidth = place.canvas.width
    var margins = node.margins
    var baseline = node.baselineOffset
    var firstBaselineFromTop = node.firstBaselineFromTop
    // The rectangle: left edge and width, top edge and height. Right to left, the view's
    // offsets add up from the root's right edge, so its left edge is R - offset - width.
    var left: Affine = rtl ? Affine(offset: -1, size: -1, constant: rootWidth) : .origin
    var width: Affine = .length
    var top: Affine = .origin
    var height: Affine = .length
    if item.guide == "margins" {
      // The layout margins guide: the alignment rectangle inset by the margins (leading and
      // trailing swap sides right to left), as the `…Margin` attributes measure them.
      let leftInset = rtl ? margins.trailing : margins.leading
      let rightInset = rtl ? margins.leading : margins.trailing
      left = left + leftInset
      width = width + -(leftInset + rightInset)
      top = top + margins.top
      height = height + -(margins.top + margins.bottom)
      margins = DirectionalInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
      baseline = 0
      firstBaselineFromTop = nil
    } else if item.guide != nil {
      // The safe area: the root's is the canvas inset by its safe insets; any other view's
      // is its own bounds (Plumb does not intersect it with the root's insets). A guide has
      // no alignment insets: its rectangle is the bounds, the alignment rectangle grown by
      // the view's insets.
      let safe = item.view == LayoutModel.rootName ? place.canvas.safeArea : .zero
      let grown = node.alignmentInsets
      left = left + (safe.left - grown.left)
      width = width + (grown.left + grown.right - safe.left - safe.right)
      top = top + (safe.top - grown.top)
      height = height + (grown.top + grown.bottom - safe.top - safe.bottom)
      margins = DirectionalInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
      baseline = 0
      firstBaselineFromTop = nil
    }
    let right = left + width
    let bottom = top + height
    // Margins on the left and right edges: the leading margin is on the right in RTL.
    let leftMargin = rtl ? margins.trailing : margins.leading
    let rightMargin = rtl ? margins.leading : margins.trailing
    let leading = rtl ? Affine.constant(rootWidth) - right : left
    let trailing = rtl ? Affine.constant(rootWidth) - left : right
    switch item.attribute {
    case .left: return left
    case .right: return right
    case .top: return top
    case .bottom: return bottom
    case .width: return width
    case .height: return height
    case .centerX: return left + width * 0.5
    case .centerY: return top + height * 0.5
    case .leading: return leading
    case .trailing: return trailing
    case .lastBaseline: return bottom + -baseline
    case .firstBaseline:
      // `baseline first F`: F below the top; `baseline N`: the first baseline is the last.
      if let firstBaselineFromTop { return top + firstBaselineFromTop }
      return bottom + -baseline
    case .leftMargin: return left + leftMargin
    case .rightMargin: return right + -rightMargin
    case .topMargin: return top + margins.top
    case .bottomMargin: return bottom + -margins.bottom
    case .leadingMargin: return leading + margins.leading
    case .trailingMargin: return trailing + -margins.trailing
    case .centerXWithinMargins: return left + width * 0.5 + (leftMargin - rightMargin) * 0.5
    case .centerYWithinMargins: return top + height * 0.5 + (margins.top - margins.bottom) * 0.5
    }
  }

  /// The solver constraint for a layout constraint, tagged with `tag`; nil when an item is unknown.
  ///
  /// UIKit measures both positions of a constraint in the bounds of its container (the
  /// nearest common ancestor of its items), not in root coordinates: with a multiplier other
  /// than 1 the difference does not cancel, so each position is taken less the container's
  /// origin, `m × (x₂ − o)` still being linear in the variables.
  func solverConstraint(_ constraint: LayoutConstraint, tag: Int, priority: Double? = nil) -> Constraint? {
    guard let firstChain = chain(constraint.first.view) else { return nil }
    // Right to left, a constraint that relates a leading or trailing position to a centre
    // measures the centre leftward too: the whole constraint is read in the mirror image, as
    // `b.leading == a.centerX` puts b's leading (right) edge at a's centre.
    let mirrorCentre =
      place.direction == .rtl
      && (constraint.first.attribute.isDirectional || constraint.second?.attribute.isDirectional == true)
    // first REL multiplier × second + constant, as `first − multiplier × second − constant REL 0`.
    var terms: [Term] = []
    terms.reserveCapacity(6)
    var constant =
      appendTerms(for: constraint.first, chain: firstChain, scale: 1, mirrorCentre: mirrorCentre, to: &terms)
      - constraint.constant
    if let second = constraint.second {
      guard let secondChain = chain(second.view) else { return nil }
      let multiplier = constraint.multiplier
      constant += appendTerms(
        for: second, chain: secondChain, scale: -multiplier, mirrorCentre: mirrorCentre, to: &terms)
      let firstAttribute = constraint.first.attribute
      let secondAttribute = second.attribute
      if !firstAttribute.isSize, !secondAttribute.isSize, firstAttribute.axis == secondAttribute.axis {
        let firstDirection = mirrorCentre ? Direction.leftward : direction(of: firstAttribute)
        let secondDirection = mirrorCentre ? Direction.leftward : direction(of: secondAttribute)
        // (first − o₁) − m × (second − o₂): nothing to add when the origins cancel.
        if multiplier != 1 || firstDirection != secondDirection,
          let name = container(of: constraint.first.view, second.view), let box = chain(name)
        {
          let axis = firstAttribute.axis
          if firstDirection == secondDirection {
            constant += appendTerms(
              of: origin(of: box.node, along: firstDirection), axis: axis, chain: box, scale: multiplier - 1,
              to: &terms)
          } else {
            constant += appendTerms(
              of: origin(of: box.node, along: firstDirection), axis: axis, chain: box, scale: -1, to: &terms)
            constant += appendTerms(
              of: origin(of: box.node, along: secondDirection), axis: axis, chain: box, scale: multiplier,
              to: &terms)
          }
        }
      }
    }
    let relation: CassowarySolver.Relation
    switch constraint.relation {
    case .equal: relation = .equal
    case .lessThanOrEqual: relation = .lessThanOrEqual
    case .greaterThanOrEqual: relation = .greaterThanOrEqual
    }
    // The terms were built in room for six; the constraint keeps its first two itself and the
    // others in an array of their own size.
    return Constraint(
      Expression(terms: terms, constant: constant), relation, priority: priority ?? constraint.priority, tag: tag)
  }

  /// The constraints that fix the root to the canvas and keep every size non-negative,
  /// in the terms of the model (so that conflicts can name them).
  func engineConstraints() -> [LayoutConstraint] {
    model.implicitConstraints(for: place.canvas)
  }
}
