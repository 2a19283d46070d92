// Pivoting and the simplex iterations built on it.

extension Tableau {
  /// Exchanges a parametric symbol (`entering`) with a basic one (`leaving`).
  mutating func pivot(entering: SymbolID, leaving: SymbolID) throws(SolverError) {
    pivotCount += 1
    if pivotCount > pivotBudget { throw .pivotLimitExceeded }
    guard let row = removeRow(leaving) else {
      throw .numericalFailure("pivot on a symbol that is not basic")
    }
    guard row.index(of: entering) != nil else {
      throw .numericalFailure("pivot on a row without the entering symbol")
    }
    let expression = row.solved(for: entering, adding: leaving)
    substituteEverywhere(entering, with: expression)
    insertRow(entering, expression)
  }

  /// The leaving row of the primal ratio test for `entering`, which increases from 0.
  ///
  /// Only restricted rows that contain `entering` with a negative coefficient block it;
  /// the least ratio `constant / -coefficient` wins, ties going to the smallest id (Bland).
  mutating func primalLeavingRow(for entering: SymbolID) -> SymbolID? {
    primalRatioTest(for: entering).leaving
  }

  /// The ratio test of `primalLeavingRow(for:)`: its leaving row, and the least ratio (how far
  /// `entering` can increase before a restricted row reaches 0; infinity when nothing blocks).
  mutating func primalRatioTest(for entering: SymbolID) -> (leaving: SymbolID?, ratio: Double) {
    var best: SymbolID = -1
    var bestRatio = Double.infinity
    for basic in liveColumn(entering) {
      guard kinds[Int(basic)].isRestricted, let row = rows[Int(basic)] else { continue }
      let coefficient = row.coefficient(of: entering)
      guard coefficient < 0 else { continue }
      let ratio = max(row.constant, 0) / -coefficient
      if ratio < bestRatio || (ratio == bestRatio && basic < best) {
        best = basic
        bestRatio = ratio
      }
    }
    return (best >= 0 ? best : nil, bestRatio)
  }

  /// `primalRatioTest(for:)`, remembered for the rows it read (their epoch) when its column is
  /// long: every view of a cycle of widths asks it of the one slack all their rows hold, whose
  /// column is as long as the cycle (a short column is read again: remembering it would cost
  /// as much, and would displace the long one). Epochs are never reused, so the same epoch
  /// means the same rows.
  mutating func blockingRatio(of entering: SymbolID) -> (leaving: SymbolID?, ratio: Double) {
    // (The tests that compare the two remember nothing and read nothing remembered.)
    guard longColumn != .max else { return primalRatioTest(for: entering) }
    if let known = blockingCache, known.epoch == epoch, known.symbolCount == kinds.count, known.entering == entering {
      return (known.leaving, known.ratio)
    }
    let found = primalRatioTest(for: entering)
    if columnLive[Int(entering)] >= longColumn {
      blockingCache = BlockingRatio(
        epoch: epoch, symbolCount: kinds.count, entering: entering, leaving: found.leaving, ratio: found.ratio)
    }
    return found
  }

  /// The next entering symbol for the main objective: the smallest id among the symbols
  /// whose reduced costs changed that is lexicographically negative (Bland's rule).
  mutating func nextMainEntering() -> SymbolID? {
    while let symbol = candidates.popMin() {
      let index = Int(symbol)
      guard index < kinds.count, rows[index] == nil else { continue }
      let kind = kinds[index]
      guard kind == .slack || kind == .error else { continue }
      if isLexicographicallyNegative(symbol) { return symbol }
    }
    return nil
  }

  mutating func nextAuxiliaryEntering() -> SymbolID? {
    guard let objective = auxiliary else { return nil }
    while let symbol = auxiliaryCandidates.popMin() {
      let index = Int(symbol)
      guard index < kinds.count, rows[index] == nil else { continue }
      let kind = kinds[index]
      guard kind == .slack || kind == .error else { continue }
      guard objective.coefficient(of: symbol) < -Tolerance.reducedCost else { continue }
      if auxiliaryMode == .face && !hasZeroReducedCosts(symbol, above: faceFloor) { continue }
      return symbol
    }
    return nil
  }

  /// Primal simplex on the main (lexicographic) objective.
  mutating func optimizeMain() throws(SolverError) {
    while let entering = nextMainEntering() {
      guard let leaving = primalLeavingRow(for: entering) else {
        throw .numericalFailure("the objective is unbounded")
      }
      try pivot(entering: entering, leaving: leaving)
    }
  }

  /// Primal simplex on the auxiliary objective.
  ///
  /// - Returns: `nil` at the optimum, or the entering symbol that nothing blocks (the
  ///   objective is unbounded along it).
  mutating func optimizeAuxiliary() throws(SolverError) -> SymbolID? {
    while let entering = nextAuxiliaryEntering() {
      guard let leaving = primalLeavingRow(for: entering) else { return entering }
      try pivot(entering: entering, leaving: leaving)
    }
    return nil
  }

  /// Dual simplex: restores feasibility of the queued rows while keeping the tableau
  /// optimal. The entering symbol of an infeasible row is the one with a positive
  /// coefficient and the lexicographically least ratio of reduced costs to coefficient
  /// (ties: smallest id).
  mutating func dualOptimize() throws(SolverError) {
    while let basic = infeasible.popMin() {
      guard let row = rows[Int(basic)], kinds[Int(basic)].isRestricted,
        row.constant < -valueTolerance
      else { continue }
      var best: SymbolID = -1
      var bestCoefficient = 0.0
      for cell in row.cells where cell.coefficient > Tolerance.coefficient {
        let kind = kinds[Int(cell.symbol)]
        guard kind == .slack || kind == .error else { continue }
        if best < 0 || lexicographicRatio(cell.symbol, cell.coefficient, isLessThan: best, bestCoefficient) {
          best = cell.symbol
          bestCoefficient = cell.coefficient
        }
      }
      guard best >= 0 else {
        throw .numericalFailure("the dual simplex found no entering symbol")
      }
      try pivot(entering: best, leaving: basic)
    }
  }

  /// Whether `d(a) / ca` is lexicographically less than `d(b) / cb` (ties: smaller id).
  func lexicographicRatio(
    _ a: SymbolID, _ ca: Double, isLessThan b: SymbolID, _ cb: Double
  ) -> Bool {
    for level in levels {
      let left = level.coefficient(of: a) / ca
      let right = level.coefficient(of: b) / cb
      let scale = max(1, abs(left), abs(right))
      if abs(left - right) > Tolerance.reducedCost * scale { return left < right }
    }
    return a < b
  }
}

/// One answer of `Tableau.blockingRatio(of:)` and the rows it was read from.
struct BlockingRatio {
  var epoch: UInt64
  var symbolCount: Int
  var entering: SymbolID
  var leaving: SymbolID?
  var ratio: Double
}
