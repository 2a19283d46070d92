import LayoutAnalysis
import LayoutSyntax

// A solved layout as something to draw: one `PicturePanel` per canvas and direction, each view
// with its frame in the canvas's coordinates and what the findings say of it. Built from the
// solved layouts and the findings a command or the server reports (so a finding silenced by a
// comment, the configuration or `--ignore` is not drawn); `PictureSVG` writes it as SVG.
// No IO: values in, values out.

/// A point of a picture, in the canvas's points.
public struct PicturePoint: Sendable, Hashable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// One way a view's frame is not determined, in canvas coordinates.
public struct PictureAmbiguity: Sendable, Hashable {
  /// `horizontal` or `vertical`.
  public var axis: String
  /// Another frame the constraints equally allow.
  public var alternative: Rect
  /// The stretch the view can move or grow over on that axis (across the view on the other).
  public var range: Rect
  /// The ranges as `plumb frames` writes them (`x from 0 to 94`), when the solver found them.
  public var text: String?
}

/// A view as drawn.
public struct PictureView: Sendable, Hashable {
  public var name: String
  /// The frame and the alignment rectangle, in canvas coordinates.
  public var frame: Rect
  public var alignment: Rect
  /// How deep in the view tree (the root is 0).
  public var depth: Int
  public var isRoot: Bool
  /// The codes of the findings about the view, sorted, each once.
  public var codes: [DiagnosticCode]
  /// Their messages, for the tooltip.
  public var messages: [String]
  public var ambiguities: [PictureAmbiguity]
  /// A misplaced view's saved frame, in canvas coordinates.
  public var savedFrame: Rect?
  /// Whether a finding says the view reaches outside its superview.
  public var isOffscreen: Bool
  /// Whether every number of the frame is finite (otherwise the view is not drawn).
  public var isFinite: Bool
}

/// A constraint drawn as Xcode draws it: a line between the two edges it relates, or across
/// the view whose size it sets, with its constant.
public struct PictureStrut: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable {
    /// A constraint drawn because `--constraints` asked for them.
    case constraint
    /// The constraint a conflict breaks.
    case broken
    /// Another member of a conflict.
    case conflictMember = "conflict-member"
  }

  public var kind: Kind
  public var from: PicturePoint
  public var to: PicturePoint
  /// The constant, with its relation and multiplier when they are not `==` and 1: `≥ 44`, `×0.5`.
  public var label: String
  /// The constraint as UIKit describes it, for the tooltip.
  public var title: String
}

/// One canvas in one direction.
public struct PicturePanel: Sendable {
  /// `phone (375 × 667, wC hR), left-to-right`.
  public var title: String
  public var canvas: String
  public var direction: LayoutDirection
  public var width: Double
  public var height: Double
  /// Depth first from the root, subviews in order (the order they are drawn in).
  public var views: [PictureView]
  public var struts: [PictureStrut]
}

/// The picture of a file's solved layouts.
public struct LayoutPicture: Sendable {
  public var panels: [PicturePanel]

  public init(panels: [PicturePanel]) {
    self.panels = panels
  }

  /// The places of `layouts` in `canvas` and `direction` (every one for nil), canvases in file
  /// order, left to right first, with what `diagnostics` (the file's findings, as reported)
  /// say of each view; with `constraints`, every constraint the file writes drawn as a strut.
  /// With `onlyPlacesWithFindings`, only the places a finding of the solved layout is in.
  /// A view is drawn ambiguous when an `ambiguous` finding about it is among `diagnostics`.
  public init(
    _ layouts: [SolvedLayout], diagnostics: [Diagnostic], canvas: String? = nil, direction: LayoutDirection? = nil,
    constraints: Bool = false, onlyPlacesWithFindings: Bool = false
  ) {
    var panels: [PicturePanel] = []
    for layout in layouts {
      for solver in layout.places {
        let place = solver.place
        guard canvas == nil || place.canvas.name == canvas, direction == nil || place.direction == direction else {
          continue
        }
        let frames = PlaceFrames(solver: solver, model: layout.document.model, ambiguities: solver.ambiguities())
        let known = Set(frames.views.map(\.name))
        let findings = diagnostics.filter { diagnostic in
          PictureBuilder.happens(diagnostic, in: place) && PictureBuilder.isAboutLayout(diagnostic)
            && PictureBuilder.subjectViews(diagnostic).allSatisfy(known.contains)
        }
        if onlyPlacesWithFindings, findings.isEmpty { continue }
        panels.append(
          PictureBuilder.panel(
            frames, constraints: solver.constraints, diagnostics: findings, drawConstraints: constraints))
      }
    }
    self.panels = panels
  }
}

