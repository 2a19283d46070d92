/// Diagnostic: invalid-vfl-option, not-a-subview
///
/// Lowers a Visual Format string to constraints exactly as
/// `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)` does:
/// the same constraints, the same item order and signs, the same emission order.
import LayoutSyntax

/// The `NSLayoutFormatOptions` a format may carry, by their Apple names.
public enum VisualFormatOption: String, Sendable, Hashable, CaseIterable {
  case alignAllLeft, alignAllRight, alignAllTop, alignAllBottom, alignAllLeading, alignAllTrailing
  case alignAllCenterX, alignAllCenterY, alignAllLastBaseline, alignAllFirstBaseline
  case alignAllBaseline
  case directionLeadingToTrailing, directionLeftToRight, directionRightToLeft
  case spacingEdgeToEdge, spacingBaselineToBaseline

  /// The attribute an alignment option aligns, nil for the other options.
  public var alignedAttribute: LayoutAttribute? {
    switch self {
    case .alignAllLeft: .left
    case .alignAllRight: .right
    case .alignAllTop: .top
    case .alignAllBottom: .bottom
    case .alignAllLeading: .leading
    case .alignAllTrailing: .trailing
    case .alignAllCenterX: .centerX
    case .alignAllCenterY: .centerY
    case .alignAllLastBaseline, .alignAllBaseline: .lastBaseline
    case .alignAllFirstBaseline: .firstBaseline
    default: nil
    }
  }
}

/// The order in which UIKit emits alignment constraints for one pair of views.
private let alignmentOrder: [LayoutAttribute] = [
  .left, .right, .top, .bottom, .leading, .trailing, .centerX, .centerY, .lastBaseline, .firstBaseline,
]

struct VisualFormatLowering {
  private let model: LayoutModel
  /// The view that `|` stands for.
  private let scope: String
  private(set) var diagnostics: [Diagnostic] = []

  /// The file's text, for fixes that insert lines.
  private let source: [UInt8]

  /// The name no format may use for a view: the file's root.
  private let reservedName: String
  /// Metrics whose values are known only at run time (a dictionary of code whose value is no
  /// literal): their constants are taken as 0 and their priorities are not checked.
  private let openMetrics: Set<String>

  init(
    model: LayoutModel, scope: String, source: [UInt8], reservedName: String = LayoutModel.rootName,
    openMetrics: Set<String> = []
  ) {
    self.model = model
    self.scope = scope
    self.source = source
    self.reservedName = reservedName
    self.openMetrics = openMetrics
  }

  /// The views a misspelt name may have meant.
  private var candidateViews: [String] { model.namedViews.filter { $0 != reservedName } }

  /// An end of a connection: the superview (`|`) or a view of the format.
  private enum Neighbour {
    case superview
    case view(String)
  }

  /// The constraints of one VFL statement, or none when it has an error: like UIKit,
  /// which throws for the whole format, a format with any error yields no constraint.
  mutating func lower(_ statement: VisualFormatStatement) -> [LayoutConstraint] {
    guard let format = statement.format else { return [] }
    let errorsBefore = diagnostics.count
    let options = resolveOptions(statement, format: format)
    // Resolve every view first, so that all unknown names are reported, not just the first.
    var names: [String] = []
    for view in format.views {
      if let node = model.views[view.name.name], node.layoutGuide == .declared {
        // UIKit's views dictionary takes views only: a layout guide in it raises.
        diagnostics.append(
          Diagnostic(
            code: .unknownView, severity: .error, finding: .layoutGuideInFormat(view.name.name), range: view.name.range))
        names.append(view.name.name)
      } else if model.views[view.name.name] != nil, view.name.name != reservedName {
        names.append(view.name.name)
      } else {
        diagnostics.append(unknownViewInFormat(view.name, statementStart: statement.range.start))
        names.append(view.name.name)
      }
    }
    if let edge = format.leadingSuperview, let first = format.views.first {
      checkSubview(first.name, bar: edge.barRange)
    }
    if let edge = format.trailingSuperview, let last = format.views.last,
      format.leadingSuperview == nil || format.views.count > 1
    {
      // `|[a]|` names one view twice; one report for it is enough.
      checkSubview(last.name, bar: edge.barRange)
    }

    var constraints: [LayoutConstraint] = []
    let axis = Axis(format.orientation, direction: options.direction)
    // Each constraint points at the piece of the format it comes from: a connection at its
    // dashes (or, for views that touch, at the brackets that meet), a size at its predicate,
    // an alignment at its option.
    for (index, view) in format.views.enumerated() {
      if index == 0 {
        if let edge = format.leadingSuperview {
          constraints += connect(
            .superview, .view(names[index]), edge.connection, axis: axis, options: options,
            range: connectionRange(edge.connection, between: edge.barRange, and: view.range))
        }
      } else if index - 1 < format.connections.count {
        let connection = format.connections[index - 1]
        constraints += connect(
          .view(names[index - 1]), .view(names[index]), connection, axis: axis, options: options,
          range: connectionRange(connection, between: format.views[index - 1].range, and: view.range))
      }
      for predicate in view.predicates {
        if let constraint = sizeConstraint(names[index], predicate, axis: axis, range: predicate.range) {
          constraints.append(constraint)
        }
      }
    }
    if let edge = format.trailingSuperview, let last = names.last, let lastView = format.views.last {
      constraints += connect(
        .view(last), .superview, edge.connection, axis: axis, options: options,
        range: connectionRange(edge.connection, between: lastView.range, and: edge.barRange))
    }
    if names.count > 1 {
      for index in 1..<names.count {
        for (attribute, optionRange) in options.alignments {
          constraints.append(
            LayoutConstraint(
              first: ConstraintItem(view: names[index - 1], attribute: attribute), relation: .equal,
              second: ConstraintItem(view: names[index], attribute: attribute), origin: .vfl, range: optionRange))
        }
      }
    }
    return diagnostics.count > errorsBefore ? [] : constraints
  }

