import LayoutSyntax

/// What Plumb makes of one conflict report: the minimal conflicting set, the arithmetic, the
/// constraint UIKit broke, and the likely causes — as data; `ExplanationText` writes it.
public struct Explanation: Sendable {
  public var block: ConflictBlock
  public var outcome: Outcome
  /// The minimal conflicting set (empty unless `outcome` is `.conflict`).
  public var members: [Member]
  /// Whether `members` is irreducible (dropping any one lets the rest hold): false only for a
  /// report longer than `Explainer.minimizationLimit`, whose set is the solver's raw explanation.
  public var isIrreducible: Bool
  public var arithmetic: Arithmetic?
  public var broken: BrokenStatus
  public var causes: [Cause]

  /// Indices into `block.constraints` of the members that are constraints of the log.
  public var constraintMembers: [Int] {
    members.compactMap { if case .constraint(let index) = $0 { return index } else { return nil } }
  }
}

/// What re-solving the listed constraints found.
public enum Outcome: Equatable, Sendable {
  /// The required constraints cannot all hold: `members` is a minimal set of them.
  case conflict
  /// The listed constraints can all hold together: the list is incomplete, or the conflict
  /// depends on something the log does not print.
  case consistent
  /// The log redacted the constraints (`<private>`).
  case redacted
  /// The block lists no constraint that could be read.
  case nothingListed
  /// The solver gave up (its budget, or numbers out of its range), with its reason.
  case unsolved(String)
}

/// A member of the minimal conflicting set.
public enum Member: Equatable, Sendable {
  /// The constraint at this index of `block.constraints`.
  case constraint(Int)
  /// UIKit's engine keeps a view's width (or height) non-negative.
  case nonNegativeSize(LogItem, horizontal: Bool)
  /// A margin the log does not print, taken as UIKit's default.
  case assumedMargin(LogItem, side: MarginSide, value: Double)
  /// A superview the log does not name, taken to be the one other entries identify.
  case inferredSuperview(SuperviewLink)
}

public enum MarginSide: String, Sendable {
  case left, right, top, bottom
}

/// The clash as a sum: the other members need `subject` to be `total` (the sum of `terms`),
/// but the member `reference` makes it `value`.
public struct Arithmetic: Equatable, Sendable {
  /// The constraint (index into `block.constraints`) the others are set against.
  public var reference: Int
  /// What the others decide: `first − multiplier × second` of the reference constraint.
  public var first: LogTerm
  public var multiplier: Double
  public var second: LogTerm?
  /// The nonzero contributions of the other members, in member order.
  public var terms: [Double]
  public var total: Double
  /// `==` when the others fix the subject; `>=` or `<=` when they bound it.
  public var needed: Relation
  /// What the reference constraint says: `subject relation value`.
  public var relation: Relation
  public var value: Double
}

/// The constraint UIKit broke, against the minimal set.
public enum BrokenStatus: Equatable, Sendable {
  /// The log does not say (cut, or redacted).
  case unknown
  /// Index into `block.constraints`; whether it is in the minimal set.
  case listed(Int, inMinimalSet: Bool)
  /// UIKit broke a constraint its printed list does not hold (the list was cut).
  case notListed(address: String)
}

/// A known pattern that explains a conflict, with what to change.
public enum Cause: Equatable, Sendable {
  /// A view still has `translatesAutoresizingMaskIntoConstraints` on: its frame became constraints.
  case autoresizingMask(LogItem, mask: AutoresizingMask?, systemView: Bool)
  /// A table or collection view fixed the cell's (or header's) size, against required
  /// constraints inside it.
  case encapsulatedSize(LogItem, horizontal: Bool, value: Double)
  /// A size of 0 given while the view is created (`_UITemporaryLayoutWidth`, an encapsulated
  /// width of 0): harmless once the real size arrives.
  case transientZeroSize(LogItem, horizontal: Bool)
  /// A stack view collapsed a hidden arranged view (`UISV-hiding`) that has a required size or chain.
  case hiddenArrangedView(LogItem, horizontal: Bool)
  /// Two constraints give the same size two values: one was added again without removing the other.
  case twoSizes(LogItem, horizontal: Bool, values: [Double])
  /// A right-to-left layout where `left`/`right` constraints (which stay put) meet
  /// leading/trailing ones (which mirror); the address is the first `left`/`right` member.
  case leftRightInRightToLeft(address: String)
}

/// The explanations of a whole log.
public struct LogExplanation: Sendable {
  public var log: ParsedLog
  public var explanations: [Explanation]
}
