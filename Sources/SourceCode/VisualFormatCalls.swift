// Finding the calls that build constraints from Visual Format strings in Swift and
// Objective-C, and reading their arguments where they are literals: the format, the options,
// and the views and metrics dictionaries (written in the call, or a literal assigned to a
// local in the same function). What cannot be read statically is said to be unknown, never
// guessed.
import LayoutSyntax

/// A function, other than UIKit's, that takes a Visual Format string as its first argument:
/// a project's own wrapper, named in the configuration (`plumb check --vfl-function`).
public struct VisualFormatFunction: Sendable, Hashable {
  /// How a wrapper is given the views its format names.
  public enum Views: Sendable, Hashable {
    /// A dictionary from names to views, as UIKit's, in the argument labelled `label`
    /// (metrics in `metrics`, options in `options`, when the wrapper has them).
    case dictionary(label: String)
    /// The views themselves, in order, from the argument labelled `label` on: the format
    /// names them `PREFIX0`, `PREFIX1`, … (`addConstraintsWithFormat(_:views:)` names them
    /// `v0`, `v1`).
    case positional(label: String, prefix: String)
  }

  /// The function's base name (Swift) or the first part of its selector (Objective-C).
  public var name: String
  public var views: Views

  public init(name: String, views: Views) {
    self.name = name
    self.views = views
  }

  /// A wrapper as the command line (`--vfl-function`) and the configuration
  /// (`visualFormatFunctions`) spell it: `NAME[:views=LABEL][,positional=PREFIX]` — NAME's
  /// first argument is a format; its views are a dictionary labelled `views` (or LABEL), or,
  /// with `positional`, the views themselves from that label on, named `PREFIX0`, `PREFIX1`, ….
  /// Nil when `specification` is not spelt so.
  public init?(specification: String) {
    func isName(_ text: String) -> Bool {
      !text.isEmpty && text.first.map { !$0.isNumber } == true
        && text.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
    }
    let parts = specification.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    guard let name = parts.first, isName(name) else { return nil }
    var label = "views"
    var prefix: String?
    if parts.count == 2 {
      for setting in parts[1].split(separator: ",", omittingEmptySubsequences: false) {
        let pair = setting.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard pair.count == 2, isName(pair[1]) else { return nil }
        switch pair[0] {
        case "views": label = pair[1]
        case "positional": prefix = pair[1]
        default: return nil
        }
      }
    }
    self.init(name: name, views: prefix.map { .positional(label: label, prefix: $0) } ?? .dictionary(label: label))
  }

  /// What `init(specification:)` reads, for messages.
  public static let specificationSyntax = "NAME[:views=LABEL][,positional=PREFIX]"

  /// The helper of the widespread idiom: `addConstraintsWithFormat(_ format: String, views: UIView...)`
  /// (also spelt `addConstraintsWithFormat(format:views:)`), whose views are `v0`, `v1`, ….
  public static let addConstraintsWithFormat = VisualFormatFunction(
    name: "addConstraintsWithFormat", views: .positional(label: "views", prefix: "v"))
}

/// The bytes a file must contain for it to be worth lexing: UIKit's selector, or a wrapper's name.
public enum VisualFormatPrefilter {
  public static let selector = Array("WithVisualFormat".utf8)
  public static let swiftSelector = Array("withVisualFormat".utf8)

  /// Whether `bytes` may hold a call to UIKit's method or to one of `functions`: a scan
  /// for the names, without lexing.
  public static func mayContainCalls(_ bytes: [UInt8], functions: [VisualFormatFunction]) -> Bool {
    if contains(bytes, selector) || contains(bytes, swiftSelector) { return true }
    return functions.contains { contains(bytes, Array($0.name.utf8)) }
  }

