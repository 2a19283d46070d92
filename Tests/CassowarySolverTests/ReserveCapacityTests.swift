@testable import CassowarySolver
import TestSupport
import XCTest

/// Reserving room (`Solver.reserveCapacity`) changes no result: a solver that reserved too
/// little, enough or far too much gives the values and conflicts of one that reserved nothing,
/// bit for bit, and keeps its invariants, with room for at least what it was asked for.
final class ReserveCapacityTests: XCTestCase {
  private struct Outcome: Equatable {
    var values: [Double]
    var conflicts: [Int]
  }

  private func solve(_ constraints: [Constraint], _ variables: [Variable], reserve: (Solver) -> Void) -> Outcome {
    let solver = Solver()
    reserve(solver)
    var conflicts: [Int] = []
    for (index, constraint) in constraints.enumerated() {
      do {
        try solver.add(constraint)
      } catch {
        conflicts.append(index)
      }
    }
    XCTAssertEqual(solver.checkInvariants(), [])
    return Outcome(values: solver.values(of: variables), conflicts: conflicts)
  }

  func testReservingChangesNoResult() {
    withEverySeed(0..<40) { random, seed in
      let variables = (0..<(5 + Int(random.next() % 40))).map { Variable("v\($0)") }
      var constraints: [Constraint] = []
      for index in 0..<(3 * variables.count) {
        let first = variables[Int(random.next() % UInt64(variables.count))]
        let second = variables[Int(random.next() % UInt64(variables.count))]
        let expression = Expression(first) - Expression(second) + Double(Int(random.next() % 41) - 20)
        let priority = index % 3 == 0 ? Priority.required : [250, 500, 750][Int(random.next() % 3)]
        switch random.next() % 3 {
        case 0: constraints.append(Constraint(expression, .equal, priority: priority))
        case 1: constraints.append(Constraint(expression, .greaterThanOrEqual, priority: priority))
        default: constraints.append(Constraint(expression, .lessThanOrEqual, priority: priority))
        }
      }
      let required = constraints.filter { $0.priority == Priority.required }.count
      let optional = constraints.count - required
      let expected = solve(constraints, variables) { _ in }
      for (variablesReserved, requiredReserved, optionalReserved) in [
        (1, 1, 0), (variables.count, required, optional), (10 * variables.count, 10 * required, 10 * optional),
      ] {
        let outcome = solve(constraints, variables) { solver in
          solver.reserveCapacity(
            variables: variablesReserved, requiredConstraints: requiredReserved, optionalConstraints: optionalReserved)
          XCTAssertGreaterThanOrEqual(
            solver.tableau.kinds.capacity, variablesReserved + requiredReserved + 2 * optionalReserved, "seed \(seed)")
        }
        XCTAssertEqual(outcome, expected, "seed \(seed), reserved \(variablesReserved)")
      }
    }
  }
}
