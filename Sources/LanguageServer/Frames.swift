import EditorFeatures
import JSONRPC
import LayoutAnalysis

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
    case .frames(let frames)?:
      return FramesJSON.encode(frames, file: uri, documentVersion: snapshot.version)
    }
  }
}
