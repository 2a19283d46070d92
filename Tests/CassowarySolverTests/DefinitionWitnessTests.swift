// The structural test along chains of definition rows without expanding them
// (`Tableau.definitionWitness`, `soleExternal`), the epoch a rollback restores, and
// `Solver.isAmbiguous(_:)`: on seeded random chains of views (definition rows with unit and
// other coefficients, diamonds, pins, optional sizes), inside probes and after rollbacks,
// each shortcut must answer exactly as the work it replaces. Replay one seed with `PLUMB_SEED=n`.

@testable import CassowarySolver
import TestSupport
import XCTest

fileprivate typealias Expression = CassowarySolver.Expression

final class DefinitionWitnessTests: XCTestCase {
  /// A row of views as the layout analysis lowers chains (`vI.leading == vJ.trailing + k`):
  /// each x is defined from an earlier x and width, sometimes from two earlier views (a
  /// diamond) or with a coefficient other than ±1 (a multiplier); widths are ≥ 0 and
  /// sometimes pinned or wanted at a size; the first x is sometimes pinned.
  fileprivate static func chain(_ random: inout SeededRandom) throws -> (solver: Solver, xs: [Variable], widths: [Variable], expressions: [Expression]) {
    let solver = Solver()
    let count = Int.random(in: 1...14, using: &random)
    let xs = (0..<count).map { Variable("x\($0)") }
    let widths = (0..<count).map { Variable("w\($0)") }
    let canvas = Variable("canvas")
    try solver.add(canvas == 400)
    if Bool.random(using: &random) { try solver.add(xs[0] == Double(Int.random(in: 0...20, using: &random))) }
    for index in 0..<count {
      try solver.add(widths[index] >= 0)
      switch Int.random(in: 0..<6, using: &random) {
      case 0: try solver.add(widths[index] == Double(Int.random(in: 0...50, using: &random)))
      case 1: try solver.add((widths[index] == 30).withPriority(250))
      default: break
      }
      guard index > 0 else { continue }
      try solver.addRandomChainLink(
        index, xs: xs, widths: widths, canvas: canvas, gaps: 0...9, inequalities: false, &random)
      if Int.random(in: 0..<10, using: &random) == 0 {
        try solver.add((xs[index] == Double(Int.random(in: 0...300, using: &random))).withPriority(500))
      }
    }
    var expressions: [Expression] = []
    for index in 0..<count {
      expressions.append(Expression(xs[index]))
      expressions.append(Expression(widths[index]))
      expressions.append(canvas - xs[index] - widths[index])
      expressions.append(xs[index] - xs[0])
      expressions.append(0.25 * xs[index] + 1e-12 * widths[index])
    }
    return (solver, xs, widths, expressions + [Expression(canvas)])
  }

