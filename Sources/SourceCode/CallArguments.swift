// Reading a call's options and dictionaries.
import LayoutSyntax

/// The option names UIKit and AppKit define, by their Swift 3 names (`alignAllTop`); the
/// Objective-C (`NSLayoutFormatAlignAllTop`) and Swift 2 (`.AlignAllTop`) spellings map to them.
private let optionNames: Set<String> = [
  "alignAllLeft", "alignAllRight", "alignAllTop", "alignAllBottom", "alignAllLeading", "alignAllTrailing",
  "alignAllCenterX", "alignAllCenterY", "alignAllLastBaseline", "alignAllFirstBaseline", "alignAllBaseline",
  "directionLeadingToTrailing", "directionLeftToRight", "directionRightToLeft", "spacingEdgeToEdge",
  "spacingBaselineToBaseline",
]

/// Names in an options expression that are not options: the type's spellings.
private let optionTypeNames: Set<String> = [
  "NSLayoutConstraint", "FormatOptions", "NSLayoutFormatOptions", "NSLayoutConstraint.FormatOptions", "init",
]

extension CallReader {
  // MARK: - Options

  /// `[]`, `.alignAllTop`, `[.alignAllTop, .alignAllBottom]`, `NSLayoutFormatOptions.AlignAllTop`,
  /// `NSLayoutFormatOptions()`, `NSLayoutFormatOptions(rawValue: 0)`,
  /// `NSLayoutFormatAlignAllTop | NSLayoutFormatAlignAllBottom`, `0`, `kNilOptions`; anything
  /// else (a variable, another raw value) is unknown.
  func options(_ range: Range<Int>) -> OptionsArgument {
    var names: [Identifier] = []
    for index in range {
      switch tokens[index].kind {
      case .identifier:
        let name = text(index)
        // `rawValue:` is followed by a number, which must be 0.
        if optionTypeNames.contains(name) || name == "kNilOptions" || name == "rawValue" { continue }
        var apple = name
        if dialect == .objectiveC || name.hasPrefix("NSLayoutFormat") {
          guard name.hasPrefix("NSLayoutFormat") else { return .unknown }
          apple = String(name.dropFirst("NSLayoutFormat".count))
        }
        if let first = apple.first, first.isUppercase { apple = first.lowercased() + apple.dropFirst() }
        guard optionNames.contains(apple) else { return .unknown }
        names.append(Identifier(name: apple, range: tokens[index].range))
      case .number:
        guard text(index) == "0" else { return .unknown }
      case .punctuation(let byte):
        // Brackets, commas, dots, `|` between options, and the parentheses of a cast or an
        // empty initialiser.
        let allowed: Set<UInt8> = [
          UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: "|"),
          UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: ":"),
        ]
        guard allowed.contains(byte) else { return .unknown }
      default:
        return .unknown
      }
    }
    return .known(names)
  }

  // MARK: - Dictionaries

  /// A views or metrics dictionary: `nil`, a literal (`["a": a]`, `@{@"a": a}`),
  /// `NSDictionaryOfVariableBindings(a, b)`, or a local constant holding one of them.
  func dictionary(_ range: Range<Int>, call: Int) -> NameDictionary {
    var range = range
    // `… as [String: Any]` and `(NSDictionary *)…` around the value.
    if let cast = (range.lowerBound..<range.upperBound).first(where: { isIdentifier($0, "as") }) {
      range = range.lowerBound..<cast
    }
    if range.count > 2, isPunctuation(range.lowerBound, "("), let close = closing(range.lowerBound),
      close < range.upperBound - 1, isPunctuation(close - 1, "*")
    {
      range = close + 1..<range.upperBound
    }
    guard let first = range.first else { return .unknown }
    if range.count == 1, isIdentifier(first, "nil") || isIdentifier(first, "NULL") { return .empty }
    if isPunctuation(first, "["), dialect == .swift, closing(first) == range.upperBound - 1 {
      return swiftDictionary(first)
    }
    if isPunctuation(first, "@"), isPunctuation(first + 1, "{"), closing(first + 1) == range.upperBound - 1 {
      return objectiveCDictionary(first + 1)
    }
    if isIdentifier(first, "NSDictionaryOfVariableBindings"), isPunctuation(first + 1, "("),
      let close = closing(first + 1), close == range.upperBound - 1
    {
      let keys = split(first + 2..<close).filter { !$0.isEmpty }.map { part in
        DictionaryKey(name: part.map(text).joined(), value: nil)
      }
      return .known(keys, bindings: tokens[close].range.start)
    }
    if range.count == 1, isIdentifier(first) {
      return localDictionary(named: text(first), call: call)
    }
    return .unknown
  }

  /// `["a": a, "b": b]` or `[:]`; keys must be literals.
  private func swiftDictionary(_ open: Int) -> NameDictionary {
    guard let close = closing(open) else { return .unknown }
    if close == open + 2, isPunctuation(open + 1, ":") { return .empty }
    var keys: [DictionaryKey] = []
    for part in split(open + 1..<close) where !part.isEmpty {
      guard let key = literal(part.lowerBound), !key.isInterpolated, isPunctuation(part.lowerBound + 1, ":") else {
        return .unknown
      }
      keys.append(
        DictionaryKey(name: String(decoding: key.characters, as: UTF8.self), value: number(part.lowerBound + 2..<part.upperBound)))
    }
    // `[a, b]` is an array, not a dictionary.
    return keys.isEmpty && close > open + 1 ? .unknown : .known(keys, bindings: nil)
  }

  /// `@{@"a": a, @"b": b}`.
  private func objectiveCDictionary(_ open: Int) -> NameDictionary {
    guard let close = closing(open) else { return .unknown }
    var keys: [DictionaryKey] = []
    for part in split(open + 1..<close) where !part.isEmpty {
      guard let key = literal(part.lowerBound), isPunctuation(part.lowerBound + 1, ":") else { return .unknown }
      keys.append(
        DictionaryKey(name: String(decoding: key.characters, as: UTF8.self), value: number(part.lowerBound + 2..<part.upperBound)))
    }
    return .known(keys, bindings: nil)
  }

  /// A number written as a metric's value: `8`, `-8`, `8.5`, `@8`, `@(8)`, `CGFloat(8)`,
  /// `NSNumber(value: 8)`, `8 as NSNumber`; nil for anything else.
  func number(_ range: Range<Int>) -> Double? {
    var parts = Array(range)
    if let cast = parts.firstIndex(where: { isIdentifier($0, "as") }) { parts = Array(parts[..<cast]) }
    // Drop `@`, parentheses, a conversion's name and the `value:` label around the number.
    parts.removeAll { index in
      isPunctuation(index, "@") || isPunctuation(index, "(") || isPunctuation(index, ")")
    }
    if parts.count >= 2, isIdentifier(parts[0]), ["CGFloat", "Double", "Float", "NSNumber", "Int"].contains(text(parts[0])) {
      parts.removeFirst()
      if parts.count >= 2, isIdentifier(parts[0], "value"), isPunctuation(parts[1], ":") { parts.removeFirst(2) }
    }
    var sign = 1.0
    if parts.count == 2, isPunctuation(parts[0], "-") {
      sign = -1
      parts.removeFirst()
    }
    guard parts.count == 1, tokens[parts[0]].kind == .number else { return nil }
    var digits = text(parts[0]).filter { $0 != "_" }
    while let last = digits.last, last == "f" || last == "F" || last == "l" || last == "L" || last == "u" || last == "U" {
      digits.removeLast()
    }
    return Double(digits).map { $0 * sign }
  }

  // MARK: - Locals

  /// A local constant holding a dictionary, declared before the call in the same function:
  /// `let views = [...]` (Swift) or `NSDictionary *views = @{...};` (Objective-C). A Swift `var`
  /// changed after it is declared, or anything else, is unknown.
  ///
  /// The search walks back from the call to the nearest declaration of the name that encloses
  /// it, or to the function's start. A function of many calls naming one local would walk back
  /// over all the calls before each (quadratic), so the last search of each name is kept
  /// (`LocalSearches`): a later call at the same depth walks back only to that call, and takes
  /// its answer when nothing nearer decides and the declaration still encloses this call.
  private func localDictionary(named name: String, call: Int) -> NameDictionary {
    let callDepth = call < depths.count ? depths[call] : 0
    var lowest = callDepth
    var stop = -1
    let previous = localSearches.last[name]
    if let previous, previous.call < call, previous.call < depths.count, depths[previous.call] == callDepth {
      stop = previous.call
    }
    var index = call - 1
    while index > stop {
      let depth = depths[index]
      lowest = min(lowest, depth)
      // Stop at the function that holds the call.
      if dialect == .swift, depth < callDepth, tokens[index].kind == .identifier,
        ["func", "init", "deinit", "subscript", "class", "struct", "extension", "enum", "protocol", "actor"].contains(text(index))
      {
        localSearches.last[name] = LocalSearches.Search(call: call, outcome: .stopped)
        return .unknown
      }
      if dialect == .objectiveC, depth == 0 {
        localSearches.last[name] = LocalSearches.Search(call: call, outcome: .stopped)
        return .unknown
      }
      if depth <= lowest, tokens[index].kind == .identifier, text(index) == name {
        if let found = declaration(at: index, call: call) {
          localSearches.last[name] = LocalSearches.Search(call: call, outcome: .declaration(index))
          return found
        }
      }
      index -= 1
    }
    if let previous, stop >= 0 {
      // Nothing between the two calls decides; the earlier call's search covered the rest.
      lowest = min(lowest, depths[stop])
      switch previous.outcome {
      case .stopped:
        localSearches.last[name] = LocalSearches.Search(call: call, outcome: .stopped)
        return .unknown
      case .declaration(let declared):
        if declared < depths.count, depths[declared] <= lowest, let found = declaration(at: declared, call: call) {
          localSearches.last[name] = LocalSearches.Search(call: call, outcome: .declaration(declared))
          return found
        }
        // The declaration does not enclose this call: search the whole way.
        localSearches.last[name] = nil
        return localDictionary(named: name, call: call)
      }
    }
    localSearches.last[name] = LocalSearches.Search(call: call, outcome: .stopped)
    return .unknown
  }

  /// The dictionary a declaration of the name at `index` gives, nil when the name is not
  /// declared or assigned there.
  private func declaration(at index: Int, call: Int) -> NameDictionary? {
    switch dialect {
    case .swift:
      let keyword = text(index - 1)
      guard keyword == "let" || keyword == "var" else { return nil }
      // Skip a type annotation to the `=`.
      var position = index + 1
      if isPunctuation(position, ":") {
        position += 1
        while position < call, !isPunctuation(position, "=") {
          if isPunctuation(position, "[") || isPunctuation(position, "(") || isPunctuation(position, "<") {
            position = closing(position).map { $0 + 1 } ?? call
          } else {
            position += 1
          }
        }
      }
      guard isPunctuation(position, "="), let end = expressionEnd(from: position + 1, limit: call) else { return .unknown }
      if keyword == "var", isChanged(named: text(index), from: end, to: call) { return .unknown }
      return dictionary(position + 1..<end, call: index)
    case .objectiveC:
      guard isPunctuation(index + 1, "="), !isPunctuation(index - 1, "."), !isPunctuation(index - 1, ">") else {
        return nil
      }
      // The declared type, when the assignment declares: a mutable dictionary may change.
      var position = index - 1
      while position >= 0, !isPunctuation(position, ";"), !isPunctuation(position, "{"), !isPunctuation(position, "}") {
        if isIdentifier(position), text(position).contains("Mutable") { return .unknown }
        position -= 1
      }
      var end = index + 2
      while end < call, !isPunctuation(end, ";") {
        if isPunctuation(end, "(") || isPunctuation(end, "[") || isPunctuation(end, "{") {
          end = closing(end).map { $0 + 1 } ?? call
        } else {
          end += 1
        }
      }
      // Assigned again (in a branch, say) before the call: not known.
      guard end < call, !isChanged(named: text(index), from: end, to: call) else { return .unknown }
      return dictionary(index + 2..<end, call: index)
    }
  }

  /// Where a Swift initial value that is one bracketed literal or call ends (the token after
  /// it), nil when it is anything else.
  private func expressionEnd(from start: Int, limit: Int) -> Int? {
    var position = start
    if isIdentifier(position), isPunctuation(position + 1, "(") { position += 1 }
    guard isPunctuation(position, "[") || isPunctuation(position, "(") || isIdentifier(position, "nil"),
      let close = isIdentifier(position, "nil") ? position : closing(position)
    else { return nil }
    var end = close + 1
    if isIdentifier(end, "as") {
      end += 1
      if isPunctuation(end, "!") || isPunctuation(end, "?") { end += 1 }
      if isPunctuation(end, "[") { end = (closing(end) ?? limit) + 1 } else { end += 1 }
    }
    // A value that goes on (`[…].merging(…)`, `[…] + other`) is not a literal.
    if isPunctuation(end, ".") || isPunctuation(end, "+") || isPunctuation(end, "(") { return nil }
    return end <= limit ? end : nil
  }

  /// Whether a variable is assigned, changed, or passed where it may be, between two tokens
  /// (at any depth: an assignment in a branch counts).
  private func isChanged(named name: String, from start: Int, to end: Int) -> Bool {
    var index = start
    while index < end {
      if isIdentifier(index, name) {
        if isPunctuation(index + 1, "[") || isPunctuation(index + 1, ".") || isPunctuation(index + 1, "=")
          || isPunctuation(index - 1, "&") || (isPunctuation(index + 1, "+") && isPunctuation(index + 2, "="))
        {
          return true
        }
      }
      index += 1
    }
    return false
  }
}
