// The primitives every operation changes rows and objective levels with: each is logged
// for `rollback()` and keeps the column index.

extension Tableau {
  /// Records the state of a row before its first change in the current transaction.
  @inline(__always)
  mutating func logRow(_ basic: SymbolID, _ old: Row?) {
    if tracksChanges { journalRow(basic, old) }
    guard recording, loggedIn[Int(basic)] != transaction else { return }
    loggedIn[Int(basic)] = transaction
    undoLog.append(.row(basic, old))
  }

  mutating func insertRow(_ basic: SymbolID, _ row: Row) {
    logRow(basic, rows[Int(basic)])
    advanceEpoch()
    let slot = externalSlots[Int(basic)]
    if slot >= 0 {
      if recording { undoLog.append(.rank(slot: slot, rowRanks[Int(slot)])) }
      rowRanks[Int(slot)] = nextRank
      nextRank += 1
    }
    rows[Int(basic)] = row
    rowCount += 1
    row.cells.withUnsafeBufferPointer { cells in
      columnInsertAll(basic, count: cells.count) { cells[$0].symbol }
    }
  }

  @discardableResult
  mutating func removeRow(_ basic: SymbolID) -> Row? {
    guard let row = rows[Int(basic)] else { return nil }
    logRow(basic, row)
    advanceEpoch()
    rows[Int(basic)] = nil
    rowCount -= 1
    for cell in row.cells { columnRemove(cell.symbol, basic) }
    return row
  }

  /// Replaces a row by another version of itself (same basic symbol), updating the index.
  mutating func replaceRow(_ basic: SymbolID, _ row: Row) {
    guard let old = rows[Int(basic)] else {
      insertRow(basic, row)
      return
    }
    logRow(basic, old)
    advanceEpoch()
    for cell in old.cells { columnRemove(cell.symbol, basic) }
    rows[Int(basic)] = row
    for cell in row.cells { columnInsert(cell.symbol, basic) }
  }

  /// Substitutes `symbol = expression` into the row of `basic`.
  ///
  /// Touches only that row and the column entries of the symbols that appear or cancel.
  mutating func substitute(_ symbol: SymbolID, with expression: Row, intoRowOf basic: SymbolID) {
    guard let position = rows[Int(basic)]?.index(of: symbol) else { return }
    logRow(basic, rows[Int(basic)])
    // The row is taken out so that its cells are uniquely referenced when nothing else (the
    // undo log) holds them: they are then overwritten in place, without an allocation.
    guard var row = rows[Int(basic)].take() else { return }
    let factor = row.cells[position].coefficient
    let counts = combineCells(
      row.cells, skipping: symbol, expression.cells, factor: factor, into: &scratchCells,
      added: &scratchAdded, removed: &scratchRemoved)
    if counts.cells > row.cells.capacity {
      // A row that grows gets room for its cells only, not the doubling of an append: rows
      // are most of a solver's storage, and few grow again.
      row.cells = Array(scratchCells[0..<counts.cells])
    } else {
      row.cells.removeAll(keepingCapacity: true)
      scratchCells.withUnsafeBufferPointer { merged in
        row.cells.append(contentsOf: UnsafeBufferPointer(rebasing: merged[0..<counts.cells]))
      }
    }
    let constant = Tolerance.sum(row.constant, factor * expression.constant)
    row.constant = constant
    advanceEpoch()
    rows[Int(basic)] = row
    columnRemove(symbol, basic)
    let added = scratchAdded
    added.withUnsafeBufferPointer { symbols in
      columnInsertAll(basic, count: counts.added) { symbols[$0] }
    }
    for position in 0..<counts.removed where scratchRemoved[position] != symbol {
      columnRemove(scratchRemoved[position], basic)
    }
    if constant < -valueTolerance && kinds[Int(basic)].isRestricted {
      infeasible.insert(basic)
    }
  }

