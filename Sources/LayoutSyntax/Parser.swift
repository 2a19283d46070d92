// The recursive-descent parser of `.layout` and `.vfl` files.
//
// Parsing is total: any bytes give a `LayoutFile`. A statement with a syntax error is
// reported (a `syntax` diagnostic with the exact range and a message that says what was
// expected) and left out of the tree, and parsing resumes at the next statement, so one
// typo never hides the rest of the file. Two exceptions keep more of the tree: a visual
// format that does not parse stays as a statement with `format == nil`, and a view whose
// properties have an error keeps the properties that parsed and its body.
//
// Nothing recurses with the input: view bodies are kept on an explicit stack, and their
// depth is bounded by `Parser.maximumNestingDepth`; a deeper body is reported and skipped.

/// Parses layout files.
public enum Parser {
  /// How many view bodies may nest inside each other.
  public static let maximumNestingDepth = 256

  /// Parses a file's bytes.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents; invalid UTF-8 is reported, never fatal.
  ///   - kind: Whether the file is a `.layout` or a `.vfl` file.
  /// - Returns: The statements that parsed and the `syntax` diagnostics, in source order.
  public static func parse(_ bytes: [UInt8], kind: FileKind) -> LayoutFile {
    var parser = LayoutParser(bytes: bytes, kind: kind)
    return parser.parseFile()
  }

  /// Parses a file's text.
  public static func parse(_ text: String, kind: FileKind) -> LayoutFile {
    parse(Array(text.utf8), kind: kind)
  }
}

/// Words that begin statements, for messages and "did you mean".
enum Keyword {
  static let topLevel = ["canvas", "direction", "spacing", "metric"]
  static let viewKinds = ["view", "label", "button", "image", "field", "switch"]
  static let properties = ["intrinsic", "hug", "resist", "frame", "insets", "baseline", "margins", "transform"]
  static let priorityNames = PriorityName.allCases.map(\.rawValue)
}

/// What parsing a statement gave.
enum ParsedStatement {
  /// A whole statement.
  case complete(Statement)
  /// A view whose `{` was read: the statements up to its `}` are its body.
  case opened(OpenView)
}

/// A view declaration whose body is being parsed.
struct OpenView {
  var kind: Identifier
  var name: Identifier
  var properties: [ViewProperty]
  /// The range of the `{`.
  var openBrace: SourceRange
  var body: [Statement]
  /// The end of the declaration before its body.
  var end: Int

  /// The declaration, with its body closed by `close` (the `}`, or an empty range at the end
  /// of the file), or without a body when `close` is nil.
  func declaration(closedAt close: SourceRange?) -> ViewDeclaration {
    let bodyRange = close.map { openBrace.union($0) }
    return ViewDeclaration(
      kind: kind, name: name, properties: properties, body: body, bodyRange: bodyRange,
      range: SourceRange(start: kind.range.start, end: bodyRange?.end ?? end))
  }
}

/// A syntax error found while parsing one statement; the statement is then skipped.
struct StatementError: Error {
  var message: String
  var range: SourceRange
}

/// The state of one parse: the lexer, the current token and the diagnostics so far.
struct LayoutParser {
  var lexer: Lexer
  let kind: FileKind
  /// The token the parser looks at; `lexer.position` is just past it.
  var current: Token
  var diagnostics: [Diagnostic] = []
  /// Set once a too-deep body has been skipped to the end of the file, so that each
  /// enclosing body does not also report its missing `}`.
  var suppressUnterminatedBodies = false
  /// The end of the last consumed token: where a statement that stops here ends.
  var previousEnd = 0

  init(bytes: [UInt8], kind: FileKind) {
    lexer = Lexer(bytes: bytes)
    self.kind = kind
    current = Token(kind: .endOfFile, range: SourceRange(at: 0))
    current = lexer.next()
  }

  var bytes: [UInt8] { lexer.bytes }

  // MARK: - Tokens

  mutating func advance() {
    previousEnd = current.range.end
    current = lexer.next()
  }

  /// The token after the current one, without consuming anything.
  func peek() -> Token {
    var copy = lexer
    return copy.next()
  }

  /// Moves the parser so that the next token starts at or after `offset`.
  mutating func reset(to offset: Int) {
    lexer.position = min(max(offset, 0), bytes.count)
    previousEnd = lexer.position
    current = lexer.next()
  }

  func text(_ token: Token) -> String { lexer.text(token.range) }

  func byte(at offset: Int) -> UInt8? { lexer.byte(at: offset) }

  func isIdentifier(_ token: Token, _ word: String) -> Bool {
    token.kind == .identifier && text(token) == word
  }

  func identifier(_ token: Token) -> Identifier {
    Identifier(name: text(token), range: token.range)
  }

  /// Whether the current token ends a statement (without consuming it).
  var isAtStatementEnd: Bool {
    switch current.kind {
    case .newline, .semicolon, .endOfFile: true
    // A `.vfl` file has no bodies, so a `}` there is just a bad character of a format.
    case .rightBrace: kind == .layout
    default: false
    }
  }

