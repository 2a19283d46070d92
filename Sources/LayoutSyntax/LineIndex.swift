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
    return UTF8Text.offset(ofColumn: position.column, in: bytes, range: content)
  }

  /// The number of UTF-16 code units that the bytes `start..<end` decode to.
  public func utf16Length(from start: Int, to end: Int) -> Int {
    UTF8Text.utf16Length(of: bytes, from: start, to: end)
  }
}
