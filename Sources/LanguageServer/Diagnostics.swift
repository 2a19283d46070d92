import JSONRPC
import LayoutAnalysis
import LayoutSyntax

extension Server {
  /// A finding as a protocol `Diagnostic`.
  func lspDiagnostic(_ diagnostic: Diagnostic, in snapshot: AnalysisSnapshot) -> JSONValue {
    let severity: Int =
      switch diagnostic.severity {
      case .error: 1
      case .warning: 2
      case .info: 3
      }
    var members: [(String, JSONValue?)] = [
      ("range", range(diagnostic.range, in: snapshot)),
      ("severity", .int(severity)),
      ("code", .string(diagnostic.code.rawValue)),
      ("source", "plumb"),
      ("message", .string(diagnostic.message)),
    ]
    if !diagnostic.related.isEmpty {
      members.append(
        (
          "relatedInformation",
          .array(
            diagnostic.related.map { related in
              .object([("location", location(related.range, in: snapshot)), ("message", .string(related.message))])
            })
        ))
    }
    var where_: [(String, JSONValue?)] = []
    if let canvas = diagnostic.canvas { where_.append(("canvas", .string(canvas))) }
    if let direction = diagnostic.direction { where_.append(("direction", .string(direction))) }
    if !where_.isEmpty { members.append(("data", object(where_))) }
    return object(members)
  }

  /// `textDocument/diagnostic`: the document's findings, or `unchanged` when the client
  /// already has this analysis.
  func pullDiagnostics(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params) else {
      return .object([("kind", "full"), ("items", [])])
    }
    let resultID = "\(snapshot.generation)"
    if params.optional("previousResultId")?.value.stringValue == resultID {
      return .object([("kind", "unchanged"), ("resultId", .string(resultID))])
    }
    return .object([
      ("kind", "full"), ("resultId", .string(resultID)),
      ("items", .array(reported(snapshot.diagnostics, of: snapshot).map { lspDiagnostic($0, in: snapshot) })),
    ])
  }
}
