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
/// - A pattern that matches a folder matches everything in it: `Pods` matches `Pods/A/b.xib`,
///   and `.` (the configuration's folder) matches every path.
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
    // `./Pods` is anchored at the configuration's folder, as any pattern with a `/`.
    let anchored = text.hasPrefix("./")
    while text.hasPrefix("./") { text.removeFirst(2) }
    while text.hasSuffix("/") { text.removeLast() }
    guard !text.isEmpty || anchored else { throw Problem(message: "an empty pattern matches nothing") }
    // `.` is the configuration's folder itself: `.` alone matches everything, `./A/./b` is `A/b`.
    var pieces = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
    // A name alone matches at any depth.
    if pieces.count == 1, pieces[0] != "**", !anchored, !text.contains("/") { pieces.insert("**", at: 0) }
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
  ///
  /// In time proportional to the parts of the pattern times the parts of the path (each
  /// part's name matched in time proportional to its length times the pattern part's): a
  /// pattern with many `*` or `**` never backtracks exponentially.
  public func matches(_ path: String) -> Bool {
    let names = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }.map { Array($0) }
    // reached[i][j]: the first i parts of the pattern match the first j parts of the path.
    var reached = Array(repeating: Array(repeating: false, count: names.count + 1), count: parts.count + 1)
    reached[0][0] = true
    for (i, part) in parts.enumerated() {
      for j in 0...names.count where reached[i][j] {
        switch part {
        case .anyParts:
          // `**` matches no part, or one more part (and then, from j + 1, more).
          reached[i + 1][j] = true
          if j < names.count { reached[i][j + 1] = true }
        case .segment(let tokens):
          if j < names.count, Glob.matchSegment(tokens, names[j]) { reached[i + 1][j + 1] = true }
        }
      }
    }
    // The whole pattern matched the path or a folder it is in.
    return reached[parts.count].contains(true)
  }

  /// One name against one part of the pattern: the usual wildcard matching, going back only
  /// to the last `*` seen.
  private static func matchSegment(_ tokens: [Token], _ name: [Character]) -> Bool {
    var token = 0
    var character = 0
    var lastRun: (token: Int, character: Int)?
    while character < name.count {
      if token < tokens.count, case .anyRun = tokens[token] {
        lastRun = (token, character)
        token += 1
      } else if token < tokens.count, matchesOne(tokens[token], name[character]) {
        token += 1
        character += 1
      } else if let run = lastRun {
        // The last `*` takes one more character.
        lastRun = (run.token, run.character + 1)
        token = run.token + 1
        character = run.character + 1
      } else {
        return false
      }
    }
    while token < tokens.count, case .anyRun = tokens[token] { token += 1 }
    return token == tokens.count
  }

  private static func matchesOne(_ token: Token, _ character: Character) -> Bool {
    switch token {
    case .anyRun: true
    case .anyCharacter: true
    case .literal(let literal): literal == character
    case .set(let ranges, let negated): ranges.contains(where: { $0.contains(character) }) != negated
    }
  }
}
