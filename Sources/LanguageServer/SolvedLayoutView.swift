import LayoutAnalysis
import LayoutSyntax

/// Solves a document's layout version after version, keeping one solver per canvas and
/// direction alive between versions, so an edit only adds and removes the constraints it
/// changed (`LiveLayout`).
final class LayoutSolving {
  private let live = LiveLayout()

  func update(_ document: LayoutDocument) -> SolvedLayoutView? {
    SolvedLayoutView(live.update(document))
  }

  var needsSettling: Bool { live.needsSettling }

  /// The layout solved again where its solution was not unique (see `LiveLayout.settle`).
  func settle() -> SolvedLayoutView? {
    live.settle().map(SolvedLayoutView.init)
  }
}

/// A view's geometry in one place.
struct SolvedFrame {
  var name: String
  var superview: String?
  var frame: Rect
  var alignment: Rect
  /// `horizontal`, `vertical`: the axes on which the frame is not determined.
  var ambiguousAxes: [String]
}

/// One canvas × direction a layout is solved in.
struct SolvedPlace {
  var canvas: Canvas
  var direction: String

  var description: String {
    "\(canvas.name), \(direction == "rtl" ? "right-to-left" : "left-to-right")"
  }
}

/// What the server reads of a solved layout: frames, ambiguities and the state of each
/// constraint, per place. Ambiguities are computed once per place, when first asked for.
///
/// The solvers belong to the document's `LiveLayout` and move on with the next version, so
/// a view is read only while its snapshot is the document's current one (handlers run on
/// the analysis thread, between edits).
final class SolvedLayoutView {
  let layout: SolvedLayout
  private var ambiguityCache: [Int: [AmbiguityFinding]] = [:]

  init(_ layout: SolvedLayout) {
    self.layout = layout
  }

  var diagnostics: [Diagnostic] { layout.diagnostics }

  var places: [SolvedPlace] {
    layout.places.map { SolvedPlace(canvas: $0.place.canvas, direction: $0.place.direction.rawValue) }
  }

  private func ambiguities(inPlace index: Int) -> [AmbiguityFinding] {
    if let cached = ambiguityCache[index] { return cached }
    guard index >= 0, index < layout.places.count else { return [] }
    let found = layout.places[index].ambiguities()
    ambiguityCache[index] = found
    return found
  }

  /// Every view's frame in a place, in declaration order, the root first.
  func frames(inPlace index: Int) -> [SolvedFrame] {
    guard index >= 0, index < layout.places.count else { return [] }
    let solver = layout.places[index]
    let ambiguities = ambiguities(inPlace: index)
    return layout.document.model.viewOrder.compactMap { name in
      guard let view = solver.solvedView(name) else { return nil }
      let axes = ambiguities.filter { $0.view == name }.map { $0.axis == .horizontal ? "horizontal" : "vertical" }
      return SolvedFrame(
        name: name, superview: view.superview, frame: view.frame, alignment: view.alignment, ambiguousAxes: axes)
    }
  }

  /// Lines describing a view's geometry in every place: its frame, its alignment rectangle
  /// when it differs, and how it is ambiguous.
  func viewDescription(_ name: String) -> [String] {
    // Places where the view looks the same share a line.
    var order: [String] = []
    var placesByText: [String: [String]] = [:]
    for (index, solver) in layout.places.enumerated() {
      guard let view = solver.solvedView(name) else { continue }
      var text = "frame `\(Self.describe(view.frame))`"
      if view.alignment != view.frame { text += ", alignment rectangle `\(Self.describe(view.alignment))`" }
      for finding in ambiguities(inPlace: index) where finding.view == name {
        let what = [finding.position ? "position" : nil, finding.size ? "size" : nil].compactMap { $0 }
        text += "; **ambiguous** \(finding.axis == .horizontal ? "horizontal" : "vertical") \(what.joined(separator: " and "))"
        text += ", could also be `\(Self.describe(finding.alternative))`"
        if let range = finding.sizeRange {
          text += " (size from \(range.min.map(formatNumber) ?? "-∞") to \(range.max.map(formatNumber) ?? "∞"))"
        }
      }
      if placesByText[text] == nil { order.append(text) }
      placesByText[text, default: []].append(places[index].description)
    }
    if layout.places.isEmpty { return ["not solved: the file has errors"] }
    return order.map { text in
      let where_ = placesByText[text] ?? []
      let label = where_.count == layout.places.count && order.count == 1 ? "in every layout" : where_.joined(separator: "; ")
      return "- \(label): \(text)"
    }
  }

  /// Lines saying whether a constraint holds in each place: satisfied, broken to resolve a
  /// conflict, or (optional constraints) missed by how much.
  func constraintStatus(_ constraint: LayoutConstraint) -> [String] {
    guard !layout.places.isEmpty else { return [] }
    var unsatisfiedIn: [(String, Double)] = []
    var brokenIn: [String] = []
    for (index, solver) in layout.places.enumerated() {
      let place = places[index].description
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

  static func describe(_ rect: Rect) -> String {
    "(\(formatNumber(rect.x)) \(formatNumber(rect.y)); \(formatNumber(rect.width)) \(formatNumber(rect.height)))"
  }
}
