// The ambiguity query of a variable whose face LP is unbounded at its first step takes the
// alternative along that ray from `Tableau.rayAlternative(along:step:)` (computed once for
// the rows, shared by every variable the ray moves, and listed through the listing's mask
// once), and the ratio tests of long columns are remembered for their rows
// (`blockingRatio(of:)`). On seeded random cycles and chains of widths (links that cannot
// hold added just below required, bounds, pins, preferences, positions after the widths,
// heights of their own), with random listings, asked in random orders, inside probes and
// after additions, removals and edits, every answer must be the LP's, bit for bit: the ends,
// every listed change, the bulk test's answers and the ranges; the solver must be unchanged.
// Replay one seed with `PLUMB_SEED=n`.

@testable import CassowarySolver
import TestSupport
import XCTest

final class RayAlternativeTests: XCTestCase {
  /// Widths `w[i+1] == w[i] + k` along a chain or around a cycle (links that cannot hold are
  /// added at 999), each `>= 0`; some pinned, bounded or preferred; positions after them;
  /// heights alone (each its own ray). Returns the variables and the constraints added.
  static func system(_ random: inout SeededRandom) -> (solver: Solver, variables: [Variable], added: [Constraint]) {
    let solver = Solver()
    var added: [Constraint] = []
    func add(_ constraint: Constraint) {
      if (try? solver.add(constraint)) != nil { added.append(constraint) }
    }
    let count = Int.random(in: 2...50, using: &random)
    let widths = (0..<count).map { Variable("w\($0)") }
    let heights = (0..<count).map { Variable("h\($0)") }
    let xs = (0..<count).map { Variable("x\($0)") }
    for index in 0..<count {
      add(widths[index] >= 0)
      add(heights[index] >= 0)
    }
    let closed = Bool.random(using: &random)
    for index in 0..<(closed ? count : count - 1) {
      let plus = Double([-2, 0, 1, 1, 1, 3, 0.5].randomElement(using: &random) ?? 1)
      let link = widths[(index + 1) % count] == widths[index] + plus
      if (try? solver.add(link)) != nil {
        added.append(link)
      } else {
        add(link.withPriority(999))
      }
    }
    for index in 0..<count {
      switch Int.random(in: 0..<24, using: &random) {
      case 0: add(widths[index] == Double(Int.random(in: 0...40, using: &random)))
      case 1: add((widths[index] <= Double(Int.random(in: 0...400, using: &random))).withPriority(250))
      case 2: add(xs[index] == Double(index * 10))
      case 3: add((heights[index] == Double(Int.random(in: 0...40, using: &random))).withPriority(500))
      case 4: add(heights[index] <= Double(Int.random(in: 0...40, using: &random)))
      default: break
      }
      if index > 0, Int.random(in: 0..<3, using: &random) == 0 {
        add(xs[index] == xs[index - 1] + widths[index - 1] + 8)
      }
    }
    return (solver, widths + heights + xs, added)
  }

  /// Bits of an answer, its alternative's changes by variable name.
  static func describe(_ ambiguity: Ambiguity) -> String {
    switch ambiguity {
    case .determined(let value):
      return "determined \(value.bitPattern)"
    case .ambiguous(let minimum, let maximum, let alternative):
      let changes = alternative.changes.map { "\($0.key.name)=\($0.value.bitPattern)" }.sorted()
      return "ambiguous \(String(describing: minimum?.bitPattern)) \(String(describing: maximum?.bitPattern)) \(changes)"
    }
  }

  /// The answers of one round of queries: every variable's ambiguity with its listing, in
  /// `order`, the bulk test over all of them, and a range of a sum of two.
  func answers(
    _ solver: Solver, _ variables: [Variable], order: [Int], listings: [AlternativeListing?], pairs: [(Int, Int)]
  ) -> [String] {
    var result: [String] = []
    for index in order {
      result.append("\(variables[index].name): " + Self.describe(solver.ambiguity(of: variables[index], listing: listings[index])))
    }
    let bulk = solver.ambiguousVariables(among: variables)
    result.append("bulk: " + variables.filter { bulk.contains($0) }.map(\.name).joined(separator: " "))
    for (a, b) in pairs {
      let range = solver.range(of: Expression(variables[a]) + Expression(variables[b]))
      result.append("range \(a) \(b): \(String(describing: range?.minimum?.bitPattern)) \(String(describing: range?.maximum?.bitPattern))")
    }
    return result
  }

  /// Asks the same round with the shortcuts (everything remembered, `longColumn` 1, or the
  /// default) and without them (the LP, nothing remembered), twice each with the shortcuts so
  /// that the second round reads what the first remembered; returns how many rays were read
  /// from what was remembered.
  func compareRound(
    _ solver: Solver, _ variables: [Variable], _ random: inout SeededRandom, inProbe: Bool = false, label: String
  ) -> Int {
    let dump = solver.dump()
    var order = Array(variables.indices)
    order.shuffle(using: &random)
    let masked = variables.filter { _ in Bool.random(using: &random) }
    let mask = solver.alternativeListing(masked)
    let listings: [AlternativeListing?] = variables.indices.map { index in
      switch Int.random(in: 0..<3, using: &random) {
      case 0: return nil
      case 1: return mask.adding([variables[index]], in: solver)
      default:
        let extra = (0..<Int.random(in: 0...3, using: &random)).compactMap { _ in variables.randomElement(using: &random) }
        return mask.adding([variables[index]] + extra, in: solver)
      }
    }
    let pairs = (0..<3).map { _ in
      (Int.random(in: variables.indices, using: &random), Int.random(in: variables.indices, using: &random))
    }
    // The LP, nothing remembered read or written (what was remembered before the changes of
    // the last round stays, for the round with the shortcuts to tell apart).
    solver.usesRayAlternatives = false
    solver.tableau.longColumn = .max
    let expected = answers(solver, variables, order: order, listings: listings, pairs: pairs)
    XCTAssertEqual(solver.dump(), dump, label)
    solver.usesRayAlternatives = true
    solver.tableau.longColumn = Bool.random(using: &random) ? 1 : 32
    let hitsBefore = solver.tableau.rayAlternativeHits
    for round in 0..<2 {
      let found = answers(solver, variables, order: order, listings: listings, pairs: pairs)
      XCTAssertEqual(found.count, expected.count, label)
      for (a, b) in zip(found, expected) where a != b {
        XCTFail("\(label), round \(round):\n\(a)\nwhere the LP gives\n\(b)")
      }
      XCTAssertEqual(solver.dump(), dump, label)
      // (A probe is an operation still open.)
      if !inProbe { XCTAssertEqual(solver.checkInvariants(), [], label) }
    }
    return solver.tableau.rayAlternativeHits - hitsBefore
  }