/// How a panel is built from a place's frames, constraints and findings.
enum PictureBuilder {
  /// Whether a finding happens in a place: its canvas and direction, or the places it lists.
  static func happens(_ diagnostic: Diagnostic, in place: LayoutPlace) -> Bool {
    if let canvas = diagnostic.canvas, canvas != place.canvas.name { return false }
    if let direction = diagnostic.direction, direction != place.direction.rawValue, direction != place.direction.phrase {
      return false
    }
    func includes(_ directions: WritingDirections) -> Bool {
      directions == .both || directions.rawValue == place.direction.rawValue
    }
    switch diagnostic.places {
    case .everywhere: return true
    case .everyCanvas(let directions): return includes(directions)
    case .canvases(let canvases):
      return canvases.contains { $0.canvas == place.canvas.name && ($0.directions.map(includes) ?? true) }
    }
  }

  /// Whether a finding is about the solved layout (a view's frame or constraints), which a
  /// picture can show.
  static func isAboutLayout(_ diagnostic: Diagnostic) -> Bool {
    switch diagnostic.code {
    case .conflict, .rtlConflict, .ambiguous, .contentPriorityAmbiguity, .leftRight, .misplaced, .zeroSize, .offscreen,
      .transformed, .unsatisfied, .xcodeMarker, .inaccurate, .extremeValue:
      true
    default: false
    }
  }

  /// The views a finding names directly (not through its constraints).
  static func subjectViews(_ diagnostic: Diagnostic) -> [String] {
    var views: [String] = []
    if let view = diagnostic.finding.view { views.append(view) }
    if case .contentPriorityTie(let tie) = diagnostic.finding { views.append(tie.second) }
    return views
  }

  /// The views a constraint relates.
  static func views(of constraint: LayoutConstraint) -> [String] {
    [constraint.first.view] + (constraint.second.map { [$0.view] } ?? [])
  }

