/// How the two sides of a constraint compare.
public enum Relation: String, Sendable, CaseIterable {
  /// `lhs == rhs`.
  case equal = "=="
  /// `lhs <= rhs`.
  case lessThanOrEqual = "<="
  /// `lhs >= rhs`.
  case greaterThanOrEqual = ">="
}

/// The priority scale of UIKit: `required` must hold, everything below is optional.
///
/// Optional priorities are compared lexicographically: the solver never gives up any
/// satisfaction at a higher priority to gain any amount at lower priorities. Within one
/// priority the total error (the sum of absolute deviations) is minimised.
public enum Priority {
  /// 1000: the constraint must hold.
  public static let required: Double = 1000
  /// 750, UIKit's `defaultHigh`.
  public static let defaultHigh: Double = 750
  /// 500, the priority UIKit uses for drag-resizing a window.
  public static let medium: Double = 500
  /// 250, UIKit's `defaultLow`.
  public static let defaultLow: Double = 250
  /// 1, the weakest optional priority in common use.
  public static let low: Double = 1
}

/// A linear relation between variables, with a priority.
///
/// The constraint stands for `expression (relation) 0`, where `expression` is
/// `lhs - rhs` of the form it was built from. Constraints are identified by the object:
/// the same constraint can be added to a solver once, and can be used as a dictionary key.
public final class Constraint: Hashable, Sendable, CustomStringConvertible {
  // The first two terms are kept in the object, the others (if any) in an array: a constraint
  // of one or two terms (most of them) is 83 bytes, one 96-byte block of the allocator, where
  // an object of 50 bytes (a 64-byte block) and an array of two terms (an 80-byte block) took
  // 144; one of three terms takes an array of one beside it, as many bytes as before. The
  // stored properties are laid out in this order: the one-byte relation and count fill what
  // the optional tag leaves of its last word.

  /// The first term (`unused` when there is none).
  private let firstTerm: Term
  /// The second term (`unused` when there are fewer than two).
  private let secondTerm: Term
  /// The terms after the second; empty when there are at most two.
  private let laterTerms: [Term]
  /// The constant part of `expression`.
  public let constant: Double
  /// The priority, in (0, 1000]; 1000 means required.
  public let priority: Double
  /// A number chosen by the client, for example an index into its own source table.
  public let tag: Int?
  /// How `expression` compares with 0.
  public let relation: Relation
  /// How many terms are kept in the object: 0, 1 or 2 (2 when `laterTerms` holds any).
  private let inlineCount: UInt8

  /// What an unused term slot holds.
  private static let unused = Term(Variable("unused"), 0)

  /// Creates the constraint `lhs (relation) rhs`.
  ///
  /// The solver checks the values when the constraint is added: NaN or infinite
  /// numbers, or a priority outside (0, 1000], make `Solver.add(_:)` throw.
  /// - Parameters:
  ///   - lhs: The left side.
  ///   - relation: How the sides compare.
  ///   - rhs: The right side.
  ///   - priority: The priority; `Priority.required` (1000) by default.
  ///   - tag: A number for the client to map the constraint back to its origin.
  public init(
    _ lhs: Expression, _ relation: Relation, _ rhs: Expression = Expression(),
    priority: Double = Priority.required, tag: Int? = nil
  ) {
    // `lhs - rhs` copies the terms even when `rhs` is nothing (`lhs + -0.0` is `lhs`, bit
    // for bit): no array is built for a right side that is nothing.
    let expression = rhs.terms.isEmpty && rhs.constant.bitPattern == 0 ? lhs : lhs - rhs
    let terms = expression.terms
    switch terms.count {
    case 0:
      (firstTerm, secondTerm, laterTerms, inlineCount) = (Self.unused, Self.unused, [], 0)
    case 1:
      (firstTerm, secondTerm, laterTerms, inlineCount) = (terms[0], Self.unused, [], 1)
    case 2:
      (firstTerm, secondTerm, laterTerms, inlineCount) = (terms[0], terms[1], [], 2)
    default:
      (firstTerm, secondTerm, laterTerms, inlineCount) = (terms[0], terms[1], Array(terms[2...]), 2)
    }
    self.constant = expression.constant
    self.relation = relation
    self.priority = priority
    self.tag = tag
  }

  /// The left side minus the right side. Built when read (an array for its terms); the
  /// solver reads `terms` and `constant`, which build nothing.
  public var expression: Expression {
    Expression(terms: Array(terms), constant: constant)
  }

  /// A constraint with the terms, constant and relation of `other` (sharing its array of
  /// later terms, if it has one) and another priority and tag.
  private init(copying other: Constraint, priority: Double, tag: Int?) {
    firstTerm = other.firstTerm
    secondTerm = other.secondTerm
    laterTerms = other.laterTerms
    inlineCount = other.inlineCount
    constant = other.constant
    relation = other.relation
    self.priority = priority
    self.tag = tag
  }

  /// The terms of `expression`, in the order they were written, read in place.
  public var terms: Terms { Terms(constraint: self) }

  /// The terms of a constraint, read from the constraint without building an array.
  public struct Terms: RandomAccessCollection, Sendable {
    let constraint: Constraint

    /// The position of the first term (0).
    public var startIndex: Int { 0 }
    /// The number of terms.
    public var endIndex: Int { Int(constraint.inlineCount) + constraint.laterTerms.count }

