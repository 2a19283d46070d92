import LayoutAnalysis
import LayoutSyntax

/// One kind of file the editor features understand: which files it reads, how a document of
/// that kind is analysed, and (through its snapshots) what the editor can ask about it.
///
/// The language of a document is chosen once, when it opens (`EditorLanguages.language(
/// forURI:languageID:)`), and answers for it until it closes; nothing else branches on the
/// kind of a file. A new kind of file (UIKit's logs, say) plugs in by
/// implementing this protocol, `DocumentAnalyzer` and `EditorSnapshot`, and adding the language
/// to `EditorLanguages.all`.
public protocol EditorLanguage: Sendable {
  /// A short name, for logs and tests: `layout`, `vfl`, `interface-builder`.
  var name: String { get }
  /// The extensions of the files the language reads, in lower case, without the dot.
  var pathExtensions: [String] { get }
  /// The language ids a client may give for a document whose URI has no known extension.
  var languageIDs: [String] { get }
  /// The analysis of one open document, kept from its opening to its closing.
  func makeAnalyzer() -> any DocumentAnalyzer
  /// The longest text the language server analyses as it is typed; a longer one gets one
  /// `too-large` finding instead of exhausting memory.
  var maximumAnalysedLength: Int { get }
  /// A whole file solved once, with no state kept, as the command line needs it: every finding
  /// of one canvas (scene) or of all for `plumb check`; the layouts solved even when the text
  /// has errors (`solveWithErrors`) for `plumb frames`.
  func solve(bytes: [UInt8], canvas: String?, solveWithErrors: Bool) -> SolvedFile
  /// `solve(bytes:canvas:solveWithErrors:)` for a caller that reads the findings and seldom
  /// the layouts (`plumb check` without a report that draws them): what only the layouts
  /// would read may be let go as the findings are made, and made again if read (the default
  /// keeps everything).
  func solve(bytes: [UInt8], canvas: String?, solveWithErrors: Bool, findingsOnly: Bool) -> SolvedFile
  /// The ids of the elements a finding of the text `bytes` is on (an Interface Builder
  /// object's `id`), by which the configuration silences findings and baselines match them;
  /// a language whose files have no such ids answers none (the default).
  func elementIdentifiers(bytes: [UInt8]) -> (Diagnostic) -> [String]
}

extension EditorLanguage {
  public func solve(bytes: [UInt8], canvas: String?, solveWithErrors: Bool, findingsOnly: Bool) -> SolvedFile {
    solve(bytes: bytes, canvas: canvas, solveWithErrors: solveWithErrors)
  }

  public func elementIdentifiers(bytes: [UInt8]) -> (Diagnostic) -> [String] { { _ in [] } }
}

/// A file solved by its language for the command line.
public struct SolvedFile {
  /// The document every range refers to; its own diagnostics are the text's (or the reader's).
  public let document: LayoutDocument
  /// The layouts solved: one for a layout file, one per unit of an Interface Builder file.
  public let layouts: [SolvedLayout]
  /// Every finding, sorted by position.
  public let diagnostics: [Diagnostic]
  /// The names of every canvas the file has, solved or not (`--canvas` picks among them).
  public let canvases: [String]

  /// `canvases` defaults to those of `layouts`, for a language that solves every layout it has.
  public init(document: LayoutDocument, layouts: [SolvedLayout], diagnostics: [Diagnostic], canvases: [String]? = nil) {
    self.document = document
    self.layouts = layouts
    self.diagnostics = diagnostics
    self.canvases = canvases ?? layouts.flatMap { $0.document.model.effectiveCanvases.map(\.name) }
  }
}

