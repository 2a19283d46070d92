/// Diagnostic: misplaced, offscreen, transformed
///
/// Where solved views end up: not where their declared frame says, outside their superview,
/// or transformed in a way Auto Layout does not see.
import LayoutSyntax

enum GeometryCheck {
  /// - Parameter isPrimary: whether this is the first place (first canvas, first direction),
  ///   the one a declared design-time frame describes.
  static func findings(_ solver: PlaceSolver, document: LayoutDocument, isPrimary: Bool) -> [PlacedFinding] {
    let ambiguous = isPrimary ? Set(solver.ambiguitiesWithDeferredRanges().map(\.view)) : []
    let (views, superviews) = solver.allSolvedViews()
    // Read by position: a lookup by name copies the whole declaration. Only the views that
    // reach outside their superviews, and in the primary place those declared with a frame,
    // can have a finding; the place keeps both lists.
    var candidates = solver.overhangingViews()
    if isPrimary { candidates = Array(Set(candidates).union(solver.framedViews())).sorted() }
    return findings(
      views: views, superviews: superviews, traits: solver.viewTraits(), candidates: candidates, model: solver.model,
      place: solver.placeReference, primary: isPrimary ? ambiguous : nil)
  }

  /// The findings of a place that is not the primary one and holds no solver, over its views
  /// (a mirrored place's, `PlaceSolver.mirroredViews`), each with its superview's position and
  /// its traits, in the order of the views: every view is a candidate.
  static func findings(views: [SolvedView?], superviews: [Int], traits: [ViewTraits], model: LayoutModel, place: PlaceReference)
    -> [PlacedFinding]
  {
    findings(
      views: views, superviews: superviews, traits: traits, candidates: Array(views.indices), model: model, place: place,
      primary: nil)
  }

  /// - Parameter primary: for the primary place, its ambiguous views (whose frames are not
  ///   compared with the declared ones); nil for another place.
  private static func findings(
    views: [SolvedView?], superviews: [Int], traits: [ViewTraits], candidates: [Int], model: LayoutModel,
    place: PlaceReference, primary: Set<String>?
  ) -> [PlacedFinding] {
    var findings: [PlacedFinding] = []
    for index in candidates where index < views.count {
      let own = index < traits.count ? traits[index] : []
      guard !own.contains(.layoutGuide), let solved = views[index], solved.name != LayoutModel.rootName else {
        continue
      }
      // A view declared with a frame: where it is drawn in the primary place.
      if let ambiguous = primary, own.contains(.frame), let node = model.views[solved.name], let declared = node.frame,
        !ambiguous.contains(solved.name), !matches(declared, solved.frame, tolerance: model.misplacedTolerance)
      {
        findings.append(misplaced(node, declared: declared, solved: solved.frame, place: place, model: model))
      }
      // A hidden view is not drawn: where it reaches does not show.
      if own.contains(.hidden) { continue }
      let parentIndex = index < superviews.count ? superviews[index] : -1
      guard parentIndex >= 0, parentIndex < views.count, let parent = views[parentIndex] else { continue }
      if let finding = offscreen(solved, parent: parent, place: place, model: model) {
        findings.append(finding)
      }
    }
    return findings
  }

  private static func matches(_ a: Rect, _ b: Rect, tolerance: Double) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance && abs(a.width - b.width) <= tolerance
      && abs(a.height - b.height) <= tolerance
  }

  private static func misplaced(
    _ node: ViewNode, declared: Rect, solved: Rect, place: PlaceReference, model: LayoutModel
  ) -> PlacedFinding {
    let finding = Misplacement(
      view: node.name, declared: declared, solved: solved, canvas: place.place.canvas.name,
      traits: place.place.canvas.traits)
    var fixes: [Fix] = []
    if let range = node.propertyRanges["frame"] {
      fixes.append(
        Fix(
          title: "Update the frame of '\(node.name)' to \(solved)",
          edits: [TextEdit(range: range, newText: "frame \(solved)")], isPreferred: true))
    }
    return PlacedFinding(
      key: node.name,
      diagnostic: Diagnostic(
        code: .misplaced, severity: .warning, finding: .misplaced(finding),
        range: node.propertyRanges["frame"] ?? Describe.range(of: node.name, in: model), fixes: fixes),
      place: place)
  }

  /// How far past its superview's bounds an alignment rectangle may reach unreported.
  static let tolerance = 0.5

  /// Whether an alignment rectangle reaches outside the bounds of a superview of this frame
  /// by more than `tolerance`: what `offscreen` reports.
  static func overhangs(_ rect: Rect, superviewFrame: Rect) -> Bool {
    !overhangingEdges(rect, superviewFrame: superviewFrame).isEmpty
  }

  /// The edges of a superview of this frame that an alignment rectangle reaches past by more
  /// than `tolerance`, and how far: one test for the views to check and for what they report.
  static func overhangingEdges(_ rect: Rect, superviewFrame: Rect) -> [EdgeOverhang] {
    let (width, height) = (superviewFrame.width, superviewFrame.height)
    var edges: [EdgeOverhang] = []
    if rect.x < -tolerance { edges.append(EdgeOverhang(.left, by: -rect.x)) }
    if rect.x + rect.width > width + tolerance { edges.append(EdgeOverhang(.right, by: rect.x + rect.width - width)) }
    if rect.y < -tolerance { edges.append(EdgeOverhang(.top, by: -rect.y)) }
    if rect.y + rect.height > height + tolerance { edges.append(EdgeOverhang(.bottom, by: rect.y + rect.height - height)) }
    return edges
  }

  /// A view whose alignment rectangle reaches outside its superview's bounds (its whole
  /// frame, alignment insets included) by more than half a point. The view's own frame may
  /// legitimately overhang (a shadow, with alignment insets).
  private static func offscreen(_ solved: SolvedView, parent: SolvedView, place: PlaceReference, model: LayoutModel)
    -> PlacedFinding?
  {
    let superview = parent.name
    let bounds = Rect(x: 0, y: 0, width: parent.frame.width, height: parent.frame.height)
    let rect = solved.alignment
    let edges = overhangingEdges(rect, superviewFrame: parent.frame)
    guard !edges.isEmpty else { return nil }
    let outside =
      rect.x >= bounds.width || rect.x + rect.width <= 0 || rect.y >= bounds.height || rect.y + rect.height <= 0
    let overhang = Overhang(
      view: solved.name, superview: superview, frame: solved.frame, bounds: bounds, edges: edges,
      isEntirelyOutside: outside)
    return PlacedFinding(
      key: solved.name,
      diagnostic: Diagnostic(
        code: .offscreen, severity: .warning, finding: .offscreen(overhang),
        range: Describe.range(of: solved.name, in: model)),
      place: place)
  }

  /// Transformed views: Auto Layout lays out the untransformed geometry. Text-level, so
  /// reported once, not per place.
  static func transformed(_ document: LayoutDocument) -> [Diagnostic] {
    let model = document.model
    // Most files transform nothing: a pass over the views' values, without a lookup by name.
    guard model.views.values.contains(where: { $0.transform != nil }) else { return [] }
    var result: [Diagnostic] = []
    for name in model.viewOrder {
      guard let node = model.views[name], let transform = node.transform else { continue }
      result.append(
        Diagnostic(
          code: .transformed, severity: .info, finding: .transformed(view: name, transform),
          range: node.propertyRanges["transform"] ?? Describe.range(of: name, in: model)))
    }
    return result
  }
}
