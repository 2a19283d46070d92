import Foundation
import LayoutSyntax

/// Reads one constraint entry of a log, `<NSLayoutConstraint:0x… BODY   (active, names: …)>`,
/// into a `LogConstraint`. Total: any text gives a constraint or a reason.
enum EntryParser {
  /// Reads the entry that starts at `<` in `text` (a whole line after clean-up).
  static func parse(_ text: Substring, line: Int) -> LogEntry {
    var scanner = Scanner(text)
    guard scanner.skip("<") else { return .unreadable(line: line, text: String(text), reason: "no '<' starts the entry") }
    let className = scanner.take { isIdentifierCharacter($0) || $0 == "." }
    guard !className.isEmpty, scanner.skip(":") else {
      return .unreadable(line: line, text: String(text), reason: "no constraint class and address")
    }
    scanner.skipSpaces()
    guard let address = scanner.address() else {
      return .unreadable(line: line, text: String(text), reason: "no address after '\(className):'")
    }
    // iOS 6 and 7 printed `<NSLayoutConstraint: 0x…> BODY`.
    var oldStyle = false
    if scanner.skip(">") { oldStyle = true }
    var source: String?
    if scanner.skip("@") {
      source = String(scanner.take { $0 != " " })
    }
    // The entry ends at the `>` that closes it: before a quote, a comma or the end of the
    // line (never at `>=`, which is followed by `=`).
    var rest = scanner.remainder
    let wasClosed: Bool
    if oldStyle {
      wasClosed = true
      rest = trimEntryEnd(rest)
    } else if let close = closingBracket(in: rest) {
      wasClosed = true
      rest = rest[rest.startIndex..<close]
    } else {
      wasClosed = false
      rest = trimEntryEnd(rest)
    }
    let entryText: String
    if let end = wasClosed && !oldStyle ? text.index(rest.endIndex, offsetBy: 1, limitedBy: text.endIndex) : nil {
      entryText = String(text[text.startIndex..<end])
    } else {
      entryText = String(trimEntryEnd(text))
    }
    let cut = "the entry is cut off"
    var body = rest.drop { $0 == " " || $0 == "\t" }
    var identifier: String?
    var mask: AutoresizingMask?
    // Autoresizing masks and an identifier come before the equation, in either order.
    for _ in 0..<2 {
      if body.hasPrefix("h=") || body.hasPrefix("v=") {
        var horizontal = ""
        var vertical = ""
        while body.hasPrefix("h=") || body.hasPrefix("v=") {
          let isHorizontal = body.hasPrefix("h=")
          let value = body.dropFirst(2).prefix { $0 == "-" || $0 == "&" }
          if isHorizontal { horizontal = String(value) } else { vertical = String(value) }
          body = body.dropFirst(2 + value.count).drop { $0 == " " }
        }
        mask = AutoresizingMask(horizontal: horizontal, vertical: vertical)
      }
      if body.hasPrefix("'"), let close = body.dropFirst().firstRange(ofASCII: "' ") {
        identifier = String(body[body.index(after: body.startIndex)..<close.lowerBound])
        body = body[close.upperBound...].drop { $0 == " " }
      }
    }
    // The information after the body: `(active)`, `(active, names: …)`, `(Names: …)`, and
    // iOS 6's `(identifier, (null))`.
    var names: [String: LogItem] = [:]
    var superview: LogItem?
    var priorityFromInfo: Double?
    if let info = infoStart(in: body) {
      let infoText = body[info...]
      body = body[body.startIndex..<info]
      (names, superview) = readNames(infoText)
      if let range = infoText.firstRange(ofASCII: "priority ") {
        priorityFromInfo = leadingNumber(infoText[range.upperBound...])
      }
    }
    body = trimSpaces(body)
    if oldStyle, let paren = oldStyleInfo(in: body) {
      body = trimSpaces(body[body.startIndex..<paren])
    }
    let isRightToLeft = body.hasSuffix("(RTL)")
    if body.hasSuffix("(LTR)") || isRightToLeft { body = trimSpaces(body.dropLast(5)) }
    guard !body.isEmpty else {
      return .unreadable(line: line, text: entryText, reason: wasClosed ? "the entry has no equation" : cut)
    }
    let parsed: ParsedBody
    if body.hasPrefix("H:") || body.hasPrefix("V:") {
      guard let vfl = parseVisualFormat(body, names: names, superview: superview) else {
        return .unreadable(
          line: line, text: entryText, reason: wasClosed ? "not a Visual Format constraint UIKit prints" : cut)
      }
      parsed = vfl
    } else {
      guard let equation = parseEquation(body, names: names, superview: superview) else {
        return .unreadable(line: line, text: entryText, reason: wasClosed ? "not an equation UIKit prints" : cut)
      }
      parsed = equation
    }
    var constraint = LogConstraint(
      line: line, text: entryText, className: String(className), address: address, source: source,
      identifier: identifier, mask: mask, first: parsed.first, relation: parsed.relation,
      multiplier: parsed.multiplier, second: parsed.second, constant: parsed.constant,
      priority: priorityFromInfo ?? parsed.priority, superview: superview, kind: .layout)
    constraint.kind = kind(of: constraint)
    constraint.isRightToLeft = isRightToLeft
    constraint.visualFormat = parsed.visualFormat
    if let second = constraint.second, let reason = invalidPair(constraint.first.attribute, second.attribute) {
      return .unreadable(line: line, text: entryText, reason: reason)
    }
    let guideless: Set<LogAttribute> = [
      .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin, .centerXWithinMargins,
      .centerYWithinMargins, .firstBaseline, .lastBaseline, .baseline,
    ]
    for term in [constraint.first] + (constraint.second.map { [$0] } ?? [])
    where term.item.isLayoutGuide && guideless.contains(term.attribute) {
      return .unreadable(line: line, text: entryText, reason: "a layout guide has no margins and no baselines")
    }
    if !(constraint.priority > 0 && constraint.priority <= 1000) || !constraint.constant.isFinite
      || !constraint.multiplier.isFinite
    {
      return .unreadable(line: line, text: entryText, reason: "a number is out of range")
    }
    return .constraint(constraint)
  }

