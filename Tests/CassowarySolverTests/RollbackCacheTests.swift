// A rollback restores every row, so it restores the epoch of the cached values too (values
// cached before a probe or a face LP are valid after it), and a row whose cells the undo log
// shares (only its constant moved) keeps its place in the column index. On seeded random
// chains and cycles of widths, after every probe, ambiguity query and range, every cached
// value must be the value evaluated afresh, bit for bit, the column index exact, and the
// dump the one before. Replay one seed with `PLUMB_SEED=n`.

@testable import CassowarySolver
import TestSupport
import XCTest

final class RollbackCacheTests: XCTestCase {
  /// Widths tied by `w[i+1] == w[i] + k` along a chain or around a cycle (whose last link
  /// cannot hold and is added just below required), positions after them, some sizes pinned,
  /// some preferred.
  private static func system(_ random: inout SeededRandom) -> (solver: Solver, variables: [Variable]) {
    let solver = Solver()
    let count = Int.random(in: 2...12, using: &random)
    let widths = (0..<count).map { Variable("w\($0)") }
    let xs = (0..<count).map { Variable("x\($0)") }
    for width in widths { try? solver.add(width >= 0) }
    let closed = Bool.random(using: &random)
    for index in 0..<(closed ? count : count - 1) {
      let plus = Double([-2, 0, 1, 1, 3].randomElement(using: &random) ?? 1)
      let link = widths[(index + 1) % count] == widths[index] + plus
      if (try? solver.add(link)) == nil { try? solver.add(link.withPriority(999)) }
    }
    for index in 0..<count {
      switch Int.random(in: 0..<6, using: &random) {
      case 0: try? solver.add(widths[index] == Double(Int.random(in: 0...40, using: &random)))
      case 1: try? solver.add((widths[index] <= Double(Int.random(in: 0...40, using: &random))).withPriority(250))
      case 2: try? solver.add(xs[index] == Double(index * 10))
      default: break
      }
      if index > 0, Bool.random(using: &random) { try? solver.add(xs[index] == xs[index - 1] + widths[index - 1] + 8) }
    }
    return (solver, widths + xs)
  }

  /// Every cached value is the value evaluated afresh, the invariants hold (the column index
  /// among them), and the solver is as `dump` says it was.
  private func check(_ solver: Solver, _ variables: [Variable], dump: String, _ label: String) {
    let cached = variables.map { solver.value(of: $0).bitPattern }
    solver.tableau.advanceEpoch()
    let fresh = variables.map { solver.value(of: $0).bitPattern }
    XCTAssertEqual(cached, fresh, label)
    XCTAssertEqual(solver.checkInvariants(), [], label)
    XCTAssertEqual(solver.dump(), dump, label)
  }

  func testCachedValuesAndColumnsSurviveRollbacks() {
    var queries = 0
    withEverySeed(0..<300) { random, seed in
      let (solver, variables) = Self.system(&random)
      solver.tableau.restoreDeferredRows()
      let dump = solver.dump()
      // Values cached before any query.
      _ = variables.map { solver.value(of: $0) }
      for _ in 0..<6 {
        guard let variable = variables.randomElement(using: &random) else { continue }
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
          _ = solver.ambiguity(of: variable)
        case 1:
          _ = solver.range(of: Expression(variable))
        case 2:
          let target = Double(Int.random(in: -5...60, using: &random))
          _ = solver.probe { probe in
            (try? probe.add(variable == target)) != nil ? probe.ambiguity(of: variable) : nil
          }
        default:
          _ = solver.ambiguousVariables(among: variables)
        }
        queries += 1
        check(solver, variables, dump: dump, "seed \(seed)")
      }
    }
    XCTAssertGreaterThan(queries, 1000)
  }
}