  /// How a token is shown in a message.
  func describe(_ token: Token) -> String {
    switch token.kind {
    case .endOfFile: return "the end of the file"
    case .newline: return "the end of the line"
    case .string: return "a quoted string"
    case .unknown:
      let text = text(token)
      if token.range.length == 1, let byte = byte(at: token.range.start), byte >= 0x80 || byte < 0x20 {
        let hex = String(byte, radix: 16, uppercase: true)
        return "the byte 0x\(hex.count < 2 ? "0" + hex : hex)"
      }
      return "'\(text)'"
    default:
      return "'\(text(token))'"
    }
  }

  mutating func report(_ message: String, at range: SourceRange) {
    var range = range
    // An error at a line break points at the end of the line, not into the next line.
    if range.length == 1, byte(at: range.start) == ASCII.newline {
      let end = byte(at: range.start - 1) == ASCII.carriageReturn ? range.start - 1 : range.start
      range = SourceRange(at: end)
    }
    diagnostics.append(.syntax(message, at: range))
  }

  /// Fails the statement unless the current token has `kind`; consumes it otherwise.
  @discardableResult
  mutating func expect(_ kind: TokenKind, _ message: String) throws(StatementError) -> Token {
    guard current.kind == kind else { throw StatementError(message: message, range: current.range) }
    let token = current
    advance()
    return token
  }

  // MARK: - Recovery

  /// Skips the rest of a statement: to a newline or `;` outside braces and parentheses,
  /// before a `}` that closes the enclosing body, or to the end of the file. Braces opened
  /// on the way are skipped with what is between them, without recursion.
  mutating func skipStatement(stopAtBrace: Bool = false) {
    if kind == .vfl {
      while current.kind != .endOfFile && current.kind != .newline && current.kind != .semicolon { advance() }
      return
    }
    var braces = 0
    var parentheses = 0
    while true {
      switch current.kind {
      case .endOfFile:
        return
      case .newline:
        if braces == 0 { return }
        parentheses = 0
      case .semicolon:
        if braces == 0 && parentheses == 0 { return }
      case .leftParenthesis:
        parentheses += 1
      case .rightParenthesis:
        parentheses = max(parentheses - 1, 0)
      case .leftBrace:
        if braces == 0 && stopAtBrace { return }
        braces += 1
      case .rightBrace:
        if braces == 0 { return }
        braces -= 1
      default:
        break
      }
      advance()
    }
  }

  /// Moves past the current token if a statement consumed nothing, so that no input can
  /// make the parser loop forever. No statement form should need it.
  mutating func ensureProgress(since offset: Int) {
    guard current.range.start == offset, current.kind != .endOfFile else { return }
    assertionFailure("the parser made no progress at offset \(offset)")
    advance()
  }

  /// Consumes the newlines and semicolons between statements.
  mutating func skipSeparators() {
    while current.kind == .newline || current.kind == .semicolon { advance() }
  }

  /// Reports that a statement went on after its end, and skips the rest.
  mutating func finishStatement(_ what: String) {
    if isAtStatementEnd { return }
    report(
      "unexpected \(describe(current)) after \(what); a statement ends at the end of the line or at ';'",
      at: current.range)
    skipStatement()
  }

  // MARK: - File and bodies

  /// Parses the whole file.
  ///
  /// View bodies are parsed without recursion: a view whose `{` opens a body is pushed on
  /// a stack of open views, the statements that follow go into the innermost one, and its
  /// `}` pops it into its parent. So nesting costs no call stack, however deep.
  mutating func parseFile() -> LayoutFile {
    var statements: [Statement] = []
    var openViews: [OpenView] = []
    while true {
      skipSeparators()
      switch current.kind {
      case .endOfFile:
        // Close what is still open, innermost first.
        while let view = openViews.popLast() {
          if !suppressUnterminatedBodies {
            report(
              "this '{' is never closed: the view's body needs a '}' before the end of the file",
              at: view.openBrace)
          }
          let node = Statement.view(view.declaration(closedAt: SourceRange(at: current.range.end)))
          if openViews.isEmpty { statements.append(node) } else { openViews[openViews.count - 1].body.append(node) }
        }
        let sorted = diagnostics.enumerated().sorted { left, right in
          (left.element.range, left.offset) < (right.element.range, right.offset)
        }
        return LayoutFile(kind: kind, statements: statements, diagnostics: sorted.map(\.element))
      case .rightBrace where kind == .layout:
        guard let view = openViews.popLast() else {
          report("unexpected '}': there is no open '{' of a view's body to close", at: current.range)
          advance()
          continue
        }
        let close = current
        advance()
        let node = Statement.view(view.declaration(closedAt: close.range))
        finishStatement("the view declaration")
        if openViews.isEmpty { statements.append(node) } else { openViews[openViews.count - 1].body.append(node) }
      default:
        let before = current.range.start
        switch parseStatement(depth: openViews.count) {
        case .complete(let node)?:
          if openViews.isEmpty { statements.append(node) } else { openViews[openViews.count - 1].body.append(node) }
        case .opened(let view)?:
          openViews.append(view)
        case nil:
          break
        }
        ensureProgress(since: before)
      }
    }
  }