  // MARK: - Options

  private struct ResolvedOptions {
    /// The aligned attributes in UIKit's order, each with the option that asked for it.
    var alignments: [(LayoutAttribute, SourceRange)] = []
    var direction: VisualFormatOption = .directionLeadingToTrailing
    var baselineToBaseline = false
  }

  private mutating func resolveOptions(_ statement: VisualFormatStatement, format: VisualFormat) -> ResolvedOptions {
    var result = ResolvedOptions()
    var aligned: [LayoutAttribute: SourceRange] = [:]
    var directionOption: Identifier?
    for written in statement.options {
      guard let option = VisualFormatOption(rawValue: written.name) else {
        let (suggestion, fixes) = Suggestions.forUnknown(written, among: VisualFormatOption.allCases.map(\.rawValue))
        diagnostics.append(
          Diagnostic(
            code: .invalidVisualFormatOption, severity: .error,
            finding: .unknownOption(written.name, suggestion: suggestion), range: written.range, fixes: fixes))
        continue
      }
      if let attribute = option.alignedAttribute {
        if aligned[attribute] == nil { aligned[attribute] = written.range }
        let alongAxis = format.orientation == .horizontal ? attribute.axis == .horizontal : attribute.axis == .vertical
        // UIKit refuses an alignment along the layout's own axis, but only once a
        // view-to-view connection exists to apply it to.
        if alongAxis, format.views.count > 1 {
          diagnostics.append(
            Diagnostic(
              code: .invalidVisualFormatOption, severity: .error,
              finding: .alignmentAlongFormat(option: written.name, orientation: format.orientation), range: written.range))
        }
        continue
      }
      switch option {
      case .directionLeftToRight, .directionRightToLeft, .directionLeadingToTrailing:
        if let previous = directionOption, previous.name != option.rawValue {
          diagnostics.append(
            Diagnostic(
              code: .invalidVisualFormatOption, severity: .error,
              finding: .contradictoryDirection(option.rawValue, previous: previous.name), range: written.range,
              related: [RelatedInformation(range: previous.range, role: .otherDirectionOption)]))
        }
        directionOption = written
        result.direction = option
      case .spacingBaselineToBaseline:
        if format.orientation == .horizontal {
          diagnostics.append(
            Diagnostic(
              code: .invalidVisualFormatOption, severity: .error,
              finding: .baselineSpacingInHorizontalFormat, range: written.range))
        }
        result.baselineToBaseline = true
      default:
        break
      }
    }
    result.alignments = alignmentOrder.compactMap { attribute in aligned[attribute].map { (attribute, $0) } }
    return result
  }

  /// The text a connection's constraints point at: its dashes, or the two brackets (or bar
  /// and bracket) that meet when the neighbours touch.
  private func connectionRange(_ connection: VFLConnection, between earlier: SourceRange, and later: SourceRange)
    -> SourceRange
  {
    if !connection.range.isEmpty { return connection.range }
    return SourceRange(start: max(earlier.end - 1, earlier.start), end: min(later.start + 1, later.end))
  }

  // MARK: - Names

