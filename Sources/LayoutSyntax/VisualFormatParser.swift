// The parser of Visual Format Language strings.
//
// It follows the order of checks of UIKit's and AppKit's own parser (NSLayoutConstraintParser),
// not only the documented grammar, so that it accepts what Apple accepts (`->=0-`,
// `-20@750-`, metric names as priorities, view names as predicate objects) and rejects the
// rest with Apple's own description of the first fault, at the character where Apple's caret
// would point. As in UIKit, the first error ends the parse and the format yields nothing.
//
// Like Apple's parser it reads a whitespace-stripped copy of the format; every character of
// that copy remembers its offset in the file, so ranges point into the original text.
// Names are not resolved here: whether `(w)` names a metric or a view, and whether a view
// exists, is for the analysis.

/// Parses Visual Format Language strings.
public enum VisualFormatParser {
  /// Parses the visual format whose text occupies `range` of `bytes`.
  ///
  /// Spaces, tabs and line breaks inside the range are skipped, as Apple strips whitespace
  /// before parsing; ranges in the result are offsets in `bytes`.
  ///
  /// - Parameters:
  ///   - bytes: The whole file.
  ///   - range: The format's text, without quotes.
  /// - Returns: The format, or nil with one `syntax` diagnostic when the text does not parse.
  public static func parse(_ bytes: [UInt8], range: SourceRange) -> (VisualFormat?, [Diagnostic]) {
    let start = min(max(range.start, 0), bytes.count)
    let end = min(max(range.end, start), bytes.count)
    var characters: [UInt8] = []
    var offsets: [Int] = []
    var offset = start
    while offset < end {
      let byte = bytes[offset]
      if !(ASCII.isBlank(byte) || byte == ASCII.newline || byte == ASCII.carriageReturn) {
        characters.append(byte)
        offsets.append(offset)
      }
      offset += 1
    }
    return parse(
      characters: characters, offsets: offsets, range: SourceRange(start: start, end: end),
      bytes: bytes)
  }

  /// Parses a format decoded from a string literal of a source file: `characters` are its
  /// bytes, `offsets` the file offset each came from (through escapes, indentation and joined
  /// literals). Whitespace is stripped first, as Apple does; ranges in the result are offsets
  /// in `bytes`.
  ///
  /// - Parameters:
  ///   - characters: The decoded format.
  ///   - offsets: The file offset of each byte of `characters`; as many.
  ///   - range: From the format's first character to its end in the file; an error at the
  ///     end of the format points at `range.end`.
  ///   - bytes: The whole file.
  public static func parse(decoded characters: [UInt8], offsets: [Int], range: SourceRange, bytes: [UInt8])
    -> (VisualFormat?, [Diagnostic])
  {
    var stripped: [UInt8] = []
    var strippedOffsets: [Int] = []
    stripped.reserveCapacity(characters.count)
    for (index, byte) in characters.enumerated() where index < offsets.count {
      if !(ASCII.isBlank(byte) || byte == ASCII.newline || byte == ASCII.carriageReturn) {
        stripped.append(byte)
        strippedOffsets.append(offsets[index])
      }
    }
    return parse(characters: stripped, offsets: strippedOffsets, range: range, bytes: bytes)
  }

  /// Parses a whitespace-stripped format whose characters came from `offsets` of `bytes`.
  ///
  /// - Parameters:
  ///   - characters: The stripped format.
  ///   - offsets: The file offset of each character; as many as `characters`.
  ///   - range: The range of the whole format text; a caret past the last character points
  ///     at its end.
  ///   - bytes: The file, used to give a non-ASCII character its whole UTF-8 length.
  static func parse(
    characters: [UInt8], offsets: [Int], range: SourceRange, bytes: [UInt8]
  ) -> (VisualFormat?, [Diagnostic]) {
    if characters.isEmpty {
      return (nil, [.syntax(VFLMessage.emptyString, at: range)])
    }
    // Apple refuses non-ASCII text before it starts parsing.
    for (index, character) in characters.enumerated() where character >= 0x80 {
      let offset = index < offsets.count ? offsets[index] : range.end
      let length = ASCII.scalarLength(in: bytes, at: offset)
      return (nil, [.syntax(VFLMessage.nonASCII, at: SourceRange(start: offset, end: offset + max(length, 1)))])
    }
    var parser = VFLCursor(characters: characters, offsets: offsets, endOffset: range.end)
    do {
      let format = try parser.parseFormat(range: range)
      return (format, [])
    } catch {
      return (nil, [.syntax(error.message, at: parser.caretRange(error.index))])
    }
  }
}

