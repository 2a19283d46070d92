/// What the solver remembers about a constraint it holds.
struct ConstraintRecord {
  /// The constraint as the client gave it (for edits, the solver's own `v == k` constraint).
  let constraint: Constraint
  /// The order of addition; conflicts and listings are sorted by it.
  let sequence: Int
  /// The slack of an inequality, the dummy of a required equality or e⁺ of an optional one.
  let marker: SymbolID
  /// The error of an optional inequality or e⁻ of an optional equality; -1 otherwise.
  let other: SymbolID
  /// Whether this is the constraint of an edit variable.
  let isEdit: Bool
}

/// What the solver remembers about an edit variable.
struct EditRecord {
  /// The optional constraint `variable == constant` standing for the edit.
  let constraint: Constraint
  /// The value last suggested (at first, the variable's value when the edit was added).
  var constant: Double
}

/// One step of the undo log, holding the state it replaced.
enum UndoEntry {
  /// The row of a symbol before a change (`nil`: the symbol was not basic).
  case row(SymbolID, Row?)
  /// The coefficient of a symbol in an objective level before a change.
  case coefficient(level: Int, SymbolID, Double)
  /// The constant of an objective level before a change.
  case levelConstant(level: Int, Double)
  /// A level was inserted at this position.
  case levelInserted(Int)
  /// A variable got its symbol.
  case variable(ObjectIdentifier)
}

/// How the auxiliary objective is being minimised.
enum AuxiliaryMode {
  /// The artificial phase of `add`: the main objective is kept up to date.
  case artificial
  /// An extreme point of the optimal face (ambiguity): only symbols that can move without
  /// leaving the optimal face may enter, and the main objective is left as it was (the
  /// whole operation is rolled back).
  case face
}

/// The simplex tableau and all algorithms on it.
///
/// Invariants (checked by `Solver.checkInvariants()`):
/// - a row defines its basic symbol; restricted and dummy rows (and the objective) are over
///   parametric symbols only; rows of external symbols may also refer to other external
///   symbols, basic or not ("definition rows", such as `left₂ = left₁ + width₁ + 8`), and
///   these references form no cycle; no basic restricted or dummy symbol occurs anywhere;
/// - `columns[s]` is exactly the set of basic symbols whose rows contain `s`;
/// - rows of restricted symbols (slack, error) have a constant ≥ 0 and no external symbol;
/// - rows of dummies hold only dummies and a zero constant;
/// - no objective level holds an external symbol, and every parametric restricted symbol has
///   a lexicographically non-negative vector of reduced costs (the tableau is optimal);
/// - outside an operation the undo log and the queues are empty.
struct Tableau {
  // MARK: Symbols and rows
  var kinds: [SymbolKind] = []
  var owners: [Constraint?] = []
  var rows: [Row?] = []
  /// For each symbol, the basic symbols whose rows contain it. Entries are only appended;
  /// a removal just lowers `columnLive`, and stale or repeated entries are dropped when
  /// the column is read through `liveColumn(_:)` or grows past four times its live size. No
  /// hashing, and the order of entries follows the operations, so it is deterministic.
  var columns: [[SymbolID]] = []
  var columnLive: [Int32] = []
  var stamps: [UInt32] = []
  var stampCounter: UInt32 = 0
  /// The transaction in which each row was last logged: a row is logged once per
  /// transaction (its state at the start is all that `rollback()` needs).
  var loggedIn: [UInt32] = []
  var transaction: UInt32 = 1
  var variables: [Variable?] = []
  var symbolOfVariable: [ObjectIdentifier: SymbolID] = [:]
  var rowCount = 0
  var nextRank = 0

  // MARK: Values of external symbols
  /// Bumped by every change of a row; a cached value is valid while its epoch matches.
  var epoch: UInt64 = 1
  var cachedValues: [Double] = []
  var cachedEpochs: [UInt64] = []

  // MARK: Objective
  /// One level per distinct optional priority in use, highest priority first.
  var levels: [ObjectiveLevel] = []
  var auxiliary: AuxiliaryObjective?
  var candidates = SymbolHeap()
  var auxiliaryCandidates = SymbolHeap()
  var infeasible = SymbolHeap()
  var updatesMainObjective = true
  var auxiliaryMode: AuxiliaryMode = .artificial

  // MARK: Constraints
  var records: [ObjectIdentifier: ConstraintRecord] = [:]
  var edits: [ObjectIdentifier: EditRecord] = [:]
  var nextSequence = 0

