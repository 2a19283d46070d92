// The bulk ambiguity test without expanding definition rows (`Tableau.hasFreeStepWitness`):
// on seeded rows of labels (as the layout analysis lowers `H:|-[v0]-[v1]-…-|`, with random
// intrinsic widths, tied and untied priorities, canvases with room, exactly enough and too
// little), chains of definitions with diamonds and multipliers, and the property tests'
// random systems, `ambiguousVariables` must answer exactly as with the expansion, and every
// coefficient the witness reads from the definition rows must be the expansion's, bit for
// bit. Replay one seed with `PLUMB_SEED=n`.

@testable import CassowarySolver
import TestSupport
import XCTest

fileprivate typealias Expression = CassowarySolver.Expression

final class FreeStepWitnessTests: XCTestCase {
  /// A row of labels: the x of each defined from the previous x and width, each width wanted
  /// at its intrinsic size by hugging and compression resistance (often tied), the row's
  /// trailing edge required (or at 999) at the canvas's. Widths are sometimes not whole
  /// numbers, and the row sometimes has a view of fixed width or a second definition of an x
  /// (a diamond).
  fileprivate static func labelRow(_ random: inout SeededRandom) throws -> (solver: Solver, variables: [Variable]) {
    let start = try LabelRowStart(most: 30, &random)
    let (solver, count, canvas, xs, widths, margin) = (start.solver, start.count, start.canvas, start.xs, start.widths, start.margin)
    var needed = 40.0
    for index in 0..<count {
      var intrinsic = Double(Int.random(in: 10...80, using: &random))
      if Int.random(in: 0..<5, using: &random) == 0 { intrinsic += [0.5, 0.1, 1.0 / 3].randomElement(using: &random) ?? 0 }
      needed += intrinsic + 8
      try solver.add(widths[index] >= 0)
      switch Int.random(in: 0..<8, using: &random) {
      case 0: try solver.add(widths[index] == intrinsic)
      default:
        let hugging = [250, 250, 251, 500].randomElement(using: &random) ?? 250
        let compression = [750, 750, 749].randomElement(using: &random) ?? 750
        try solver.add((widths[index] <= intrinsic).withPriority(Double(hugging)))
        try solver.add((widths[index] >= intrinsic).withPriority(Double(compression)))
      }
      if index + 1 < count {
        if index >= 1 && Int.random(in: 0..<12, using: &random) == 0 {
          try solver.add(xs[index + 1] == xs[index] + xs[index - 1] - xs[index - 1] + widths[index] + 8)
        } else {
          try solver.add(xs[index + 1] == xs[index] + widths[index] + 8)
        }
      }
    }
    let slack = [Int.random(in: 1...300, using: &random), 0, -Int.random(in: 1...60, using: &random)]
    try solver.add(canvas == needed + Double(slack.randomElement(using: &random) ?? 0))
    let last = count - 1
    let trailing = xs[last] + widths[last] + margin == Expression(canvas)
    // Required when the widths can reach it (a canvas far too narrow cannot hold the row).
    if Int.random(in: 0..<4, using: &random) == 0 || (try? solver.add(trailing)) == nil {
      try solver.add(trailing.withPriority(999))
    }
    return (solver, xs + widths + [canvas])
  }

