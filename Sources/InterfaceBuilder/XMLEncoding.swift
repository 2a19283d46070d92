import LayoutSyntax

/// The text of an Interface Builder file as UTF-8, before Foundation's XML parser sees it.
///
/// Foundation's parser on Linux traps (a force unwrap in its callbacks) on an element or
/// attribute name, an end tag, a namespace prefix, a comment, a processing instruction's target
/// or an entity reference that is not valid UTF-8; libxml2 decodes UTF-16 itself, but the
/// reader's scans of the markup (`TagScanner`, `XMLElementIndex`) read ASCII bytes, and UTF-32
/// it does not read at all. So the bytes are decoded here first:
///
/// - UTF-16 and UTF-32, little- or big-endian, found by their byte-order mark or by the
///   first characters' pattern of zero bytes (`<\0?\0`, XML 1.0 appendix F), are transcoded to
///   UTF-8 and the byte-order mark dropped: the document's bytes, every range and every
///   line and column, are then those of the file saved as UTF-8.
/// - Bytes that are valid UTF-8 are read as they are, whatever the declaration says (a text
///   an editor sends is UTF-8 even when its declaration still names the encoding of the file
///   on disk), except that a declaration naming an encoding whose bytes differ from UTF-8's
///   beyond ASCII (anything but UTF-8, US-ASCII, ISO-8859-1, windows-1252, UTF-16 and UTF-32)
///   on a text that is not all ASCII is refused: the text's meaning is unknown.
/// - Other bytes are ISO-8859-1 or windows-1252 when the declaration says so, transcoded;
///   otherwise they are not readable: the first byte that is not part of a well-formed UTF-8
///   character (above 0x7F in a file declared US-ASCII) is an `ib-xml` error, and the parser
///   never runs.
///
/// Whenever the parser's text would contradict the declaration's `encoding` (a transcoded
/// text, or one read as UTF-8 that names something else), the parser reads a copy with that
/// pseudo-attribute blanked out (spaces, line breaks kept): every offset and line stays the
/// document's.
struct XMLText {
  enum Encoding: String, Equatable, Sendable {
    case utf8 = "UTF-8"
    case utf16LittleEndian = "UTF-16LE"
    case utf16BigEndian = "UTF-16BE"
    case utf32LittleEndian = "UTF-32LE"
    case utf32BigEndian = "UTF-32BE"
    case latin1 = "ISO-8859-1"
    case windows1252 = "windows-1252"
  }

  /// The document's bytes: the file's own when it is UTF-8, else its UTF-8 transcoding (with
  /// U+FFFD for what could not be decoded, so that a problem has a place).
  var bytes: [UInt8]
  /// What the parser reads: `bytes`, with a contradicting `encoding="…"` blanked out.
  var parserBytes: [UInt8]
  var encoding: Encoding
  /// Why the text cannot be read, and where in `bytes`.
  var problem: (finding: Finding, range: SourceRange)?