    /// The term at `position`, which must be below `endIndex` (as an array's index must be).
    public subscript(position: Int) -> Term {
      if position >= 2 { return constraint.laterTerms[position - 2] }
      precondition(position >= 0 && position < Int(constraint.inlineCount), "Index out of range")
      return position == 0 ? constraint.firstTerm : constraint.secondTerm
    }
  }

  /// The value of `expression` when every variable takes the value `value(variable)`,
  /// summed as `Expression.evaluate` sums it.
  ///
  /// - Parameter value: The value of each variable.
  /// - Returns: `Σ coefficientᵢ · value(variableᵢ) + constant`.
  public func evaluate(_ value: (Variable) -> Double) -> Double {
    var total = constant
    for term in terms {
      total += term.coefficient * value(term.variable)
    }
    return total
  }

  /// Creates the same relation with another priority (and, optionally, another tag).
  ///
  /// - Parameters:
  ///   - priority: The new priority.
  ///   - tag: The new tag; the old tag when `nil`.
  /// - Returns: A new constraint; the receiver is not changed.
  public func withPriority(_ priority: Double, tag: Int? = nil) -> Constraint {
    Constraint(copying: self, priority: priority, tag: tag ?? self.tag)
  }

  /// Whether the priority is 1000 (or more).
  public var isRequired: Bool { priority >= Priority.required }

  /// Two constraints are equal exactly when they are the same object.
  public static func == (lhs: Constraint, rhs: Constraint) -> Bool {
    lhs === rhs
  }

  /// Hashes the identity of the object.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }

  /// The constraint as text, such as `x + -1 * y + 10 == 0 @750`.
  public var description: String {
    let suffix = isRequired ? "" : " @\(priority.dumpText)"
    return "\(expression) \(relation.rawValue) 0\(suffix)"
  }
}

// MARK: - Building constraints with operators

/// Builds the required constraint `lhs == rhs`.
public func == (lhs: Expression, rhs: Expression) -> Constraint { Constraint(lhs, .equal, rhs) }
/// Builds the required constraint `lhs <= rhs`.
public func <= (lhs: Expression, rhs: Expression) -> Constraint {
  Constraint(lhs, .lessThanOrEqual, rhs)
}
/// Builds the required constraint `lhs >= rhs`.
public func >= (lhs: Expression, rhs: Expression) -> Constraint {
  Constraint(lhs, .greaterThanOrEqual, rhs)
}
/// Builds the required constraint `lhs == rhs`.
public func == (lhs: Expression, rhs: Double) -> Constraint { lhs == Expression(rhs) }
/// Builds the required constraint `lhs <= rhs`.
public func <= (lhs: Expression, rhs: Double) -> Constraint { lhs <= Expression(rhs) }
/// Builds the required constraint `lhs >= rhs`.
public func >= (lhs: Expression, rhs: Double) -> Constraint { lhs >= Expression(rhs) }
/// Builds the required constraint `lhs == rhs`.
public func == (lhs: Expression, rhs: Variable) -> Constraint { lhs == Expression(rhs) }
/// Builds the required constraint `lhs <= rhs`.
public func <= (lhs: Expression, rhs: Variable) -> Constraint { lhs <= Expression(rhs) }
/// Builds the required constraint `lhs >= rhs`.
public func >= (lhs: Expression, rhs: Variable) -> Constraint { lhs >= Expression(rhs) }
/// Builds the required constraint `lhs == rhs`.
///
/// `variable == variable` is the identity comparison of `Variable`; write
/// `Expression(x) == y` to constrain two variables to be equal.
public func == (lhs: Variable, rhs: Expression) -> Constraint { Expression(lhs) == rhs }
/// Builds the required constraint `lhs <= rhs`.
public func <= (lhs: Variable, rhs: Expression) -> Constraint { Expression(lhs) <= rhs }
/// Builds the required constraint `lhs >= rhs`.
public func >= (lhs: Variable, rhs: Expression) -> Constraint { Expression(lhs) >= rhs }
/// Builds the required constraint `lhs == rhs`.
public func == (lhs: Variable, rhs: Double) -> Constraint { Expression(lhs) == Expression(rhs) }
/// Builds the required constraint `lhs <= rhs`.
public func <= (lhs: Variable, rhs: Double) -> Constraint { Expression(lhs) <= Expression(rhs) }
/// Builds the required constraint `lhs >= rhs`.
public func >= (lhs: Variable, rhs: Double) -> Constraint { Expression(lhs) >= Expression(rhs) }
/// Builds the required constraint `lhs <= rhs`.
public func <= (lhs: Variable, rhs: Variable) -> Constraint { Expression(lhs) <= Expression(rhs) }
/// Builds the required constraint `lhs >= rhs`.
public func >= (lhs: Variable, rhs: Variable) -> Constraint { Expression(lhs) >= Expression(rhs) }

precedencegroup ConstraintPriorityPrecedence {
  lowerThan: ComparisonPrecedence
  associativity: left
}

infix operator ~: ConstraintPriorityPrecedence

/// The constraint with another priority: `x == 10 ~ 750`.
public func ~ (lhs: Constraint, rhs: Double) -> Constraint {
  lhs.withPriority(rhs)
}