  /// Skips a body that would nest deeper than the limit, at the token after its `{`, by
  /// counting braces; returns the range of the `}` that closes it, or nil at the end of the file.
  mutating func skipTooDeepBody(openBrace: SourceRange) -> SourceRange? {
    report(
      "view bodies are nested too deeply (more than \(Parser.maximumNestingDepth) levels); this body is skipped",
      at: openBrace)
    var braces = 1
    while current.kind != .endOfFile {
      if current.kind == .leftBrace { braces += 1 }
      if current.kind == .rightBrace {
        braces -= 1
        if braces == 0 {
          let close = current
          advance()
          return close.range
        }
      }
      advance()
    }
    // The enclosing bodies are unclosed too; one report for the whole pile is enough.
    suppressUnterminatedBodies = true
    return nil
  }

  // MARK: - Statements

  /// Parses one statement at the current token (not a separator, `}` or the end).
  ///
  /// - Returns: The statement, a view whose body the statements that follow fill, or nil
  ///   when it had an error; the error is reported and the statement skipped.
  mutating func parseStatement(depth: Int) -> ParsedStatement? {
    do {
      if kind == .layout { return try parseLayoutStatement(depth: depth) }
      return .complete(try parseVFLFileStatement())
    } catch {
      report(error.message, at: error.range)
      skipStatement()
      return nil
    }
  }

  mutating func parseLayoutStatement(depth: Int) throws(StatementError) -> ParsedStatement {
    let start = current
    switch start.kind {
    case .string, .bar, .leftBracket:
      return .complete(try parseVisualFormatStatement())
    case .identifier:
      break
    case .leftBrace:
      throw StatementError(
        message: "unexpected '{': a body belongs after a view declaration on the same line, as in 'view a {'",
        range: start.range)
    default:
      throw StatementError(
        message:
          "expected a statement (a view, a constraint, a visual format or a setting), but found \(describe(start))",
        range: start.range)
    }
    let word = text(start)
    if isVisualFormatStart(start) { return .complete(try parseVisualFormatStatement()) }
    let next = peek()
    if next.kind == .colon {
      advance()
      advance()
      let label = Identifier(name: word, range: start.range)
      if current.kind == .bar || current.kind == .leftBracket {
        let orientationHint =
          word == "h" || word == "v" ? "; the orientation of a visual format is written in capitals: '\(word.uppercased()):'"
          : ""
        throw StatementError(
          message: "expected a constraint after the label '\(word):'\(orientationHint)", range: current.range)
      }
      return .complete(try parseConstraint(label: label, start: start.range.start))
    }
    if next.kind == .dot { return .complete(try parseConstraint(label: nil, start: start.range.start)) }
    if Keyword.topLevel.contains(word) {
      if depth > 0 {
        throw StatementError(
          message: "'\(word)' is only allowed at the top level of a file, not inside a view's body",
          range: start.range)
      }
      return .complete(try parseSetting(word))
    }
    if Keyword.viewKinds.contains(word) { return try parseView(depth: depth) }
    if next.kind == .identifier {
      let suggestion = closestWord(to: word, among: Keyword.viewKinds + Keyword.topLevel)
      throw StatementError(
        message:
          "unknown statement '\(word)'\(suggestion.map { "; did you mean '\($0)'?" } ?? "; a view declaration starts with view, label, button, image, field or switch")",
        range: start.range)
    }
    throw StatementError(
      message:
        "expected '.' and an attribute after '\(word)' (as in '\(word).width == 100'), or a view kind such as 'view \(word)'",
      range: next.kind == .endOfFile || next.kind == .newline ? start.range : next.range)
  }

  /// Whether an identifier starts a visual format line: `H:` or `V:` followed by `|`, `[`
  /// or `"` (after optional blanks), or `H`/`V` directly followed by `|` or `[` (a format
  /// missing its colon, which the VFL parser reports as Apple does).
  func isVisualFormatStart(_ token: Token) -> Bool {
    guard token.kind == .identifier, token.range.length == 1,
      let letter = byte(at: token.range.start), letter == UInt8(ascii: "H") || letter == UInt8(ascii: "V"),
      let after = byte(at: token.range.end)
    else { return false }
    if after == ASCII.bar || after == ASCII.leftBracket { return true }
    guard after == ASCII.colon else { return false }
    var offset = token.range.end + 1
    while let byte = byte(at: offset), ASCII.isBlank(byte) { offset += 1 }
    guard let first = byte(at: offset) else { return false }
    return first == ASCII.bar || first == ASCII.leftBracket || first == ASCII.quote
  }

