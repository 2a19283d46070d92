// Transactions: an undo log, so that a failed operation leaves the tableau as it was.

extension Tableau {
  /// Starts recording an undo log; every operation that changes the tableau runs inside one.
  mutating func beginTransaction() {
    undoLog.removeAll(keepingCapacity: true)
    transaction &+= 1
    if transaction == 0 {
      for index in loggedIn.indices { loggedIn[index] = 0 }
      transaction = 1
    }
    recording = true
    savedSymbolCount = kinds.count
    savedValueScale = valueScale
    savedRank = nextRank
    pivotCount = 0
    pivotBudget = pivotLimit ?? (10_000 + 20 * rowCount)
  }

  /// Keeps the changes of the current operation.
  mutating func commit() {
    recording = false
    undoLog.removeAll(keepingCapacity: true)
    clearQueues()
  }

  /// Undoes every change since `beginTransaction()`, restoring the tableau exactly.
  mutating func rollback() {
    recording = false
    updatesMainObjective = true
    epoch &+= 1
    for entry in undoLog.reversed() {
      switch entry {
      case .row(let basic, let old):
        if let current = rows[Int(basic)] {
          for cell in current.cells { columnRemove(cell.symbol, basic) }
          rowCount -= 1
        }
        rows[Int(basic)] = old
        if let old {
          for cell in old.cells { columnInsert(cell.symbol, basic) }
          rowCount += 1
        }
      case .coefficient(let level, let symbol, let old):
        levels[level].setCoefficient(symbol, old)
      case .levelConstant(let level, let old):
        levels[level].constant = old
      case .levelInserted(let position):
        levels.remove(at: position)
      case .variable(let key):
        symbolOfVariable[key] = nil
      }
    }
    undoLog.removeAll(keepingCapacity: true)
    if kinds.count > savedSymbolCount {
      let extra = kinds.count - savedSymbolCount
      kinds.removeLast(extra)
      owners.removeLast(extra)
      rows.removeLast(extra)
      columns.removeLast(extra)
      columnLive.removeLast(extra)
      stamps.removeLast(extra)
      loggedIn.removeLast(extra)
      variables.removeLast(extra)
      cachedValues.removeLast(extra)
      cachedEpochs.removeLast(extra)
    }
    nextRank = savedRank
    valueScale = savedValueScale
    clearQueues()
  }

  mutating func clearQueues() {
    candidates.removeAll()
    auxiliaryCandidates.removeAll()
    infeasible.removeAll()
    auxiliary = nil
    defersExternalRows = false
  }
}