  /// - Parameter isUTF8: the bytes are UTF-8 whatever they look like (an editor's text, whose
  ///   positions must stay the editor's): nothing is transcoded; invalid UTF-8 is reported.
  static func decode(_ raw: [UInt8], isUTF8: Bool = false) -> XMLText {
    if isUTF8 {
      var text = XMLText(bytes: raw, parserBytes: raw, encoding: .utf8)
      if let declared = declaredEncoding(in: raw) { text.parserBytes = blanking(declared.attribute, in: raw) }
      if let bad = firstInvalidUTF8(raw) {
        text.problem = (.invalidUTF8(byte: raw[bad]), SourceRange(start: bad, end: bad + 1))
      }
      return text
    }
    if let (encoding, start) = detectWideEncoding(raw) {
      let (bytes, badOffset) = transcodeWide(raw, from: start, encoding: encoding)
      var text = XMLText(bytes: bytes, parserBytes: bytes, encoding: encoding)
      if let bad = badOffset {
        text.problem = (.undecodableText(encoding: encoding.rawValue), SourceRange(start: bad, end: min(bad + 3, bytes.count)))
      } else if let declared = declaredEncoding(in: bytes) {
        text.parserBytes = blanking(declared.attribute, in: bytes)
      }
      return text
    }
    let declared = declaredEncoding(in: raw)
    let name = declared.map { String(decoding: raw[$0.name.start..<$0.name.end], as: UTF8.self).uppercased() }
    let invalid = firstInvalidUTF8(raw)
    var text = XMLText(bytes: raw, parserBytes: raw, encoding: .utf8)
    if let declared, let name, !utf8Names.contains(name) {
      let known = asciiNames.contains(name) || legacyEncodings[name] != nil || wideNames.contains(name)
      if invalid == nil, known || raw.allSatisfy({ $0 < 0x80 }) {
        // UTF-8 (or ASCII) bytes under another name: read as UTF-8.
        text.parserBytes = blanking(declared.attribute, in: raw)
        return text
      }
      if let legacy = legacyEncodings[name], invalid != nil {
        // A UTF-8 byte-order mark before the declaration says nothing in a Latin-1 text (it would
        // become three characters before the declaration): it is dropped.
        let utf8Mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let source = raw.starts(with: utf8Mark) ? Array(raw.dropFirst(utf8Mark.count)) : raw
        let (bytes, badOffset) = transcodeLegacy(source, encoding: legacy)
        text = XMLText(bytes: bytes, parserBytes: bytes, encoding: legacy)
        // Found again in the transcoding: a byte-order mark before it takes more bytes there.
        if let again = declaredEncoding(in: bytes) { text.parserBytes = blanking(again.attribute, in: bytes) }
        if let bad = badOffset {
          text.problem = (.undecodableText(encoding: legacy.rawValue), SourceRange(start: bad, end: min(bad + 3, bytes.count)))
        }
        return text
      }
      if asciiNames.contains(name), let high = raw.firstIndex(where: { $0 >= 0x80 }) {
        text.problem = (.undecodableText(encoding: "US-ASCII"), SourceRange(start: high, end: high + 1))
        return text
      }
      if !known {
        let written = String(decoding: raw[declared.name.start..<declared.name.end], as: UTF8.self)
        text.problem = (.unsupportedEncoding(name: written), declared.name)
        return text
      }
    }
    if let bad = invalid {
      text.problem = (.invalidUTF8(byte: raw[bad]), SourceRange(start: bad, end: bad + 1))
    }
    return text
  }

  // MARK: - Names

  private static let utf8Names: Set<String> = ["UTF-8", "UTF8"]
  private static let wideNames: Set<String> = [
    "UTF-16", "UTF16", "UTF-16LE", "UTF-16BE", "UCS-2", "ISO-10646-UCS-2", "UTF-32", "UTF32", "UTF-32LE", "UTF-32BE",
    "UCS-4", "ISO-10646-UCS-4",
  ]
  private static let legacyEncodings: [String: Encoding] = [
    "ISO-8859-1": .latin1, "ISO8859-1": .latin1, "ISO_8859-1": .latin1, "LATIN1": .latin1, "LATIN-1": .latin1,
    "ISO-LATIN-1": .latin1, "L1": .latin1, "WINDOWS-1252": .windows1252, "CP1252": .windows1252,
  ]
  private static let asciiNames: Set<String> = ["US-ASCII", "ASCII"]

  // MARK: - Detection