  /// A statement of a `.vfl` file: a setting or a visual format.
  mutating func parseVFLFileStatement() throws(StatementError) -> Statement {
    let start = current
    if start.kind == .identifier, !isVisualFormatStart(start) {
      let word = text(start)
      let next = peek()
      if Keyword.topLevel.contains(word), next.kind != .dot, next.kind != .colon {
        return try parseSetting(word)
      }
      if Keyword.viewKinds.contains(word), next.kind == .identifier {
        throw StatementError(
          message:
            "view declarations belong in .layout files; a .vfl file holds one visual format per line, and the views it names are declared implicitly",
          range: start.range)
      }
      if next.kind == .dot || (next.kind == .colon && looksLikeLabelledConstraint(after: next)) {
        throw StatementError(
          message:
            "explicit constraints belong in .layout files; a .vfl file holds one visual format per line, such as H:|-[a]-[b]-|",
          range: start.range)
      }
    }
    return try parseVisualFormatStatement()
  }

  /// Whether `NAME:` is followed by `ITEM.` — a labelled constraint rather than a format.
  func looksLikeLabelledConstraint(after colon: Token) -> Bool {
    var copy = lexer
    copy.position = colon.range.end
    let item = copy.next()
    return item.kind == .identifier && copy.next().kind == .dot
  }

