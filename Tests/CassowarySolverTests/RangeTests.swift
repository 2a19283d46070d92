// The range of a variable or expression over the optimal solutions (`Solver.range(of:)`):
// known ranges, the solver left as it was, budgets; and seeded property tests that pin the
// expression at each end (and just beyond) in a fresh solver and check the errors per level.

import CassowarySolver
import TestSupport
import XCTest

final class RangeTests: XCTestCase {
  func assertUnchanged(_ solver: Solver, _ before: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(solver.dump(), before, "the query changed the solver", file: file, line: line)
    let problems = solver.checkInvariants()
    XCTAssert(problems.isEmpty, problems.joined(separator: "; "), file: file, line: line)
  }

  func assertRange(
    _ range: ValueRange?, _ minimum: Double?, _ maximum: Double?, file: StaticString = #filePath, line: UInt = #line
  ) {
    guard let range else { return XCTFail("no range", file: file, line: line) }
    XCTAssertEqual(range.minimum == nil, minimum == nil, "minimum \(String(describing: range.minimum))", file: file, line: line)
    XCTAssertEqual(range.maximum == nil, maximum == nil, "maximum \(String(describing: range.maximum))", file: file, line: line)
    if let actual = range.minimum, let minimum { XCTAssertEqual(actual, minimum, accuracy: 1e-9, file: file, line: line) }
    if let actual = range.maximum, let maximum { XCTAssertEqual(actual, maximum, accuracy: 1e-9, file: file, line: line) }
  }

  /// `x >= 12` alone: from 12 up.
  func testOneSidedRange() throws {
    let solver = Solver()
    let x = Variable("x")
    try solver.add(x >= 12)
    let before = solver.dump()
    assertRange(solver.range(of: Expression(x)), 12, nil)
    assertRange(solver.range(of: -x), nil, -12)
    assertUnchanged(solver, before)
  }

  /// `0 <= x <= 255`: both ends; an expression of it is scaled and shifted.
  func testTwoSidedRange() throws {
    let solver = Solver()
    let x = Variable("x")
    try solver.add(x >= 0)
    try solver.add(x <= 255)
    let before = solver.dump()
    assertRange(solver.range(of: Expression(x)), 0, 255)
    assertRange(solver.range(of: 2 * x + 10), 10, 520)
    assertRange(solver.range(of: 10 - x), -245, 10)
    assertUnchanged(solver, before)
  }

