/// An optional constraint that the current solution does not satisfy.
public struct UnsatisfiedConstraint: Sendable {
  /// The constraint.
  public let constraint: Constraint
  /// How far it is from holding: `|lhs − rhs|` for an equality, the violation for an
  /// inequality.
  public let error: Double
}

/// A solution that differs from the current one but is just as good: it satisfies every
/// required constraint and has the same error at every priority level.
public struct AlternativeSolution: Sendable {
  /// The variables whose values differ from the current solution, with their values in the
  /// alternative. Every other variable keeps its current value.
  public let changes: [Variable: Double]

  /// The value of a variable in the alternative, given its current value.
  ///
  /// - Parameters:
  ///   - variable: The variable.
  ///   - current: Its value in the current solution (`Solver.value(of:)`).
  /// - Returns: The alternative value.
  public func value(of variable: Variable, current: Double) -> Double {
    changes[variable] ?? current
  }

  /// The value of a variable in the alternative if it differs from the current one, else
  /// `nil`.
  public subscript(variable: Variable) -> Double? {
    changes[variable]
  }
}

/// Which variables an alternative solution lists (`Solver.checkedAmbiguity(of:listing:)`):
/// a reader that reads a few variables of the alternative (a view's frame, the sizes of the
/// views) need not have the value of every variable the alternative moves evaluated, and a
/// row of N views that each move every view after them made that N² values.
///
/// Made by `Solver.alternativeListing(_:)` for the variables every query lists (one flag per
/// symbol, made once) and `adding(_:)` for a query's own few.
/// The identity of an `AlternativeListing`'s mask.
public final class ListingToken: Sendable {}

public struct AlternativeListing: Sendable {
  /// By symbol id: whether the symbol's variable is listed.
  let mask: [Bool]
  /// A query's own symbols, besides the mask.
  let extra: [SymbolID]
  /// Names the mask (kept by copies and `adding`), for what the tableau works out from it
  /// once (`ListingReach`).
  let token: ListingToken

  /// The same listing with `variables` listed too (those the solver has never seen have no
  /// value to list).
  public func adding(_ variables: [Variable], in solver: Solver) -> AlternativeListing {
    var extra = self.extra
    for variable in variables {
      if let symbol = solver.tableau.existingSymbol(for: variable) { extra.append(symbol) }
    }
    return AlternativeListing(mask: mask, extra: extra, token: token)
  }

  /// Whether the symbol's variable is listed.
  func contains(_ symbol: SymbolID) -> Bool {
    masks(symbol) || extra.contains(symbol)
  }

  /// Whether the mask (every query's part of the listing) lists the symbol's variable.
  func masks(_ symbol: SymbolID) -> Bool {
    let index = Int(symbol)
    return index >= 0 && index < mask.count && mask[index]
  }
}

/// The values a variable, or a linear expression of variables, takes over all optimal
/// solutions: an interval, since those solutions form a convex polyhedron.
public struct ValueRange: Sendable, Equatable {
  /// The least value; `nil` when there is none (unbounded below).
  public var minimum: Double?
  /// The greatest value; `nil` when there is none (unbounded above).
  public var maximum: Double?

  public init(minimum: Double?, maximum: Double?) {
    self.minimum = minimum
    self.maximum = maximum
  }
}

/// Whether a variable is fixed by the constraints, and if not, how it can move.
public enum Ambiguity: Sendable {
  /// Every optimal solution gives the variable this value.
  case determined(value: Double)
  /// Optimal solutions disagree about the variable.
  ///
  /// - `minimum`, `maximum`: its range over all optimal solutions, `nil` when unbounded;
  /// - `alternative`: one optimal solution where the variable has another value (an extreme
  ///   of the range, or a point `Solver.unboundedStep` away along an unbounded direction).
  case ambiguous(minimum: Double?, maximum: Double?, alternative: AlternativeSolution)

  /// Whether the variable is ambiguous.
  public var isAmbiguous: Bool {
    if case .ambiguous = self { return true }
    return false
  }
}

