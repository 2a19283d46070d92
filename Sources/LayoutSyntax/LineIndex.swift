/// Converts between byte offsets and line/column positions of one text.
///
/// Lines end at `\n`; a `\r` before it belongs to the line ending, not to the line, so
/// CRLF files get the same columns as LF files. Columns can be counted in UTF-8 bytes
/// (the compiler convention of the text output) or in UTF-16 code units (the LSP and
/// JSON convention). Invalid UTF-8 bytes count as one unit each in both.
public struct LineIndex: Sendable {
  /// The bytes of the text.
  public let bytes: [UInt8]
  /// The byte offset at which each line starts; the first is always 0.
  public let lineStarts: [Int]

  public init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var starts = [0]
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(offset + 1)
    }
    lineStarts = starts
  }

  public init(_ text: String) {
    self.init(Array(text.utf8))
  }

  public var lineCount: Int { lineStarts.count }

  /// The 0-based line that contains `offset` (offsets past the end belong to the last line).
  public func line(containing offset: Int) -> Int {
    let clamped = min(max(offset, 0), bytes.count)
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The byte range of a line's content, without its `\n` or `\r\n` ending.
  public func contentRange(ofLine line: Int) -> SourceRange {
    guard line >= 0, line < lineStarts.count else { return SourceRange(at: bytes.count) }
    let start = lineStarts[line]
    var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return SourceRange(start: start, end: end)
  }

  /// The position of `offset` with its column in UTF-8 bytes.
  public func utf8Position(of offset: Int) -> LinePosition {
    let clamped = min(max(offset, 0), bytes.count)
    let line = line(containing: clamped)
    let content = contentRange(ofLine: line)
    return LinePosition(line: line, column: min(clamped, content.end) - content.start)
  }

  /// The position of `offset` with its column in UTF-16 code units.
  public func utf16Position(of offset: Int) -> LinePosition {
    let clamped = min(max(offset, 0), bytes.count)
    let line = line(containing: clamped)
    let content = contentRange(ofLine: line)
    return LinePosition(line: line, column: utf16Length(from: content.start, to: min(clamped, content.end)))
  }

  /// The byte offset of a position whose column is in UTF-8 bytes, clamped to the line.
  public func offset(ofUTF8 position: LinePosition) -> Int {
    if position.line < 0 { return 0 }
    if position.line >= lineStarts.count { return bytes.count }
    let content = contentRange(ofLine: position.line)
    return content.start + min(max(position.column, 0), content.length)
  }

  /// The byte offset of a position whose column is in UTF-16 code units, clamped to the line.
  ///
  /// A column that falls inside a character (between the two halves of a surrogate pair)
  /// resolves to the start of that character.
  public func offset(ofUTF16 position: LinePosition) -> Int {
    if position.line < 0 { return 0 }
    if position.line >= lineStarts.count { return bytes.count }
    let content = contentRange(ofLine: position.line)
    var offset = content.start
    var units = 0
    while offset < content.end {
      let (length, width) = scalarExtent(at: offset, limit: content.end)
      if units + width > position.column { break }
      units += width
      offset += length
    }
    return offset
  }

  /// The number of UTF-16 code units that the bytes `start..<end` decode to.
  public func utf16Length(from start: Int, to end: Int) -> Int {
    var offset = max(start, 0)
    let limit = min(end, bytes.count)
    var units = 0
    while offset < limit {
      let (length, width) = scalarExtent(at: offset, limit: limit)
      units += width
      offset += length
    }
    return units
  }

  /// The byte length of the scalar at `offset` and how many UTF-16 units it takes.
  ///
  /// A malformed sequence counts as a single byte worth one unit, as a decoder that
  /// replaces it with U+FFFD would count it.
  private func scalarExtent(at offset: Int, limit: Int) -> (length: Int, utf16Units: Int) {
    let lead = bytes[offset]
    let length: Int
    switch lead {
    case 0x00..<0x80: return (1, 1)
    case 0xC2..<0xE0: length = 2
    case 0xE0..<0xF0: length = 3
    case 0xF0..<0xF5: length = 4
    default: return (1, 1)
    }
    guard offset + length <= limit else { return (1, 1) }
    for index in 1..<length where bytes[offset + index] & 0xC0 != 0x80 {
      return (1, 1)
    }
    return (length, length == 4 ? 2 : 1)
  }
}
