/// Diagnostic: unknown-view, unknown-metric, duplicate-view, duplicate-metric, duplicate-canvas,
/// invalid-priority, invalid-attribute-pair, not-a-subview
///
/// Turns a syntax tree into a `LayoutModel`: declares the views, resolves names, checks
/// UIKit's rules and lowers every statement to NSLayoutConstraint-shaped constraints.
import LayoutSyntax

struct ModelBuilder {
  private(set) var model: LayoutModel
  private(set) var diagnostics: [Diagnostic] = []
  private let file: LayoutFile
  private let source: [UInt8]
  /// The size classes of the canvases being built for: the views and constraints of `when`
  /// blocks that do not match are left out. Nil builds everything (the document's model,
  /// which every diagnostic comes from).
  private let traits: SizeClassTraits?
  /// The views declared in `when` blocks that do not match `traits`: they are declared while
  /// building (so names resolve as in the document's model) and removed at the end, with
  /// every constraint that names them.
  private var uninstalled: Set<String> = []

  init(file: LayoutFile, source: [UInt8], traits: SizeClassTraits? = nil) {
    self.file = file
    self.source = source
    self.traits = traits
    model = LayoutModel(kind: file.kind)
  }

  /// Where each top-level statement's constraints and lowering diagnostics end, so that an
  /// edit can replace the output of the statements it touched (see `LoweringIndex`).
  private(set) var statementEnds: [LoweringIndex.End] = []
  /// How many diagnostics the declarations gave (they come before the lowering's), and how
  /// many of those the settings gave (they come before the views').
  private(set) var declarationDiagnosticCount = 0
  private(set) var settingsDiagnosticCount = 0

  /// The view a top-level declaration without a body declares, as `build` would declare it
  /// (properties applied, their problems reported), for a declaration an edit changed.
  mutating func redeclare(_ declaration: ViewDeclaration) -> ViewNode {
    declare(declaration, superview: LayoutModel.rootName)
  }

  /// The view a declaration declares, its properties (and a stack view's options) applied and
  /// their problems reported.
  private mutating func declare(_ declaration: ViewDeclaration, superview: String) -> ViewNode {
    let kind = ViewKind(rawValue: declaration.kind.name) ?? .view
    var node = ViewNode(name: declaration.name.name, kind: kind, superview: superview)
    node.nameRange = declaration.name.range
    node.declarationRange = declaration.range
    if kind == .guide {
      // A `UILayoutGuide`: no margins, no baselines, never drawn.
      node.layoutGuide = .declared
      node.margins = DirectionalInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
    }
    if kind == .stack {
      node.stack = StackConfiguration()
      // UIKit gives a stack view no margins (`UIStackView(frame:)` sets them to zero).
      node.margins = DirectionalInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
    }
    apply(declaration.properties, to: &node)
    if node.stack != nil { checkStackOptions(of: node, declaration.properties) }
    return node
  }

  /// Builds the model in two passes: declarations first (so constraints may name views
  /// declared later in the file), then constraints in source order.
  mutating func build() {
    let statements = file.statements.array
    declareSettings(statements)
    settingsDiagnosticCount = diagnostics.count
    declareViews(statements, superview: LayoutModel.rootName)
    if file.kind == .vfl {
      declareImplicitViews(statements)
    }
    declarationDiagnosticCount = diagnostics.count
    lowerTopLevel(statements[...])
    if !uninstalled.isEmpty { removeUninstalledViews() }
  }

  /// Whether a `when` block's statements exist in the canvases being built for.
  private func isInstalled(_ block: WhenBlock) -> Bool {
    traits.map(block.condition.matches) ?? true
  }

  /// Removes the views of `when` blocks that do not match (and their subviews), and every
  /// constraint that names one: UIKit installs neither a view that is not installed for the
  /// size classes nor the constraints between it and others.
  private mutating func removeUninstalledViews() {
    var removed: Set<String> = []
    for name in model.viewOrder {
      guard let node = model.views[name] else { continue }
      if uninstalled.contains(name) || node.superview.map(removed.contains) == true { removed.insert(name) }
    }
    model.viewOrder.removeAll { removed.contains($0) }
    for name in removed { model.views[name] = nil }
    for name in model.viewOrder where model.views[name]?.subviews.contains(where: removed.contains) == true {
      model.views[name]?.subviews.removeAll { removed.contains($0) }
    }
    model.constraints.removeAll { constraint in
      removed.contains(constraint.first.view) || constraint.second.map { removed.contains($0.view) } == true
    }
  }

