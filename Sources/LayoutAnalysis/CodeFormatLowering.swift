/// Diagnostic: unknown-view, unknown-metric, invalid-vfl-option, invalid-priority, invalid-attribute-pair
///
/// A Visual Format string of source code, lowered as
/// `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)` lowers it, with
/// the dictionaries of its call as far as they are known: the same checks and messages as a
/// `.vfl` line, with nothing reported that depends on a dictionary that is not known.
import LayoutSyntax

/// What a call gives its format, as far as it is known before the app runs.
public struct CodeFormatEnvironment: Sendable {
  /// The keys of the views dictionary; nil when it is built at run time.
  public var views: [String]?
  /// The keys of the metrics dictionary, each with its value when it is a literal; nil when
  /// the dictionary is built at run time.
  public var metrics: [(name: String, value: Double?)]?
  /// The options, by their Apple names; nil when they are not known.
  public var options: [Identifier]?
  /// What `|-` and `-|` stand for: UIKit's margins, or AppKit's 20 points.
  public var superviewSpacing: SuperviewSpacing

  public init(
    views: [String]?, metrics: [(name: String, value: Double?)]?, options: [Identifier]?,
    superviewSpacing: SuperviewSpacing
  ) {
    self.views = views
    self.metrics = metrics
    self.options = options
    self.superviewSpacing = superviewSpacing
  }
}

/// A format of source code, lowered.
public struct CodeFormatLowering: Sendable {
  /// The name the constraints give the view `|` stands for.
  public let superview: String
  /// The constraints, in UIKit's order; none when the format has an error.
  public let constraints: [LayoutConstraint]
  public let diagnostics: [Diagnostic]
  /// The metrics whose values are known only at run time (their constants show as 0).
  public let openMetrics: [String]

  /// Lowers `format` with what its call gives it. A name is reported only when the
  /// dictionary it must be in is known; `source` is the file, for fixes.
  public init(format: VisualFormat, environment: CodeFormatEnvironment, source: [UInt8]) {
    var names: Set<String> = []
    var predicateNames: [String] = []
    var viewPredicateNames: [String] = []
    for view in format.views {
      names.insert(view.name.name)
      for predicate in view.predicates {
        if case .name(let name) = predicate.object { viewPredicateNames.append(name.name) }
        if case .name(let name)? = predicate.priority { predicateNames.append(name.name) }
      }
    }
    var connections = format.connections
    if let edge = format.leadingSuperview { connections.append(edge.connection) }
    if let edge = format.trailingSuperview { connections.append(edge.connection) }
    for connection in connections {
      guard case .predicates(let predicates) = connection.kind else { continue }
      for predicate in predicates {
        if case .name(let name) = predicate.object { predicateNames.append(name.name) }
        if case .name(let name)? = predicate.priority { predicateNames.append(name.name) }
      }
    }

    // The views: the dictionary's keys, or (when it is not known) every name the format
    // gives a view, and the names of view predicates that are no known metric.
    let knownMetrics = environment.metrics.map { Set($0.map(\.name)) }
    var views: [String]
    if let known = environment.views {
      views = known
    } else {
      views = format.views.map(\.name.name)
      if let knownMetrics {
        views += viewPredicateNames.filter { !knownMetrics.contains($0) }
      }
    }
    let superview = views.contains("superview") ? "(superview)" : "superview"

    var model = LayoutModel(kind: .vfl)
    model.spacing = StandardSpacing(sibling: 8, superview: environment.superviewSpacing)
    model.views = [superview: ViewNode(name: superview, kind: .view, superview: nil)]
    model.viewOrder = [superview]
    for name in views where model.views[name] == nil {
      model.views[name] = ViewNode(name: name, kind: .view, superview: superview)
      model.viewOrder.append(name)
      model.views[superview]?.subviews.append(name)
    }
    var open: Set<String> = []
    if let metrics = environment.metrics {
      for (name, value) in metrics {
        model.metrics[name] = Metric(name: name, value: value ?? 0, range: SourceRange(at: 0))
        if value == nil { open.insert(name) }
      }
    } else {
      // Any name that is not a known view may be a metric.
      let viewSet = Set(views)
      for name in predicateNames + viewPredicateNames where !viewSet.contains(name) {
        model.metrics[name] = Metric(name: name, value: 0, range: SourceRange(at: 0))
        open.insert(name)
      }
    }
    let statement = VisualFormatStatement(
      isQuoted: true, formatRange: format.range, format: format, options: environment.options ?? [], range: format.range)
    var lowering = VisualFormatLowering(
      model: model, scope: superview, source: source, reservedName: superview, openMetrics: open)
    let constraints = lowering.lower(statement)
    self.superview = superview
    self.constraints = constraints
    diagnostics = lowering.diagnostics.map(Self.inCode)
    openMetrics = open.sorted()
  }

  /// A finding of the lowering in the words of code: the names are missing from the call's
  /// dictionaries, not from declarations.
  private static func inCode(_ diagnostic: Diagnostic) -> Diagnostic {
    var copy = diagnostic
    switch diagnostic.finding {
    case .notAKeyInViews(let name, let suggestion):
      copy.finding = .notInViewsDictionary(name, suggestion: suggestion)
    case .unknownFormatMetric(let name, let suggestion):
      copy.finding = .notInFormatDictionaries(name, suggestion: suggestion)
    default:
      break
    }
    return copy
  }
}
