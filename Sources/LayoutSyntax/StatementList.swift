// The top-level statements of a file, kept so that an edit costs what it changes.

/// The top-level statements of a file, in order: a collection of `Statement` whose
/// statements are stored in chunks, each with an offset that is added to every range of its
/// statements when one is read.
///
/// An edit (`replacing(_:with:shiftingFollowingBy:)`) builds again only the chunks that hold
/// the statements it replaced, and moves every later chunk by adding the edit's length change
/// to its offset: the statements after an edit are neither copied nor rewritten, and the
/// version before the edit shares every chunk it did not touch. A statement read from a chunk
/// with an offset is moved then (`Statement.moved(by:)`), so reading the whole list after
/// edits costs what moving it would have; the edit itself, and reading the statements around
/// it, cost the size of a chunk and the number of chunks.
public struct StatementList: RandomAccessCollection, Sendable {
  /// How many statements a chunk holds when a list is built from an array.
  static let chunkSize = 64

  struct Chunk: Sendable {
    /// The statements as parsed; their ranges are `shift` bytes before where they are now.
    var statements: [Statement]
    var shift: Int
    /// The positions in `statements` of those that may be about left and right
    /// (`Statement.mayUseLeftOrRight`).
    var leftOrRight: [Int]

    init(_ statements: [Statement], shift: Int = 0) {
      self.statements = statements
      self.shift = shift
      leftOrRight = statements.indices.filter { statements[$0].mayUseLeftOrRight }
    }

    func statement(at position: Int) -> Statement {
      shift == 0 ? statements[position] : statements[position].moved(by: TextChange.shift(by: shift))
    }

    /// The statements in `positions`, each where it is now.
    func current(_ positions: Range<Int>) -> [Statement] {
      if shift == 0 { return Array(statements[positions]) }
      let change = TextChange.shift(by: shift)
      return statements[positions].map { $0.moved(by: change) }
    }
  }

  private var chunks: [Chunk]
  /// The position in the list of each chunk's first statement.
  private var chunkStarts: [Int]
  public private(set) var count: Int

  public init() {
    chunks = []
    chunkStarts = []
    count = 0
  }

  public init(_ statements: [Statement]) {
    self.init()
    append(chunksOf: statements)
  }

  private mutating func append(chunksOf statements: [Statement]) {
    guard !statements.isEmpty else { return }
    // Pieces of about equal size, none larger than `chunkSize`.
    let pieces = (statements.count + Self.chunkSize - 1) / Self.chunkSize
    for piece in 0..<pieces {
      let low = statements.count * piece / pieces
      let high = statements.count * (piece + 1) / pieces
      append(Chunk(Array(statements[low..<high])))
    }
  }

  private mutating func append(_ chunk: Chunk) {
    guard !chunk.statements.isEmpty else { return }
    chunks.append(chunk)
    chunkStarts.append(count)
    count += chunk.statements.count
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  /// The chunk that holds the statement at `index` (`0..<count`).
  private func chunkIndex(of index: Int) -> Int {
    chunkStarts.withUnsafeBufferPointer { starts in
      // A binary search written out, compiled for `[Int]` (a call through a generic
      // collection costs more than the rest of a read).
      var low = 0
      var high = starts.count
      while high - low > 1 {
        let middle = (low + high) / 2
        if starts[middle] <= index { low = middle } else { high = middle }
      }
      return low
    }
  }

  public subscript(index: Int) -> Statement {
    let chunk = chunkIndex(of: index)
    return chunks[chunk].statement(at: index - chunkStarts[chunk])
  }

  /// The range of the statement at `index`, without moving the rest of it.
  public func range(at index: Int) -> SourceRange {
    let chunk = chunkIndex(of: index)
    let range = chunks[chunk].statements[index - chunkStarts[chunk]].range
    let shift = chunks[chunk].shift
    return SourceRange(start: range.start + shift, end: range.end + shift)
  }

  /// The first index at or after `from` whose statement does not start before `offset`
  /// (binary search by the statements' starts, which are in order).
  public func firstIndex(startingAtOrAfter offset: Int, from: Int = 0) -> Int {
    var low = Swift.max(from, 0)
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if range(at: middle).start < offset { low = middle + 1 } else { high = middle }
    }
    return low
  }

  public struct Iterator: IteratorProtocol {
    let chunks: [Chunk]
    var chunk = 0
    var position = 0

    public mutating func next() -> Statement? {
      while chunk < chunks.count {
        if position < chunks[chunk].statements.count {
          defer { position += 1 }
          return chunks[chunk].statement(at: position)
        }
        chunk += 1
        position = 0
      }
      return nil
    }
  }

