// Fixed cases: the anchors of solver.md §6 (kiwi's known weaknesses), textbook systems,
// UIKit priority semantics, input validation, budgets and a tableau golden.

import CassowarySolver
import TestSupport
import XCTest

final class FixedCaseTests: XCTestCase {
  func assertInvariants(_ solver: Solver, file: StaticString = #filePath, line: UInt = #line) {
    let problems = solver.checkInvariants()
    XCTAssert(problems.isEmpty, problems.joined(separator: "; "), file: file, line: line)
  }

  func conflict(adding constraint: Constraint, to solver: Solver) -> [Constraint]? {
    do {
      try solver.add(constraint)
      return nil
    } catch {
      if case .unsatisfiable(let conflict) = error { return conflict }
      XCTFail("unexpected \(error)")
      return nil
    }
  }

  // MARK: - solver.md §6 anchors

  /// kiwi keeps part of a rejected constraint: x then reads 1 and `x >= 2` cannot be re-added.
  func testFailedAddLeavesStateUnchangedAndReAddingWorks() throws {
    let solver = Solver()
    let x = Variable("x")
    let atLeastTwo = x >= 2
    try solver.add(atLeastTwo)
    try solver.addEditVariable(x, priority: 999)
    try solver.suggestValue(5, for: x)
    let before = solver.dump()
    XCTAssertEqual(solver.value(of: x), 5)
    let atMostOne = x <= 1
    XCTAssertEqual(conflict(adding: atMostOne, to: solver), [atLeastTwo, atMostOne])
    XCTAssertEqual(solver.dump(), before)
    XCTAssertEqual(solver.value(of: x), 5)
    XCTAssertFalse(solver.contains(atMostOne))
    assertInvariants(solver)
    try solver.remove(atLeastTwo)
    try solver.add(atLeastTwo)
    try solver.suggestValue(0, for: x)
    XCTAssertEqual(solver.value(of: x), 2)
    try solver.remove(atLeastTwo)
    try solver.add(atMostOne)
    XCTAssertEqual(solver.value(of: x), 0)
    assertInvariants(solver)
  }

  /// kiwi names only the last constraint; the explanation names all three.
  func testConflictNamesTheWholeCycle() throws {
    let solver = Solver()
    let a = Variable("a")
    let b = Variable("b")
    let c = Variable("c")
    let first = a + 10 == b
    let second = b + 10 == c
    let third = c == a + 5
    try solver.add(Expression(a) >= 0)  // not part of the conflict
    try solver.add(first)
    try solver.add(second)
    XCTAssertEqual(conflict(adding: third, to: solver), [first, second, third])
    assertInvariants(solver)
  }