  /// A builder that lowers statements into `model` (whose declarations are complete) without
  /// declaring anything: for the statements an edit replaced.
  init(declarations model: LayoutModel, file: LayoutFile, source: [UInt8]) {
    self.file = file
    self.source = source
    traits = nil
    self.model = model
    self.model.constraints = []
  }

  /// Where the constraints of the top-level statement being lowered start.
  private var statementStart = 0

  /// Lowers top-level statements in order, recording where each one's output ends.
  mutating func lowerTopLevel(_ statements: ArraySlice<Statement>) {
    statementEnds.reserveCapacity(statements.count)
    for statement in statements {
      statementStart = model.constraints.count
      lower(statement, scope: LayoutModel.rootName)
      statementEnds.append(
        LoweringIndex.End(constraints: model.constraints.count, diagnostics: diagnostics.count - declarationDiagnosticCount))
    }
  }

  // MARK: - Declarations

  private mutating func declareSettings(_ statements: [Statement]) {
    var canvasRanges: [String: SourceRange] = [:]
    for statement in statements {
      switch statement {
      case .canvas(let declaration):
        if let first = canvasRanges[declaration.name.name] {
          diagnostics.append(
            Diagnostic(
              code: .duplicateCanvas, severity: .error, finding: .duplicateCanvas(declaration.name.name),
              range: declaration.name.range, related: [RelatedInformation(range: first, role: .firstDeclaration)]))
          continue
        }
        canvasRanges[declaration.name.name] = declaration.name.range
        model.canvases.append(
          Canvas(
            name: declaration.name.name, width: declaration.width, height: declaration.height,
            safeArea: declaration.safeArea ?? .zero, traits: declaration.sizeClasses, range: declaration.range))
      case .direction(let declaration):
        model.directions = declaration.value
      case .spacing(let declaration):
        model.spacing.sibling = declaration.sibling
        if let superview = declaration.superview { model.spacing.superview = superview }
      case .metric(let declaration):
        if let first = model.metrics[declaration.name.name] {
          diagnostics.append(
            Diagnostic(
              code: .duplicateMetric, severity: .error, finding: .duplicateMetric(declaration.name.name),
              range: declaration.name.range, related: [RelatedInformation(range: first.range, role: .firstDeclaration)]))
          continue
        }
        model.metrics[declaration.name.name] = Metric(
          name: declaration.name.name, value: declaration.value, range: declaration.name.range)
      default:
        break
      }
    }
  }

  /// - Parameters:
  ///   - condition: the traits the enclosing `when` blocks ask for together; nil when they
  ///     contradict each other (`when wC { when wR {`).
  ///   - installed: whether the enclosing `when` blocks match `traits`.
  private mutating func declareViews(
    _ statements: [Statement], superview: String, condition: TraitCondition? = .any, installed: Bool = true
  ) {
    for statement in statements {
      if case .when(let block) = statement {
        model.hasSizeClassConditions = true
        let combined = condition.flatMap { $0.intersection(block.condition) }
        if traits == nil { checkLaidOut(block, combined) }
        declareViews(block.body, superview: superview, condition: combined, installed: installed && isInstalled(block))
        continue
      }
      guard case .view(let declaration) = statement else { continue }
      let name = declaration.name.name
      if name == LayoutModel.rootName || name == "super" {
        diagnostics.append(
          Diagnostic(
            code: .duplicateView, severity: .error,
            finding: .reservedViewName(name, names: name == "super" ? .enclosing : .root), range: declaration.name.range))
        continue
      }
      if let existing = model.views[name] {
        diagnostics.append(
          Diagnostic(
            code: .duplicateView, severity: .error, finding: .duplicateView(name), range: declaration.name.range,
            related: existing.nameRange.map { [RelatedInformation(range: $0, role: .firstDeclarationOfView(name))] } ?? []))
        continue
      }
      let node = declare(declaration, superview: superview)
      model.views[name] = node
      model.viewOrder.append(name)
      model.views[superview]?.subviews.append(name)
      if !installed { uninstalled.insert(name) }
      declareViews(declaration.body, superview: name, condition: condition, installed: installed)
      if node.stack != nil {
        // The views declared in a stack's body (those that won), and in the `when` blocks
        // there that match, are its arranged views; a layout guide there is the stack's own,
        // not arranged.
        let arranged = arrangedViews(declaration.body)
        model.views[name]?.stack?.arranged = arranged
        StackLayout.declareGuides(of: name, in: &model)
      }
    }
  }

