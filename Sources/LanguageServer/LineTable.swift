import LayoutSyntax

/// How the columns of protocol positions are counted, as negotiated in `initialize`.
public enum PositionEncoding: String, Sendable, Hashable {
  /// UTF-8 bytes: what Plumb's ranges are in, offered by Neovim, Helix, Zed and Emacs.
  case utf8 = "utf-8"
  /// UTF-16 code units: the protocol's default, which every client supports.
  case utf16 = "utf-16"
}

/// A position in the protocol's terms: a 0-based line and a 0-based column in the
/// negotiated encoding.
public struct ProtocolPosition: Hashable, Sendable {
  public var line: Int
  public var character: Int

  public init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }
}

/// Converts between the byte offsets of a document and protocol positions.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`, as the protocol says, so a position never
/// falls between the `\r` and the `\n` of a line ending. Positions from the client are
/// clamped, never trapped on: a line past the end means the end of the document, a column
/// past the end of its line means the end of the line, and a column inside a character
/// (half of a surrogate pair, the middle of a UTF-8 sequence) means the start of it.
/// Invalid UTF-8 bytes count as one unit each, as a decoder replacing them would count them.
public struct LineTable: Sendable {
  public let bytes: [UInt8]
  /// The offset at which each line starts; the first is 0.
  public let lineStarts: [Int]
  /// The offset at which each line's content ends (before its line ending).
  public let lineEnds: [Int]

  public init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var starts = [0]
    var ends: [Int] = []
    var offset = 0
    let count = bytes.count
    while offset < count {
      let byte = bytes[offset]
      if byte == 0x0A {
        ends.append(offset)
        starts.append(offset + 1)
      } else if byte == 0x0D {
        ends.append(offset)
        if offset + 1 < count, bytes[offset + 1] == 0x0A { offset += 1 }
        starts.append(offset + 1)
      }
      offset += 1
    }
    ends.append(count)
    lineStarts = starts
    lineEnds = ends
  }

  public var lineCount: Int { lineStarts.count }

  /// The 0-based line containing `offset` (clamped to the text).
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

  /// The byte range of a line's content, without its ending; empty at the end for a bad line.
  public func contentRange(ofLine line: Int) -> SourceRange {
    guard line >= 0, line < lineStarts.count else { return SourceRange(at: bytes.count) }
    return SourceRange(start: lineStarts[line], end: lineEnds[line])
  }

  /// The protocol position of a byte offset.
  public func position(of offset: Int, encoding: PositionEncoding) -> ProtocolPosition {
    let clamped = min(max(offset, 0), bytes.count)
    let line = line(containing: clamped)
    let content = contentRange(ofLine: line)
    let end = min(clamped, content.end)
    switch encoding {
    case .utf8: return ProtocolPosition(line: line, character: end - content.start)
    case .utf16: return ProtocolPosition(line: line, character: utf16Length(from: content.start, to: end))
    }
  }

  /// The byte offset of a protocol position, clamped as described above.
  public func offset(of position: ProtocolPosition, encoding: PositionEncoding) -> Int {
    if position.line < 0 { return 0 }
    if position.line >= lineStarts.count { return bytes.count }
    let content = contentRange(ofLine: position.line)
    return UTF8Text.offset(
      ofColumn: max(position.character, 0), in: bytes, range: content, countingBytes: encoding == .utf8)
  }

  /// The number of UTF-16 code units the bytes `start..<end` decode to.
  public func utf16Length(from start: Int, to end: Int) -> Int {
    UTF8Text.utf16Length(of: bytes, from: start, to: end)
  }
}