/// The analysis that follows one open document through its edits: it may keep state between
/// versions (the solvers of an incremental analysis). Features only see its snapshots.
public protocol DocumentAnalyzer: AnyObject {
  /// Analyses a version of the document's text; `lines` cuts it into lines as the editor does.
  /// `change` is what changed since the version analysed last, when the caller knows it (the
  /// edits the client sent), so that the analysis need not compare the two texts to find it;
  /// nil when unknown.
  func analyse(bytes: [UInt8], lines: any DocumentLines, change: TextChange?) -> any EditorSnapshot
  /// Whether the last analysis may rest on another solution than `plumb check` finds (an
  /// ambiguous layout updated in place), so that `settle()` would change it.
  var needsSettling: Bool { get }
  /// The last analysis again, with what needed it solved afresh (see `LiveLayout.settle`);
  /// nil when nothing needed it.
  func settle() -> (any EditorSnapshot)?
}

extension EditorLanguage {
  /// Whether the language reads files with this extension (as written in the path, without
  /// the dot, in any case).
  public func reads(pathExtension: String) -> Bool {
    pathExtensions.contains(pathExtension.lowercased())
  }
}

extension DocumentAnalyzer {
  public var needsSettling: Bool { false }
  public func settle() -> (any EditorSnapshot)? { nil }
}

/// One version of a document, analysed: what every feature reads. A snapshot never changes;
/// what it derives (a name index, the semantic tokens) is computed once, when first asked for.
///
/// Every query takes and returns byte offsets of the snapshot's text. A feature the language
/// does not have answers nil (the default); the language server then answers `null`. Queries
/// run one at a time (the server's analysis thread), so the lazy parts need no lock; a
/// snapshot whose layout lives on (`SolvedLayoutView`) is read only while it is its document's
/// newest.
public protocol EditorSnapshot: AnyObject {
  /// The text analysed.
  var bytes: [UInt8] { get }
  /// Every finding: the text's and, once solved, the layout's.
  var diagnostics: [Diagnostic] { get }

  /// The outline.
  func documentSymbols() -> [DocumentSymbol]?
  /// Where the thing named at `offset` is declared.
  func definition(at offset: Int) -> SourceRange?
  /// Every place the name at `offset` is written; nil when there is no name there.
  func references(at offset: Int, includeDeclaration: Bool) -> [SourceRange]?
  /// The name at `offset` everywhere in the document; nil when there is no name there.
  func highlights(at offset: Int) -> [Highlight]?
  /// What a rename at `offset` would rename; nil when nothing can be renamed there.
  func renameTarget(at offset: Int) -> RenameTarget?
  /// The edits that rename the name at `offset` everywhere, or why it cannot be done.
  func rename(at offset: Int, to newName: String) -> Result<[TextEdit], RenameError>?
  /// What may be typed at `offset`.
  func completions(at offset: Int) -> [CompletionItem]?
  /// The tokens to colour that overlap `range` (every token when nil), in order.
  func semanticTokens(overlapping range: SourceRange?) -> [SemanticToken]?
  /// The edits that format the document, in order and not overlapping.
  func formattingEdits() -> [TextEdit]?
  /// The ranges of lines that fold.
  func foldingRanges() -> [FoldingRange]?
  /// What to show over `offset`; nil when there is nothing to say there.
  func hover(at offset: Int, preferences: FramePreferences) -> HoverContent?
  /// The hints to show inside `range`.
  func inlayHints(in range: SourceRange, preferences: FramePreferences) -> [InlayHint]?
  /// The actions offered for `range`, of the kinds `only` asks for (every kind when nil).
  func codeActions(in range: SourceRange, only: [String]?) -> [CodeAction]?
  /// Every view's frame in every place, narrowed to a canvas and direction.
  func frames(canvas: String?, direction: LayoutDirection?) -> FramesAnswer?
  /// The picture of the solved layout in a canvas and direction (every one for nil), with
  /// what `diagnostics` (the findings as reported) say of each view (`LayoutPicture`).
  func picture(canvas: String?, direction: LayoutDirection?, constraints: Bool, diagnostics: [Diagnostic]) -> PictureAnswer?
  /// The canvas the text at `offset` belongs to (a `canvas` declaration, an Interface Builder
  /// scene), for a preview that follows the cursor; nil when it belongs to none in particular.
  func canvas(at offset: Int) -> String?
}