  /// The views a stack's body declares (those that won), through the `when` blocks that
  /// match, in order.
  private func arrangedViews(_ body: [Statement]) -> [String] {
    var result: [String] = []
    var pending = body[...]
    var stack: [ArraySlice<Statement>] = []
    while true {
      guard let statement = pending.popFirst() else {
        guard let outer = stack.popLast() else { return result }
        pending = outer
        continue
      }
      switch statement {
      case .view(let view) where model.views[view.name.name]?.nameRange == view.name.range:
        if !uninstalled.contains(view.name.name), model.views[view.name.name]?.isLayoutGuide != true {
          result.append(view.name.name)
        }
      case .when(let block) where isInstalled(block):
        stack.append(pending)
        pending = block.body[...]
      default:
        break
      }
    }
  }

  /// Warns of a `when` block that no canvas of the file matches: its statements are never
  /// laid out.
  private mutating func checkLaidOut(_ block: WhenBlock, _ condition: TraitCondition?) {
    let canvases = model.effectiveCanvases
    guard let condition, canvases.contains(where: { condition.matches($0.traits) }) else {
      diagnostics.append(
        Diagnostic(
          code: .whenNeverLaidOut, severity: .warning,
          finding: .whenNeverLaidOut(
            condition: condition, canvases: canvases.map { NamedTraits(name: $0.name, traits: $0.traits) }),
          range: SourceRange(start: block.keyword.start, end: block.traits.last?.range.end ?? block.keyword.end)))
      return
    }
  }

  private mutating func apply(_ properties: [ViewProperty], to node: inout ViewNode) {
    for property in properties {
      node.propertyRanges[property.keyword.name] = property.range
      switch property.value {
      case .intrinsic(let width, let height):
        node.intrinsicWidth = width
        node.intrinsicHeight = height
      case .hugging(let horizontal, let vertical):
        if checkContentPriority(horizontal, property) && checkContentPriority(vertical, property) {
          node.hugging = (horizontal, vertical)
        }
      case .compressionResistance(let horizontal, let vertical):
        if checkContentPriority(horizontal, property) && checkContentPriority(vertical, property) {
          node.compressionResistance = (horizontal, vertical)
        }
      case .frame(let rect):
        node.frame = rect
      case .alignmentInsets(let insets):
        node.alignmentInsets = insets
      case .baseline(let offset):
        node.baselineOffset = offset
      case .baselines(let first, let last):
        node.baselineOffset = last ?? 0
        node.firstBaselineFromTop = first
      case .margins(let margins):
        node.margins = margins
      case .transform(let transform):
        node.transform = transform
      case .hidden:
        node.isHidden = true
      case .stack(let option):
        switch option {
        case .axis(let axis): node.stack?.axis = axis == .horizontal ? .horizontal : .vertical
        case .spacing(.points(let points)):
          node.stack?.spacing = points
          node.stack?.isStandardSpacing = false
        case .spacing(.standard):
          node.stack?.spacing = StackConfiguration.standardSpacing
          node.stack?.isStandardSpacing = true
        case .distribution(let distribution): node.stack?.distribution = distribution
        case .alignment(let alignment): node.stack?.alignment = alignment
        case .baselineRelative: node.stack?.baselineRelative = true
        case .marginsRelative: node.stack?.marginsRelative = true
        }
      }
    }
  }

  /// Warns of options UIKit does not act on along the stack's axis.
  private mutating func checkStackOptions(of node: ViewNode, _ properties: [ViewProperty]) {
    guard let stack = node.stack else { return }
    for property in properties {
      switch property.value {
      case .stack(.baselineRelative) where stack.axis == .horizontal:
        diagnostics.append(
          Diagnostic(
            code: .stackOption, severity: .warning,
            finding: .stackOptionIgnored(.baselineRelativeInHorizontalStack(stack: node.name)), range: property.range,
            fixes: [Fix(title: "Remove 'baselineRelative'", edits: [TextEdit(range: removalRange(ofOption: property.range), newText: "")])]))
      case .stack(.alignment(let alignment)) where stack.axis == .vertical && (alignment == .firstBaseline || alignment == .lastBaseline):
        diagnostics.append(
          Diagnostic(
            code: .stackOption, severity: .warning,
            finding: .stackOptionIgnored(.baselineAlignmentInVerticalStack(stack: node.name, alignment: alignment.rawValue)),
            range: property.range,
            fixes: [
              Fix(title: "Align the leading edges", edits: [TextEdit(range: property.range, newText: "alignment leading")])
            ]))
      default:
        break
      }
    }
  }

