/// What the solver remembers about a constraint it holds (keyed by the constraint's
/// identity in `Tableau.records`).
///
/// Eight bytes: the constraint itself is the owner of its marker (`Tableau.owners`,
/// `Tableau.constraint(of:)`); the other symbol of an optional constraint is always created
/// right after the marker (`makeRow`), so a bit says whether there is one; whether it is an
/// edit's is another bit; and the order of addition is renumbered, in the same order, before it
/// outgrows 32 bits (`Tableau.renumberSequences`). A table of 100,000 constraints reserves
/// 131,072 entries (`RecordTable`), so each byte of a record counts an eighth of a megabyte.
struct ConstraintRecord {
  private let storedSequence: UInt32
  /// The marker shifted left by two, with whether this is an edit's constraint (bit 1) and
  /// whether it has an other symbol, `marker + 1` (bit 0). A tableau never holds 2³⁰ symbols
  /// (each takes more than 50 bytes).
  private let packed: UInt32

  init(sequence: Int, marker: SymbolID, other: SymbolID, isEdit: Bool) {
    assert(other < 0 || other == marker + 1, "the other symbol follows the marker")
    storedSequence = UInt32(truncatingIfNeeded: sequence)
    packed = UInt32(truncatingIfNeeded: marker) &<< 2 | (isEdit ? 2 : 0) | (other >= 0 ? 1 : 0)
  }

  /// The order of addition; conflicts and listings are sorted by it.
  var sequence: Int { Int(storedSequence) }
  /// The slack of an inequality, the dummy of a required equality or e⁺ of an optional one.
  var marker: SymbolID { SymbolID(truncatingIfNeeded: packed >> 2) }
  /// Whether this is the constraint of an edit variable.
  var isEdit: Bool { packed & 2 != 0 }
  /// The error of an optional inequality or e⁻ of an optional equality; -1 otherwise.
  var other: SymbolID { packed & 1 != 0 ? marker + 1 : -1 }

  /// What an empty entry of `RecordTable` holds.
  static let vacant = ConstraintRecord(sequence: 0, marker: 0, other: -1, isEdit: false)

  /// The same record with another place in the order of addition.
  func renumbered(_ sequence: Int) -> ConstraintRecord {
    ConstraintRecord(sequence: sequence, marker: marker, other: other, isEdit: isEdit)
  }
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
  /// The rank of the row of an external symbol (by slot) before its row was inserted.
  case rank(slot: Int32, Int)
  /// The coefficient of a symbol in an objective level before a change.
  case coefficient(level: Int, SymbolID, Double)
  /// The constant of an objective level before a change.
  case levelConstant(level: Int, Double)
  /// A level was inserted at this position.
  case levelInserted(Int)
  /// A variable got its symbol.
  case variable(ObjectIdentifier)
  /// The record of a constraint before it was added or removed (inside a probe).
  case record(ObjectIdentifier, ConstraintRecord?)
  /// The sequence number before a constraint was added (inside a probe).
  case sequence(Int)
  /// How many constraints an objective level had before one was added or removed (inside a probe).
  case members(level: Int, Int)
}

/// Where a transaction starts: the undo log's length and what `rollback()` restores besides
/// the logged changes.
struct TransactionFrame {
  var logStart: Int
  var symbolCount: Int
  var valueScale: Double
  var rank: Int
  /// The epoch when it began: `rollback()` restores the rows exactly, so it restores the epoch
  /// too, and what was cached for those rows (values, definition witnesses) is valid again.
  var epoch: UInt64
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
  var columns: [ColumnList] = []
  var columnLive: [Int32] = []
  var stamps: [UInt32] = []
  var stampCounter: UInt32 = 0
  /// The transaction in which each row was last logged: a row is logged once per
  /// transaction (its state at the start is all that `rollback()` needs).
  var loggedIn: [UInt32] = []
  var transaction: UInt32 = 1
  /// For each symbol, its place in the arrays kept for external symbols only (`variables`,
  /// the value cache, the definition witnesses), or -1 for any other kind: a place holds about
  /// four times as many symbols as variables, and these arrays are 40 bytes an external symbol.
  var externalSlots: [Int32] = []
  /// The variable of each external symbol, by slot.
  var variables: [Variable?] = []
  var symbolOfVariable: [ObjectIdentifier: SymbolID] = [:]
  var rowCount = 0
  var nextRank = 0

