// Transactions: an undo log, so that a failed operation leaves the tableau as it was.

extension Tableau {
  /// Starts recording an undo log; every operation that changes the tableau runs inside one.
  ///
  /// Transactions nest: a probe opens one around the operations it runs, each of which opens
  /// its own. An inner transaction's entries stay in the log when it commits, so that the
  /// outer one can still undo them; its rollback undoes only its own.
  mutating func beginTransaction() {
    if frames.isEmpty { undoLog.removeAll(keepingCapacity: true) }
    startNewLoggingRound()
    recording = true
    frames.append(
      TransactionFrame(
        logStart: undoLog.count, symbolCount: kinds.count, valueScale: valueScale, rank: nextRank, epoch: epoch))
    pivotCount = 0
    pivotBudget = pivotLimit ?? (10_000 + 20 * rowCount)
  }

  /// A new transaction id: every row is logged again at its first change from here on, so
  /// that the transaction that starts (or resumes) here can restore it.
  private mutating func startNewLoggingRound() {
    transaction &+= 1
    if transaction == 0 {
      for index in loggedIn.indices { loggedIn[index] = 0 }
      transaction = 1
    }
  }

  /// Keeps the changes of the current operation.
  mutating func commit() {
    frames.removeLast()
    if frames.isEmpty {
      recording = false
      undoLog.removeAll(keepingCapacity: true)
    } else {
      startNewLoggingRound()
    }
    clearQueues()
  }

  /// Undoes every change since the innermost `beginTransaction()`, restoring the tableau exactly.
  mutating func rollback() {
    guard let frame = frames.popLast() else { return }
    updatesMainObjective = true
    while undoLog.count > frame.logStart, let entry = undoLog.popLast() {
      switch entry {
      case .row(let basic, let old):
        let current = rows[Int(basic)]
        rows[Int(basic)] = old
        // A row whose cells are the very cells logged (only its constant moved: a shift
        // along a ray, an end of a face LP reached without pivoting) is in the same columns.
        if let current, let old, current.cells.sharesStorage(with: old.cells) { continue }
        if let current {
          for cell in current.cells { columnRemove(cell.symbol, basic) }
          rowCount -= 1
        }
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
      case .record(let key, let old):
        records[key] = old
      case .sequence(let old):
        nextSequence = old
      case .members(let level, let old):
        levels[level].members = old
      }
    }
    if kinds.count > frame.symbolCount {
      let extra = kinds.count - frame.symbolCount
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
    nextRank = frame.rank
    valueScale = frame.valueScale
    // Every row is as it was at the start, and so is every value cached then.
    epoch = frame.epoch
    if frames.isEmpty {
      recording = false
    } else {
      // The rows restored may change again in the enclosing transaction: log them afresh.
      startNewLoggingRound()
    }
    clearQueues()
  }

  /// The undo log of the innermost transaction.
  var currentLog: ArraySlice<UndoEntry> {
    undoLog[(frames.last?.logStart ?? 0)...]
  }

  mutating func clearQueues() {
    candidates.removeAll()
    auxiliaryCandidates.removeAll()
    infeasible.removeAll()
    auxiliary = nil
    defersExternalRows = false
  }
}
