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

  /// What an incremental parse replaced: top-level statements `oldStatements` of the old
  /// tree became `newStatements` of the new one; the statements before are the same, the
  /// ones after are the same moved by the change.
  public struct Reparse: Sendable {
    public var file: LayoutFile
    public var oldStatements: Range<Int>
    public var newStatements: Range<Int>
    /// The old text that was parsed again (from the start of the first replaced statement
    /// to the start of the first kept one), and where it is in the new text.
    public var oldSpan: Range<Int>
    public var newSpan: Range<Int>
  }

  /// Parses an edited file again from the top-level statement before the change, and only
  /// until the parse is back in step with the old tree at the start of a statement on a line
  /// after the change; the rest of the old tree is moved, not parsed. The result equals a
  /// full parse of `bytes`.
  ///
  /// - Parameters:
  ///   - old: the tree of the text before the change.
  ///   - bytes: the text after the change.
  ///   - change: how the old text became `bytes`.
  public static func reparse(_ old: LayoutFile, bytes: [UInt8], change: TextChange) -> Reparse {
    let statements = old.statements
    // The top-level statement before the one the change starts in, so that a statement the
    // change joins with its predecessor is parsed again too.
    let low = statements.firstIndex(startingAtOrAfter: change.start)
    // `low` statements start before the change.
    let first = max(low - 2, 0)
    let spanStart = low == 0 || first >= statements.count ? 0 : statements.range(at: first).start
    let delta = change.delta
    var parser = LayoutParser(bytes: bytes, kind: old.kind)
    parser.reset(to: spanStart)
    // In step again: at a new offset past the change that is the start of an old top-level
    // statement after the change.
    var resumeIndex = statements.count
    let (parsed, stoppedAt) = parser.parseStatements { offset in
      // On a line after the change, so that what depends on a statement's line (where it
      // starts, what follows it) is unchanged for the statements kept.
      guard offset >= change.newEnd, bytes[change.newEnd..<offset].contains(ASCII.newline) else { return false }
      let oldOffset = offset - delta
      let candidate = statements.firstIndex(startingAtOrAfter: oldOffset, from: first)
      guard candidate < statements.count, statements.range(at: candidate).start == oldOffset else { return false }
      resumeIndex = candidate
      return true
    }
    let oldSpanEnd = stoppedAt.map { $0 - delta } ?? (bytes.count - delta)
    let newSpanEnd = stoppedAt ?? bytes.count
    if stoppedAt == nil { resumeIndex = statements.count }
    // The statements kept after the span start past the change's old end (on a later line),
    // so every range of theirs moves by `delta`: their chunks change only their offset.
    let merged = statements.replacing(first..<resumeIndex, with: parsed, shiftingFollowingBy: delta)
    // Diagnostics: those of the text before the span stay, the span's are new, those after
    // it move.
    var diagnostics = old.diagnostics.filter { $0.range.start < spanStart }
    let fresh = parser.diagnostics.enumerated().sorted { left, right in
      (left.element.range, left.offset) < (right.element.range, right.offset)
    }.map(\.element)
    diagnostics += fresh
    if stoppedAt != nil {
      for diagnostic in old.diagnostics where diagnostic.range.start >= oldSpanEnd {
        diagnostics.append(diagnostic.moved(by: change))
      }
    }
    // The three parts are each in order and follow each other; keep the order a full parse
    // gives even if a range ever broke that rule.
    if zip(diagnostics, diagnostics.dropFirst()).contains(where: { $1.range < $0.range }) {
      diagnostics = diagnostics.enumerated().sorted { left, right in
        (left.element.range, left.offset) < (right.element.range, right.offset)
      }.map(\.element)
    }
    return Reparse(
      file: LayoutFile(kind: old.kind, statements: merged, diagnostics: diagnostics),
      oldStatements: first..<resumeIndex, newStatements: first..<(first + parsed.count),
      oldSpan: spanStart..<oldSpanEnd, newSpan: spanStart..<newSpanEnd)
  }
}

/// Words that begin statements, for messages and "did you mean".
enum Keyword {
  static let topLevel = ["canvas", "direction", "spacing", "metric"]
  static let viewKinds = ["view", "label", "button", "image", "field", "switch", "stack", "guide"]
  /// The layout guides every view has, written between a view and an attribute
  /// (`title.safeArea.top`, `super.margins.leading`, `super.readable.trailing`).
  static let itemGuides = ["safeArea", "margins", "readable"]
  static let properties = [
    "intrinsic", "hug", "resist", "frame", "insets", "baseline", "margins", "transform", "hidden",
  ]
  /// The options of a stack view, which follow its name like properties.
  static let stackOptions = StackOption.keywords
  static let priorityNames = PriorityName.allCases.map(\.rawValue)
}