  // MARK: Numerics and transactions
  /// The largest magnitude of any constant or suggested value seen (at least 1); value
  /// tolerances are relative to it.
  var valueScale: Double = 1
  var undoLog: [UndoEntry] = []
  var recording = false
  var savedSymbolCount = 0
  var savedValueScale: Double = 1
  var savedRank = 0
  var pivotCount = 0
  var pivotBudget = 0
  var pivotLimit: Int?
  var scratchAdded: [SymbolID] = []
  var scratchRemoved: [SymbolID] = []
  var scratchCells: [Cell] = []
  /// The explicit stack of `evaluateDefinitions`, kept to reuse its storage.
  var evaluationStack: [SymbolID] = []
  /// While set (during the dual simplex of `suggestValue`), pivots leave rows of external
  /// symbols alone: they keep referring to symbols that become basic (values are evaluated
  /// through those references), and are listed in `deferredRows`. No ratio test or entering
  /// choice reads them. They are brought back over parametric symbols by
  /// `restoreDeferredRows()`, outside any transaction, before any operation other than
  /// `suggestValue` and value reads; repeated edits never pay for it.
  var defersExternalRows = false
  var deferredRows: [SymbolID] = []

  var valueTolerance: Double { Tolerance.value * valueScale }

  // MARK: - Symbols

  mutating func newSymbol(_ kind: SymbolKind, owner: Constraint? = nil) -> SymbolID {
    let id = SymbolID(truncatingIfNeeded: kinds.count)
    kinds.append(kind)
    owners.append(owner)
    rows.append(nil)
    columns.append([])
    columnLive.append(0)
    stamps.append(0)
    loggedIn.append(0)
    variables.append(nil)
    cachedValues.append(0)
    cachedEpochs.append(0)
    return id
  }

  func existingSymbol(for variable: Variable) -> SymbolID? {
    symbolOfVariable[ObjectIdentifier(variable)]
  }

  mutating func symbol(for variable: Variable) -> SymbolID {
    let key = ObjectIdentifier(variable)
    if let symbol = symbolOfVariable[key] { return symbol }
    let symbol = newSymbol(.external)
    variables[Int(symbol)] = variable
    symbolOfVariable[key] = symbol
    if recording { undoLog.append(.variable(key)) }
    return symbol
  }

  /// The current value of a non-external symbol: its row's constant when basic, else 0.
  @inline(__always)
  func value(ofSymbol symbol: SymbolID) -> Double {
    rows[Int(symbol)]?.constant ?? 0
  }

  /// The current value of any symbol. Definition rows refer to other external symbols, so
  /// an external value is evaluated through them (iteratively, no recursion) and cached
  /// until the next change of any row.
  mutating func currentValue(of symbol: SymbolID) -> Double {
    let index = Int(symbol)
    if kinds[index] == .external && cachedEpochs[index] == epoch { return cachedValues[index] }
    return uncachedValue(of: symbol)
  }

  mutating func uncachedValue(of symbol: SymbolID) -> Double {
    let index = Int(symbol)
    guard let constant = rows[index]?.constant else { return 0 }
    if kinds[index] != .external { return constant }
    // Fast path: every reference is already known (or parametric).
    var total = constant
    var complete = true
    rows.withUnsafeBufferPointer { rowBuffer in
      guard let row = rowBuffer[index] else { return }
      for cell in row.cells {
        let reference = Int(cell.symbol)
        guard let referenced = rowBuffer[reference] else { continue }
        if kinds[reference] != .external {
          // A deferred reference to a basic slack or error: its value is its constant.
          total += cell.coefficient * referenced.constant
        } else if cachedEpochs[reference] == epoch {
          total += cell.coefficient * cachedValues[reference]
        } else {
          complete = false
          break
        }
      }
    }
    if complete {
      cachedValues[index] = total
      cachedEpochs[index] = epoch
      return total
    }
    return evaluateDefinitions(from: symbol)
  }