  // MARK: - Settings

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
      allowMissingAxis: false, message: "expected the canvas size as WIDTHxHEIGHT, as in 'canvas \(text(nameToken)) 375x667'")
    var safeArea: EdgeInsets?
    var end = size.range.end
    if isIdentifier(current, "safe") {
      advance()
      let values = try parseTuple(
        count: 4, what: "safe-area insets", example: "safe (44, 0, 34, 0)")
      safeArea = EdgeInsets(top: values.numbers[0], left: values.numbers[1], bottom: values.numbers[2], right: values.numbers[3])
      end = values.range.end
    } else if current.kind == .identifier, closestWord(to: text(current), among: ["safe"]) != nil {
      throw StatementError(message: "unknown canvas option '\(text(current))'; did you mean 'safe'?", range: current.range)
    }
    let node = CanvasDeclaration(
      name: identifier(nameToken), width: size.width ?? 0, height: size.height ?? 0, safeArea: safeArea,
      range: SourceRange(start: keyword.range.start, end: end))
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
      let token = current
      advance()
      return (token.number, token.range)
    }
    guard current.kind == .minus else { return nil }
    let minus = current
    advance()
    guard current.kind == .number else {
      throw StatementError(message: "expected a number after '-'", range: current.range)
    }
    let token = current
    advance()
    return (-token.number, minus.range.union(token.range))
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
            message: "expected \(count) numbers in the \(what), as in '\(example)', but \(numbers.count) \(numbers.count == 1 ? "is" : "are") given",
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
        return (Double(lexer.text(SourceRange(start: begin, end: offset))), true)
      }
      if allowMissingAxis, byte(at: offset) == ASCII.minus {
        offset += 1
        return (nil, true)
      }
      return (nil, false)
    }
    let width = scanAxis(&offset)
    guard width.present else { throw StatementError(message: message, range: current.range) }
    guard let cross = byte(at: offset), cross == UInt8(ascii: "x") || cross == UInt8(ascii: "X") else {
      throw StatementError(message: message, range: SourceRange(start: start, end: max(offset, start + 1)))
    }
    offset += 1
    let height = scanAxis(&offset)
    guard height.present else {
      throw StatementError(message: message, range: SourceRange(start: start, end: offset))
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

  // MARK: - Views

  /// `KIND NAME [PROPERTY…] [{ BODY }]`; a `{` returns the view open, for its body to follow.
  mutating func parseView(depth: Int) throws(StatementError) -> ParsedStatement {
    let kindToken = current
    advance()
    guard current.kind == .identifier else {
      throw StatementError(
        message: "expected the view's name after '\(text(kindToken))', as in '\(text(kindToken)) title'",
        range: current.range)
    }
    let nameToken = current
    advance()
    var view = OpenView(
      kind: identifier(kindToken), name: identifier(nameToken), properties: [], openBrace: SourceRange(at: 0),
      body: [], end: nameToken.range.end)
    var seen: Set<String> = []
    while current.kind == .identifier {
      do {
        let property = try parseProperty()
        if seen.contains(property.keyword.name) {
          report(
            "'\(property.keyword.name)' is given twice for '\(text(nameToken))'; each property may appear once",
            at: property.range)
        } else {
          seen.insert(property.keyword.name)
          view.properties.append(property)
        }
        view.end = property.range.end
      } catch {
        report(error.message, at: error.range)
        // Keep the view and its body: skip only the rest of the property list.
        skipStatement(stopAtBrace: true)
        break
      }
    }
    if current.kind != .leftBrace && !isAtStatementEnd {
      report(
        "expected a view property (\(Keyword.properties.joined(separator: ", "))), '{' or the end of the line, but found \(describe(current))",
        at: current.range)
      skipStatement(stopAtBrace: true)
    }
    guard current.kind == .leftBrace else {
      let node = view.declaration(closedAt: nil)
      finishStatement("the view declaration")
      return .complete(.view(node))
    }
    view.openBrace = current.range
    advance()
    if depth >= Parser.maximumNestingDepth {
      let close = skipTooDeepBody(openBrace: view.openBrace)
      let node = view.declaration(closedAt: close ?? SourceRange(at: current.range.end))
      finishStatement("the view declaration")
      return .complete(.view(node))
    }
    return .opened(view)
  }

  /// One property of a view, at its keyword.
  mutating func parseProperty() throws(StatementError) -> ViewProperty {
    let keywordToken = current
    let word = text(keywordToken)
    let keyword = identifier(keywordToken)
    advance()
    let value: ViewPropertyValue
    var end: Int
    switch word {
    case "intrinsic":
      let size = try parseSize(
        allowMissingAxis: true, message: "expected an intrinsic size as WIDTHxHEIGHT, Wx- or -xH, as in 'intrinsic 120x21'")
      value = .intrinsic(width: size.width, height: size.height)
      end = size.range.end
    case "hug", "resist":
      guard let horizontal = try parseSignedNumber() else {
        throw StatementError(
          message: "expected a priority after '\(word)', as in '\(word) \(word == "hug" ? "251" : "750")' or '\(word) \(word == "hug" ? "251/250" : "750/1000")'",
          range: current.range)
      }
      var vertical = horizontal
      if current.kind == .slash {
        advance()
        guard let second = try parseSignedNumber() else {
          throw StatementError(message: "expected the vertical priority after '/'", range: current.range)
        }
        vertical = second
      }
      value =
        word == "hug"
        ? .hugging(horizontal: horizontal.value, vertical: vertical.value)
        : .compressionResistance(horizontal: horizontal.value, vertical: vertical.value)
      end = vertical.range.end
    case "frame":
      let tuple = try parseTuple(count: 4, what: "frame", example: "frame (0 0; 320 480)")
      value = .frame(Rect(x: tuple.numbers[0], y: tuple.numbers[1], width: tuple.numbers[2], height: tuple.numbers[3]))
      end = tuple.range.end
    case "insets":
      let tuple = try parseTuple(count: 4, what: "insets", example: "insets (0, 2, 0, 2)")
      value = .alignmentInsets(EdgeInsets(top: tuple.numbers[0], left: tuple.numbers[1], bottom: tuple.numbers[2], right: tuple.numbers[3]))
      end = tuple.range.end
    case "margins":
      let tuple = try parseTuple(count: 4, what: "margins", example: "margins (8, 16, 8, 16)")
      value = .margins(DirectionalInsets(top: tuple.numbers[0], leading: tuple.numbers[1], bottom: tuple.numbers[2], trailing: tuple.numbers[3]))
      end = tuple.range.end
    case "baseline":
      guard let number = try parseSignedNumber() else {
        throw StatementError(
          message: "expected the baseline's offset from the bottom after 'baseline', as in 'baseline 4'",
          range: current.range)
      }
      value = .baseline(number.value)
      end = number.range.end
    case "transform":
      let kind = current
      guard kind.kind == .identifier, text(kind) == "rotate" || text(kind) == "scale" else {
        throw StatementError(
          message: "expected 'rotate DEGREES' or 'scale FACTOR' after 'transform'", range: current.range)
      }
      advance()
      guard let number = try parseSignedNumber() else {
        throw StatementError(
          message: "expected a number after '\(text(kind))', as in 'transform \(text(kind)) \(text(kind) == "rotate" ? "90" : "1.5")'",
          range: current.range)
      }
      value = text(kind) == "rotate" ? .transform(.rotate(degrees: number.value)) : .transform(.scale(number.value))
      end = number.range.end
    default:
      let suggestion = closestWord(to: word, among: Keyword.properties)
      throw StatementError(
        message:
          "unknown view property '\(word)'\(suggestion.map { "; did you mean '\($0)'?" } ?? "; the properties are \(Keyword.properties.joined(separator: ", "))")",
        range: keywordToken.range)
    }
    return ViewProperty(value: value, keyword: keyword, range: SourceRange(start: keywordToken.range.start, end: end))
  }

  // MARK: - Constraints

  /// `ITEM.ATTR REL …` after an optional label.
  mutating func parseConstraint(label: Identifier?, start: Int) throws(StatementError) -> Statement {
    let first = try parseAttributeReference()
    let relationToken = current
    let relation: Relation
    switch current.kind {
    case .equalEqual: relation = .equal
    case .greaterEqual: relation = .greaterThanOrEqual
    case .lessEqual: relation = .lessThanOrEqual
    case .equal:
      throw StatementError(message: "a constraint's relation is '==', not '=' (or '>=', '<=')", range: current.range)
    case .greater, .less:
      throw StatementError(message: "unknown relation '\(text(current))'; a constraint's relation is ==, >= or <=", range: current.range)
    default:
      throw StatementError(
        message: "expected a relation (==, >= or <=) after \(first.item.name.name).\(first.attributeName.name), but found \(describe(current))",
        range: current.range)
    }
    advance()

    var second: AttributeReference?
    var multiplier: NumericTerm?
    var constant: NumericTerm?
    var negated = false
    var minusRange: SourceRange?
    if current.kind == .minus {
      negated = true
      minusRange = current.range
      advance()
    }
    if current.kind == .identifier, peek().kind == .dot {
      if let minusRange {
        throw StatementError(
          message: "an attribute cannot be negated; write a negative multiplier instead, as in '-1 * \(text(current)).width'",
          range: minusRange)
      }
      second = try parseAttributeReference()
    } else if current.kind == .number || current.kind == .identifier {
      var term = try parseNumericTerm(negated: negated)
      if let minusRange { term.range = minusRange.union(term.range) }
      if current.kind == .star {
        advance()
        multiplier = term
        second = try parseAttributeReference()
      } else {
        constant = term
      }
    } else {
      throw StatementError(
        message: "expected a number, a metric or an attribute such as super.width after '\(text(relationToken))', but found \(describe(current))",
        range: current.range)
    }

    if second != nil {
      if current.kind == .star {
        let star = current
        advance()
        if multiplier != nil {
          throw StatementError(message: "the multiplier is given twice; write it on one side only", range: star.range)
        }
        var isNegated = false
        var start = current.range.start
        if current.kind == .minus {
          isNegated = true
          start = current.range.start
          advance()
        }
        var term = try parseNumericTerm(negated: isNegated)
        term.range = SourceRange(start: start, end: term.range.end)
        multiplier = term
      }
      if current.kind == .plus || current.kind == .minus {
        let operatorToken = current
        advance()
        var isNegated = operatorToken.kind == .minus
        if current.kind == .minus {
          isNegated.toggle()
          advance()
        }
        var term = try parseNumericTerm(negated: isNegated)
        term.range = operatorToken.range.union(term.range)
        constant = term
      }
    }

    var priority: PriorityTerm?
    if current.kind == .at { priority = try parsePriority() }

    let node = ConstraintStatement(
      label: label, first: first, relation: relation, relationRange: relationToken.range, second: second,
      multiplier: multiplier, constant: constant, priority: priority,
      range: SourceRange(start: start, end: previousEnd))
    if !isAtStatementEnd {
      let hint: String
      switch current.kind {
      case .star where second == nil: hint = "; a multiplier comes before an attribute, as in '2 * a.width'"
      case .slash: hint = "; only numbers can form a fraction, as in '9/16'"
      case .plus where second == nil, .minus where second == nil: hint = "; a constant constraint has one number"
      default: hint = ""
      }
      throw StatementError(
        message: "unexpected \(describe(current)) in the constraint\(hint); a statement ends at the end of the line or at ';'",
        range: current.range)
    }
    return .constraint(node)
  }

  /// `NAME.ATTR`, `super.ATTR`, `NAME.safeArea.ATTR`.
  mutating func parseAttributeReference() throws(StatementError) -> AttributeReference {
    guard current.kind == .identifier else {
      throw StatementError(
        message: "expected a view's attribute, such as title.width or super.centerX, but found \(describe(current))",
        range: current.range)
    }
    let itemToken = current
    advance()
    guard current.kind == .dot else {
      throw StatementError(
        message: "expected '.' and an attribute after '\(text(itemToken))', as in '\(text(itemToken)).width'",
        range: current.kind == .newline || current.kind == .endOfFile ? itemToken.range : current.range)
    }
    advance()
    guard current.kind == .identifier else {
      throw StatementError(
        message: "expected an attribute name after '\(text(itemToken)).', such as width, top or centerX",
        range: current.range)
    }
    var attributeToken = current
    advance()
    var guide: Identifier?
    if text(attributeToken) == "safeArea" {
      guard current.kind == .dot else {
        throw StatementError(
          message: "expected an attribute of the safe area after '\(text(itemToken)).safeArea', as in '\(text(itemToken)).safeArea.top'",
          range: current.kind == .newline || current.kind == .endOfFile ? attributeToken.range : current.range)
      }
      advance()
      guard current.kind == .identifier else {
        throw StatementError(message: "expected an attribute name after 'safeArea.', such as top", range: current.range)
      }
      guide = identifier(attributeToken)
      attributeToken = current
      advance()
    }
    let attributeName = text(attributeToken)
    guard let attribute = LayoutAttribute(name: attributeName) else {
      var candidates = LayoutAttribute.writtenNames
      let isFollowedByDot = guide == nil && current.kind == .dot
      if isFollowedByDot { candidates.append("safeArea") }
      var suggestion = closestWord(to: attributeName, among: candidates)
      // UIKit spellings: `safeAreaLayoutGuide.top`, `leadingAnchor`.
      if isFollowedByDot, attributeName.hasPrefix("safeArea") { suggestion = "safeArea" }
      if attributeName.hasSuffix("Anchor"), let anchor = LayoutAttribute(name: String(attributeName.dropLast(6))) {
        suggestion = attributeName.dropLast(6) == "baseline" ? "baseline" : anchor.rawValue
      }
      throw StatementError(
        message:
          "unknown attribute '\(attributeName)'\(suggestion.map { "; did you mean '\($0)'?" } ?? "; the attributes are \(LayoutAttribute.writtenNames.joined(separator: ", "))")",
        range: attributeToken.range)
    }
    if current.kind == .dot {
      throw StatementError(
        message: guide == nil && attributeName != "safeArea"
          ? "unexpected '.' after the attribute '\(attributeName)'; only 'safeArea' may come between a view and its attribute"
          : "unexpected '.' after the attribute '\(attributeName)'",
        range: current.range)
    }
    let item = ItemReference(
      name: identifier(itemToken), guide: guide,
      range: SourceRange(start: itemToken.range.start, end: guide?.range.end ?? itemToken.range.end))
    return AttributeReference(
      item: item, attribute: attribute, attributeName: identifier(attributeToken),
      range: SourceRange(start: itemToken.range.start, end: attributeToken.range.end))
  }

  /// A number, a fraction `9/16`, or a metric name; `negated` when written after `-`.
  mutating func parseNumericTerm(negated: Bool) throws(StatementError) -> NumericTerm {
    if current.kind == .identifier {
      let token = current
      advance()
      return NumericTerm(value: .metric(identifier(token)), isNegated: negated, range: token.range)
    }
    guard current.kind == .number else {
      throw StatementError(message: "expected a number or a metric name, but found \(describe(current))", range: current.range)
    }
    let numerator = current
    advance()
    guard current.kind == .slash else {
      return NumericTerm(value: .number(numerator.number), isNegated: negated, range: numerator.range)
    }
    advance()
    guard current.kind == .number else {
      throw StatementError(
        message: "expected the denominator of the fraction after '/', as in '9/16'", range: current.range)
    }
    let denominator = current
    advance()
    let range = numerator.range.union(denominator.range)
    guard denominator.number != 0 else {
      throw StatementError(message: "a fraction's denominator cannot be 0", range: denominator.range)
    }
    return NumericTerm(value: .number(numerator.number / denominator.number), isNegated: negated, range: range)
  }

  /// `@P`: a number, a metric, or `required|high|low|fitting` with an optional `± N`.
  mutating func parsePriority() throws(StatementError) -> PriorityTerm {
    let at = current
    advance()
    if let number = try parseSignedNumber() {
      return PriorityTerm(value: .number(number.value), range: at.range.union(number.range))
    }
    guard current.kind == .identifier else {
      throw StatementError(
        message: "expected a priority after '@': a number, a metric, or required, high, low or fitting, but found \(describe(current))",
        range: current.kind == .newline || current.kind == .endOfFile ? at.range : current.range)
    }
    let nameToken = current
    advance()
    guard let name = PriorityName(rawValue: text(nameToken)) else {
      return PriorityTerm(value: .metric(identifier(nameToken)), range: at.range.union(nameToken.range))
    }
    guard current.kind == .plus || current.kind == .minus else {
      return PriorityTerm(value: .named(name, offset: 0), range: at.range.union(nameToken.range))
    }
    let sign: Double = current.kind == .minus ? -1 : 1
    advance()
    guard current.kind == .number else {
      throw StatementError(
        message: "expected a number after '\(sign < 0 ? "-" : "+")', as in '@\(name.rawValue)\(sign < 0 ? "-" : "+")1'",
        range: current.range)
    }
    let offset = current
    advance()
    return PriorityTerm(value: .named(name, offset: sign * offset.number), range: at.range.union(offset.range))
  }

  // MARK: - Visual formats

  /// A visual format line at the current token: the format, bare or quoted, then options.
  mutating func parseVisualFormatStatement() throws(StatementError) -> Statement {
    let start = current.range.start
    var characters: [UInt8] = []
    var offsets: [Int] = []
    var offset = start
    var isQuoted = false
    var formatStart = start
    var formatEnd = start

    /// Reads a quoted string at `offset` (its `"`), appending its non-blank characters.
    func readQuoted(_ offset: inout Int) throws(StatementError) {
      let open = offset
      offset += 1
      while let byte = byte(at: offset), byte != ASCII.quote, byte != ASCII.newline {
        if !ASCII.isBlank(byte) && byte != ASCII.carriageReturn {
          characters.append(byte)
          offsets.append(offset)
        }
        offset += 1
      }
      guard byte(at: offset) == ASCII.quote else {
        throw StatementError(
          message: "this quoted visual format is not closed: it needs a '\"' before the end of the line",
          range: SourceRange(start: open, end: open + 1))
      }
      formatEnd = offset
      offset += 1
    }

    if byte(at: offset) == ASCII.quote {
      isQuoted = true
      formatStart = offset + 1
      try readQuoted(&offset)
    } else {
      // `H:` and `V:` may be followed by blanks, which Apple would strip.
      if let letter = byte(at: offset), letter == UInt8(ascii: "H") || letter == UInt8(ascii: "V"),
        byte(at: offset + 1) == ASCII.colon
      {
        characters += [letter, ASCII.colon]
        offsets += [offset, offset + 1]
        offset += 2
        formatEnd = offset
        while let byte = byte(at: offset), ASCII.isBlank(byte) { offset += 1 }
        if byte(at: offset) == ASCII.quote {
          // `H:"[a]-[b]"`: the orientation outside the quotes joins the quoted format.
          isQuoted = true
          try readQuoted(&offset)
        }
      }
      if !isQuoted {
        while let byte = byte(at: offset), !isBareFormatTerminator(byte) {
          characters.append(byte)
          offsets.append(offset)
          offset += 1
          formatEnd = offset
        }
      }
    }
    let formatRange = SourceRange(start: formatStart, end: formatEnd)
    let (format, formatDiagnostics) = VisualFormatParser.parse(
      characters: characters, offsets: offsets, range: formatRange, bytes: bytes)
    diagnostics += formatDiagnostics
    reset(to: offset)
    let options = parseOptions()
    let end = max(options.last?.range.end ?? 0, offset)
    let node = VisualFormatStatement(
      isQuoted: isQuoted, formatRange: formatRange, format: format, options: options,
      range: SourceRange(start: start, end: end))
    return .visualFormat(node)
  }

  /// Whether a byte ends a bare (unquoted) format: white space, a comment, `;` or `}`.
  func isBareFormatTerminator(_ byte: UInt8) -> Bool {
    ASCII.isBlank(byte) || byte == ASCII.newline || byte == ASCII.carriageReturn || byte == ASCII.hash
      || byte == ASCII.semicolon || byte == ASCII.formFeed || byte == ASCII.verticalTab
      || (byte == ASCII.rightBrace && kind == .layout)
  }

  /// The `NSLayoutFormatOptions` after a format, as leniently as code pastes them:
  /// `alignAllTop`, `.alignAllTop`, `NSLayoutFormatAlignAllTop`, `[.alignAllTop, .alignAllBottom]`,
  /// `options: .alignAllTop | .alignAllBottom`. A bad token is reported and ends the list.
  mutating func parseOptions() -> [Identifier] {
    var options: [Identifier] = []
    var isFirst = true
    while !isAtStatementEnd {
      switch current.kind {
      case .comma, .bar, .leftBracket, .rightBracket:
        advance()
        continue
      case .identifier where isFirst && text(current) == "options":
        advance()
        if current.kind == .colon { advance() }
        isFirst = false
        continue
      case .dot, .identifier:
        break
      default:
        report(
          "expected a layout format option such as alignAllTop after the format, but found \(describe(current))",
          at: current.range)
        skipStatement()
        return options
      }
      isFirst = false
      let start = current.range.start
      if current.kind == .dot { advance() }
      guard current.kind == .identifier else {
        report("expected an option name after '.', such as alignAllTop", at: current.range)
        skipStatement()
        return options
      }
      var last = current
      advance()
      // `NSLayoutConstraint.FormatOptions.alignAllTop`: the last component names the option.
      while current.kind == .dot, peek().kind == .identifier {
        advance()
        last = current
        advance()
      }
      options.append(Identifier(name: Self.normalizedOptionName(text(last)), range: SourceRange(start: start, end: last.range.end)))
    }
    return options
  }

  /// `NSLayoutFormatAlignAllTop` → `alignAllTop`; other names stay as written.
  static func normalizedOptionName(_ name: String) -> String {
    let prefix = "NSLayoutFormat"
    guard name.hasPrefix(prefix), name.count > prefix.count else { return name }
    let rest = name.dropFirst(prefix.count)
    guard let first = rest.first else { return name }
    return first.lowercased() + rest.dropFirst()
  }
}

