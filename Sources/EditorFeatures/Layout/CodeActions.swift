import LayoutAnalysis
import LayoutSyntax

extension LayoutSnapshot {
  /// The quick fixes of the findings in the range, and the source action that rewrites every
  /// left/right as leading/trailing.
  public func codeActions(in range: SourceRange, only: [String]?) -> [CodeAction]? {
    var actions = CodeAction.quickFixes(of: diagnostics, in: range, only: only)
    if CodeActionKind.convertToLeadingTrailing.isWanted(by: only) {
      let edits = leadingTrailingEdits()
      if !edits.isEmpty {
        actions.append(
          CodeAction(
            title: "Convert left/right to leading/trailing", kind: .convertToLeadingTrailing, edits: edits,
            diagnostics: [], isPreferred: false))
      }
    }
    return actions
  }

  /// Rewrites every absolute horizontal attribute and option as its directional twin:
  /// `left` as `leading`, `rightMargin` as `trailingMargin`, `alignAllLeft` as
  /// `alignAllLeading`, `directionLeftToRight` as `directionLeadingToTrailing`.
  ///
  /// `directionRightToLeft` is left alone: it puts the first view on the right in every
  /// layout, which no directional option says.
  func leadingTrailingEdits() -> [TextEdit] {
    var edits: [TextEdit] = []
    let replacements: [LayoutAttribute: String] = [
      .left: "leading", .right: "trailing", .leftMargin: "leadingMargin", .rightMargin: "trailingMargin",
    ]
    SyntaxWalker.walk(syntax) { node in
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
        let text = document.text(of: option.range)
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
