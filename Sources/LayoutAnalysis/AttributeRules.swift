/// Diagnostic: invalid-attribute-pair
///
/// UIKit's rules on which attributes a constraint may relate. NSLayoutConstraint raises
/// an exception for these pairs; Plumb reports them as errors before the app runs.
import LayoutSyntax

/// What an attribute measures, for UIKit's pairing rules.
public enum AttributeAxis: Sendable, Hashable {
  case horizontal
  case vertical
}

extension LayoutAttribute {
  /// Whether the attribute is a size (`width`, `height`) rather than a position.
  public var isSize: Bool { self == .width || self == .height }

  /// The axis the attribute lies along.
  public var axis: AttributeAxis {
    switch self {
    case .left, .right, .leading, .trailing, .width, .centerX,
      .leftMargin, .rightMargin, .leadingMargin, .trailingMargin, .centerXWithinMargins:
      .horizontal
    case .top, .bottom, .height, .centerY, .lastBaseline, .firstBaseline,
      .topMargin, .bottomMargin, .centerYWithinMargins:
      .vertical
    }
  }

  /// Whether the attribute follows the writing direction (leading, trailing and their margins).
  public var isDirectional: Bool {
    switch self {
    case .leading, .trailing, .leadingMargin, .trailingMargin: true
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
  static func violation(first: LayoutAttribute, second: LayoutAttribute?, multiplier: Double) -> String? {
    guard let second, multiplier != 0 else {
      if !first.isSize {
        return "a constraint cannot set the position '\(first.rawValue)' to a constant: "
          + "UIKit only lets a size equal a constant. Relate it to another item's "
          + "attribute, e.g. 'super.\(first.rawValue) + 20'"
      }
      return nil
    }
    if first.isSize != second.isSize {
      let (position, size) = first.isSize ? (second, first) : (first, second)
      return "a constraint cannot relate the position '\(position.rawValue)' to the size "
        + "'\(size.rawValue)': UIKit only relates positions to positions and sizes to sizes"
    }
    if first.isSize { return nil }
    if first.axis != second.axis {
      return "a constraint cannot relate the \(first.axis) attribute '\(first.rawValue)' to the "
        + "\(second.axis) attribute '\(second.rawValue)'"
    }
    if (first.isDirectional && second.isAbsoluteHorizontal)
      || (first.isAbsoluteHorizontal && second.isDirectional)
    {
      return "a constraint cannot relate '\(first.rawValue)' to '\(second.rawValue)': UIKit does not "
        + "mix leading/trailing with left/right attributes, which disagree in right-to-left layouts"
    }
    return nil
  }
}
