/// One term `coefficient · variable` of a linear expression.
public struct Term: Sendable, CustomStringConvertible {
  /// The variable of the term.
  public var variable: Variable
  /// The factor the variable is multiplied by.
  public var coefficient: Double

  /// Creates the term `coefficient · variable`.
  public init(_ variable: Variable, _ coefficient: Double = 1) {
    self.variable = variable
    self.coefficient = coefficient
  }

  /// The term as text, such as `2 * x`.
  public var description: String {
    coefficient == 1 ? variable.name : "\(coefficient.dumpText) * \(variable.name)"
  }
}

/// A linear expression `Σ coefficientᵢ · variableᵢ + constant`.
///
/// Build expressions with the arithmetic operators, for example `x + 2 * y - 10`.
/// The same variable may occur in several terms; the solver adds them up.
public struct Expression: Sendable, CustomStringConvertible {
  /// The terms, in the order they were written.
  public var terms: [Term]
  /// The constant part.
  public var constant: Double

  /// Creates an expression from terms and a constant.
  public init(terms: [Term] = [], constant: Double = 0) {
    self.terms = terms
    self.constant = constant
  }

  /// Creates the expression `1 · variable`.
  public init(_ variable: Variable) {
    self.init(terms: [Term(variable)], constant: 0)
  }

  /// Creates the constant expression `constant`.
  public init(_ constant: Double) {
    self.init(terms: [], constant: constant)
  }

  /// The value of the expression when every variable takes the value `value(variable)`.
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

  /// The expression as text, such as `x + 2 * y - 10`.
  public var description: String {
    var parts: [String] = []
    for term in terms {
      parts.append(term.description)
    }
    if constant != 0 || parts.isEmpty {
      parts.append(constant.dumpText)
    }
    return parts.joined(separator: " + ")
  }
}

// MARK: - Arithmetic

extension Expression {
  /// The sum of two expressions.
  public static func + (lhs: Expression, rhs: Expression) -> Expression {
    Expression(terms: lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
  }

  /// The difference of two expressions.
  public static func - (lhs: Expression, rhs: Expression) -> Expression {
    lhs + (-rhs)
  }

  /// The negated expression.
  public static prefix func - (operand: Expression) -> Expression {
    operand * -1
  }

  /// The expression scaled by a factor.
  public static func * (lhs: Expression, rhs: Double) -> Expression {
    Expression(
      terms: lhs.terms.map { Term($0.variable, $0.coefficient * rhs) }, constant: lhs.constant * rhs)
  }

  /// The expression scaled by a factor.
  public static func * (lhs: Double, rhs: Expression) -> Expression {
    rhs * lhs
  }

  /// The expression divided by a number.
  public static func / (lhs: Expression, rhs: Double) -> Expression {
    lhs * (1 / rhs)
  }

  /// The expression plus a constant.
  public static func + (lhs: Expression, rhs: Double) -> Expression {
    Expression(terms: lhs.terms, constant: lhs.constant + rhs)
  }

  /// A constant plus the expression.
  public static func + (lhs: Double, rhs: Expression) -> Expression {
    rhs + lhs
  }

  /// The expression minus a constant.
  public static func - (lhs: Expression, rhs: Double) -> Expression {
    lhs + (-rhs)
  }

  /// A constant minus the expression.
  public static func - (lhs: Double, rhs: Expression) -> Expression {
    Expression(lhs) - rhs
  }

  /// The sum of an expression and a variable.
  public static func + (lhs: Expression, rhs: Variable) -> Expression {
    lhs + Expression(rhs)
  }

  /// The expression minus a variable.
  public static func - (lhs: Expression, rhs: Variable) -> Expression {
    lhs - Expression(rhs)
  }
}

extension Variable {
  /// The sum of two variables.
  public static func + (lhs: Variable, rhs: Variable) -> Expression {
    Expression(lhs) + Expression(rhs)
  }

  /// The difference of two variables.
  public static func - (lhs: Variable, rhs: Variable) -> Expression {
    Expression(lhs) - Expression(rhs)
  }

  /// A variable plus an expression.
  public static func + (lhs: Variable, rhs: Expression) -> Expression {
    Expression(lhs) + rhs
  }

  /// A variable minus an expression.
  public static func - (lhs: Variable, rhs: Expression) -> Expression {
    Expression(lhs) - rhs
  }

  /// The variable plus a constant.
  public static func + (lhs: Variable, rhs: Double) -> Expression {
    Expression(lhs) + rhs
  }

  /// A constant plus the variable.
  public static func + (lhs: Double, rhs: Variable) -> Expression {
    Expression(rhs) + lhs
  }

  /// The variable minus a constant.
  public static func - (lhs: Variable, rhs: Double) -> Expression {
    Expression(lhs) - rhs
  }

  /// A constant minus the variable.
  public static func - (lhs: Double, rhs: Variable) -> Expression {
    lhs - Expression(rhs)
  }

  /// The variable scaled by a factor.
  public static func * (lhs: Variable, rhs: Double) -> Expression {
    Expression(terms: [Term(lhs, rhs)], constant: 0)
  }

  /// The variable scaled by a factor.
  public static func * (lhs: Double, rhs: Variable) -> Expression {
    rhs * lhs
  }

  /// The negated variable.
  public static prefix func - (operand: Variable) -> Expression {
    operand * -1
  }
}