  /// UTF-16 or UTF-32 by byte-order mark or by the zero bytes of the first characters, and
  /// where the characters start.
  static func detectWideEncoding(_ raw: [UInt8]) -> (Encoding, Int)? {
    func at(_ index: Int) -> UInt8? { index < raw.count ? raw[index] : nil }
    let b0 = at(0), b1 = at(1), b2 = at(2), b3 = at(3)
    if b0 == 0x00, b1 == 0x00, b2 == 0xFE, b3 == 0xFF { return (.utf32BigEndian, 4) }
    if b0 == 0xFF, b1 == 0xFE, b2 == 0x00, b3 == 0x00 { return (.utf32LittleEndian, 4) }
    if b0 == 0xFE, b1 == 0xFF { return (.utf16BigEndian, 2) }
    if b0 == 0xFF, b1 == 0xFE { return (.utf16LittleEndian, 2) }
    guard let b0, let b1, let b2, let b3 else { return nil }
    if b0 == 0, b1 == 0, b2 == 0, b3 != 0 { return (.utf32BigEndian, 0) }
    if b0 != 0, b1 == 0, b2 == 0, b3 == 0 { return (.utf32LittleEndian, 0) }
    if b0 == 0, b1 != 0, b2 == 0 { return (.utf16BigEndian, 0) }
    if b0 != 0, b1 == 0, b3 == 0 { return (.utf16LittleEndian, 0) }
    return nil
  }

  /// The XML declaration's `encoding="…"`: the whole pseudo-attribute and the name inside
  /// its quotes. The declaration is ASCII in every encoding this reads.
  static func declaredEncoding(in bytes: [UInt8]) -> (attribute: SourceRange, name: SourceRange)? {
    let markup = XMLMarkup(bytes: bytes)
    var cursor = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let start = Array("<?xml".utf8)
    guard markup.starts(with: start, at: cursor), cursor + start.count < bytes.count,
      XMLMarkup.isSpace(bytes[cursor + start.count])
    else { return nil }
    cursor += start.count
    let end = markup.skip(past: Array("?>".utf8), from: cursor)
    let keyword = Array("encoding".utf8)
    while cursor + keyword.count <= end {
      guard markup.starts(with: keyword, at: cursor), cursor > 0, XMLMarkup.isSpace(bytes[cursor - 1]) else {
        cursor += 1
        continue
      }
      let attributeStart = cursor
      cursor += keyword.count
      while cursor < end, XMLMarkup.isSpace(bytes[cursor]) { cursor += 1 }
      guard cursor < end, bytes[cursor] == UInt8(ascii: "=") else { return nil }
      cursor += 1
      while cursor < end, XMLMarkup.isSpace(bytes[cursor]) { cursor += 1 }
      guard cursor < end, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") else { return nil }
      let quote = bytes[cursor]
      let nameStart = cursor + 1
      var nameEnd = nameStart
      while nameEnd < end, bytes[nameEnd] != quote { nameEnd += 1 }
      guard nameEnd < end else { return nil }
      return (SourceRange(start: attributeStart, end: nameEnd + 1), SourceRange(start: nameStart, end: nameEnd))
    }
    return nil
  }

  /// `bytes` with `range` turned into spaces, line breaks kept.
  static func blanking(_ range: SourceRange, in bytes: [UInt8]) -> [UInt8] {
    var copy = bytes
    blank([range], in: &copy)
    return copy
  }

  /// Turns every range of `ranges` into spaces, line breaks kept, in place: one pass over
  /// the ranges, whatever their number.
  static func blank(_ ranges: [SourceRange], in bytes: inout [UInt8]) {
    for range in ranges {
      let start = min(max(range.start, 0), bytes.count)
      for offset in start..<min(max(range.end, start), bytes.count) where bytes[offset] != 0x0A && bytes[offset] != 0x0D {
        bytes[offset] = 0x20
      }
    }
  }

  // MARK: - UTF-8

