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
      TransactionFrame(logStart: undoLog.count, symbolCount: kinds.count, valueScale: valueScale, rank: nextRank,
        epoch: epoch))
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
    // The rows are restored below exactly as they were when the frame began.
    epoch = frame.epoch
    while undoLog.count > frame.logStart, let entry = undoLog.popLast() {
      switch entry {
      case .row(let basic, let old):
        let current = rows[Int(basic)]
        rows[Int(basic)] = old
        switch (current, old) {
        case (let current?, let old?):
          // A row whose cells are the very cells logged (only its constant moved: a shift
          // along a ray, an end of a face LP reached without pivoting) is in the same columns;
          // otherwise only the symbols in one version and not the other change columns.
          if !current.cells.sharesStorage(with: old.cells) {
            moveColumns(of: basic, from: current.cells, to: old.cells)
          }
        case (let current?, nil):
          for cell in current.cells { columnRemove(cell.symbol, basic) }
          rowCount -= 1
        case (nil, let old?):
          old.cells.withUnsafeBufferPointer { cells in
            columnInsertAll(basic, count: cells.count) { cells[$0].symbol }
          }
          rowCount += 1
        case (nil, nil):
          break
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
      case .rank(let slot, let old):
        rowRanks[Int(slot)] = old
      case .sequence(let old):
        nextSequence = old
      case .members(let level, let old):
        levels[level].members = old
      }
    }
    if kinds.count > frame.symbolCount {
      let extra = kinds.count - frame.symbolCount
      var externals = 0
      for kind in kinds[frame.symbolCount...] where kind == .external { externals += 1 }
      externalSlots.removeLast(extra)
      variables.removeLast(externals)
      cachedValues.removeLast(externals)
      cachedEpochs.removeLast(externals)
      rowRanks.removeLast(externals)
      kinds.removeLast(extra)
      owners.removeLast(extra)
      rows.removeLast(extra)
      columns.removeLast(extra)
      columnLive.removeLast(extra)
      stamps.removeLast(extra)
      loggedIn.removeLast(extra)
    }
    nextRank = frame.rank
    valueScale = frame.valueScale
    if frames.isEmpty {
      recording = false
    } else {
      // The rows restored may change again in the enclosing transaction: log them afresh.
      startNewLoggingRound()
    }
    clearQueues()
  }

  /// Updates the column index for a row of `basic` that held the symbols of `before` and now
  /// holds those of `after` (both sorted by symbol, as cells are): a symbol in both stays in
  /// its column, where taking it out and putting it back would change no column's rows.
  private mutating func moveColumns(of basic: SymbolID, from before: [Cell], to after: [Cell]) {
    var added: [SymbolID] = []
    var i = 0
    var j = 0
    while i < before.count || j < after.count {
      if j >= after.count || (i < before.count && before[i].symbol < after[j].symbol) {
        columnRemove(before[i].symbol, basic)
        i += 1
      } else if i >= before.count || after[j].symbol < before[i].symbol {
        added.append(after[j].symbol)
        j += 1
      } else {
        i += 1
        j += 1
      }
    }
    guard !added.isEmpty else { return }
    added.withUnsafeBufferPointer { symbols in
      columnInsertAll(basic, count: symbols.count) { symbols[$0] }
    }
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
