// A small lexer of Swift and Objective-C: enough to find calls and the string literals in
// them. It knows comments (nested in Swift), string and character literals with their
// escapes, numbers, identifiers and single-character punctuation; everything else is
// punctuation too. It never fails: an unterminated literal or comment ends at the end of its
// line or of the file.
import LayoutSyntax

/// The language of a source file.
public enum SourceDialect: String, Sendable, Hashable {
  /// `.swift`.
  case swift
  /// `.m` and `.mm` (Objective-C and Objective-C++).
  case objectiveC = "objective-c"
}

/// One token of a source file.
public struct SourceToken: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    case identifier
    case number
    /// A string literal: `literals[index]` of the token list holds its decoded text.
    case string(index: Int)
    /// An Objective-C character literal.
    case character
    /// One byte of anything else: brackets, operators, `@`, `#`.
    case punctuation(UInt8)
  }

  public var kind: Kind
  public var range: SourceRange

  public var isString: Bool {
    if case .string = kind { return true }
    return false
  }

  /// Whether the token is the punctuation `byte`.
  public func isPunctuation(_ byte: UInt8) -> Bool {
    if case .punctuation(let value) = kind { return value == byte }
    return false
  }
}

/// A string literal, decoded: its bytes (UTF-8) and, for each, the offset in the file of the
/// character it came from (an escape's backslash, for an escaped character).
public struct StringLiteral: Sendable, Hashable {
  /// The decoded text.
  public var characters: [UInt8]
  /// The file offset each byte of `characters` came from.
  public var offsets: [Int]
  /// The text between the delimiters.
  public var contentRange: SourceRange
  /// Whether the literal interpolates (`\(…)`): its text is only known at run time.
  public var isInterpolated: Bool
  /// Whether the literal was cut short by the end of its line or of the file.
  public var isUnterminated: Bool
}

/// The tokens of a file and the literals they refer to.
public struct SourceTokens: Sendable {
  public var tokens: [SourceToken]
  public var literals: [StringLiteral]
}

/// The lexer of both dialects.
public struct SourceLexer {
  private let bytes: [UInt8]
  private let dialect: SourceDialect
  private var offset = 0
  private var tokens: [SourceToken] = []
  private var literals: [StringLiteral] = []

  /// Nested `/* */` comments and interpolations deeper than this end the lexing of their
  /// content, so that no input can exhaust the stack.
  private static let maximumDepth = 64

  public static func tokens(of bytes: [UInt8], dialect: SourceDialect) -> SourceTokens {
    var lexer = SourceLexer(bytes: bytes, dialect: dialect)
    lexer.run()
    return SourceTokens(tokens: lexer.tokens, literals: lexer.literals)
  }

  private init(bytes: [UInt8], dialect: SourceDialect) {
    self.bytes = bytes
    self.dialect = dialect
  }

  private func byte(at position: Int) -> UInt8? {
    position >= 0 && position < bytes.count ? bytes[position] : nil
  }