extension EditorSnapshot {
  public func documentSymbols() -> [DocumentSymbol]? { nil }
  public func definition(at offset: Int) -> SourceRange? { nil }
  public func references(at offset: Int, includeDeclaration: Bool) -> [SourceRange]? { nil }
  public func highlights(at offset: Int) -> [Highlight]? { nil }
  public func renameTarget(at offset: Int) -> RenameTarget? { nil }
  public func rename(at offset: Int, to newName: String) -> Result<[TextEdit], RenameError>? { nil }
  public func completions(at offset: Int) -> [CompletionItem]? { nil }
  public func semanticTokens(overlapping range: SourceRange?) -> [SemanticToken]? { nil }
  public func formattingEdits() -> [TextEdit]? { nil }
  public func foldingRanges() -> [FoldingRange]? { nil }
  public func hover(at offset: Int, preferences: FramePreferences) -> HoverContent? { nil }
  public func inlayHints(in range: SourceRange, preferences: FramePreferences) -> [InlayHint]? { nil }
  public func codeActions(in range: SourceRange, only: [String]?) -> [CodeAction]? { nil }
  public func frames(canvas: String?, direction: LayoutDirection?) -> FramesAnswer? { nil }
  public func picture(canvas: String?, direction: LayoutDirection?, constraints: Bool, diagnostics: [Diagnostic])
    -> PictureAnswer?
  { nil }
  public func canvas(at offset: Int) -> String? { nil }
}

/// The languages, and the choice of one for a document.
public enum EditorLanguages {
  /// Every language, in the order a URI's extension is tried against them.
  public static let all: [any EditorLanguage] = languages(settings: .standard)

  /// Every language, configured with `settings`.
  public static func languages(settings: LanguageSettings) -> [any EditorLanguage] {
    [
      LayoutLanguage.layout, LayoutLanguage.visualFormat, InterfaceBuilderLanguage(),
      SourceCodeLanguage(dialect: .swift, functions: settings.visualFormatFunctions),
      SourceCodeLanguage(dialect: .objectiveC, functions: settings.visualFormatFunctions),
    ]
  }

  /// The language of a document that nothing else identifies.
  public static let fallback: any EditorLanguage = LayoutLanguage.layout

  /// The language of a document: by its URI's extension (whatever the language id), else by
  /// its language id, else the layout language.
  public static func language(forURI uri: String, languageID: String?, among languages: [any EditorLanguage] = all)
    -> any EditorLanguage
  {
    if let pathExtension = pathExtension(of: uri),
      let language = languages.first(where: { $0.reads(pathExtension: pathExtension) })
    {
      return language
    }
    if let languageID = languageID?.lowercased(),
      let language = languages.first(where: { $0.languageIDs.contains(languageID) })
    {
      return language
    }
    return fallback
  }

  /// The language that reads a file by its extension; nil when none does. A file path has no
  /// query: a `?` is part of the name.
  public static func language(forPath path: String) -> (any EditorLanguage)? {
    language(forPath: path, among: all)
  }

  /// The language among `languages` (configured ones, `languages(settings:)`) that reads a file.
  public static func language(forPath path: String, among languages: [any EditorLanguage]) -> (any EditorLanguage)? {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let pathExtension = String(name[name.index(after: dot)...])
    return languages.first { $0.reads(pathExtension: pathExtension) }
  }

  /// The files some language reads, for messages: `.layout, .vfl, .storyboard or .xib`.
  public static var readableExtensions: String {
    let all = all.flatMap(\.pathExtensions).map { "." + $0 }
    guard let last = all.last, all.count > 1 else { return all.first ?? "" }
    return all.dropLast().joined(separator: ", ") + " or " + last
  }

  /// The extension of a path or URI: after its last dot, before any query, when no `/` follows the dot.
  static func pathExtension(of uri: String) -> String? {
    let path = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? uri
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    return String(path[path.index(after: dot)...])
  }
}
