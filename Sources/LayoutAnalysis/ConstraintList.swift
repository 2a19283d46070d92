import LayoutSyntax

/// A model's constraints, in order: a collection of `LayoutConstraint` stored in chunks,
/// each with an offset that is added to the constraints' ranges when one is read, as
/// `StatementList` keeps a file's statements.
///
/// An edit that lowers only the statements it replaced (`replacing(_:with:shiftingFollowingBy:)`)
/// builds again the chunks that held their constraints and moves every later chunk by its
/// offset: the constraints after the edit are neither copied nor rewritten, and the version
/// before the edit shares every chunk it did not touch. A list built by appending has chunks
/// of one size, found by division; after edits a chunk is found by binary search.
public struct ConstraintList: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
  ExpressibleByArrayLiteral, Sendable
{
  /// How many constraints a chunk holds when a list is built.
  static let chunkSize = 256

  struct Chunk: Sendable {
    /// The constraints; their ranges are `shift` bytes before where they are now.
    var constraints: [LayoutConstraint]
    var shift: Int

    func constraint(at position: Int) -> LayoutConstraint {
      guard shift != 0 else { return constraints[position] }
      var moved = constraints[position]
      moved.move(by: TextChange.shift(by: shift))
      return moved
    }
  }

  private var chunks: [Chunk] = []
  /// The position in the list of each chunk's first constraint.
  private var chunkStarts: [Int] = []
  public private(set) var count = 0
  /// Whether every chunk but the last holds `chunkSize` constraints (chunk = index / size).
  private var uniform = true

  public init() {}

  public init(_ constraints: some Sequence<LayoutConstraint>) {
    append(contentsOf: constraints)
  }

  public init(arrayLiteral elements: LayoutConstraint...) {
    self.init(elements)
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  /// The chunk that holds the constraint at `index` (`0..<count`).
  @inline(__always) private func chunkIndex(of index: Int) -> Int {
    uniform ? index / Self.chunkSize : Self.lastStart(atOrBefore: index, in: chunkStarts)
  }

  /// The position of the last element of `starts` (ascending, the first 0) that is at most
  /// `index`: a binary search written out, so that it is compiled for `[Int]` and inlined
  /// (a call through a generic collection costs more than the rest of a read).
  @inline(__always) static func lastStart(atOrBefore index: Int, in starts: [Int]) -> Int {
    starts.withUnsafeBufferPointer { starts in
      var low = 0
      var high = starts.count
      while high - low > 1 {
        let middle = (low + high) / 2
        if starts[middle] <= index { low = middle } else { high = middle }
      }
      return low
    }
  }

  public subscript(index: Int) -> LayoutConstraint {
    get {
      let chunk = chunkIndex(of: index)
      return chunks[chunk].constraint(at: index - chunkStarts[chunk])
    }
    set {
      let chunk = chunkIndex(of: index)
      var stored = newValue
      if chunks[chunk].shift != 0 { stored.move(by: TextChange.shift(by: -chunks[chunk].shift)) }
      chunks[chunk].constraints[index - chunkStarts[chunk]] = stored
    }
  }

  public struct Iterator: IteratorProtocol {
    let chunks: [Chunk]
    var chunk = 0
    var position = 0

    public mutating func next() -> LayoutConstraint? {
      while chunk < chunks.count {
        if position < chunks[chunk].constraints.count {
          defer { position += 1 }
          return chunks[chunk].constraint(at: position)
        }
        chunk += 1
        position = 0
      }
      return nil
    }
  }

  public func makeIterator() -> Iterator { Iterator(chunks: chunks) }

  /// Every constraint, each where it is now.
  public var array: [LayoutConstraint] { Array(self) }

  /// The constraints the chunks have room for: at most a chunk's worth more than `count` after a
  /// build (only the last chunk appended to has room left), and chunks rebuilt by an edit are
  /// made at their size.
  public var capacity: Int { chunks.reduce(0) { $0 + $1.constraints.capacity } }

  /// The chunks as stored, each with the position in the list of its first constraint, their
  /// ranges not moved to where they are now: for passes that read anything but ranges
  /// (numbers, relations, items), which then neither search nor move.
  public var storedChunks: [(start: Int, constraints: [LayoutConstraint])] {
    zip(chunkStarts, chunks).map { ($0, $1.constraints) }
  }

  public mutating func append(_ constraint: LayoutConstraint) {
    if let last = chunks.indices.last, chunks[last].shift == 0, chunks[last].constraints.count < Self.chunkSize {
      chunks[last].constraints.append(constraint)
    } else {
      if let last = chunks.last, last.constraints.count != Self.chunkSize { uniform = false }
      chunks.append(Chunk(constraints: [constraint], shift: 0))
      chunks[chunks.count - 1].constraints.reserveCapacity(Self.chunkSize)
      chunkStarts.append(count)
    }
    count += 1
  }

  public mutating func append(contentsOf constraints: some Sequence<LayoutConstraint>) {
    for constraint in constraints { append(constraint) }
  }

  /// Replaces constraints by building the list again (for building models; an edit of a
  /// document uses `replacing(_:with:shiftingFollowingBy:)`).
  public mutating func replaceSubrange<C: Collection<LayoutConstraint>>(_ subrange: Range<Int>, with new: C) {
    var all = array
    all.replaceSubrange(subrange, with: new)
    self = ConstraintList(all)
  }

  /// The list with the constraints at `replaced` replaced by `constraints` (ranges of the new
  /// text), and every constraint after them moved by `delta` bytes (all of their ranges are
  /// after the edit). Only the chunks that held the replaced constraints are built again
  /// (with a following one when they would be small); later chunks change only their offset.
  func replacing(_ replaced: Range<Int>, with constraints: [LayoutConstraint], shiftingFollowingBy delta: Int)
    -> ConstraintList
  {
    let lower = Swift.min(Swift.max(replaced.lowerBound, 0), count)
    let upper = Swift.min(Swift.max(replaced.upperBound, lower), count)
    guard !chunks.isEmpty else { return ConstraintList(constraints) }
    let firstChunk = lower == count ? chunks.count - 1 : chunkIndex(of: lower)
    var lastChunk = upper > lower ? chunkIndex(of: upper - 1) : firstChunk
    var rebuilt: [LayoutConstraint] = []
    rebuilt.reserveCapacity(Self.chunkSize * 2)
    for position in 0..<(lower - chunkStarts[firstChunk]) { rebuilt.append(chunks[firstChunk].constraint(at: position)) }
    rebuilt += constraints
    func appendAfter(_ chunk: Int, from position: Int) {
      let shift = chunks[chunk].shift + delta
      let change = TextChange.shift(by: shift)
      for var constraint in chunks[chunk].constraints[position...] {
        if shift != 0 { constraint.move(by: change) }
        rebuilt.append(constraint)
      }
    }
    appendAfter(lastChunk, from: Swift.max(upper - chunkStarts[lastChunk], 0))
    while rebuilt.count < Self.chunkSize / 2, lastChunk + 1 < chunks.count {
      lastChunk += 1
      appendAfter(lastChunk, from: 0)
    }
    var result = ConstraintList()
    result.uniform = false
    result.chunks.reserveCapacity(chunks.count + rebuilt.count / Self.chunkSize + 1)
    result.chunkStarts.reserveCapacity(chunks.count + rebuilt.count / Self.chunkSize + 1)
    func add(_ chunk: Chunk) {
      guard !chunk.constraints.isEmpty else { return }
      result.chunks.append(chunk)
      result.chunkStarts.append(result.count)
      result.count += chunk.constraints.count
    }
    for chunk in chunks[0..<firstChunk] { add(chunk) }
    if !rebuilt.isEmpty {
      let pieces = (rebuilt.count + Self.chunkSize - 1) / Self.chunkSize
      for piece in 0..<pieces {
        let low = rebuilt.count * piece / pieces
        let high = rebuilt.count * (piece + 1) / pieces
        add(Chunk(constraints: Array(rebuilt[low..<high]), shift: 0))
      }
    }
    for index in (lastChunk + 1)..<chunks.count {
      var chunk = chunks[index]
      chunk.shift += delta
      add(chunk)
    }
    return result
  }
}

extension ConstraintList: Equatable {
  public static func == (lhs: ConstraintList, rhs: ConstraintList) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }
}
