import LayoutSyntax

/// One layout text, parsed, resolved and checked.
///
/// This is the single entry point the command line and the language server share. It
/// does no IO: it takes the bytes and returns values.
public struct LayoutDocument: Sendable {
  public let kind: FileKind
  public let bytes: [UInt8]
  /// The syntax tree; in a document made by `solvingOnly()`, only the statements the
  /// analysis reads once the model is built.
  public private(set) var syntax: LayoutFile
  public let model: LayoutModel
  /// Every finding, sorted by position.
  public let diagnostics: [Diagnostic]

  /// Where each top-level statement's output is, for updating the document after an edit;
  /// nil for documents built by another reader.
  private(set) var lowering: LoweringIndex?
  /// How the document was made from the previous version (for tests and benchmarks).
  let origin: DocumentOrigin
  /// Shared by the versions of a document whose declarations (views, metrics, canvases,
  /// settings) are the same but for where they are in the text.
  let declarations: DeclarationsIdentity
  /// This version's identity, and, for a version lowered again only in part, which of the
  /// previous version's constraints it replaced.
  let revision = DocumentRevision()
  let constraintEdit: ConstraintEdit?
  /// For a version whose declarations differ from those of `basedOn` only in top-level views
  /// without a body declared again (`names`: their properties may differ), what changed.
  let declarationEdit: DeclarationEdit?

  public init(bytes: [UInt8], kind: FileKind) {
    self.init(bytes: bytes, kind: kind, syntax: Parser.parse(bytes, kind: kind), origin: .parsed)
  }

  /// Builds the model of a parsed file.
  init(bytes: [UInt8], kind: FileKind, syntax: LayoutFile, origin: DocumentOrigin) {
    self.origin = origin
    declarations = DeclarationsIdentity()
    constraintEdit = nil
    declarationEdit = nil
    self.kind = kind
    self.bytes = bytes
    self.syntax = syntax
    var builder = ModelBuilder(file: syntax, source: bytes)
    builder.build()
    model = builder.model
    let declarations = Array(builder.diagnostics[0..<builder.declarationDiagnosticCount])
    let lowered = Array(builder.diagnostics[builder.declarationDiagnosticCount...])
    lowering = LoweringIndex(
      declarationDiagnostics: declarations, settingsDiagnosticCount: builder.settingsDiagnosticCount,
      statementEnds: builder.statementEnds, diagnostics: lowered)
    diagnostics = LayoutDocument.sorted(syntax.diagnostics + builder.diagnostics)
  }

  /// A version made from its predecessor (`LayoutDocument+Edit.swift`).
  init(
    kind: FileKind, bytes: [UInt8], syntax: LayoutFile, model: LayoutModel, lowering: LoweringIndex,
    origin: DocumentOrigin, declarations: DeclarationsIdentity, constraintEdit: ConstraintEdit,
    declarationEdit: DeclarationEdit? = nil, diagnostics: [Diagnostic]
  ) {
    self.origin = origin
    self.declarations = declarations
    self.constraintEdit = constraintEdit
    self.declarationEdit = declarationEdit
    self.kind = kind
    self.bytes = bytes
    self.syntax = syntax
    self.model = model
    self.lowering = lowering
    self.diagnostics = diagnostics
  }

  /// The same document for a caller that solves it and reads its findings, never edits it nor
  /// walks its tree (`plumb check`, `plumb frames`): of the tree only the statements a check
  /// reads once the model is built are kept (those that may be about left and right, which
  /// `RTLCheck` reads), so the rest of the tree (a tenth of what a large file's analysis holds)
  /// is freed before its places are solved. A file with `when` blocks keeps its tree: each
  /// size class's model is built again from it. The copy cannot be the previous version of an
  /// edit (it has no `LoweringIndex`: an edit parses the new text whole), and its model,
  /// diagnostics and findings are the document's.
  public func solvingOnly() -> LayoutDocument {
    guard !model.hasSizeClassConditions, lowering != nil else { return self }
    var copy = self
    copy.syntax = LayoutFile(
      kind: syntax.kind, statements: syntax.statements.mayUseLeftOrRight, diagnostics: syntax.diagnostics)
    copy.lowering = nil
    return copy
  }

  /// The model as laid out in canvases of `traits`: without the views and constraints of
  /// the `when` blocks that do not match, nor the constraints that name those views. The
  /// document's own model when the file has no `when` block; otherwise built again from the
  /// tree, so that it never depends on how the document was edited.
  public func model(for traits: SizeClassTraits) -> LayoutModel {
    guard model.hasSizeClassConditions, lowering != nil else { return model }
    var builder = ModelBuilder(file: syntax, source: bytes, traits: traits)
    builder.build()
    return builder.model
  }

  /// The model of each place, built once per size classes.
  func models(for places: [LayoutPlace]) -> [LayoutModel] {
    guard model.hasSizeClassConditions else { return places.map { _ in model } }
    var built: [SizeClassTraits: LayoutModel] = [:]
    return places.map { place in
      if let model = built[place.canvas.traits] { return model }
      let model = model(for: place.canvas.traits)
      built[place.canvas.traits] = model
      return model
    }
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
    syntax = LayoutFile(kind: kind, statements: [], diagnostics: [])
    self.model = model
    lowering = nil
    origin = .parsed
    declarations = DeclarationsIdentity()
    constraintEdit = nil
    declarationEdit = nil
    self.diagnostics = LayoutDocument.sorted(diagnostics)
  }

  /// Diagnostics in source order; at one position errors come first, then by code.
  public static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    // Sorts the positions, not the diagnostics: one copy of the findings, not three.
    diagnostics.indices.sorted { left, right in
      let (a, b) = (diagnostics[left].range, diagnostics[right].range)
      if a != b { return a < b }
      let (s, t) = (diagnostics[left].severity, diagnostics[right].severity)
      if s != t { return s < t }
      let (c, d) = (diagnostics[left].code, diagnostics[right].code)
      if c != d { return c < d }
      return left < right
    }.map { diagnostics[$0] }
  }

  /// The lines of the text, as the command line counts them: built when asked for (the
  /// server keeps its own table, updated with each edit), so callers keep the one they get.
  public var lineIndex: LineIndex { LineIndex(bytes) }

  /// The text of a range, for messages and fixes.
  public func text(of range: SourceRange) -> String {
    let start = min(max(range.start, 0), bytes.count)
    let end = min(max(range.end, start), bytes.count)
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}

/// The identity of a set of declarations, kept by the versions of a document that only
/// changed constraints.
final class DeclarationsIdentity: Sendable {}

/// The views a version declared again (same name, kind and superview, no body) over the
/// declarations `basedOn`; every other declaration is the same but for where it is.
struct DeclarationEdit: Sendable {
  let basedOn: DeclarationsIdentity
  let names: [String]
}

/// The identity of one version of a document.
final class DocumentRevision: Sendable {}

/// The constraints of the version `basedOn` that a version lowered again in part replaced:
/// `old` of its constraints became `new` of the new version's; the others are the same
/// constraints (moved with the text).
struct ConstraintEdit: Sendable {
  let basedOn: DocumentRevision
  let old: Range<Int>
  let new: Range<Int>
}

/// How a document came to be.
enum DocumentOrigin: Equatable, Sendable {
  /// Parsed and built in full.
  case parsed
  /// Parsed again around an edit, the model built in full.
  case reparsed
  /// Parsed again around an edit, and only the statements it replaced lowered again.
  case relowered(statements: Int)
}
