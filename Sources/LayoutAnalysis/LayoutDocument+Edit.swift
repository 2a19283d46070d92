import LayoutSyntax

// Updating a document after an edit: parsed again around the change, and lowered again only
// where the statements it replaced declare nothing new.

extension LayoutDocument {
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
    // A change that fits the texts is narrowed at its own cost (nil: the edits undid each
    // other); only without one are the whole texts compared.
    let found =
      if let change, change.fits(oldCount: previous.bytes.count, newCount: bytes.count) {
        TextChange.narrowed(change, old: previous.bytes, new: bytes)
      } else {
        TextChange.between(previous.bytes, bytes)
      }
    guard let change = found else {
      self = previous
      return
    }
    let reparse = Parser.reparse(previous.syntax, bytes: bytes, change: change)
    let replaced = Array(previous.syntax.statements[reparse.oldStatements])
    let inserted = Array(reparse.file.statements[reparse.newStatements])
    let lowersInPlace =
      kind == .layout
      || LayoutDocument.formatsUseDeclaredViews(replaced, inserted, before: reparse.oldSpan.lowerBound, in: previous.model)
    // A finding kept from the old text that points into the stretch parsed again (a
    // duplicate's first declaration, the declaration of a view a kept format names) cannot
    // be moved there: the change says where the stretch went, not where each of its bytes did.
    let span = reparse.oldSpan
    let pointsIntoSpan = [index.declarationDiagnostics, index.diagnostics].joined().contains { diagnostic in
      !span.contains(diagnostic.range.start) && diagnostic.related.contains { span.contains($0.range.start) }
    }
    guard lowersInPlace, !pointsIntoSpan,
      let redeclared = LayoutDocument.redeclaredViews(replaced, inserted, in: previous.model)
    else {
      self.init(bytes: bytes, kind: kind, syntax: reparse.file, origin: .reparsed)
      return
    }
    // The declarations are the same but for the views whose properties changed: they move
    // with the text.
    var declarations = previous.model.moved(by: change)
    var declarationDiagnostics = index.declarationDiagnostics.map { $0.moved(by: change) }
    if !redeclared.isEmpty {
      var declaring = ModelBuilder(declarations: declarations, file: reparse.file, source: bytes)
      for declaration in redeclared {
        var node = declaring.redeclare(declaration)
        // A view without a body has no subviews of its own, but may hold one the lowering
        // generated (its readable content guide): it stays.
        node.subviews = declarations.views[declaration.name.name]?.subviews ?? []
        declarations.views[declaration.name.name] = node
      }
      declarationDiagnostics = LoweringIndex.replacingViewDiagnostics(
        declarationDiagnostics, settings: index.settingsDiagnosticCount,
        within: replaced.map { change.map($0.range) }, with: declaring.diagnostics)
    }
    var builder = ModelBuilder(declarations: declarations, file: reparse.file, source: bytes)
    builder.lowerTopLevel(inserted[...])
    let (constraints, replacedIndex, replacedConstraints) = index.replacing(
      statements: reparse.oldStatements, in: previous.model.constraints, with: builder.model.constraints.array,
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
      declarationEdit: redeclared.isEmpty
        ? nil : DeclarationEdit(basedOn: previous.declarations, names: redeclared.map(\.name.name)),
      diagnostics: LayoutDocument.sorted(reparse.file.diagnostics + updated.declarationDiagnostics + updated.diagnostics))
  }
}

extension LayoutDocument {
  /// When an edit replaced only statements that declare nothing, or top-level view
  /// declarations without a body by ones of the same kind and name (only their properties
  /// changed), the declarations that changed (possibly none); nil when the model must be
  /// built again.
  static func redeclaredViews(
    _ replaced: [Statement], _ inserted: [Statement], in model: LayoutModel
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
    _ replaced: [Statement], _ inserted: [Statement], before spanStart: Int, in model: LayoutModel
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
  /// (but one naming a readable content guide) or a visual format (a `.vfl` file's formats are checked apart, as they declare views).
  var declaresNothing: Bool {
    switch self {
    // A view's readable content guide is declared by the first constraint that names it.
    case .constraint(let constraint):
      constraint.first.item.guide?.name != "readable" && constraint.second?.item.guide?.name != "readable"
    case .visualFormat: true
    case .canvas, .direction, .spacing, .metric, .view, .when: false
    }
  }
}

extension LayoutModel {
  /// The model with every range of the old text mapped to the new one; its constraints are
  /// left as they are.
  func moved(by change: TextChange) -> LayoutModel {
    var copy = self
    // In place (one copy of the table, then only the views that reach the change written),
    // rather than a new table of new views: the views before the edit keep their ranges.
    for index in copy.views.values.indices {
      if copy.views.values[index].reaches(change) { copy.views.values[index].move(by: change) }
    }
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
  /// Whether a range of the view may move with `change`: an offset before the change's start
  /// maps to itself (`TextChange.map`), so a view whose ranges all end before it stays.
  func reaches(_ change: TextChange) -> Bool {
    if let nameRange, nameRange.end >= change.start { return true }
    if let declarationRange, declarationRange.end >= change.start { return true }
    return propertyRanges.values.contains { $0.end >= change.start }
  }

  mutating func move(by change: TextChange) {
    nameRange = nameRange.map(change.map)
    declarationRange = declarationRange.map(change.map)
    if !propertyRanges.isEmpty { propertyRanges = propertyRanges.mapValues(change.map) }
  }
}

extension LayoutConstraint {
  mutating func move(by change: TextChange) {
    range = change.map(range)
    if let site = priorityEdit?.range { priorityEdit?.range = change.map(site) }
    if let removal = removalRange { removalRange = change.map(removal) }
  }
}
