// Seeded, replayable property tests of the solver against an independent oracle.
//
// Oracle: `Oracle.swift` in this folder, a dense two-phase simplex (Bland's rule, doubles)
// written for these tests only, with its own formulation of priorities (lexicographic,
// level by level, each level's optimum fixed before the next) and of ranges on the optimal
// face (min and max of each variable). Systems are small: 2–4 variables, a handful of
// constraints with small integer coefficients. Every solver operation is followed by
// `checkInvariants()`. Replay one seed with `PLUMB_SEED=n`.

import CassowarySolver
import TestSupport
import XCTest

/// A random small system, as solver constraints and as oracle constraints.
struct RandomSystem {
  var variables: [Variable]
  var constraints: [Constraint] = []
  var oracle: [OracleConstraint] = []

  init(variableCount: Int) {
    variables = (0..<variableCount).map { Variable("x\($0)") }
  }

  static let priorities: [Double] = [750, 500, 250]

  /// A constraint with coefficients in -2…2. With `satisfiedBy`, a required constraint is
  /// made to hold at that point (feasible by construction).
  mutating func addRandom(
    _ random: inout SeededRandom, requiredShare: Double, satisfiedBy point: [Double]?
  ) {
    var coefficients = [Double](repeating: 0, count: variables.count)
    let termCount = Int.random(in: 1...min(3, variables.count), using: &random)
    for _ in 0..<termCount {
      let index = Int.random(in: 0..<variables.count, using: &random)
      var value = Double(Int.random(in: -2...2, using: &random))
      if value == 0 { value = 1 }
      coefficients[index] = value
    }
    let relation = Relation.allCases.randomElement(using: &random) ?? .equal
    let required = Double.random(in: 0..<1, using: &random) < requiredShare
    let priority = required ? 1000 : (Self.priorities.randomElement(using: &random) ?? 500)
    var constant = Double(Int.random(in: -20...20, using: &random))
    if required, let point {
      var total = 0.0
      for (index, coefficient) in coefficients.enumerated() { total += coefficient * point[index] }
      let margin = Double(Int.random(in: 0...3, using: &random))
      switch relation {
      case .equal: constant = -total
      case .greaterThanOrEqual: constant = -total + margin
      case .lessThanOrEqual: constant = -total - margin
      }
    }
    append(coefficients: coefficients, constant: constant, relation: relation, priority: priority)
  }

  mutating func append(coefficients: [Double], constant: Double, relation: Relation, priority: Double) {
    var terms: [Term] = []
    for (index, coefficient) in coefficients.enumerated() where coefficient != 0 {
      terms.append(Term(variables[index], coefficient))
    }
    constraints.append(
      Constraint(Expression(terms: terms, constant: constant), relation, priority: priority,
        tag: constraints.count))
    oracle.append(
      OracleConstraint(coefficients: coefficients, constant: constant, relation: relation, priority: priority))
  }

  func model(of subset: [Int]) -> OracleModel {
    OracleModel(variableCount: variables.count, constraints: subset.map { oracle[$0] })
  }

  /// A consistent system for the ambiguity and range properties: 2 or 3 variables, 2 to 7
  /// constraints (half of them required) that one integer point satisfies, added to a new
  /// solver; with the oracle's model of all of them.
  static func consistent(_ random: inout SeededRandom) throws -> (system: RandomSystem, solver: Solver, model: OracleModel) {
    let variableCount = Int.random(in: 2...3, using: &random)
    var system = RandomSystem(variableCount: variableCount)
    let point = (0..<variableCount).map { _ in Double(Int.random(in: -10...10, using: &random)) }
    let count = Int.random(in: 2...7, using: &random)
    for _ in 0..<count { system.addRandom(&random, requiredShare: 0.5, satisfiedBy: point) }
    let solver = Solver()
    try solver.add(system.constraints)
    return (system, solver, system.model(of: Array(system.oracle.indices)))
  }
}

