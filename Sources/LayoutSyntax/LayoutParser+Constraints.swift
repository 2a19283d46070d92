// Explicit constraints: `[LABEL:] ITEM.ATTR REL [M *] ITEM.ATTR [* M] [+|- C] [@P]`.

extension LayoutParser {
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
      throw StatementError(
        message: "unknown relation '\(text(current))'; a constraint's relation is ==, >= or <=", range: current.range)
    default:
      throw StatementError(
        message:
          "expected a relation (==, >= or <=) after \(first.item.name.name).\(first.attributeName.name), but found \(describe(current))",
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
          message:
            "an attribute cannot be negated; write a negative multiplier instead, as in '-1 * \(text(current)).width'",
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
        message:
          "expected a number, a metric or an attribute such as super.width after '\(text(relationToken))', but found \(describe(current))",
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
        message:
          "unexpected \(describe(current)) in the constraint\(hint); a statement ends at the end of the line or at ';'",
        range: current.range)
    }
    return .constraint(node)
  }

  /// `NAME.ATTR`, `super.ATTR`, `NAME.GUIDE.ATTR` (`safeArea`, `margins`, `readable`).
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
    if Keyword.itemGuides.contains(text(attributeToken)) {
      let guideName = text(attributeToken)
      let what = guideName == "safeArea" ? "the safe area" : guideName == "margins" ? "the margins guide" : "the readable content guide"
      guard current.kind == .dot else {
        throw StatementError(
          message:
            "expected an attribute of \(what) after '\(text(itemToken)).\(guideName)', as in '\(text(itemToken)).\(guideName).top'",
          range: current.kind == .newline || current.kind == .endOfFile ? attributeToken.range : current.range)
      }
      advance()
      guard current.kind == .identifier else {
        throw StatementError(
          message: "expected an attribute name after '\(guideName).', such as top", range: current.range)
      }
      guide = identifier(attributeToken)
      attributeToken = current
      advance()
    }
    let attributeName = text(attributeToken)
    guard let attribute = LayoutAttribute(name: attributeName) else {
      var candidates = LayoutAttribute.writtenNames
      let isFollowedByDot = guide == nil && current.kind == .dot
      if isFollowedByDot { candidates = Keyword.itemGuides }
      var suggestion = closestWord(to: attributeName, among: candidates)
      // UIKit spellings: `safeAreaLayoutGuide.top`, `layoutMarginsGuide`, `readableContentGuide`, `leadingAnchor`.
      if isFollowedByDot {
        if attributeName.hasPrefix("safeArea") { suggestion = "safeArea" }
        if attributeName.hasPrefix("layoutMargins") { suggestion = "margins" }
        if attributeName.hasPrefix("readable") { suggestion = "readable" }
      }
      if attributeName.hasSuffix("Anchor"), let anchor = LayoutAttribute(name: String(attributeName.dropLast(6))) {
        suggestion = attributeName.dropLast(6) == "baseline" ? "baseline" : anchor.rawValue
      }
      let list =
        isFollowedByDot
        ? "; the layout guides of a view are \(Keyword.itemGuides.joined(separator: ", "))"
        : "; the attributes are \(LayoutAttribute.writtenNames.joined(separator: ", "))"
      throw StatementError(
        message:
          "unknown \(isFollowedByDot ? "layout guide" : "attribute") '\(attributeName)'\(suggestion.map { "; did you mean '\($0)'?" } ?? list)",
        range: attributeToken.range)
    }
    if current.kind == .dot {
      throw StatementError(
        message: guide == nil
          ? "unexpected '.' after the attribute '\(attributeName)'; only a layout guide (\(Keyword.itemGuides.joined(separator: ", "))) may come between a view and its attribute"
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
      throw StatementError(
        message: "expected a number or a metric name, but found \(describe(current))", range: current.range)
    }
    let numerator = try takeNumber()
    guard current.kind == .slash else {
      return NumericTerm(value: .number(numerator.number), isNegated: negated, range: numerator.range)
    }
    advance()
    guard current.kind == .number else {
      throw StatementError(
        message: "expected the denominator of the fraction after '/', as in '9/16'", range: current.range)
    }
    let denominator = try takeNumber()
    let range = numerator.range.union(denominator.range)
    guard denominator.number != 0 else {
      throw StatementError(message: "a fraction's denominator cannot be 0", range: denominator.range)
    }
    let quotient = numerator.number / denominator.number
    guard quotient.isFinite else { throw StatementError(message: Self.tooLarge, range: range) }
    return NumericTerm(value: .number(quotient), isNegated: negated, range: range)
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
        message:
          "expected a priority after '@': a number, a metric, or required, high, low or fitting, but found \(describe(current))",
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
    let offset = try takeNumber()
    return PriorityTerm(value: .named(name, offset: sign * offset.number), range: at.range.union(offset.range))
  }
}
