/// An unknown of a linear system, such as the left edge of one view.
///
/// A variable is identified by the object, not by its name: two variables with the same
/// name are different unknowns. The name is only used in dumps and diagnostics.
/// A variable may be used by several solvers at once; each solver keeps its own value.
public final class Variable: Hashable, Sendable, CustomStringConvertible {
  /// The name shown in dumps and debug output.
  public let name: String

  /// Creates a variable with a debug name.
  ///
  /// - Parameter name: The name shown in dumps; it need not be unique.
  public init(_ name: String = "") {
    self.name = name
  }

  /// Two variables are equal exactly when they are the same object.
  public static func == (lhs: Variable, rhs: Variable) -> Bool {
    lhs === rhs
  }

  /// Hashes the identity of the object.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }

  /// The debug name.
  public var description: String { name }
}
