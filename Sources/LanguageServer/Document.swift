import InterfaceBuilder
import LayoutAnalysis
import LayoutSyntax

/// One version of a document, analysed: what every feature reads.
///
/// Handlers take a snapshot and never see a document change under them; a snapshot is a
/// value of immutable parts.
struct AnalysisSnapshot {
  let uri: String
  let version: Int
  /// Increases with every analysis of the server, so a pull client can tell results apart.
  let generation: Int
  let lines: LineTable
  let document: LayoutDocument
  /// Every finding: the text's and, once solved, the layout's.
  let diagnostics: [Diagnostic]
  let layout: SolvedLayoutView?
  /// The solved units and element index of an Interface Builder file.
  var interfaceBuilder: InterfaceBuilderSnapshot? = nil
  /// What features derive from the snapshot, computed once when first asked for.
  let cache = SnapshotCache()

  var bytes: [UInt8] { document.bytes }
  var syntax: LayoutFile { document.syntax }
  var model: LayoutModel { document.model }
}

/// Data derived from one snapshot, shared by the requests about it.
final class SnapshotCache {
  var names: NameIndex?
  var tokens: [SemanticToken]?
}

extension AnalysisSnapshot {
  /// Every view and metric name in the document, found once per snapshot.
  var names: NameIndex {
    if let cached = cache.names { return cached }
    let built = NameIndex(self)
    cache.names = built
    return built
  }

  /// The semantic tokens of the document, found once per snapshot.
  var semanticTokens: [SemanticToken] {
    if let cached = cache.tokens { return cached }
    let built = SemanticTokenizer.tokens(self)
    cache.tokens = built
    return built
  }
}

/// The analysis that follows one open document through its edits.
///
/// It is kept for as long as the document is open, so that it can keep state between
/// versions (the solvers of an incremental analysis); handlers only see its snapshots.
final class DocumentAnalyzer {
  private let solver = LayoutSolving()
  /// The last version analysed: the next one is parsed and lowered again only around its edits.
  private var previousDocument: LayoutDocument?

  func analyse(uri: String, version: Int, generation: Int, bytes: [UInt8], kind: FileKind, lines: LineTable)
    -> AnalysisSnapshot
  {
    // Interface Builder files (by extension, whatever the language id): each unit solved
    // once, as `plumb frames` solves them, for the findings and every feature.
    if InterfaceBuilderFile.handles(path: uri) {
      let analysis = InterfaceBuilderFile.read(bytes: bytes).analyse(solveWithErrors: true)
      return AnalysisSnapshot(
        uri: uri, version: version, generation: generation, lines: lines, document: analysis.file.document,
        diagnostics: analysis.diagnostics, layout: nil, interfaceBuilder: InterfaceBuilderSnapshot(analysis))
    }
    let document =
      previousDocument.map { LayoutDocument(bytes: bytes, kind: kind, previous: $0) }
      ?? LayoutDocument(bytes: bytes, kind: kind)
    previousDocument = document
    let layout = solver.update(document)
    return AnalysisSnapshot(
      uri: uri, version: version, generation: generation, lines: lines, document: document,
      diagnostics: layout?.diagnostics ?? document.diagnostics, layout: layout)
  }

  /// Whether the last analysis may rest on another solution than `plumb check` finds.
  var needsSettling: Bool { solver.needsSettling }

  /// The last analysis again, with the places whose solution is not unique solved in file
  /// order; nil when nothing needed it.
  func settle(_ current: AnalysisSnapshot, generation: Int) -> AnalysisSnapshot? {
    guard current.interfaceBuilder == nil, let layout = solver.settle() else { return nil }
    return AnalysisSnapshot(
      uri: current.uri, version: current.version, generation: generation, lines: current.lines,
      document: current.document, diagnostics: layout.diagnostics, layout: layout)
  }
}

/// An open document: its text as the client has it, and its analysis.
final class OpenDocument {
  let uri: String
  let kind: FileKind
  private(set) var version: Int
  private(set) var bytes: [UInt8]
  private(set) var lines: LineTable
  private let analyzer = DocumentAnalyzer()
  private var snapshot: AnalysisSnapshot?
  /// The generation last pushed to the client, to push each analysis once, and what it said.
  var publishedGeneration: Int?
  var publishedDiagnostics: [Diagnostic]?
  /// The analysis an edit replaced, kept until the new one is published so that freeing it
  /// (a whole tree and model) is not part of the wait for diagnostics.
  private var retired: AnalysisSnapshot?

  init(uri: String, kind: FileKind, version: Int, bytes: [UInt8]) {
    self.uri = uri
    self.kind = kind
    self.version = version
    self.bytes = bytes
    lines = LineTable(bytes)
  }

  /// Whether the text changed since the last analysis.
  var needsAnalysis: Bool { snapshot == nil }

  /// Replaces the whole text.
  func replaceAll(with newBytes: [UInt8], version newVersion: Int) {
    bytes = newBytes
    lines = LineTable(newBytes)
    version = newVersion
    retire()
  }

  /// Replaces the bytes of `range` (clamped to the text) by `text`.
  func replace(_ range: SourceRange, with text: [UInt8]) {
    let start = min(max(range.start, 0), bytes.count)
    let end = min(max(range.end, start), bytes.count)
    bytes.replaceSubrange(start..<end, with: text)
    lines = LineTable(bytes)
    retire()
  }

  private func retire() {
    if let snapshot { retired = snapshot }
    snapshot = nil
  }

  /// The findings of the current analysis, if the text has not changed since.
  var currentDiagnostics: [Diagnostic]? { snapshot?.diagnostics }

  /// The current analysis settled (see `DocumentAnalyzer.settle`), when it is up to date
  /// with the text and needed it.
  func settle(nextGeneration: () -> Int) -> AnalysisSnapshot? {
    guard let current = snapshot, analyzer.needsSettling,
      let settled = analyzer.settle(current, generation: nextGeneration())
    else { return nil }
    retire()
    snapshot = settled
    return settled
  }

  /// Frees the analysis the last edits replaced (after the new one was published).
  func releaseRetired() {
    retired = nil
  }

  func setVersion(_ newVersion: Int) {
    version = newVersion
  }

  /// The analysis of the current text, computed now if the text changed.
  func analysis(nextGeneration: () -> Int) -> AnalysisSnapshot {
    if let snapshot { return snapshot }
    let fresh = analyzer.analyse(
      uri: uri, version: version, generation: nextGeneration(), bytes: bytes, kind: kind, lines: lines)
    snapshot = fresh
    return fresh
  }
}

/// The kind of a document: from its URI's extension, else from its language id.
func fileKind(uri: String, languageID: String?) -> FileKind {
  let path = uri.split(separator: "?").first.map(String.init) ?? uri
  if let dot = path.lastIndex(of: "."), let kind = FileKind(pathExtension: String(path[path.index(after: dot)...])) {
    return kind
  }
  if let languageID, let kind = FileKind(rawValue: languageID.lowercased()) { return kind }
  return .layout
}
