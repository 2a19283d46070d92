import LayoutSyntax

/// A conservative formatter: it changes white space at the start and end of lines only.
///
/// Each line is indented by two spaces per enclosing view body or `when` block (a closing
/// brace by as many as its declaration), trailing spaces and tabs (and vertical tabs and form feeds) are
/// removed, and lines of only such white space become empty. Lines are cut where the lexer
/// cuts them, at `\n` (a lone `\r` is white space inside a line to the lexer, and a quoted
/// format runs on past it), whatever the editor's line convention: statements end at line ends
/// and white space at the start or end of a line is never part of one, so the meaning cannot
/// change. A file with a syntax error is only trimmed: its braces cannot be trusted to say the
/// nesting.
///
/// The language server's `textDocument/formatting` and `plumb fmt` both format with this.
public enum LayoutFormatter {
  static let indentUnit = "  "

  /// The edits that format `bytes`, in order and not overlapping.
  static func edits(bytes: [UInt8], syntax: LayoutFile) -> [TextEdit] {
    let lines = LineIndex(bytes)
    var bodies: [SourceRange] = []
    SyntaxWalker.walk(syntax) { node in
      if case .view(let view, _) = node, let body = view.bodyRange { bodies.append(body) }
      if case .when(let block) = node { bodies.append(block.bodyRange) }
    }
    // The parser reports only syntax errors.
    let reindent = !syntax.diagnostics.contains { $0.severity == .error }
    // A line's depth is the number of bodies strictly between whose braces it starts: a
    // sweep over the offsets where that count changes, as lines come in offset order.
    var changes: [(offset: Int, delta: Int)] = []
    for body in bodies where body.end - 1 > body.start + 1 {
      changes.append((body.start + 1, 1))
      changes.append((body.end - 1, -1))
    }
    changes.sort { $0.offset < $1.offset }
    var changeIndex = 0
    var depth = 0
    var edits: [TextEdit] = []
    for line in 0..<lines.lineCount {
      let content = lines.contentRange(ofLine: line)
      var first = content.start
      while first < content.end, isBlank(bytes[first]) { first += 1 }
      if first == content.end {
        if !content.isEmpty { edits.append(TextEdit(range: content, newText: "")) }
        continue
      }
      if reindent {
        while changeIndex < changes.count, changes[changeIndex].offset <= first {
          depth += changes[changeIndex].delta
          changeIndex += 1
        }
        let indent = String(repeating: indentUnit, count: max(0, depth))
        let current = SourceRange(start: content.start, end: first)
        if String(decoding: bytes[current.start..<current.end], as: UTF8.self) != indent {
          edits.append(TextEdit(range: current, newText: indent))
        }
      }
      var last = content.end
      while last > first, isBlank(bytes[last - 1]) { last -= 1 }
      if last < content.end { edits.append(TextEdit(range: SourceRange(start: last, end: content.end), newText: "")) }
    }
    return edits
  }

  /// What formatting a text gives: the edits (byte ranges of `bytes`) and the text they make.
  public struct Formatted: Sendable {
    public var edits: [TextEdit]
    public var formatted: [UInt8]
    /// The syntax errors of the text: when there are any, it is only trimmed.
    public var syntaxErrors: [Diagnostic]
  }

  /// Formats a whole text, parsed as `kind`.
  public static func format(bytes: [UInt8], kind: FileKind) -> Formatted {
    let syntax = Parser.parse(bytes, kind: kind)
    let edits = edits(bytes: bytes, syntax: syntax)
    return Formatted(edits: edits, formatted: apply(edits, to: bytes), syntaxErrors: syntax.diagnostics.filter { $0.severity == .error })
  }

  /// Applies edits in order and not overlapping (as `edits` gives them) to `bytes`.
  public static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
    TextEdit.apply(edits, to: bytes)
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
  }
}

extension LayoutSnapshot {
  /// The edits that format the document (see `LayoutFormatter`).
  public func formattingEdits() -> [TextEdit]? {
    LayoutFormatter.edits(bytes: bytes, syntax: syntax)
  }
}