  /// Evaluates a chain of definition rows with an explicit stack (no recursion), caching
  /// every value on the way.
  mutating func evaluateDefinitions(from symbol: SymbolID) -> Double {
    let index = Int(symbol)
    var stack = evaluationStack
    evaluationStack = []
    stack.removeAll(keepingCapacity: true)
    stack.append(symbol)
    defer { evaluationStack = stack }
    // Definition references form no cycle; the budget only guards against a broken
    // invariant turning into an endless loop.
    var budget = 4 * kinds.count + 16
    while let top = stack.last {
      budget -= 1
      if budget < 0 {
        assertionFailure("cycle among definition rows")
        return 0
      }
      let topIndex = Int(top)
      if cachedEpochs[topIndex] == epoch {
        stack.removeLast()
        continue
      }
      guard let topRow = rows[topIndex] else {
        cachedValues[topIndex] = 0
        cachedEpochs[topIndex] = epoch
        stack.removeLast()
        continue
      }
      var pending = false
      var total = topRow.constant
      for cell in topRow.cells {
        let reference = Int(cell.symbol)
        guard let referenced = rows[reference] else { continue }
        if kinds[reference] != .external {
          total += cell.coefficient * referenced.constant
        } else if cachedEpochs[reference] == epoch {
          total += cell.coefficient * cachedValues[reference]
        } else {
          pending = true
          stack.append(cell.symbol)
        }
      }
      if !pending {
        cachedValues[topIndex] = total
        cachedEpochs[topIndex] = epoch
        stack.removeLast()
      }
    }
    return cachedValues[index]
  }

  /// The row with every reference to a basic external symbol replaced by that symbol's row,
  /// repeatedly, so that only parametric symbols remain. Newest rows are expanded first.
  mutating func expanded(_ row: Row) -> Row {
    var result = row
    var pending = RankHeap()
    for cell in row.cells where kinds[Int(cell.symbol)] == .external {
      if let reference = rows[Int(cell.symbol)] { pending.insert(reference.rank, cell.symbol) }
    }
    if pending.isEmpty { return result }
    var added = scratchAdded
    var removed = scratchRemoved
    var buffer = scratchCells
    while let symbol = pending.popMax() {
      guard let position = result.index(of: symbol), let reference = rows[Int(symbol)] else {
        continue
      }
      let factor = result.cells[position].coefficient
      let counts = combineCells(
        result.cells, skipping: symbol, reference.cells, factor: factor, into: &buffer,
        added: &added, removed: &removed)
      result.cells.removeAll(keepingCapacity: true)
      result.cells.append(contentsOf: buffer[0..<counts.cells])
      result.constant = Tolerance.sum(result.constant, factor * reference.constant)
      for new in added[0..<counts.added] where kinds[Int(new)] == .external {
        if let newRow = rows[Int(new)] { pending.insert(newRow.rank, new) }
      }
    }
    scratchAdded = added
    scratchRemoved = removed
    scratchCells = buffer
    return result
  }

  /// Whether a row refers to a basic external symbol.
  func hasDefinitionReferences(_ row: Row) -> Bool {
    for cell in row.cells where kinds[Int(cell.symbol)] == .external && rows[Int(cell.symbol)] != nil {
      return true
    }
    return false
  }

  func isBasic(_ symbol: SymbolID) -> Bool { rows[Int(symbol)] != nil }

  // MARK: - Column index

  @inline(__always)
  mutating func columnInsert(_ symbol: SymbolID, _ basic: SymbolID) {
    let index = Int(symbol)
    columns[index].append(basic)
    columnLive[index] += 1
    if columns[index].count > 4 * Int(columnLive[index]) + 16 {
      _ = liveColumn(symbol)
    }
  }

  /// `columnInsert(symbol, basic)` for each of `count` symbols read through `symbolAt`, with
  /// one exclusive access to the columns instead of one per symbol. Columns that outgrow
  /// their live size are compacted afterwards, as `columnInsert` would have done (each
  /// column gets one entry here, so compacting it later gives the same column).
  @inline(__always)
  mutating func columnInsertAll(
    _ basic: SymbolID, count: Int, _ symbolAt: (Int) -> SymbolID
  ) {
    var overgrown: SymbolID = -1
    var moreOvergrown = false
    columns.withUnsafeMutableBufferPointer { columnBuffer in
      columnLive.withUnsafeMutableBufferPointer { liveBuffer in
        for position in 0..<count {
          let symbol = symbolAt(position)
          let index = Int(symbol)
          columnBuffer[index].append(basic)
          liveBuffer[index] += 1
          if columnBuffer[index].count > 4 * Int(liveBuffer[index]) + 16 {
            if overgrown < 0 { overgrown = symbol } else { moreOvergrown = true }
          }
        }
      }
    }
    guard overgrown >= 0 else { return }
    if !moreOvergrown {
      _ = liveColumn(overgrown)
      return
    }
    for position in 0..<count {
      let index = Int(symbolAt(position))
      if columns[index].count > 4 * Int(columnLive[index]) + 16 { _ = liveColumn(SymbolID(index)) }
    }
  }