  /// Whether `needle` occurs in `bytes`.
  public static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
    guard let first = needle.first, needle.count <= bytes.count else { return false }
    let last = bytes.count - needle.count
    return bytes.withUnsafeBufferPointer { buffer in
      needle.withUnsafeBufferPointer { pattern in
        var index = 0
        while index <= last {
          if buffer[index] == first {
            var matched = 1
            while matched < pattern.count, buffer[index + matched] == pattern[matched] { matched += 1 }
            if matched == pattern.count { return true }
          }
          index += 1
        }
        return false
      }
    }
  }
}

/// A format's text, decoded from one literal or from several joined (`+` in Swift, adjacent
/// literals in Objective-C): each byte with the file offset it came from.
public struct FormatText: Sendable, Hashable {
  public var characters: [UInt8]
  public var offsets: [Int]
  /// From the first literal's text to the last one's end.
  public var range: SourceRange
  /// The literals, delimiters included.
  public var literalRanges: [SourceRange]
}

/// Why a format cannot be checked before the app runs.
public enum DynamicFormatReason: String, Sendable, Hashable {
  /// `"H:|-\(pad)-[a]|"`.
  case interpolation
  /// A variable, a parameter or a property.
  case variable
  /// `String(format:)`, `stringWithFormat:`, or any other expression.
  case expression
}

/// The format argument of a call.
public enum FormatArgument: Sendable, Hashable {
  case literal(FormatText)
  case dynamic(SourceRange, DynamicFormatReason)
}

/// One key of a views or metrics dictionary.
public struct DictionaryKey: Sendable, Hashable {
  public var name: String
  /// A metric's value when it is a number literal; nil otherwise.
  public var value: Double?
}

/// A views or metrics dictionary, as far as it can be read.
public enum NameDictionary: Sendable, Hashable {
  /// Every key is known (none for `nil`). `bindings` is where a name would be added to the
  /// `NSDictionaryOfVariableBindings(…)` it came from (before its closing parenthesis).
  case known([DictionaryKey], bindings: Int?)
  /// Built at run time, or in a way this reader does not follow.
  case unknown

  public static let empty = NameDictionary.known([], bindings: nil)
}

/// The options argument: the Apple names of the options (`alignAllTop`), each with where it
/// is written, or unknown.
public enum OptionsArgument: Sendable, Hashable {
  case known([Identifier])
  case unknown
}

/// One call that builds constraints from a Visual Format string.
public struct VisualFormatCall: Sendable, Hashable {
  /// The called name, as written (`constraints`, `constraintsWithVisualFormat`, a wrapper's).
  public var function: String
  /// From the called name to the closing parenthesis or bracket.
  public var range: SourceRange
  public var format: FormatArgument
  public var options: OptionsArgument
  public var views: NameDictionary
  public var metrics: NameDictionary
}

/// Finds the calls of a file.
public enum VisualFormatCallFinder {
  /// Every call in `bytes`, in file order; a file without UIKit's selector or a wrapper's name
  /// is not lexed.
  public static func calls(
    in bytes: [UInt8], dialect: SourceDialect, functions: [VisualFormatFunction] = [.addConstraintsWithFormat]
  ) -> [VisualFormatCall] {
    guard VisualFormatPrefilter.mayContainCalls(bytes, functions: functions) else { return [] }
    let lexed = SourceLexer.tokens(of: bytes, dialect: dialect)
    var reader = CallReader(bytes: bytes, dialect: dialect, lexed: lexed, functions: functions)
    return reader.readCalls()
  }
}

/// A labelled argument of a call: its label (nil when none) and its tokens.
struct Argument {
  var label: String?
  var tokens: Range<Int>
}

/// The last search, per name, for the declaration of a local dictionary: the call it was for
/// and what ended it, so that the next call naming the same local searches only back to it.
final class LocalSearches {
  struct Search {
    enum Outcome {
      /// A declaration at this token.
      case declaration(Int)
      /// The function's start, or the file's, with no declaration.
      case stopped
    }
    var call: Int
    var outcome: Outcome
  }
  var last: [String: Search] = [:]
}