  /// Why UIKit would not make a constraint between these attributes (it raises instead), or nil.
  static func invalidPair(_ first: LogAttribute, _ second: LogAttribute) -> String? {
    if first.isSize != second.isSize { return "UIKit does not relate a position to a size" }
    if first.isSize { return nil }
    if first.isHorizontal != second.isHorizontal {
      return "UIKit does not relate a horizontal attribute to a vertical one"
    }
    let directional: Set<LogAttribute> = [.leading, .trailing, .leadingMargin, .trailingMargin]
    let physical: Set<LogAttribute> = [.left, .right, .leftMargin, .rightMargin, .minX, .maxX]
    if directional.contains(first) && physical.contains(second) || physical.contains(first) && directional.contains(second) {
      return "UIKit does not relate leading or trailing to left or right"
    }
    return nil
  }

  // MARK: - Kinds

  static func kind(of constraint: LogConstraint) -> ConstraintKind {
    let identifier = constraint.identifier ?? ""
    if constraint.mask != nil || constraint.className.hasSuffix("AutoresizingMaskLayoutConstraint") {
      return .autoresizing
    }
    if identifier.hasPrefix("UIView-Encapsulated-Layout") { return .encapsulated }
    if identifier.hasPrefix("UISV-") { return .stack }
    if identifier.hasSuffix("guide-constraint") || identifier.hasPrefix("UIViewSafeAreaLayoutGuide")
      || identifier.hasPrefix("UIViewLayoutMarginsGuide") || constraint.className.hasSuffix("LayoutSupportConstraint")
    {
      return .guide
    }
    if identifier.hasPrefix("_UITemporaryLayout") || identifier.hasPrefix("IB_") || identifier.hasPrefix("TB_")
      || identifier.hasPrefix("_UI") || identifier.hasPrefix("UIKB") || identifier.hasPrefix("UIInput")
    {
      return .system
    }
    let items = [constraint.first.item] + (constraint.second.map { [$0.item] } ?? [])
    if items.allSatisfy({ $0.isPrivateSystemView || $0.superviewOf != nil }), items.contains(where: \.isPrivateSystemView) {
      return .system
    }
    return .layout
  }

  // MARK: - Bodies

