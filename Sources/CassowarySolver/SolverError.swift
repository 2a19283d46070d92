/// Why a solver operation failed. After any of these errors the solver is exactly as it
/// was before the call.
public enum SolverError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The required constraint cannot hold together with the required constraints already
  /// in the solver. `conflict` is an irreducible set of required constraints that cannot
  /// hold together (dropping any one of them makes the rest satisfiable); it includes the
  /// constraint being added, which is last. The others are in the order they were added.
  case unsatisfiable(conflict: [Constraint])
  /// The constraint is already in the solver.
  case duplicate(Constraint)
  /// The constraint is not in the solver.
  case unknown(Constraint)
  /// The variable already has an edit constraint.
  case duplicateEditVariable(Variable)
  /// The variable has no edit constraint.
  case unknownEditVariable(Variable)
  /// A coefficient, constant, value or priority is NaN or infinite, or a priority is
  /// outside its range. The text says which.
  case invalidValue(String)
  /// The operation needed more pivots than its budget (`Solver.pivotLimit`).
  case pivotLimitExceeded
  /// The tableau reached a state that should be impossible, such as an unbounded objective,
  /// most likely through rounding. The text says where.
  case numericalFailure(String)

  /// A one-line explanation.
  public var description: String {
    switch self {
    case .unsatisfiable(let conflict):
      return "unsatisfiable: " + conflict.map(\.description).joined(separator: "; ")
    case .duplicate(let constraint): return "duplicate constraint \(constraint)"
    case .unknown(let constraint): return "unknown constraint \(constraint)"
    case .duplicateEditVariable(let variable): return "duplicate edit variable \(variable)"
    case .unknownEditVariable(let variable): return "unknown edit variable \(variable)"
    case .invalidValue(let text): return "invalid value: \(text)"
    case .pivotLimitExceeded: return "pivot limit exceeded"
    case .numericalFailure(let text): return "numerical failure: \(text)"
    }
  }
}
