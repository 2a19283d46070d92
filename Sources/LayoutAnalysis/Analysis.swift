import LayoutSyntax

/// One layout text, parsed, resolved and checked.
///
/// This is the single entry point the command line and the language server share. It
/// does no IO: it takes the bytes and returns values.
public struct LayoutDocument: Sendable {
  public let kind: FileKind
  public let bytes: [UInt8]
  public let syntax: LayoutFile
  public let model: LayoutModel
  /// Every finding, sorted by position.
  public let diagnostics: [Diagnostic]

  /// Where each top-level statement's output is, for updating the document after an edit;
  /// nil for documents built by another reader.
  let lowering: LoweringIndex?
  /// How the document was made from the previous version (for tests and benchmarks).
  let origin: DocumentOrigin
  /// Shared by the versions of a document whose declarations (views, metrics, canvases,
  /// settings) are the same but for where they are in the text.
  let declarations: DeclarationsIdentity
  /// This version's identity, and, for a version lowered again only in part, which of the
  /// previous version's constraints it replaced.
  let revision = DocumentRevision()
  let constraintEdit: ConstraintEdit?

  public init(bytes: [UInt8], kind: FileKind) {
    self.init(bytes: bytes, kind: kind, syntax: Parser.parse(bytes, kind: kind), origin: .parsed)
  }