  // MARK: Values of external symbols
  /// Names the current state of the rows: a fresh number (`advanceEpoch()`) at every change
  /// of a row, and the number of the state `rollback()` restores; a cached value is valid while
  /// its epoch matches. Numbers are never reused, so a match means the same rows.
  var epoch: UInt64 = 1
  /// The last number `advanceEpoch()` gave.
  var epochCounter: UInt64 = 1
  /// The cached value of each external symbol and the epoch it was read in, by slot.
  var cachedValues: [Double] = []
  var cachedEpochs: [UInt64] = []
  /// When the row of each external symbol was inserted (`nextRank` then), by slot; read only
  /// while the symbol is basic. A definition row only refers to external symbols whose rows
  /// are older, so expanding newest first visits each once. Kept here rather than in each
  /// `Row`, where it took 8 bytes of every symbol's slot in `rows` (four in five symbols are
  /// not external).
  var rowRanks: [Int] = []

  // MARK: Objective
  /// One level per distinct optional priority in use, highest priority first.
  var levels: [ObjectiveLevel] = [] {
    // Any change of a level's costs (what `hasZeroReducedCosts` reads) makes a new version.
    didSet { levelsVersion &+= 1 }
  }
  /// Counts the changes of `levels`; what `leavingCandidatesCache` was read at.
  var levelsVersion: UInt64 = 0
  /// The last leaving row's cells that may enter (`leavingCandidates`).
  var leavingCandidatesCache: LeavingCandidates?
  var auxiliary: AuxiliaryObjective?
  var candidates = SymbolHeap()
  var auxiliaryCandidates = SymbolHeap()
  var infeasible = SymbolHeap()
  var updatesMainObjective = true
  var auxiliaryMode: AuxiliaryMode = .artificial
  /// In `.face` mode, the optimal face is that of the levels of priority above this one
  /// (0: every level).
  var faceFloor: Double = 0

  // MARK: Constraints
  var records = RecordTable()
  var edits: [ObjectIdentifier: EditRecord] = [:]
  var nextSequence = 0
  /// Where the order of addition is renumbered from 0 (`renumberSequences`), outside any
  /// transaction, so that it never outgrows a record's 32 bits: half of them, which leaves the
  /// other half to the additions of probes, where it is not renumbered. Tests lower it.
  var sequenceLimit = 1 << 31

  // MARK: Numerics and transactions
  /// The largest magnitude of any constant or suggested value seen (at least 1); value
  /// tolerances are relative to it.
  var valueScale: Double = 1
  var undoLog: [UndoEntry] = []
  var recording = false
  /// The open transactions, innermost last: one per operation, and one for a probe around
  /// the operations inside it.
  var frames: [TransactionFrame] = []
  var pivotCount = 0
  var pivotBudget = 0
  var pivotLimit: Int?
  var scratchAdded: [SymbolID] = []
  var scratchRemoved: [SymbolID] = []
  var scratchCells: [Cell] = []
  /// The dense accumulator of `expanded`: a value per symbol id, valid where its mark is the
  /// current round, and the symbols marked in this round.
  var expansionValues: [Double] = []
  var expansionMarks: [UInt32] = []
  var expansionRound: UInt32 = 0
  /// What the walk of an alternative worked out of the last listing (`listingReach`).
  var reachCache: ListingReach?
  /// What the alternatives' evaluations know of the rows that refer to no basic symbol
  /// (`referenceFreeRows()`).
  var referenceFreeCache: ReferenceFreeRows?
  /// Whether the alternatives read the values of such rows from their constants (off only in
  /// the tests that compare the two).
  var usesReferenceFreeRows = true
  /// How many symbols the alternatives' walks have visited and their evaluations have
  /// evaluated, and the cells of the rows they read (`changesAndRollback`), for the tests that
  /// count the work of a listing.
  var alternativeSymbolsRead: UInt64 = 0
  var expansionTouched: [SymbolID] = []
  /// The pending definitions of `expanded`, kept to reuse its storage.
  var expansionHeap = RankHeap()
  /// Whether `expanded` keeps its pending definitions as bits by rank (tests turn it off to
  /// compare with the heap alone).
  var usesRankBits = true
  /// The explicit stack of `evaluateDefinitions`, kept to reuse its storage.
  var evaluationStack: [SymbolID] = []
  /// What `definitionWitness(of:)` found for each basic external symbol (by slot), valid where
  /// `witnessEpochs` holds the current epoch.
  var witnesses: [DefinitionWitness] = []
  var witnessEpochs: [UInt64] = []
  var witnessStack: [SymbolID] = []
  /// The last ratio test of a column (`blockingRatio(of:)`) and the last alternative along an
  /// unbounded ray (`rayAlternative(along:step:)`), each with the epoch of the rows it read:
  /// the queries of one bulk pass over the views ask them again and again of the same rows.
  var blockingCache: BlockingRatio?
  var rayCache: RayAlternative?
  /// The rays queries of the same rows have asked about (`repeatsRay(along:step:)`): a ray is
  /// followed in full, for every row, only when a second query of the same rows takes it; the
  /// first query's own LP lists only what its listing reaches, and along a chain every view
  /// has a ray of its own, so that following each in full would cost every row per view.
  var raysAsked = RaysAsked()
  /// Counts the alternatives `rayCache` has held (what a reader of its changes keys on).
  var rayGeneration: UInt64 = 0
  /// How many rows a column holds before `blockingRatio(of:)` remembers its answer, and how
  /// many values an alternative along a ray changes before `rayAlternative(along:step:)` does
  /// (tests lower it, so that every answer is remembered, or make it `.max`, so that nothing is
  /// remembered or read from memory).
  var longColumn: Int32 = 32
  /// How many answers `rayAlternative(along:step:)` took from `rayCache` (for the tests).
  var rayAlternativeHits = 0
  /// While set (during the dual simplex of `suggestValue`), pivots leave rows of external
  /// symbols alone: they keep referring to symbols that become basic (values are evaluated
  /// through those references), and are listed in `deferredRows`. No ratio test or entering
  /// choice reads them. They are brought back over parametric symbols by
  /// `restoreDeferredRows()`, outside any transaction, before any operation other than
  /// `suggestValue` and value reads; repeated edits never pay for it.
  var defersExternalRows = false
  var deferredRows: [SymbolID] = []

