// Visual format statements: the format, bare or quoted, and its options.

extension LayoutParser {
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
      options.append(
        Identifier(name: Self.normalizedOptionName(text(last)), range: SourceRange(start: start, end: last.range.end)))
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