/// An incremental Cassowary solver with UIKit priorities, explained conflicts and ambiguity
/// detection.
///
/// Required constraints (priority 1000) always hold; `add(_:)` refuses a required constraint
/// that cannot hold with the others and explains why. Optional constraints are satisfied
/// lexicographically by priority: no amount of error at lower priorities is ever traded
/// for any error at a higher one, and within one priority the total error is minimised.
///
/// Every operation either succeeds or throws and leaves the solver exactly as it was.
/// Results depend only on the sequence of operations (no hashing order is ever used for
/// a choice). Values are always current: there is no `updateVariables()` step.
public final class Solver {
  /// Unchecked: a `Solver` is not shared across threads while it runs (it is not
  /// `Sendable`), and the dynamic exclusivity checks cost as much as a value read.
  @exclusivity(unchecked) var tableau = Tableau()

  /// Minimal conflicts are computed with a deletion filter; scratch solvers used by the
  /// filter, and probes, only need the raw explanation.
  var minimizesConflicts: Bool

  /// Whether a conflict is read from its certificate when that is unique, before the
  /// deletion filter (tests turn it off to compare the two).
  var usesCertifiedConflicts = true

  /// How far an unbounded ambiguous variable is moved in `Ambiguity.ambiguous.alternative`.
  public static let unboundedStep: Double = 100

  /// Creates an empty solver.
  public init() {
    minimizesConflicts = true
  }

  init(minimizesConflicts: Bool) {
    self.minimizesConflicts = minimizesConflicts
  }

  /// The most pivots one operation may make; `nil` (the default) means
  /// `10,000 + 20 × rows`. An operation that needs more throws `.pivotLimitExceeded` and
  /// changes nothing.
  public var pivotLimit: Int? {
    get { tableau.pivotLimit }
    set { tableau.pivotLimit = newValue }
  }

  // MARK: - Constraints

  /// Makes room for what the next additions will hold: `variables` more variables,
  /// `requiredConstraints` more required constraints (one marker symbol each) and
  /// `optionalConstraints` more optional ones (two symbols each). The solver's per-symbol
  /// storage and its table of constraints then grow once, to about the size they reach,
  /// instead of doubling (which leaves up to half of each unused, and briefly holds both
  /// copies). It changes no result. Call it once, before adding many constraints.
  public func reserveCapacity(variables: Int, requiredConstraints: Int, optionalConstraints: Int) {
    let constraints = max(requiredConstraints, 0) + max(optionalConstraints, 0)
    // A few symbols more for the artificial variables of additions without a subject.
    let symbols = max(variables, 0) + constraints + max(optionalConstraints, 0)
    tableau.reserveCapacity(symbols: symbols + symbols / 32 + 16, constraints: constraints, variables: max(variables, 0))
  }

  /// Adds a constraint and re-optimises.
  ///
  /// - Parameter constraint: The constraint; priority in (0, 1000], every number finite.
  /// - Throws: `.duplicate` if it is already in the solver; `.invalidValue` for a NaN or
  ///   infinite number or a priority out of range; `.unsatisfiable(conflict:)` when it is
  ///   required and cannot hold, with an irreducible set of required constraints (the new
  ///   one last); `.pivotLimitExceeded` or `.numericalFailure`. After any error the solver
  ///   is exactly as it was before the call.
  public func add(_ constraint: Constraint) throws(SolverError) {
    tableau.restoreDeferredRows()
    try Self.validate(constraint)
    if tableau.records[ObjectIdentifier(constraint)] != nil { throw .duplicate(constraint) }
    do throws(SolverError) {
      try tableau.add(constraint)
    } catch {
      if case .unsatisfiable(let raw) = error, minimizesConflicts {
        throw .unsatisfiable(conflict: minimalConflict(raw, adding: constraint))
      }
      throw error
    }
  }

  /// Adds constraints one by one, stopping at the first error.
  ///
  /// - Parameter constraints: The constraints, in order.
  /// - Throws: The first error of `add(_:)`; the constraints before it stay added.
  public func add(_ constraints: [Constraint]) throws(SolverError) {
    for constraint in constraints { try add(constraint) }
  }

  /// Removes a constraint and re-optimises.
  ///
  /// - Parameter constraint: A constraint in the solver.
  /// - Throws: `.unknown` if the solver does not hold it; `.pivotLimitExceeded` or
  ///   `.numericalFailure`, leaving the solver as it was.
  public func remove(_ constraint: Constraint) throws(SolverError) {
    tableau.restoreDeferredRows()
    guard let record = tableau.records[ObjectIdentifier(constraint)], !record.isEdit else {
      throw .unknown(constraint)
    }
    try tableau.remove(record, of: constraint)
  }

