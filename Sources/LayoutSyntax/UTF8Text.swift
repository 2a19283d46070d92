// Counting UTF-16 code units in UTF-8 bytes, for the line tables of the command line and of
// the language server (which cut the text into lines differently, but count columns alike).

/// Column arithmetic on UTF-8 bytes that may be malformed: a malformed sequence counts as a
/// single byte worth one unit, as a decoder that replaces it with U+FFFD would count it.
public enum UTF8Text {
  /// The byte length of the scalar at `offset` (not reaching past `limit`) and how many UTF-16
  /// units it takes.
  public static func scalarExtent(in bytes: [UInt8], at offset: Int, limit: Int) -> (length: Int, utf16Units: Int) {
    guard offset >= 0, offset < bytes.count else { return (1, 1) }
    let lead = bytes[offset]
    let length: Int
    switch lead {
    case 0x00..<0x80: return (1, 1)
    case 0xC2..<0xE0: length = 2
    case 0xE0..<0xF0: length = 3
    case 0xF0..<0xF5: length = 4
    default: return (1, 1)
    }
    guard offset + length <= limit, offset + length <= bytes.count else { return (1, 1) }
    for index in 1..<length where bytes[offset + index] & 0xC0 != 0x80 {
      return (1, 1)
    }
    return (length, length == 4 ? 2 : 1)
  }

  /// The number of UTF-16 code units the bytes `start..<end` decode to.
  public static func utf16Length(of bytes: [UInt8], from start: Int, to end: Int) -> Int {
    var offset = max(start, 0)
    let limit = min(end, bytes.count)
    var units = 0
    while offset < limit {
      let (length, width) = scalarExtent(in: bytes, at: offset, limit: limit)
      units += width
      offset += length
    }
    return units
  }

  /// The offset `column` units into `range`, counting UTF-16 units (or bytes, by whole
  /// characters, when `countingBytes`); a column inside a character resolves to its start,
  /// and one past the end to the range's end.
  public static func offset(ofColumn column: Int, in bytes: [UInt8], range: SourceRange, countingBytes: Bool = false)
    -> Int
  {
    var offset = range.start
    var units = 0
    while offset < range.end {
      let (length, width) = scalarExtent(in: bytes, at: offset, limit: range.end)
      let unitWidth = countingBytes ? length : width
      if units + unitWidth > column { break }
      units += unitWidth
      offset += length
    }
    return offset
  }
}
