// The face LPs without pivoting (`Tableau.faceExtremeValueWithoutPivoting`): on seeded random
// systems and rows of labels, the shortcut's value is bit for bit the LP's whenever it gives
// one, and `checkedAmbiguity` (which now finds both ends first and collects the alternative
// at the chosen end only) answers exactly as the two LPs with their alternatives did.
// Replay one seed with `PLUMB_SEED=n`.

@testable import CassowarySolver
import TestSupport
import XCTest

fileprivate typealias Expression = CassowarySolver.Expression

final class FaceShortcutTests: XCTestCase {
  /// A row of labels as the layout analysis lowers `H:|-[v0]-[v1]-…-|`: random intrinsic
  /// widths, hugging and compression priorities (often tied), and a canvas with room to
  /// spare, exactly enough, or too little.
  static func labelRow(_ random: inout SeededRandom) throws -> (solver: Solver, variables: [Variable], expressions: [CassowarySolver.Expression]) {
    let start = try LabelRowStart(most: 9, &random)
    let (solver, count, canvas, xs, widths, margin) = (start.solver, start.count, start.canvas, start.xs, start.widths, start.margin)
    var needed = 40.0
    for index in 0..<count {
      let intrinsic = Double(Int.random(in: 10...80, using: &random))
      needed += intrinsic + 8
      let huggings: [Double] = [250, 250, 251, 500]
      let hugging = huggings.randomElement(using: &random) ?? 250
      let compressions: [Double] = [750, 750, 749]
      let compression = compressions.randomElement(using: &random) ?? 750
      if Int.random(in: 0..<6, using: &random) > 0 {
        try solver.add((widths[index] <= intrinsic).withPriority(hugging))
        try solver.add((widths[index] >= intrinsic).withPriority(compression))
      }
      if index + 1 < count {
        try solver.add(xs[index + 1] == xs[index] + widths[index] + 8)
      }
    }
    try solver.add(canvas == needed + Double(Int.random(in: -30...60, using: &random)))
    let last = count - 1
    let trailing = xs[last] + widths[last] + margin == Expression(canvas)
    let required = Int.random(in: 0..<3, using: &random) > 0
    try solver.add(required ? trailing : trailing.withPriority(999))
    if count > 2, Int.random(in: 0..<3, using: &random) == 0 {
      try solver.add((widths[0] - widths[count - 1] == 0).withPriority(Bool.random(using: &random) ? 1000 : 300))
    }
    var expressions: [Expression] = []
    for index in 0..<count {
      expressions.append(Expression(xs[index]))
      expressions.append(Expression(widths[index]))
      expressions.append(canvas - xs[index] - widths[index])
    }
    return (solver, xs + widths + [canvas], expressions)
  }