  func same(_ a: Double?, _ b: Double?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let a?, let b?): return a.bitPattern == b.bitPattern
    default: return false
    }
  }

  /// What `structuralAnswer` returned before the witnesses: the expansion decides.
  func formerStructuralAnswer(_ tableau: inout Tableau, _ symbol: SymbolID) -> String {
    var cache = StructuralCache(symbolCount: tableau.kinds.count)
    guard let row = tableau.rows[Int(symbol)] else { return "unbounded \(symbol) \((1.0).bitPattern)" }
    if tableau.dependsOnFixedSymbolsOnly(symbol, cache: &cache) { return "determined" }
    let full = tableau.expanded(row)
    var candidate = false
    for cell in full.cells {
      switch tableau.kinds[Int(cell.symbol)] {
      case .external: return "unbounded \(cell.symbol) \(cell.coefficient.bitPattern)"
      case .dummy, .artificial: continue
      case .slack, .error: if tableau.hasZeroReducedCosts(cell.symbol) { candidate = true }
      }
    }
    return candidate ? "candidate \(full)" : "determined"
  }

  func describeCells(_ row: Row) -> String {
    "\(row.constant.bitPattern) " + row.cells.map { "\($0.symbol):\($0.coefficient.bitPattern)" }.joined(separator: " ")
  }

  /// The pending definitions of an expansion pop in the heap's order whether kept as bits by
  /// rank or on the heap: with pops between insertions (each symbol pending once), and with
  /// symbols inserted again while pending (the heap pops them twice in a row, the bits once),
  /// ranks shared (which moves everything to the heap) and ranks out of bounds.
  func testRankBitsPopInTheHeapsOrder() {
    withEverySeed(0..<300) { random, seed in
      var bits = RankHeap()
      var heap = RankHeap()
      let bound = Int.random(in: 1...300, using: &random)
      bits.removeAll(rankBound: bound)
      heap.removeAll()
      // Interleaved, a symbol per rank, each pending once.
      var pendingRanks = Set<Int>()
      var fromBits: [SymbolID?] = []
      var fromHeap: [SymbolID?] = []
      for _ in 0..<Int.random(in: 1...200, using: &random) {
        if Int.random(in: 0..<3, using: &random) == 0 {
          let (a, b) = (bits.popMax(), heap.popMax())
          fromBits.append(a)
          fromHeap.append(b)
          continue
        }
        let rank = Int.random(in: 0..<bound, using: &random)
        guard pendingRanks.insert(rank).inserted else { continue }
        bits.insert(rank, SymbolID(rank * 7 % 1000))
        heap.insert(rank, SymbolID(rank * 7 % 1000))
      }
      while !heap.isEmpty || !bits.isEmpty {
        fromBits.append(bits.popMax())
        fromHeap.append(heap.popMax())
      }
      XCTAssertEqual(fromBits, fromHeap, "seed \(seed): interleaved")
      // A batch with repeats, shared ranks and ranks out of bounds, then every pop.
      bits.removeAll(rankBound: bound)
      heap.removeAll()
      var symbols: [Int: SymbolID] = [:]
      for _ in 0..<Int.random(in: 1...200, using: &random) {
        let rank = Int.random(in: 0..<(bound + 3), using: &random)
        var symbol = symbols[rank] ?? SymbolID(Int.random(in: 0..<1000, using: &random))
        if Int.random(in: 0..<30, using: &random) == 0 { symbol = SymbolID(Int.random(in: 0..<1000, using: &random)) }
        symbols[rank] = symbol
        bits.insert(rank, symbol)
        heap.insert(rank, symbol)
      }
      var distinctBits: [SymbolID] = []
      while let symbol = bits.popMax() { if distinctBits.last != symbol { distinctBits.append(symbol) } }
      var distinctHeap: [SymbolID] = []
      while let symbol = heap.popMax() { if distinctHeap.last != symbol { distinctHeap.append(symbol) } }
      XCTAssertEqual(distinctBits, distinctHeap, "seed \(seed): batch")
      XCTAssert(bits.isEmpty && heap.isEmpty)
    }
  }

  func describe(_ answer: StructuralAnswer) -> String {
    switch answer {
    case .determined: return "determined"
    case .unbounded(let direction, let coefficient): return "unbounded \(direction) \(coefficient.bitPattern)"
    case .candidate(let row): return "candidate \(row)"
    }
  }

  /// Compares every shortcut with the work it replaces on the solver as it is now, and
  /// returns how often the witnesses answered.
  @discardableResult
  fileprivate func compare(_ solver: Solver, _ variables: [Variable], _ expressions: [Expression], seed: UInt64) throws -> Int {
    solver.tableau.restoreDeferredRows()
    var answered = 0
    for variable in variables {
      guard let symbol = solver.tableau.existingSymbol(for: variable) else { continue }
      // The sole external symbol, where the witnesses tell, is the only external symbol the
      // expansion keeps, with the same coefficient bit for bit.
      if let row = solver.tableau.rows[Int(symbol)], let sole = solver.tableau.soleExternal(of: row) {
        answered += 1
        let externals = solver.tableau.expanded(row).cells.filter { solver.tableau.kinds[Int($0.symbol)] == .external }
        XCTAssertEqual(externals.count, 1, "seed \(seed) \(variable.name)")
        XCTAssertEqual(externals.first?.symbol, sole.symbol, "seed \(seed) \(variable.name)")
        XCTAssert(same(externals.first?.coefficient, sole.coefficient), "seed \(seed) \(variable.name)")
      }
      var former = solver.tableau
      let expected = formerStructuralAnswer(&former, symbol)
      var cache = StructuralCache(symbolCount: solver.tableau.kinds.count)
      XCTAssertEqual(describe(solver.tableau.structuralAnswer(for: symbol, cache: &cache)), expected, "seed \(seed) \(variable.name)")
      XCTAssertEqual(solver.isAmbiguous(variable), solver.ambiguity(of: variable).isAmbiguous, "seed \(seed) \(variable.name)")
    }
    // Expansions with the pending definitions as bits by rank are the heap's, bit for bit.
    for variable in variables {
      guard let symbol = solver.tableau.existingSymbol(for: variable), let row = solver.tableau.rows[Int(symbol)] else { continue }
      var heapOnly = solver.tableau
      heapOnly.usesRankBits = false
      XCTAssertEqual(describeCells(solver.tableau.expanded(row)), describeCells(heapOnly.expanded(row)), "seed \(seed) \(variable.name)")
    }
    for expression in expressions {
      var former = solver.tableau
      let expected: (Double?, Double?)
      if let row = former.expandedRow(of: expression) {
        expected = try former.faceRange(of: row)
      } else {
        expected = (nil, nil)
      }
      let range = try solver.checkedRange(of: expression)
      XCTAssert(same(range.minimum, expected.0) && same(range.maximum, expected.1), "seed \(seed) \(expression)")
    }
    return answered
  }

  /// Every cached value is the value evaluated afresh from the rows.
  func assertCachedValuesFresh(_ solver: Solver, seed: UInt64, _ stage: String) {
    var fresh = solver.tableau
    fresh.cachedEpochs = [UInt64](repeating: 0, count: fresh.cachedEpochs.count)
    for index in solver.tableau.kinds.indices where solver.tableau.kinds[index] == .external {
      let symbol = SymbolID(index)
      XCTAssert(
        same(solver.tableau.currentValue(of: symbol), fresh.currentValue(of: symbol)),
        "seed \(seed) \(stage): symbol \(symbol)")
    }
  }

  /// The alternative solutions, each computed twice: with every value read (and cached)
  /// beforehand, so that their evaluation stops at values cached before the transaction, and
  /// with no value cached; they must agree bit for bit.
  func assertSameAlternatives(_ solver: Solver, _ variables: [Variable], seed: UInt64) throws {
    for variable in variables {
      for other in variables { _ = solver.value(of: other) }
      let warm = try solver.checkedAmbiguity(of: variable)
      solver.tableau.cachedEpochs = [UInt64](repeating: 0, count: solver.tableau.cachedEpochs.count)
      let cold = try solver.checkedAmbiguity(of: variable)
      guard case .ambiguous(_, _, let a) = warm, case .ambiguous(_, _, let b) = cold else {
        XCTAssertEqual(warm.isAmbiguous, cold.isAmbiguous, "seed \(seed) \(variable.name)")
        continue
      }
      XCTAssertEqual(a.changes.count, b.changes.count, "seed \(seed) \(variable.name)")
      for (changed, value) in a.changes {
        XCTAssert(same(value, b.changes[changed]), "seed \(seed) \(variable.name): \(changed.name)")
      }
    }
  }

  func testAlternativesReadValuesCachedBeforeTheirTransaction() throws {
    try withEverySeed(0..<300) { random, seed in
      let (solver, xs, widths, _) = try Self.chain(&random)
      try assertSameAlternatives(solver, xs + widths, seed: seed)
    }
    try withEverySeed(0..<300) { random, seed in
      let (system, solver, _) = try RandomSystem.consistent(&random)
      try assertSameAlternatives(solver, system.variables, seed: seed)
    }
  }

  func testWitnessesAnswerAsTheExpansionOnRandomChains() throws {
    var answered = 0
    try withEverySeed(0..<500) { random, seed in
      let (solver, xs, widths, expressions) = try Self.chain(&random)
      let variables = xs + widths
      answered += try compare(solver, variables, expressions, seed: seed)
      assertCachedValuesFresh(solver, seed: seed, "solved")
      // Inside a probe that pins a view, as "Add missing constraints" asks.
      let pinned = Int.random(in: 0..<xs.count, using: &random)
      let dump = solver.dump()
      try solver.probe { solver in
        try? solver.add(xs[pinned] == Double(Int.random(in: 0...100, using: &random)))
        try? solver.add(widths[pinned] == Double(Int.random(in: 0...40, using: &random)))
        assertCachedValuesFresh(solver, seed: seed, "in the probe")
        try compare(solver, variables, expressions, seed: seed)
        assertCachedValuesFresh(solver, seed: seed, "in the probe, after the queries")
      }
      // The rollback restored the epoch of the rows it restored: what was cached for them
      // (values, witnesses) must be what they give afresh.
      XCTAssertEqual(solver.dump(), dump, "seed \(seed)")
      assertCachedValuesFresh(solver, seed: seed, "after the probe")
      try compare(solver, variables, expressions, seed: seed)
      // Alternatives move constants in rolled-back transactions.
      for variable in variables { _ = solver.ambiguity(of: variable) }
      assertCachedValuesFresh(solver, seed: seed, "after the alternatives")
      XCTAssertEqual(solver.dump(), dump, "seed \(seed)")
      XCTAssert(solver.checkInvariants().isEmpty, "seed \(seed)")
    }
    // The witnesses do answer on such chains (the expansion is not all that was compared).
    XCTAssertGreaterThan(answered, 500)
  }

  /// On the random systems of the property tests (dense, any coefficients), the witnesses
  /// and `isAmbiguous(_:)` answer as before, edits and removals included.
  func testWitnessesAnswerAsTheExpansionOnRandomSystems() throws {
    try withEverySeed(0..<400) { random, seed in
      let (system, solver, _) = try RandomSystem.consistent(&random)
      var expressions = system.variables.map { Expression($0) }
      if system.variables.count >= 2 { expressions.append(system.variables[0] - 2 * system.variables[1] + 3) }
      try compare(solver, system.variables, expressions, seed: seed)
      let variable = system.variables[0]
      try solver.addEditVariable(variable, priority: 500)
      try solver.suggestValue(Double(Int.random(in: -30...30, using: &random)), for: variable)
      assertCachedValuesFresh(solver, seed: seed, "after an edit")
      try compare(solver, system.variables, expressions, seed: seed)
      if let first = system.constraints.first, solver.contains(first) {
        try solver.remove(first)
        try compare(solver, system.variables, expressions, seed: seed)
      }
      assertCachedValuesFresh(solver, seed: seed, "after a removal")
    }
  }

  /// The shape of `plumb-bench cliff --shape leading`: every x is reached along one chain,
  /// and every query about it is answered by the witnesses, walking the chain once.
  func testALongChainIsWalkedOnce() throws {
    let solver = Solver()
    let count = 1_000
    let xs = (0..<count).map { Variable("x\($0)") }
    let widths = (0..<count).map { Variable("w\($0)") }
    for index in 0..<count {
      try solver.add(widths[index] >= 0)
      if index > 0 { try solver.add(xs[index] == xs[index - 1] + widths[index - 1] + 1) }
    }
    XCTAssertEqual(solver.ambiguousVariables(among: xs).count, count)
    for x in xs {
      guard case .ambiguous(nil, nil, _) = solver.ambiguity(of: x) else { return XCTFail("\(x.name)") }
      XCTAssertEqual(solver.range(of: Expression(x)), ValueRange(minimum: nil, maximum: nil))
    }
    solver.tableau.restoreDeferredRows()
    guard let last = solver.tableau.existingSymbol(for: xs[count - 1]), let row = solver.tableau.rows[Int(last)] else {
      return XCTFail("no row")
    }
    XCTAssertNotNil(solver.tableau.soleExternal(of: row))
    // The witnesses are still those of the current epoch after an ambiguity query, whose
    // alternative's rollback restored it: the next query does not walk the chain again.
    _ = solver.ambiguity(of: xs[count - 1])
    var basic = 0
    for x in xs {
      guard let symbol = solver.tableau.existingSymbol(for: x), solver.tableau.rows[Int(symbol)] != nil else { continue }
      basic += 1
      // Kept by the symbol's slot among the external symbols.
      XCTAssertEqual(solver.tableau.witnessEpochs[Int(solver.tableau.externalSlots[Int(symbol)])], solver.tableau.epoch, x.name)
    }
    XCTAssertGreaterThan(basic, count / 2)
  }
}
