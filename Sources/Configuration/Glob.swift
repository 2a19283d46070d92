/// A path pattern of the configuration's `include`, `exclude` and `ignore` settings, matched
/// against a path relative to the configuration file's folder, with `/` between its parts.
///
/// - `*` matches any characters within one part of the path, `?` one character, `[abc]`,
///   `[a-z]` and `[!abc]` (or `[^abc]`) one character of (or not of) a set; `\` makes the next
///   character plain.
/// - `**` as a whole part matches any number of parts, none included: `**/*.xib`,
///   `Screens/**/Legacy`.
/// - A pattern with no `/` (but a trailing one) matches a name at any depth, as in
///   `.gitignore`: `Pods/` is `**/Pods`. Otherwise it is anchored at the configuration's folder.
/// - A pattern that matches a folder matches everything in it: `Pods` matches `Pods/A/b.xib`.
public struct Glob: Hashable, Sendable, CustomStringConvertible {
  /// The pattern as written.
  public let pattern: String
  private let parts: [Part]

  private enum Part: Hashable, Sendable {
    /// `**`: any number of parts.
    case anyParts
    case segment([Token])
  }

  private enum Token: Hashable, Sendable {
    case literal(Character)
    case anyCharacter
    case anyRun
    case set([ClosedRange<Character>], negated: Bool)
  }

  /// Why a pattern cannot be read.
  public struct Problem: Error, Hashable, Sendable {
    public var message: String
  }

  public init(_ pattern: String) throws(Problem) {
    self.pattern = pattern
    var text = pattern
    while text.hasPrefix("./") { text.removeFirst(2) }
    while text.hasSuffix("/") { text.removeLast() }
    guard !text.isEmpty else { throw Problem(message: "an empty pattern matches nothing") }
    var pieces = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    // A name alone matches at any depth.
    if pieces.count == 1, pieces[0] != "**" { pieces.insert("**", at: 0) }
    var parts: [Part] = []
    for piece in pieces {
      if piece == "**" {
        if parts.last != .anyParts { parts.append(.anyParts) }
      } else {
        parts.append(.segment(try Glob.tokens(piece)))
      }
    }
    self.parts = parts
  }

  public var description: String { pattern }

  private static func tokens(_ piece: String) throws(Problem) -> [Token] {
    var tokens: [Token] = []
    let characters = Array(piece)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      index += 1
      switch character {
      case "*":
        // `**` inside a part is `*`.
        if tokens.last != .anyRun { tokens.append(.anyRun) }
      case "?":
        tokens.append(.anyCharacter)
      case "\\":
        guard index < characters.count else { throw Problem(message: "'\\' at the end of a pattern escapes nothing") }
        tokens.append(.literal(characters[index]))
        index += 1
      case "[":
        var negated = false
        if index < characters.count, characters[index] == "!" || characters[index] == "^" {
          negated = true
          index += 1
        }
        var ranges: [ClosedRange<Character>] = []
        var closed = false
        var first = true
        while index < characters.count {
          var low = characters[index]
          if low == "]", !first {
            closed = true
            index += 1
            break
          }
          first = false
          index += 1
          if low == "\\", index < characters.count {
            low = characters[index]
            index += 1
          }
          if index + 1 < characters.count, characters[index] == "-", characters[index + 1] != "]" {
            var high = characters[index + 1]
            index += 2
            if high == "\\", index < characters.count {
              high = characters[index]
              index += 1
            }
            guard low <= high else { throw Problem(message: "the range '\(low)-\(high)' is backwards") }
            ranges.append(low...high)
          } else {
            ranges.append(low...low)
          }
        }
        guard closed else { throw Problem(message: "'[' opens a set of characters that no ']' closes") }
        tokens.append(.set(ranges, negated: negated))
      default:
        tokens.append(.literal(character))
      }
    }
    return tokens
  }

  /// Whether `path` (relative, `/` between its parts) or a folder it is in matches.
  public func matches(_ path: String) -> Bool {
    let pathParts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }.map(String.init)
    return Glob.match(parts[...], pathParts[...], prefixIsEnough: true)
  }

  private static func match(_ parts: ArraySlice<Part>, _ path: ArraySlice<String>, prefixIsEnough: Bool) -> Bool {
    guard let part = parts.first else { return path.isEmpty || prefixIsEnough }
    switch part {
    case .anyParts:
      var rest = path
      while true {
        if match(parts.dropFirst(), rest, prefixIsEnough: prefixIsEnough) { return true }
        guard !rest.isEmpty else { return false }
        rest = rest.dropFirst()
      }
    case .segment(let tokens):
      guard let name = path.first, matchSegment(tokens[...], Array(name)[...]) else { return false }
      return match(parts.dropFirst(), path.dropFirst(), prefixIsEnough: prefixIsEnough)
    }
  }

  private static func matchSegment(_ tokens: ArraySlice<Token>, _ name: ArraySlice<Character>) -> Bool {
    guard let token = tokens.first else { return name.isEmpty }
    switch token {
    case .anyRun:
      var rest = name
      while true {
        if matchSegment(tokens.dropFirst(), rest) { return true }
        guard !rest.isEmpty else { return false }
        rest = rest.dropFirst()
      }
    case .anyCharacter:
      guard !name.isEmpty else { return false }
      return matchSegment(tokens.dropFirst(), name.dropFirst())
    case .literal(let character):
      guard name.first == character else { return false }
      return matchSegment(tokens.dropFirst(), name.dropFirst())
    case .set(let ranges, let negated):
      guard let first = name.first else { return false }
      guard ranges.contains(where: { $0.contains(first) }) != negated else { return false }
      return matchSegment(tokens.dropFirst(), name.dropFirst())
    }
  }
}