  /// The offset of the first byte that does not begin a well-formed UTF-8 sequence (Unicode
  /// table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF), or nil.
  static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: length = 3; low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: length = 3; high = 0x9F
      case 0xF0: length = 4; low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4: length = 4; high = 0x8F
      default: return index
      }
      guard index + length <= count else { return index }
      let second = bytes[index + 1]
      guard second >= low, second <= high else { return index }
      for offset in 2..<max(length, 2) where bytes[index + offset] & 0xC0 != 0x80 { return index }
      index += length
    }
    return nil
  }

  // MARK: - Transcoding

  private static func append(_ scalar: UInt32, to output: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
      output.append(UInt8(scalar))
    case 0x80..<0x800:
      output.append(UInt8(0xC0 | (scalar >> 6)))
      output.append(UInt8(0x80 | (scalar & 0x3F)))
    case 0x800..<0x10000:
      output.append(UInt8(0xE0 | (scalar >> 12)))
      output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
      output.append(UInt8(0x80 | (scalar & 0x3F)))
    default:
      output.append(UInt8(0xF0 | ((scalar >> 18) & 0x07)))
      output.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
      output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
      output.append(UInt8(0x80 | (scalar & 0x3F)))
    }
  }

  private static let replacement: UInt32 = 0xFFFD

  /// UTF-16 or UTF-32 from `start` as UTF-8, and the offset in the output of the first
  /// replacement character: an unpaired surrogate, a value above U+10FFFF or a truncated
  /// last character.
  static func transcodeWide(_ raw: [UInt8], from start: Int, encoding: Encoding) -> ([UInt8], Int?) {
    var output: [UInt8] = []
    output.reserveCapacity(raw.count)
    var bad: Int?
    func replace() {
      if bad == nil { bad = output.count }
      append(replacement, to: &output)
    }
    var index = start
    let count = raw.count
    switch encoding {
    case .utf16LittleEndian, .utf16BigEndian:
      let little = encoding == .utf16LittleEndian
      func unit(at offset: Int) -> UInt32 {
        little ? UInt32(raw[offset]) | UInt32(raw[offset + 1]) << 8 : UInt32(raw[offset]) << 8 | UInt32(raw[offset + 1])
      }
      while index + 1 < count {
        let first = unit(at: index)
        index += 2
        switch first {
        case 0xD800...0xDBFF:
          if index + 1 < count, case let second = unit(at: index), (0xDC00...0xDFFF).contains(second) {
            index += 2
            append(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00), to: &output)
          } else {
            replace()
          }
        case 0xDC00...0xDFFF:
          replace()
        default:
          append(first, to: &output)
        }
      }
      if index < count { replace() }
    case .utf32LittleEndian, .utf32BigEndian:
      let little = encoding == .utf32LittleEndian
      while index + 3 < count {
        let bytes = (UInt32(raw[index]), UInt32(raw[index + 1]), UInt32(raw[index + 2]), UInt32(raw[index + 3]))
        let value =
          little
          ? bytes.0 | bytes.1 << 8 | bytes.2 << 16 | bytes.3 << 24 : bytes.0 << 24 | bytes.1 << 16 | bytes.2 << 8 | bytes.3
        index += 4
        if value > 0x10FFFF || (0xD800...0xDFFF).contains(value) { replace() } else { append(value, to: &output) }
      }
      if index < count { replace() }
    case .utf8, .latin1, .windows1252:
      return (Array(raw[min(start, count)...]), nil)
    }
    return (output, bad)
  }

  /// windows-1252's characters for 0x80…0x9F; 0 where it has none.
  private static let windows1252High: [UInt32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
    0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
  ]

  /// ISO-8859-1 or windows-1252 as UTF-8, and the offset in the output of the first byte
  /// windows-1252 leaves undefined.
  static func transcodeLegacy(_ raw: [UInt8], encoding: Encoding) -> ([UInt8], Int?) {
    var output: [UInt8] = []
    output.reserveCapacity(raw.count + raw.count / 8)
    var bad: Int?
    for byte in raw {
      var scalar = UInt32(byte)
      if encoding == .windows1252, (0x80...0x9F).contains(byte) {
        let mapped = windows1252High[Int(byte - 0x80)]
        if mapped == 0 {
          if bad == nil { bad = output.count }
          scalar = replacement
        } else {
          scalar = mapped
        }
      }
      append(scalar, to: &output)
    }
    return (output, bad)
  }
}
