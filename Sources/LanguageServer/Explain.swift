import ConstraintLog
import JSONRPC

extension Server {
  /// `plumb/explain`: UIKit's "Unable to simultaneously satisfy constraints" console output,
  /// explained; the result has the shape of `plumb explain --format json`. The text is the
  /// client's (a selection or the clipboard), not a document's.
  func explain(_ params: Params) throws -> JSONValue {
    let text = try params.required("text").string()
    return ExplainJSON.encode(Explainer.explain(Array(text.utf8)))
  }
}
