/// The objective of one priority level: the sum of the error variables of the optional
/// constraints at that priority, written over the parametric symbols.
///
/// `value = constant + Σ coefficients[s] · s`. Coefficients are kept densely by symbol id,
/// for lookups without hashing; levels are few (one per distinct priority in use).
struct ObjectiveLevel {
  /// The priority of the level, in (0, 1000).
  var priority: Double
  /// The reduced costs of the parametric symbols at this level, by symbol id (0 beyond).
  private(set) var coefficients: [Double] = []
  /// The current total error at this level.
  var constant: Double = 0
  /// How many optional constraints (and edits) use this level.
  var members: Int = 0

  init(priority: Double) {
    self.priority = priority
  }

  @inline(__always)
  func coefficient(of symbol: SymbolID) -> Double {
    let index = Int(symbol)
    return index < coefficients.count ? coefficients[index] : 0
  }

  @inline(__always)
  mutating func setCoefficient(_ symbol: SymbolID, _ value: Double) {
    let index = Int(symbol)
    if index >= coefficients.count {
      if value == 0 { return }
      grow(toHold: index)
    }
    coefficients[index] = value
  }

  /// Room for the symbols the tableau has reserved (`Tableau.reserveCapacity`), not more: a
  /// level holds a coefficient for every symbol below the largest it has seen, so the room
  /// of doublings would be up to as much again, 8 bytes a symbol a level.
  mutating func reserveSymbols(_ symbols: Int) {
    coefficients.reserveCapacity(symbols)
  }

  /// Extends the coefficients with zeros past `index`: by half their count again, within the
  /// room reserved when `index` is in it, and beyond it in room of exactly that size (an
  /// append past the room would double it).
  @inline(never)
  private mutating func grow(toHold index: Int) {
    let capacity = coefficients.capacity
    var count = index + 1 + coefficients.count / 2
    if index < capacity { count = min(count, capacity) }
    if count > capacity { coefficients.reserveCapacity(count) }
    coefficients.append(contentsOf: repeatElement(0, count: count - coefficients.count))
  }

  /// Adds `factor · cells` to the coefficients, each exactly as `setCoefficient(symbol,
  /// Tolerance.coefficientSum(old, coefficient · factor))` would, in the order of the cells;
  /// `visit(symbol, old)` sees each symbol's coefficient before its change. One access to the
  /// storage for the whole row (the objective's share of a pivot).
  @inline(__always)
  mutating func addCells(
    _ cells: UnsafeBufferPointer<Cell>, factor: Double, _ visit: (SymbolID, Double) -> Void
  ) {
    for cell in cells {
      let index = Int(cell.symbol)
      let old = index < coefficients.count ? coefficients[index] : 0
      visit(cell.symbol, old)
      setCoefficient(cell.symbol, Tolerance.coefficientSum(old, cell.coefficient * factor))
    }
  }

  /// The nonzero coefficients, by increasing symbol id.
  var nonzeroCells: [Cell] {
    var cells: [Cell] = []
    for (index, value) in coefficients.enumerated() where value != 0 {
      cells.append(Cell(symbol: SymbolID(index), coefficient: value))
    }
    return cells
  }
}

/// The single-level objective of an auxiliary LP (the artificial phase of `add`, or an
/// extreme of the optimal face). Sparse: it only ever holds one row's worth of symbols.
struct AuxiliaryObjective {
  var coefficients: [SymbolID: Double] = [:]
  var constant: Double = 0

  @inline(__always)
  func coefficient(of symbol: SymbolID) -> Double {
    coefficients[symbol] ?? 0
  }
}

/// A binary min-heap of symbol ids with a membership flag, so that a symbol is queued once.
///
/// Used for the symbols whose reduced costs changed (entering candidates, taken smallest
/// id first as in Bland's rule) and for the rows that became infeasible.
struct SymbolHeap {
  private var heap: [SymbolID] = []
  private var queued: [Bool] = []

  var isEmpty: Bool { heap.isEmpty }
  var count: Int { heap.count }

  mutating func insert(_ symbol: SymbolID) {
    let index = Int(symbol)
    if index >= queued.count {
      queued.append(contentsOf: repeatElement(false, count: max(index + 1 - queued.count, queued.count)))
    }
    if queued[index] { return }
    queued[index] = true
    heapPush(&heap, symbol, by: <)
  }

  mutating func popMin() -> SymbolID? {
    guard let first = heapPop(&heap, by: <) else { return nil }
    queued[Int(first)] = false
    return first
  }

  mutating func removeAll() {
    for symbol in heap { queued[Int(symbol)] = false }
    heap.removeAll(keepingCapacity: true)
  }
}

/// A binary max-heap of (rank, symbol) pairs, for expanding definition rows newest first.
struct RankHeap {
  private var heap: [(rank: Int, symbol: SymbolID)] = []
  /// While no two pending symbols share a rank (ranks of definition rows are distinct), the
  /// pending set is a bit per rank below `bound` and the symbol of each: popping the
  /// highest rank costs a scan down to the next set bit instead of a sift through the heap,
  /// which holds every pending row of a long chain. A shared rank, or one out of bounds,
  /// moves everything to the heap. Either pops the same keys in the same order (the
  /// heap's order, rank then symbol, both descending): a symbol inserted again while
  /// pending is one key in the bits and two equal keys in the heap, the second of which the
  /// expansion skips.
  private var bits: [UInt64] = []
  private var slots: [SymbolID] = []
  private var bound = 0
  private var top = -1
  private var count = 0
  private var usesHeap = true

