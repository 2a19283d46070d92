import EditorFeatures
import JSONRPC
import LayoutAnalysis

extension Server {
  /// `plumb/render`: the picture of the solved layout as SVG (`{svg}`), as `plumb render`
  /// draws it, with the findings the server reports. `canvas` and `direction` narrow it to one
  /// panel (without `canvas`, `position` picks the canvas the text there belongs to, when it
  /// belongs to one); `constraints: true` draws the constraints.
  func render(_ params: Params) throws -> JSONValue {
    let uri = try params.documentURI()
    guard let snapshot = try snapshot(params) else {
      throw ResponseError.invalidParams("'\(uri)' is not open")
    }
    var canvas = try params.optional("canvas")?.string()
    // Without a canvas, the one the text at `position` belongs to, if any (a preview that
    // follows the cursor).
    if canvas == nil, params.optional("position") != nil {
      canvas = snapshot.editor.canvas(at: try offset(params, in: snapshot))
    }
    var layoutDirection: LayoutDirection?
    if let direction = try params.optional("direction")?.string() {
      guard let parsed = LayoutDirection(rawValue: direction) else {
        throw ResponseError.invalidParams("'direction' must be \"ltr\" or \"rtl\"")
      }
      layoutDirection = parsed
    }
    let constraints = try params.optional("constraints")?.bool() ?? false
    let diagnostics = reported(snapshot.diagnostics, of: snapshot)
    switch snapshot.editor.picture(
      canvas: canvas, direction: layoutDirection, constraints: constraints, diagnostics: diagnostics)
    {
    case nil:
      return .null
    case .unknownCanvas?:
      throw ResponseError.invalidParams("the document has no canvas '\(canvas ?? "")'")
    case .picture(let picture)?:
      let svg = picture.svg(PictureStyle(idPrefix: "plumb", title: uri, standalone: false))
      return .object([("version", .int(snapshot.version)), ("svg", .string(svg))])
    }
  }
}