  /// Whether the solver holds the constraint.
  public func contains(_ constraint: Constraint) -> Bool {
    guard let record = tableau.records[ObjectIdentifier(constraint)] else { return false }
    return !record.isEdit
  }

  /// The constraints in the solver, in the order they were added (edits excluded).
  public var constraints: [Constraint] {
    sortedRecords().filter { !$0.isEdit }.compactMap { tableau.constraint(of: $0) }
  }

  // MARK: - Edit variables

  /// Makes a variable editable: an optional constraint `variable == value` at `priority`,
  /// whose value `suggestValue(_:for:)` moves.
  ///
  /// The first target is the variable's current value, so adding an edit moves nothing.
  /// - Parameters:
  ///   - variable: The variable.
  ///   - priority: The edit's priority, in (0, 1000): edits are never required.
  /// - Throws: `.duplicateEditVariable`; `.invalidValue` for a priority out of range.
  public func addEditVariable(_ variable: Variable, priority: Double) throws(SolverError) {
    tableau.restoreDeferredRows()
    guard priority.isFinite, priority > 0, priority < Priority.required else {
      throw .invalidValue("edit priority \(priority) is not in (0, 1000)")
    }
    if tableau.edits[ObjectIdentifier(variable)] != nil {
      throw .duplicateEditVariable(variable)
    }
    try tableau.addEdit(variable, priority: priority)
  }

  /// Removes the edit constraint of a variable.
  ///
  /// - Throws: `.unknownEditVariable` if the variable has none.
  public func removeEditVariable(_ variable: Variable) throws(SolverError) {
    tableau.restoreDeferredRows()
    try tableau.removeEdit(variable)
  }

  /// Whether the variable has an edit constraint.
  public func hasEditVariable(_ variable: Variable) -> Bool {
    tableau.edits[ObjectIdentifier(variable)] != nil
  }