  /// Builds the model of a parsed file.
  private init(bytes: [UInt8], kind: FileKind, syntax: LayoutFile, origin: DocumentOrigin) {
    self.origin = origin
    declarations = DeclarationsIdentity()
    constraintEdit = nil
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

  /// The document of `bytes`, an edited version of `previous`: equal to
  /// `LayoutDocument(bytes:kind:)`, but parsed again only around the change, and lowered
  /// again only for the statements the change replaced when those declare nothing new
  /// (constraints; visual formats of a `.layout` file, or of a `.vfl` file whose views were
  /// all used before; a top-level view whose properties changed, which is declared again);
  /// the rest of the model moves with the text.
  ///
  /// - Parameter change: what the edit changed, when the caller knows it (the server does:
  ///   the client sends ranges), so that the texts are not compared to find it; it is checked
  ///   against the texts' lengths and narrowed to the bytes that really differ. Without it, or
  ///   when it does not fit the texts, the texts are compared.
  public init(bytes: [UInt8], kind: FileKind, previous: LayoutDocument, change: TextChange? = nil) {
    guard previous.kind == kind, let index = previous.lowering else {
      self.init(bytes: bytes, kind: kind)
      return
    }
    let found =
      change.flatMap { TextChange.narrowed($0, old: previous.bytes, new: bytes) }
      ?? TextChange.between(previous.bytes, bytes)
    guard let change = found else {
      self = previous
      return
    }
    let reparse = Parser.reparse(previous.syntax, bytes: bytes, change: change)
    let replaced = previous.syntax.statements[reparse.oldStatements]
    let inserted = reparse.file.statements[reparse.newStatements]
    let lowersInPlace =
      kind == .layout
      || LayoutDocument.formatsUseDeclaredViews(replaced, inserted, before: reparse.oldSpan.lowerBound, in: previous.model)
    guard lowersInPlace, let redeclared = LayoutDocument.redeclaredViews(replaced, inserted, in: previous.model) else {
      self.init(bytes: bytes, kind: kind, syntax: reparse.file, origin: .reparsed)
      return
    }
    // The declarations are the same but for the views whose properties changed: they move
    // with the text.
    var declarations = previous.model.moved(by: change)
    var declarationDiagnostics = index.declarationDiagnostics.map { $0.moved(by: change) }
    if !redeclared.isEmpty {
      var declaring = ModelBuilder(declarations: declarations, file: reparse.file, source: bytes)
      for declaration in redeclared { declarations.views[declaration.name.name] = declaring.redeclare(declaration) }
      declarationDiagnostics = LoweringIndex.replacingViewDiagnostics(
        declarationDiagnostics, settings: index.settingsDiagnosticCount,
        within: replaced.map { change.map($0.range) }, with: declaring.diagnostics)
    }
    var builder = ModelBuilder(declarations: declarations, file: reparse.file, source: bytes)
    builder.lowerTopLevel(inserted)
    let (constraints, replacedIndex, replacedConstraints) = index.replacing(
      statements: reparse.oldStatements, in: previous.model.constraints, with: builder.model.constraints,
      diagnostics: builder.diagnostics, ends: builder.statementEnds, change: change)
    var updated = replacedIndex
    updated.declarationDiagnostics = declarationDiagnostics
    declarations.constraints = constraints
    self.init(
      kind: kind, bytes: bytes, syntax: reparse.file, model: declarations, lowering: updated,
      origin: .relowered(statements: inserted.count),
      declarations: redeclared.isEmpty ? previous.declarations : DeclarationsIdentity(),
      constraintEdit: ConstraintEdit(
        basedOn: previous.revision, old: replacedConstraints,
        new: replacedConstraints.lowerBound..<(replacedConstraints.lowerBound + builder.model.constraints.count)),
      diagnostics: LayoutDocument.sorted(reparse.file.diagnostics + updated.declarationDiagnostics + updated.diagnostics))
  }

  private init(
    kind: FileKind, bytes: [UInt8], syntax: LayoutFile, model: LayoutModel, lowering: LoweringIndex,
    origin: DocumentOrigin, declarations: DeclarationsIdentity, constraintEdit: ConstraintEdit,
    diagnostics: [Diagnostic]
  ) {
    self.origin = origin
    self.declarations = declarations
    self.constraintEdit = constraintEdit
    self.kind = kind
    self.bytes = bytes
    self.syntax = syntax
    self.model = model
    self.lowering = lowering
    self.diagnostics = diagnostics
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

/// Where the output of each top-level statement of a file is: its constraints are
/// `model.constraints[start..<end.constraints]` and its lowering diagnostics
/// `diagnostics[start..<end.diagnostics]`, each starting where the previous statement's end.
struct LoweringIndex: Sendable {
  struct End: Sendable {
    var constraints: Int
    var diagnostics: Int
  }

  /// What the declarations reported (duplicates, invalid priorities of properties): first
  /// the settings' (`settingsDiagnosticCount` of them), then the views', in file order.
  var declarationDiagnostics: [Diagnostic]
  var settingsDiagnosticCount: Int
  /// One per top-level statement.
  var statementEnds: [End]
  /// What lowering the statements reported, in statement order.
  var diagnostics: [Diagnostic]

  private func start(of statement: Int) -> End {
    statement > 0 && statement - 1 < statementEnds.count ? statementEnds[statement - 1] : End(constraints: 0, diagnostics: 0)
  }

  /// The constraints and the index after the output of `statements` is replaced by a new
  /// lowering of the statements that replaced them (`constraints`, `diagnostics` and `ends`
  /// of a builder that lowered only those); the output of the statements after them moves
  /// with the text.
  func replacing(
    statements: Range<Int>, in oldConstraints: [LayoutConstraint], with constraints: [LayoutConstraint],
    diagnostics newDiagnostics: [Diagnostic], ends: [End], change: TextChange
  ) -> ([LayoutConstraint], LoweringIndex, replaced: Range<Int>) {
    let first = start(of: statements.lowerBound)
    let rest = start(of: statements.upperBound)
    let constraintLimit = min(max(rest.constraints, first.constraints), oldConstraints.count)
    let diagnosticLimit = min(max(rest.diagnostics, first.diagnostics), diagnostics.count)
    // One copy of the list, then the moved constraints changed in place (cheaper than
    // building each one anew).
    var merged = oldConstraints
    let start = min(first.constraints, constraintLimit)
    merged.replaceSubrange(start..<constraintLimit, with: constraints)
    if change.delta != 0 {
      for index in (start + constraints.count)..<merged.count { merged[index].move(by: change) }
    }

    var mergedDiagnostics = Array(diagnostics[0..<min(first.diagnostics, diagnostics.count)])
    mergedDiagnostics += newDiagnostics
    for diagnostic in diagnostics[diagnosticLimit...] { mergedDiagnostics.append(diagnostic.moved(by: change)) }

    var mergedEnds = Array(statementEnds[0..<min(statements.lowerBound, statementEnds.count)])
    for end in ends {
      mergedEnds.append(
        End(constraints: first.constraints + end.constraints, diagnostics: first.diagnostics + end.diagnostics))
    }
    let constraintShift = constraints.count - (constraintLimit - first.constraints)
    let diagnosticShift = newDiagnostics.count - (diagnosticLimit - first.diagnostics)
    if statements.upperBound < statementEnds.count {
      for end in statementEnds[statements.upperBound...] {
        mergedEnds.append(
          End(constraints: end.constraints + constraintShift, diagnostics: end.diagnostics + diagnosticShift))
      }
    }
    let index = LoweringIndex(
      declarationDiagnostics: declarationDiagnostics.map { $0.moved(by: change) },
      settingsDiagnosticCount: settingsDiagnosticCount, statementEnds: mergedEnds, diagnostics: mergedDiagnostics)
    return (merged, index, first.constraints..<constraintLimit)
  }
}

extension LoweringIndex {
  /// The declarations' diagnostics with the views' ones inside `ranges` (the declarations an
  /// edit replaced) replaced by `fresh` (what declaring their replacements reported), in file
  /// order as a full build reports them.
  static func replacingViewDiagnostics(
    _ diagnostics: [Diagnostic], settings: Int, within ranges: [SourceRange], with fresh: [Diagnostic]
  ) -> [Diagnostic] {
    let boundary = min(max(settings, 0), diagnostics.count)
    var views = diagnostics[boundary...].filter { diagnostic in
      !ranges.contains { $0.start <= diagnostic.range.start && diagnostic.range.end <= $0.end }
    }
    for diagnostic in fresh {
      let position = views.firstIndex { $0.range.start > diagnostic.range.start } ?? views.count
      views.insert(diagnostic, at: position)
    }
    return Array(diagnostics[0..<boundary]) + views
  }
}

extension LayoutDocument {
  /// When an edit replaced only statements that declare nothing, or top-level view
  /// declarations without a body by ones of the same kind and name (only their properties
  /// changed), the declarations that changed (possibly none); nil when the model must be
  /// built again.
  static func redeclaredViews(
    _ replaced: ArraySlice<Statement>, _ inserted: ArraySlice<Statement>, in model: LayoutModel
  ) -> [ViewDeclaration]? {
    if replaced.allSatisfy(\.declaresNothing) && inserted.allSatisfy(\.declaresNothing) { return [] }
    guard replaced.count == inserted.count else { return nil }
    var redeclared: [ViewDeclaration] = []
    for (old, new) in zip(replaced, inserted) {
      switch (old, new) {
      case (.view(let before), .view(let after)):
        // The same view, declared once (the declaration that counts), with no body.
        guard before.name.name == after.name.name, before.kind.name == after.kind.name, before.body.isEmpty,
          after.body.isEmpty, before.bodyRange == nil, after.bodyRange == nil,
          let node = model.views[before.name.name], node.nameRange == before.name.range,
          node.superview == LayoutModel.rootName
        else { return nil }
        redeclared.append(after)
      default:
        guard old.declaresNothing, new.declaresNothing else { return nil }
      }
    }
    return redeclared
  }
}

extension LayoutDocument {
  /// In a `.vfl` file, where a view is declared by its first use: whether the replaced and the
  /// inserted statements are formats that only use views first used before `spanStart`, so
  /// that the edit declares nothing (no view appears, disappears or moves its first use).
  static func formatsUseDeclaredViews(
    _ replaced: ArraySlice<Statement>, _ inserted: ArraySlice<Statement>, before spanStart: Int, in model: LayoutModel
  ) -> Bool {
    for statement in [replaced, inserted].joined() {
      guard case .visualFormat(let format) = statement else { return false }
      for view in format.format?.views ?? [] where view.name.name != LayoutModel.rootName {
        guard let first = model.views[view.name.name]?.declarationRange, first.start < spanStart else { return false }
      }
    }
    return true
  }
}

extension Statement {
  /// Whether the statement declares nothing the rest of the file depends on: a constraint
  /// or a visual format (a `.vfl` file's formats are checked apart, as they declare views).
  var declaresNothing: Bool {
    switch self {
    case .constraint, .visualFormat: true
    case .canvas, .direction, .spacing, .metric, .view: false
    }
  }
}

extension LayoutModel {
  /// The model with every range of the old text mapped to the new one; its constraints are
  /// left as they are.
  func moved(by change: TextChange) -> LayoutModel {
    var copy = self
    copy.views = views.mapValues { $0.moved(by: change) }
    copy.metrics = metrics.mapValues { metric in
      Metric(name: metric.name, value: metric.value, range: change.map(metric.range))
    }
    copy.canvases = canvases.map { canvas in
      var moved = canvas
      moved.range = canvas.range.map(change.map)
      return moved
    }
    return copy
  }
}

extension ViewNode {
  func moved(by change: TextChange) -> ViewNode {
    var copy = self
    copy.nameRange = nameRange.map(change.map)
    copy.declarationRange = declarationRange.map(change.map)
    if !propertyRanges.isEmpty { copy.propertyRanges = propertyRanges.mapValues(change.map) }
    return copy
  }
}

extension LayoutConstraint {
  mutating func move(by change: TextChange) {
    range = change.map(range)
    if let site = priorityEdit?.range { priorityEdit?.range = change.map(site) }
    if let removal = removalRange { removalRange = change.map(removal) }
  }
}