  // MARK: Changes reported to the client
  /// Whether rows and reduced costs are journaled for `takeChanges()`.
  var tracksChanges = false
  var changes = ChangeJournal()

  var valueTolerance: Double { Tolerance.value * valueScale }

  /// A fresh epoch: the rows are about to change.
  @inline(__always)
  mutating func advanceEpoch() {
    epochCounter &+= 1
    epoch = epochCounter
  }

  // MARK: - Symbols

  mutating func newSymbol(_ kind: SymbolKind, owner: Constraint? = nil) -> SymbolID {
    let id = SymbolID(truncatingIfNeeded: kinds.count)
    kinds.append(kind)
    owners.append(owner)
    rows.append(nil)
    columns.append(.none)
    columnLive.append(0)
    stamps.append(0)
    loggedIn.append(0)
    if kind == .external {
      externalSlots.append(Int32(truncatingIfNeeded: variables.count))
      variables.append(nil)
      cachedValues.append(0)
      cachedEpochs.append(0)
      rowRanks.append(0)
    } else {
      externalSlots.append(-1)
    }
    return id
  }

  /// Room for `symbols` more symbols, `constraints` more constraints and `variables` more
  /// variables (`Solver.reserveCapacity`).
  mutating func reserveCapacity(symbols: Int, constraints: Int, variables: Int) {
    let total = kinds.count + symbols
    kinds.reserveCapacity(total)
    owners.reserveCapacity(total)
    rows.reserveCapacity(total)
    columns.reserveCapacity(total)
    columnLive.reserveCapacity(total)
    stamps.reserveCapacity(total)
    loggedIn.reserveCapacity(total)
    externalSlots.reserveCapacity(total)
    let externals = self.variables.count + variables
    self.variables.reserveCapacity(externals)
    cachedValues.reserveCapacity(externals)
    cachedEpochs.reserveCapacity(externals)
    rowRanks.reserveCapacity(externals)
    for level in levels.indices { levels[level].reserveSymbols(total) }
    records.reserveCapacity(records.count + constraints)
    symbolOfVariable.reserveCapacity(symbolOfVariable.count + variables)
  }

  /// The constraint of a record: the owner of its marker (for edits, the solver's own
  /// `v == k` constraint).
  func constraint(of record: ConstraintRecord) -> Constraint? {
    let marker = Int(record.marker)
    return marker < owners.count ? owners[marker] : nil
  }

