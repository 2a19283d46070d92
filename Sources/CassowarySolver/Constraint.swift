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
  // The first two terms are kept in the object and the others, when there are any, in an
  // array of their own: a constraint of one or two terms (most of a layout's) is one block of
  // the allocator (a 96-byte block) where the object and an array of its terms took
  // a 64-byte and an 80-byte block. The stored properties are laid out in this order: the
  // one-byte relation and count after the optional tag fill what the tag leaves of its last
  // word (83 bytes).

  /// The variable of the first term (`Constraint.absent` when there is none).
  private let firstVariable: Variable
  /// The coefficient of the first term.
  private let firstCoefficient: Double
  /// The variable of the second term (`Constraint.absent` when there are fewer than two).
  private let secondVariable: Variable
  /// The coefficient of the second term.
  private let secondCoefficient: Double
  /// The terms after the second, in their order (empty, and so no storage, for two or fewer).
  private let laterTerms: [Term]
  /// The constant part of `expression`.
  public let constant: Double
  /// The priority, in (0, 1000]; 1000 means required.
  public let priority: Double
  /// A number chosen by the client, for example an index into its own source table.
  public let tag: Int?
  /// How `expression` compares with 0.
  public let relation: Relation
  /// The number of terms the object holds itself (0, 1 or 2).
  private let inlineCount: UInt8

  /// What an absent first or second term's variable is set to; never read as a term.
  private static let absent = Variable("")

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
  public convenience init(
    _ lhs: Expression, _ relation: Relation, _ rhs: Expression = Expression(),
    priority: Double = Priority.required, tag: Int? = nil
  ) {
    // `lhs - rhs` is `lhs + rhs * -1`: the terms of `lhs`, then those of `rhs` with their
    // coefficients times -1, and the constant `lhs.constant + rhs.constant * -1`, read here
    // without building them; `lhs` alone when `rhs` is nothing (`lhs + -0.0` is `lhs`, bit for
    // bit).
    if rhs.terms.isEmpty && rhs.constant.bitPattern == 0 {
      self.init(lhs.terms, subtracting: [], constant: lhs.constant, relation, priority: priority, tag: tag)
    } else {
      self.init(
        lhs.terms, subtracting: rhs.terms, constant: lhs.constant + rhs.constant * -1, relation, priority: priority,
        tag: tag)
    }
  }

  /// Creates the constraint `Σ terms − Σ subtracted + constant (relation) 0`, keeping the terms
  /// in their order, those of `subtracted` after those of `terms`, with their coefficients
  /// times -1.
  private init(
    _ terms: [Term], subtracting subtracted: [Term], constant: Double, _ relation: Relation, priority: Double,
    tag: Int?
  ) {
    let count = terms.count + subtracted.count
    func term(_ index: Int) -> Term {
      guard index >= terms.count else { return terms[index] }
      let other = subtracted[index - terms.count]
      return Term(other.variable, other.coefficient * -1)
    }
    let first = count > 0 ? term(0) : Term(Constraint.absent, 0)
    let second = count > 1 ? term(1) : Term(Constraint.absent, 0)
    firstVariable = first.variable
    firstCoefficient = first.coefficient
    secondVariable = second.variable
    secondCoefficient = second.coefficient
    // In an array of exactly their number: it lives as long as the constraint.
    if count <= 2 {
      laterTerms = []
    } else if subtracted.isEmpty {
      laterTerms = terms.withUnsafeBufferPointer { Array(UnsafeBufferPointer(rebasing: $0[2...])) }
    } else {
      var later: [Term] = []
      later.reserveCapacity(count - 2)
      for index in 2..<count { later.append(term(index)) }
      laterTerms = later
    }
    self.constant = constant
    self.relation = relation
    inlineCount = UInt8(min(count, 2))
    self.priority = priority
    self.tag = tag
  }

  /// Creates a constraint with the terms, constant and relation of `other`.
  private init(copying other: Constraint, priority: Double, tag: Int?) {
    firstVariable = other.firstVariable
    firstCoefficient = other.firstCoefficient
    secondVariable = other.secondVariable
    secondCoefficient = other.secondCoefficient
    laterTerms = other.laterTerms
    constant = other.constant
    relation = other.relation
    inlineCount = other.inlineCount
    self.priority = priority
    self.tag = tag
  }

  /// The left side minus the right side, built when read (an array of its terms each time):
  /// the solver and the layout analysis read `terms`, `constant` and `evaluate` instead.
  public var expression: Expression {
    Expression(terms: Array(terms), constant: constant)
  }

  /// The terms of `expression`, in the order they were written, read without building an array.
  public var terms: Terms { Terms(constraint: self) }

  /// Whether the constraint keeps an array for its terms (only for more than two terms).
  var keepsTermArray: Bool { laterTerms.capacity > 0 }

  /// The terms of a constraint, read without building an array.
  public struct Terms: RandomAccessCollection, Sendable {
    let constraint: Constraint
    /// The number of terms.
    public let endIndex: Int

    init(constraint: Constraint) {
      self.constraint = constraint
      endIndex = Int(constraint.inlineCount) + constraint.laterTerms.count
    }

    /// The position of the first term (0).
    public var startIndex: Int { 0 }

    /// The term at `position`, which must be below `endIndex` (as an array's index must be).
    public subscript(position: Int) -> Term {
      switch position {
      case 0: Term(constraint.firstVariable, constraint.firstCoefficient)
      case 1: Term(constraint.secondVariable, constraint.secondCoefficient)
      default: constraint.laterTerms[position - 2]
      }
    }
  }

  /// The value of `expression` when every variable takes the value `value(variable)`,
  /// summed as `Expression.evaluate` sums it (the constant first, then the terms in order).
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