struct CallReader {
  let bytes: [UInt8]
  let dialect: SourceDialect
  let tokens: [SourceToken]
  let literals: [StringLiteral]
  let functions: [VisualFormatFunction]
  /// The brace depth before each token.
  let depths: [Int]
  /// The last search for each local dictionary's declaration (`localDictionary`).
  let localSearches = LocalSearches()

  init(bytes: [UInt8], dialect: SourceDialect, lexed: SourceTokens, functions: [VisualFormatFunction]) {
    self.bytes = bytes
    self.dialect = dialect
    tokens = lexed.tokens
    literals = lexed.literals
    self.functions = functions
    var depths: [Int] = []
    depths.reserveCapacity(lexed.tokens.count)
    var depth = 0
    for token in lexed.tokens {
      depths.append(depth)
      if token.isPunctuation(UInt8(ascii: "{")) {
        depth += 1
      } else if token.isPunctuation(UInt8(ascii: "}")) {
        depth = max(0, depth - 1)
      }
    }
    self.depths = depths
  }

  // MARK: - Tokens

  func text(_ index: Int) -> String {
    guard index >= 0, index < tokens.count else { return "" }
    let range = tokens[index].range
    return String(decoding: bytes[range.start..<range.end], as: UTF8.self)
  }

  func isIdentifier(_ index: Int, _ name: String? = nil) -> Bool {
    guard index >= 0, index < tokens.count, tokens[index].kind == .identifier else { return false }
    return name.map { text(index) == $0 } ?? true
  }

  func isPunctuation(_ index: Int, _ character: Character) -> Bool {
    guard index >= 0, index < tokens.count, let ascii = character.asciiValue else { return false }
    return tokens[index].isPunctuation(ascii)
  }

  func literal(_ index: Int) -> StringLiteral? {
    guard index >= 0, index < tokens.count, case .string(let literal) = tokens[index].kind, literal < literals.count
    else { return nil }
    return literals[literal]
  }

