import LayoutSyntax

/// Where the lines of a document start and end, as the editor counts them.
///
/// The features that speak of lines (folding ranges, the line a completion is typed on, the
/// formatter, comments) read them through this, so that they cut lines exactly as the client
/// does: the adapter hands in its own line table (the language server's `LineIndex`, whose
/// lines end at `\n`, `\r\n` or a lone `\r`, as the protocol says). The layer keeps no line
/// table of its own.
public protocol DocumentLines: Sendable {
  /// The number of lines; an empty text has one.
  var lineCount: Int { get }
  /// The 0-based line that contains a byte offset (clamped to the text).
  func line(containing offset: Int) -> Int
  /// The byte range of a line's content, without its line ending.
  func contentRange(ofLine line: Int) -> SourceRange
}

extension DocumentLines {
  /// A line's content range, clamped to a text of `count` bytes: safe to index with, even
  /// if the lines were cut from another text.
  func contentRange(ofLine line: Int, within count: Int) -> SourceRange {
    let content = contentRange(ofLine: line)
    let end = min(max(content.end, 0), count)
    return SourceRange(start: min(max(content.start, 0), end), end: end)
  }
}

/// A line index is the layer's lines as it was made to cut them (`LineBreaks`).
extension LineIndex: DocumentLines {}
