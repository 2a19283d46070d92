import EditorFeatures
import JSONRPC
import LayoutSyntax

extension SemanticTokenType {
  /// The type's name in the legend.
  var legendName: String {
    switch self {
    case .keyword: "keyword"
    case .variable: "variable"
    case .property: "property"
    case .number: "number"
    case .operator: "operator"
    case .enumMember: "enumMember"
    case .comment: "comment"
    case .string: "string"
    case .label: "label"
    case .type: "type"
    }
  }
}

extension SemanticTokenModifiers {
  /// The modifiers' names in the legend, in the order of their bits.
  static let legendNames: [String] = ["declaration", "readonly"]
}

extension Server {
  /// `textDocument/semanticTokens/full`.
  func semanticTokens(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params), let tokens = snapshot.editor.semanticTokens(overlapping: nil) else {
      return .null
    }
    return .object([("data", encode(tokens, in: snapshot))])
  }

  /// `textDocument/semanticTokens/range`.
  func semanticTokensRange(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params) else { return .null }
    let requested = try byteRange(params, in: snapshot)
    guard let tokens = snapshot.editor.semanticTokens(overlapping: requested) else { return .null }
    return .object([("data", encode(tokens, in: snapshot))])
  }

  /// The protocol's relative encoding: five integers per token, each position relative to
  /// the previous token's. A token is cut at the end of its line.
  private func encode(_ tokens: [SemanticToken], in snapshot: AnalysisSnapshot) -> JSONValue {
    var data: [JSONValue] = []
    data.reserveCapacity(tokens.count * 5)
    var previousLine = 0
    var previousCharacter = 0
    for token in tokens {
      let start = snapshot.lines.position(of: token.range.start, encoding: encoding)
      let lineEnd = snapshot.lines.contentRange(ofLine: start.line).end
      let end = snapshot.lines.position(of: min(token.range.end, lineEnd), encoding: encoding)
      let length = end.character - start.character
      guard length > 0 else { continue }
      let deltaLine = start.line - previousLine
      let deltaCharacter = deltaLine == 0 ? start.character - previousCharacter : start.character
      data += [
        .int(deltaLine), .int(deltaCharacter), .int(length), .int(token.type.rawValue), .int(token.modifiers.rawValue),
      ]
      previousLine = start.line
      previousCharacter = start.character
    }
    return .array(data)
  }
}
