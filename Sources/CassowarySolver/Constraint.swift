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
  // The stored properties are laid out in this order: the one-byte relation last fills what
  // the optional tag leaves of its last word, so an object is 50 bytes, not 57 (a 64-byte
  // block of the allocator instead of 80; a solver of 100,000 constraints holds 100,000).

  /// The left side minus the right side.
  public let expression: Expression
  /// The priority, in (0, 1000]; 1000 means required.
  public let priority: Double
  /// A number chosen by the client, for example an index into its own source table.
  public let tag: Int?
  /// How `expression` compares with 0.
  public let relation: Relation

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
    // for bit): a solver holding 100,000 constraints would hold a second, larger array each.
    self.expression = rhs.terms.isEmpty && rhs.constant.bitPattern == 0 ? lhs : lhs - rhs
    self.relation = relation
    self.priority = priority
    self.tag = tag
  }

  /// The terms of `expression`, in the order they were written.
  ///
  /// The solver reads a constraint through `terms` and `constant` only, which build nothing
  /// whatever way the constraint keeps its terms: a constraint that kept its first terms in
  /// the object (no array of their own) would have to build `expression` each time it is read.
  public var terms: Terms { Terms(storage: expression.terms) }

  /// The constant part of `expression`.
  public var constant: Double { expression.constant }

  /// The terms of a constraint, read without building an array.
  public struct Terms: RandomAccessCollection, Sendable {
    let storage: [Term]

    /// The position of the first term (0).
    public var startIndex: Int { 0 }
    /// The number of terms.
    public var endIndex: Int { storage.count }

    /// The term at `position`, which must be below `endIndex` (as an array's index must be).
    public subscript(position: Int) -> Term { storage[position] }
  }

  /// The value of `expression` when every variable takes the value `value(variable)`,
  /// summed as `Expression.evaluate` sums it.
  ///
  /// - Parameter value: The value of each variable.
  /// - Returns: `Σ coefficientᵢ · value(variableᵢ) + constant`.
  public func evaluate(_ value: (Variable) -> Double) -> Double {
    expression.evaluate(value)
  }

  /// Creates the same relation with another priority (and, optionally, another tag).
  ///
  /// - Parameters:
  ///   - priority: The new priority.
  ///   - tag: The new tag; the old tag when `nil`.
  /// - Returns: A new constraint; the receiver is not changed.
  public func withPriority(_ priority: Double, tag: Int? = nil) -> Constraint {
    Constraint(expression, relation, Expression(), priority: priority, tag: tag ?? self.tag)
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