/// Apple's descriptions of VFL syntax errors, word for word.
enum VFLMessage {
  static let numberTooLarge =
    "This number is too large: it overflows to infinity. Numbers must be finite (a layout's numbers should stay within ±10,000,000)"
  static let notANumber = "This is not a number a layout can use: 'nan' is not finite"
  static let emptyString = "It's an empty string."
  static let nonASCII = "It contains non-ASCII characters."
  static let expectedColonAfterH = "Expected ':' after 'H' to specify horizontal arrangement"
  static let expectedColonAfterV = "Expected ':' after 'V' to specify vertical arrangement"
  static let expectedConnectionAfterBar = "Expected a connection after the '|' character"
  static let expectedView = "Expected a view"
  static let expectedViewName =
    "Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores."
  static let expectedClosingBracket = "Expected a ']' here. That is how you give the end of a view."
  static let ranOutInView = "Unexpectedly ran out of character fodder in the middle of parsing a view"
  static let predicateMustEnd =
    "A predicate on a view's thickness must end with ')' and the view must end with ']'"
  static let expectedBracketAfterThickness = "Expected ']' after specifying thickness."
  static let expectedViewOrBar = "Expected a view or '|'"
  static let expectedEnd = "Expected the end of the format string"
  static let expectedMoreInput = "Expected more input"
  static let ambiguousMinus =
    "Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers."
  static let expectedClosingParenthesis =
    "Expected a ')' at the end of a constraint modifier, or a ',' before another constraint modifier"
  static let expectedDash = "Expected a '-' here"
  static let expectedDashNotList =
    "Expected a '-' here. To specify a list of constraints, you must use parentheses around the list of constraints"
  static let unknownRelation = "Unknown relation. Must be ==, >=, or <="
  static let expectedConstant =
    "Expected a number or key from the metrics dictionary, but encountered something else"
  static let expectedNumber =
    "Expected a number or a key from the metrics dictionary, but encountered something else"
}

/// The first syntax error of a format: Apple's description and the caret's index.
struct VFLFailure: Error {
  var message: String
  var index: Int
}

/// A position in a stripped format, and the recursive-descent procedures that read it.
struct VFLCursor {
  let characters: [UInt8]
  let offsets: [Int]
  /// The file offset just past the format, where a caret at the end points.
  let endOffset: Int
  var index = 0

  init(characters: [UInt8], offsets: [Int], endOffset: Int) {
    self.characters = characters
    self.offsets = offsets
    self.endOffset = endOffset
  }

  // MARK: - Characters and ranges

  func character(at position: Int) -> UInt8? {
    position >= 0 && position < characters.count ? characters[position] : nil
  }

  var current: UInt8? { character(at: index) }
  var isAtEnd: Bool { index >= characters.count }

  /// The file offset of the character at `position`, or the end offset past the last one.
  func fileOffset(_ position: Int) -> Int {
    position >= 0 && position < offsets.count ? offsets[position] : endOffset
  }

  /// The file range of the stripped characters `from..<to`.
  func fileRange(_ from: Int, _ to: Int) -> SourceRange {
    guard to > from else { return SourceRange(at: fileOffset(from)) }
    return SourceRange(start: fileOffset(from), end: fileOffset(to - 1) + 1)
  }

