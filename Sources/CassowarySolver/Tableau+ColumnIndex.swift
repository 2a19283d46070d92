// The column index: for each symbol, the basic symbols whose rows contain it.

/// The entries of one column: the basic symbols whose rows contained the symbol when each was
/// added, in that order (entries may be stale or repeated until the column is compacted).
///
/// Eight bytes: most columns list one row (the slack or error of one constraint, in the row
/// that defines it), which is kept inline; an array of one entry would be a 48-byte block of
/// its own, and a place of 100,000 constraints has about 67,000 such columns.
enum ColumnList: Sequence {
  case none
  case one(SymbolID)
  case many([SymbolID])

  /// The entries, stale ones included.
  var count: Int {
    switch self {
    case .none: return 0
    case .one: return 1
    case .many(let list): return list.count
    }
  }

  /// The entries the storage has room for (1 for an entry kept inline).
  var capacity: Int {
    switch self {
    case .none: return 0
    case .one: return 1
    case .many(let list): return list.capacity
    }
  }

  /// Appends an entry, in place (the array is moved out first, so that it stays uniquely
  /// referenced).
  @inline(__always)
  mutating func append(_ basic: SymbolID) {
    switch self {
    case .none:
      self = .one(basic)
    case .one(let first):
      self = .many([first, basic])
    case .many(var list):
      self = .none
      list.append(basic)
      self = .many(list)
    }
  }

  func makeIterator() -> Iterator {
    switch self {
    case .none: return Iterator(single: -1, list: [])
    case .one(let symbol): return Iterator(single: symbol, list: [])
    case .many(let list): return Iterator(single: -1, list: list)
    }
  }

  struct Iterator: IteratorProtocol {
    /// The inline entry, until it is read (-1: none).
    var single: SymbolID
    let list: [SymbolID]
    var position = 0

    @inline(__always)
    mutating func next() -> SymbolID? {
      if single >= 0 {
        defer { single = -1 }
        return single
      }
      guard position < list.count else { return nil }
      defer { position += 1 }
      return list[position]
    }
  }
}

extension Tableau {
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
    let index = Int(symbol)
    columnLive[index] -= 1
    // No row holds the symbol any more, so every entry is stale: the storage goes (a symbol
    // that enters the basis leaves its column empty for good, most often).
    if columnLive[index] == 0 { columns[index] = .none }
  }

  /// The rows that contain `symbol`, each once, in a deterministic order; also compacts the
  /// stored column. The rows must be current (every caller updates `rows` first).
  mutating func liveColumn(_ symbol: SymbolID) -> ColumnList {
    let index = Int(symbol)
    guard case .many(var column) = columns[index] else {
      // An entry kept inline is live: a column whose last row goes is cleared.
      return columns[index]
    }
    stampCounter &+= 1
    if stampCounter == 0 {
      for position in stamps.indices { stamps[position] = 0 }
      stampCounter = 1
    }
    // Compacts in place: the column is moved out so that it is uniquely referenced.
    columns[index] = .none
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
    columnLive[index] = Int32(kept)
    switch kept {
    case 0:
      columns[index] = .none
    case 1:
      columns[index] = .one(column[0])
    default:
      column.removeLast(column.count - kept)
      columns[index] = .many(column)
    }
    return columns[index]
  }

  /// Whether any row contains `symbol`.
  func isInAnyRow(_ symbol: SymbolID) -> Bool {
    columnLive[Int(symbol)] > 0
  }
}

extension Tableau {
  /// What the rows and columns hold and the room they take, in elements (for tests and
  /// measurements of the storage).
  func storageStatistics() -> (rows: Int, cells: Int, cellCapacity: Int, columns: Int, entries: Int, live: Int, entryCapacity: Int) {
    var result = (rows: 0, cells: 0, cellCapacity: 0, columns: 0, entries: 0, live: 0, entryCapacity: 0)
    for row in rows {
      guard let row else { continue }
      result.rows += 1
      result.cells += row.cells.count
      result.cellCapacity += row.cells.capacity
    }
    for index in columns.indices where columns[index].count > 0 {
      result.columns += 1
      result.entries += columns[index].count
      result.live += Int(columnLive[index])
      result.entryCapacity += columns[index].capacity
    }
    return result
  }
}
