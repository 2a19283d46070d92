import JSONRPC
import LayoutAnalysis
import LayoutSyntax

extension Server {
  /// The place inlay hints show: the settings' canvas and direction, else the first.
  func primaryPlace(of layout: SolvedLayoutView) -> Int? {
    let places = layout.places
    let matching = places.indices.first { index in
      (settings.primaryCanvas == nil || places[index].canvas.name == settings.primaryCanvas)
        && (settings.primaryDirection == nil || places[index].direction == settings.primaryDirection)
    }
    return matching ?? (places.isEmpty ? nil : 0)
  }

  /// `textDocument/inlayHint`: each view's solved frame after its declaration, in the
  /// primary canvas and direction, and a mark on ambiguous views.
  func inlayHints(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params) else { return .null }
    let requested = try params.required("range").range()
    let start = snapshot.lines.offset(of: requested.start, encoding: encoding)
    let end = snapshot.lines.offset(of: requested.end, encoding: encoding)
    guard let layout = snapshot.layout, let place = primaryPlace(of: layout),
      settings.showFrameHints || settings.showAmbiguityHints
    else { return [] }
    let frames = Dictionary(layout.frames(inPlace: place).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var hints: [JSONValue] = []
    // After the name and properties of a declaration (or a .vfl view's first use).
    var anchors: [(name: String, offset: Int)] = []
    SyntaxWalker.walk(snapshot.syntax) { node in
      if case .view(let view, _) = node {
        anchors.append((view.name.name, view.properties.last?.range.end ?? view.name.range.end))
      }
    }
    if snapshot.model.kind == .vfl {
      for name in snapshot.model.viewOrder {
        if let range = snapshot.model.views[name]?.declarationRange { anchors.append((name, range.end)) }
      }
    }
    for anchor in anchors where anchor.offset >= start && anchor.offset <= end {
      guard let solved = frames[anchor.name] else { continue }
      var label = ""
      if settings.showFrameHints { label = describe(solved.frame) }
      if settings.showAmbiguityHints, !solved.ambiguousAxes.isEmpty {
        label += (label.isEmpty ? "" : " ") + "ambiguous " + solved.ambiguousAxes.joined(separator: ", ")
      }
      guard !label.isEmpty else { continue }
      hints.append(
        .object([
          ("position", position(anchor.offset, in: snapshot)), ("label", .string(label)), ("paddingLeft", true),
          (
            "tooltip",
            .string("The frame relative to the superview in \(layout.places[place].description)")
          ),
        ]))
    }
    return .array(hints)
  }

  /// `plumb/frames`: the frames of every view in every canvas and direction, in the shape of
  /// `plumb frames --format json`. `canvas` and `direction` narrow the list.
  func frames(_ params: Params) throws -> JSONValue {
    let uri = try params.documentURI()
    guard let snapshot = try snapshot(params) else {
      throw ResponseError.invalidParams("'\(uri)' is not open")
    }
    let canvas = try params.optional("canvas")?.string()
    let direction = try params.optional("direction")?.string()
    if let direction, direction != "ltr", direction != "rtl" {
      throw ResponseError.invalidParams("'direction' must be \"ltr\" or \"rtl\"")
    }
    if let canvas, !snapshot.model.effectiveCanvases.contains(where: { $0.name == canvas }) {
      throw ResponseError.invalidParams("the document has no canvas '\(canvas)'")
    }
    return framesResult(
      uri: uri, snapshot: snapshot, layouts: snapshot.layout.map { [$0] } ?? [], canvas: canvas, direction: direction)
  }

  /// The result of `plumb/frames`: one layout per place of each solved layout, narrowed to a
  /// canvas and direction.
  func framesResult(
    uri: String, snapshot: AnalysisSnapshot, layouts solved: [SolvedLayoutView], canvas: String?, direction: String?
  ) -> JSONValue {
    var layouts: [JSONValue] = []
    for layout in solved {
      for (index, place) in layout.places.enumerated() {
        guard canvas == nil || place.canvas.name == canvas, direction == nil || place.direction == direction else {
          continue
        }
        let views: [JSONValue] = layout.frames(inPlace: index).map { solved in
          .object([
            ("name", .string(solved.name)), ("superview", .string(solved.superview)),
            ("frame", json(solved.frame)), ("alignment", json(solved.alignment)),
            ("ambiguous", .array(solved.ambiguousAxes.map { .string($0) })),
          ])
        }
        layouts.append(
          .object([
            ("canvas", .string(place.canvas.name)), ("width", .number(place.canvas.width)),
            ("height", .number(place.canvas.height)), ("direction", .string(place.direction)),
            ("views", .array(views)),
          ]))
      }
    }
    return .object([
      ("version", 1), ("file", .string(uri)), ("documentVersion", .int(snapshot.version)),
      ("layouts", .array(layouts)),
    ])
  }

  private func json(_ rect: Rect) -> JSONValue {
    func rounded(_ value: Double) -> JSONValue {
      let result = (value * 1_000_000).rounded() / 1_000_000
      return .number(result == 0 ? 0 : result)
    }
    return .object([
      ("x", rounded(rect.x)), ("y", rounded(rect.y)), ("width", rounded(rect.width)), ("height", rounded(rect.height)),
    ])
  }

  /// A frame as UIKit describes it: `(x y; w h)`.
  func describe(_ rect: Rect) -> String {
    "(\(formatNumber(rect.x)) \(formatNumber(rect.y)); \(formatNumber(rect.width)) \(formatNumber(rect.height)))"
  }
}
