// What changed since the client last asked: a journal of the rows and reduced costs touched,
// each with its state at the start of the period, compared with the current state when the
// client takes the changes (so that whatever a probe or a face LP changed and rolled back
// counts for nothing).

/// The journal of one period between two `Solver.takeChanges()`.
struct ChangeJournal {
  /// The period; a symbol is journaled in it when its mark equals it.
  var round: UInt32 = 1
  /// By symbol id, the period in which its row (`rowMarks`) or its reduced costs
  /// (`costMarks`) were last journaled. Grown on demand; never truncated, since every id
  /// beyond the symbols of the start of a period had no row and no cost then.
  var rowMarks: [UInt32] = []
  var costMarks: [UInt32] = []
  /// Each row touched, with its state at the start of the period (nil: not basic) and, for
  /// an external symbol's row, its rank then (0 otherwise).
  var rows: [(SymbolID, Row?, Int)] = []
  /// Each symbol whose reduced costs were touched, with whether they were all zero then.
  var costs: [(SymbolID, Bool)] = []
  /// The number of symbols and the value scale at the start of the period.
  var symbolCount = 0
  var valueScale: Double = 1

  /// Extends `marks` with zeros up to `index`, in room for the tableau's symbols (`room`,
  /// its reserved capacity) while `index` is in it: an append alone would double the room, 4
  /// bytes a symbol.
  @inline(never)
  static func grow(_ marks: inout [UInt32], toHold index: Int, room: Int) {
    if marks.capacity <= index { marks.reserveCapacity(index < room ? room : index + 1 + marks.count / 2) }
    marks.append(contentsOf: repeatElement(0, count: index + 1 - marks.count))
  }

  mutating func startPeriod(symbolCount: Int, valueScale: Double) {
    round &+= 1
    if round == 0 {
      for index in rowMarks.indices { rowMarks[index] = 0 }
      for index in costMarks.indices { costMarks[index] = 0 }
      round = 1
    }
    rows.removeAll(keepingCapacity: true)
    costs.removeAll(keepingCapacity: true)
    self.symbolCount = symbolCount
    self.valueScale = valueScale
  }
}

/// What `Tableau.takeChanges()` found, in symbols.
struct TableauChanges {
  /// Everything is to be taken as changed (the tolerances moved).
  var all = false
  /// External symbols whose values may differ from the start of the period.
  var values: [SymbolID] = []
  /// External symbols whose ambiguity (structural answer, ends on the optimal face, or an
  /// alternative solution) may differ: `values`, and those coupled to a change on the face.
  var ambiguity: [SymbolID] = []
  /// How many rows and reduced-cost vectors differ.
  var rowCount = 0
  var costCount = 0
}

extension Tableau {
  /// Journals a row before its first change of the period (called by `logRow`, which every
  /// change of a row goes through, in a transaction or not).
  @inline(__always)
  mutating func journalRow(_ basic: SymbolID, _ old: Row?) {
    let index = Int(basic)
    if index >= changes.rowMarks.count { ChangeJournal.grow(&changes.rowMarks, toHold: index, room: kinds.capacity) }
    guard changes.rowMarks[index] != changes.round else { return }
    changes.rowMarks[index] = changes.round
    let kept = index < changes.symbolCount ? old : nil
    changes.rows.append((basic, kept, kept == nil ? 0 : rank(ofRowOf: basic)))
  }

  /// Journals a symbol's reduced costs before its first change of the period.
  @inline(__always)
  mutating func journalCost(_ symbol: SymbolID) {
    guard tracksChanges else { return }
    let index = Int(symbol)
    if index >= changes.costMarks.count { ChangeJournal.grow(&changes.costMarks, toHold: index, room: kinds.capacity) }
    guard changes.costMarks[index] != changes.round else { return }
    changes.costMarks[index] = changes.round
    changes.costs.append((symbol, index < changes.symbolCount ? hasZeroReducedCosts(symbol) : true))
  }

  /// Journals every symbol with a reduced cost at a level about to be removed.
  mutating func journalLevel(_ level: Int) {
    guard tracksChanges else { return }
    for cell in levels[level].nonzeroCells { journalCost(cell.symbol) }
  }

  /// Starts a period of tracking: the changes taken next are those from here on.
  mutating func startTrackingChanges() {
    tracksChanges = true
    changes.startPeriod(symbolCount: kinds.count, valueScale: valueScale)
  }

