import EditorFeatures
import LayoutAnalysis
import LayoutSyntax

/// One version of a document, analysed: the layer's snapshot, with what the protocol adds
/// (the URI, the client's version, the generation that tells results apart, and the line
/// table that converts positions).
///
/// Handlers take a snapshot and never see a document change under them.
struct AnalysisSnapshot {
  let uri: String
  let version: Int
  /// Increases with every analysis of the server, so a pull client can tell results apart.
  let generation: Int
  let lines: LineIndex
  /// What the document's language made of the text: every feature asks it.
  let editor: any EditorSnapshot
  /// The `too-large` finding of a document too large to analyse (whose `editor` and `lines`
  /// are then those of an empty text).
  var tooLarge: Diagnostic? = nil

  /// Every finding: the text's and, once solved, the layout's.
  var diagnostics: [Diagnostic] {
    if let tooLarge { return [tooLarge] }
    return editor.diagnostics
  }
}

/// An open document: its text as the client has it, and the analysis its language (chosen
/// when it opened) keeps for it.
final class OpenDocument {
  let uri: String
  private(set) var version: Int
  /// The text as the client has it, cut into lines as the protocol cuts them; each edit
  /// updates it in place (`LineIndex.replace`), and its bytes are the document's.
  private(set) var lines: LineIndex
  /// The analysis that follows the document through its edits, kept while it is open.
  private let analyzer: any DocumentAnalyzer
  private var snapshot: AnalysisSnapshot?
  /// What the edits since the last analysis changed, as one stretch of the text; nil when
  /// the client replaced the whole text (the analysis then compares the versions).
  private var pendingChange: TextChange?
  /// Set when the client replaced the whole text since the last analysis: the edits after it
  /// no longer say what changed since the version analysed.
  private var wholeTextReplaced = false
  /// The generation last pushed to the client, to push each analysis once, and what it said.
  var publishedGeneration: Int?
  var publishedDiagnostics: [Diagnostic]?
  /// The analysis an edit replaced, kept until the new one is published so that freeing it
  /// (a whole tree and model) is not part of the wait for diagnostics.
  private var retired: AnalysisSnapshot?
  /// Whether the last analysis was of an empty text standing for a text too large to
  /// analyse: the next one cannot be told what changed since.
  private var analysedAsTooLarge = false

  /// The largest text analysed, as the document's language says (4 MiB for a layout); a
  /// larger text gets one `too-large` finding, and every feature answers as for an empty
  /// document.
  let maximumAnalysedLength: Int
  /// The document's language, chosen when it opened.
  let language: any EditorLanguage

  init(uri: String, language: any EditorLanguage, version: Int, bytes: [UInt8]) {
    self.uri = uri
    self.language = language
    self.version = version
    lines = LineIndex(protocolText: bytes)
    analyzer = language.makeAnalyzer()
    maximumAnalysedLength = language.maximumAnalysedLength
  }

  var bytes: [UInt8] { lines.bytes }

  /// Replaces the whole text.
  func replaceAll(with newBytes: [UInt8], version newVersion: Int) {
    lines = LineIndex(protocolText: newBytes)
    version = newVersion
    wholeTextReplaced = true
    pendingChange = nil
    retire()
  }

  /// Replaces the bytes of `range` (clamped to the text) by `text`, and notes what changed
  /// for the next analysis.
  func replace(_ range: SourceRange, with text: [UInt8]) {
    let start = min(max(range.start, 0), lines.bytes.count)
    let end = min(max(range.end, start), lines.bytes.count)
    lines.replace(SourceRange(start: start, end: end), with: text)
    if !wholeTextReplaced {
      let change = TextChange(start: start, oldEnd: end, newEnd: start + text.count)
      pendingChange = pendingChange.map { $0.followed(by: change) } ?? change
    }
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
    guard let current = snapshot, analyzer.needsSettling else { return nil }
    let generation = nextGeneration()
    guard let settled = analyzer.settle() else { return nil }
    let next = AnalysisSnapshot(
      uri: current.uri, version: current.version, generation: generation, lines: current.lines, editor: settled,
      tooLarge: current.tooLarge)
    retire()
    snapshot = next
    return next
  }

  /// Gives up the analysis the last edits replaced (after the new one was published), for
  /// the caller to free; nil when there is none.
  func takeRetired() -> AnalysisSnapshot? {
    defer { retired = nil }
    return retired
  }

  func setVersion(_ newVersion: Int) {
    version = newVersion
  }

  /// The analysis of the current text, computed now if the text changed.
  func analysis(nextGeneration: () -> Int) -> AnalysisSnapshot {
    if let snapshot { return snapshot }
    let fresh: AnalysisSnapshot
    if lines.bytes.count > maximumAnalysedLength {
      // Analysed as an empty text, which also frees what the analyzer kept of the last one.
      let empty = LineIndex(protocolText: [])
      let finding = Diagnostic(
        code: .tooLarge, severity: DiagnosticCatalogue.entry(for: .tooLarge)?.severity ?? .error,
        finding: .documentTooLarge(bytes: lines.bytes.count, limit: maximumAnalysedLength),
        range: SourceRange(start: 0, end: 0))
      fresh = AnalysisSnapshot(
        uri: uri, version: version, generation: nextGeneration(), lines: empty,
        editor: analyzer.analyse(bytes: [], lines: empty, change: nil), tooLarge: finding)
      analysedAsTooLarge = true
    } else {
      let change = wholeTextReplaced || analysedAsTooLarge ? nil : pendingChange
      fresh = AnalysisSnapshot(
        uri: uri, version: version, generation: nextGeneration(), lines: lines,
        editor: analyzer.analyse(bytes: lines.bytes, lines: lines, change: change))
      analysedAsTooLarge = false
    }
    pendingChange = nil
    wholeTextReplaced = false
    snapshot = fresh
    return fresh
  }
}
