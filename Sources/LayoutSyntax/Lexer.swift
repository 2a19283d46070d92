// The lexer of the layout language.
//
// It works on raw bytes and never fails: a byte it does not know becomes an `unknown` token
// (a whole UTF-8 scalar when the bytes form one), and the parser reports it. Spaces, tabs,
// carriage returns, `#` comments and a byte-order mark at the very start are skipped; a newline is a token because it ends a
// statement. The parser may move `position` to scan raw text itself (visual formats, sizes
// such as `375x667`), so the lexer keeps no state besides its position.

/// What a token is.
enum TokenKind: Equatable {
  case identifier
  case number
  /// A double-quoted string on one line; `isTerminated` is false when the line ends first.
  case string(isTerminated: Bool)
  case newline
  case semicolon
  case comma
  case dot
  case colon
  case leftParenthesis
  case rightParenthesis
  case leftBrace
  case rightBrace
  case leftBracket
  case rightBracket
  /// A single `=`.
  case equal
  case equalEqual
  case greaterEqual
  case lessEqual
  case greater
  case less
  case plus
  case minus
  case star
  case slash
  case at
  case bar
  /// A byte (or UTF-8 scalar) that starts no token.
  case unknown
  case endOfFile
}

/// One token and the bytes it covers.
struct Token {
  var kind: TokenKind
  var range: SourceRange
  /// The value of a `number` token; 0 for every other kind.
  var number: Double = 0
}

/// Reads tokens from bytes on demand.
struct Lexer {
  let bytes: [UInt8]
  /// The offset of the next byte to read.
  var position: Int

  init(bytes: [UInt8], position: Int = 0) {
    self.bytes = bytes
    self.position = position
  }

  /// Whether `bytes` start with a UTF-8 byte-order mark (EF BB BF), which is no part of the text.
  static func hasByteOrderMark(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
  }

  /// The byte at `offset`, or nil outside the text.
  func byte(at offset: Int) -> UInt8? {
    offset >= 0 && offset < bytes.count ? bytes[offset] : nil
  }