  private static func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte == 0x24 || byte >= 0x80
  }

  private static func isIdentifierPart(_ byte: UInt8) -> Bool {
    isIdentifierStart(byte) || isDigit(byte)
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
  }

  private mutating func run() {
    while offset < bytes.count {
      let current = bytes[offset]
      switch current {
      case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
        offset += 1
      case UInt8(ascii: "/") where byte(at: offset + 1) == UInt8(ascii: "/"):
        skipLineComment()
      case UInt8(ascii: "/") where byte(at: offset + 1) == UInt8(ascii: "*"):
        skipBlockComment()
      case UInt8(ascii: "\""):
        let start = offset
        if dialect == .swift {
          lexSwiftString(hashes: 0, start: start)
        } else {
          lexCString(start: start, contentStart: offset + 1)
        }
      case UInt8(ascii: "#") where dialect == .swift && isRawStringStart():
        var hashes = 0
        let start = offset
        while byte(at: offset) == UInt8(ascii: "#") {
          hashes += 1
          offset += 1
        }
        lexSwiftString(hashes: hashes, start: start)
      case UInt8(ascii: "@") where dialect == .objectiveC && byte(at: offset + 1) == UInt8(ascii: "\""):
        let start = offset
        offset += 1
        lexCString(start: start, contentStart: offset + 1)
      case UInt8(ascii: "'") where dialect == .objectiveC:
        lexCharacter()
      case UInt8(ascii: "`") where dialect == .swift:
        lexBacktickIdentifier()
      default:
        if Self.isIdentifierStart(current) {
          let start = offset
          while let next = byte(at: offset), Self.isIdentifierPart(next) { offset += 1 }
          tokens.append(SourceToken(kind: .identifier, range: SourceRange(start: start, end: offset)))
        } else if Self.isDigit(current) {
          lexNumber()
        } else {
          tokens.append(SourceToken(kind: .punctuation(current), range: SourceRange(start: offset, end: offset + 1)))
          offset += 1
        }
      }
    }
  }

  // MARK: - Comments

  private mutating func skipLineComment() {
    while let current = byte(at: offset), current != 0x0A, current != 0x0D { offset += 1 }
  }

  /// A `/* */` comment; Swift's nest, Objective-C's do not.
  private mutating func skipBlockComment() {
    offset += 2
    var depth = 1
    while offset < bytes.count {
      if bytes[offset] == UInt8(ascii: "*"), byte(at: offset + 1) == UInt8(ascii: "/") {
        offset += 2
        depth -= 1
        if depth == 0 { return }
      } else if dialect == .swift, bytes[offset] == UInt8(ascii: "/"), byte(at: offset + 1) == UInt8(ascii: "*") {
        offset += 2
        depth = min(depth + 1, Self.maximumDepth)
      } else {
        offset += 1
      }
    }
  }

  // MARK: - Numbers, identifiers, characters

  /// Digits, letters (`0x1F`, `8.0f`, `1e3`), `_` and a `.` followed by a digit.
  private mutating func lexNumber() {
    let start = offset
    while let current = byte(at: offset) {
      if Self.isIdentifierPart(current) && current < 0x80 {
        offset += 1
      } else if current == UInt8(ascii: "."), let next = byte(at: offset + 1), Self.isDigit(next) {
        offset += 1
      } else if (current == UInt8(ascii: "-") || current == UInt8(ascii: "+")),
        let previous = byte(at: offset - 1), previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E"),
        let next = byte(at: offset + 1), Self.isDigit(next), !isHexNumber(from: start)
      {
        offset += 1
      } else {
        break
      }
    }
    tokens.append(SourceToken(kind: .number, range: SourceRange(start: start, end: offset)))
  }

  private func isHexNumber(from start: Int) -> Bool {
    byte(at: start) == UInt8(ascii: "0") && (byte(at: start + 1) == UInt8(ascii: "x") || byte(at: start + 1) == UInt8(ascii: "X"))
  }

  private mutating func lexBacktickIdentifier() {
    let start = offset
    offset += 1
    while let current = byte(at: offset), current != UInt8(ascii: "`"), current != 0x0A { offset += 1 }
    let end = offset
    if byte(at: offset) == UInt8(ascii: "`") { offset += 1 }
    // The name without its backticks.
    tokens.append(SourceToken(kind: .identifier, range: SourceRange(start: min(start + 1, end), end: end)))
  }

  /// `'a'`, `'\n'`, `'abcd'`: skipped as one token.
  private mutating func lexCharacter() {
    let start = offset
    offset += 1
    while let current = byte(at: offset), current != 0x0A, current != 0x0D {
      offset += 1
      if current == UInt8(ascii: "\\") {
        offset += 1
      } else if current == UInt8(ascii: "'") {
        break
      }
    }
    offset = min(offset, bytes.count)
    tokens.append(SourceToken(kind: .character, range: SourceRange(start: start, end: offset)))
  }

  // MARK: - C and Objective-C strings

  /// `"…"` or `@"…"` with C's escapes; a backslash before a line break continues the line.
  private mutating func lexCString(start: Int, contentStart: Int) {
    offset = contentStart
    var characters: [UInt8] = []
    var offsets: [Int] = []
    var unterminated = true
    var contentEnd = bytes.count
    while offset < bytes.count {
      let current = bytes[offset]
      if current == UInt8(ascii: "\"") {
        contentEnd = offset
        offset += 1
        unterminated = false
        break
      }
      if current == 0x0A || current == 0x0D {
        contentEnd = offset
        break
      }
      if current != UInt8(ascii: "\\") {
        characters.append(current)
        offsets.append(offset)
        offset += 1
        continue
      }
      let escape = offset
      guard let next = byte(at: offset + 1) else {
        offset += 1
        continue
      }
      offset += 2
      switch next {
      case 0x0A:
        break
      case 0x0D:
        if byte(at: offset) == 0x0A { offset += 1 }
      case UInt8(ascii: "n"): append(0x0A, from: escape, to: &characters, &offsets)
      case UInt8(ascii: "t"): append(0x09, from: escape, to: &characters, &offsets)
      case UInt8(ascii: "r"): append(0x0D, from: escape, to: &characters, &offsets)
      case UInt8(ascii: "a"): append(0x07, from: escape, to: &characters, &offsets)
      case UInt8(ascii: "b"): append(0x08, from: escape, to: &characters, &offsets)
      case UInt8(ascii: "f"): append(0x0C, from: escape, to: &characters, &offsets)
      case UInt8(ascii: "v"): append(0x0B, from: escape, to: &characters, &offsets)
      case UInt8(ascii: "e"): append(0x1B, from: escape, to: &characters, &offsets)
      case UInt8(ascii: "x"):
        var value: UInt32 = 0
        while let digit = byte(at: offset), Self.isHexDigit(digit) {
          value = (value &* 16 &+ Self.hexValue(digit)) & 0xFF
          offset += 1
        }
        append(UInt8(value & 0xFF), from: escape, to: &characters, &offsets)
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value = UInt32(next - UInt8(ascii: "0"))
        var count = 1
        while count < 3, let digit = byte(at: offset), digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "7") {
          value = value * 8 + UInt32(digit - UInt8(ascii: "0"))
          offset += 1
          count += 1
        }
        append(UInt8(value & 0xFF), from: escape, to: &characters, &offsets)
      case UInt8(ascii: "u"), UInt8(ascii: "U"):
        let digits = next == UInt8(ascii: "u") ? 4 : 8
        var value: UInt32 = 0
        var count = 0
        while count < digits, let digit = byte(at: offset), Self.isHexDigit(digit) {
          value = value &* 16 &+ Self.hexValue(digit)
          offset += 1
          count += 1
        }
        appendScalar(value, from: escape, to: &characters, &offsets)
      default:
        // `\\`, `\"`, `\'`, `\?` and unknown escapes stand for the character itself.
        append(next, from: escape, to: &characters, &offsets)
      }
    }
    offset = min(offset, bytes.count)
    addString(
      StringLiteral(
        characters: characters, offsets: offsets, contentRange: SourceRange(start: min(contentStart, contentEnd), end: contentEnd),
        isInterpolated: false, isUnterminated: unterminated),
      range: SourceRange(start: start, end: offset))
  }

  private static func hexValue(_ digit: UInt8) -> UInt32 {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(digit - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(digit - UInt8(ascii: "a") + 10)
    default: UInt32(digit - UInt8(ascii: "A") + 10)
    }
  }

  private func append(_ byte: UInt8, from offset: Int, to characters: inout [UInt8], _ offsets: inout [Int]) {
    characters.append(byte)
    offsets.append(offset)
  }

  /// A scalar's UTF-8 bytes, all from the escape at `offset`; an invalid scalar as U+FFFD.
  private func appendScalar(_ value: UInt32, from offset: Int, to characters: inout [UInt8], _ offsets: inout [Int]) {
    let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
    for unit in String(scalar).utf8 {
      characters.append(unit)
      offsets.append(offset)
    }
  }

  private mutating func addString(_ literal: StringLiteral, range: SourceRange) {
    tokens.append(SourceToken(kind: .string(index: literals.count), range: range))
    literals.append(literal)
  }

  // MARK: - Swift strings

  /// Whether the `#` at `offset` opens a raw string: hashes, then a quote.
  private func isRawStringStart() -> Bool {
    var position = offset
    while byte(at: position) == UInt8(ascii: "#") { position += 1 }
    return byte(at: position) == UInt8(ascii: "\"")
  }

  /// Whether `"` and `hashes` hashes close a literal at `position`.
  private func closes(at position: Int, quotes: Int, hashes: Int) -> Bool {
    for index in 0..<quotes where byte(at: position + index) != UInt8(ascii: "\"") { return false }
    for index in 0..<hashes where byte(at: position + quotes + index) != UInt8(ascii: "#") { return false }
    return true
  }

  /// A Swift literal whose `hashes` hashes have been read; `offset` is at its first quote.
  private mutating func lexSwiftString(hashes: Int, start: Int) {
    if closes(at: offset, quotes: 3, hashes: 0) {
      lexMultilineString(hashes: hashes, start: start)
      return
    }
    offset += 1
    let contentStart = offset
    var decoder = SwiftEscapes(hashes: hashes)
    var unterminated = true
    var contentEnd = bytes.count
    while offset < bytes.count {
      let current = bytes[offset]
      if current == UInt8(ascii: "\""), closes(at: offset, quotes: 1, hashes: hashes) {
        contentEnd = offset
        offset += 1 + hashes
        unterminated = false
        break
      }
      if current == 0x0A || current == 0x0D {
        contentEnd = offset
        break
      }
      decodeSwiftCharacter(&decoder, multiline: false)
    }
    offset = min(offset, bytes.count)
    addString(
      StringLiteral(
        characters: decoder.characters, offsets: decoder.offsets,
        contentRange: SourceRange(start: contentStart, end: max(contentStart, contentEnd)),
        isInterpolated: decoder.isInterpolated, isUnterminated: unterminated),
      range: SourceRange(start: start, end: offset))
  }

  /// The decoded text of a Swift literal so far.
  private struct SwiftEscapes {
    var hashes: Int
    var characters: [UInt8] = []
    var offsets: [Int] = []
    var isInterpolated = false

    init(hashes: Int) { self.hashes = hashes }
  }

  /// Decodes one character or escape at `offset` (not a closing delimiter).
  private mutating func decodeSwiftCharacter(_ decoder: inout SwiftEscapes, multiline: Bool) {
    let current = bytes[offset]
    guard current == UInt8(ascii: "\\"), closes(at: offset + 1, quotes: 0, hashes: decoder.hashes) else {
      decoder.characters.append(current)
      decoder.offsets.append(offset)
      offset += 1
      return
    }
    let escape = offset
    offset += 1 + decoder.hashes
    guard let next = byte(at: offset) else { return }
    offset += 1
    switch next {
    case UInt8(ascii: "n"): append(0x0A, from: escape, to: &decoder.characters, &decoder.offsets)
    case UInt8(ascii: "t"): append(0x09, from: escape, to: &decoder.characters, &decoder.offsets)
    case UInt8(ascii: "r"): append(0x0D, from: escape, to: &decoder.characters, &decoder.offsets)
    case UInt8(ascii: "0"): append(0x00, from: escape, to: &decoder.characters, &decoder.offsets)
    case UInt8(ascii: "u"):
      guard byte(at: offset) == UInt8(ascii: "{") else { return }
      offset += 1
      var value: UInt32 = 0
      var count = 0
      while let digit = byte(at: offset), Self.isHexDigit(digit), count < 8 {
        value = value &* 16 &+ Self.hexValue(digit)
        offset += 1
        count += 1
      }
      if byte(at: offset) == UInt8(ascii: "}") { offset += 1 }
      appendScalar(value, from: escape, to: &decoder.characters, &decoder.offsets)
    case UInt8(ascii: "("):
      decoder.isInterpolated = true
      skipInterpolation(depth: 1)
    case 0x0A, 0x0D, 0x20, 0x09:
      // A backslash at the end of a line of a multi-line literal joins it to the next: the
      // line break is not part of the text (trailing blanks may come between).
      guard multiline else {
        append(next, from: escape, to: &decoder.characters, &decoder.offsets)
        return
      }
      offset -= 1
      while let blank = byte(at: offset), blank == 0x20 || blank == 0x09 { offset += 1 }
      if byte(at: offset) == 0x0D { offset += 1 }
      if byte(at: offset) == 0x0A { offset += 1 }
      decoder.offsets.append(-1)
      decoder.characters.append(0)
    default:
      // `\\`, `\"`, `\'`.
      append(next, from: escape, to: &decoder.characters, &decoder.offsets)
    }
  }

  /// Skips an interpolation's expression up to its closing parenthesis, strings (and their
  /// own interpolations) included; a line break ends it in a single-line literal's caller.
  private mutating func skipInterpolation(depth: Int) {
    var parentheses = 1
    while offset < bytes.count {
      let current = bytes[offset]
      switch current {
      case UInt8(ascii: "("):
        parentheses += 1
        offset += 1
      case UInt8(ascii: ")"):
        parentheses -= 1
        offset += 1
        if parentheses == 0 { return }
      case UInt8(ascii: "\"") where depth < Self.maximumDepth:
        // A nested literal: lexed and dropped.
        let mark = tokens.count
        let literalMark = literals.count
        lexSwiftString(hashes: 0, start: offset)
        tokens.removeSubrange(mark...)
        literals.removeSubrange(literalMark...)
      case 0x0A, 0x0D:
        return
      default:
        offset += 1
      }
    }
  }

  /// `"""` … `"""`: the text starts on the line after the opening delimiter and ends before
  /// the line of the closing one, whose indentation is taken off every line.
  private mutating func lexMultilineString(hashes: Int, start: Int) {
    offset += 3
    // The rest of the opening line (only blanks in valid code).
    while let current = byte(at: offset), current != 0x0A, current != 0x0D { offset += 1 }
    if byte(at: offset) == 0x0D { offset += 1 }
    if byte(at: offset) == 0x0A { offset += 1 }
    let contentStart = offset
    // Find the closing delimiter: the first line whose first non-blank characters close it.
    var lineStart = contentStart
    var closing: Int?
    var scan = contentStart
    scanning: while scan < bytes.count {
      var position = lineStart
      while let blank = byte(at: position), blank == 0x20 || blank == 0x09 { position += 1 }
      if closes(at: position, quotes: 3, hashes: hashes) {
        closing = position
        break scanning
      }
      // Next line, stepping over escapes so that `\"""` does not close.
      scan = position
      while let current = byte(at: scan), current != 0x0A, current != 0x0D {
        let escaped = current == UInt8(ascii: "\\") && byte(at: scan + 1).map { $0 != 0x0A && $0 != 0x0D } == true
        scan += escaped ? 2 : 1
      }
      if byte(at: scan) == 0x0D { scan += 1 }
      if byte(at: scan) == 0x0A { scan += 1 }
      lineStart = scan
    }
    guard let closing else {
      // Unterminated: the rest of the file, undecoded.
      offset = bytes.count
      addString(
        StringLiteral(
          characters: [], offsets: [], contentRange: SourceRange(start: contentStart, end: bytes.count),
          isInterpolated: false, isUnterminated: true),
        range: SourceRange(start: start, end: bytes.count))
      return
    }
    let indentation = Array(bytes[lineStart..<closing])
    var decoder = SwiftEscapes(hashes: hashes)
    var position = contentStart
    while position < lineStart {
      // Take the indentation off the line (a blank line may have less).
      var stripped = 0
      while stripped < indentation.count, let current = byte(at: position + stripped), current == indentation[stripped] {
        stripped += 1
      }
      offset = position + stripped
      var joined = false
      while offset < lineStart, let current = byte(at: offset), current != 0x0A, current != 0x0D {
        let before = decoder.characters.count
        decodeSwiftCharacter(&decoder, multiline: true)
        if decoder.offsets.count > before, decoder.offsets.last == -1 {
          decoder.offsets.removeLast()
          decoder.characters.removeLast()
          joined = true
          break
        }
      }
      if !joined {
        // The line break, unless it is the one before the closing delimiter's line.
        let breakOffset = offset
        if byte(at: offset) == 0x0D { offset += 1 }
        if byte(at: offset) == 0x0A { offset += 1 }
        if offset < lineStart {
          decoder.characters.append(0x0A)
          decoder.offsets.append(breakOffset)
        }
      }
      position = max(offset, position + 1)
    }
    offset = closing + 3 + hashes
    addString(
      StringLiteral(
        characters: decoder.characters, offsets: decoder.offsets,
        contentRange: SourceRange(start: contentStart, end: max(contentStart, lineStart)),
        isInterpolated: decoder.isInterpolated, isUnterminated: false),
      range: SourceRange(start: start, end: offset))
  }
}
