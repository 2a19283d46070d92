// Settings of a layout file: canvas, direction, spacing and metric, and the numbers,
// tuples and sizes they are written with.

extension LayoutParser {
  mutating func parseSetting(_ word: String) throws(StatementError) -> Statement {
    switch word {
    case "canvas": return try parseCanvas()
    case "direction": return try parseDirection()
    case "spacing": return try parseSpacing()
    default: return try parseMetric()
    }
  }

  /// `canvas NAME WxH [safe (top, left, bottom, right)]`
  mutating func parseCanvas() throws(StatementError) -> Statement {
    let keyword = current
    advance()
    let nameToken = try expect(.identifier, "expected the canvas's name after 'canvas', as in 'canvas iPhone8 375x667'")
    let size = try parseSize(
      allowMissingAxis: false,
      message: "expected the canvas size as WIDTHxHEIGHT, as in 'canvas \(text(nameToken)) 375x667'")
    var safeArea: EdgeInsets?
    var traits: [TraitWord] = []
    var end = size.range.end
    let options = ["safe", "traits"]
    while current.kind == .identifier {
      let word = text(current)
      if word == "safe", safeArea == nil {
        advance()
        let values = try parseTuple(
          count: 4, what: "safe-area insets", example: "safe (44, 0, 34, 0)")
        safeArea = EdgeInsets(
          top: values.numbers[0], left: values.numbers[1], bottom: values.numbers[2], right: values.numbers[3])
        end = values.range.end
      } else if word == "traits", traits.isEmpty {
        let traitsKeyword = current
        advance()
        traits = try parseTraitWords(
          after: "'traits'", example: "canvas \(text(nameToken)) \(lexer.text(size.range)) traits wC hR", allowsOne: false)
        end = traits.last?.range.end ?? traitsKeyword.range.end
      } else if options.contains(word) {
        throw StatementError(message: "'\(word)' is given twice for the canvas; each option may appear once", range: current.range)
      } else if let suggestion = closestWord(to: word, among: options) {
        throw StatementError(
          message: "unknown canvas option '\(word)'; did you mean '\(suggestion)'?", range: current.range)
      } else {
        break
      }
    }
    let node = CanvasDeclaration(
      name: identifier(nameToken), width: size.width ?? 0, height: size.height ?? 0, safeArea: safeArea,
      traits: traits, range: SourceRange(start: keyword.range.start, end: end))
    finishStatement("the canvas")
    return .canvas(node)
  }

  /// `direction ltr|rtl|both`
  mutating func parseDirection() throws(StatementError) -> Statement {
    let keyword = current
    advance()
    guard current.kind == .identifier, let value = WritingDirections(rawValue: text(current)) else {
      throw StatementError(message: "expected 'ltr', 'rtl' or 'both' after 'direction'", range: current.range)
    }
    let node = DirectionDeclaration(value: value, range: keyword.range.union(current.range))
    advance()
    finishStatement("the direction")
    return .direction(node)
  }

  /// `spacing SIBLING [SUPERVIEW|margins]`
  mutating func parseSpacing() throws(StatementError) -> Statement {
    let keyword = current
    advance()
    guard let sibling = try parseSignedNumber() else {
      throw StatementError(
        message: "expected the standard spacing between sibling views after 'spacing', as in 'spacing 8 20'",
        range: current.range)
    }
    var end = sibling.range.end
    var superview: SuperviewSpacing?
    if isIdentifier(current, "margins") {
      superview = .margins
      end = current.range.end
      advance()
    } else if let number = try parseSignedNumber() {
      superview = .points(number.value)
      end = number.range.end
    } else if !isAtStatementEnd {
      throw StatementError(
        message: "expected the spacing to the superview's edge (a number or 'margins') after the sibling spacing",
        range: current.range)
    }
    let node = SpacingDeclaration(
      sibling: sibling.value, superview: superview, range: SourceRange(start: keyword.range.start, end: end))
    finishStatement("the spacing")
    return .spacing(node)
  }

  /// `metric NAME = NUMBER`
  mutating func parseMetric() throws(StatementError) -> Statement {
    let keyword = current
    advance()
    let nameToken = try expect(.identifier, "expected the metric's name after 'metric', as in 'metric pad = 20'")
    let equalMessage = "expected '=' after the metric's name, as in 'metric \(text(nameToken)) = 20'"
    try expect(.equal, equalMessage)
    guard let value = try parseSignedNumber() else {
      throw StatementError(
        message: "expected a number after '=': a metric is a named number, as in 'metric \(text(nameToken)) = 20'",
        range: current.range)
    }
    let node = MetricDeclaration(
      name: identifier(nameToken), value: value.value, valueRange: value.range,
      range: SourceRange(start: keyword.range.start, end: value.range.end))
    finishStatement("the metric")
    return .metric(node)
  }