  /// Moves the target of an edit variable and re-optimises with the dual simplex, starting
  /// from the current tableau. Suggesting the current target again costs O(1).
  ///
  /// - Parameters:
  ///   - value: The new target; finite.
  ///   - variable: A variable with an edit constraint.
  /// - Throws: `.unknownEditVariable`; `.invalidValue` for NaN or infinity;
  ///   `.pivotLimitExceeded` or `.numericalFailure`, leaving the solver as it was.
  public func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
    guard value.isFinite else { throw .invalidValue("suggested value \(value)") }
    try tableau.suggest(value, for: variable)
  }

  // MARK: - Values

  /// The value of a variable in the current solution; 0 for a variable the solver does not
  /// know or that nothing determines (as in UIKit). Costs one dictionary lookup.
  public func value(of variable: Variable) -> Double {
    guard let symbol = tableau.existingSymbol(for: variable) else { return 0 }
    return tableau.currentValue(of: symbol)
  }

  /// The values of many variables, in the same order.
  public func values(of variables: [Variable]) -> [Double] {
    variables.map { value(of: $0) }
  }

  /// The optional constraints the current solution does not satisfy (error above the
  /// tolerance), with their errors, in the order they were added. Edits are not listed.
  public func unsatisfiedConstraints() -> [UnsatisfiedConstraint] {
    var result: [UnsatisfiedConstraint] = []
    for record in sortedRecords() where !record.isEdit {
      guard let constraint = tableau.constraint(of: record), !constraint.isRequired else { continue }
      let total = constraint.evaluate { self.value(of: $0) }
      let error: Double
      switch constraint.relation {
      case .equal: error = abs(total)
      case .lessThanOrEqual: error = max(0, total)
      case .greaterThanOrEqual: error = max(0, -total)
      }
      if error > tableau.valueTolerance * 10 {
        result.append(UnsatisfiedConstraint(constraint: constraint, error: error))
      }
    }
    return result
  }

  /// The total error of the optional constraints (edits included) at each priority level,
  /// highest priority first.
  public func errorsByPriority() -> [(priority: Double, error: Double)] {
    tableau.levels.map { ($0.priority, $0.constant) }
  }

  // MARK: - Ambiguity

  /// Whether the constraints, optional ones included, fix the variable's value; if not, its
  /// range over all optimal solutions and one alternative optimal solution.
  ///
  /// The same as `checkedAmbiguity(of:)`, except that if an LP gives up (pivot budget or
  /// rounding, which should not happen) the variable is reported as determined, so that no
  /// diagnostic is made up.
  public func ambiguity(of variable: Variable) -> Ambiguity {
    do throws(SolverError) {
      return try checkedAmbiguity(of: variable)
    } catch {
      return .determined(value: value(of: variable))
    }
  }

  /// Whether the constraints, optional ones included, fix the variable's value; if not, its
  /// range over all optimal solutions and one alternative optimal solution.
  ///
  /// A variable the solver does not know reads 0 and is ambiguous without bounds. Ties
  /// between optional constraints of equal priority count as ambiguity, as in UIKit.
  /// The cheap structural test runs first; two small LPs on the optimal face run only when
  /// the variable depends on a symbol with zero reduced costs.
  /// - Throws: `.pivotLimitExceeded` or `.numericalFailure` from the LPs; the solver is
  ///   unchanged in every case.
  public func checkedAmbiguity(of variable: Variable) throws(SolverError) -> Ambiguity {
    try checkedAmbiguity(of: variable, listing: nil)
  }

  /// The variables an `AlternativeListing` lists: `variables`, and none the solver adds later.
  public func alternativeListing(_ variables: [Variable]) -> AlternativeListing {
    var mask = [Bool](repeating: false, count: tableau.kinds.count)
    for variable in variables {
      if let symbol = tableau.existingSymbol(for: variable) { mask[Int(symbol)] = true }
    }
    return AlternativeListing(mask: mask, extra: [], token: ListingToken())
  }

  /// `ambiguity(of:)` whose alternative solution lists only the variables of `listing` among
  /// those it moves (with the same values, bit for bit); the range is the same.
  public func ambiguity(of variable: Variable, listing: AlternativeListing?) -> Ambiguity {
    do throws(SolverError) {
      return try checkedAmbiguity(of: variable, listing: listing)
    } catch {
      return .determined(value: value(of: variable))
    }
  }

  /// `checkedAmbiguity(of:)` whose alternative solution lists only the variables of
  /// `listing` (all when `nil`) among those it moves, with the same values bit for bit: the
  /// others are not evaluated. A variable the solver has never seen is listed as before (it
  /// is the one asked about).
  public func checkedAmbiguity(of variable: Variable, listing: AlternativeListing?) throws(SolverError) -> Ambiguity {
    tableau.restoreDeferredRows()
    let current = value(of: variable)
    guard let symbol = tableau.existingSymbol(for: variable) else {
      return .ambiguous(
        minimum: nil, maximum: nil,
        alternative: AlternativeSolution(changes: [variable: current + Self.unboundedStep]))
    }
    // The cache of the last query, emptied: a new one cost the number of symbols to clear.
    var cache = structuralScratch ?? StructuralCache(symbolCount: 0)
    structuralScratch = nil
    cache.reset(symbolCount: tableau.kinds.count)
    let answer = tableau.structuralAnswer(for: symbol, cache: &cache)
    structuralScratch = cache
    switch answer {
    case .determined:
      return .determined(value: current)
    case .unbounded(let direction, let coefficient):
      let changes = tableau.rayChanges(
        along: direction, step: Self.unboundedStep / max(abs(coefficient), Tolerance.coefficient), listing: listing)
      return .ambiguous(
        minimum: nil, maximum: nil,
        alternative: AlternativeSolution(changes: variableChanges(changes)))
    case .candidate(let row):
      // The two ends first (without pivoting when one pivot reaches them), then the
      // alternative solution at the chosen end only: the LP is deterministic and rolled
      // back, so it finds the same end and the same solution as when both were collected.
      let low = try tableau.faceExtremeValue(of: row, maximize: false)
      let high = try tableau.faceExtremeValue(of: row, maximize: true)
      let tolerance = tableau.valueTolerance * 100
      if let low, let high, high - low <= tolerance {
        return .determined(value: current)
      }
      let downward = low.map { current - $0 } ?? .infinity
      let upward = high.map { $0 - current } ?? .infinity
      if usesRayAlternatives,
        let ray = tableau.unboundedFirstStep(of: row, maximize: upward >= downward, unboundedStep: Self.unboundedStep),
        tableau.repeatsRay(along: ray.direction, step: ray.step)
      {
        // The LP of `faceExtremeWithChanges` would stop at once, unbounded along this ray, and
        // list what moving along it changes: the same for every variable the ray moves.
        return .ambiguous(
          minimum: low, maximum: high,
          alternative: AlternativeSolution(changes: rayAlternative(along: ray.direction, step: ray.step, listing: listing)))
      }
      let chosen = try tableau.faceExtremeWithChanges(
        of: row, maximize: upward >= downward, unboundedStep: Self.unboundedStep, listing: listing)
      return .ambiguous(
        minimum: low, maximum: high,
        alternative: AlternativeSolution(changes: variableChanges(chosen.changes)))
    }
  }

  /// `ambiguity(of: variable).isAmbiguous`, without reading the variable's value or
  /// collecting the alternative solution when the structural test decides (a probe that
  /// has just changed the rows pays a pass along every chain of definitions for the value,
  /// and one along everything the alternative moves): the same tests in the same order.
  /// When the LPs on the face decide, it is `ambiguity(of:)` itself.
  public func isAmbiguous(_ variable: Variable) -> Bool {
    tableau.restoreDeferredRows()
    guard let symbol = tableau.existingSymbol(for: variable) else { return true }
    var cache = StructuralCache(symbolCount: tableau.kinds.count)
    switch tableau.structuralAnswer(for: symbol, cache: &cache) {
    case .determined:
      return false
    case .unbounded:
      return true
    case .candidate:
      return ambiguity(of: variable).isAmbiguous
    }
  }

  /// The interval a linear expression of the variables takes over all optimal solutions:
  /// the solutions where every required constraint holds and every priority level has the
  /// same error as the current one.
  ///
  /// The same as `checkedRange(of:)`, except that it is `nil` when an LP gives up (pivot
  /// budget or rounding): no range rather than a wrong one.
  public func range(of expression: Expression) -> ValueRange? {
    do throws(SolverError) {
      return try checkedRange(of: expression)
    } catch {
      return nil
    }
  }

  /// The interval a linear expression of the variables takes over all optimal solutions
  /// (see `range(of:)`).
  ///
  /// A variable the solver has never seen can take any value. When the expression moves
  /// with a free variable it is unbounded both ways; when it depends only on symbols fixed
  /// on the optimal face it has one value; otherwise two LPs on the face (the primal simplex
  /// with only symbols of zero reduced cost allowed to enter, each within the pivot budget)
  /// find its least and greatest values, and are rolled back.
  /// - Throws: `.invalidValue` for a NaN or infinite number in the expression;
  ///   `.pivotLimitExceeded` or `.numericalFailure` from the LPs. The solver is unchanged
  ///   in every case.
  public func checkedRange(of expression: Expression) throws(SolverError) -> ValueRange {
    guard expression.constant.isFinite else { throw .invalidValue("constant \(expression.constant)") }
    for term in expression.terms where !term.coefficient.isFinite {
      throw .invalidValue("coefficient \(term.coefficient) of \(term.variable.name)")
    }
    tableau.restoreDeferredRows()
    guard let combined = tableau.combinedRow(of: expression) else {
      return ValueRange(minimum: nil, maximum: nil)
    }
    // The expansion would keep a free external symbol (`faceRange` answers that without
    // LPs): told by the definition rows without expanding them.
    if tableau.soleExternal(of: combined) != nil { return ValueRange(minimum: nil, maximum: nil) }
    let row = tableau.expanded(combined)
    let (minimum, maximum) = try tableau.faceRange(of: row)
    return ValueRange(minimum: minimum, maximum: maximum)
  }

  /// The variables among `variables` that are ambiguous, in about linear time.
  ///
  /// The same as `checkedAmbiguousVariables(among:)`, except that a variable whose LP gives
  /// up is left out.
  public func ambiguousVariables(among variables: [Variable]) -> Set<Variable> {
    tableau.restoreDeferredRows()
    var result = Set<Variable>()
    var cache = StructuralCache(symbolCount: tableau.kinds.count)
    for variable in variables {
      do throws(SolverError) {
        if try isAmbiguous(variable, cache: &cache) { result.insert(variable) }
      } catch {
        continue
      }
    }
    return result
  }

  /// The variables among `variables` that are ambiguous, in about linear time.
  ///
  /// Most variables are settled by the structural test alone (shared work is cached across
  /// the list); of the rest, most by one ratio test; LPs run only for degenerate cases.
  /// - Throws: `.pivotLimitExceeded` or `.numericalFailure` from an LP.
  public func checkedAmbiguousVariables(among variables: [Variable]) throws(SolverError)
    -> Set<Variable>
  {
    tableau.restoreDeferredRows()
    var result = Set<Variable>()
    var cache = StructuralCache(symbolCount: tableau.kinds.count)
    for variable in variables where try isAmbiguous(variable, cache: &cache) {
      result.insert(variable)
    }
    return result
  }

  func isAmbiguous(_ variable: Variable, cache: inout StructuralCache) throws(SolverError) -> Bool {
    guard let symbol = tableau.existingSymbol(for: variable) else { return true }
    // The answer the expansion below would give, when the definition rows tell it.
    if usesFreeStepWitness && tableau.hasFreeStepWitness(symbol, cache: &cache) { return true }
    switch tableau.structuralAnswer(for: symbol, cache: &cache) {
    case .determined:
      return false
    case .unbounded:
      return true
    case .candidate(let row):
      if let stepping = tableau.lastNondegenerateFreeStep(in: row) {
        // An expanded chain of definitions: the next symbols along it likely reach the same one.
        if let own = tableau.rows[Int(symbol)], tableau.hasDefinitionReferences(own) { cache.setStepTarget(stepping) }
        return true
      }
      let current = tableau.currentValue(of: symbol)
      let tolerance = tableau.valueTolerance * 100
      let high = try tableau.faceExtremeValue(of: row, maximize: true)
      if high.map({ $0 - current > tolerance }) ?? true { return true }
      let low = try tableau.faceExtremeValue(of: row, maximize: false)
      return low.map({ current - $0 > tolerance }) ?? true
    }
  }

  /// Whether the bulk test asks `Tableau.hasFreeStepWitness` before expanding (off only in
  /// the tests that compare the two).
  var usesFreeStepWitness = true

  /// The changes of the alternative along an unbounded ray (`Tableau.rayAlternative`) that
  /// `listing` lists (every one when `nil`), as `changesAndRollback` lists them: those the
  /// listing holds, with the same values. The variables of the listing's mask (or of every
  /// change) are made once for each ray and mask and shared by every query along the ray (in a
  /// cycle of N widths, N alternatives of N sizes each); a query's own variables are added to
  /// a copy only when the ray moves one the mask does not hold.
  func rayAlternative(along direction: SymbolID, step: Double, listing: AlternativeListing?) -> [Variable: Double] {
    let ray = tableau.rayAlternative(along: direction, step: step)
    var listed: [Variable: Double]
    if let known = listedRay, known.generation == ray.generation, known.token === listing?.token {
      listed = known.changes
    } else {
      if let listing {
        var masked: [SymbolID: Double] = [:]
        for (symbol, value) in ray.changes where listing.masks(symbol) { masked[symbol] = value }
        listed = variableChanges(masked)
      } else {
        listed = variableChanges(ray.changes)
      }
      // Kept for the rays the tableau keeps (a short one would displace a long one).
      if ray.changes.count >= Int(tableau.longColumn) {
        listedRay = ListedRay(generation: ray.generation, token: listing?.token, changes: listed)
      }
    }
    guard let listing else { return listed }
    for symbol in listing.extra where !listing.masks(symbol) {
      guard let value = ray.changes[symbol], let variable = tableau.variable(ofSymbol: symbol) else { continue }
      listed[variable] = value
    }
    return listed
  }

  /// The last `rayAlternative(along:step:listing:)`'s variables for a mask (`nil`: everything).
  struct ListedRay {
    var generation: UInt64
    var token: ListingToken?
    var changes: [Variable: Double]
  }

  var listedRay: ListedRay?

  /// The structural test's cache of the last `checkedAmbiguity(of:listing:)`, reused (emptied)
  /// by the next one; dropped by `forgetRayAlternatives()`.
  var structuralScratch: StructuralCache?

  /// Whether an alternative at the end of an unbounded ray is taken from
  /// `rayAlternative(along:step:listing:)` (off only in the tests that compare it with the LP).
  public var usesRayAlternatives = true

  /// How many symbols the alternatives' walks have visited and their evaluations evaluated
  /// (for the tests: an alternative that lists few variables reads few symbols).
  public var alternativeSymbolsRead: UInt64 { tableau.alternativeSymbolsRead }

  /// How many alternatives along a ray have been followed for every row (for the tests: a ray
  /// one query alone takes is left to that query's LP).
  public var raysFollowed: UInt64 { tableau.rayGeneration }

  /// Drops what the ambiguity queries kept for the next query along the same ray (the values
  /// of every variable it moves) and the structural test's cache they reuse: for a client done
  /// with its queries.
  public func forgetRayAlternatives() {
    listedRay = nil
    structuralScratch = nil
    tableau.referenceFreeCache = nil
    tableau.rayCache = nil
    tableau.raysAsked = RaysAsked()
  }

  func variableChanges(_ changes: [SymbolID: Double]) -> [Variable: Double] {
    // Room for all of them at once: growing by doubling rehashed every entry each time.
    var result: [Variable: Double] = [:]
    result.reserveCapacity(changes.count)
    for (symbol, value) in changes {
      if let variable = tableau.variable(ofSymbol: symbol) { result[variable] = value }
    }
    return result
  }

  // MARK: - Unsatisfied constraints

  /// How close an optional constraint can come to holding without any constraint of higher
  /// priority doing worse: its least error over the solutions that are optimal for every
  /// priority above its own, and one such solution.
  ///
  /// When the least error is below the current one, the constraint misses by more than higher
  /// priorities force: it loses, at least in part, to constraints of its own priority, whose
  /// total error the solver minimised (the alternative shows which of them give way).
  /// - Returns: nil for a required constraint, an edit's, or one the solver does not hold.
  /// - Throws: `.pivotLimitExceeded` or `.numericalFailure` from the LP; the solver is
  ///   unchanged in every case.
  public func leastError(of constraint: Constraint) throws(SolverError) -> (
    error: Double, alternative: AlternativeSolution
  )? {
    tableau.restoreDeferredRows()
    guard let extreme = try tableau.leastError(of: constraint, unboundedStep: Self.unboundedStep) else { return nil }
    return (max(0, extreme.value ?? 0), AlternativeSolution(changes: variableChanges(extreme.changes)))
  }

  // MARK: - Probes

  /// Runs `body` on the solver, then puts the solver back exactly as it was before: the same
  /// constraints, the same basis and the same solution, whatever `body` did or threw. For
  /// asking what a change would do without disturbing a solution others read.
  ///
  /// The probe is a transaction around the operations inside it (solver.md, Rollback): it
  /// costs what they change, not the size of the tableau. Inside it, a required constraint
  /// that cannot hold throws `.unsatisfiable` with the raw explanation, not an irreducible
  /// one (which costs scratch solves). Edit variables are not to be added, removed or moved
  /// inside a probe.
  public func probe<T>(_ body: (Solver) throws -> T) rethrows -> T {
    tableau.restoreDeferredRows()
    let minimized = minimizesConflicts
    minimizesConflicts = false
    tableau.beginTransaction()
    defer {
      tableau.rollback()
      minimizesConflicts = minimized
    }
    return try body(self)
  }

  // MARK: - Conflicts

  /// Shrinks a raw explanation to an irreducible one: read from its certificate when that is
  /// unique (`certifiedConflict`), else with a deletion filter on scratch solvers (Chinneck):
  /// drop a member whenever the rest still cannot hold. Both give the same conflict whenever
  /// the certificate answers.
  func minimalConflict(_ raw: [Constraint], adding constraint: Constraint) -> [Constraint] {
    let order = sequenceOrder()
    func sorted(_ members: [Constraint]) -> [Constraint] {
      var unique: [Constraint] = []
      var seen = Set<Constraint>()
      for member in members where member !== constraint && seen.insert(member).inserted {
        unique.append(member)
      }
      return unique.sorted { (order[ObjectIdentifier($0)] ?? 0) < (order[ObjectIdentifier($1)] ?? 0) }
    }
    let members = sorted(raw)
    if usesCertifiedConflicts, let conflict = Self.certifiedConflict(members, adding: constraint) {
      return conflict
    }
    if let conflict = Self.filteredConflict(members, adding: constraint) { return conflict }
    // The raw set is sound in exact arithmetic; if rounding made it too small, start from
    // every required constraint.
    return Self.filteredConflict(constraints.filter(\.isRequired), adding: constraint)
      ?? sorted(raw) + [constraint]
  }

  /// The deletion filter: an irreducible conflict inside `members + [constraint]`, members in
  /// their order and `constraint` last; nil when a scratch solver finds that they can hold
  /// together (or gives up).
  static func filteredConflict(_ members: [Constraint], adding constraint: Constraint) -> [Constraint]? {
    guard let core = infeasibleCore(members + [constraint]) else { return nil }
    let coreSet = Set(core)
    var members = members.filter { coreSet.contains($0) }
    // Usually the set is irreducible already: every member is needed. One scratch solver
    // finds which members are needed with about k · log k additions (`neededMembers`), where
    // the filter below solves k scratch problems of k constraints each; the filter runs only
    // when some member may go.
    if let needed = neededMembers(members, adding: constraint), !needed.contains(false) {
      return members + [constraint]
    }
    var index = 0
    while index < members.count {
      var trial = members
      trial.remove(at: index)
      if let core = infeasibleCore(trial + [constraint]) {
        let coreSet = Set(core)
        members = trial.filter { coreSet.contains($0) }
      } else {
        index += 1
      }
    }
    return members + [constraint]
  }

  /// For each member, whether the others and `constraint` can hold together without it
  /// (then it is needed for the conflict); nil when a scratch solver cannot tell.
  ///
  /// Leave one out, half by half: with `constraint` in a scratch solver, the members of one
  /// half are added in a probe and the other half is decided inside it, recursively; a member
  /// reached alone with every other one added is needed. When the additions of a half fail,
  /// the members of the other half are not needed: without any one of them the rest still
  /// cannot hold.
  static func neededMembers(_ members: [Constraint], adding constraint: Constraint) -> [Bool]? {
    let scratch = Solver(minimizesConflicts: false)
    do throws(SolverError) {
      try scratch.add(constraint)
    } catch {
      return nil
    }
    var failed = false
    // True when every member of the range was added, false when one cannot hold (or the
    // scratch solver gave up, after which nothing more is tried).
    func addAll(_ range: Range<Int>) -> Bool {
      if failed { return false }
      for index in range {
        do throws(SolverError) {
          try scratch.add(members[index])
        } catch {
          if case .unsatisfiable = error { return false }
          failed = true
          return false
        }
      }
      return true
    }
    let needed = scratch.leaveOneOutByHalves(count: members.count, addBack: addAll)
    return failed ? nil : needed
  }

  /// Leave one out, half by half, in nested probes: with `count` items all taken away, each
  /// half of a range is tried with the other half added back by `addBack` (false when they
  /// cannot all be added), and decided further inside that probe when they could; an item
  /// reached alone, every other one added back, is answered true. About k·log k additions for
  /// k items, where trying each item alone adds k − 1 each time. The solver is left as it was.
  public func leaveOneOutByHalves(count: Int, addBack: (Range<Int>) -> Bool) -> [Bool] {
    var reached = [Bool](repeating: false, count: count)
    func decide(_ range: Range<Int>) {
      guard !range.isEmpty else { return }
      if range.count == 1 {
        reached[range.lowerBound] = true
        return
      }
      let middle = range.lowerBound + range.count / 2
      probe { _ in
        if addBack(middle..<range.upperBound) { decide(range.lowerBound..<middle) }
      }
      probe { _ in
        if addBack(range.lowerBound..<middle) { decide(middle..<range.upperBound) }
      }
    }
    decide(0..<count)
    return reached
  }

  /// The raw explanation of a scratch solver if the constraints cannot hold together,
  /// or `nil` if they can (or the scratch solver gave up).
  static func infeasibleCore(_ constraints: [Constraint]) -> [Constraint]? {
    let scratch = Solver(minimizesConflicts: false)
    for constraint in constraints {
      do throws(SolverError) {
        try scratch.add(constraint)
      } catch {
        if case .unsatisfiable(let core) = error { return core }
        return nil
      }
    }
    return nil
  }

  func sequenceOrder() -> [ObjectIdentifier: Int] {
    var order: [ObjectIdentifier: Int] = [:]
    for (key, record) in tableau.records { order[key] = record.sequence }
    return order
  }

  func sortedRecords() -> [ConstraintRecord] {
    tableau.records.values.sorted { $0.sequence < $1.sequence }
  }

  static func validate(_ constraint: Constraint) throws(SolverError) {
    let priority = constraint.priority
    guard priority.isFinite, priority > 0, priority <= Priority.required else {
      throw .invalidValue("priority \(priority) is not in (0, 1000]")
    }
    guard constraint.constant.isFinite else {
      throw .invalidValue("constant \(constraint.constant) in \(constraint)")
    }
    for term in constraint.terms where !term.coefficient.isFinite {
      throw .invalidValue("coefficient \(term.coefficient) of \(term.variable.name)")
    }
  }
}