  struct ParsedBody {
    var first: LogTerm
    var relation: Relation
    var multiplier: Double = 1
    var second: LogTerm?
    var constant: Double = 0
    var priority: Double = 1000
    var visualFormat: VisualFormatForm?
  }

  /// `item.attr == [m*]item.attr[*m] [+ c] [@p]`, `item.attr == c`, `item.attr == + 70`.
  static func parseEquation(_ body: Substring, names: [String: LogItem], superview: LogItem?) -> ParsedBody? {
    guard let (relation, range) = relationOperator(in: body) else { return nil }
    let left = trimSpaces(body[body.startIndex..<range.lowerBound])
    var right = trimSpaces(body[range.upperBound...])
    guard let first = term(left, names: names) else { return nil }
    var parsed = ParsedBody(first: first, relation: relation)
    // Priority: ` @750`, or ` (priority 999)` already taken from the information.
    if let at = right.lastIndex(of: "@"), let priority = leadingNumber(right[right.index(after: at)...]) {
      parsed.priority = priority
      right = trimSpaces(right[right.startIndex..<at])
    }
    // A constant alone: `20`, `- 16`, `+ 70`.
    if let constant = signedNumber(right) {
      parsed.constant = constant
      // A position equal to a constant is measured in the superview (autoresizing's `minX == 204`).
      if !first.attribute.isSize {
        let container = superview ?? LogItem(className: "", address: nil, superviewOf: first.item.key)
        parsed.second = LogTerm(item: container, attribute: sameEdge(first.attribute))
      }
      return parsed
    }
    // The constant at the end: `+ 8`, `- 16.0`, `+ NSSpace(8)`.
    if let (constant, start) = trailingConstant(right) {
      parsed.constant = constant
      right = trimSpaces(right[right.startIndex..<start])
    }
    // A multiplier before (`0.5*X.width`) or after (`X.width*0.5`, `X.width * 0.5`).
    if let star = right.firstIndex(of: "*"), let multiplier = Double(trimSpaces(right[right.startIndex..<star])) {
      parsed.multiplier = multiplier
      right = trimSpaces(right[right.index(after: star)...])
    } else if let star = right.lastIndex(of: "*"), let multiplier = Double(trimSpaces(right[right.index(after: star)...])) {
      parsed.multiplier = multiplier
      right = trimSpaces(right[right.startIndex..<star])
    }
    guard let second = term(right, names: names) else { return nil }
    parsed.second = second
    return parsed
  }

  /// The attribute of a container that a position is measured from (`minX` from the container's `minX`).
  static func sameEdge(_ attribute: LogAttribute) -> LogAttribute {
    switch attribute {
    case .minX, .maxX, .midX, .left, .right, .centerX, .leftMargin, .rightMargin, .centerXWithinMargins: .left
    case .leading, .trailing, .leadingMargin, .trailingMargin: .leading
    default: .top
    }
  }

