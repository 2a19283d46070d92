/// Diagnostic: unsatisfied
///
/// Optional constraints the solution does not satisfy, by how much, and why: constraints of
/// higher priority leave them no better solution, or they lose a tie with constraints of
/// their own priority (`PlaceSolver.tieLoss`), which the finding names. Content-size
/// constraints are left out: a label stretched past its intrinsic width is the normal case.
import LayoutSyntax

enum UnsatisfiedCheck {
  static func findings(
    _ solver: PlaceSolver, document: LayoutDocument, hasWrittenOptionals: Bool, context: CheckContext
  ) -> [PlacedFinding] {
    // Asking the solver costs a pass over every optional constraint; a layout whose only
    // optional constraints are content sizes has nothing to report.
    guard hasWrittenOptionals else { return [] }
    return solver.unsatisfiedEntries().compactMap { entry -> PlacedFinding? in
      let constraint = entry.constraint
      guard constraint.origin == .explicit || constraint.origin == .vfl, entry.error > 0.01 else { return nil }
      let key = Describe.key(constraint)
      // Merging keeps the first place's finding: only its cause is worked out.
      var cause = UnsatisfiedCause.higherPriority
      if context.isFirst(.unsatisfied, key: key),
        let loss = solver.tieLoss(ofEntry: entry.entry, error: entry.error)
      {
        cause = .tie(
          priority: constraint.priority,
          winners: loss.winners.map { ConflictCheck.member(of: $0, place: solver.place, document: document) },
          forced: loss.forced)
      }
      return PlacedFinding(
        key: key,
        diagnostic: Diagnostic(
          code: .unsatisfied, severity: .info,
          finding: .unsatisfied(Describe.quote(constraint, in: document), missedBy: entry.error, cause: cause),
          range: constraint.range),
        place: solver.place)
    }
  }
}
