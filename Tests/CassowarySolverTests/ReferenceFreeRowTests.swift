// An alternative reads the value of a row that refers to no basic symbol from its constant
// (`Tableau.referenceFreeRows`), and the structural test's cache of one query is emptied for
// the next instead of made again (`StructuralCache.reset`). On seeded rows of labels (the rows
// of `FaceShortcutTests`: the first width shares the spare room, a cell for every other label)
// and random chains (those of `CertainAddsTests`), every answer (ends and every change, listed
// or not) must be the one read through the rows' cells with a new cache, bit for bit, inside
// probes and after edits too. Replay one seed with `PLUMB_SEED=n`.

@testable import CassowarySolver
import TestSupport
import XCTest

final class ReferenceFreeRowTests: XCTestCase {
  /// Every variable's ambiguity asked twice, reading reference-free rows' constants and the
  /// reused cache, then without (a new solver state is not needed: the answers are rolled back);
  /// returns how many were ambiguous.
  fileprivate func compare(_ solver: Solver, _ variables: [Variable], _ random: inout SeededRandom, label: String) -> Int {
    var ambiguous = 0
    let mask = variables.filter { _ in Bool.random(using: &random) }
    let listing = Bool.random(using: &random) ? solver.alternativeListing(mask) : nil
    for variable in variables {
      solver.tableau.usesReferenceFreeRows = true
      let fast = solver.ambiguity(of: variable, listing: listing?.adding([variable], in: solver))
      solver.tableau.usesReferenceFreeRows = false
      solver.structuralScratch = nil
      let slow = solver.ambiguity(of: variable, listing: listing?.adding([variable], in: solver))
      solver.tableau.usesReferenceFreeRows = true
      switch (fast, slow) {
      case (.determined(let a), .determined(let b)):
        XCTAssertEqual(a.bitPattern, b.bitPattern, "\(label): \(variable.name)")
      case (.ambiguous(let minA, let maxA, let a), .ambiguous(let minB, let maxB, let b)):
        ambiguous += 1
        XCTAssertEqual(minA?.bitPattern, minB?.bitPattern, "\(label): \(variable.name)")
        XCTAssertEqual(maxA?.bitPattern, maxB?.bitPattern, "\(label): \(variable.name)")
        XCTAssertEqual(a.changes.count, b.changes.count, "\(label): \(variable.name)")
        for (changed, value) in b.changes {
          XCTAssertEqual(a.changes[changed]?.bitPattern, value.bitPattern, "\(label): \(variable.name) moves \(changed.name)")
        }
      default:
        XCTFail("\(label): \(variable.name) answered differently")
      }
    }
    return ambiguous
  }

  /// The same system, its values read and its alternatives asked through the cells alone from
  /// the start: the values after every query must be equal, bit for bit.
  fileprivate func compareValues(_ fast: Solver, _ slow: Solver, _ fastVariables: [Variable], _ slowVariables: [Variable], label: String) {
    for (a, b) in zip(fastVariables, slowVariables) {
      _ = fast.ambiguity(of: a, listing: nil)
      _ = slow.ambiguity(of: b, listing: nil)
      for (x, y) in zip(fastVariables, slowVariables) {
        XCTAssertEqual(fast.value(of: x).bitPattern, slow.value(of: y).bitPattern, "\(label): \(x.name) after \(a.name)")
      }
    }
  }

  func testReferenceFreeRowsAnswerAsTheirCellsOnRowsOfLabels() throws {
    var ambiguous = 0
    var freeRows = 0
    try withEverySeed(0..<200) { random, seed in
      let (solver, variables, _) = try FaceShortcutTests.labelRow(&random)
      ambiguous += compare(solver, variables, &random, label: "seed \(seed)")
      freeRows += solver.tableau.referenceFreeCache?.free.filter { $0 }.count ?? 0
      _ = solver.probe { solver -> Bool in
        if let pinned = variables.randomElement(using: &random) { try? solver.add(pinned == 40) }
        ambiguous += self.compare(solver, variables, &random, label: "seed \(seed), in a probe")
        return true
      }
      if let width = variables.last, (try? solver.addEditVariable(width, priority: 500)) != nil {
        try? solver.suggestValue(Double(Int.random(in: 0...120, using: &random)), for: width)
        ambiguous += compare(solver, variables, &random, label: "seed \(seed), after an edit")
      }
    }
    XCTAssertGreaterThan(ambiguous, 1000)
    // The path is taken: the widths' rows refer to no basic symbol.
    XCTAssertGreaterThan(freeRows, 200)
  }

  func testReferenceFreeRowsAnswerAsTheirCellsOnRandomChains() throws {
    var ambiguous = 0
    try withEverySeed(0..<600) { random, seed in
      let (solver, variables) = try CertainAddsTests.chain(&random)
      let known = variables.filter { solver.tableau.existingSymbol(for: $0) != nil }
      ambiguous += compare(solver, known, &random, label: "seed \(seed)")
      _ = solver.probe { solver -> Bool in
        if let pinned = known.randomElement(using: &random) { try? solver.add(pinned == 7) }
        ambiguous += self.compare(solver, known, &random, label: "seed \(seed), in a probe")
        // An edit in the probe leaves its rows pending until the probe ends.
        if let edited = known.randomElement(using: &random), (try? solver.addEditVariable(edited, priority: 500)) != nil {
          try? solver.suggestValue(Double(Int.random(in: -50...150, using: &random)), for: edited)
          ambiguous += self.compare(solver, known, &random, label: "seed \(seed), after an edit in a probe")
        }
        return true
      }
    }
    XCTAssertGreaterThan(ambiguous, 500)
  }

  /// The values a solver reads after its alternatives, with and without, on two solvers of the
  /// same row: the caches the alternatives leave behind hold the same values.
  func testValuesAfterTheAlternativesAreTheSame() throws {
    try withEverySeed(0..<60) { random, seed in
      var copy = random
      let (fast, fastVariables, _) = try FaceShortcutTests.labelRow(&random)
      let (slow, slowVariables, _) = try FaceShortcutTests.labelRow(&copy)
      slow.tableau.usesReferenceFreeRows = false
      compareValues(fast, slow, fastVariables, slowVariables, label: "seed \(seed)")
    }
  }
}