  /// The Visual Format forms UIKit prints: `H:|-(8)-[v]`, `V:[v]-(8)-|`, `H:[a]-(NSSpace(8))-[b]`,
  /// `V:[v(200)]`, `H:[v(>=44)]`, `H:[a]-(>=3)-[b]`.
  static func parseVisualFormat(_ body: Substring, names: [String: LogItem], superview: LogItem?) -> ParsedBody? {
    let horizontal = body.hasPrefix("H:")
    var rest = body.dropFirst(2)
    enum Element {
      case edge
      case view(LogItem, predicate: (Relation, Double, Double?)?)
      case space(Relation, Double, Double?)
    }
    var elements: [Element] = []
    while !rest.isEmpty {
      if rest.hasPrefix("|") {
        elements.append(.edge)
        rest = rest.dropFirst()
      } else if rest.hasPrefix("[") {
        guard let close = closingSquareBracket(in: rest) else { return nil }
        var inside = rest[rest.index(after: rest.startIndex)..<close]
        var predicate: (Relation, Double, Double?)?
        if inside.hasSuffix(")"), let open = predicateStart(in: inside) {
          let text = inside[inside.index(after: open)..<inside.index(before: inside.endIndex)]
          guard let value = predicateValue(text) else { return nil }
          predicate = value
          inside = inside[inside.startIndex..<open]
        }
        guard let item = item(trimSpaces(inside), names: names) else { return nil }
        elements.append(.view(item, predicate: predicate))
        rest = rest[rest.index(after: close)...]
      } else if rest.hasPrefix("-") {
        rest = rest.dropFirst()
        if rest.hasPrefix("(") {
          guard let close = matchingParenthesis(in: rest) else { return nil }
          let text = rest[rest.index(after: rest.startIndex)..<close]
          guard let value = predicateValue(text) else { return nil }
          elements.append(.space(value.0, value.1, value.2))
          rest = rest[rest.index(after: close)...]
        } else if let number = leadingNumber(rest) {
          let digits = rest.prefix { $0.isNumber || $0 == "." }
          elements.append(.space(.equal, number, nil))
          rest = rest.dropFirst(digits.count)
        } else {
          // A bare `-` between two items: the standard spacing.
          elements.append(.space(.equal, 8, nil))
          continue
        }
        guard rest.hasPrefix("-") else { return nil }
        rest = rest.dropFirst()
      } else {
        return nil
      }
    }
    let lead: LogAttribute = horizontal ? .leading : .top
    let trail: LogAttribute = horizontal ? .trailing : .bottom
    let size: LogAttribute = horizontal ? .width : .height
    func container(for item: LogItem) -> LogItem {
      superview ?? LogItem(className: "", address: nil, superviewOf: item.key)
    }
    switch elements.count {
    case 1:
      guard case .view(let item, let predicate?) = elements[0] else { return nil }
      return ParsedBody(
        first: LogTerm(item: item, attribute: size), relation: predicate.0, constant: predicate.1,
        priority: predicate.2 ?? 1000, visualFormat: .size)
    case 3:
      switch (elements[0], elements[1], elements[2]) {
      case (.edge, .space(let relation, let constant, let priority), .view(let item, nil)):
        return ParsedBody(
          first: LogTerm(item: item, attribute: lead), relation: relation,
          second: LogTerm(item: container(for: item), attribute: lead), constant: constant, priority: priority ?? 1000,
          visualFormat: .edge)
      case (.view(let item, nil), .space(let relation, let constant, let priority), .edge):
        return ParsedBody(
          first: LogTerm(item: container(for: item), attribute: trail), relation: relation,
          second: LogTerm(item: item, attribute: trail), constant: constant, priority: priority ?? 1000,
          visualFormat: .edge)
      case (.view(let a, nil), .space(let relation, let constant, let priority), .view(let b, nil)):
        return ParsedBody(
          first: LogTerm(item: b, attribute: lead), relation: relation,
          second: LogTerm(item: a, attribute: trail), constant: constant, priority: priority ?? 1000,
          visualFormat: .spacing)
      default: return nil
      }
    case 2:
      // `|[v]` and `[v]|`: flush with the edge.
      switch (elements[0], elements[1]) {
      case (.edge, .view(let item, nil)):
        return ParsedBody(
          first: LogTerm(item: item, attribute: lead), relation: .equal,
          second: LogTerm(item: container(for: item), attribute: lead), visualFormat: .edge)
      case (.view(let item, nil), .edge):
        return ParsedBody(
          first: LogTerm(item: container(for: item), attribute: trail), relation: .equal,
          second: LogTerm(item: item, attribute: trail), visualFormat: .edge)
      default: return nil
      }
    default:
      return nil
    }
  }

  /// `200`, `>=44`, `<=10@750`, `NSSpace(8)`, `==5`.
  static func predicateValue(_ text: Substring) -> (Relation, Double, Double?)? {
    var text = trimSpaces(text)
    var relation = Relation.equal
    for candidate in [Relation.greaterThanOrEqual, .lessThanOrEqual, .equal] where text.hasPrefix(candidate.rawValue) {
      relation = candidate
      text = trimSpaces(text.dropFirst(2))
      break
    }
    var priority: Double?
    if let at = text.lastIndex(of: "@") {
      guard let value = leadingNumber(text[text.index(after: at)...]) else { return nil }
      priority = value
      text = trimSpaces(text[text.startIndex..<at])
    }
    if let space = systemSpace(text) { return (relation, space, priority) }
    guard let value = signedNumber(text) else { return nil }
    return (relation, value, priority)
  }