  /// The range Apple's caret at `position` marks: one character, or empty at the end.
  func caretRange(_ position: Int) -> SourceRange {
    guard position >= 0, position < offsets.count else { return SourceRange(at: endOffset) }
    return SourceRange(start: offsets[position], end: offsets[position] + 1)
  }

  func fail(_ message: String) -> VFLFailure { VFLFailure(message: message, index: index) }

  func identifier(_ from: Int, _ to: Int) -> Identifier {
    let name = String(decoding: characters[max(from, 0)..<min(max(to, from), characters.count)], as: UTF8.self)
    return Identifier(name: name, range: fileRange(from, to))
  }

  // MARK: - visualFormatString

  /// `(orientation ':')? (superview connection)? view (connection view)* (connection superview)?`
  mutating func parseFormat(range: SourceRange) throws(VFLFailure) -> VisualFormat {
    var orientation = Orientation.horizontal
    var orientationRange: SourceRange?
    if current == UInt8(ascii: "H") || current == UInt8(ascii: "V") {
      let isVertical = current == UInt8(ascii: "V")
      index = 1
      guard current == ASCII.colon else {
        throw fail(isVertical ? VFLMessage.expectedColonAfterV : VFLMessage.expectedColonAfterH)
      }
      index = 2
      orientation = isVertical ? .vertical : .horizontal
      orientationRange = fileRange(0, 2)
    }

    var leadingSuperview: VFLSuperviewEdge?
    var views: [VFLView] = []
    var connections: [VFLConnection] = []
    var trailingSuperview: VFLSuperviewEdge?

    if current == ASCII.bar {
      let bar = index
      index += 1
      if isAtEnd { throw fail(VFLMessage.expectedConnectionAfterBar) }
      let connection = try parseConnection()
      leadingSuperview = VFLSuperviewEdge(barRange: fileRange(bar, bar + 1), connection: connection)
      views.append(try parseView())
    } else {
      views.append(try parseView(lowercaseOrientationHint: index == 0))
    }

    while !isAtEnd {
      let connection = try parseConnection()
      if current == ASCII.leftBracket {
        views.append(try parseView())
        connections.append(connection)
      } else if current == ASCII.bar {
        trailingSuperview = VFLSuperviewEdge(barRange: fileRange(index, index + 1), connection: connection)
        index += 1
        break
      } else {
        throw fail(VFLMessage.expectedViewOrBar)
      }
    }
    if !isAtEnd { throw fail(VFLMessage.expectedEnd) }

    return VisualFormat(
      orientation: orientation, orientationRange: orientationRange, leadingSuperview: leadingSuperview,
      views: views, connections: connections, trailingSuperview: trailingSuperview,
      range: fileRange(0, characters.count))
  }

  // MARK: - view

  /// `'[' viewName ('(' predicateList ')')? ']'`
  mutating func parseView(lowercaseOrientationHint: Bool = false) throws(VFLFailure) -> VFLView {
    let start = index
    guard current == ASCII.leftBracket else {
      // `h:[a]` fails here in UIKit too; say why, after Apple's text.
      if lowercaseOrientationHint, current == UInt8(ascii: "h") || current == UInt8(ascii: "v"),
        character(at: index + 1) == ASCII.colon
      {
        throw fail(VFLMessage.expectedView + " (the orientation is written in capitals: 'H:' or 'V:')")
      }
      throw fail(VFLMessage.expectedView)
    }
    index += 1
    if isAtEnd { throw fail(VFLMessage.expectedView) }
    let nameStart = index
    scanName()
    if index == nameStart { throw fail(VFLMessage.expectedViewName) }
    let name = identifier(nameStart, index)
    var predicates: [VFLPredicate] = []
    if current == ASCII.rightBracket {
      index += 1
    } else if current == ASCII.leftParenthesis {
      index += 1
      if isAtEnd { throw fail(VFLMessage.ranOutInView) }
      predicates = try parsePredicateList()
      guard current == ASCII.rightParenthesis else { throw fail(VFLMessage.predicateMustEnd) }
      index += 1
      guard current == ASCII.rightBracket else { throw fail(VFLMessage.expectedBracketAfterThickness) }
      index += 1
    } else {
      throw fail(VFLMessage.expectedClosingBracket)
    }
    return VFLView(name: name, predicates: predicates, range: fileRange(start, index))
  }