  /// A conflict found in the artificial phase (inequalities), with a bystander.
  func testInequalityConflictIsMinimal() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    let low = x >= 10
    let bystander = y >= 0
    let sum = x + y <= 5
    let floor = Expression(y) >= -1
    try solver.add(low)
    try solver.add(bystander)
    try solver.add(floor)
    XCTAssertEqual(conflict(adding: sum, to: solver), [low, bystander, sum])
  }

  /// nucleic/kiwi#163: equal priorities that disagree leave x anywhere in [0, 10].
  func testEqualPriorityTieIsAmbiguous() throws {
    let solver = Solver()
    let x = Variable("x")
    try solver.add(x >= 0)
    try solver.add(x == -10 ~ 750)
    try solver.add(x == 10 ~ 750)
    guard case .ambiguous(let minimum, let maximum, let alternative) = solver.ambiguity(of: x) else {
      return XCTFail("x should be ambiguous")
    }
    XCTAssertEqual(minimum ?? .nan, 0, accuracy: 1e-9)
    XCTAssertEqual(maximum ?? .nan, 10, accuracy: 1e-9)
    let other = alternative.value(of: x, current: solver.value(of: x))
    XCTAssertNotEqual(other, solver.value(of: x))
    XCTAssert((0...10).contains(other))
    XCTAssertEqual(solver.ambiguousVariables(among: [x]), [x])
    // A third opinion at a lower priority breaks the tie.
    try solver.add(x == 4 ~ 250)
    guard case .determined(let value) = solver.ambiguity(of: x) else {
      return XCTFail("x should be determined")
    }
    XCTAssertEqual(value, 4, accuracy: 1e-9)
    assertInvariants(solver)
  }

  /// nucleic/kiwi#16: under-constrained variables read 0 and are ambiguous; so does a
  /// variable the solver has never seen.
  func testUnderconstrainedVariablesReadZeroAndAreAmbiguous() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    let z = Variable("z")
    try solver.add(x + y == 10)
    XCTAssertEqual(solver.value(of: x) + solver.value(of: y), 10)
    XCTAssert(solver.value(of: x) == 0 || solver.value(of: y) == 0)
    XCTAssertEqual(solver.value(of: z), 0)
    for variable in [x, y, z] {
      guard case .ambiguous(let minimum, let maximum, let alternative) = solver.ambiguity(of: variable) else {
        return XCTFail("\(variable) should be ambiguous")
      }
      XCTAssertNil(minimum)
      XCTAssertNil(maximum)
      XCTAssertNotNil(alternative[variable])
    }
    // The alternative keeps x + y = 10.
    if case .ambiguous(_, _, let alternative) = solver.ambiguity(of: x) {
      let newX = alternative.value(of: x, current: solver.value(of: x))
      let newY = alternative.value(of: y, current: solver.value(of: y))
      XCTAssertEqual(newX + newY, 10, accuracy: 1e-9)
    }
    XCTAssertEqual(solver.ambiguousVariables(among: [x, y, z]), [x, y, z])
    try solver.add(x == 3 ~ 1)
    XCTAssertEqual(solver.ambiguousVariables(among: [x, y, z]), [z])
    XCTAssertEqual(solver.value(of: y), 7, accuracy: 1e-9)
  }

  /// kiwi's weighted sum lets 1,001 weak constraints (weight 1 each) outweigh one at 750;
  /// priorities here are lexicographic.
  func testManyLowPrioritiesNeverOutweighOneHigher() throws {
    let solver = Solver()
    let x = Variable("x")
    try solver.add(x == 0 ~ 750)
    for _ in 0..<1001 { try solver.add(x == 10 ~ 1) }
    XCTAssertEqual(solver.value(of: x), 0)
    // 999.5 is above 999, and 1,000 constraints at 999 do not outweigh it.
    let y = Variable("y")
    try solver.add(y == 1 ~ 999.5)
    for _ in 0..<1000 { try solver.add(y == 2 ~ 999) }
    XCTAssertEqual(solver.value(of: y), 1)
    // Within one priority, total error decides: 3 votes for 2 beat 1 vote for 1.
    let z = Variable("z")
    try solver.add(z == 1 ~ 500)
    for _ in 0..<3 { try solver.add(z == 2 ~ 500) }
    XCTAssertEqual(solver.value(of: z), 2)
    assertInvariants(solver)
  }

  // MARK: - Textbook and UIKit cases

  /// The classic Cassowary example: a midpoint between two edges, edited.
  func testMidpointExample() throws {
    let solver = Solver()
    let left = Variable("left")
    let middle = Variable("middle")
    let right = Variable("right")
    try solver.add(Expression(middle) * 2 == left + right)
    try solver.add(left + 10 <= right)
    try solver.add(right <= 100)
    try solver.add(left >= 0)
    try solver.addEditVariable(middle, priority: 999)
    try solver.suggestValue(30, for: middle)
    assertInvariants(solver)
    XCTAssertEqual(solver.value(of: middle), 30, accuracy: 1e-9)
    XCTAssertEqual(solver.value(of: left) + solver.value(of: right), 60, accuracy: 1e-9)
    try solver.suggestValue(98, for: middle)
    // The edit cannot be met: right <= 100 and left + 10 <= right cap middle at 95.
    XCTAssertEqual(solver.value(of: middle), 95, accuracy: 1e-9)
    XCTAssertEqual(solver.value(of: right), 100, accuracy: 1e-9)
    XCTAssertEqual(solver.value(of: left), 90, accuracy: 1e-9)
    assertInvariants(solver)
  }

  /// A required limit beats an optional wish; the wish is reported with its error.
  func testUnsatisfiedConstraintsReportTheirError() throws {
    let solver = Solver()
    let width = Variable("width")
    let wish = width == 100 ~ 250
    let minimum = width >= 80 ~ 750
    try solver.add(width <= 50)
    try solver.add(wish)
    try solver.add(minimum)
    XCTAssertEqual(solver.value(of: width), 50)
    let unsatisfied = solver.unsatisfiedConstraints()
    XCTAssertEqual(unsatisfied.map(\.constraint), [wish, minimum])
    XCTAssertEqual(unsatisfied.map(\.error), [50, 30])
    XCTAssertEqual(solver.errorsByPriority().map(\.priority), [750, 250])
  }

  /// A redundant required equality is accepted and can be removed in either order.
  func testRedundantEqualities() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    let first = x == y + 5
    let second = Expression(y) + 5 == x
    try solver.add(first)
    try solver.add(second)
    try solver.add(y == 1)
    XCTAssertEqual(solver.value(of: x), 6)
    try solver.remove(first)
    XCTAssertEqual(solver.value(of: x), 6)
    assertInvariants(solver)
    try solver.add(first)
    try solver.remove(second)
    XCTAssertEqual(solver.value(of: x), 6)
    assertInvariants(solver)
  }

  // MARK: - Errors, validation and budgets

  func testInvalidInputsAreRejected() throws {
    let solver = Solver()
    let x = Variable("x")
    let cases: [Constraint] = [
      x == .nan, x <= .infinity, Constraint(Expression(terms: [Term(x, .nan)]), .equal),
      x == 1 ~ 0, x == 1 ~ 1000.5, x == 1 ~ -3, x == 1 ~ .nan,
    ]
    for constraint in cases {
      XCTAssertThrowsError(try solver.add(constraint)) { error in
        guard case SolverError.invalidValue = error else { return XCTFail("\(error)") }
      }
    }
    let valid = x == 1
    try solver.add(valid)
    XCTAssertThrowsError(try solver.add(valid)) { XCTAssertEqual($0 as? SolverError, .duplicate(valid)) }
    let stranger = x == 2 ~ 10
    XCTAssertThrowsError(try solver.remove(stranger)) { XCTAssertEqual($0 as? SolverError, .unknown(stranger)) }
    XCTAssertThrowsError(try solver.suggestValue(3, for: x)) {
      XCTAssertEqual($0 as? SolverError, .unknownEditVariable(x))
    }
    XCTAssertThrowsError(try solver.addEditVariable(x, priority: 1000))
    try solver.addEditVariable(x, priority: 500)
    XCTAssertThrowsError(try solver.addEditVariable(x, priority: 500)) {
      XCTAssertEqual($0 as? SolverError, .duplicateEditVariable(x))
    }
    XCTAssertThrowsError(try solver.suggestValue(.infinity, for: x))
    XCTAssertEqual(solver.constraints, [valid])
    assertInvariants(solver)
  }

  /// A pivot budget of 0 makes any operation that needs a pivot fail, with nothing changed.
  func testPivotBudgetRollsBack() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    try solver.add(x >= 0)
    try solver.add(x + y == 10 ~ 500)
    try solver.add(y >= 2)
    let before = solver.dump()
    solver.pivotLimit = 0
    XCTAssertThrowsError(try solver.add(Expression(x) == y ~ 750)) {
      XCTAssertEqual($0 as? SolverError, .pivotLimitExceeded)
    }
    XCTAssertEqual(solver.dump(), before)
    solver.pivotLimit = nil
    try solver.add(Expression(x) == y ~ 750)
    XCTAssertEqual(solver.value(of: x), 5, accuracy: 1e-9)
    assertInvariants(solver)
  }

  /// The layout analysis's add pattern: sizes with a lower bound and two optional
  /// preferences, then equal widths and fixed heights. These constraints have no external
  /// subject and a dummy marker, but an existing slack or error can be solved for without
  /// making any row infeasible, so no artificial symbol is created (the symbol count grows by
  /// the constraint's own marker only) and the solution is the same.
  func testConstraintsWithFeasibleExistingSubjectSkipTheArtificialPhase() throws {
    let solver = Solver()
    let widths = (0..<4).map { Variable("w\($0)") }
    let height = Variable("h")
    for (variable, size) in widths.map({ ($0, 60.0) }) + [(height, 21)] {
      try solver.add(variable >= 0)
      try solver.add(Expression(variable) - size <= 0 ~ 251)
      try solver.add(Expression(variable) - size >= 0 ~ 750)
    }
    for width in widths.dropFirst() {
      let before = solver.statistics.symbols
      // Satisfied by the current solution (both are 60): the row's constant is 0.
      try solver.add(Expression(width) - widths[0] == 0)
      XCTAssertEqual(solver.statistics.symbols, before + 1)
      assertInvariants(solver)
    }
    let before = solver.statistics.symbols
    // Not satisfied (21 ≠ 44): the slack of `h - 21 >= 0 @750` takes the value 23.
    try solver.add(Expression(height) - 44 == 0)
    XCTAssertEqual(solver.statistics.symbols, before + 1)
    assertInvariants(solver)
    XCTAssertEqual(solver.value(of: height), 44, accuracy: 1e-12)
    try solver.add(Expression(widths[0]) == 70 ~ 500)
    for width in widths { XCTAssertEqual(solver.value(of: width), 70, accuracy: 1e-12) }
    try solver.add(Expression(widths[3]) <= 50)
    for width in widths { XCTAssertEqual(solver.value(of: width), 50, accuracy: 1e-12) }
    XCTAssertThrowsError(try solver.add(Expression(widths[1]) >= 55))
    assertInvariants(solver)
  }

  /// A small tableau, dumped: the format is stable and deterministic.
  func testTableauGolden() throws {
    let solver = Solver()
    let left = Variable("left")
    let width = Variable("width")
    let right = Variable("right")
    try solver.add(left >= 8)
    try solver.add(width == 100 ~ 750)
    try solver.add(width >= 20)
    try solver.add(right == left + width)
    try solver.add(right <= 90)
    try solver.addEditVariable(left, priority: 999)
    try solver.suggestValue(30, for: left)
    assertInvariants(solver)
    let path = fixturesDirectory("solver").appendingPathComponent("small-layout.dump").path
    assertGolden(solver.dump(), path: path)
  }

  // MARK: - Probes and least errors

  /// A probe may add, remove and fail; afterwards the solver is exactly as before.
  func testAProbeLeavesTheSolverAsItWas() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    let atLeastTen = x >= 10
    try solver.add(atLeastTen)
    try solver.add((x + y == 100).withPriority(500))
    let before = solver.dump()
    let answer = try solver.probe { probe -> Bool in
      XCTAssertNoThrow(try probe.remove(atLeastTen))
      XCTAssertNoThrow(try probe.add(x == 40))
      XCTAssertEqual(probe.value(of: x), 40, accuracy: 1e-9)
      // Inside a probe a conflict is explained by the raw set, and still refused.
      return (try? probe.add(x == 50)) != nil
    }
    XCTAssertFalse(answer)
    XCTAssertEqual(solver.dump(), before)
    XCTAssertTrue(solver.contains(atLeastTen))
    XCTAssertEqual(solver.value(of: x), 10, accuracy: 1e-9)
    // Conflicts outside a probe are minimised again.
    try solver.add(y == 0)
    let atMostFive = x <= 5
    XCTAssertEqual(conflict(adding: atMostFive, to: solver), [atLeastTen, atMostFive])
    assertInvariants(solver)
  }

  /// Inside a probe, queries that roll back their own work (ambiguity, least errors) and
  /// operations that fail undo only themselves; a level emptied inside stays until the probe
  /// ends. Afterwards everything is as before: constraints, their order, levels, the solution.
  func testProbesNestWithTheTransactionsInside() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    let wish = (x == 30).withPriority(500)
    try solver.add(x >= 0)
    try solver.add(wish)
    try solver.add(y == x + 10)
    let before = solver.dump()
    let order = solver.constraints
    try solver.probe { probe in
      try probe.remove(wish)
      XCTAssertTrue(probe.ambiguity(of: x).isAmbiguous, "x is free once the wish is gone")
      try probe.add(x == 5)
      XCTAssertFalse(probe.ambiguity(of: x).isAmbiguous)
      XCTAssertEqual(probe.value(of: y), 15, accuracy: 1e-9)
      XCTAssertThrowsError(try probe.add(x == 6))
      // The failed add undid only itself: x == 5 still holds.
      XCTAssertEqual(probe.value(of: x), 5, accuracy: 1e-9)
      let far = (y == 100).withPriority(250)
      try probe.add(far)
      XCTAssertEqual(try XCTUnwrap(try probe.leastError(of: far)).error, 85, accuracy: 1e-9)
      XCTAssertEqual(probe.value(of: y), 15, accuracy: 1e-9)
    }
    XCTAssertEqual(solver.dump(), before)
    XCTAssertEqual(solver.constraints, order)
    XCTAssertEqual(solver.value(of: y), 40, accuracy: 1e-9)
    assertInvariants(solver)
    // The solver goes on as if nothing happened.
    try solver.remove(wish)
    try solver.add((x == 50).withPriority(500))
    XCTAssertEqual(solver.value(of: y), 60, accuracy: 1e-9)
    assertInvariants(solver)
  }

  /// An optional constraint that loses to a higher priority cannot come closer; one that
  /// loses a tie at its own priority can, at the cost of the constraint that won.
  func testLeastErrorTellsAHigherPriorityFromATie() throws {
    let solver = Solver()
    let width = Variable("width")
    let strong = (width == 100).withPriority(750)
    let weak = (width == 300).withPriority(250)
    let tied = (width == 200).withPriority(750)
    try solver.add(width <= 1000)
    try solver.add(strong)
    try solver.add(weak)
    try solver.add(tied)
    // 100 and 200 at 750 tie (any width between them costs 100 at 750); 300 at 250 loses to both.
    let current = solver.value(of: width)
    let forWeak = try XCTUnwrap(try solver.leastError(of: weak))
    XCTAssertEqual(forWeak.error, abs(300 - current), accuracy: 1e-6)
    let losing = abs(current - 100) > 1e-6 ? strong : tied
    let forLosing = try XCTUnwrap(try solver.leastError(of: losing))
    XCTAssertEqual(forLosing.error, 0, accuracy: 1e-6)
    let moved = forLosing.alternative.value(of: width, current: current)
    XCTAssertEqual(moved, losing === strong ? 100 : 200, accuracy: 1e-6)
    XCTAssertNil(try solver.leastError(of: width <= 1000))
    XCTAssertEqual(solver.value(of: width), current)
    assertInvariants(solver)
  }
}
