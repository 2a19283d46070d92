/// What changed in a solver between two calls of `Solver.takeChanges()`: which variables'
/// values may differ, and for which variables the answers about ambiguity may differ.
///
/// Every variable whose value or answer differs is listed (the lists may hold more); a
/// variable not listed reads the same value, and `ambiguity(of:)`, `ambiguousVariables(among:)`
/// and `range(of:)` of expressions over unlisted variables give the same answers, bit for bit.
public struct SolverChanges {
  /// Everything is to be taken as changed: the value scale, which the tolerances follow,
  /// moved (a larger number than any before), or tracking had not started.
  public var all: Bool
  /// Variables whose values may differ.
  public var values: [Variable]
  /// Variables whose ambiguity may differ: those of `values`, and those whose rows depend on
  /// symbols a face LP could move together with a changed row or reduced cost.
  public var ambiguity: [Variable]
  /// How many rows of the tableau and how many reduced-cost vectors (fixed or free on the
  /// optimal face) differ.
  public var changedRows: Int
  public var changedReducedCosts: Int
}

extension Solver {
  /// Whether the solver journals what its operations change, for `takeChanges()`.
  /// Turning it on starts a period; changes before it are not known (the first changes
  /// taken then say `all` only if the value scale moves).
  public var tracksChanges: Bool {
    get { tableau.tracksChanges }
    set {
      if newValue && !tableau.tracksChanges {
        tableau.startTrackingChanges()
      } else if !newValue {
        tableau.tracksChanges = false
      }
    }
  }

  /// What changed since tracking started or since the last call, which starts a new period.
  ///
  /// Rows and reduced costs that an operation changed and a rollback or probe restored
  /// count for nothing: each is compared with its state at the start of the period.
  /// Without tracking, everything is reported as changed.
  public func takeChanges() -> SolverChanges {
    guard tableau.tracksChanges else {
      return SolverChanges(all: true, values: [], ambiguity: [], changedRows: 0, changedReducedCosts: 0)
    }
    let found = tableau.takeChanges()
    func variables(_ symbols: [SymbolID]) -> [Variable] {
      symbols.compactMap { tableau.variable(ofSymbol: $0) }
    }
    return SolverChanges(
      all: found.all, values: variables(found.values), ambiguity: variables(found.ambiguity),
      changedRows: found.rowCount, changedReducedCosts: found.costCount)
  }
}