  /// Compares the bulk test with and without the witness, and every coefficient the witness
  /// reads with the expansion's; returns how many variables the witness answered.
  @discardableResult
  fileprivate func compare(_ solver: Solver, _ variables: [Variable], seed: UInt64) -> Int {
    solver.tableau.restoreDeferredRows()
    let before = solver.dump()
    solver.usesFreeStepWitness = false
    let expanded = solver.ambiguousVariables(among: variables)
    solver.usesFreeStepWitness = true
    let witnessed = solver.ambiguousVariables(among: variables)
    XCTAssertEqual(Set(expanded.map(\.name)), Set(witnessed.map(\.name)), "seed \(seed)")
    // Every target the bulk test may take, for every variable: the coefficient read from the
    // definition rows is the expansion's, and the witness answers only for ambiguous ones.
    var answered = 0
    var cache = StructuralCache(symbolCount: solver.tableau.kinds.count)
    let symbols = variables.compactMap { solver.tableau.existingSymbol(for: $0) }
    var targets: Set<SymbolID> = []
    for symbol in symbols {
      guard let row = solver.tableau.rows[Int(symbol)] else { continue }
      for cell in solver.tableau.expanded(row).cells where solver.tableau.kinds[Int(cell.symbol)].isRestricted {
        targets.insert(cell.symbol)
      }
    }
    for target in targets.sorted() {
      cache.setStepTarget(target)
      for (variable, symbol) in zip(variables, variables.map { solver.tableau.existingSymbol(for: $0) }) {
        guard let symbol, let row = solver.tableau.rows[Int(symbol)] else { continue }
        let full = solver.tableau.expanded(row)
        if let coefficient = solver.tableau.stepTargetCoefficient(symbol, cache: &cache) {
          let kept = full.cells.first { $0.symbol == target }?.coefficient
          XCTAssertEqual(kept?.bitPattern, coefficient.bitPattern, "seed \(seed) \(variable.name) target \(target)")
        }
        if solver.tableau.hasFreeStepWitness(symbol, cache: &cache) {
          answered += 1
          XCTAssert(expanded.contains(variable), "seed \(seed) \(variable.name): witness on a determined variable")
        }
      }
    }
    XCTAssertEqual(solver.dump(), before, "seed \(seed): the test changed the solver")
    return answered
  }

  func testWitnessAnswersAsTheExpansionOnRowsOfLabels() throws {
    var answered = 0
    try withEverySeed(0..<400) { random, seed in
      let (solver, variables) = try Self.labelRow(&random)
      answered += compare(solver, variables, seed: seed)
      // After an edit of the canvas and a constraint removed, the same.
      let canvas = variables[variables.count - 1]
      try solver.addEditVariable(canvas, priority: 500)
      try solver.suggestValue(solver.value(of: canvas) + Double(Int.random(in: -40...40, using: &random)), for: canvas)
      compare(solver, variables, seed: seed)
    }
    XCTAssertGreaterThan(answered, 1_000)
  }

  func testWitnessAnswersAsTheExpansionOnRandomSystems() throws {
    try withEverySeed(0..<400) { random, seed in
      let (system, solver, _) = try RandomSystem.consistent(&random)
      compare(solver, system.variables, seed: seed)
    }
  }

  /// The shape of `plumb-bench cliff --shape labels`: after the first x, every x is answered
  /// by the witness (the last label's slack), in one bulk query whose cost grows linearly.
  func testALongRowOfLabelsIsAnsweredWithoutExpanding() throws {
    let solver = Solver()
    let count = 400
    let xs = (0..<count).map { Variable("x\($0)") }
    let widths = (0..<count).map { Variable("w\($0)") }
    try solver.add(xs[0] == 20)
    for index in 0..<count {
      try solver.add((widths[index] <= 60).withPriority(251))
      try solver.add((widths[index] >= 60).withPriority(750))
      if index + 1 < count { try solver.add(xs[index + 1] == xs[index] + widths[index] + 8) }
    }
    try solver.add(xs[count - 1] + widths[count - 1] + 20 == Double(40 + 68 * count + 500))
    solver.usesFreeStepWitness = false
    let expanded = solver.ambiguousVariables(among: xs + widths)
    solver.usesFreeStepWitness = true
    XCTAssertEqual(solver.ambiguousVariables(among: xs + widths), expanded)
    XCTAssertEqual(expanded.count, 2 * count - 1)
    var cache = StructuralCache(symbolCount: solver.tableau.kinds.count)
    var witnessed = 0
    for variable in xs.dropFirst() {
      _ = try solver.isAmbiguous(variable, cache: &cache)
      if let symbol = solver.tableau.existingSymbol(for: variable), solver.tableau.hasFreeStepWitness(symbol, cache: &cache) {
        witnessed += 1
      }
    }
    XCTAssertGreaterThanOrEqual(witnessed, count - 3)
  }
}