  /// A variable that moves with a free one is unbounded both ways, as is one the solver has
  /// never seen; the sum of two free variables held together has one value.
  func testUnboundedRangesAndDeterminedExpressions() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    let unseen = Variable("unseen")
    try solver.add(x + y == 10)
    let before = solver.dump()
    assertRange(solver.range(of: Expression(x)), nil, nil)
    assertRange(solver.range(of: Expression(y)), nil, nil)
    assertRange(solver.range(of: x + y), 10, 10)
    assertRange(solver.range(of: x + y + unseen - unseen), 10, 10)
    assertRange(solver.range(of: Expression(unseen)), nil, nil)
    assertRange(solver.range(of: Expression(3)), 3, 3)
    assertUnchanged(solver, before)
  }

  /// Optional constraints narrow the range by their optimal error: `x + y >= 150 @750`
  /// cannot hold, and its least error (50) holds only with x + y = 100; `x <= 30 @250` then
  /// leaves y in [70, 100]. Without the level's error fixed, y could go down to 0.
  func testRangeLimitedByAnOptionalConstraintsOptimalError() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    try solver.add(x >= 0)
    try solver.add(y >= 0)
    try solver.add(x + y <= 100)
    try solver.add(x + y >= 150 ~ 750)
    try solver.add(x <= 30 ~ 250)
    XCTAssertEqual(solver.errorsByPriority().first?.error ?? .nan, 50, accuracy: 1e-9)
    let before = solver.dump()
    assertRange(solver.range(of: Expression(x)), 0, 30)
    assertRange(solver.range(of: Expression(y)), 70, 100)
    assertRange(solver.range(of: x + y), 100, 100)
    assertUnchanged(solver, before)
  }

  /// Equal-priority optional constraints that disagree tie: any compromise is as good.
  /// `w1 + w2 == 100` with both preferring 80 at 500: the total error is 60 for any w1 in
  /// [20, 80], and x ≥ 0 with x == −10 and x == 10 at 750 leaves x in [0, 10].
  func testTieOfEqualPriorityOptionalConstraints() throws {
    let solver = Solver()
    let w1 = Variable("w1")
    let w2 = Variable("w2")
    try solver.add(w1 + w2 == 100)
    try solver.add(w1 == 80 ~ 500)
    try solver.add(w2 == 80 ~ 500)
    let x = Variable("x")
    try solver.add(x >= 0)
    try solver.add(x == -10 ~ 750)
    try solver.add(x == 10 ~ 750)
    let before = solver.dump()
    assertRange(solver.range(of: Expression(w1)), 20, 80)
    assertRange(solver.range(of: Expression(w2)), 20, 80)
    assertRange(solver.range(of: w1 - w2), -60, 60)
    assertRange(solver.range(of: Expression(x)), 0, 10)
    assertUnchanged(solver, before)
    // A lower priority breaks the tie: one value.
    try solver.add(w1 == 30 ~ 250)
    assertRange(solver.range(of: Expression(w1)), 30, 30)
  }

  /// An edit variable is an optional equality: the range of what it moves follows it.
  func testRangeAfterEdits() throws {
    let solver = Solver()
    let width = Variable("width")
    let x = Variable("x")
    let w = Variable("w")
    try solver.add(x >= 8)
    try solver.add(w >= 0)
    try solver.add(x + w <= width - 8)
    try solver.addEditVariable(width, priority: 999)
    try solver.suggestValue(400, for: width)
    let before = solver.dump()
    assertRange(solver.range(of: Expression(x)), 8, 392)
    assertRange(solver.range(of: Expression(w)), 0, 384)
    assertRange(solver.range(of: Expression(width)), 400, 400)
    assertUnchanged(solver, before)
  }

  /// The LPs have a pivot budget: when it runs out there is no range (not a wrong one),
  /// and the solver is as it was.
  func testPivotBudgetGivesNoRange() throws {
    let solver = Solver()
    let x = Variable("x")
    try solver.add(x >= 0)
    try solver.add(x <= 255)
    let before = solver.dump()
    solver.pivotLimit = 0
    XCTAssertNil(solver.range(of: Expression(x)))
    XCTAssertThrowsError(try solver.checkedRange(of: Expression(x))) {
      XCTAssertEqual($0 as? SolverError, .pivotLimitExceeded)
    }
    assertUnchanged(solver, before)
    solver.pivotLimit = nil
    assertRange(solver.range(of: Expression(x)), 0, 255)
  }

  func testInvalidExpressionsAreRejected() throws {
    let solver = Solver()
    let x = Variable("x")
    try solver.add(x >= 0)
    XCTAssertNil(solver.range(of: x * .nan))
    XCTAssertNil(solver.range(of: x + .infinity))
  }

  // MARK: - Properties

  /// The errors per level when `expression == value` is added as a required constraint to
  /// the system in a fresh solver; nil when it cannot hold.
  func pinnedErrors(_ system: RandomSystem, _ terms: [Double], at value: Double) throws -> [Double: Double]? {
    let solver = Solver()
    try solver.add(system.constraints)
    var expression = Expression(-value)
    for (index, coefficient) in terms.enumerated() where coefficient != 0 {
      expression = expression + coefficient * system.variables[index]
    }
    do {
      try solver.add(expression == 0)
    } catch {
      if case .unsatisfiable = error { return nil }
      throw error
    }
    let point = system.variables.map { solver.value(of: $0) }
    guard requiredViolation(system.oracle, at: point) < 1e-6 else { return nil }
    return levelErrors(system.oracle, at: point)
  }

  /// -1, 0 or 1: how errors compare with the optimum, lexicographically by priority.
  func compare(_ errors: [Double: Double], with optimum: [(priority: Double, error: Double)]) -> Int {
    for level in optimum {
      let actual = errors[level.priority] ?? 0
      if close(actual, level.error, 1e-7) { continue }
      return actual < level.error ? -1 : 1
    }
    return 0
  }

  /// For random small systems, the range of each variable and of a random expression: each
  /// finite end, pinned by a required constraint in a fresh solver, is an optimal solution
  /// (same error at every level); just beyond it is not (infeasible, or worse at some level,
  /// the first that differs); an unbounded side stays optimal far away. Variables agree with
  /// the oracle's ranges, and the query changes nothing.
  func testEndsAreOptimalAndJustBeyondIsNot() throws {
    var finiteEnds = 0
    var unboundedSides = 0
    try withEverySeed(0..<400) { random, seed in
      let (system, solver, model) = try RandomSystem.consistent(&random)
      let variableCount = system.variables.count
      guard let optimum = model.optimalErrors() else { return XCTFail("seed \(seed): no optimum") }
      var expressions: [[Double]] = (0..<variableCount).map { index in
        (0..<variableCount).map { $0 == index ? 1 : 0 }
      }
      expressions.append((0..<variableCount).map { _ in Double(Int.random(in: -2...2, using: &random)) })
      let before = solver.dump()
      for (which, terms) in expressions.enumerated() {
        var expression = Expression(0)
        for (index, coefficient) in terms.enumerated() where coefficient != 0 {
          expression = expression + coefficient * system.variables[index]
        }
        guard let range = solver.range(of: expression) else {
          XCTFail("seed \(seed): no range for \(expression)")
          continue
        }
        let current = expression.evaluate { solver.value(of: $0) }
        let context = "seed \(seed) \(expression): [\(String(describing: range.minimum)), \(String(describing: range.maximum))], current \(current)"
        if let minimum = range.minimum { XCTAssertLessThanOrEqual(minimum, current + 1e-7, context) }
        if let maximum = range.maximum { XCTAssertGreaterThanOrEqual(maximum, current - 1e-7, context) }
        if which < variableCount {
          let (low, high) = model.range(of: which, errors: optimum)
          XCTAssertEqual(range.minimum == nil, low == nil, "\(context) oracle low \(String(describing: low))")
          XCTAssertEqual(range.maximum == nil, high == nil, "\(context) oracle high \(String(describing: high))")
          if let minimum = range.minimum, let low { XCTAssert(close(minimum, low, 1e-6), "\(context) oracle \(low)") }
          if let maximum = range.maximum, let high { XCTAssert(close(maximum, high, 1e-6), "\(context) oracle \(high)") }
        }
        for (end, direction) in [(range.minimum, -1.0), (range.maximum, 1.0)] {
          if let end {
            finiteEnds += 1
            guard let errors = try pinnedErrors(system, terms, at: end) else {
              XCTFail("\(context): the end \(end) cannot hold")
              continue
            }
            XCTAssertEqual(compare(errors, with: optimum), 0, "\(context): the end \(end) is not optimal: \(errors)")
            let beyond = end + direction * 0.01 * max(1, abs(end))
            if let worse = try pinnedErrors(system, terms, at: beyond) {
              XCTAssertEqual(compare(worse, with: optimum), 1, "\(context): \(beyond), beyond the end, is optimal")
            }
          } else {
            unboundedSides += 1
            let far = current + direction * 1000
            guard let errors = try pinnedErrors(system, terms, at: far) else {
              XCTFail("\(context): \(far) cannot hold on an unbounded side")
              continue
            }
            XCTAssertEqual(compare(errors, with: optimum), 0, "\(context): \(far) is not optimal: \(errors)")
          }
        }
      }
      XCTAssertEqual(solver.dump(), before, "seed \(seed): the range queries changed the solver")
      let problems = solver.checkInvariants()
      XCTAssert(problems.isEmpty, "seed \(seed): \(problems.joined(separator: "; "))")
    }
    // Both kinds of end are exercised.
    XCTAssertGreaterThan(finiteEnds, 200)
    XCTAssertGreaterThan(unboundedSides, 200)
  }
}
