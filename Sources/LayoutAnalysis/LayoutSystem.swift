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

  public var description: String { "\(canvas.name), \(direction.phrase)" }
}

/// The solver variables of one view: its alignment rectangle's origin, relative to its
/// superview (as UIKit's engine keeps it), and its size.
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

/// A rectangle of linear expressions, in root coordinates.
private struct RectExpression {
  var left: Expression
  var top: Expression
  var width: Expression
  var height: Expression
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
  /// Every view's variables, by name.
  let variables: [String: ViewVariables]
  /// For each view, the views whose `x`/`y` add up to its absolute origin (itself first).
  private let chains: [String: [String]]

  /// - Parameter reusing: variables of an earlier system, kept for the views that still
  ///   exist, so that a solver holding them carries on with the new model.
  init(model: LayoutModel, place: LayoutPlace, reusing: [String: ViewVariables] = [:]) {
    self.model = model
    self.place = place
    var variables: [String: ViewVariables] = [:]
    var chains: [String: [String]] = [:]
    for name in model.viewOrder {
      variables[name] = reusing[name] ?? ViewVariables(name: name)
      var chain = [name]
      var current = model.views[name]?.superview
      // The declaration tree cannot have a cycle, but a bound keeps a malformed model harmless.
      while let parent = current, chain.count <= model.viewOrder.count {
        chain.append(parent)
        current = model.views[parent]?.superview
      }
      chains[name] = chain
    }
    self.variables = variables
    self.chains = chains
  }

  /// The absolute alignment rectangle of a view.
  private func rect(of view: String) -> RectExpression? {
    guard let own = variables[view], let chain = chains[view] else { return nil }
    var offset = Expression()
    var top = Expression()
    for name in chain {
      guard let vars = variables[name] else { continue }
      offset = offset + vars.x
      top = top + vars.y
    }
    // Right to left, the offsets add up from the root's right edge.
    let left = place.direction == .rtl ? place.canvas.width - (offset + own.width) : offset
    return RectExpression(left: left, top: top, width: Expression(own.width), height: Expression(own.height))
  }

  /// The expression of one side of a constraint.
  func expression(for item: ConstraintItem) -> Expression? {
    guard var frame = rect(of: item.view), let node = model.views[item.view] else { return nil }
    var margins = node.margins
    var baseline = node.baselineOffset
    if item.guide != nil {
      // The safe area: the root's is the canvas inset by its safe insets; any other view's
      // is its own bounds (Plumb does not intersect it with the root's insets).
      let insets = item.view == LayoutModel.rootName ? place.canvas.safeArea : .zero
      frame = RectExpression(
        left: frame.left + insets.left, top: frame.top + insets.top,
        width: frame.width - (insets.left + insets.right), height: frame.height - (insets.top + insets.bottom))
      margins = DirectionalInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
      baseline = 0
    }
    let rtl = place.direction == .rtl
    let rootWidth = place.canvas.width
    let right = frame.left + frame.width
    let bottom = frame.top + frame.height
    // Margins on the left and right edges: the leading margin is on the right in RTL.
    let leftMargin = rtl ? margins.trailing : margins.leading
    let rightMargin = rtl ? margins.leading : margins.trailing
    switch item.attribute {
    case .left: return frame.left
    case .right: return right
    case .top: return frame.top
    case .bottom: return bottom
    case .width: return frame.width
    case .height: return frame.height
    case .centerX: return frame.left + frame.width * 0.5
    case .centerY: return frame.top + frame.height * 0.5
    case .leading: return rtl ? rootWidth - right : frame.left
    case .trailing: return rtl ? rootWidth - frame.left : right
    case .lastBaseline, .firstBaseline: return bottom - baseline
    case .leftMargin: return frame.left + leftMargin
    case .rightMargin: return right - rightMargin
    case .topMargin: return frame.top + margins.top
    case .bottomMargin: return bottom - margins.bottom
    case .leadingMargin: return rtl ? rootWidth - right + margins.leading : frame.left + margins.leading
    case .trailingMargin: return rtl ? rootWidth - frame.left - margins.trailing : right - margins.trailing
    case .centerXWithinMargins: return frame.left + frame.width * 0.5 + (leftMargin - rightMargin) * 0.5
    case .centerYWithinMargins: return frame.top + frame.height * 0.5 + (margins.top - margins.bottom) * 0.5
    }
  }

  /// The solver constraint for a layout constraint, tagged with `tag`; nil when an item is unknown.
  func solverConstraint(_ constraint: LayoutConstraint, tag: Int, priority: Double? = nil) -> Constraint? {
    guard let first = expression(for: constraint.first) else { return nil }
    var right = Expression(constraint.constant)
    if let second = constraint.second {
      guard let secondExpression = expression(for: second) else { return nil }
      right = secondExpression * constraint.multiplier + constraint.constant
    }
    let relation: CassowarySolver.Relation
    switch constraint.relation {
    case .equal: relation = .equal
    case .lessThanOrEqual: relation = .lessThanOrEqual
    case .greaterThanOrEqual: relation = .greaterThanOrEqual
    }
    return Constraint(first, relation, right, priority: priority ?? constraint.priority, tag: tag)
  }

  /// The constraints that fix the root to the canvas and keep every size non-negative,
  /// in the terms of the model (so that conflicts can name them).
  func engineConstraints() -> [LayoutConstraint] {
    model.implicitConstraints(for: place.canvas)
  }
}
