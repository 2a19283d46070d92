import EditorFeatures
import Foundation
import JSONRPC

extension Server {
  /// `textDocument/hover`: the language's hover, as Markdown or (for a client that does not
  /// take Markdown) as plain text. Null where the language has nothing to say.
  func hover(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params) else { return .null }
    let offset = try self.offset(params, in: snapshot)
    guard let hover = snapshot.editor.hover(at: offset, preferences: framePreferences) else { return .null }
    // The text is written in Markdown; a client that shows plain text gets it without marks.
    let value =
      client.markdownHover
      ? hover.markdown : hover.markdown.replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "`", with: "")
    return .object([
      ("contents", .object([("kind", client.markdownHover ? "markdown" : "plaintext"), ("value", .string(value))])),
      ("range", range(hover.range, in: snapshot)),
    ])
  }

  /// `textDocument/inlayHint`: the hints inside the requested range, in the primary canvas
  /// and direction the settings choose.
  func inlayHints(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params) else { return .null }
    let requested = try byteRange(params, in: snapshot)
    guard let hints = snapshot.editor.inlayHints(in: requested, preferences: framePreferences) else { return .null }
    return .array(
      hints.map { hint in
        .object([
          ("position", position(hint.offset, in: snapshot)), ("label", .string(hint.label)), ("paddingLeft", true),
          ("tooltip", .string(hint.tooltip)),
        ])
      })
  }
}