  /// The index of the bracket that closes the one at `open`, or nil when the file ends first.
  func closing(_ open: Int) -> Int? {
    guard open < tokens.count, case .punctuation(let opener) = tokens[open].kind else { return nil }
    var stack: [UInt8] = [opener]
    var index = open + 1
    while index < tokens.count {
      if case .punctuation(let byte) = tokens[index].kind {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
          stack.append(byte)
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
          stack.removeLast()
          if stack.isEmpty { return index }
        default: break
        }
      }
      index += 1
    }
    return nil
  }

  // MARK: - Calls

  mutating func readCalls() -> [VisualFormatCall] {
    var calls: [VisualFormatCall] = []
    var index = 0
    while index < tokens.count {
      defer { index += 1 }
      guard tokens[index].kind == .identifier else { continue }
      let name = text(index)
      calls += readCall(at: index, name: name)
    }
    return calls
  }

  /// The call at `index`, once per format it may have: a conditional between two literals
  /// (`compact ? @"H:…" : @"V:…"`) is two calls, each checked.
  private func readCall(at index: Int, name: String) -> [VisualFormatCall] {
    guard let call = readOneCall(at: index, name: name) else { return [] }
    guard case .dynamic(_, .expression) = call.format, let branches = formatBranches(call.format) else { return [call] }
    return branches.map { branch in
      var copy = call
      copy.format = branch
      return copy
    }
  }

  /// The two literal formats of a conditional format argument, or nil.
  private func formatBranches(_ format: FormatArgument) -> [FormatArgument]? {
    guard case .dynamic(let range, _) = format,
      let start = tokens.firstIndex(where: { $0.range.start == range.start }),
      let end = tokens[start...].firstIndex(where: { $0.range.end == range.end })
    else { return nil }
    var question: Int?
    var colon: Int?
    var index = start
    while index <= end {
      if case .punctuation(let byte) = tokens[index].kind {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
          index = closing(index) ?? end
        case UInt8(ascii: "?") where question == nil:
          question = index
        case UInt8(ascii: ":") where question != nil && colon == nil:
          colon = index
        default: break
        }
      }
      index += 1
    }
    guard let question, let colon else { return nil }
    let branches = [self.format(question + 1..<colon), self.format(colon + 1..<end + 1)]
    for branch in branches {
      guard case .literal = branch else { return nil }
    }
    return branches
  }

  /// Whether the receiver written before UIKit's method is `NSLayoutConstraint` (or none is
  /// written): a method of the same name on another type is the project's own, with its own
  /// rules (an extended format language, say).
  private func isUIKitReceiver(_ index: Int) -> Bool {
    switch dialect {
    case .swift:
      guard isPunctuation(index - 1, ".") else { return true }
      return !isIdentifier(index - 2) || isIdentifier(index - 2, "NSLayoutConstraint")
    case .objectiveC:
      return !isIdentifier(index - 1) || isIdentifier(index - 1, "NSLayoutConstraint")
    }
  }

  private func readOneCall(at index: Int, name: String) -> VisualFormatCall? {
    let isDeclaration = isIdentifier(index - 1, "func")
    if dialect == .swift || isPunctuation(index + 1, "(") {
      guard isPunctuation(index + 1, "("), !isDeclaration, let close = closing(index + 1) else { return nil }
      let arguments = swiftArguments(from: index + 2, to: close)
      let range = SourceRange(start: tokens[index].range.start, end: tokens[close].range.end)
      if name == "constraints", arguments.first?.label == "withVisualFormat", isUIKitReceiver(index) {
        return uikitCall(name, arguments, range: range, call: index)
      }
      if name == "constraintsWithVisualFormat", arguments.first?.label == nil, arguments.count >= 2, isUIKitReceiver(index) {
        return uikitCall(name, arguments, range: range, call: index)
      }
      if let function = functions.first(where: { $0.name == name }) {
        return wrapperCall(function, arguments, range: range, call: index)
      }
      return nil
    }
    // Objective-C: `[receiver constraintsWithVisualFormat:… options:… metrics:… views:…]`; not a
    // method's declaration (`- (NSArray *)constraintsWithVisualFormat:(NSString *)format …`) or
    // a selector (`@selector(constraintsWithVisualFormat:…)`).
    guard isPunctuation(index + 1, ":"), !isPunctuation(index - 1, "("), !isPunctuation(index - 1, ":"),
      !isPunctuation(index - 1, ")")
    else {
      return nil
    }
    let isUIKit = name == "constraintsWithVisualFormat" && isUIKitReceiver(index)
    let function = functions.first { $0.name == name }
    guard isUIKit || function != nil, let (arguments, close) = messageArguments(from: index) else { return nil }
    let range = SourceRange(start: tokens[index].range.start, end: tokens[close].range.end)
    if isUIKit {
      guard arguments.contains(where: { $0.label == "views" }) else { return nil }
      return uikitCall(name, arguments, range: range, call: index)
    }
    return function.flatMap { wrapperCall($0, arguments, range: range, call: index) }
  }

  /// UIKit's call: the format first, then `options`, `metrics` and `views`.
  private func uikitCall(_ name: String, _ arguments: [Argument], range: SourceRange, call: Int) -> VisualFormatCall? {
    guard let formatArgument = arguments.first, let viewsArgument = arguments.first(where: { $0.label == "views" })
    else { return nil }
    let options = arguments.first { $0.label == "options" }
    let metrics = arguments.first { $0.label == "metrics" }
    return VisualFormatCall(
      function: name, range: range, format: format(formatArgument.tokens),
      options: options.map { self.options($0.tokens) } ?? .known([]),
      views: dictionary(viewsArgument.tokens, call: call),
      metrics: metrics.map { dictionary($0.tokens, call: call) } ?? .empty)
  }

  private func wrapperCall(
    _ function: VisualFormatFunction, _ arguments: [Argument], range: SourceRange, call: Int
  ) -> VisualFormatCall? {
    guard let formatArgument = arguments.first else { return nil }
    let format = format(formatArgument.tokens)
    switch function.views {
    case .dictionary(let label):
      guard let viewsArgument = arguments.first(where: { $0.label == label }) else { return nil }
      let options = arguments.first { $0.label == "options" }
      let metrics = arguments.first { $0.label == "metrics" }
      return VisualFormatCall(
        function: function.name, range: range, format: format,
        options: options.map { self.options($0.tokens) } ?? .known([]),
        views: dictionary(viewsArgument.tokens, call: call),
        metrics: metrics.map { dictionary($0.tokens, call: call) } ?? .empty)
    case .positional(let label, let prefix):
      guard let first = arguments.firstIndex(where: { $0.label == label }) else { return nil }
      // Variadic views: the labelled argument and every unlabelled one after it.
      var count = 1
      for argument in arguments[(first + 1)...] {
        guard argument.label == nil else { break }
        count += 1
      }
      var views = NameDictionary.known(
        (0..<count).map { DictionaryKey(name: "\(prefix)\($0)", value: nil) }, bindings: nil)
      let tokens = arguments[first].tokens
      var isDictionary = false
      if count == 1, isPunctuation(tokens.lowerBound, "[") {
        if let close = closing(tokens.lowerBound), close == tokens.upperBound - 1 {
          let elements = split(tokens.lowerBound + 1..<close).filter { !$0.isEmpty }
          if elements.contains(where: { part in part.contains { isPunctuation($0, ":") } }) {
            // A wrapper of the same name that takes a dictionary.
            views = dictionary(tokens, call: call)
            isDictionary = true
          } else {
            // An array of views: its elements, when written out.
            views = .known(elements.indices.map { DictionaryKey(name: "\(prefix)\($0)", value: nil) }, bindings: nil)
          }
        } else {
          views = .unknown
        }
      }
      // A format that names no `PREFIX0`-like view is not written for positional views: a
      // function of the same name may take a dictionary in a variable.
      if !isDictionary, case .literal(let text) = format, !names(text, withPrefix: prefix) {
        views = .unknown
      }
      return VisualFormatCall(
        function: function.name, range: range, format: format, options: .known([]), views: views, metrics: .empty)
    }
  }

  /// Whether a format has `[PREFIXn`, a view named by position.
  private func names(_ text: FormatText, withPrefix prefix: String) -> Bool {
    let pattern = Array(("[" + prefix).utf8)
    let characters = text.characters.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    guard characters.count > pattern.count else { return false }
    for start in 0..<(characters.count - pattern.count) where Array(characters[start..<start + pattern.count]) == pattern {
      if SourceLexer.isDigit(characters[start + pattern.count]) { return true }
    }
    return false
  }

  /// Splits `range` at its top-level commas.
  func split(_ range: Range<Int>) -> [Range<Int>] {
    var parts: [Range<Int>] = []
    var start = range.lowerBound
    var index = range.lowerBound
    while index < range.upperBound {
      if case .punctuation(let byte) = tokens[index].kind {
        if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
          index = min(closing(index) ?? range.upperBound, range.upperBound)
        } else if byte == UInt8(ascii: ",") {
          parts.append(start..<index)
          start = index + 1
        }
      }
      index += 1
    }
    parts.append(start..<min(index, range.upperBound))
    return parts
  }

  /// Swift's arguments between parentheses: `label: expression` or `expression`.
  private func swiftArguments(from start: Int, to end: Int) -> [Argument] {
    guard start < end else { return [] }
    return split(start..<end).map { part in
      if part.count >= 2, isIdentifier(part.lowerBound), isPunctuation(part.lowerBound + 1, ":") {
        return Argument(label: text(part.lowerBound), tokens: part.lowerBound + 2..<part.upperBound)
      }
      return Argument(label: nil, tokens: part)
    }
  }

  /// An Objective-C message's arguments from its first selector part at `index` to its
  /// closing bracket: the first unlabelled (the format), the others by their part's name.
  private func messageArguments(from index: Int) -> ([Argument], Int)? {
    var arguments: [Argument] = []
    var label: String?
    var start = index + 2
    var position = index + 2
    while position < tokens.count {
      if case .punctuation(let byte) = tokens[position].kind {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
          position = closing(position) ?? tokens.count
        case UInt8(ascii: "]"):
          arguments.append(Argument(label: label, tokens: start..<position))
          return (arguments, position)
        case UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: ";"):
          return nil
        default: break
        }
      } else if tokens[position].kind == .identifier, isPunctuation(position + 1, ":"), position > start {
        arguments.append(Argument(label: label, tokens: start..<position))
        label = text(position)
        start = position + 2
        position += 1
      }
      position += 1
    }
    return nil
  }

  // MARK: - The format

  /// The format: literals joined by `+` (Swift) or written next to each other (Objective-C),
  /// possibly in parentheses.
  func format(_ range: Range<Int>) -> FormatArgument {
    var range = range
    while range.count >= 2, isPunctuation(range.lowerBound, "("), closing(range.lowerBound) == range.upperBound - 1 {
      range = range.lowerBound + 1..<range.upperBound - 1
    }
    let whole = sourceRange(range)
    guard !range.isEmpty else { return .dynamic(whole, .expression) }
    var text = FormatText(characters: [], offsets: [], range: whole, literalRanges: [])
    var index = range.lowerBound
    var expectLiteral = true
    var contents: [SourceRange] = []
    while index < range.upperBound {
      if expectLiteral {
        var tokenIndex = index
        if dialect == .objectiveC, isPunctuation(index, "@"), tokenIndex + 1 < range.upperBound { tokenIndex += 1 }
        guard let literal = literal(tokenIndex) else {
          return .dynamic(whole, range.count == 1 && isIdentifier(range.lowerBound) ? .variable : .expression)
        }
        if literal.isInterpolated { return .dynamic(whole, .interpolation) }
        if literal.isUnterminated { return .dynamic(whole, .expression) }
        text.characters += literal.characters
        text.offsets += literal.offsets
        text.literalRanges.append(tokens[tokenIndex].range)
        contents.append(literal.contentRange)
        index = tokenIndex + 1
        // Objective-C joins adjacent literals; Swift needs a `+`.
        expectLiteral = dialect == .objectiveC
        if dialect == .objectiveC, index < range.upperBound, literalStart(index, within: range) == nil {
          return .dynamic(whole, .expression)
        }
      } else {
        guard isPunctuation(index, "+") else { return .dynamic(whole, .expression) }
        expectLiteral = true
        index += 1
      }
    }
    if expectLiteral && dialect == .swift { return .dynamic(whole, .expression) }
    guard let first = contents.first, let last = contents.last else { return .dynamic(whole, .expression) }
    text.range = SourceRange(start: first.start, end: last.end)
    return .literal(text)
  }

  /// The index of the literal at `index` (after an `@` in Objective-C), or nil.
  private func literalStart(_ index: Int, within range: Range<Int>) -> Int? {
    if literal(index) != nil { return index }
    if isPunctuation(index, "@"), index + 1 < range.upperBound, literal(index + 1) != nil { return index + 1 }
    return nil
  }

  func sourceRange(_ range: Range<Int>) -> SourceRange {
    guard !range.isEmpty, range.lowerBound < tokens.count else {
      let offset = range.lowerBound < tokens.count ? tokens[range.lowerBound].range.start : bytes.count
      return SourceRange(at: offset)
    }
    return SourceRange(start: tokens[range.lowerBound].range.start, end: tokens[min(range.upperBound, tokens.count) - 1].range.end)
  }
}
