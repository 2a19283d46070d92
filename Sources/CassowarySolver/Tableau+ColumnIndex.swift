// The column index: for each symbol, the basic symbols whose rows contain it.

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
    for index in columns.indices where columns[index].capacity > 0 {
      result.columns += 1
      result.entries += columns[index].count
      result.live += Int(columnLive[index])
      result.entryCapacity += columns[index].capacity
    }
    return result
  }
}