  // MARK: - Numbers

  /// A number with an optional leading `-`, or nil (consuming nothing) when there is none.
  mutating func parseSignedNumber() throws(StatementError) -> (value: Double, range: SourceRange)? {
    if current.kind == .number {
      let token = try takeNumber()
      return (token.number, token.range)
    }
    guard current.kind == .minus else { return nil }
    let minus = current
    advance()
    guard current.kind == .number else {
      throw StatementError(message: "expected a number after '-'", range: current.range)
    }
    let token = try takeNumber()
    return (-token.number, minus.range.union(token.range))
  }

  /// What a number that overflows a double is told (`1e309` in a Visual Format string, a
  /// `1` followed by 400 zeros in a layout file).
  static let tooLarge = "this number is too large: it overflows to infinity; numbers must be finite (a layout's numbers should stay within ±10,000,000)"

  /// Consumes the current token, a number, and returns it; a number that does not fit in a
  /// double (it reads as infinity) is a syntax error at the literal.
  mutating func takeNumber() throws(StatementError) -> Token {
    let token = current
    guard token.number.isFinite else { throw StatementError(message: Self.tooLarge, range: token.range) }
    advance()
    return token
  }

  /// `(a, b, c, d)` with `,`, `;` or blanks between the numbers.
  mutating func parseTuple(count: Int, what: String, example: String)
    throws(StatementError) -> (numbers: [Double], range: SourceRange)
  {
    let open = try expect(.leftParenthesis, "expected '(' to start the \(what), as in '\(example)'")
    var numbers: [Double] = []
    while true {
      if current.kind == .rightParenthesis {
        guard numbers.count == count else {
          throw StatementError(
            message:
              "expected \(count) numbers in the \(what), as in '\(example)', but \(numbers.count) \(numbers.count == 1 ? "is" : "are") given",
            range: open.range.union(current.range))
        }
        let close = current
        advance()
        return (numbers, open.range.union(close.range))
      }
      if !numbers.isEmpty, current.kind == .comma || current.kind == .semicolon { advance() }
      guard let number = try parseSignedNumber() else {
        throw StatementError(
          message: "expected a number or ')' in the \(what), as in '\(example)', but found \(describe(current))",
          range: current.range)
      }
      if numbers.count == count {
        throw StatementError(
          message: "expected \(count) numbers in the \(what), as in '\(example)'; this one is too many",
          range: number.range)
      }
      numbers.append(number.value)
    }
  }

  /// A size written `WxH`, `Wx-` or `-xH` (one lexeme in most lexers, so read from the bytes).
  mutating func parseSize(allowMissingAxis: Bool, message: String) throws(StatementError)
    -> (width: Double?, height: Double?, range: SourceRange)
  {
    let start = current.range.start
    var offset = start
    func scanAxis(_ offset: inout Int) -> (value: Double?, present: Bool) {
      let begin = offset
      while let byte = byte(at: offset), ASCII.isDigit(byte) { offset += 1 }
      if byte(at: offset) == ASCII.dot, let next = byte(at: offset + 1), ASCII.isDigit(next) {
        offset += 1
        while let byte = byte(at: offset), ASCII.isDigit(byte) { offset += 1 }
      }
      if offset > begin {
        return (Double(lexer.text(SourceRange(start: begin, end: offset))) ?? .infinity, true)
      }
      if allowMissingAxis, byte(at: offset) == ASCII.minus {
        offset += 1
        return (nil, true)
      }
      return (nil, false)
    }
    let width = scanAxis(&offset)
    guard width.present else { throw StatementError(message: message, range: current.range) }
    if let value = width.value, !value.isFinite {
      throw StatementError(message: Self.tooLarge, range: SourceRange(start: start, end: offset))
    }
    let heightStart = offset + 1
    guard let cross = byte(at: offset), cross == UInt8(ascii: "x") || cross == UInt8(ascii: "X") else {
      throw StatementError(message: message, range: SourceRange(start: start, end: max(offset, start + 1)))
    }
    offset += 1
    let height = scanAxis(&offset)
    guard height.present else {
      throw StatementError(message: message, range: SourceRange(start: start, end: offset))
    }
    if let value = height.value, !value.isFinite {
      throw StatementError(message: Self.tooLarge, range: SourceRange(start: heightStart, end: offset))
    }
    if let after = byte(at: offset), ASCII.isIdentifierContinuation(after) || after == ASCII.dot {
      throw StatementError(message: message, range: SourceRange(start: start, end: offset + 1))
    }
    let range = SourceRange(start: start, end: offset)
    if width.value == nil && height.value == nil {
      throw StatementError(message: "an intrinsic size needs a value on at least one axis, as in '120x-'", range: range)
    }
    reset(to: offset)
    return (width.value, height.value, range)
  }
}