/// The error of each oracle constraint at a point, summed per priority level.
func levelErrors(_ constraints: [OracleConstraint], at point: [Double]) -> [Double: Double] {
  var result: [Double: Double] = [:]
  for constraint in constraints where constraint.priority < 1000 {
    var total = constraint.constant
    for (index, coefficient) in constraint.coefficients.enumerated() { total += coefficient * point[index] }
    let error: Double
    switch constraint.relation {
    case .equal: error = abs(total)
    case .greaterThanOrEqual: error = max(0, -total)
    case .lessThanOrEqual: error = max(0, total)
    }
    result[constraint.priority, default: 0] += error
  }
  return result
}

/// The largest violation of a required constraint at a point.
func requiredViolation(_ constraints: [OracleConstraint], at point: [Double]) -> Double {
  var worst = 0.0
  for constraint in constraints where constraint.priority >= 1000 {
    var total = constraint.constant
    for (index, coefficient) in constraint.coefficients.enumerated() { total += coefficient * point[index] }
    switch constraint.relation {
    case .equal: worst = max(worst, abs(total))
    case .greaterThanOrEqual: worst = max(worst, -total)
    case .lessThanOrEqual: worst = max(worst, total)
    }
  }
  return worst
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool {
  abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

final class PropertyTests: XCTestCase {
  func assertInvariants(_ solver: Solver, _ context: @autoclosure () -> String, line: UInt = #line) {
    let problems = solver.checkInvariants()
    XCTAssert(problems.isEmpty, "\(context()): \(problems.joined(separator: "; "))", line: line)
  }

  /// Checks that the solver's solution is lexicographically optimal for `constraints`.
  func assertOptimal(
    _ solver: Solver, _ system: RandomSystem, _ constraints: [OracleConstraint], seed: UInt64,
    line: UInt = #line
  ) {
    let point = system.variables.map { solver.value(of: $0) }
    XCTAssertLessThan(requiredViolation(constraints, at: point), 1e-6, "seed \(seed)", line: line)
    let model = OracleModel(variableCount: system.variables.count, constraints: constraints)
    guard let optimum = model.optimalErrors() else {
      XCTFail("seed \(seed): oracle found no optimum", line: line)
      return
    }
    let errors = levelErrors(constraints, at: point)
    for level in optimum {
      let actual = errors[level.priority] ?? 0
      XCTAssert(
        close(actual, level.error, 1e-6),
        "seed \(seed): level \(level.priority) error \(actual), optimum \(level.error)", line: line)
      if !close(actual, level.error, 1e-6) { return }
    }
  }

  /// Feasible-by-construction systems solve, every required constraint holds, and the
  /// optional ones are satisfied lexicographically by priority.
  func testFeasibleSystemsAreSolvedLexicographically() throws {
    try withEverySeed(0..<900) { random, seed in
      let variableCount = Int.random(in: 2...4, using: &random)
      var system = RandomSystem(variableCount: variableCount)
      let point = (0..<variableCount).map { _ in Double(Int.random(in: -10...10, using: &random)) }
      let count = Int.random(in: 2...8, using: &random)
      for _ in 0..<count { system.addRandom(&random, requiredShare: 0.4, satisfiedBy: point) }
      let solver = Solver()
      for (index, constraint) in system.constraints.enumerated() {
        try solver.add(constraint)
        assertInvariants(solver, "seed \(seed) after add \(index)")
        assertOptimal(solver, system, Array(system.oracle[0...index]), seed: seed)
      }
    }
  }

  /// Ambiguity answers, ranges and alternative solutions agree with the oracle.
  func testAmbiguityAgreesWithOracle() throws {
    try withEverySeed(0..<750) { random, seed in
      let (system, solver, model) = try RandomSystem.consistent(&random)
      guard let optimum = model.optimalErrors() else { return XCTFail("seed \(seed): no optimum") }
      let bulk = solver.ambiguousVariables(among: system.variables)
      let current = system.variables.map { solver.value(of: $0) }
      for (index, variable) in system.variables.enumerated() {
        let (low, high) = model.range(of: index, errors: optimum)
        let oracleDetermined = low != nil && high != nil && (high ?? 0) - (low ?? 0) <= 1e-5
        let answer = try solver.checkedAmbiguity(of: variable)
        XCTAssertEqual(
          answer.isAmbiguous, !oracleDetermined,
          "seed \(seed) \(variable): solver \(answer), oracle [\(String(describing: low)), \(String(describing: high))]")
        XCTAssertEqual(bulk.contains(variable), !oracleDetermined, "seed \(seed) \(variable) (bulk)")
        guard case .ambiguous(let minimum, let maximum, let alternative) = answer, !oracleDetermined
        else { continue }
        XCTAssertEqual(minimum == nil, low == nil, "seed \(seed) \(variable) minimum \(String(describing: minimum))")
        XCTAssertEqual(maximum == nil, high == nil, "seed \(seed) \(variable) maximum \(String(describing: maximum))")
        if let minimum, let low { XCTAssert(close(minimum, low, 1e-5), "seed \(seed): min \(minimum) vs \(low)") }
        if let maximum, let high { XCTAssert(close(maximum, high, 1e-5), "seed \(seed): max \(maximum) vs \(high)") }
        // The alternative is another optimal solution that moves this variable.
        let other = system.variables.enumerated().map { alternative.value(of: $1, current: current[$0]) }
        XCTAssertFalse(close(other[index], current[index], 1e-9), "seed \(seed): alternative does not move \(variable)")
        XCTAssertLessThan(requiredViolation(system.oracle, at: other), 1e-6, "seed \(seed): alternative infeasible")
        let errors = levelErrors(system.oracle, at: other)
        for level in optimum {
          XCTAssert(
            close(errors[level.priority] ?? 0, level.error, 1e-6),
            "seed \(seed): alternative is not optimal at \(level.priority)")
        }
      }
      assertInvariants(solver, "seed \(seed) after ambiguity queries")
    }
  }

  /// Adding constraints one by one to random (often infeasible) systems: every reported
  /// conflict is unsatisfiable and irreducible, ends with the new constraint, and the failed
  /// add changes nothing.
  func testConflictsAreMinimalAndFailedAddsChangeNothing() throws {
    var conflicts = 0
    try withEverySeed(0..<900) { random, seed in
      let variableCount = Int.random(in: 2...3, using: &random)
      var system = RandomSystem(variableCount: variableCount)
      let count = Int.random(in: 3...9, using: &random)
      for _ in 0..<count { system.addRandom(&random, requiredShare: 0.8, satisfiedBy: nil) }
      let solver = Solver()
      var accepted: [Int] = []
      for (index, constraint) in system.constraints.enumerated() {
        let before = solver.dump()
        do {
          try solver.add(constraint)
          accepted.append(index)
          XCTAssert(system.model(of: accepted).requiredFeasible, "seed \(seed): accepted an infeasible set")
        } catch let error as SolverError {
          guard case .unsatisfiable(let conflict) = error else {
            XCTFail("seed \(seed): unexpected \(error)")
            continue
          }
          conflicts += 1
          XCTAssertEqual(solver.dump(), before, "seed \(seed): failed add changed the solver")
          XCTAssert(conflict.last === constraint, "seed \(seed): conflict does not end with the new constraint")
          XCTAssert(conflict.allSatisfy(\.isRequired), "seed \(seed): optional constraint in conflict")
          let members = conflict.compactMap(\.tag)
          XCTAssertEqual(Set(members).count, conflict.count, "seed \(seed): duplicate members")
          XCTAssertFalse(system.model(of: members).requiredFeasible, "seed \(seed): conflict is satisfiable")
          for dropped in members.indices {
            var rest = members
            rest.remove(at: dropped)
            XCTAssert(system.model(of: rest).requiredFeasible, "seed \(seed): conflict is not minimal")
          }
        }
        assertInvariants(solver, "seed \(seed) after constraint \(index)")
      }
      assertOptimal(solver, system, accepted.map { system.oracle[$0] }, seed: seed)
    }
    XCTAssertGreaterThan(conflicts, 50, "too few conflicts to mean anything")
  }

  /// Adding a constraint and removing it again restores the previous solution (for every
  /// variable the oracle says is determined) and the previous errors; removals in any
  /// order keep the solution optimal.
  func testAddThenRemoveRestoresAndRemovalsStayOptimal() throws {
    try withEverySeed(0..<750) { random, seed in
      let variableCount = Int.random(in: 2...4, using: &random)
      var system = RandomSystem(variableCount: variableCount)
      let point = (0..<variableCount).map { _ in Double(Int.random(in: -10...10, using: &random)) }
      let count = Int.random(in: 3...8, using: &random)
      for _ in 0..<count { system.addRandom(&random, requiredShare: 0.4, satisfiedBy: point) }
      let solver = Solver()
      try solver.add(system.constraints)
      let model = system.model(of: Array(system.oracle.indices))
      guard let optimum = model.optimalErrors() else { return XCTFail("seed \(seed): no optimum") }
      let before = system.variables.map { solver.value(of: $0) }
      // One extra constraint, not necessarily satisfiable.
      var extra = system
      extra.addRandom(&random, requiredShare: 0.5, satisfiedBy: nil)
      if let added = extra.constraints.last, (try? solver.add(added)) != nil {
        assertInvariants(solver, "seed \(seed) after extra add")
        try solver.remove(added)
        assertInvariants(solver, "seed \(seed) after extra remove")
        for (index, variable) in system.variables.enumerated() {
          let (low, high) = model.range(of: index, errors: optimum)
          guard let low, let high, high - low <= 1e-5 else { continue }
          XCTAssert(
            close(solver.value(of: variable), before[index], 1e-6),
            "seed \(seed): \(variable) was \(before[index]), is \(solver.value(of: variable))")
        }
        assertOptimal(solver, system, system.oracle, seed: seed)
      }
      // Remove everything in a random order.
      var remaining = Array(system.constraints.indices)
      remaining.shuffle(using: &random)
      while let index = remaining.popLast() {
        try solver.remove(system.constraints[index])
        XCTAssertFalse(solver.contains(system.constraints[index]))
        assertInvariants(solver, "seed \(seed) after removing \(index)")
        assertOptimal(solver, system, remaining.sorted().map { system.oracle[$0] }, seed: seed)
      }
      XCTAssertEqual(solver.statistics.rows, 0, "seed \(seed): rows left after removing everything")
    }
  }

  /// Edit variables act as optional equalities at their priority; suggested values are
  /// followed by the dual simplex and the result stays lexicographically optimal.
  func testEditsStayOptimal() throws {
    try withEverySeed(0..<600) { random, seed in
      let variableCount = Int.random(in: 2...4, using: &random)
      var system = RandomSystem(variableCount: variableCount)
      let point = (0..<variableCount).map { _ in Double(Int.random(in: -10...10, using: &random)) }
      let count = Int.random(in: 2...6, using: &random)
      for _ in 0..<count { system.addRandom(&random, requiredShare: 0.5, satisfiedBy: point) }
      let solver = Solver()
      try solver.add(system.constraints)
      var edits: [(index: Int, priority: Double)] = []
      for index in 0..<variableCount where Bool.random(using: &random) {
        let priority: Double = [999.0, 750, 400, 250].randomElement(using: &random) ?? 999
        try solver.addEditVariable(system.variables[index], priority: priority)
        edits.append((index, priority))
        assertInvariants(solver, "seed \(seed) after addEditVariable")
      }
      guard !edits.isEmpty else { return }
      var targets = [Int: Double]()
      for edit in edits { targets[edit.index] = solver.value(of: system.variables[edit.index]) }
      for step in 0..<6 {
        guard let edit = edits.randomElement(using: &random) else { break }
        let value = Double(Int.random(in: -30...30, using: &random))
        try solver.suggestValue(value, for: system.variables[edit.index])
        targets[edit.index] = value
        assertInvariants(solver, "seed \(seed) after suggest \(step)")
        var constraints = system.oracle
        for edit in edits {
          var coefficients = [Double](repeating: 0, count: variableCount)
          coefficients[edit.index] = 1
          constraints.append(
            OracleConstraint(
              coefficients: coefficients, constant: -(targets[edit.index] ?? 0), relation: .equal,
              priority: edit.priority))
        }
        assertOptimal(solver, system, constraints, seed: seed)
      }
      for edit in edits {
        try solver.removeEditVariable(system.variables[edit.index])
        assertInvariants(solver, "seed \(seed) after removeEditVariable")
      }
      assertOptimal(solver, system, system.oracle, seed: seed)
    }
  }

  /// After `suggestValue`, rows of external symbols are left deferred until another kind of
  /// operation; a twin solver that is brought back after every edit (through `dump()`) must
  /// give the same values, ambiguity answers and outcomes of adds, removes and failed adds.
  func testDeferredRowsAfterEditsMatchRestoredTwin() throws {
    try withEverySeed(0..<300) { random, seed in
      let variableCount = Int.random(in: 2...4, using: &random)
      var system = RandomSystem(variableCount: variableCount)
      let point = (0..<variableCount).map { _ in Double(Int.random(in: -10...10, using: &random)) }
      for _ in 0..<Int.random(in: 2...6, using: &random) {
        system.addRandom(&random, requiredShare: 0.5, satisfiedBy: point)
      }
      let lazy = Solver()
      let eager = Solver()
      try lazy.add(system.constraints)
      try eager.add(system.constraints)
      var edited: [Int] = []
      for index in 0..<variableCount where Bool.random(using: &random) {
        let priority: Double = [999.0, 750, 400].randomElement(using: &random) ?? 999
        try lazy.addEditVariable(system.variables[index], priority: priority)
        try eager.addEditVariable(system.variables[index], priority: priority)
        edited.append(index)
      }
      guard !edited.isEmpty else { return }
      for step in 0..<8 {
        let index = edited.randomElement(using: &random) ?? edited[0]
        let value = Double(Int.random(in: -30...30, using: &random))
        try lazy.suggestValue(value, for: system.variables[index])
        try eager.suggestValue(value, for: system.variables[index])
        _ = eager.dump()
        assertInvariants(lazy, "seed \(seed) after suggest \(step)")
        for variable in system.variables {
          XCTAssert(
            close(lazy.value(of: variable), eager.value(of: variable)),
            "seed \(seed) step \(step): \(lazy.value(of: variable)) vs \(eager.value(of: variable))")
        }
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
          XCTAssertEqual(
            lazy.ambiguousVariables(among: system.variables),
            eager.ambiguousVariables(among: system.variables), "seed \(seed) step \(step)")
        case 1:
          // A required constraint that may or may not hold: both must agree, and a failed
          // add must leave the state as it was.
          var extra = RandomSystem(variableCount: 0)
          extra.variables = system.variables
          extra.addRandom(&random, requiredShare: 1, satisfiedBy: nil)
          guard let constraint = extra.constraints.last else { break }
          let before = lazy.dump()
          let lazyAdded = (try? lazy.add(constraint)) != nil
          let eagerAdded = (try? eager.add(constraint)) != nil
          XCTAssertEqual(lazyAdded, eagerAdded, "seed \(seed) step \(step)")
          if !lazyAdded { XCTAssertEqual(lazy.dump(), before, "seed \(seed) step \(step)") }
          if lazyAdded && eagerAdded {
            try lazy.remove(constraint)
            try eager.remove(constraint)
          }
        case 2:
          if let constraint = system.constraints.randomElement(using: &random),
            lazy.contains(constraint)
          {
            try lazy.remove(constraint)
            try eager.remove(constraint)
            try lazy.add(constraint)
            try eager.add(constraint)
          }
        default:
          break
        }
        assertInvariants(lazy, "seed \(seed) after step \(step)")
      }
    }
  }

  /// The same operations give bit-identical states.
  func testDeterminism() throws {
    try withEverySeed(0..<40) { random, seed in
      var system = RandomSystem(variableCount: 4)
      let point = (0..<4).map { _ in Double(Int.random(in: -10...10, using: &random)) }
      for _ in 0..<8 { system.addRandom(&random, requiredShare: 0.4, satisfiedBy: point) }
      func run() throws -> String {
        let solver = Solver()
        try solver.add(system.constraints)
        try solver.addEditVariable(system.variables[0], priority: 900)
        try solver.suggestValue(17, for: system.variables[0])
        try solver.remove(system.constraints[2])
        return solver.dump() + system.variables.map { "\(solver.value(of: $0))" }.joined(separator: ",")
      }
      XCTAssertEqual(try run(), try run(), "seed \(seed)")
    }
  }
}