  /// `NSSpace(8)`, `NSLayoutAnchorConstraintSpace(8)`: system spacing, printed with its value.
  static func systemSpace(_ text: Substring) -> Double? {
    for prefix in ["NSSpace(", "NSLayoutAnchorConstraintSpace("] where text.hasPrefix(prefix) && text.hasSuffix(")") {
      return signedNumber(text.dropFirst(prefix.count).dropLast())
    }
    return nil
  }

  // MARK: - Items and terms

  /// `UILabel:0x…'Title'.leading`, `AddressToolbar.lockIcon.width`, `Primary Button.bottom`.
  static func term(_ text: Substring, names: [String: LogItem]) -> LogTerm? {
    guard let dot = text.lastIndex(of: "."), let attribute = LogAttribute(spelling: text[text.index(after: dot)...])
    else { return nil }
    guard let item = item(text[text.startIndex..<dot], names: names) else { return nil }
    return LogTerm(item: item, attribute: attribute)
  }

  /// `UILabel:0x7f…'Title'`, `Trust.Bar:0x…`, or a name the names dictionary resolves.
  static func item(_ text: Substring, names: [String: LogItem]) -> LogItem? {
    let text = trimSpaces(text)
    guard !text.isEmpty else { return nil }
    if let colon = text.firstRange(ofASCII: ":0x") ?? text.firstRange(ofASCII: ": 0x") {
      let className = text[text.startIndex..<colon.lowerBound]
      var scanner = Scanner(text[text.index(after: colon.lowerBound)...])
      scanner.skipSpaces()
      guard !className.isEmpty, className.allSatisfy({ isIdentifierCharacter($0) || $0 == "." }),
        let address = scanner.address()
      else { return nil }
      var rest = scanner.remainder
      var label: String?
      if rest.hasPrefix("'") {
        rest = rest.dropFirst()
        label = String(rest.hasSuffix("'") ? rest.dropLast() : rest)
      } else if !rest.isEmpty {
        return nil
      }
      return LogItem(className: String(className), address: address, text: label)
    }
    if let known = names[String(text)] {
      var item = known
      item.name = String(text)
      return item
    }
    // A name the dictionary lacks (a truncated entry): known by its name only.
    return LogItem(className: "", address: nil, name: String(text))
  }

  /// The names dictionary: `names: '|':UIView:0x…, title:UILabel:0x…` or `Primary Button:0x…`.
  static func readNames(_ info: Substring) -> ([String: LogItem], LogItem?) {
    guard let start = info.firstRange(ofASCII: "names: ") ?? info.firstRange(ofASCII: "Names: ") else { return ([:], nil) }
    var text = info[start.upperBound...]
    if text.hasSuffix(")") { text = text.dropLast() }
    var names: [String: LogItem] = [:]
    var superview: LogItem?
    // Entries are separated by `, ` before the next name; an entry is `KEY:CLASS:0x…` or `KEY:0x…`.
    for part in splitNames(text) {
      let part = trimSpaces(part)
      if part.hasPrefix("'|':") {
        if let item = item(part.dropFirst(4), names: [:]) { superview = item }
        continue
      }
      guard let colon = part.firstRange(ofASCII: ":0x") ?? part.firstRange(ofASCII: ":") else { continue }
      let key = String(part[part.startIndex..<colon.lowerBound])
      let value = part[part.index(after: colon.lowerBound)...]
      if value.hasPrefix("0x") {
        var scanner = Scanner(value)
        if let address = scanner.address() {
          names[key] = LogItem(className: "", address: address, name: key)
        }
      } else if let item = item(value, names: [:]) {
        names[key] = item
      }
    }
    return (names, superview)
  }

  /// Splits a names dictionary at the commas between entries (a comma inside a quoted text stays).
  static func splitNames(_ text: Substring) -> [Substring] {
    var parts: [Substring] = []
    var start = text.startIndex
    var index = text.startIndex
    var inQuote = false
    while index < text.endIndex {
      let character = text[index]
      if character == "'" { inQuote.toggle() }
      if character == ",", !inQuote {
        parts.append(text[start..<index])
        start = text.index(after: index)
      }
      index = text.index(after: index)
    }
    parts.append(text[start..<text.endIndex])
    return parts
  }

  // MARK: - Small readers