  private func unknownViewInFormat(_ name: Identifier, statementStart: Int) -> Diagnostic {
    let candidates = candidateViews
    let (suggestion, suggested) = Suggestions.forUnknown(name, among: candidates)
    var fixes = suggested
    // In a `.vfl` file views declare themselves; there is nothing to declare.
    if model.kind == .layout, let declare = declareViewFix(name.name, before: statementStart, in: source) {
      fixes.append(declare)
    }
    return Diagnostic(
      code: .unknownView, severity: .error, finding: .notAKeyInViews(name.name, suggestion: suggestion),
      range: name.range, fixes: fixes)
  }

  private mutating func checkSubview(_ name: Identifier, bar: SourceRange) {
    guard let view = model.views[name.name], view.superview != scope else { return }
    diagnostics.append(
      Diagnostic(
        code: .notASubview, severity: .error, finding: .notASubview(name.name, bar: scope, superview: view.superview),
        range: bar, related: view.nameRange.map { [RelatedInformation(range: $0, role: .declarationOfView(name.name))] } ?? []))
  }

  /// A metric's value; metrics are looked up before views, as UIKit does.
  private func metricValue(_ name: String) -> Double? { model.metrics[name]?.value }

  private func isView(_ name: String) -> Bool {
    name != reservedName && model.views[name] != nil
  }

  private mutating func priority(_ written: VFLPriority?) -> Double? {
    guard let written else { return 1000 }
    let value: Double
    switch written {
    case .number(let number, _):
      value = number
    case .name(let name):
      if openMetrics.contains(name.name) {
        // Known only at run time: UIKit checks it then.
        return 1000
      } else if let metric = metricValue(name.name) {
        value = metric
      } else if isView(name.name) {
        // UIKit takes a view named as a priority for the second item and reads the
        // priority as 0, which it then rejects.
        value = 0
      } else {
        diagnostics.append(unknownName(name))
        return nil
      }
    }
    if let problem = PriorityRules.problem(with: value) {
      diagnostics.append(Diagnostic(code: .invalidPriority, severity: .error, finding: problem, range: written.range))
      return nil
    }
    return value
  }

  private func unknownName(_ name: Identifier) -> Diagnostic {
    let candidates = model.metrics.keys.sorted() + candidateViews
    let (suggestion, fixes) = Suggestions.forUnknown(name, among: candidates)
    return Diagnostic(
      code: .unknownMetric, severity: .error, finding: .unknownFormatMetric(name.name, suggestion: suggestion),
      range: name.range, fixes: fixes)
  }

  // MARK: - Constraints

  /// The attributes a format works with along its axis.
  private struct Axis {
    /// The edge facing the start of the line (leading, left or top).
    var before: LayoutAttribute
    /// The edge facing its end (trailing, right or bottom).
    var after: LayoutAttribute
    var size: LayoutAttribute
    /// Whether the format's order runs against the coordinates (`directionRightToLeft`).
    var isReversed: Bool
    var isVertical: Bool

    init(_ orientation: Orientation, direction: VisualFormatOption) {
      isVertical = orientation == .vertical
      isReversed = false
      if isVertical {
        (before, after, size) = (.top, .bottom, .height)
      } else {
        size = .width
        switch direction {
        case .directionLeftToRight:
          (before, after) = (.left, .right)
        case .directionRightToLeft:
          (before, after) = (.left, .right)
          isReversed = true
        default:
          (before, after) = (.leading, .trailing)
        }
      }
    }
  }