  // MARK: - connection

  /// `e | '-' | '-' predicateList '-'`, and Apple's unparenthesised `->=0-` and `-20@750-`.
  mutating func parseConnection() throws(VFLFailure) -> VFLConnection {
    let start = index
    guard current == ASCII.minus else {
      return VFLConnection(kind: .flush, range: SourceRange(at: fileOffset(index)))
    }
    index += 1
    if current == ASCII.bar || current == ASCII.leftBracket {
      return VFLConnection(kind: .standard, range: fileRange(start, index))
    }
    let predicates: [VFLPredicate]
    if current == ASCII.minus {
      throw fail(VFLMessage.ambiguousMinus)
    } else if current == ASCII.leftParenthesis {
      index += 1
      predicates = try parsePredicateList()
      guard current == ASCII.rightParenthesis else { throw fail(VFLMessage.expectedClosingParenthesis) }
      index += 1
    } else {
      // Also reached at the end of the format, where the predicate reports "Expected more input".
      predicates = [try parsePredicate()]
    }
    if current == ASCII.comma { throw fail(VFLMessage.expectedDashNotList) }
    guard current == ASCII.minus else { throw fail(VFLMessage.expectedDash) }
    index += 1
    return VFLConnection(kind: .predicates(predicates), range: fileRange(start, index))
  }

  // MARK: - predicates

  /// `predicate (',' predicate)*`
  mutating func parsePredicateList() throws(VFLFailure) -> [VFLPredicate] {
    var predicates: [VFLPredicate] = []
    while true {
      predicates.append(try parsePredicate())
      guard current == ASCII.comma else { return predicates }
      index += 1
    }
  }

  /// `relation? objectOfPredicate ('@' priority)?`
  mutating func parsePredicate() throws(VFLFailure) -> VFLPredicate {
    let start = index
    guard let first = current else { throw fail(VFLMessage.expectedMoreInput) }
    var relation = Relation.equal
    var relationRange: SourceRange?
    if first == ASCII.less || first == ASCII.equal || first == ASCII.greater {
      index += 1
      guard current == ASCII.equal else { throw fail(VFLMessage.unknownRelation) }
      index += 1
      relation = first == ASCII.less ? .lessThanOrEqual : first == ASCII.greater ? .greaterThanOrEqual : .equal
      relationRange = fileRange(start, index)
    }
    let object: VFLObject
    switch try parseConstant() {
    case .number(let value, let range): object = .number(value, range: range)
    case .name(let name): object = .name(name)
    }
    var priority: VFLPriority?
    if current == ASCII.at {
      index += 1
      switch try parseConstant() {
      case .number(let value, let range): priority = .number(value, range: range)
      case .name(let name): priority = .name(name)
      }
    }
    return VFLPredicate(
      relation: relation, relationRange: relationRange, object: object, priority: priority,
      range: fileRange(start, index))
  }

  /// A constant or priority: a number as `strtod` reads it, or a name.
  mutating func parseConstant() throws(VFLFailure) -> VFLObject {
    guard let first = current else { throw fail(VFLMessage.expectedConstant) }
    if first == ASCII.minus || ASCII.isDigit(first) {
      let start = index
      let length = scanNumberLength(from: index)
      if length == 0 { throw fail(VFLMessage.expectedNumber) }
      index += length
      let text = String(decoding: characters[start..<min(index, characters.count)], as: UTF8.self)
      let value = Double(text) ?? 0
      guard value.isFinite else {
        // strtod reads `1e400` as infinity and `nan` as not a number: no layout means either.
        index = start
        throw fail(value.isNaN ? VFLMessage.notANumber : VFLMessage.numberTooLarge)
      }
      return .number(value, range: fileRange(start, index))
    }
    if ASCII.isIdentifierStart(first) {
      let start = index
      scanName()
      return .name(identifier(start, index))
    }
    throw fail(VFLMessage.expectedConstant)
  }