  /// Substitutes `symbol = expression` into every row that contains `symbol` and into the
  /// objectives. Uses the column index, so only the rows involved are touched.
  mutating func substituteEverywhere(_ symbol: SymbolID, with expression: Row) {
    if defersExternalRows {
      for basic in liveColumn(symbol) {
        if kinds[Int(basic)] == .external {
          deferredRows.append(basic)
          if deferredRows.count > 4 * rowCount + 64 { compactDeferredRows() }
        } else {
          substitute(symbol, with: expression, intoRowOf: basic)
        }
      }
    } else {
      for basic in liveColumn(symbol) {
        substitute(symbol, with: expression, intoRowOf: basic)
      }
    }
    if updatesMainObjective {
      substituteInLevels(symbol, with: expression)
    }
    if auxiliary != nil {
      substituteInAuxiliary(symbol, with: expression)
    }
  }

  /// Sorts `deferredRows` and drops repeated entries.
  mutating func compactDeferredRows() {
    deferredRows.sort()
    var kept = 0
    for position in deferredRows.indices
    where kept == 0 || deferredRows[kept - 1] != deferredRows[position] {
      deferredRows[kept] = deferredRows[position]
      kept += 1
    }
    deferredRows.removeLast(deferredRows.count - kept)
  }

  /// Substitutes, into every deferred row of an external symbol, the rows of the basic
  /// non-external symbols it refers to (those rows are over parametric symbols only, so one
  /// pass suffices), in the order of row ids and, within a row, of symbol ids.
  /// Runs outside any transaction (it changes the representation, not the solution).
  mutating func restoreDeferredRows() {
    defersExternalRows = false
    guard !deferredRows.isEmpty, !recording else { return }
    compactDeferredRows()
    let list = deferredRows
    deferredRows = []
    var pending: [SymbolID] = []
    for basic in list {
      guard Int(basic) < rows.count, kinds[Int(basic)] == .external, let row = rows[Int(basic)]
      else { continue }
      pending.removeAll(keepingCapacity: true)
      for cell in row.cells {
        let index = Int(cell.symbol)
        if kinds[index] != .external && rows[index] != nil { pending.append(cell.symbol) }
      }
      for symbol in pending {
        guard let expression = rows[Int(symbol)] else { continue }
        substitute(symbol, with: expression, intoRowOf: basic)
      }
    }
  }

  /// Sets a parametric symbol to 0 for good: removes it from every row and objective.
  mutating func eraseColumn(_ symbol: SymbolID) {
    for basic in liveColumn(symbol) {
      guard var row = rows[Int(basic)], let position = row.index(of: symbol) else { continue }
      logRow(basic, row)
      advanceEpoch()
      row.cells.remove(at: position)
      rows[Int(basic)] = row
    }
    columns[Int(symbol)] = .none
    columnLive[Int(symbol)] = 0
    for level in levels.indices where levels[level].coefficient(of: symbol) != 0 {
      setObjectiveCoefficient(level: level, symbol: symbol, 0)
    }
    auxiliary?.coefficients[symbol] = nil
  }

  // MARK: - Objective primitives

  mutating func setObjectiveCoefficient(level: Int, symbol: SymbolID, _ value: Double) {
    journalCost(symbol)
    let old = levels[level].coefficient(of: symbol)
    if recording { undoLog.append(.coefficient(level: level, symbol, old)) }
    levels[level].setCoefficient(symbol, value)
    candidates.insert(symbol)
  }

  @inline(__always)
  mutating func addObjectiveCoefficient(level: Int, symbol: SymbolID, _ delta: Double) {
    journalCost(symbol)
    let old = levels[level].coefficient(of: symbol)
    let value = Tolerance.coefficientSum(old, delta)
    if recording { undoLog.append(.coefficient(level: level, symbol, old)) }
    levels[level].setCoefficient(symbol, value)
    // The dual simplex keeps the tableau optimal and never reads the primal candidates
    // (the queue is cleared when the edit commits): no need to queue them then.
    if !defersExternalRows { candidates.insert(symbol) }
  }

