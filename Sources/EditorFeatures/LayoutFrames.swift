import LayoutAnalysis
import LayoutSyntax

// What a solved layout gives: every view's frame in every place. `plumb frames` (text and
// JSON), `plumb/frames`, hovers and inlay hints all read these values; the text is written by
// `LayoutFrames.text` and `Rect.description` (LayoutSyntax, which messages use too) only, the
// JSON by the language server's `FramesJSON`.

extension AttributeAxis {
  /// How output names the axis: `horizontal`, `vertical`.
  var outputName: String { self == .horizontal ? "horizontal" : "vertical" }
}

extension AmbiguityFinding {
  /// The values the open parts of the frame can take, by the name of the frame's field
  /// (`x`, `width` or `y`, `height`), where the solver found them.
  public var ranges: [(field: String, range: FrameRange)] {
    let horizontal = axis == .horizontal
    return [
      position ? positionRange.map { (horizontal ? "x" : "y", $0) } : nil,
      size ? sizeRange.map { (horizontal ? "width" : "height", $0) } : nil,
    ].compactMap { $0 }
  }

  /// `ranges` as hovers and `plumb frames` write them: `x from 16 to 371, width from 0 up`;
  /// nil when the solver found none.
  public var rangesText: String? {
    let parts = ranges.map { "\($0.field) \($0.range.text)" }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }
}

/// A view's solved geometry in one place.
public struct ViewFrame: Sendable, Hashable {
  public var name: String
  /// Nil for the root view.
  public var superview: String?
  /// The frame, relative to the superview.
  public var frame: Rect
  /// The alignment rectangle, in the same space (the frame unless the view has insets).
  public var alignment: Rect
  /// How the frame is not determined, one finding per axis (none when it is determined): the
  /// frame shown is then one of the possible ones.
  public var ambiguities: [AmbiguityFinding]
  /// The view's subviews, in order: the tree the text output draws.
  public var subviews: [String]
  /// Whether this is a layout guide (declared, a readable content guide, or a stack view's),
  /// which has a frame but is never drawn.
  public var isLayoutGuide: Bool

  /// The axes on which the frame is not determined, as output names them: `horizontal`, `vertical`.
  public var ambiguousAxisNames: [String] { ambiguities.map(\.axis.outputName) }

  /// The values the open parts of the frame can take, horizontal first (see
  /// `AmbiguityFinding.ranges`).
  public var ambiguousRanges: [(field: String, range: FrameRange)] { ambiguities.flatMap(\.ranges) }

  /// Whether every value of the frame and the alignment rectangle is finite: not when the
  /// layout's numbers overflow (its `inaccurate` finding says so).
  public var isFinite: Bool {
    [frame.x, frame.y, frame.width, frame.height, alignment.x, alignment.y, alignment.width, alignment.height]
      .allSatisfy(\.isFinite)
  }

  /// The view `name` as `solver` has solved it; nil for a view the solver does not know.
  init?(_ name: String, solver: PlaceSolver, model: LayoutModel, ambiguities: [AmbiguityFinding]) {
    guard let view = solver.solvedView(name) else { return nil }
    self.init(view, model: model, ambiguities: ambiguities)
  }

  /// A solved view of `model`.
  init(_ view: SolvedView, model: LayoutModel, ambiguities: [AmbiguityFinding]) {
    let name = view.name
    self.name = name
    superview = view.superview
    frame = view.frame
    alignment = view.alignment
    self.ambiguities = ambiguities
    subviews = model.views[name]?.subviews ?? []
    isLayoutGuide = model.views[name]?.isLayoutGuide ?? false
  }
}

/// Every view's frame in one place (a canvas in a writing direction).
public struct PlaceFrames: Sendable {
  public var place: LayoutPlace
  /// In declaration order, the root (`root`) first.
  public var views: [ViewFrame]

  /// The frames of every view `solver` has solved, with the ambiguities it found.
  init(solver: PlaceSolver, model: LayoutModel, ambiguities: [AmbiguityFinding]) {
    place = solver.place
    let byView = Dictionary(grouping: ambiguities, by: \.view)
    views = model.viewOrder.compactMap { name in
      ViewFrame(name, solver: solver, model: model, ambiguities: byView[name] ?? [])
    }
  }

  /// The place's header in the text output: `phone (375 × 667, wC hR), left-to-right`.
  var heading: String {
    let canvas = place.canvas
    return "\(canvas.name) (\(formatNumber(canvas.width)) × \(formatNumber(canvas.height)), \(canvas.traits)), \(place.direction.phrase)"
  }
}

/// The frames of a solved layout (or of several, for an Interface Builder file's units): one
/// `PlaceFrames` per canvas and direction, canvases in file order, left-to-right first.
public struct LayoutFrames: Sendable {
  public var places: [PlaceFrames]

  public init(places: [PlaceFrames]) {
    self.places = places
  }

  /// The places of `layouts` that are in `canvas` and `direction` (every one for nil).
  public init(_ layouts: [SolvedLayout], canvas: String? = nil, direction: LayoutDirection? = nil) {
    places = layouts.flatMap { layout in
      layout.places.filter { solver in
        (canvas == nil || solver.place.canvas.name == canvas) && (direction == nil || solver.place.direction == direction)
      }.map { PlaceFrames(solver: $0, model: layout.document.model, ambiguities: $0.ambiguities()) }
    }
  }

  /// The text of `plumb frames`: each place's heading, then its view tree, one view per line,
  /// indented by depth, as UIKit describes frames, a layout guide's name followed by
  /// `(guide)`; a blank line between places.
  ///
  /// ```
  /// small (320 × 320), left-to-right
  /// root: frame = (0 0; 320 320)
  ///   Place: frame = (47 47; 226 226), alignment = (49 49; 222 222)  AMBIGUOUS horizontal (x from 0 to 94)
  /// ```
  ///
  /// A value that is not finite is written `inf`, `-inf` or `nan`, and its view's line ends
  /// with `NOT FINITE`.
  public var text: String {
    var output = ""
    for (index, place) in places.enumerated() {
      if index > 0 { output += "\n" }
      output += place.heading + "\n"
      let byName = Dictionary(place.views.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
      // Depth first from the root, children in order; a view that was not solved is left
      // out with its subviews. Each view is written once, whatever the model says.
      var pending: [(name: String, depth: Int)] = [(LayoutModel.rootName, 0)]
      var written = Set<String>()
      while let (name, depth) = pending.popLast() {
        guard let view = byName[name], written.insert(name).inserted else { continue }
        let mark = view.isLayoutGuide ? " (guide)" : ""
        var line = String(repeating: "  ", count: depth) + "\(name)\(mark): frame = \(view.frame.description)"
        if view.alignment != view.frame { line += ", alignment = \(view.alignment.description)" }
        if !view.ambiguities.isEmpty {
          let axes = view.ambiguities.map { finding in
            finding.axis.outputName + (finding.rangesText.map { " (\($0))" } ?? "")
          }
          line += "  AMBIGUOUS \(axes.joined(separator: ", "))"
        }
        if !view.isFinite { line += "  NOT FINITE (the layout's numbers overflow)" }
        output += line + "\n"
        pending += view.subviews.reversed().map { ($0, depth + 1) }
      }
    }
    return output
  }
}