  /// The constraints of one connection between `earlier` and `later` (in format order).
  ///
  /// Each reads `greater.edge REL lesser.edge + gap`, where `greater` is the neighbour
  /// further along the coordinates: the later one, or the earlier one in a right-to-left
  /// format. A view's edge is the one facing the gap; the superview's edge is its own edge
  /// on that side (or its margin, for standard spacing under `spacing … margins`).
  private mutating func connect(
    _ earlier: Neighbour, _ later: Neighbour, _ connection: VFLConnection, axis: Axis,
    options: ResolvedOptions, range: SourceRange
  ) -> [LayoutConstraint] {
    let (lesser, greater) = axis.isReversed ? (later, earlier) : (earlier, later)
    let touchesSuperview: Bool
    if case .superview = lesser { touchesSuperview = true } else if case .superview = greater {
      touchesSuperview = true
    } else {
      touchesSuperview = false
    }
    let baselines = options.baselineToBaseline && axis.isVertical && !touchesSuperview

    // The gaps: (relation, constant, priority, where the priority can be rewritten), plus
    // whether the superview's margin is meant. A flush or standard connection is rewritten
    // as an explicit gap with a priority, which UIKit's parser accepts (`-8@999-`).
    var gaps: [(Relation, Double, Double, PriorityEditSite?)] = []
    var toMargin = false
    func explicitGap(_ points: Double) -> PriorityEditSite {
      PriorityEditSite(range: connection.range, prefix: "-\(formatNumber(points))@", suffix: "-")
    }
    switch connection.kind {
    case .flush:
      gaps = [(.equal, 0, 1000, explicitGap(0))]
    case .standard:
      if touchesSuperview {
        switch model.spacing.superview {
        case .points(let points): gaps = [(.equal, points, 1000, explicitGap(points))]
        case .margins:
          gaps = [(.equal, 0, 1000, nil)]
          toMargin = true
        }
      } else {
        gaps = [(.equal, model.spacing.sibling, 1000, explicitGap(model.spacing.sibling))]
      }
    case .predicates(let predicates):
      for predicate in predicates {
        guard let gap = gapValue(predicate.object), let priority = priority(predicate.priority) else { continue }
        gaps.append((predicate.relation, gap, priority, priorityEdit(predicate)))
      }
    }

    func edge(_ neighbour: Neighbour, facing attribute: LayoutAttribute, superviewSide: LayoutAttribute) -> ConstraintItem {
      switch neighbour {
      case .superview:
        return ConstraintItem(view: scope, attribute: toMargin ? superviewSide.margin : superviewSide)
      case .view(let name):
        return ConstraintItem(view: name, attribute: attribute)
      }
    }
    let greaterEdge = edge(greater, facing: baselines ? .firstBaseline : axis.before, superviewSide: axis.after)
    let lesserEdge = edge(lesser, facing: baselines ? .lastBaseline : axis.after, superviewSide: axis.before)
    return gaps.map { relation, constant, priority, edit in
      LayoutConstraint(
        first: greaterEdge, relation: relation, second: lesserEdge, constant: constant, priority: priority,
        origin: .vfl, range: range
      ).editable(priority: edit)
    }
  }

  /// A connection's constant. A view's name is refused, as UIKit refuses it.
  private mutating func gapValue(_ object: VFLObject) -> Double? {
    switch object {
    case .number(let value, _):
      return value
    case .name(let name):
      if let metric = metricValue(name.name) { return metric }
      if isView(name.name) {
        diagnostics.append(
          Diagnostic(
            code: .invalidAttributePair, severity: .error, finding: .spaceEqualToView, range: name.range))
        return nil
      }
      diagnostics.append(unknownName(name))
      return nil
    }
  }

  /// Where a predicate's priority is written, or where to write one.
  private func priorityEdit(_ predicate: VFLPredicate) -> PriorityEditSite {
    if let written = predicate.priority { return PriorityEditSite(range: written.range, prefix: "") }
    return PriorityEditSite(range: SourceRange(at: predicate.range.end), prefix: "@")
  }

  /// `[a(P)]`: the view's size along the axis against a constant or another view's size.
  private mutating func sizeConstraint(
    _ view: String, _ predicate: VFLPredicate, axis: Axis, range: SourceRange
  ) -> LayoutConstraint? {
    guard let priority = priority(predicate.priority) else { return nil }
    let first = ConstraintItem(view: view, attribute: axis.size)
    let edit = priorityEdit(predicate)
    switch predicate.object {
    case .number(let value, _):
      return LayoutConstraint(
        first: first, relation: predicate.relation, second: nil, constant: value, priority: priority, origin: .vfl,
        range: range
      ).editable(priority: edit)
    case .name(let name):
      if let metric = metricValue(name.name) {
        return LayoutConstraint(
          first: first, relation: predicate.relation, second: nil, constant: metric, priority: priority,
          origin: .vfl, range: range
        ).editable(priority: edit)
      }
      if isView(name.name) {
        return LayoutConstraint(
          first: first, relation: predicate.relation, second: ConstraintItem(view: name.name, attribute: axis.size),
          priority: priority, origin: .vfl, range: range
        ).editable(priority: edit)
      }
      diagnostics.append(unknownName(name))
      return nil
    }
  }
}

extension LayoutAttribute {
  /// The margin attribute of an edge (`leading` → `leadingMargin`); other attributes are unchanged.
  public var margin: LayoutAttribute {
    switch self {
    case .left: .leftMargin
    case .right: .rightMargin
    case .top: .topMargin
    case .bottom: .bottomMargin
    case .leading: .leadingMargin
    case .trailing: .trailingMargin
    case .centerX: .centerXWithinMargins
    case .centerY: .centerYWithinMargins
    default: self
    }
  }
}