  static func isIdentifierCharacter(_ character: Character) -> Bool {
    guard let ascii = character.asciiValue else { return false }
    return (ascii >= 0x30 && ascii <= 0x39) || (ascii >= 0x41 && ascii <= 0x5A) || (ascii >= 0x61 && ascii <= 0x7A)
      || ascii == 0x5F || ascii == 0x24
  }

  /// Without spaces, tabs (and a carriage return at the end), found byte by byte.
  static func trimSpaces(_ text: Substring) -> Substring {
    let bytes = text.utf8
    var start = bytes.startIndex
    var end = bytes.endIndex
    while start != end, bytes[start] == 0x20 || bytes[start] == 0x09 { start = bytes.index(after: start) }
    while start != end {
      let last = bytes.index(before: end)
      guard bytes[last] == 0x20 || bytes[last] == 0x09 || bytes[last] == 0x0D else { break }
      end = last
    }
    return text[start..<end]
  }

  /// Drops what follows an entry on its line: `",`, `,`, `"`, `>`.
  static func trimEntryEnd(_ text: Substring) -> Substring {
    var text = trimSpaces(text)
    while let last = text.last, last == "," || last == "\"" || last == ">" || last == " " || last == "\\" {
      text = text.dropLast()
    }
    return text
  }

  /// The `>` that closes the entry: followed by `"`, `,`, white space or the end.
  static func closingBracket(in text: Substring) -> Substring.Index? {
    let bytes = text.utf8
    var index = bytes.startIndex
    while index != bytes.endIndex {
      if bytes[index] == 0x3E {
        let next = bytes.index(after: index)
        if next == bytes.endIndex || [0x22, 0x2C, 0x20, 0x09, 0x0D].contains(bytes[next]) {
          // A `>` inside the body is followed by `=`; the closing one comes after `)` or a
          // digit or a name, and nothing but quotes, commas and spaces (or a marker) follows it.
          let after = trimSpaces(text[next...])
          if after.isEmpty || after.hasPrefix("\"") || after.hasPrefix(",") || !after.utf8.contains(0x3E) {
            return index
          }
        }
      }
      index = bytes.index(after: index)
    }
    return nil
  }

  /// Where the information parentheses start: `(active`, `(Names:`, `(names:`, `(priority`.
  static func infoStart(in body: Substring) -> Substring.Index? {
    var best: Substring.Index?
    for marker in ["(active", "(Names:", "(names:", "(priority "] {
      if let range = body.firstRange(ofASCII: marker), best.map({ range.lowerBound < $0 }) ?? true {
        best = range.lowerBound
      }
    }
    return best
  }

  /// iOS 6's trailing `(identifier, (null))` after a space.
  static func oldStyleInfo(in body: Substring) -> Substring.Index? {
    guard body.hasSuffix(")"), let open = predicateStart(in: body), open > body.startIndex else { return nil }
    let before = trimSpaces(body[body.startIndex..<open])
    return body[body.index(before: open)] == " " && (before.hasSuffix("]") || before.hasSuffix("|")) ? open : nil
  }

  static func closingSquareBracket(in text: Substring) -> Substring.Index? {
    // The `]` that ends an item is followed by `-`, `|`, `(`, white space or the end.
    var index = text.index(after: text.startIndex)
    while index < text.endIndex {
      if text[index] == "]" {
        let next = text.index(after: index)
        if next == text.endIndex || "-|( ".contains(text[next]) { return index }
      }
      index = text.index(after: index)
    }
    return nil
  }

  /// The `(` of a trailing size predicate in `UIView:0x…'Title'(200)`.
  static func predicateStart(in inside: Substring) -> Substring.Index? {
    var depth = 0
    var index = inside.index(before: inside.endIndex)
    while true {
      let character = inside[index]
      if character == ")" { depth += 1 }
      if character == "(" {
        depth -= 1
        if depth == 0 { return index }
      }
      if index == inside.startIndex { return nil }
      index = inside.index(before: index)
    }
  }

  static func matchingParenthesis(in text: Substring) -> Substring.Index? {
    var depth = 0
    var index = text.startIndex
    while index < text.endIndex {
      if text[index] == "(" { depth += 1 }
      if text[index] == ")" {
        depth -= 1
        if depth == 0 { return index }
      }
      index = text.index(after: index)
    }
    return nil
  }