  /// An option and the blanks before it, so that removing it leaves the line tidy.
  private func removalRange(ofOption range: SourceRange) -> SourceRange {
    var start = min(max(range.start, 0), source.count)
    while start > 0, source[start - 1] == UInt8(ascii: " ") || source[start - 1] == UInt8(ascii: "\t") { start -= 1 }
    return SourceRange(start: start, end: range.end)
  }

  private mutating func checkContentPriority(_ value: Double, _ property: ViewProperty) -> Bool {
    if let problem = PriorityRules.problem(with: value) {
      diagnostics.append(
        Diagnostic(code: .invalidPriority, severity: .error, finding: problem, range: property.range))
      return false
    }
    return true
  }

  /// In a `.vfl` file every name in brackets is a subview of the root, declared at its
  /// first use.
  private mutating func declareImplicitViews(_ statements: [Statement]) {
    for statement in statements {
      guard case .visualFormat(let vfl) = statement, let format = vfl.format else { continue }
      for view in format.views where model.views[view.name.name] == nil {
        let name = view.name.name
        guard name != LayoutModel.rootName else { continue }
        var node = ViewNode(name: name, kind: .view, superview: LayoutModel.rootName)
        node.declarationRange = view.name.range
        model.views[name] = node
        model.viewOrder.append(name)
        model.views[LayoutModel.rootName]?.subviews.append(name)
      }
    }
  }

  // MARK: - Lowering

  private mutating func lower(_ statements: [Statement], scope: String) {
    for statement in statements { lower(statement, scope: scope) }
  }

  private mutating func lower(_ statement: Statement, scope: String) {
    switch statement {
    case .view(let declaration):
      // Only the declaration that won (not a duplicate) lowers its own properties.
      if let node = model.views[declaration.name.name], node.nameRange == declaration.name.range {
        lowerIntrinsicSize(of: node)
        lower(declaration.body, scope: node.name)
        // A stack view's constraints come after its body, as UIKit adds them when it updates
        // constraints, after the views' own.
        // The lengths its views have of their own, for `fillProportionally`, are read from the
        // constraints of its top-level statement only, which an edit lowers again with it.
        if node.stack != nil {
          let sizing = ArraySlice(model.constraints[min(statementStart, model.constraints.count)...])
          model.constraints += StackLayout.constraints(of: node.name, in: model, sizing: sizing)
        }
      }
    case .constraint(let constraint):
      if let lowered = lowerExplicit(constraint, scope: scope) {
        model.constraints.append(lowered)
      }
    case .when(let block):
      if isInstalled(block) { lower(block.body, scope: scope) }
    case .visualFormat(let statement):
      // The lowering must be gone before the model changes, or the model's storage would
      // be copied for every format.
      let (constraints, found) = lowerFormat(statement, scope: scope)
      diagnostics += found
      model.constraints += constraints
    default:
      break
    }
  }

  private func lowerFormat(_ statement: VisualFormatStatement, scope: String) -> ([LayoutConstraint], [Diagnostic]) {
    var lowering = VisualFormatLowering(model: model, scope: scope, source: source)
    let constraints = lowering.lower(statement)
    return (constraints, lowering.diagnostics)
  }

  /// Intrinsic content size, per axis: `size <= intrinsic @hugging` and
  /// `size >= intrinsic @compressionResistance`, as UIKit's content-size constraints; in a
  /// `fill` stack view, equal priorities are settled by order (`StackLayout.contentPriorityOffset`).
  private mutating func lowerIntrinsicSize(of node: ViewNode) {
    guard node.intrinsicWidth != nil || node.intrinsicHeight != nil else { return }
    let range = node.propertyRanges["intrinsic"] ?? node.declarationRange ?? SourceRange(at: 0)
    let offsets = StackLayout.contentPriorityOffset(of: node.name, in: model)
    let axes: [(LayoutAttribute, Double?, Double, Double, Double)] = [
      (.width, node.intrinsicWidth, node.hugging.horizontal, node.compressionResistance.horizontal, offsets.horizontal),
      (.height, node.intrinsicHeight, node.hugging.vertical, node.compressionResistance.vertical, offsets.vertical),
    ]
    for (attribute, size, hugging, resistance, offset) in axes {
      guard let size else { continue }
      let item = ConstraintItem(view: node.name, attribute: attribute)
      model.constraints.append(
        LayoutConstraint(
          first: item, relation: .lessThanOrEqual, second: nil, constant: size, priority: min(1000, hugging + offset),
          origin: .intrinsic, range: range))
      model.constraints.append(
        LayoutConstraint(
          first: item, relation: .greaterThanOrEqual, second: nil, constant: size,
          priority: min(1000, resistance + offset), origin: .intrinsic, range: range))
    }
  }