  static func panel(
    _ frames: PlaceFrames, constraints: [LayoutConstraint], diagnostics: [Diagnostic], drawConstraints: Bool
  ) -> PicturePanel {
    let place = frames.place
    let rtl = place.direction == .rtl
    // Canvas coordinates: each frame is in its superview's bounds, which start at the
    // superview's frame origin.
    let byName = Dictionary(frames.views.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var origins: [String: PicturePoint] = [:]
    func origin(of name: String, depth: Int = 0) -> PicturePoint {
      if let known = origins[name] { return known }
      guard let view = byName[name] else { return PicturePoint(x: 0, y: 0) }
      var base = PicturePoint(x: 0, y: 0)
      if let superview = view.superview, depth < byName.count, let parent = byName[superview] {
        let parentOrigin = origin(of: superview, depth: depth + 1)
        base = PicturePoint(x: parentOrigin.x + parent.frame.x, y: parentOrigin.y + parent.frame.y)
      }
      origins[name] = base
      return base
    }
    func shifted(_ rect: Rect, by point: PicturePoint) -> Rect {
      Rect(x: rect.x + point.x, y: rect.y + point.y, width: rect.width, height: rect.height)
    }

    // The constraints a finding quotes, by the range of their text.
    var byRange: [SourceRange: [LayoutConstraint]] = [:]
    let quoted = diagnostics.contains { diagnostic in
      switch diagnostic.finding {
      case .conflict, .unsatisfied, .leftRightAttributes, .leftRightConstraint, .extremeValue, .inaccurate: true
      default: false
      }
    }
    if quoted {
      for constraint in constraints { byRange[constraint.range, default: []].append(constraint) }
    }
    func quotedConstraints(_ quote: ConstraintQuote) -> [LayoutConstraint] { byRange[quote.range] ?? [] }

    var codes: [String: Set<DiagnosticCode>] = [:]
    var messages: [String: [String]] = [:]
    var saved: [String: Rect] = [:]
    var offscreen: Set<String> = []
    var conflictStruts: [(LayoutConstraint, PictureStrut.Kind)] = []
    func mark(_ view: String, _ diagnostic: Diagnostic) {
      guard byName[view] != nil else { return }
      if codes[view, default: []].insert(diagnostic.code).inserted || !messages[view, default: []].contains(diagnostic.message) {
        messages[view, default: []].append(diagnostic.message)
      }
    }
    for diagnostic in diagnostics {
      switch diagnostic.finding {
      case .conflict(let conflict):
        let broken = quotedConstraints(conflict.broken)
        conflictStruts += broken.map { ($0, .broken) }
        var members = broken
        for other in conflict.others {
          switch other {
          case .nonNegativeSize(let view, _): mark(view, diagnostic)
          case .intrinsicSize(_, let view), .autoresizingMask(_, let view): mark(view, diagnostic)
          case .stackView(let quote, let stack):
            mark(stack, diagnostic)
            members += quotedConstraints(quote)
          case .canvasSize: break
          case .constraint(let quote):
            let found = quotedConstraints(quote)
            members += found
            conflictStruts += found.map { ($0, .conflictMember) }
          }
        }
        for constraint in members {
          for view in views(of: constraint) where view != LayoutModel.rootName { mark(view, diagnostic) }
        }
      case .unsatisfied(let quote, _, _), .extremeValue(let quote, _):
        for constraint in quotedConstraints(quote) {
          for view in views(of: constraint) where view != LayoutModel.rootName { mark(view, diagnostic) }
        }
      case .leftRightAttributes, .leftRightConstraint:
        for constraint in constraints where diagnostic.range.start <= constraint.range.start
          && constraint.range.end <= diagnostic.range.end
        {
          for view in views(of: constraint) where view != LayoutModel.rootName { mark(view, diagnostic) }
        }
      case .misplaced(let misplacement):
        mark(misplacement.view, diagnostic)
        saved[misplacement.view] = misplacement.declared
      case .offscreen(let overhang):
        mark(overhang.view, diagnostic)
        offscreen.insert(overhang.view)
      default:
        for view in subjectViews(diagnostic) { mark(view, diagnostic) }
      }
    }

    // The views, depth first from the root; a view the tree does not reach (impossible in a
    // well-formed model) is left out, and each is drawn once.
    var views: [PictureView] = []
    var pending: [(name: String, depth: Int)] = [(LayoutModel.rootName, 0)]
    var visited = Set<String>()
    while let (name, depth) = pending.popLast() {
      guard let view = byName[name], visited.insert(name).inserted else { continue }
      pending += view.subviews.reversed().map { ($0, depth + 1) }
      guard !view.isLayoutGuide else { continue }
      let base = origin(of: name)
      let frame = shifted(view.frame, by: base)
      let viewCodes = codes[name] ?? []
      // The ambiguity the solver found, for a view the findings say is ambiguous (or tied on
      // its content priorities, which is how it is ambiguous).
      let shown = viewCodes.contains(.ambiguous) || viewCodes.contains(.contentPriorityAmbiguity)
      let ambiguities = (shown ? view.ambiguities : []).map { finding in
        ambiguity(finding, frame: frame, base: base, canvas: place.canvas)
      }
      views.append(
        PictureView(
          name: name, frame: frame, alignment: shifted(view.alignment, by: base), depth: depth,
          isRoot: name == LayoutModel.rootName, codes: viewCodes.sorted(), messages: messages[name] ?? [],
          ambiguities: ambiguities, savedFrame: saved[name].map { shifted($0, by: base) },
          isOffscreen: offscreen.contains(name), isFinite: view.isFinite))
    }

    // The struts: the conflicts' always, every written constraint's when asked for.
    let drawn = Dictionary(views.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var struts: [PictureStrut] = []
    var seen = Set<PictureStrut>()
    // Sizes of one view on one axis are drawn side by side, not on top of each other.
    var sizes: [String: Int] = [:]
    func add(_ constraint: LayoutConstraint, _ kind: PictureStrut.Kind) {
      var stack = 0
      if constraint.first.attribute == .width || constraint.first.attribute == .height {
        let key = "\(constraint.first.view) \(constraint.first.attribute.rawValue)"
        stack = sizes[key, default: 0]
        sizes[key] = stack + 1
      }
      guard let strut = strut(constraint, kind: kind, views: drawn, rtl: rtl, stack: stack), seen.insert(strut).inserted
      else { return }
      struts.append(strut)
    }
    for (constraint, kind) in conflictStruts { add(constraint, kind) }
    if drawConstraints {
      let marked = Set(conflictStruts.map(\.0.range))
      for constraint in constraints where constraint.origin == .explicit || constraint.origin == .vfl {
        if marked.contains(constraint.range) { continue }
        add(constraint, .constraint)
      }
    }
    return PicturePanel(
      title: frames.heading, canvas: place.canvas.name, direction: place.direction, width: place.canvas.width,
      height: place.canvas.height, views: views, struts: struts)
  }

  /// An ambiguity in canvas coordinates: the alternative frame, and the stretch the view
  /// sweeps over its possible positions and sizes (bounded by the canvas where the solver
  /// found no bound).
  static func ambiguity(_ finding: AmbiguityFinding, frame: Rect, base: PicturePoint, canvas: Canvas) -> PictureAmbiguity {
    let alternative = Rect(
      x: finding.alternative.x + base.x, y: finding.alternative.y + base.y, width: finding.alternative.width,
      height: finding.alternative.height)
    let horizontal = finding.axis == .horizontal
    let start = horizontal ? frame.x : frame.y
    let length = horizontal ? frame.width : frame.height
    let offset = horizontal ? base.x : base.y
    let limit = horizontal ? canvas.width : canvas.height
    let alternativeStart = horizontal ? alternative.x : alternative.y
    let alternativeLength = horizontal ? alternative.width : alternative.height
    // Without bounds from the solver, the stretch between the two frames.
    var low = min(start, alternativeStart)
    var high = max(start + length, alternativeStart + alternativeLength)
    let longest = max(length, finding.sizeRange?.highest ?? length)
    if finding.position {
      if let range = finding.positionRange {
        low = range.lowest.map { $0 + offset } ?? min(low, 0)
        // The farthest the far edge goes: the last position with the present size, or the
        // present position with the largest size.
        let farthest = range.highest.map { $0 + offset + length } ?? max(high, limit)
        high = max(farthest, finding.size ? start + longest : farthest)
      }
    } else if finding.size, let range = finding.sizeRange {
      high = range.highest.map { start + $0 } ?? max(high, limit)
    }
    let range =
      horizontal
      ? Rect(x: low, y: frame.y, width: high - low, height: frame.height)
      : Rect(x: frame.x, y: low, width: frame.width, height: high - low)
    return PictureAmbiguity(
      axis: finding.axis.outputName, alternative: alternative, range: range, text: finding.rangesText)
  }

  /// Where an attribute of a rectangle lies on its axis; nil for a size.
  static func edge(_ attribute: LayoutAttribute, of rect: Rect, rtl: Bool) -> Double? {
    // Margins are drawn at UIKit's default 8-point margins (an estimate: the root's and a
    // view's own may differ).
    let margin = 8.0
    switch attribute {
    case .left: return rect.x
    case .right: return rect.x + rect.width
    case .leading: return rtl ? rect.x + rect.width : rect.x
    case .trailing: return rtl ? rect.x : rect.x + rect.width
    case .leftMargin: return rect.x + margin
    case .rightMargin: return rect.x + rect.width - margin
    case .leadingMargin: return rtl ? rect.x + rect.width - margin : rect.x + margin
    case .trailingMargin: return rtl ? rect.x + margin : rect.x + rect.width - margin
    case .centerX, .centerXWithinMargins: return rect.x + rect.width / 2
    case .top, .firstBaseline: return rect.y
    case .topMargin: return rect.y + margin
    case .bottom, .lastBaseline: return rect.y + rect.height
    case .bottomMargin: return rect.y + rect.height - margin
    case .centerY, .centerYWithinMargins: return rect.y + rect.height / 2
    case .width, .height: return nil
    }
  }

  /// A constraint's strut; nil when one of its views is not drawn or the numbers are not finite.
  static func strut(
    _ constraint: LayoutConstraint, kind: PictureStrut.Kind, views: [String: PictureView], rtl: Bool, stack: Int = 0
  ) -> PictureStrut? {
    guard let first = views[constraint.first.view], first.isFinite else { return nil }
    let horizontal = constraint.first.attribute.axis == .horizontal
    let relation =
      switch constraint.relation {
      case .greaterThanOrEqual: "≥ "
      case .lessThanOrEqual: "≤ "
      case .equal: ""
      }
    var label = relation + formatNumber(constraint.constant)
    if constraint.multiplier != 1 { label = "×\(formatNumber(constraint.multiplier)) " + label }
    let title = constraint.description
    let a = first.alignment
    if let firstEdge = edge(constraint.first.attribute, of: a, rtl: rtl) {
      guard let secondItem = constraint.second, let second = views[secondItem.view], second.isFinite,
        let secondEdge = edge(secondItem.attribute, of: second.alignment, rtl: rtl)
      else { return nil }
      let b = second.alignment
      // Across the stretch both views share on the other axis, else through the first's middle.
      let (low, high) =
        horizontal ? (max(a.y, b.y), min(a.y + a.height, b.y + b.height)) : (max(a.x, b.x), min(a.x + a.width, b.x + b.width))
      let across = low <= high ? (low + high) / 2 : (horizontal ? a.y + a.height / 2 : a.x + a.width / 2)
      let from = horizontal ? PicturePoint(x: secondEdge, y: across) : PicturePoint(x: across, y: secondEdge)
      let to = horizontal ? PicturePoint(x: firstEdge, y: across) : PicturePoint(x: across, y: firstEdge)
      guard [from.x, from.y, to.x, to.y].allSatisfy(\.isFinite) else { return nil }
      return PictureStrut(kind: kind, from: from, to: to, label: label, title: title)
    }
    // A size: across the view, near its bottom (width) or its trailing side (height).
    if let secondItem = constraint.second {
      label = (relation.isEmpty ? "= " : relation) + secondItem.description
      if constraint.multiplier != 1 { label += " ×\(formatNumber(constraint.multiplier))" }
      if constraint.constant != 0 {
        label += (constraint.constant > 0 ? " + " : " − ") + formatNumber(abs(constraint.constant))
      }
    }
    // 4 points inside the edge, the next size of the same view 8 points further in.
    let inset = 4.0 + 8.0 * Double(stack)
    let from =
      horizontal
      ? PicturePoint(x: a.x, y: a.y + a.height - min(inset, a.height / 2))
      : PicturePoint(x: rtl ? a.x + min(inset, a.width / 2) : a.x + a.width - min(inset, a.width / 2), y: a.y)
    let to =
      horizontal
      ? PicturePoint(x: a.x + a.width, y: from.y)
      : PicturePoint(x: from.x, y: a.y + a.height)
    guard [from.x, from.y, to.x, to.y].allSatisfy(\.isFinite) else { return nil }
    return PictureStrut(kind: kind, from: from, to: to, label: label, title: title)
  }
}