  @inline(__always)
  mutating func columnRemove(_ symbol: SymbolID, _ basic: SymbolID) {
    columnLive[Int(symbol)] -= 1
  }

  /// The rows that contain `symbol`, each once, in a deterministic order; also compacts the
  /// stored column. The rows must be current (every caller updates `rows` first).
  mutating func liveColumn(_ symbol: SymbolID) -> [SymbolID] {
    let index = Int(symbol)
    if columns[index].count == Int(columnLive[index]) && columns[index].count <= 1 {
      return columns[index]
    }
    stampCounter &+= 1
    if stampCounter == 0 {
      for position in stamps.indices { stamps[position] = 0 }
      stampCounter = 1
    }
    // Compacts in place: the column is moved out so that it is uniquely referenced.
    var column = columns[index]
    columns[index] = []
    var kept = 0
    let stamp = stampCounter
    rows.withUnsafeBufferPointer { rowBuffer in
      stamps.withUnsafeMutableBufferPointer { stampBuffer in
        column.withUnsafeMutableBufferPointer { entries in
          for position in entries.indices {
            let basic = entries[position]
            let rowIndex = Int(basic)
            guard rowIndex < rowBuffer.count, stampBuffer[rowIndex] != stamp,
              rowBuffer[rowIndex]?.index(of: symbol) != nil
            else { continue }
            stampBuffer[rowIndex] = stamp
            entries[kept] = basic
            kept += 1
          }
        }
      }
    }
    column.removeLast(column.count - kept)
    columns[index] = column
    columnLive[index] = Int32(kept)
    return column
  }

  /// Whether any row contains `symbol`.
  func isInAnyRow(_ symbol: SymbolID) -> Bool {
    columnLive[Int(symbol)] > 0
  }

  // MARK: - Row primitives (logged, and keeping the column index)

  /// Records the state of a row before its first change in the current transaction.
  @inline(__always)
  mutating func logRow(_ basic: SymbolID, _ old: Row?) {
    guard recording, loggedIn[Int(basic)] != transaction else { return }
    loggedIn[Int(basic)] = transaction
    undoLog.append(.row(basic, old))
  }

  mutating func insertRow(_ basic: SymbolID, _ row: Row) {
    logRow(basic, rows[Int(basic)])
    epoch &+= 1
    var row = row
    if kinds[Int(basic)] == .external {
      row.rank = nextRank
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
    epoch &+= 1
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
    epoch &+= 1
    for cell in old.cells { columnRemove(cell.symbol, basic) }
    var row = row
    row.rank = old.rank
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
    row.cells.removeAll(keepingCapacity: true)
    row.cells.append(contentsOf: scratchCells[0..<counts.cells])
    let constant = Tolerance.sum(row.constant, factor * expression.constant)
    row.constant = constant
    epoch &+= 1
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
      epoch &+= 1
      row.cells.remove(at: position)
      rows[Int(basic)] = row
    }
    columns[Int(symbol)] = []
    columnLive[Int(symbol)] = 0
    for level in levels.indices where levels[level].coefficient(of: symbol) != 0 {
      setObjectiveCoefficient(level: level, symbol: symbol, 0)
    }
    auxiliary?.coefficients[symbol] = nil
  }

  // MARK: - Objective primitives

  mutating func setObjectiveCoefficient(level: Int, symbol: SymbolID, _ value: Double) {
    let old = levels[level].coefficient(of: symbol)
    if recording { undoLog.append(.coefficient(level: level, symbol, old)) }
    levels[level].setCoefficient(symbol, value)
    candidates.insert(symbol)
  }

  @inline(__always)
  mutating func addObjectiveCoefficient(level: Int, symbol: SymbolID, _ delta: Double) {
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
    for cell in row.cells {
      addObjectiveCoefficient(level: level, symbol: cell.symbol, cell.coefficient * factor)
    }
    addLevelConstant(level: level, row.constant * factor)
  }

  mutating func substituteInLevels(_ symbol: SymbolID, with expression: Row) {
    for level in levels.indices {
      let factor = levels[level].coefficient(of: symbol)
      guard factor != 0 else { continue }
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
    levels.insert(ObjectiveLevel(priority: priority), at: position)
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

  // MARK: - Transactions

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

  // MARK: - Pivoting

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
    return best >= 0 ? best : nil
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
      if auxiliaryMode == .face && !hasZeroReducedCosts(symbol) { continue }
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