  private mutating func lowerExplicit(_ statement: ConstraintStatement, scope: String) -> LayoutConstraint? {
    var failed = false
    let first = resolve(statement.first, scope: scope, statementStart: statement.range.start, failed: &failed)
    let second = statement.second.map {
      resolve($0, scope: scope, statementStart: statement.range.start, failed: &failed)
    }
    let multiplier = statement.multiplier.map { resolveNumber($0, failed: &failed) } ?? 1
    let constant = statement.constant.map { resolveNumber($0, failed: &failed) } ?? 0
    var priority = 1000.0
    if let term = statement.priority {
      priority = resolvePriority(term, failed: &failed) ?? 1000
    }
    if let violation = AttributeRules.violation(
      first: statement.first.attribute, second: statement.second?.attribute, multiplier: multiplier)
    {
      diagnostics.append(
        Diagnostic(
          code: .invalidAttributePair, severity: .error, finding: .invalidAttributePair(violation), range: statement.range))
      failed = true
    }
    guard !failed, let first else { return nil }
    var resolvedSecond: ConstraintItem?
    if let second {
      guard let item = second else { return nil }
      resolvedSecond = item
    }
    let priorityEdit =
      statement.priority.map { PriorityEditSite(range: $0.range, prefix: "@") }
      ?? PriorityEditSite(range: SourceRange(at: statement.range.end), prefix: " @")
    return LayoutConstraint(
      first: first, relation: statement.relation, second: resolvedSecond, multiplier: multiplier,
      constant: constant, priority: priority, label: statement.label?.name, origin: .explicit,
      range: statement.range
    ).editable(priority: priorityEdit, removal: removalRange(of: statement.range))
  }

  /// The text that removes a statement: its whole line when the statement is alone on it
  /// (comments after it go too), else the statement itself.
  private func removalRange(of range: SourceRange) -> SourceRange {
    let bytes = source
    var start = range.start
    while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
    let startsLine = start == 0 || bytes[start - 1] == UInt8(ascii: "\n")
    var end = range.end
    while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
    if end < bytes.count, bytes[end] == UInt8(ascii: "#") {
      while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
    }
    if end < bytes.count, bytes[end] == UInt8(ascii: "\r") { end += 1 }
    let endsLine = end >= bytes.count || bytes[end] == UInt8(ascii: "\n")
    guard startsLine, endsLine else { return range }
    return SourceRange(start: start, end: min(end + 1, bytes.count))
  }

  private mutating func resolve(
    _ reference: AttributeReference, scope: String, statementStart: Int, failed: inout Bool
  ) -> ConstraintItem? {
    let written = reference.item.name
    let view: String
    if written.name == "super" {
      view = scope
    } else if model.views[written.name] != nil {
      view = written.name
    } else {
      diagnostics.append(unknownView(written, statementStart: statementStart))
      failed = true
      return nil
    }
    var guide: String?
    let isGuide = model.views[view]?.layoutGuide == .declared
    if let writtenGuide = reference.item.guide {
      guard ["safeArea", "margins", "readable"].contains(writtenGuide.name) else {
        diagnostics.append(
          Diagnostic(
            code: .unknownView, severity: .error, finding: .notALayoutGuide(writtenGuide.name),
            range: writtenGuide.range))
        failed = true
        return nil
      }
      guard !isGuide else {
        diagnostics.append(
          Diagnostic(
            code: .unknownView, severity: .error, finding: .guideOfGuide(guide: writtenGuide.name, of: view),
            range: writtenGuide.range))
        failed = true
        return nil
      }
      guide = writtenGuide.name
    }
    let attribute = reference.attribute
    if isGuide || guide != nil, attribute.isBaseline || attribute.isMargin {
      // UIKit's layout guides (declared, safe area, margins, readable) have no such anchor.
      diagnostics.append(
        Diagnostic(
          code: .invalidAttributePair, severity: .error,
          finding: .invalidAttributePair(
            .guideAttribute(guide: guideItemName(reference), attribute: reference.attributeName.name)),
          range: reference.attributeName.range))
      failed = true
      return nil
    }
    if guide == "readable" {
      return ConstraintItem(view: declareReadableGuide(of: view), attribute: attribute)
    }
    return ConstraintItem(view: view, guide: guide, attribute: attribute)
  }