  /// The changes since the start of the period, which starts again.
  ///
  /// A row counts as changed when it differs (constant, cells or rank, bit for bit) from
  /// its state at the start of the period; a symbol's reduced costs, when whether they are
  /// all zero (whether it is fixed on the optimal face) differs. Then:
  /// - the values that may differ are those of the external symbols whose rows changed and
  ///   of every external row that refers to them, transitively;
  /// - the answers about ambiguity may also differ for the external symbols whose rows
  ///   depend on a symbol coupled to a change on the optimal face: the restricted rows a
  ///   face LP may pivot through (linked by the symbols free on the face) from every changed
  ///   row, symbol of a changed row and symbol whose reduced costs changed.
  /// Anything else reads the same rows and reduced costs as before, so it gets the same
  /// answers, bit for bit.
  mutating func takeChanges() -> TableauChanges {
    restoreDeferredRows()
    var result = TableauChanges()
    if changes.valueScale != valueScale { result.all = true }
    var changedRows: [SymbolID] = []
    var coupledSeeds: [SymbolID] = []
    var costSeeds: [SymbolID] = []
    let count = kinds.count
    for (basic, old, oldRank) in changes.rows where Int(basic) < count {
      let current = rows[Int(basic)]
      if Tableau.same(old, current) && oldRank == (current == nil ? 0 : rank(ofRowOf: basic)) { continue }
      changedRows.append(basic)
      for cell in old?.cells ?? [] where Int(cell.symbol) < count && !isFixedOnFace(cell.symbol) {
        coupledSeeds.append(cell.symbol)
      }
      for cell in current?.cells ?? [] where !isFixedOnFace(cell.symbol) {
        coupledSeeds.append(cell.symbol)
      }
    }
    for (symbol, wasZero) in changes.costs where Int(symbol) < count {
      if hasZeroReducedCosts(symbol) != wasZero { costSeeds.append(symbol) }
    }
    result.rowCount = changedRows.count
    result.costCount = costSeeds.count
    changes.startPeriod(symbolCount: count, valueScale: valueScale)
    if result.all { return result }
    result.values = affectedExternals(from: changedRows)
    let coupled = faceCoupledSymbols(rows: changedRows, symbols: coupledSeeds, costs: costSeeds)
    result.ambiguity = affectedExternals(from: changedRows + costSeeds + coupled)
    return result
  }

  /// The rank of a basic symbol's row: when it was inserted for an external symbol, 0 for any
  /// other (whose rows have none).
  func rank(ofRowOf basic: SymbolID) -> Int {
    externalSlots[Int(basic)] >= 0 ? rowRank(of: basic) : 0
  }

  /// Whether two versions of a row are the same, bit for bit (their ranks, kept by the
  /// tableau, are compared apart).
  static func same(_ a: Row?, _ b: Row?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    guard a.constant.bitPattern == b.constant.bitPattern, a.cells.count == b.cells.count else {
      return false
    }
    for index in a.cells.indices {
      let x = a.cells[index]
      let y = b.cells[index]
      if x.symbol != y.symbol || x.coefficient.bitPattern != y.coefficient.bitPattern { return false }
    }
    return true
  }

  /// The symbols a face LP could move together with the changes: from the changed rows and
  /// the seeds, every non-external row that holds a symbol free on the optimal face (not
  /// fixed) already reached, and its free symbols; symbols whose reduced costs changed reach
  /// every row that holds them. Returns every symbol reached.
  mutating func faceCoupledSymbols(rows seedRows: [SymbolID], symbols: [SymbolID], costs: [SymbolID]) -> [SymbolID] {
    let round = nextExpansionRound()
    var queue: [SymbolID] = []
    func visit(_ symbol: SymbolID) {
      let index = Int(symbol)
      guard index < expansionMarks.count, expansionMarks[index] != round else { return }
      expansionMarks[index] = round
      queue.append(symbol)
    }
    for symbol in seedRows { visit(symbol) }
    for symbol in symbols { visit(symbol) }
    // A symbol whose fixedness changed couples every row that holds it, fixed or not now.
    for symbol in costs {
      visit(symbol)
      for basic in liveColumn(symbol) where kinds[Int(basic)] != .external { visit(basic) }
    }
    var position = 0
    while position < queue.count {
      let symbol = queue[position]
      position += 1
      let index = Int(symbol)
      if let row = rows[index] {
        // External rows are followed by `affectedExternals`, upwards.
        guard kinds[index] != .external else { continue }
        for cell in row.cells where !isFixedOnFace(cell.symbol) { visit(cell.symbol) }
      } else if !isFixedOnFace(symbol) {
        for basic in liveColumn(symbol) where kinds[Int(basic)] != .external { visit(basic) }
      }
    }
    return queue
  }
}