  /// The text of `range`, decoded leniently.
  func text(_ range: SourceRange) -> String {
    let start = min(max(range.start, 0), bytes.count)
    let end = min(max(range.end, start), bytes.count)
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// Skips spaces, tabs, carriage returns and a comment, stopping before a newline; at the
  /// start of the text, a UTF-8 byte-order mark too (editors on Windows write one).
  mutating func skipTrivia() {
    if position == 0, Lexer.hasByteOrderMark(bytes) { position = 3 }
    while let byte = byte(at: position) {
      if byte == ASCII.space || byte == ASCII.tab || byte == ASCII.carriageReturn
        || byte == ASCII.formFeed || byte == ASCII.verticalTab
      {
        position += 1
      } else if byte == ASCII.hash {
        while let next = self.byte(at: position), next != ASCII.newline { position += 1 }
      } else {
        return
      }
    }
  }

  /// Reads the next token.
  mutating func next() -> Token {
    skipTrivia()
    let start = position
    guard let first = byte(at: position) else {
      return Token(kind: .endOfFile, range: SourceRange(at: bytes.count))
    }
    if ASCII.isIdentifierStart(first) {
      position += 1
      while let byte = byte(at: position), ASCII.isIdentifierContinuation(byte) { position += 1 }
      return Token(kind: .identifier, range: SourceRange(start: start, end: position))
    }
    if ASCII.isDigit(first) || (first == ASCII.dot && byte(at: position + 1).map(ASCII.isDigit) == true) {
      return lexNumber()
    }
    if first == ASCII.quote {
      position += 1
      while let byte = byte(at: position), byte != ASCII.newline {
        position += 1
        if byte == ASCII.quote {
          return Token(kind: .string(isTerminated: true), range: SourceRange(start: start, end: position))
        }
      }
      // The string runs to the end of the line without a closing quote; a `\r` of a
      // CRLF ending is not part of it.
      var end = position
      if end > start + 1, byte(at: end - 1) == ASCII.carriageReturn { end -= 1 }
      return Token(kind: .string(isTerminated: false), range: SourceRange(start: start, end: end))
    }
    position += 1
    let kind: TokenKind
    switch first {
    case ASCII.newline: kind = .newline
    case ASCII.semicolon: kind = .semicolon
    case ASCII.comma: kind = .comma
    case ASCII.dot: kind = .dot
    case ASCII.colon: kind = .colon
    case ASCII.leftParenthesis: kind = .leftParenthesis
    case ASCII.rightParenthesis: kind = .rightParenthesis
    case ASCII.leftBrace: kind = .leftBrace
    case ASCII.rightBrace: kind = .rightBrace
    case ASCII.leftBracket: kind = .leftBracket
    case ASCII.rightBracket: kind = .rightBracket
    case ASCII.equal: kind = takeEqual() ? .equalEqual : .equal
    case ASCII.greater: kind = takeEqual() ? .greaterEqual : .greater
    case ASCII.less: kind = takeEqual() ? .lessEqual : .less
    case ASCII.plus: kind = .plus
    case ASCII.minus: kind = .minus
    case ASCII.star: kind = .star
    case ASCII.slash: kind = .slash
    case ASCII.at: kind = .at
    case ASCII.bar: kind = .bar
    default:
      kind = .unknown
      position = start + ASCII.scalarLength(in: bytes, at: start)
    }
    return Token(kind: kind, range: SourceRange(start: start, end: position))
  }

  /// Consumes a `=` that follows a relation character.
  private mutating func takeEqual() -> Bool {
    guard byte(at: position) == ASCII.equal else { return false }
    position += 1
    return true
  }

  /// Reads `12`, `0.5` or `.5`.
  private mutating func lexNumber() -> Token {
    let start = position
    while let byte = byte(at: position), ASCII.isDigit(byte) { position += 1 }
    if byte(at: position) == ASCII.dot, let after = byte(at: position + 1), ASCII.isDigit(after) {
      position += 1
      while let byte = byte(at: position), ASCII.isDigit(byte) { position += 1 }
    }
    let range = SourceRange(start: start, end: position)
    return Token(kind: .number, range: range, number: Double(text(range)) ?? 0)
  }
}

/// The ASCII bytes the lexers care about, and classifications of bytes.
enum ASCII {
  static let tab = UInt8(ascii: "\t")
  static let newline = UInt8(ascii: "\n")
  static let verticalTab: UInt8 = 0x0B
  static let formFeed: UInt8 = 0x0C
  static let carriageReturn = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")
  static let quote = UInt8(ascii: "\"")
  static let hash = UInt8(ascii: "#")
  static let leftParenthesis = UInt8(ascii: "(")
  static let rightParenthesis = UInt8(ascii: ")")
  static let star = UInt8(ascii: "*")
  static let plus = UInt8(ascii: "+")
  static let comma = UInt8(ascii: ",")
  static let minus = UInt8(ascii: "-")
  static let dot = UInt8(ascii: ".")
  static let slash = UInt8(ascii: "/")
  static let colon = UInt8(ascii: ":")
  static let semicolon = UInt8(ascii: ";")
  static let less = UInt8(ascii: "<")
  static let equal = UInt8(ascii: "=")
  static let greater = UInt8(ascii: ">")
  static let at = UInt8(ascii: "@")
  static let leftBracket = UInt8(ascii: "[")
  static let rightBracket = UInt8(ascii: "]")
  static let underscore = UInt8(ascii: "_")
  static let leftBrace = UInt8(ascii: "{")
  static let bar = UInt8(ascii: "|")
  static let rightBrace = UInt8(ascii: "}")

  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
  }

  static func isIdentifierStart(_ byte: UInt8) -> Bool { isLetter(byte) || byte == underscore }

  static func isIdentifierContinuation(_ byte: UInt8) -> Bool {
    isIdentifierStart(byte) || isDigit(byte)
  }

  static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
  }

  /// Whether a byte is horizontal white space (space or tab).
  static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }

  /// The number of bytes of the UTF-8 scalar at `offset`, or 1 when the bytes there do not
  /// form a valid scalar (so that an invalid byte is reported on its own).
  static func scalarLength(in bytes: [UInt8], at offset: Int) -> Int {
    guard offset >= 0, offset < bytes.count else { return 0 }
    let lead = bytes[offset]
    let length: Int
    switch lead {
    case 0x00..<0x80: return 1
    case 0xC2..<0xE0: length = 2
    case 0xE0..<0xF0: length = 3
    case 0xF0..<0xF5: length = 4
    default: return 1
    }
    guard offset + length <= bytes.count else { return 1 }
    for index in (offset + 1)..<(offset + length) where bytes[index] & 0xC0 != 0x80 {
      return 1
    }
    return length
  }
}
