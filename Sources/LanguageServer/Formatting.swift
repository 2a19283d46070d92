import JSONRPC
import LayoutSyntax

/// A conservative formatter: it changes white space at the start and end of lines only.
///
/// Each line is indented by two spaces per enclosing view body (a closing brace by as many
/// as its view's declaration), trailing spaces and tabs are removed, and lines of only
/// white space become empty. Statements end at line ends and white space at the start or
/// end of a line is never part of one, so the meaning cannot change. A file with a syntax
/// error is only trimmed: its braces cannot be trusted to say the nesting.
enum LayoutFormatter {
  static let indentUnit = "  "

  /// The edits that format `bytes`, in order and not overlapping.
  static func edits(bytes: [UInt8], syntax: LayoutFile, lines: LineTable) -> [TextEdit] {
    var bodies: [SourceRange] = []
    SyntaxWalker.walk(syntax) { node in
      if case .view(let view, _) = node, let body = view.bodyRange { bodies.append(body) }
    }
    let reindent = !syntax.diagnostics.contains { $0.code == .syntax }
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

  /// The formatted text, for tests and tools.
  static func format(bytes: [UInt8], kind: FileKind) -> [UInt8] {
    let lines = LineTable(bytes)
    var result = bytes
    for edit in edits(bytes: bytes, syntax: Parser.parse(bytes, kind: kind), lines: lines).reversed() {
      result.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.newText.utf8))
    }
    return result
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
  }
}

extension Server {
  /// `textDocument/formatting`.
  func formatting(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params) else { return .null }
    let edits = LayoutFormatter.edits(bytes: snapshot.bytes, syntax: snapshot.syntax, lines: snapshot.lines)
    return .array(
      edits.map { edit in .object([("range", range(edit.range, in: snapshot)), ("newText", .string(edit.newText))]) })
  }
}
