// View declarations and their properties.

extension LayoutParser {
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
    if text(kindToken) == "guide" { return .complete(.view(parseGuide(view))) }
    let isStack = text(kindToken) == "stack"
    var seen: Set<String> = []
    while current.kind == .identifier {
      do {
        guard let property = try parseProperty(isStack: isStack, viewName: text(nameToken)) else { continue }
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
      let expected =
        isStack
        ? "a stack option or view property (\((Keyword.stackOptions + Keyword.properties).joined(separator: ", ")))"
        : "a view property (\(Keyword.properties.joined(separator: ", ")))"
      report("expected \(expected), '{' or the end of the line, but found \(describe(current))", at: current.range)
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

  /// The rest of `guide NAME`: a layout guide has no properties and no body, which are
  /// reported and skipped (a body's statements are dropped with it).
  mutating func parseGuide(_ view: OpenView) -> ViewDeclaration {
    let name = view.name.name
    if !isAtStatementEnd && current.kind != .leftBrace {
      let word = current.kind == .identifier ? text(current) : nil
      let hint =
        word.map { Keyword.properties.contains($0) || Keyword.stackOptions.contains($0) } == true
        ? "; a layout guide has no properties: it has a frame and is placed by constraints only"
        : ""
      report(
        "expected the end of the line after 'guide \(name)', but found \(describe(current))\(hint)", at: current.range)
      skipStatement(stopAtBrace: true)
    }
    if current.kind == .leftBrace {
      let open = current.range
      report(
        "a layout guide has no body: it holds no views; declare '\(name)' as a view to give it subviews", at: open)
      // The body and the rest of the line go with it.
      skipStatement()
    }
    let node = view.declaration(closedAt: nil)
    finishStatement("the guide declaration")
    return node
  }

  /// One property of a view (or option of a stack view), at its keyword; nil when the
  /// property's value was not understood, which is reported, and parsing goes on after it.
  mutating func parseProperty(isStack: Bool, viewName: String) throws(StatementError) -> ViewProperty? {
    let keywordToken = current
    let word = text(keywordToken)
    let keyword = identifier(keywordToken)
    if Keyword.stackOptions.contains(word) {
      guard isStack else {
        throw StatementError(
          message:
            "'\(word)' is an option of stack views, and '\(viewName)' is not one; declare it as 'stack \(viewName)' to arrange the views in its body",
          range: keywordToken.range)
      }
      advance()
      guard let option = parseStackOption(word, keyword: keywordToken, viewName: viewName) else { return nil }
      return ViewProperty(value: .stack(option.option), keyword: keyword, range: keywordToken.range.union(option.end))
    }
    advance()
    let value: ViewPropertyValue
    var end: Int
    switch word {
    case "hidden":
      value = .hidden
      end = keywordToken.range.end
    case "intrinsic":
      let size = try parseSize(
        allowMissingAxis: true,
        message: "expected an intrinsic size as WIDTHxHEIGHT, Wx- or -xH, as in 'intrinsic 120x21'")
      value = .intrinsic(width: size.width, height: size.height)
      end = size.range.end
    case "hug", "resist":
      guard let horizontal = try parseSignedNumber() else {
        throw StatementError(
          message:
            "expected a priority after '\(word)', as in '\(word) \(word == "hug" ? "251" : "750")' or '\(word) \(word == "hug" ? "251/250" : "750/1000")'",
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
      value = .alignmentInsets(
        EdgeInsets(top: tuple.numbers[0], left: tuple.numbers[1], bottom: tuple.numbers[2], right: tuple.numbers[3]))
      end = tuple.range.end
    case "margins":
      let tuple = try parseTuple(count: 4, what: "margins", example: "margins (8, 16, 8, 16)")
      value = .margins(
        DirectionalInsets(
          top: tuple.numbers[0], leading: tuple.numbers[1], bottom: tuple.numbers[2], trailing: tuple.numbers[3]))
      end = tuple.range.end
    case "baseline":
      if current.kind == .identifier {
        let parsed = try parseBaselines()
        value = .baselines(first: parsed.first, last: parsed.last)
        end = parsed.end
        break
      }
      guard let number = try parseSignedNumber() else {
        throw StatementError(
          message:
            "expected the baseline's offset from the bottom after 'baseline', as in 'baseline 4', or 'first' and 'last', as in 'baseline first 16 last 4'",
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
          message:
            "expected a number after '\(text(kind))', as in 'transform \(text(kind)) \(text(kind) == "rotate" ? "90" : "1.5")'",
          range: current.range)
      }
      value = text(kind) == "rotate" ? .transform(.rotate(degrees: number.value)) : .transform(.scale(number.value))
      end = number.range.end
    default:
      let candidates = isStack ? Keyword.stackOptions + Keyword.properties : Keyword.properties
      let suggestion = closestWord(to: word, among: candidates)
      let what = isStack ? "stack option or view property" : "view property"
      let list =
        isStack
        ? "the options are \(Keyword.stackOptions.joined(separator: ", ")); the properties are \(Keyword.properties.joined(separator: ", "))"
        : "the properties are \(Keyword.properties.joined(separator: ", "))"
      throw StatementError(
        message: "unknown \(what) '\(word)'\(suggestion.map { "; did you mean '\($0)'?" } ?? "; \(list)")",
        range: keywordToken.range)
    }
    return ViewProperty(value: value, keyword: keyword, range: SourceRange(start: keywordToken.range.start, end: end))
  }

  /// `first F`, `last L`, or both in either order, after `baseline`.
  mutating func parseBaselines() throws(StatementError) -> (first: Double?, last: Double?, end: Int) {
    var first: Double?
    var last: Double?
    var end = current.range.start
    while current.kind == .identifier {
      let token = current
      let word = text(token)
      guard word == "first" || word == "last" else {
        // Another property follows a complete baseline; a misspelling before any part does not.
        if first != nil || last != nil { break }
        let hint =
          closestWord(to: word, among: ["first", "last"]).map { "; did you mean '\($0)'?" }
          ?? "; write 'baseline N', or 'baseline first F last L' (F below the top, L above the bottom)"
        throw StatementError(message: "unknown word '\(word)' after 'baseline'\(hint)", range: token.range)
      }
      if (word == "first" ? first : last) != nil {
        throw StatementError(message: "'\(word)' is given twice in 'baseline'", range: token.range)
      }
      advance()
      guard let number = try parseSignedNumber() else {
        throw StatementError(
          message:
            word == "first"
            ? "expected the first baseline's distance below the top after 'first', as in 'baseline first 16'"
            : "expected the last baseline's distance above the bottom after 'last', as in 'baseline last 4'",
          range: current.range)
      }
      if word == "first" { first = number.value } else { last = number.value }
      end = number.range.end
    }
    return (first, last, end)
  }

  /// A stack option's value, after its keyword: the option and the range of what was read;
  /// nil when the value is unknown or missing, which is reported (an unknown value is
  /// consumed, so the options after it are still read).
  mutating func parseStackOption(_ word: String, keyword: Token, viewName: String) -> (option: StackOption, end: SourceRange)? {
    switch word {
    case "baselineRelative":
      return (.baselineRelative, keyword.range)
    case "marginsRelative":
      return (.marginsRelative, keyword.range)
    case "spacing":
      if isIdentifier(current, "standard") {
        let token = current
        advance()
        return (.spacing(.standard), token.range)
      }
      do {
        if let number = try parseSignedNumber() { return (.spacing(.points(number.value)), number.range) }
      } catch {
        report(error.message, at: error.range)
        // The number that could not be read is the option's value, not another option.
        if current.kind == .number { advance() }
        return nil
      }
      if current.kind == .identifier {
        let token = current
        let written = text(token)
        let hint = closestWord(to: written, among: ["standard"]).map { "; did you mean '\($0)'?" } ?? ""
        report(
          "expected a number of points or 'standard' after 'spacing', but found '\(written)'\(hint)", at: token.range)
        advance()
        return nil
      }
      report(
        "expected the spacing between arranged views after 'spacing': a number of points or 'standard', as in 'spacing 8'",
        at: current.range)
      return nil
    default:
      let values: [String]
      switch word {
      case "axis": values = StackAxis.allCases.map(\.rawValue)
      case "distribution": values = StackDistribution.allCases.map(\.rawValue)
      default: values = StackAlignment.allCases.map(\.rawValue)
      }
      guard current.kind == .identifier else {
        report(
          "expected \(word == "distribution" ? "a" : "an") \(word) after '\(word)': \(values.joined(separator: ", "))",
          at: current.range)
        return nil
      }
      let token = current
      let written = text(token)
      advance()
      if let axis = StackAxis(rawValue: written), word == "axis" { return (.axis(axis), token.range) }
      if let distribution = StackDistribution(rawValue: written), word == "distribution" {
        return (.distribution(distribution), token.range)
      }
      if let alignment = StackAlignment(rawValue: written), word == "alignment" {
        return (.alignment(alignment), token.range)
      }
      let suggestion = closestWord(to: written, among: values)
      report(
        "unknown \(word) '\(written)' for stack '\(viewName)'\(suggestion.map { "; did you mean '\($0)'?" } ?? "; the \(word == "axis" ? "axes" : "\(word)s") are \(values.joined(separator: ", "))")",
        at: token.range)
      return nil
    }
  }
}