  /// The variable of an external symbol; nil for any other.
  func variable(ofSymbol symbol: SymbolID) -> Variable? {
    let index = Int(symbol)
    guard index >= 0, index < externalSlots.count else { return nil }
    let slot = Int(externalSlots[index])
    return slot >= 0 ? variables[slot] : nil
  }

  func existingSymbol(for variable: Variable) -> SymbolID? {
    symbolOfVariable[ObjectIdentifier(variable)]
  }

  mutating func symbol(for variable: Variable) -> SymbolID {
    let key = ObjectIdentifier(variable)
    if let symbol = symbolOfVariable[key] { return symbol }
    let symbol = newSymbol(.external)
    variables[Int(externalSlots[Int(symbol)])] = variable
    symbolOfVariable[key] = symbol
    if recording { undoLog.append(.variable(key)) }
    return symbol
  }

  /// The rank of the row of a basic external symbol (when it was inserted).
  @inline(__always)
  func rowRank(of symbol: SymbolID) -> Int {
    rowRanks[Int(externalSlots[Int(symbol)])]
  }

  /// The current value of a non-external symbol: its row's constant when basic, else 0.
  @inline(__always)
  func value(ofSymbol symbol: SymbolID) -> Double {
    rows[Int(symbol)]?.constant ?? 0
  }

  /// The current value of any symbol. Definition rows refer to other external symbols, so
  /// an external value is evaluated through them (iteratively, no recursion) and cached
  /// until the next change of any row (or, after a rollback, as it was before).
  mutating func currentValue(of symbol: SymbolID) -> Double {
    let slot = Int(externalSlots[Int(symbol)])
    if slot >= 0 && cachedEpochs[slot] == epoch { return cachedValues[slot] }
    return uncachedValue(of: symbol)
  }

  mutating func uncachedValue(of symbol: SymbolID) -> Double {
    let index = Int(symbol)
    guard let constant = rows[index]?.constant else { return 0 }
    let slot = Int(externalSlots[index])
    if slot < 0 { return constant }
    // Fast path: every reference is already known (or parametric).
    var total = constant
    var complete = true
    rows.withUnsafeBufferPointer { rowBuffer in
      guard let row = rowBuffer[index] else { return }
      for cell in row.cells {
        let reference = Int(cell.symbol)
        guard let referenced = rowBuffer[reference] else { continue }
        let referenceSlot = Int(externalSlots[reference])
        if referenceSlot < 0 {
          // A deferred reference to a basic slack or error: its value is its constant.
          total += cell.coefficient * referenced.constant
        } else if cachedEpochs[referenceSlot] == epoch {
          total += cell.coefficient * cachedValues[referenceSlot]
        } else {
          complete = false
          break
        }
      }
    }
    if complete {
      cachedValues[slot] = total
      cachedEpochs[slot] = epoch
      return total
    }
    return evaluateDefinitions(from: symbol)
  }