// MARK: - Did you mean

/// The candidate closest to `word` by edit distance, when it is close enough to be a typo.
func closestWord(to word: String, among candidates: [String]) -> String? {
  let written = Array(word.lowercased().utf8)
  // A typo is short; a long word is not worth comparing.
  guard written.count <= 64 else { return nil }
  var best: (word: String, distance: Int)?
  for candidate in candidates {
    let distance = editDistance(written, Array(candidate.lowercased().utf8))
    if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
  }
  guard let best else { return nil }
  let limit = max(1, min(3, written.count / 3))
  return best.distance <= limit ? best.word : nil
}

/// The edit distance between two byte strings, counting a swap of neighbours as one edit
/// (the optimal string alignment distance), so that `widht` is one edit from `width`.
func editDistance(_ left: [UInt8], _ right: [UInt8]) -> Int {
  if left.isEmpty { return right.count }
  if right.isEmpty { return left.count }
  let columns = right.count + 1
  var table = [Int](repeating: 0, count: (left.count + 1) * columns)
  for column in 0..<columns { table[column] = column }
  for row in 1...left.count {
    table[row * columns] = row
    for column in 1..<columns {
      let cost = left[row - 1] == right[column - 1] ? 0 : 1
      var best = min(
        table[(row - 1) * columns + column - 1] + cost,
        table[(row - 1) * columns + column] + 1,
        table[row * columns + column - 1] + 1)
      if row > 1, column > 1, left[row - 1] == right[column - 2], left[row - 2] == right[column - 1] {
        best = min(best, table[(row - 2) * columns + column - 2] + 1)
      }
      table[row * columns + column] = best
    }
  }
  return table[left.count * columns + right.count]
}
