/// Diagnostic: invalid-attribute-pair
///
/// UIKit's rules on which attributes a constraint may relate. NSLayoutConstraint raises
/// an exception for these pairs; Plumb reports them as errors before the app runs.
import LayoutSyntax

extension LayoutAttribute {
  /// Whether the attribute is a size (`width`, `height`) rather than a position.
  public var isSize: Bool { self == .width || self == .height }

  /// Whether the attribute follows the writing direction (leading, trailing and their margins).
  public var isDirectional: Bool {
    switch self {
    case .leading, .trailing, .leadingMargin, .trailingMargin: true
    default: false
    }
  }

  /// Whether the attribute is a baseline, which layout guides do not have.
  public var isBaseline: Bool { self == .firstBaseline || self == .lastBaseline }

  /// Whether the attribute is a margin (or a centre within the margins), which layout guides
  /// do not have.
  public var isMargin: Bool {
    switch self {
    case .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
      .centerXWithinMargins, .centerYWithinMargins:
      true
    default: false
    }
  }

  /// Whether the attribute is an absolute left or right edge (or margin).
  public var isAbsoluteHorizontal: Bool {
    switch self {
    case .left, .right, .leftMargin, .rightMargin: true
    default: false
    }
  }
}

enum AttributeRules {
  /// Why UIKit would refuse to relate these attributes, or nil when the pair is legal.
  ///
  /// - Parameters:
  ///   - first: the first item's attribute.
  ///   - second: the second item's attribute; nil for a constant constraint.
  ///   - multiplier: the constraint's multiplier (a zero multiplier drops the second item).
  static func violation(first: LayoutAttribute, second: LayoutAttribute?, multiplier: Double) -> AttributePairProblem? {
    guard let second, multiplier != 0 else {
      return first.isSize ? nil : .positionToConstant(first)
    }
    if first.isSize != second.isSize {
      return first.isSize ? .positionToSize(position: second, size: first) : .positionToSize(position: first, size: second)
    }
    if first.isSize { return nil }
    if first.axis != second.axis {
      return .differentAxes(first, second)
    }
    if (first.isDirectional && second.isAbsoluteHorizontal)
      || (first.isAbsoluteHorizontal && second.isDirectional)
    {
      return .mixedDirections(first, second)
    }
    return nil
  }
}
