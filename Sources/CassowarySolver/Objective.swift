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
      coefficients.append(
        contentsOf: repeatElement(0, count: index + 1 - coefficients.count + coefficients.count / 2))
    }
    coefficients[index] = value
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

  var isEmpty: Bool { heap.isEmpty }

  /// Empties the heap, keeping its storage for the next expansion.
  mutating func removeAll() {
    heap.removeAll(keepingCapacity: true)
  }

  // The same binary heap as `heapPush` and `heapPop` (the same order of keys, which are
  // totally ordered), moving a hole instead of swapping, in the buffer: an expansion along
  // a chain of definitions pops once per definition, with many rows pending.
  mutating func insert(_ rank: Int, _ symbol: SymbolID) {
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

  mutating func popMax() -> SymbolID? {
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