  /// Whether two optional doubles are the same bits (or both nil).
  func same(_ a: Double?, _ b: Double?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let a?, let b?): return a.bitPattern == b.bitPattern
    default: return false
    }
  }

  /// Compares the shortcut with the LP on every expression, both ways, and returns how
  /// often the shortcut answered.
  /// How often the merge (`merging: true`) took the one pivot or needed the LP, over the
  /// comparisons of the kept candidates with it.
  private var mergedPivoted = 0
  private var mergedNeedsLP = 0

  fileprivate func compareShortcut(_ solver: Solver, _ expressions: [Expression], seed: UInt64) throws -> (
    answered: Int, asked: Int, pivoted: Int
  ) {
    solver.tableau.restoreDeferredRows()
    let before = solver.dump()
    var answered = 0
    var asked = 0
    var pivoted = 0
    for expression in expressions {
      guard let row = solver.tableau.expandedRow(of: expression) else { continue }
      for maximize in [false, true] {
        asked += 1
        let shortcut = solver.tableau.faceExtremeValueWithoutPivoting(of: row, maximize: maximize)
        // The candidates of the leaving row kept between calls answer as reading every cell.
        let merged = solver.tableau.faceExtremeValueWithoutPivoting(of: row, maximize: maximize, merging: true)
        XCTAssertEqual(shortcut, merged, "seed \(seed) \(expression) max \(maximize): kept candidates vs merge")
        if case .pivoted = merged { mergedPivoted += 1 }
        if case .needsLP = merged { mergedNeedsLP += 1 }
        let lp = try solver.tableau.faceExtreme(of: row, maximize: maximize, unboundedStep: 0, computesChanges: false)
        var shortcutValue: Double??
        switch shortcut {
        case .value(let value): shortcutValue = value
        case .pivoted(let value, _, _, _):
          shortcutValue = value
          pivoted += 1
        case .needsLP: shortcutValue = nil
        }
        if let value = shortcutValue {
          answered += 1
          XCTAssert(same(value, lp.value), "seed \(seed) \(expression) max \(maximize): \(String(describing: value)) vs LP \(String(describing: lp.value))")
        }
      }
    }
    XCTAssertEqual(solver.dump(), before, "seed \(seed): the shortcut changed the solver")
    return (answered, asked, pivoted)
  }

  /// The answer of `checkedAmbiguity` as it was computed before: both ends with their
  /// alternatives, the farther end's alternative kept.
  func formerAmbiguity(_ solver: Solver, _ variable: Variable) throws -> Ambiguity {
    solver.tableau.restoreDeferredRows()
    let current = solver.value(of: variable)
    guard let symbol = solver.tableau.existingSymbol(for: variable) else { return try solver.checkedAmbiguity(of: variable) }
    var cache = StructuralCache(symbolCount: solver.tableau.kinds.count)
    guard case .candidate(let row) = solver.tableau.structuralAnswer(for: symbol, cache: &cache) else {
      return try solver.checkedAmbiguity(of: variable)
    }
    let low = try solver.tableau.faceExtreme(of: row, maximize: false, unboundedStep: Solver.unboundedStep)
    let high = try solver.tableau.faceExtreme(of: row, maximize: true, unboundedStep: Solver.unboundedStep)
    if let lowValue = low.value, let highValue = high.value, highValue - lowValue <= solver.tableau.valueTolerance * 100 {
      return .determined(value: current)
    }
    let downward = low.value.map { current - $0 } ?? .infinity
    let upward = high.value.map { $0 - current } ?? .infinity
    let chosen = upward >= downward ? high : low
    return .ambiguous(
      minimum: low.value, maximum: high.value,
      alternative: AlternativeSolution(changes: solver.variableChanges(chosen.changes)))
  }

  func assertSameAmbiguity(_ solver: Solver, _ variables: [Variable], seed: UInt64) throws {
    for variable in variables {
      let former = try formerAmbiguity(solver, variable)
      let now = try solver.checkedAmbiguity(of: variable)
      switch (former, now) {
      case (.determined(let a), .determined(let b)):
        XCTAssert(same(a, b), "seed \(seed) \(variable.name): \(a) vs \(b)")
      case (.ambiguous(let minA, let maxA, let altA), .ambiguous(let minB, let maxB, let altB)):
        XCTAssert(same(minA, minB) && same(maxA, maxB), "seed \(seed) \(variable.name): ends differ")
        XCTAssertEqual(altA.changes.count, altB.changes.count, "seed \(seed) \(variable.name): alternatives differ")
        for (changed, value) in altA.changes {
          XCTAssert(same(value, altB.changes[changed]), "seed \(seed) \(variable.name): \(changed.name) differs")
        }
      default:
        XCTFail("seed \(seed) \(variable.name): \(former) vs \(now)")
      }
    }
  }

  func testShortcutMatchesTheLPOnRowsOfLabels() throws {
    var answered = 0
    var asked = 0
    var pivoted = 0
    try withEverySeed(0..<400) { random, seed in
      let (solver, variables, expressions) = try Self.labelRow(&random)
      let counts = try compareShortcut(solver, expressions, seed: seed)
      answered += counts.answered
      asked += counts.asked
      pivoted += counts.pivoted
      try assertSameAmbiguity(solver, variables, seed: seed)
      XCTAssert(solver.checkInvariants().isEmpty, "seed \(seed)")
    }
    // The shortcut is what answers on such rows; the LP is the exception.
    XCTAssertGreaterThan(answered * 4, asked * 3, "shortcut answered \(answered) of \(asked)")
    // The answers that take the one pivot (not only those that need none) were compared too.
    XCTAssertGreaterThan(pivoted, 0, "no answer took the one pivot")
  }

  /// The leaving row's candidates are kept across calls: after the solver changes (optional
  /// constraints added at the labels' priorities and below, required ones removed and added
  /// back, the canvas edited), the kept ones must still answer as the merge does.
  func testKeptCandidatesFollowChangesOfTheSolver() throws {
    mergedPivoted = 0
    mergedNeedsLP = 0
    try withEverySeed(0..<200) { random, seed in
      let (solver, variables, expressions) = try Self.labelRow(&random)
      _ = try compareShortcut(solver, expressions, seed: seed)
      for _ in 0..<3 {
        guard let variable = variables.randomElement(using: &random) else { break }
        let priorities: [Double] = [250, 251, 500, 750, 100]
        let priority: Double = priorities.randomElement(using: &random) ?? 250
        let bound = Double(Int.random(in: 0...120, using: &random))
        let below = Bool.random(using: &random)
        let inequality: Constraint = below ? variable <= bound : variable >= bound
        let constraint = inequality.withPriority(priority)
        try solver.add(constraint)
        _ = try compareShortcut(solver, expressions, seed: seed)
        if Bool.random(using: &random) {
          try solver.remove(constraint)
          _ = try compareShortcut(solver, expressions, seed: seed)
        }
      }
    }
    XCTAssertGreaterThan(mergedPivoted, 100)
    XCTAssertGreaterThan(mergedNeedsLP, 10)
  }

  /// A change of the objective's costs alone (the leaving row the same) is a new version of
  /// the levels: a candidate that has since got a nonzero reduced cost may no longer enter.
  func testKeptCandidatesFollowTheCosts() throws {
    var changed = 0
    try withEverySeed(0..<200) { random, seed in
      let (solver, _, expressions) = try Self.labelRow(&random)
      solver.tableau.restoreDeferredRows()
      for expression in expressions {
        guard let row = solver.tableau.expandedRow(of: expression), !solver.tableau.levels.isEmpty else { continue }
        for maximize in [false, true] {
          _ = solver.tableau.faceExtremeValueWithoutPivoting(of: row, maximize: maximize)
          guard let kept = solver.tableau.leavingCandidatesCache, !kept.candidates.isEmpty else { continue }
          guard let leavingRow = solver.tableau.rows[Int(kept.leaving)] else { continue }
          // Each cell of the leaving row in turn: costs that were zero made nonzero (it may
          // no longer enter), nonzero ones made zero (it may now).
          for cell in leavingRow.cells {
            let levelCount = solver.tableau.levels.count
            let old = (0..<levelCount).map { solver.tableau.levels[$0].coefficient(of: cell.symbol) }
            let free = old.allSatisfy { $0 == 0 }
            for level in 0..<levelCount { solver.tableau.levels[level].setCoefficient(cell.symbol, free && level == 0 ? 1 : 0) }
            let shortcut = solver.tableau.faceExtremeValueWithoutPivoting(of: row, maximize: maximize)
            let merged = solver.tableau.faceExtremeValueWithoutPivoting(of: row, maximize: maximize, merging: true)
            XCTAssertEqual(shortcut, merged, "seed \(seed) \(expression) max \(maximize): costs changed")
            for level in 0..<levelCount { solver.tableau.levels[level].setCoefficient(cell.symbol, old[level]) }
            // Back as before, the kept candidates are read again and answer as before.
            XCTAssertEqual(
              solver.tableau.faceExtremeValueWithoutPivoting(of: row, maximize: maximize),
              solver.tableau.faceExtremeValueWithoutPivoting(of: row, maximize: maximize, merging: true))
            changed += 1
          }
        }
      }
    }
    XCTAssertGreaterThan(changed, 100)
  }

  func testShortcutMatchesTheLPOnRandomSystems() throws {
    var answered = 0
    try withEverySeed(0..<600) { random, seed in
      let (system, solver, _) = try RandomSystem.consistent(&random)
      var expressions = system.variables.map { Expression($0) }
      if system.variables.count >= 2 {
        expressions.append(system.variables[0] - 2 * system.variables[1] + 3)
      }
      answered += try compareShortcut(solver, expressions, seed: seed).answered
      try assertSameAmbiguity(solver, system.variables, seed: seed)
    }
    XCTAssertGreaterThan(answered, 0)
  }
}