  var isEmpty: Bool { usesHeap ? heap.isEmpty : count == 0 }

  /// Empties the heap, keeping its storage for the next expansion; ranks below `rankBound`
  /// are kept as bits.
  mutating func removeAll(rankBound: Int = 0) {
    heap.removeAll(keepingCapacity: true)
    if count != 0 {
      for index in bits.indices { bits[index] = 0 }
    }
    count = 0
    top = -1
    bound = max(rankBound, 0)
    usesHeap = bound == 0
    if !usesHeap {
      let words = (bound + 63) >> 6
      if bits.count < words { bits.append(contentsOf: repeatElement(0, count: words - bits.count)) }
      if slots.count < bound { slots.append(contentsOf: repeatElement(0, count: bound - slots.count)) }
    }
  }

  mutating func insert(_ rank: Int, _ symbol: SymbolID) {
    if !usesHeap {
      if rank >= 0 && rank < bound {
        let word = rank >> 6
        let bit = UInt64(1) << UInt64(rank & 63)
        if bits[word] & bit == 0 {
          bits[word] |= bit
          slots[rank] = symbol
          count += 1
          if word > top { top = word }
          return
        }
        if slots[rank] == symbol { return }
      }
      moveToHeap()
    }
    pushOnHeap(rank, symbol)
  }

  mutating func popMax() -> SymbolID? {
    if usesHeap { return popFromHeap() }
    guard count > 0 else { return nil }
    while top >= 0 && bits[top] == 0 { top -= 1 }
    guard top >= 0 else { return nil }
    let bit = 63 - bits[top].leadingZeroBitCount
    bits[top] &= ~(UInt64(1) << UInt64(bit))
    count -= 1
    return slots[top << 6 | bit]
  }

  /// Puts every pending symbol of the bits on the heap, and uses the heap from now on.
  private mutating func moveToHeap() {
    usesHeap = true
    var word = top
    while word >= 0 && count > 0 {
      while bits[word] != 0 {
        let bit = 63 - bits[word].leadingZeroBitCount
        bits[word] &= ~(UInt64(1) << UInt64(bit))
        count -= 1
        let rank = word << 6 | bit
        pushOnHeap(rank, slots[rank])
      }
      word -= 1
    }
    count = 0
    top = -1
  }

  // The same binary heap as `heapPush` and `heapPop` (the same order of keys, which are
  // totally ordered), moving a hole instead of swapping, in the buffer.
  private mutating func pushOnHeap(_ rank: Int, _ symbol: SymbolID) {
    heap.append((rank, symbol))
    heap.withUnsafeMutableBufferPointer { buffer in
      let item = (rank: rank, symbol: symbol)
      var child = buffer.count - 1
      while child > 0 {
        let parent = (child - 1) >> 1
        if !Self.before(item, buffer[parent]) { break }
        buffer[child] = buffer[parent]
        child = parent
      }
      buffer[child] = item
    }
  }

  private mutating func popFromHeap() -> SymbolID? {
    guard let first = heap.first else { return nil }
    let last = heap.removeLast()
    guard !heap.isEmpty else { return first.symbol }
    heap.withUnsafeMutableBufferPointer { buffer in
      let count = buffer.count
      var parent = 0
      while true {
        let left = 2 * parent + 1
        if left >= count { break }
        var best = left
        if left + 1 < count && Self.before(buffer[left + 1], buffer[left]) { best = left + 1 }
        if !Self.before(buffer[best], last) { break }
        buffer[parent] = buffer[best]
        parent = best
      }
      buffer[parent] = last
    }
    return first.symbol
  }

  @inline(__always)
  private static func before(_ a: (rank: Int, symbol: SymbolID), _ b: (rank: Int, symbol: SymbolID)) -> Bool {
    a.rank != b.rank ? a.rank > b.rank : a.symbol > b.symbol
  }
}

/// Adds `element` to the binary heap `heap`, whose first element is the one `before` puts first.
@inline(__always)
func heapPush<Element>(_ heap: inout [Element], _ element: Element, by before: (Element, Element) -> Bool) {
  heap.append(element)
  var child = heap.count - 1
  while child > 0 {
    let parent = (child - 1) >> 1
    if !before(heap[child], heap[parent]) { break }
    heap.swapAt(parent, child)
    child = parent
  }
}

/// Removes and returns the first element of the binary heap `heap` (nil when empty).
@inline(__always)
func heapPop<Element>(_ heap: inout [Element], by before: (Element, Element) -> Bool) -> Element? {
  guard let first = heap.first else { return nil }
  let last = heap.removeLast()
  guard !heap.isEmpty else { return first }
  heap[0] = last
  var parent = 0
  let count = heap.count
  while true {
    let left = 2 * parent + 1
    if left >= count { break }
    var best = left
    if left + 1 < count && before(heap[left + 1], heap[left]) { best = left + 1 }
    if !before(heap[best], heap[parent]) { break }
    heap.swapAt(parent, best)
    parent = best
  }
  return first
}