  public func makeIterator() -> Iterator { Iterator(chunks: chunks) }

  /// Every statement, each where it is now.
  public var array: [Statement] {
    var result: [Statement] = []
    result.reserveCapacity(count)
    for chunk in chunks { result += chunk.current(0..<chunk.statements.count) }
    return result
  }

  /// The statements that may be about left and right (`Statement.mayUseLeftOrRight`: views
  /// with a body, constraints with a side left or right, visual formats with options), in
  /// order; the others are not read.
  public var mayUseLeftOrRight: [Statement] {
    var result: [Statement] = []
    for chunk in chunks where !chunk.leftOrRight.isEmpty {
      for position in chunk.leftOrRight { result.append(chunk.statement(at: position)) }
    }
    return result
  }

  /// The list with the statements at `replaced` replaced by `statements` (ranges of the new
  /// text), and every statement after them moved by `delta` bytes (all of their ranges are
  /// after the edit, which moved the text after it by `delta`). Only the chunks that hold the
  /// replaced statements are built again (with a following one when they would be small);
  /// later chunks keep their statements and change only their offset.
  public func replacing(_ replaced: Range<Int>, with statements: [Statement], shiftingFollowingBy delta: Int)
    -> StatementList
  {
    let lower = Swift.min(Swift.max(replaced.lowerBound, 0), count)
    let upper = Swift.min(Swift.max(replaced.upperBound, lower), count)
    if chunks.isEmpty { return StatementList(statements) }
    // The chunks from the one holding `lower` (the last one when `lower` is the end) through
    // the one holding the last replaced statement.
    let firstChunk = lower == count ? chunks.count - 1 : chunkIndex(of: lower)
    var lastChunk = upper > lower ? chunkIndex(of: upper - 1) : firstChunk
    var rebuilt: [Statement] = chunks[firstChunk].current(0..<(lower - chunkStarts[firstChunk]))
    rebuilt += statements
    func appendAfter(_ chunk: Int, from position: Int) {
      let shift = chunks[chunk].shift + delta
      let kept = chunks[chunk].statements[position...]
      if shift == 0 {
        rebuilt.append(contentsOf: kept)
      } else {
        let change = TextChange.shift(by: shift)
        for statement in kept { rebuilt.append(statement.moved(by: change)) }
      }
    }
    appendAfter(lastChunk, from: Swift.max(upper - chunkStarts[lastChunk], 0))
    // Small pieces join the next chunk, so that edits that remove statements do not leave
    // many small chunks behind.
    while rebuilt.count < Self.chunkSize / 2, lastChunk + 1 < chunks.count {
      lastChunk += 1
      appendAfter(lastChunk, from: 0)
    }
    var result = StatementList()
    result.chunks.reserveCapacity(chunks.count + rebuilt.count / Self.chunkSize + 1)
    result.chunkStarts.reserveCapacity(chunks.count + rebuilt.count / Self.chunkSize + 1)
    for chunk in chunks[0..<firstChunk] { result.append(chunk) }
    result.append(chunksOf: rebuilt)
    for index in (lastChunk + 1)..<chunks.count {
      var chunk = chunks[index]
      chunk.shift += delta
      result.append(chunk)
    }
    return result
  }
}

extension TextChange {
  /// The change that moves every offset (of at least `-delta`) by `delta`.
  public static func shift(by delta: Int) -> TextChange {
    delta >= 0 ? TextChange(start: 0, oldEnd: 0, newEnd: delta) : TextChange(start: 0, oldEnd: -delta, newEnd: 0)
  }
}

extension Statement {
  /// Whether the statement may be about left and right, which right-to-left languages do not
  /// mirror: a view with a body (its statements may be), a constraint with a side left or
  /// right (or their margins), a visual format with options. A statement for which this is
  /// false is about neither.
  public var mayUseLeftOrRight: Bool {
    switch self {
    case .view(let declaration): !declaration.body.isEmpty
    case .constraint(let constraint):
      constraint.first.attribute.isLeftOrRight || (constraint.second?.attribute.isLeftOrRight ?? false)
    case .visualFormat(let format): !format.options.isEmpty
    case .canvas, .direction, .spacing, .metric, .when: false
    }
  }
}

extension LayoutAttribute {
  /// Left, right, or their margins.
  public var isLeftOrRight: Bool {
    switch self {
    case .left, .right, .leftMargin, .rightMargin: true
    default: false
    }
  }
}
