@testable import CassowarySolver
import TestSupport
import XCTest

/// The deletion filter's shortcut (`Solver.neededMembers`, leave one out half by half) must
/// say of each member exactly what a scratch solve without that member says.
final class ConflictFilterTests: XCTestCase {
  private func randomConstraint(_ variables: [Variable], _ random: inout SeededRandom) -> Constraint {
    let first = variables[Int(random.next() % UInt64(variables.count))]
    let second = variables[Int(random.next() % UInt64(variables.count))]
    let constant = Double(Int(random.next() % 21) - 10)
    let expression = Expression(first) - Expression(second) * Double(Int(random.next() % 3)) + constant
    switch random.next() % 3 {
    case 0: return expression == 0
    case 1: return expression >= 0
    default: return expression <= 0
    }
  }

  func testNeededMembersAgreeWithOneScratchSolvePerMember() {
    var compared = 0
    withEverySeed(0..<200) { random, seed in
      let variables = (0..<4).map { Variable("v\($0)") }
      let count = 3 + Int(random.next() % 10)
      let members = (0..<count).map { _ in randomConstraint(variables, &random) }
      let last = randomConstraint(variables, &random)
      guard Solver.infeasibleCore(members + [last]) != nil else { return }
      let needed = Solver.neededMembers(members, adding: last)
      // A constraint that cannot hold alone needs no member: the filter decides then.
      if Solver.infeasibleCore([last]) != nil {
        XCTAssertNil(needed, "seed \(seed)")
        return
      }
      let expected = members.indices.map { index in
        var others = members
        others.remove(at: index)
        return Solver.infeasibleCore(others + [last]) == nil
      }
      XCTAssertEqual(needed, expected, "seed \(seed)")
      compared += 1
    }
    XCTAssertGreaterThan(compared, 30)
  }

  func testReportedConflictsAreIrreducible() throws {
    var conflicts = 0
    withEverySeed(0..<200) { random, seed in
      let variables = (0..<4).map { Variable("v\($0)") }
      let solver = Solver()
      for _ in 0..<(4 + Int(random.next() % 10)) {
        let constraint = randomConstraint(variables, &random)
        do throws(SolverError) {
          try solver.add(constraint)
        } catch {
          guard case .unsatisfiable(let conflict) = error else { continue }
          conflicts += 1
          XCTAssertNotNil(Solver.infeasibleCore(conflict), "seed \(seed)")
          for index in conflict.indices {
            var others = conflict
            others.remove(at: index)
            XCTAssertNil(Solver.infeasibleCore(others), "seed \(seed): member \(index) of \(conflict.count)")
          }
        }
      }
    }
    XCTAssertGreaterThan(conflicts, 30)
  }

  /// A cycle of 200 required equalities: the filter's shortcut keeps every member.
  func testALongCycleIsReportedWhole() throws {
    let variables = (0..<200).map { Variable("w\($0)") }
    let solver = Solver()
    for index in 0..<199 { try solver.add(Expression(variables[index + 1]) == Expression(variables[index]) + 1) }
    let closing = Expression(variables[0]) == Expression(variables[199]) + 1
    do throws(SolverError) {
      try solver.add(closing)
      XCTFail("the cycle cannot hold")
    } catch {
      guard case .unsatisfiable(let conflict) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(conflict.count, 200)
      XCTAssertTrue(conflict.last === closing)
    }
  }
}