  /// The item as written, without its attribute: `G`, `title.safeArea`.
  private func guideItemName(_ reference: AttributeReference) -> String {
    reference.item.guide.map { "\(reference.item.name.name).\($0.name)" } ?? reference.item.name.name
  }

  /// The readable content guide of `view`, declared (as a generated guide, after the views)
  /// the first time a constraint names it.
  private mutating func declareReadableGuide(of view: String) -> String {
    let name = LayoutModel.readableGuideName(of: view)
    if model.views[name] != nil { return name }
    var node = ViewNode(name: name, kind: .guide, superview: view)
    node.declarationRange = model.views[view]?.declarationRange
    node.layoutGuide = .readable
    node.margins = DirectionalInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
    model.views[name] = node
    model.viewOrder.append(name)
    model.views[view]?.subviews.append(name)
    return name
  }

  func unknownView(_ name: Identifier, statementStart: Int) -> Diagnostic {
    let candidates = model.namedViews + ["super"]
    let (suggestion, suggested) = Suggestions.forUnknown(name, among: candidates)
    var fixes = suggested
    if let declare = declareViewFix(name.name, before: statementStart, in: source) { fixes.append(declare) }
    return Diagnostic(
      code: .unknownView, severity: .error, finding: .unknownView(name.name, suggestion: suggestion), range: name.range,
      fixes: fixes)
  }

  private mutating func resolveNumber(_ term: NumericTerm, failed: inout Bool) -> Double {
    switch term.value {
    case .number(let value):
      return term.isNegated ? -value : value
    case .metric(let name):
      guard let metric = model.metrics[name.name] else {
        diagnostics.append(unknownMetric(name))
        failed = true
        return 0
      }
      return term.isNegated ? -metric.value : metric.value
    }
  }

  func unknownMetric(_ name: Identifier) -> Diagnostic {
    let candidates = model.metrics.keys.sorted()
    let (suggestion, fixes) = Suggestions.forUnknown(name, among: candidates)
    return Diagnostic(
      code: .unknownMetric, severity: .error, finding: .unknownMetric(name.name, suggestion: suggestion),
      range: name.range, fixes: fixes)
  }

  private mutating func resolvePriority(_ term: PriorityTerm, failed: inout Bool) -> Double? {
    let value: Double
    switch term.value {
    case .number(let number):
      value = number
    case .named(let name, let offset):
      value = name.value + offset
    case .metric(let name):
      guard let metric = model.metrics[name.name] else {
        diagnostics.append(unknownMetric(name))
        failed = true
        return nil
      }
      value = metric.value
    }
    if let problem = PriorityRules.problem(with: value) {
      diagnostics.append(Diagnostic(code: .invalidPriority, severity: .error, finding: problem, range: term.range))
      failed = true
      return nil
    }
    return value
  }
}

/// The fix that declares a missing view on a line of its own just before the statement that
/// uses it, with the statement's indentation, so it lands in the same view body.
func declareViewFix(_ name: String, before statementStart: Int, in source: [UInt8]) -> Fix? {
  guard name != "super", name != LayoutModel.rootName, statementStart <= source.count else { return nil }
  var lineStart = min(max(statementStart, 0), source.count)
  while lineStart > 0, source[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
  var indentEnd = lineStart
  while indentEnd < source.count, source[indentEnd] == UInt8(ascii: " ") || source[indentEnd] == UInt8(ascii: "\t") {
    indentEnd += 1
  }
  let indent = String(decoding: source[lineStart..<indentEnd], as: UTF8.self)
  return Fix(
    title: "Declare view '\(name)'",
    edits: [TextEdit(range: SourceRange(at: lineStart), newText: "\(indent)view \(name)\n")])
}

/// UIKit's rule for priorities: greater than 0 and at most 1000 (required).
enum PriorityRules {
  /// The finding for a priority UIKit refuses, or nil when the value is a valid priority:
  /// greater than 0 and at most 1000.
  static func problem(with value: Double) -> Finding? {
    value.isFinite && value > 0 && value <= 1000 ? nil : .invalidPriority(value)
  }
}