  /// Advances over `[A-Za-z_][A-Za-z0-9_]*`, or not at all.
  mutating func scanName() {
    guard let first = current, ASCII.isIdentifierStart(first) else { return }
    index += 1
    while let next = current, ASCII.isIdentifierContinuation(next) { index += 1 }
  }

  /// How many characters from `position` `strtod` in the C locale would read: an optional
  /// minus, then a decimal or hexadecimal number with optional fraction and exponent, or
  /// `inf`, `infinity`, `nan`, `nan(…)`; 0 when it reads nothing.
  func scanNumberLength(from position: Int) -> Int {
    var cursor = position
    if character(at: cursor) == ASCII.minus { cursor += 1 }
    if let word = scanSpecialValue(from: cursor) { return word - position }
    if character(at: cursor) == UInt8(ascii: "0"),
      let marker = character(at: cursor + 1), marker | 0x20 == UInt8(ascii: "x")
    {
      if let end = scanHexadecimal(from: cursor + 2) { return end - position }
    }
    var digits = 0
    while let byte = character(at: cursor), ASCII.isDigit(byte) {
      cursor += 1
      digits += 1
    }
    if character(at: cursor) == ASCII.dot {
      var fractionEnd = cursor + 1
      var fractionDigits = 0
      while let byte = character(at: fractionEnd), ASCII.isDigit(byte) {
        fractionEnd += 1
        fractionDigits += 1
      }
      if digits + fractionDigits > 0 {
        cursor = fractionEnd
        digits += fractionDigits
      }
    }
    if digits == 0 { return 0 }
    return scanExponent(from: cursor, marker: UInt8(ascii: "e")) - position
  }

  /// After the mantissa of a hexadecimal number (`0x` read), its end, or nil without digits.
  private func scanHexadecimal(from position: Int) -> Int? {
    var cursor = position
    var digits = 0
    while let byte = character(at: cursor), ASCII.isHexDigit(byte) {
      cursor += 1
      digits += 1
    }
    if character(at: cursor) == ASCII.dot {
      var fractionEnd = cursor + 1
      while let byte = character(at: fractionEnd), ASCII.isHexDigit(byte) {
        fractionEnd += 1
        digits += 1
      }
      if digits > 0 { cursor = fractionEnd }
    }
    guard digits > 0 else { return nil }
    return scanExponent(from: cursor, marker: UInt8(ascii: "p"))
  }

  /// The end of an optional exponent (`e-3`, `p+4`) at `position`; `position` without one.
  private func scanExponent(from position: Int, marker: UInt8) -> Int {
    guard let byte = character(at: position), byte | 0x20 == marker else { return position }
    var cursor = position + 1
    if character(at: cursor) == ASCII.minus || character(at: cursor) == ASCII.plus { cursor += 1 }
    let digitsStart = cursor
    while let digit = character(at: cursor), ASCII.isDigit(digit) { cursor += 1 }
    return cursor > digitsStart ? cursor : position
  }

  /// The end of `inf`, `infinity`, `nan` or `nan(…)` at `position`, case-insensitively.
  private func scanSpecialValue(from position: Int) -> Int? {
    func matches(_ word: String, at start: Int) -> Bool {
      var cursor = start
      for expected in word.utf8 {
        guard let byte = character(at: cursor), byte | 0x20 == expected else { return false }
        cursor += 1
      }
      return true
    }
    if matches("infinity", at: position) { return position + 8 }
    if matches("inf", at: position) { return position + 3 }
    if matches("nan", at: position) {
      var cursor = position + 3
      if character(at: cursor) == ASCII.leftParenthesis {
        var end = cursor + 1
        while let byte = character(at: end), ASCII.isIdentifierContinuation(byte) { end += 1 }
        if character(at: end) == ASCII.rightParenthesis { cursor = end + 1 }
      }
      return cursor
    }
    return nil
  }
}