  func testRayAlternativesAreTheLPsOnRandomCyclesAndChains() {
    var hits = 0
    withEverySeed(0..<100) { random, seed in
      var (solver, variables, added) = Self.system(&random)
      // The first position, edited between rounds: its suggestions move constants only (the
      // same symbols, the same rays), so what was remembered of the rows before must not be
      // read after.
      let edited = variables[variables.count / 3 * 2]
      try? solver.addEditVariable(edited, priority: 500)
      for step in 0..<6 {
        hits += compareRound(solver, variables, &random, label: "seed \(seed), step \(step)")
        // The same inside a probe that adds a pin, then change the solver for the next round.
        let pinned = variables.randomElement(using: &random) ?? variables[0]
        let target = Double(Int.random(in: 0...60, using: &random))
        solver.probe { probe in
          if (try? probe.add(pinned == target)) != nil {
            hits += compareRound(probe, variables, &random, inProbe: true, label: "seed \(seed), step \(step), in a probe")
          }
        }
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
          let constraint = (pinned == target).withPriority(Double([250, 500, 999].randomElement(using: &random) ?? 250))
          if (try? solver.add(constraint)) != nil { added.append(constraint) }
        case 1:
          if let index = added.indices.randomElement(using: &random) {
            try? solver.remove(added[index])
            added.remove(at: index)
          }
        case 2:
          if !solver.hasEditVariable(pinned) { try? solver.addEditVariable(pinned, priority: 500) }
          try? solver.suggestValue(target, for: pinned)
        default:
          try? solver.suggestValue(Double(Int.random(in: -50...50, using: &random)), for: edited)
        }
      }
      _ = solver
    }
    // The rays of the widths are long and asked again and again: most are read from memory.
    print("RayAlternativeTests: \(hits) alternatives read from memory")
    XCTAssertGreaterThan(hits, 600)
  }

  /// The ratio test remembered for a long column is the one read from its rows, for every
  /// parametric symbol, after the same changes.
  func testRememberedRatioTestsAreTheColumns() {
    withEverySeed(0..<100) { random, seed in
      let (solver, variables, _) = Self.system(&random)
      solver.tableau.longColumn = 1
      for step in 0..<4 {
        solver.tableau.restoreDeferredRows()
        // Forwards, then backwards: the last symbol asked before a change is the first after it.
        let symbols = Array(0..<solver.tableau.kinds.count)
        for symbol in step % 2 == 0 ? symbols : symbols.reversed() where solver.tableau.rows[symbol] == nil {
          let id = SymbolID(symbol)
          for _ in 0..<2 {
            let remembered = solver.tableau.blockingRatio(of: id)
            let read = solver.tableau.primalRatioTest(for: id)
            XCTAssertEqual(remembered.leaving, read.leaving, "seed \(seed), step \(step), symbol \(symbol)")
            XCTAssertEqual(remembered.ratio.bitPattern, read.ratio.bitPattern, "seed \(seed), step \(step), symbol \(symbol)")
          }
        }
        let variable = variables.randomElement(using: &random) ?? variables[0]
        if !solver.hasEditVariable(variable) { try? solver.addEditVariable(variable, priority: 400) }
        try? solver.suggestValue(Double(Int.random(in: 0...90, using: &random)), for: variable)
      }
    }
  }

  /// What was remembered of a ray is read only at the value scale it was read with: the
  /// changes an alternative lists are those above the value tolerance, which grows with the
  /// scale. Raised by hand here (the solver raises it only with rows that change), the next
  /// answers must be the LP's at the new scale, not the ones remembered at the old.
  func testARayRememberedAtAnotherValueScaleIsReadAgain() {
    let solver = Solver()
    let widths = (0..<12).map { Variable("w\($0)") }
    for (index, width) in widths.enumerated() {
      try? solver.add(width >= 0)
      try? solver.add(widths[(index + 1) % widths.count] == width + 0)
    }
    solver.tableau.longColumn = 1
    let remembered = widths.map { Self.describe(solver.ambiguity(of: $0)) }
    XCTAssertTrue(remembered.allSatisfy { $0.hasPrefix("ambiguous") && $0.contains("w0=") })
    let hits = solver.tableau.rayAlternativeHits
    XCTAssertGreaterThan(hits, 0)
    // A tolerance above every change of the ray (its step is `Solver.unboundedStep`).
    solver.tableau.valueScale = 1e13
    let scaled = widths.map { Self.describe(solver.ambiguity(of: $0)) }
    solver.usesRayAlternatives = false
    solver.tableau.longColumn = .max
    XCTAssertEqual(scaled, widths.map { Self.describe(solver.ambiguity(of: $0)) })
    XCTAssertNotEqual(scaled, remembered)
  }
}
