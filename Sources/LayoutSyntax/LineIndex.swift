/// Where the lines of a text end.
public enum LineBreaks: Sendable, Hashable {
  /// Lines end at `\n`; a `\r` before it belongs to the line ending, so CRLF files get the
  /// same columns as LF files. The convention of compilers and of the command line's output.
  case newline
  /// Lines end at `\n`, `\r\n` or a lone `\r`, as the Language Server Protocol says, so a
  /// position never falls between the `\r` and the `\n` of a line ending.
  case newlineOrReturn
}

/// Converts between byte offsets and line/column positions of one text.
///
/// Columns can be counted in UTF-8 bytes (the compiler convention of the text output) or in
/// UTF-16 code units (the LSP and JSON convention). Invalid UTF-8 bytes count as one unit
/// each in both, as a decoder replacing them would count them. Positions are clamped, never
/// trapped on: a line past the end means the end of the text, a column past the end of its
/// line means the end of the line, and a column inside a character (half of a surrogate
/// pair, the middle of a UTF-8 sequence) means the start of it.
///
/// The command line and the language server share this table; they only cut lines
/// differently (`LineBreaks`). The server keeps one per open document and updates it with
/// each edit (`replace(_:with:)`), scanning only the lines the edit touches (the lines after it
/// move by the change in length).
public struct LineIndex: Sendable {
  /// The bytes of the text.
  public private(set) var bytes: [UInt8]
  public let breaks: LineBreaks
  /// The byte offset at which each line starts; the first is always 0.
  public private(set) var lineStarts: [Int]
  /// The byte offset at which each line's content ends, before its line ending.
  public private(set) var lineEnds: [Int]
  /// How many bytes of the text are not ASCII: with none, a UTF-16 column is the byte column,
  /// found without reading the line (a long line's columns would each read it from its start).
  private var nonASCIIBytes: Int

  public init(_ bytes: [UInt8], breaks: LineBreaks = .newline) {
    self.bytes = bytes
    self.breaks = breaks
    nonASCIIBytes = LineIndex.nonASCIICount(bytes[...])
    let (starts, ends) = LineIndex.scan(bytes, from: 0, to: bytes.count, breaks: breaks)
    lineStarts = [0] + starts
    lineEnds = ends + [LineIndex.lastLineEnd(bytes, breaks: breaks)]
  }

  public init(_ text: String, breaks: LineBreaks = .newline) {
    self.init(Array(text.utf8), breaks: breaks)
  }

  private static func nonASCIICount(_ bytes: ArraySlice<UInt8>) -> Int {
    bytes.reduce(0) { $0 + ($1 >= 0x80 ? 1 : 0) }
  }

  /// The starts and content ends of the lines that begin after each line break found in
  /// `start..<end`: every line break adds the end of the line it closes and the start of
  /// the next.
  private static func scan(_ bytes: [UInt8], from start: Int, to end: Int, breaks: LineBreaks)
    -> (starts: [Int], ends: [Int])
  {
    var starts: [Int] = []
    var ends: [Int] = []
    var offset = start
    let limit = min(end, bytes.count)
    while offset < limit {
      let byte = bytes[offset]
      if byte == 0x0A {
        let returnBefore = breaks == .newline && offset > 0 && bytes[offset - 1] == 0x0D
        ends.append(returnBefore ? offset - 1 : offset)
        starts.append(offset + 1)
      } else if byte == 0x0D, breaks == .newlineOrReturn {
        ends.append(offset)
        if offset + 1 < bytes.count, bytes[offset + 1] == 0x0A { offset += 1 }
        starts.append(offset + 1)
      }
      offset += 1
    }
    return (starts, ends)
  }

  /// Where the last line's content ends: the end of the text, but for a `\r` that ends it
  /// (which, cutting lines at `\n` only, belongs to no line's content either).
  private static func lastLineEnd(_ bytes: [UInt8], breaks: LineBreaks) -> Int {
    breaks == .newline && bytes.last == 0x0D ? bytes.count - 1 : bytes.count
  }

  public var lineCount: Int { lineStarts.count }

