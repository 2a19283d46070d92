import LayoutSyntax

/// Where the output of each top-level statement of a file is: its constraints are
/// `model.constraints[start..<end.constraints]` and its lowering diagnostics
/// `diagnostics[start..<end.diagnostics]`, each starting where the previous statement's end.
struct LoweringIndex: Sendable {
  struct End: Sendable {
    var constraints: Int
    var diagnostics: Int
  }

  /// What the declarations reported (duplicates, invalid priorities of properties): first
  /// the settings' (`settingsDiagnosticCount` of them), then the views', in file order.
  var declarationDiagnostics: [Diagnostic]
  var settingsDiagnosticCount: Int
  /// One per top-level statement.
  var statementEnds: [End]
  /// What lowering the statements reported, in statement order.
  var diagnostics: [Diagnostic]

  private func start(of statement: Int) -> End {
    statement > 0 && statement - 1 < statementEnds.count ? statementEnds[statement - 1] : End(constraints: 0, diagnostics: 0)
  }

  /// The constraints and the index after the output of `statements` is replaced by a new
  /// lowering of the statements that replaced them (`constraints`, `diagnostics` and `ends`
  /// of a builder that lowered only those); the output of the statements after them moves
  /// with the text.
  func replacing(
    statements: Range<Int>, in oldConstraints: ConstraintList, with constraints: [LayoutConstraint],
    diagnostics newDiagnostics: [Diagnostic], ends: [End], change: TextChange
  ) -> (ConstraintList, LoweringIndex, replaced: Range<Int>) {
    let first = start(of: statements.lowerBound)
    let rest = start(of: statements.upperBound)
    let constraintLimit = min(max(rest.constraints, first.constraints), oldConstraints.count)
    let diagnosticLimit = min(max(rest.diagnostics, first.diagnostics), diagnostics.count)
    // The constraints after the statements start after the change (the statements after
    // the stretch parsed again do), so each moves by the change's delta: their chunks of the
    // list change only their offset.
    let start = min(first.constraints, constraintLimit)
    let merged = oldConstraints.replacing(start..<constraintLimit, with: constraints, shiftingFollowingBy: change.delta)

    var mergedDiagnostics = Array(diagnostics[0..<min(first.diagnostics, diagnostics.count)])
    mergedDiagnostics += newDiagnostics
    for diagnostic in diagnostics[diagnosticLimit...] { mergedDiagnostics.append(diagnostic.moved(by: change)) }

    var mergedEnds = Array(statementEnds[0..<min(statements.lowerBound, statementEnds.count)])
    for end in ends {
      mergedEnds.append(
        End(constraints: first.constraints + end.constraints, diagnostics: first.diagnostics + end.diagnostics))
    }
    let constraintShift = constraints.count - (constraintLimit - first.constraints)
    let diagnosticShift = newDiagnostics.count - (diagnosticLimit - first.diagnostics)
    if statements.upperBound < statementEnds.count {
      for end in statementEnds[statements.upperBound...] {
        mergedEnds.append(
          End(constraints: end.constraints + constraintShift, diagnostics: end.diagnostics + diagnosticShift))
      }
    }
    let index = LoweringIndex(
      declarationDiagnostics: declarationDiagnostics.map { $0.moved(by: change) },
      settingsDiagnosticCount: settingsDiagnosticCount, statementEnds: mergedEnds, diagnostics: mergedDiagnostics)
    return (merged, index, first.constraints..<constraintLimit)
  }
}

extension LoweringIndex {
  /// The declarations' diagnostics with the views' ones inside `ranges` (the declarations an
  /// edit replaced) replaced by `fresh` (what declaring their replacements reported), in file
  /// order as a full build reports them.
  static func replacingViewDiagnostics(
    _ diagnostics: [Diagnostic], settings: Int, within ranges: [SourceRange], with fresh: [Diagnostic]
  ) -> [Diagnostic] {
    let boundary = min(max(settings, 0), diagnostics.count)
    var views = diagnostics[boundary...].filter { diagnostic in
      !ranges.contains { $0.start <= diagnostic.range.start && diagnostic.range.end <= $0.end }
    }
    for diagnostic in fresh {
      let position = views.firstIndex { $0.range.start > diagnostic.range.start } ?? views.count
      views.insert(diagnostic, at: position)
    }
    return Array(diagnostics[0..<boundary]) + views
  }
}