  /// Evaluates a chain of definition rows with an explicit stack (no recursion), caching
  /// every value on the way.
  mutating func evaluateDefinitions(from symbol: SymbolID) -> Double {
    // Only external symbols are evaluated here (their slots index the cache).
    let index = Int(externalSlots[Int(symbol)])
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
      let topSlot = Int(externalSlots[Int(top)])
      if cachedEpochs[topSlot] == epoch {
        stack.removeLast()
        continue
      }
      guard let topRow = rows[Int(top)] else {
        cachedValues[topSlot] = 0
        cachedEpochs[topSlot] = epoch
        stack.removeLast()
        continue
      }
      var pending = false
      var total = topRow.constant
      for cell in topRow.cells {
        let reference = Int(cell.symbol)
        guard let referenced = rows[reference] else { continue }
        let referenceSlot = Int(externalSlots[reference])
        if referenceSlot < 0 {
          total += cell.coefficient * referenced.constant
        } else if cachedEpochs[referenceSlot] == epoch {
          total += cell.coefficient * cachedValues[referenceSlot]
        } else {
          pending = true
          stack.append(cell.symbol)
        }
      }
      if !pending {
        cachedValues[topSlot] = total
        cachedEpochs[topSlot] = epoch
        stack.removeLast()
      }
    }
    return cachedValues[index]
  }

  /// A new round of the expansion marks, the marks grown to every symbol: a symbol is marked
  /// in this round when its mark equals the round (the marks are cleared only when the round
  /// number wraps around).
  mutating func nextExpansionRound() -> UInt32 {
    if expansionMarks.count < kinds.count {
      // As much room as the symbols have (which `reserveCapacity` sets once for a place), not
      // the doubling of the appends: these two arrays are 12 bytes a symbol.
      expansionMarks.reserveCapacity(kinds.capacity)
      expansionValues.reserveCapacity(kinds.capacity)
      expansionMarks.append(contentsOf: repeatElement(0, count: kinds.count - expansionMarks.count))
      expansionValues.append(contentsOf: repeatElement(0, count: kinds.count - expansionValues.count))
    }
    expansionRound &+= 1
    if expansionRound == 0 {
      for index in expansionMarks.indices { expansionMarks[index] = 0 }
      expansionRound = 1
    }
    return expansionRound
  }

  /// The row with every reference to a basic external symbol replaced by that symbol's row,
  /// repeatedly, so that only parametric symbols remain. Newest rows are expanded first.
  ///
  /// The cells are accumulated densely by symbol id, so that each substitution costs the
  /// size of the row substituted, not of the row built so far (along a chain of definition
  /// rows, merging sorted cells at every step made one expansion quadratic in the chain).
  /// Every cell is combined exactly as `combineCells` combines it, in the same order, so
  /// the result is the same, bit for bit. The result has room for its cells and `extra` more,
  /// which the caller appends.
  mutating func expanded(_ row: Row, room extra: Int = 0) -> Row {
    var pending = expansionHeap
    expansionHeap = RankHeap()
    // Bits by rank while ranks are about as many as rows (a long-lived solver's ranks grow
    // with its pivots: then the heap, whose size does not depend on them).
    pending.removeAll(rankBound: usesRankBits && nextRank <= 8 * (rowCount + 64) ? nextRank : 0)
    defer { expansionHeap = pending }
    for cell in row.cells where kinds[Int(cell.symbol)] == .external {
      if rows[Int(cell.symbol)] != nil { pending.insert(rowRank(of: cell.symbol), cell.symbol) }
    }
    if pending.isEmpty { return row }
    let round = nextExpansionRound()
    var touched = expansionTouched
    touched.removeAll(keepingCapacity: true)
    var constant = row.constant
    var marks = expansionMarks
    var values = expansionValues
    expansionMarks = []
    expansionValues = []
    for cell in row.cells {
      let index = Int(cell.symbol)
      marks[index] = round
      values[index] = cell.coefficient
      touched.append(cell.symbol)
    }
    while let symbol = pending.popMax() {
      let index = Int(symbol)
      guard marks[index] == round, values[index] != 0, let reference = rows[index] else { continue }
      let factor = values[index]
      values[index] = 0
      for cell in reference.cells {
        let other = Int(cell.symbol)
        let value = cell.coefficient * factor
        if marks[other] == round && values[other] != 0 {
          values[other] = Tolerance.coefficientSum(values[other], value)
        } else if abs(value) >= Tolerance.coefficient {
          if marks[other] != round {
            marks[other] = round
            touched.append(cell.symbol)
          }
          values[other] = value
          if kinds[other] == .external, rows[other] != nil { pending.insert(rowRank(of: cell.symbol), cell.symbol) }
        }
      }
      constant = Tolerance.sum(constant, factor * reference.constant)
    }
    // The symbols touched, in id order: a long expansion (a chain of definitions) touches a
    // good part of all symbols, and reading the marks in id order then costs less than
    // sorting (the same symbols, in the same order).
    if touched.count >= 64 && touched.count * (Int.bitWidth - touched.count.leadingZeroBitCount) >= marks.count {
      touched.removeAll(keepingCapacity: true)
      for index in marks.indices where marks[index] == round { touched.append(SymbolID(truncatingIfNeeded: index)) }
    } else {
      touched.sort()
    }
    // Room for the nonzero cells only (the rows expanded away were touched too, and their
    // values are 0 now), and the `extra` cells the caller appends.
    var nonzero = 0
    for symbol in touched where values[Int(symbol)] != 0 { nonzero += 1 }
    var result = Row(constant: constant)
    result.cells.reserveCapacity(nonzero + extra)
    for symbol in touched where values[Int(symbol)] != 0 {
      result.cells.append(Cell(symbol: symbol, coefficient: values[Int(symbol)]))
    }
    expansionMarks = marks
    expansionValues = values
    expansionTouched = touched
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
}
