import LayoutAnalysis
import LayoutSyntax

/// The layout language (`.layout`) and Visual Format files (`.vfl`): one implementation, as a
/// `.vfl` file is read by the same parser and analysis, with the differences the file kind
/// makes (views declared by their first use, no view declarations to complete).
public struct LayoutLanguage: EditorLanguage {
  public let kind: FileKind

  public static let layout = LayoutLanguage(kind: .layout)
  public static let visualFormat = LayoutLanguage(kind: .vfl)

  public var name: String { kind.rawValue }

  public var pathExtensions: [String] { [kind.rawValue] }

  /// 4 MiB: a layout takes about 370 bytes of memory for each byte of its text once solved
  /// (docs/performance.md), and seconds to analyse at that size.
  public var maximumAnalysedLength: Int { 4 << 20 }

  public var languageIDs: [String] { [kind.rawValue] }

  public func makeAnalyzer() -> any DocumentAnalyzer {
    LayoutAnalyzer(kind: kind)
  }

  public func solve(bytes: [UInt8], canvas: String?, solveWithErrors: Bool) -> SolvedFile {
    solve(bytes: bytes, canvas: canvas, solveWithErrors: solveWithErrors, findingsOnly: false)
  }

  public func solve(bytes: [UInt8], canvas: String?, solveWithErrors: Bool, findingsOnly: Bool) -> SolvedFile {
    // Nothing here edits the document or walks its tree: the tree is freed before the places
    // are solved.
    let document = LayoutDocument(bytes: bytes, kind: kind).solvingOnly()
    let layout = SolvedLayout(
      document: document, solveWithErrors: solveWithErrors, canvas: canvas, findingsOnly: findingsOnly)
    // The file's `# plumb: ignore` comments; one canvas's findings, or a text with errors
    // (whose layout is not solved), cannot say a comment is unused.
    let diagnostics = Suppressions.apply(
      to: layout.diagnostics, bytes: document.bytes,
      reportUnused: canvas == nil && !document.diagnostics.contains { $0.severity == .error })
    return SolvedFile(document: document, layouts: [layout], diagnostics: diagnostics)
  }
}

/// Follows a layout document through its edits: each version is parsed and lowered again
/// only around its edits (`LayoutDocument(bytes:kind:previous:)`), and its places keep their
/// solvers between versions (`LiveLayout`), so an edit only adds and removes the constraints
/// it changed.
final class LayoutAnalyzer: DocumentAnalyzer {
  private let kind: FileKind
  private let live = LiveLayout()
  /// The last version analysed, and the lines it was analysed with.
  private var previousDocument: LayoutDocument?
  private var previousLines: (any DocumentLines)?

  init(kind: FileKind) {
    self.kind = kind
  }

  func analyse(bytes: [UInt8], lines: any DocumentLines, change: TextChange?) -> any EditorSnapshot {
    let document =
      previousDocument.map { LayoutDocument(bytes: bytes, kind: kind, previous: $0, change: change) }
      ?? LayoutDocument(bytes: bytes, kind: kind)
    previousDocument = document
    previousLines = lines
    return LayoutSnapshot(document: document, lines: lines, layout: SolvedLayoutView(live.update(document)))
  }

  var needsSettling: Bool { live.needsSettling }

  func settle() -> (any EditorSnapshot)? {
    guard let document = previousDocument, let lines = previousLines, let layout = live.settle() else { return nil }
    return LayoutSnapshot(document: document, lines: lines, layout: SolvedLayoutView(layout))
  }
}

/// One version of a layout document, analysed: its tree, model and solved layout, and what
/// the features derive from them, computed once when first asked for.
public final class LayoutSnapshot: EditorSnapshot {
  public let document: LayoutDocument
  public let lines: any DocumentLines
  /// The layout, solved in every place (also when the text has errors, for frames).
  public let layout: SolvedLayoutView
  public let diagnostics: [Diagnostic]
  private var cachedNames: NameIndex?
  private var cachedTokens: [SemanticToken]?

  init(document: LayoutDocument, lines: any DocumentLines, layout: SolvedLayoutView) {
    self.document = document
    self.lines = lines
    self.layout = layout
    // The file's `# plumb: ignore` comments, as `plumb check` applies them.
    diagnostics = Suppressions.apply(
      to: layout.diagnostics, bytes: document.bytes,
      reportUnused: !document.diagnostics.contains { $0.severity == .error })
  }

  public var bytes: [UInt8] { document.bytes }
  public var syntax: LayoutFile { document.syntax }
  public var model: LayoutModel { document.model }

  /// Every view and metric name in the document, found once per snapshot.
  var names: NameIndex {
    if let cachedNames { return cachedNames }
    let built = NameIndex(statements: syntax.statements.array, model: model)
    cachedNames = built
    return built
  }

  /// The whole file's name index when another query built it, else the names of the
  /// statements around an offset (what a hover needs, without indexing the whole file).
  func names(near offset: Int) -> NameIndex {
    cachedNames ?? NameIndex(syntax: syntax, model: model, near: offset)
  }

  /// The semantic tokens of the document, found once per snapshot.
  var tokens: [SemanticToken] {
    if let cachedTokens { return cachedTokens }
    let built = SemanticTokenizer.tokens(self)
    cachedTokens = built
    return built
  }
}
