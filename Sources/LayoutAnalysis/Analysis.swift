import LayoutSyntax

/// One layout text, parsed, resolved and checked.
///
/// This is the single entry point the command line and the language server share. It
/// does no IO: it takes the bytes and returns values.
public struct LayoutDocument: Sendable {
  public let kind: FileKind
  public let bytes: [UInt8]
  public let lineIndex: LineIndex
  public let syntax: LayoutFile
  public let model: LayoutModel
  /// Every finding, sorted by position.
  public let diagnostics: [Diagnostic]

  public init(bytes: [UInt8], kind: FileKind) {
    self.kind = kind
    self.bytes = bytes
    lineIndex = LineIndex(bytes)
    syntax = Parser.parse(bytes, kind: kind)
    var builder = ModelBuilder(file: syntax, source: bytes)
    builder.build()
    model = builder.model
    diagnostics = LayoutDocument.sorted(syntax.diagnostics + builder.diagnostics)
  }

  public init(text: String, kind: FileKind) {
    self.init(bytes: Array(text.utf8), kind: kind)
  }

  /// A document whose model was built by another reader (an Interface Builder file): there
  /// is no syntax tree, and the diagnostics are the reader's.
  ///
  /// - Parameters:
  ///   - bytes: the file's text, which every range refers to.
  ///   - kind: how fixes that insert statements should write them (`.layout` for none).
  ///   - model: the views, canvases and constraints the reader found.
  ///   - diagnostics: what the reader reported about the text.
  public init(bytes: [UInt8], kind: FileKind, model: LayoutModel, diagnostics: [Diagnostic]) {
    self.kind = kind
    self.bytes = bytes
    lineIndex = LineIndex(bytes)
    syntax = LayoutFile(kind: kind, statements: [], diagnostics: [])
    self.model = model
    self.diagnostics = LayoutDocument.sorted(diagnostics)
  }

  /// Diagnostics in source order; at one position errors come first, then by code.
  public static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.enumerated().sorted { left, right in
      let (a, b) = (left.element, right.element)
      if a.range != b.range { return a.range < b.range }
      if a.severity != b.severity { return a.severity < b.severity }
      if a.code != b.code { return a.code < b.code }
      return left.offset < right.offset
    }.map(\.element)
  }

  /// The text of a range, for messages and fixes.
  public func text(of range: SourceRange) -> String {
    let start = min(max(range.start, 0), bytes.count)
    let end = min(max(range.end, start), bytes.count)
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}
