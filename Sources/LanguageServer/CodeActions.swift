import JSONRPC
import LayoutAnalysis
import LayoutSyntax

extension Server {
  /// `textDocument/codeAction`: the quick fixes of the findings in the range, and the source
  /// action that rewrites every left/right as leading/trailing.
  func codeActions(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params) else { return .null }
    let requested = try params.required("range").range()
    let start = snapshot.lines.offset(of: requested.start, encoding: encoding)
    let end = snapshot.lines.offset(of: requested.end, encoding: encoding)
    let only = try params.optional("context")?.optional("only")?.array().map { try $0.string() }
    func wanted(_ kind: String) -> Bool {
      guard let only else { return true }
      return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
    }
    var actions: [JSONValue] = []
    if wanted("quickfix") {
      for diagnostic in snapshot.diagnostics where overlaps(diagnostic.range, start, end) {
        for fix in diagnostic.fixes where !fix.edits.isEmpty {
          actions.append(
            object([
              ("title", .string(fix.title)),
              ("kind", "quickfix"),
              ("diagnostics", [lspDiagnostic(diagnostic, in: snapshot)]),
              ("isPreferred", fix.isPreferred ? JSONValue.bool(true) : Optional.none),
              ("edit", workspaceEdit(fix.edits, in: snapshot)),
            ]))
        }
      }
    }
    if wanted(convertToLeadingTrailingKind) {
      let edits = leadingTrailingEdits(snapshot)
      if !edits.isEmpty {
        actions.append(
          .object([
            ("title", "Convert left/right to leading/trailing"),
            ("kind", .string(convertToLeadingTrailingKind)),
            ("edit", workspaceEdit(edits, in: snapshot)),
          ]))
      }
    }
    return .array(actions)
  }

  /// Whether a finding's range touches the requested range (an empty range touches what it is in or next to).
  private func overlaps(_ range: SourceRange, _ start: Int, _ end: Int) -> Bool {
    range.start <= end && start <= range.end
  }

  /// Edits of one document as a `WorkspaceEdit`: versioned `documentChanges` when the client
  /// takes them, else `changes`.
  func workspaceEdit(_ edits: [TextEdit], in snapshot: AnalysisSnapshot) -> JSONValue {
    let textEdits: [JSONValue] = edits.sorted { $0.range < $1.range }.map { edit in
      .object([("range", range(edit.range, in: snapshot)), ("newText", .string(edit.newText))])
    }
    if client.documentChanges {
      return .object([
        (
          "documentChanges",
          [
            .object([
              (
                "textDocument",
                .object([("uri", .string(snapshot.uri)), ("version", .int(snapshot.version))])
              ),
              ("edits", .array(textEdits)),
            ])
          ]
        )
      ])
    }
    return .object([("changes", .object([(snapshot.uri, .array(textEdits))]))])
  }

  /// Rewrites every absolute horizontal attribute and option as its directional twin:
  /// `left` as `leading`, `rightMargin` as `trailingMargin`, `alignAllLeft` as
  /// `alignAllLeading`, `directionLeftToRight` as `directionLeadingToTrailing`.
  ///
  /// `directionRightToLeft` is left alone: it puts the first view on the right in every
  /// layout, which no directional option says.
  func leadingTrailingEdits(_ snapshot: AnalysisSnapshot) -> [TextEdit] {
    var edits: [TextEdit] = []
    let replacements: [LayoutAttribute: String] = [
      .left: "leading", .right: "trailing", .leftMargin: "leadingMargin", .rightMargin: "trailingMargin",
    ]
    SyntaxWalker.walk(snapshot.syntax) { node in
      switch node {
      case .attribute(let reference, _):
        if let name = replacements[reference.attribute] {
          edits.append(TextEdit(range: reference.attributeName.range, newText: name))
        }
      case .option(let option):
        // The option's text may carry a prefix (`.`, `NSLayoutFormat`): rewrite its end only.
        let rewrites: [(name: String, suffix: String, replacement: String)] = [
          ("alignAllLeft", "Left", "Leading"), ("alignAllRight", "Right", "Trailing"),
          ("directionLeftToRight", "LeftToRight", "LeadingToTrailing"),
        ]
        let text = snapshot.document.text(of: option.range)
        if let rewrite = rewrites.first(where: { $0.name == option.name }), text.hasSuffix(rewrite.suffix) {
          let suffixStart = option.range.end - rewrite.suffix.utf8.count
          edits.append(TextEdit(range: SourceRange(start: suffixStart, end: option.range.end), newText: rewrite.replacement))
        }
      default:
        break
      }
    }
    return edits
  }
}
