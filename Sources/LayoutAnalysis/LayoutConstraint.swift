import LayoutSyntax

/// Where a lowered constraint came from.
public enum ConstraintOrigin: String, Sendable, Hashable {
  /// A Visual Format string.
  case vfl
  /// A constraint written out as an equation.
  case explicit
  /// A view's intrinsic content size, through its hugging or compression resistance.
  case intrinsic
  /// What every view carries: sizes are never negative.
  case implicit
  /// The root view fixed to a canvas.
  case canvas
  /// A view laid out by its autoresizing mask (`translatesAutoresizingMaskIntoConstraints`):
  /// its saved frame, fixed, as UIKit's `NSAutoresizingMaskLayoutConstraint`s do.
  case autoresizingMask
  /// What a stack view generates for its arranged subviews (`UISV-…` constraints).
  case stackView
}

/// One side of a constraint: an item and one of its attributes.
public struct ConstraintItem: Hashable, Sendable, CustomStringConvertible {
  /// The view's name; the root view is `root`.
  public var view: String
  /// `safeArea` when the item is the view's safe-area layout guide.
  public var guide: String?
  public var attribute: LayoutAttribute

  public init(view: String, guide: String? = nil, attribute: LayoutAttribute) {
    self.view = view
    self.guide = guide
    self.attribute = attribute
  }

  /// The item's name as the output shows it: `root`, `Title`, `root.safeArea`.
  public var itemName: String {
    if let guide { return "\(view).\(guide)" }
    return view
  }

  public var description: String { "\(itemName).\(attribute.rawValue)" }
}

/// Where and how a constraint's priority can be rewritten in the text, for quick fixes.
///
/// Replacing `range` by `prefix`, the new priority and `suffix` gives the same constraint at
/// that priority.
public struct PriorityEditSite: Hashable, Sendable {
  public var range: SourceRange
  public var prefix: String
  public var suffix: String

  public init(range: SourceRange, prefix: String, suffix: String = "") {
    self.range = range
    self.prefix = prefix
    self.suffix = suffix
  }

  /// The edit that sets the priority to `priority`.
  public func edit(priority: Double) -> TextEdit {
    TextEdit(range: range, newText: prefix + formatNumber(priority) + suffix)
  }
}

/// A constraint in NSLayoutConstraint's own terms:
/// `first REL multiplier × second + constant @priority`.
public struct LayoutConstraint: Hashable, Sendable, CustomStringConvertible {
  public var first: ConstraintItem
  public var relation: Relation
  /// Nil for a constant constraint (`a.width == 50`).
  public var second: ConstraintItem?
  public var multiplier: Double
  public var constant: Double
  /// In (0, 1000]; 1000 is required.
  public var priority: Double
  /// The label the file gave the constraint, like an Interface Builder identifier.
  public var label: String?
  public var origin: ConstraintOrigin
  /// The text the constraint came from.
  public var range: SourceRange
  /// Where its priority can be rewritten; nil when the text cannot express another priority.
  public var priorityEdit: PriorityEditSite?
  /// The text to delete to remove the constraint (and nothing else); nil when it shares its
  /// statement with other constraints.
  public var removalRange: SourceRange?

  public init(
    first: ConstraintItem, relation: Relation, second: ConstraintItem?, multiplier: Double = 1,
    constant: Double = 0, priority: Double = 1000, label: String? = nil, origin: ConstraintOrigin,
    range: SourceRange
  ) {
    self.first = first
    self.relation = relation
    self.second = second
    self.multiplier = multiplier
    self.constant = constant
    self.priority = priority
    self.label = label
    self.origin = origin
    self.range = range
  }

  /// A copy with the places quick fixes edit.
  func editable(priority: PriorityEditSite?, removal: SourceRange? = nil) -> LayoutConstraint {
    var copy = self
    copy.priorityEdit = priority
    copy.removalRange = removal
    return copy
  }

  public var isRequired: Bool { priority >= 1000 }

  /// The constraint as UIKit describes it: `'label' b.leading == a.trailing + 8 @750`.
  public var description: String {
    var text = ""
    if let label { text += "'\(label)' " }
    text += "\(first) \(relation.rawValue) "
    if let second {
      if multiplier != 1 { text += "\(formatNumber(multiplier))*" }
      text += second.description
      if constant > 0 {
        text += " + \(formatNumber(constant))"
      } else if constant < 0 {
        text += " - \(formatNumber(-constant))"
      }
    } else {
      text += formatNumber(constant)
    }
    if priority < 1000 { text += " @\(formatNumber(priority))" }
    return text
  }
}
