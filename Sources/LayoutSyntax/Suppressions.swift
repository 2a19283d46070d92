/// `# plumb: ignore CODE[, CODE…]` comments of `.layout` and `.vfl` files (docs/configuration.md).
///
/// At the end of a line, a comment silences the findings of those codes that start on that
/// line; alone on its line, those that start on the next line that is neither empty nor only
/// a comment. A code that silences nothing, or a name that is no code, is reported
/// (`unused-suppression`), so stale comments are noticed. The comment is an ordinary `#`
/// comment to the lexer.
public enum Suppressions {
  /// One comment: the line it is for and each name it lists, with its range.
  public struct Comment: Hashable, Sendable {
    /// The 0-based line whose findings it silences.
    public var line: Int
    public var names: [Name]

    public struct Name: Hashable, Sendable {
      public var text: String
      public var range: SourceRange
    }
  }

  /// The suppression comments of a text, in order. `commentStart` is what opens a comment
  /// that runs to the end of the line: `#` in layout files (`//` would serve Swift and
  /// Objective-C sources); it is looked for outside double-quoted strings.
  public static func comments(in bytes: [UInt8], commentStart: String = "#") -> [Comment] {
    let opener = Array(commentStart.utf8)
    // Cheap way out for the usual file, which has none.
    guard containsMarker(bytes) else { return [] }
    let lines = LineIndex(bytes)
    var comments: [Comment] = []
    var pendingAlone: [Comment] = []
    for line in 0..<lines.lineCount {
      let range = lines.contentRange(ofLine: line)
      var hash: Int?  // Where the comment opens.
      var inString = false
      var onlyBlank = true
      var offset = range.start
      // The first `#` outside a quoted string (and after a UTF-8 byte-order mark).
      if line == 0, Lexer.hasByteOrderMark(bytes) { offset = min(3, range.end) }
      while offset < range.end {
        let byte = bytes[offset]
        if byte == ASCII.quote {
          inString.toggle()
        } else if !inString, byte == opener.first, offset + opener.count <= range.end,
          bytes[offset..<offset + opener.count].elementsEqual(opener)
        {
          hash = offset
          break
        }
        if !ASCII.isBlank(byte), byte != ASCII.carriageReturn { onlyBlank = false }
        offset += 1
      }
      if let hash {
        if let names = parse(bytes, from: hash + opener.count, to: range.end) {
          let comment = Comment(line: line, names: names)
          if onlyBlank { pendingAlone.append(comment) } else { comments.append(comment) }
          continue
        }
        if onlyBlank { continue }  // Another comment between a lone suppression and its line.
      } else if onlyBlank {
        continue  // An empty line.
      }
      // A line with a statement: the lone comments above it are for it.
      for var comment in pendingAlone {
        comment.line = line
        comments.append(comment)
      }
      pendingAlone = []
    }
    // Lone comments at the end of the file are for a line that does not exist.
    for var comment in pendingAlone {
      comment.line = lines.lineCount
      comments.append(comment)
    }
    return comments
  }

  /// Leaves out the findings the comments of `bytes` silence, and adds an `unused-suppression`
  /// finding for each name that silences nothing (when `reportUnused`: not when only some of
  /// the findings were made, as for one canvas, or when the text has errors and its layout was
  /// not solved). The result is sorted by position, as findings are.
  public static func apply(
    to diagnostics: [Diagnostic], bytes: [UInt8], reportUnused: Bool, commentStart: String = "#"
  ) -> [Diagnostic] {
    let comments = comments(in: bytes, commentStart: commentStart)
    guard !comments.isEmpty else { return diagnostics }
    let lines = LineIndex(bytes)
    var byLine: [Int: [(comment: Int, name: Int, code: DiagnosticCode)]] = [:]
    var used = Set<[Int]>()
    var unknown: [Suppressions.Comment.Name] = []
    for (commentIndex, comment) in comments.enumerated() {
      for (nameIndex, name) in comment.names.enumerated() {
        if let code = DiagnosticCode(rawValue: name.text) {
          byLine[comment.line, default: []].append((commentIndex, nameIndex, code))
        } else {
          unknown.append(name)
        }
      }
    }
    var kept: [Diagnostic] = []
    for diagnostic in diagnostics {
      let line = lines.utf8Position(of: diagnostic.range.start).line
      if let matching = byLine[line]?.filter({ $0.code == diagnostic.code }), !matching.isEmpty {
        for match in matching { used.insert([match.comment, match.name]) }
        continue
      }
      kept.append(diagnostic)
    }
    guard reportUnused else { return kept }
    var added: [Diagnostic] = []
    for entries in byLine.values {
      for entry in entries where !used.contains([entry.comment, entry.name]) {
        let name = comments[entry.comment].names[entry.name]
        added.append(
          Diagnostic(
            code: .unusedSuppression, severity: .info, finding: .unusedSuppression(entry.code), range: name.range))
      }
    }
    let codes = DiagnosticCode.allCases.map(\.rawValue)
    for name in unknown {
      added.append(
        Diagnostic(
          code: .unusedSuppression, severity: .info,
          finding: .unknownSuppressedCode(name.text, suggestion: closestWord(to: name.text, among: codes)),
          range: name.range))
    }
    guard !added.isEmpty else { return kept }
    // Merged by position; at one position, the existing findings first.
    return (kept.map { ($0, 0) } + added.sorted { $0.range.start < $1.range.start }.map { ($0, 1) })
      .enumerated()
      .sorted { ($0.element.0.range.start, $0.element.1, $0.offset) < ($1.element.0.range.start, $1.element.1, $1.offset) }
      .map(\.element.0)
  }

  private static let marker = Array("plumb:".utf8)

  private static func containsMarker(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= marker.count else { return false }
    var index = 0
    while index + marker.count <= bytes.count {
      if bytes[index] == marker[0], Array(bytes[index..<index + marker.count]) == marker { return true }
      index += 1
    }
    return false
  }

  /// The names of `plumb: ignore NAME[, NAME…]` after a `#`, or nil when the comment is
  /// another comment.
  private static func parse(_ bytes: [UInt8], from start: Int, to end: Int) -> [Comment.Name]? {
    var offset = start
    func skipBlanks() {
      while offset < end, ASCII.isBlank(bytes[offset]) || bytes[offset] == ASCII.carriageReturn { offset += 1 }
    }
    func word(_ text: String) -> Bool {
      let expected = Array(text.utf8)
      guard offset + expected.count <= end, Array(bytes[offset..<offset + expected.count]) == expected else { return false }
      offset += expected.count
      return true
    }
    skipBlanks()
    guard word("plumb:") else { return nil }
    skipBlanks()
    guard word("ignore"), offset < end, ASCII.isBlank(bytes[offset]) else { return nil }
    var names: [Comment.Name] = []
    while true {
      skipBlanks()
      let nameStart = offset
      while offset < end, bytes[offset] != ASCII.comma, !ASCII.isBlank(bytes[offset]), bytes[offset] != ASCII.carriageReturn {
        offset += 1
      }
      if offset > nameStart {
        names.append(
          Comment.Name(
            text: String(decoding: bytes[nameStart..<offset], as: UTF8.self),
            range: SourceRange(start: nameStart, end: offset)))
      }
      skipBlanks()
      guard offset < end, bytes[offset] == ASCII.comma else { break }
      offset += 1
    }
    return names.isEmpty ? nil : names
  }
}