  /// The first of ` == `, ` >= `, ` <= ` (spaces around, as UIKit prints them).
  static func relationOperator(in body: Substring) -> (Relation, Range<Substring.Index>)? {
    var best: (Relation, Range<Substring.Index>)?
    for relation in [Relation.equal, .greaterThanOrEqual, .lessThanOrEqual] {
      if let range = body.firstRange(ofASCII: " \(relation.rawValue) "), best.map({ range.lowerBound < $0.1.lowerBound }) ?? true {
        best = (relation, range)
      }
    }
    return best
  }

  /// A number with an optional sign and spaces: `20`, `-8`, `- 16`, `+ 70`, `16.0`.
  static func signedNumber(_ text: Substring) -> Double? {
    var text = trimSpaces(text)
    var sign = 1.0
    if text.hasPrefix("-") {
      sign = -1
      text = trimSpaces(text.dropFirst())
    } else if text.hasPrefix("+") {
      text = trimSpaces(text.dropFirst())
    }
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "-" || $0 == "+") }),
      let value = Double(text), value.isFinite
    else { return nil }
    return sign * value
  }

  /// The number at the start of `text` (`750` of `750)`).
  static func leadingNumber(_ text: Substring) -> Double? {
    let digits = trimSpaces(text).prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
    return Double(digits)
  }

  /// ` + 8`, ` - 16.0`, ` + NSSpace(8)` at the end of a side, and where it starts.
  static func trailingConstant(_ text: Substring) -> (Double, Substring.Index)? {
    guard let sign = text.lastRange(ofASCII: " + ") ?? text.lastRange(ofASCII: " - ") else {
      return nil
    }
    // The later of the two signs.
    var chosen = sign
    if let plus = text.lastRange(ofASCII: " + "), let minus = text.lastRange(ofASCII: " - ") {
      chosen = plus.lowerBound > minus.lowerBound ? plus : minus
    }
    let negative = text[chosen].contains("-")
    let value = text[chosen.upperBound...]
    guard let magnitude = systemSpace(trimSpaces(value)) ?? signedNumber(value) else { return nil }
    return (negative ? -magnitude : magnitude, chosen.lowerBound)
  }
}

/// A cursor over a substring.
struct Scanner {
  var remainder: Substring

  init(_ text: Substring) {
    remainder = text
  }

  mutating func skip(_ literal: String) -> Bool {
    guard remainder.hasPrefix(literal) else { return false }
    remainder = remainder.dropFirst(literal.count)
    return true
  }

  mutating func skipSpaces() {
    remainder = remainder.drop { $0 == " " || $0 == "\t" }
  }

  mutating func take(while predicate: (Character) -> Bool) -> Substring {
    let taken = remainder.prefix(while: predicate)
    remainder = remainder.dropFirst(taken.count)
    return taken
  }

  /// `0x` and hex digits.
  mutating func address() -> String? {
    guard remainder.hasPrefix("0x") else { return nil }
    let digits = remainder.dropFirst(2).prefix { $0.isHexDigit }
    guard !digits.isEmpty else { return nil }
    remainder = remainder.dropFirst(2 + digits.count)
    return "0x" + digits
  }
}

extension Substring {
  /// The first range of an ASCII `needle`, searched byte by byte (Foundation's `range(of:)`
  /// costs more than the rest of reading an entry).
  func firstRange(ofASCII needle: String) -> Range<Index>? {
    let pattern = Array(needle.utf8)
    guard let first = pattern.first else { return nil }
    let bytes = utf8
    var index = bytes.startIndex
    while index != bytes.endIndex {
      if bytes[index] == first {
        var cursor = index
        var matched = 0
        while matched < pattern.count, cursor != bytes.endIndex, bytes[cursor] == pattern[matched] {
          matched += 1
          cursor = bytes.index(after: cursor)
        }
        if matched == pattern.count { return index..<cursor }
      }
      index = bytes.index(after: index)
    }
    return nil
  }

  /// The last range of an ASCII `needle`.
  func lastRange(ofASCII needle: String) -> Range<Index>? {
    var found: Range<Index>?
    var rest = self[...]
    while let range = rest.firstRange(ofASCII: needle) {
      found = range
      rest = rest[range.upperBound...]
    }
    return found
  }
}
