import LayoutSyntax

extension CodeAction {
  /// The fixes of the findings whose range touches `range` (an empty range touches what it is
  /// in or next to), each with its finding, when the client wants quick fixes.
  static func quickFixes(of diagnostics: [Diagnostic], in range: SourceRange, only: [String]?) -> [CodeAction] {
    guard CodeActionKind.quickFix.isWanted(by: only) else { return [] }
    var actions: [CodeAction] = []
    for diagnostic in diagnostics where diagnostic.range.start <= range.end && range.start <= diagnostic.range.end {
      for fix in diagnostic.fixes where !fix.edits.isEmpty {
        actions.append(
          CodeAction(
            title: fix.title, kind: .quickFix, edits: fix.edits, diagnostics: [diagnostic], isPreferred: fix.isPreferred))
      }
    }
    return actions
  }
}