/// What parsing a statement gave.
enum ParsedStatement {
  /// A whole statement.
  case complete(Statement)
  /// A view whose `{` was read: the statements up to its `}` are its body.
  case opened(OpenView)
  /// A `when` block whose `{` was read.
  case openedWhen(OpenWhen)
}

/// A `when` block whose body is being parsed.
struct OpenWhen {
  var keyword: SourceRange
  var traits: [TraitWord]
  var openBrace: SourceRange
  var body: [Statement] = []

  func block(closedAt close: SourceRange) -> WhenBlock {
    let bodyRange = openBrace.union(close)
    return WhenBlock(
      keyword: keyword, traits: traits, body: body, bodyRange: bodyRange,
      range: SourceRange(start: keyword.start, end: bodyRange.end))
  }
}

/// A body being parsed: a view's or a `when` block's.
enum OpenBody {
  case view(OpenView)
  case when(OpenWhen)

  var openBrace: SourceRange {
    switch self {
    case .view(let view): view.openBrace
    case .when(let block): block.openBrace
    }
  }

  mutating func append(_ statement: Statement) {
    switch self {
    case .view(var view):
      view.body.append(statement)
      self = .view(view)
    case .when(var block):
      block.body.append(statement)
      self = .when(block)
    }
  }

  func closed(at close: SourceRange) -> Statement {
    switch self {
    case .view(let view): .view(view.declaration(closedAt: close))
    case .when(let block): .when(block.block(closedAt: close))
    }
  }

  var what: String {
    switch self {
    case .view: "the view declaration"
    case .when: "the 'when' block"
    }
  }
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
      if token.range.length == 1, let byte = byte(at: token.range.start), byte >= 0x80 || byte < 0x20 || byte == 0x7F {
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
    let (statements, _) = parseStatements(stoppingAt: nil)
    let sorted = diagnostics.enumerated().sorted { left, right in
      (left.element.range, left.offset) < (right.element.range, right.offset)
    }
    return LayoutFile(kind: kind, statements: statements, diagnostics: sorted.map(\.element))
  }

  /// Parses top-level statements from the current token to the end of the file, or until
  /// `stop` accepts the start of a top-level statement (nothing open): then that offset is
  /// returned with the statements before it.
  mutating func parseStatements(stoppingAt stop: ((Int) -> Bool)?) -> ([Statement], stoppedAt: Int?) {
    var statements: [Statement] = []
    var openViews: [OpenBody] = []
    while true {
      skipSeparators()
      if let stop, openViews.isEmpty, current.kind != .endOfFile, stop(current.range.start) {
        return (statements, current.range.start)
      }
      switch current.kind {
      case .endOfFile:
        // Close what is still open, innermost first.
        while let view = openViews.popLast() {
          if !suppressUnterminatedBodies {
            let owner = if case .when = view { "the 'when' block's body" } else { "the view's body" }
            report("this '{' is never closed: \(owner) needs a '}' before the end of the file", at: view.openBrace)
          }
          let node = view.closed(at: SourceRange(at: current.range.end))
          if openViews.isEmpty { statements.append(node) } else { openViews[openViews.count - 1].append(node) }
        }
        return (statements, nil)
      case .rightBrace where kind == .layout:
        guard let view = openViews.popLast() else {
          report("unexpected '}': there is no open '{' of a view's body to close", at: current.range)
          advance()
          continue
        }
        let close = current
        advance()
        let node = view.closed(at: close.range)
        finishStatement(view.what)
        if openViews.isEmpty { statements.append(node) } else { openViews[openViews.count - 1].append(node) }
      default:
        let before = current.range.start
        switch parseStatement(depth: openViews.count) {
        case .complete(let node)?:
          if openViews.isEmpty { statements.append(node) } else { openViews[openViews.count - 1].append(node) }
        case .opened(let view)?:
          openViews.append(.view(view))
        case .openedWhen(let block)?:
          openViews.append(.when(block))
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
          word == "h" || word == "v"
          ? "; the orientation of a visual format is written in capitals: '\(word.uppercased()):'"
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
          message: "'\(word)' is only allowed at the top level of a file, not inside a view's body or a 'when' block",
          range: start.range)
      }
      return .complete(try parseSetting(word))
    }
    if Keyword.viewKinds.contains(word) { return try parseView(depth: depth) }
    if word == "when" { return try parseWhen(depth: depth) }
    if next.kind == .identifier {
      let suggestion = closestWord(to: word, among: Keyword.viewKinds + Keyword.topLevel + ["when"])
      throw StatementError(
        message:
          "unknown statement '\(word)'\(suggestion.map { "; did you mean '\($0)'?" } ?? "; a view declaration starts with view, label, button, image, field, switch or stack, and a layout guide's with guide")",
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
}
