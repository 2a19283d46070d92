/// A half-open range of UTF-8 byte offsets into a source text.
///
/// Every node of the syntax tree carries one, so that every diagnostic can point at
/// the exact text it is about. Offsets are bytes, not characters: the parser works on
/// raw bytes and so never fails on invalid UTF-8.
public struct SourceRange: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The offset of the first byte.
  public var start: Int
  /// The offset one past the last byte.
  public var end: Int

  public init(start: Int, end: Int) {
    self.start = start
    self.end = max(start, end)
  }

  /// An empty range at `offset`.
  public init(at offset: Int) {
    self.init(start: offset, end: offset)
  }

  public var length: Int { end - start }
  public var isEmpty: Bool { start == end }

  /// The smallest range that covers both ranges.
  public func union(_ other: SourceRange) -> SourceRange {
    SourceRange(start: min(start, other.start), end: max(end, other.end))
  }

  public func contains(_ offset: Int) -> Bool { offset >= start && offset < end }

  public static func < (lhs: SourceRange, rhs: SourceRange) -> Bool {
    (lhs.start, lhs.end) < (rhs.start, rhs.end)
  }

  public var description: String { "\(start)..<\(end)" }
}

/// A position as a person reads it: a 0-based line and a 0-based column.
///
/// The unit of `column` is whatever the producer says (UTF-8 bytes or UTF-16 code units);
/// `LineIndex` offers both.
public struct LinePosition: Hashable, Sendable, Comparable {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public static func < (lhs: LinePosition, rhs: LinePosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}