  mutating func addLevelConstant(level: Int, _ delta: Double) {
    if recording { undoLog.append(.levelConstant(level: level, levels[level].constant)) }
    levels[level].constant = Tolerance.sum(levels[level].constant, delta)
  }

  /// Adds `factor · row` to an objective level (used to add or remove an error symbol that
  /// is basic: its row stands for it).
  mutating func addToLevel(_ level: Int, _ row: Row, factor: Double) {
    if tracksChanges || row.cells.isEmpty {
      for cell in row.cells {
        addObjectiveCoefficient(level: level, symbol: cell.symbol, cell.coefficient * factor)
      }
    } else {
      // What `addObjectiveCoefficient` does for each cell (no change journal here), with the
      // undo log and the queue moved out so that the level is changed under one access.
      var log = undoLog
      var queue = candidates
      undoLog = []
      candidates = SymbolHeap()
      let logs = recording
      let queues = !defersExternalRows
      row.cells.withUnsafeBufferPointer { cells in
        levels[level].addCells(cells, factor: factor) { symbol, old in
          if logs { log.append(.coefficient(level: level, symbol, old)) }
          if queues { queue.insert(symbol) }
        }
      }
      undoLog = log
      candidates = queue
    }
    addLevelConstant(level: level, row.constant * factor)
  }

  mutating func substituteInLevels(_ symbol: SymbolID, with expression: Row) {
    for level in levels.indices {
      let factor = levels[level].coefficient(of: symbol)
      guard factor != 0 else { continue }
      journalCost(symbol)
      if recording { undoLog.append(.coefficient(level: level, symbol, factor)) }
      levels[level].setCoefficient(symbol, 0)
      addToLevel(level, expression, factor: factor)
    }
  }

  mutating func substituteInAuxiliary(_ symbol: SymbolID, with expression: Row) {
    guard var objective = auxiliary, let factor = objective.coefficients[symbol] else { return }
    auxiliary = nil  // Keeps the dictionary uniquely referenced while it is edited.
    objective.coefficients[symbol] = nil
    for cell in expression.cells {
      let value = Tolerance.coefficientSum(
        objective.coefficients[cell.symbol] ?? 0, cell.coefficient * factor)
      objective.coefficients[cell.symbol] = value == 0 ? nil : value
      auxiliaryCandidates.insert(cell.symbol)
    }
    objective.constant = Tolerance.sum(objective.constant, expression.constant * factor)
    auxiliary = objective
  }

  func levelIndex(for priority: Double) -> Int? {
    levels.firstIndex { $0.priority == priority }
  }

  mutating func ensureLevel(for priority: Double) -> Int {
    if let index = levelIndex(for: priority) { return index }
    let position = levels.firstIndex { $0.priority < priority } ?? levels.count
    var level = ObjectiveLevel(priority: priority)
    level.reserveSymbols(kinds.capacity)
    levels.insert(level, at: position)
    if recording { undoLog.append(.levelInserted(position)) }
    return position
  }

  /// Whether a parametric symbol's vector of reduced costs is lexicographically negative,
  /// that is, increasing it improves the highest level it affects.
  func isLexicographicallyNegative(_ symbol: SymbolID) -> Bool {
    for level in levels {
      let value = level.coefficient(of: symbol)
      if value < -Tolerance.reducedCost { return true }
      if value > Tolerance.reducedCost { return false }
    }
    return false
  }

  /// Whether a symbol has a zero reduced cost at every level.
  func hasZeroReducedCosts(_ symbol: SymbolID) -> Bool {
    for level in levels where abs(level.coefficient(of: symbol)) > Tolerance.reducedCost {
      return false
    }
    return true
  }

  /// Whether a symbol has a zero reduced cost at every level of priority above `floor`: it
  /// can move without leaving the solutions that are optimal for those levels.
  func hasZeroReducedCosts(_ symbol: SymbolID, above floor: Double) -> Bool {
    for level in levels {
      if level.priority <= floor { break }
      if abs(level.coefficient(of: symbol)) > Tolerance.reducedCost { return false }
    }
    return true
  }
}