  /// The 0-based line that contains `offset` (offsets past the end belong to the last line).
  public func line(containing offset: Int) -> Int {
    let clamped = min(max(offset, 0), bytes.count)
    return max(lineStarts.partitionPoint { $0 <= clamped } - 1, 0)
  }

  /// The byte range of a line's content, without its ending; empty at the end for a bad line.
  public func contentRange(ofLine line: Int) -> SourceRange {
    guard line >= 0, line < lineStarts.count, line < lineEnds.count else { return SourceRange(at: bytes.count) }
    return SourceRange(start: lineStarts[line], end: lineEnds[line])
  }

  /// The position of `offset`, with its column in UTF-8 bytes or UTF-16 code units.
  public func position(of offset: Int, countingUTF16: Bool) -> LinePosition {
    let clamped = min(max(offset, 0), bytes.count)
    let line = line(containing: clamped)
    let content = contentRange(ofLine: line)
    let end = min(clamped, content.end)
    let column =
      countingUTF16 && nonASCIIBytes > 0 ? utf16Length(from: content.start, to: end) : end - content.start
    return LinePosition(line: line, column: column)
  }

  /// The position of `offset` with its column in UTF-8 bytes.
  public func utf8Position(of offset: Int) -> LinePosition { position(of: offset, countingUTF16: false) }

  /// The position of `offset` with its column in UTF-16 code units.
  public func utf16Position(of offset: Int) -> LinePosition { position(of: offset, countingUTF16: true) }

  /// The byte offset of a position, clamped as described above.
  public func offset(of position: LinePosition, countingUTF16: Bool) -> Int {
    if position.line < 0 { return 0 }
    if position.line >= lineStarts.count { return bytes.count }
    let content = contentRange(ofLine: position.line)
    return UTF8Text.offset(ofColumn: max(position.column, 0), in: bytes, range: content, countingBytes: !countingUTF16)
  }

  /// The number of UTF-16 code units that the bytes `start..<end` decode to.
  public func utf16Length(from start: Int, to end: Int) -> Int {
    UTF8Text.utf16Length(of: bytes, from: start, to: end)
  }

  // MARK: - Editing

  /// Replaces the bytes of `range` (clamped to the text) by `text`, and updates the lines in
  /// place: only the lines the edit touches are scanned again; the later ones move by the
  /// change in length.
  public mutating func replace(_ range: SourceRange, with text: [UInt8]) {
    let start = min(max(range.start, 0), bytes.count)
    let end = min(max(range.end, start), bytes.count)
    // (Lines found before `bytes` changes: the table still describes the old text.)
    // A line break can reach one byte either side of the edit (`\r` + `\n` joined or split),
    // so the lines from the one before the edit's line to the one after its end are redone.
    let firstLine = max(line(containing: start) - 1, 0)
    let keptFrom = min(line(containing: end) + 1, lineStarts.count - 1) + 1
    let delta = text.count - (end - start)
    nonASCIIBytes += LineIndex.nonASCIICount(text[...]) - LineIndex.nonASCIICount(bytes[start..<end])
    bytes.replaceSubrange(start..<end, with: text)
    let scanStart = lineStarts[firstLine]
    let keepsLines = keptFrom < lineStarts.count
    // Up to the start of the first line kept, which moves by `delta`.
    let scanEnd = keepsLines ? lineStarts[keptFrom] + delta : bytes.count
    var (starts, ends) = LineIndex.scan(bytes, from: scanStart, to: scanEnd, breaks: breaks)
    starts.insert(scanStart, at: 0)
    if keepsLines {
      // The scan ends on the line break before the kept line: its last start is that line's.
      starts.removeLast()
      if delta != 0 {
        for line in keptFrom..<lineStarts.count {
          lineStarts[line] += delta
          lineEnds[line] += delta
        }
      }
    } else {
      ends.append(LineIndex.lastLineEnd(bytes, breaks: breaks))
    }
    lineStarts.replaceSubrange(firstLine..<keptFrom, with: starts)
    lineEnds.replaceSubrange(firstLine..<keptFrom, with: ends)
  }
}
