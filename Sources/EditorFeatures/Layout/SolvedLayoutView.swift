import LayoutAnalysis
import LayoutSyntax

/// What the editor features read of a solved layout: frames, ambiguities and the state of each
/// constraint, per place. Ambiguities are computed once per place, when first asked for.
///
/// The solvers belong to the document's `LiveLayout` and move on with the next version, so
/// a view is read only while its snapshot is the document's current one (queries run on
/// the analysis thread, between edits).
public final class SolvedLayoutView {
  public let layout: SolvedLayout
  private var ambiguityCache: [Int: [AmbiguityFinding]] = [:]
  private var framesCache: [Int: PlaceFrames] = [:]

  init(_ layout: SolvedLayout) {
    self.layout = layout
  }

  var diagnostics: [Diagnostic] { layout.diagnostics }

  /// The places the layout is solved in: every canvas × direction, in order.
  var places: [LayoutPlace] { layout.placeList }

  /// The place inlay hints show: the preferred canvas and direction, else the first.
  func primaryPlace(_ preferences: FramePreferences) -> Int? {
    let places = layout.placeList
    let matching = places.indices.first { index in
      (preferences.primaryCanvas == nil || places[index].canvas.name == preferences.primaryCanvas)
        && (preferences.primaryDirection == nil || places[index].direction == preferences.primaryDirection)
    }
    return matching ?? (places.isEmpty ? nil : 0)
  }

  private func ambiguities(inPlace index: Int) -> [AmbiguityFinding] {
    if let cached = ambiguityCache[index] { return cached }
    guard index >= 0, index < layout.placeList.count else { return [] }
    let found = layout.solver(at: index).ambiguities()
    ambiguityCache[index] = found
    return found
  }

  /// Every view's frame in a place, in declaration order, the root first; computed once per
  /// place, when first asked for.
  func frames(inPlace index: Int) -> PlaceFrames? {
    if let cached = framesCache[index] { return cached }
    guard index >= 0, index < layout.placeList.count else { return nil }
    let built = PlaceFrames(
      solver: layout.solver(at: index), model: layout.document.model, ambiguities: ambiguities(inPlace: index))
    framesCache[index] = built
    return built
  }

  /// One view's frame in a place (without reading every other view's). In a place held
  /// without a solver, a view its twin finds determined is read from the twin mirrored (no
  /// ambiguity); any other is read of the place, solved then.
  func frame(of name: String, inPlace index: Int) -> ViewFrame? {
    if let cached = framesCache[index] { return cached.views.first { $0.name == name } }
    guard index >= 0, index < layout.placeList.count else { return nil }
    if let view = layout.mirroredView(name, at: index) {
      return ViewFrame(view, model: layout.document.model, ambiguities: [])
    }
    return ViewFrame(
      name, solver: layout.solver(at: index), model: layout.document.model,
      ambiguities: ambiguities(inPlace: index).filter { $0.view == name })
  }

  /// Every place's frames, narrowed to a canvas and a direction.
  func placeFrames(canvas: String?, direction: LayoutDirection?) -> [PlaceFrames] {
    let places = layout.placeList
    return places.indices.compactMap { index in
      let place = places[index]
      guard canvas == nil || place.canvas.name == canvas, direction == nil || place.direction == direction else {
        return nil
      }
      return frames(inPlace: index)
    }
  }

  /// Lines describing a view's geometry in every place: its frame, its alignment rectangle
  /// when it differs, and how it is ambiguous.
  func viewDescription(_ name: String) -> [String] {
    // Places where the view looks the same share a line.
    var order: [String] = []
    var placesByText: [String: [String]] = [:]
    for (index, place) in layout.placeList.enumerated() {
      guard let view = frame(of: name, inPlace: index) else { continue }
      var text = "frame `\(view.frame.description)`"
      if view.alignment != view.frame { text += ", alignment rectangle `\(view.alignment.description)`" }
      for finding in view.ambiguities {
        let what = [finding.position ? "position" : nil, finding.size ? "size" : nil].compactMap { $0 }
        text += "; **ambiguous** \(finding.axis.outputName) \(what.joined(separator: " and "))"
        if let ranges = finding.rangesText { text += " (\(ranges))" }
        text += ", could also be `\(finding.alternative.description)`"
      }
      if placesByText[text] == nil { order.append(text) }
      placesByText[text, default: []].append(place.description)
    }
    if layout.placeList.isEmpty { return ["not solved: the file has errors"] }
    return order.map { text in
      let where_ = placesByText[text] ?? []
      let label = where_.count == layout.placeList.count && order.count == 1 ? "in every layout" : where_.joined(separator: "; ")
      return "- \(label): \(text)"
    }
  }

  /// Lines saying whether a constraint holds in each place: satisfied, broken to resolve a
  /// conflict, or (optional constraints) missed by how much.
  func constraintStatus(_ constraint: LayoutConstraint) -> [String] {
    guard !layout.placeList.isEmpty else { return [] }
    var unsatisfiedIn: [(String, Double)] = []
    var brokenIn: [String] = []
    for index in layout.placeList.indices {
      // A place held without a solver breaks and misses what its twin does.
      let solver = layout.mirroredTwin(at: index) ?? layout.solver(at: index)
      let place = layout.placeList[index].description
      if solver.brokenConstraints.contains(where: { Self.same($0, constraint) }) {
        brokenIn.append(place)
      } else if let missed = solver.unsatisfied().first(where: { Self.same($0.constraint, constraint) }) {
        unsatisfiedIn.append((place, missed.error))
      }
    }
    if brokenIn.isEmpty && unsatisfiedIn.isEmpty {
      return ["satisfied in every layout (\(places.map(\.description).joined(separator: "; ")))"]
    }
    var lines: [String] = []
    for place in brokenIn { lines.append("- **broken** in \(place): it conflicts with required constraints") }
    for (place, error) in unsatisfiedIn { lines.append("- **not satisfied** in \(place): off by \(formatNumber(error))") }
    return lines
  }

  private static func same(_ a: LayoutConstraint, _ b: LayoutConstraint) -> Bool {
    a.range == b.range && a.first == b.first && a.second == b.second && a.relation == b.relation && a.origin == b.origin
  }
}
