import EditorFeatures
import JSONRPC
import LayoutAnalysis
import LayoutSyntax

extension Server {
  /// `plumb/frames`: the frames of every view in every canvas and direction, in the shape of
  /// `plumb frames --format json`. `canvas` and `direction` narrow the list.
  func frames(_ params: Params) throws -> JSONValue {
    let uri = try params.documentURI()
    guard let snapshot = try snapshot(params) else {
      throw ResponseError.invalidParams("'\(uri)' is not open")
    }
    let canvas = try params.optional("canvas")?.string()
    let direction = try params.optional("direction")?.string()
    var layoutDirection: LayoutDirection?
    if let direction {
      guard let parsed = LayoutDirection(rawValue: direction) else {
        throw ResponseError.invalidParams("'direction' must be \"ltr\" or \"rtl\"")
      }
      layoutDirection = parsed
    }
    switch snapshot.editor.frames(canvas: canvas, direction: layoutDirection) {
    case nil:
      return .null
    case .unknownCanvas?:
      throw ResponseError.invalidParams("the document has no canvas '\(canvas ?? "")'")
    case .frames(let places)?:
      let layouts: [JSONValue] = places.map { place in
        let views: [JSONValue] = place.views.map { solved in
          .object([
            ("name", .string(solved.name)), ("superview", .string(solved.superview)),
            ("frame", json(solved.frame)), ("alignment", json(solved.alignment)),
            ("ambiguous", .array(solved.ambiguousAxes.map { .string($0) })),
          ])
        }
        return .object([
          ("canvas", .string(place.place.canvas.name)), ("width", .number(place.place.canvas.width)),
          ("height", .number(place.place.canvas.height)), ("direction", .string(place.place.direction.rawValue)),
          ("views", .array(views)),
        ])
      }
      return .object([
        ("version", 1), ("file", .string(uri)), ("documentVersion", .int(snapshot.version)),
        ("layouts", .array(layouts)),
      ])
    }
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
}
