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
    explained(
      unexplained(solver, hasWrittenOptionals: hasWrittenOptionals), place: solver.placeReference, solver: { solver },
      document: document, context: context)
  }

  /// An optional constraint of the file that the solution misses, before its cause is
  /// worked out: what `explained` needs of the place, so that a place can be let go between
  /// the two (`SolvedLayout`'s `findingsOnly`).
  struct Unexplained {
    var constraint: LayoutConstraint
    var key: String
    var error: Double
    /// Where the constraint is among the place's entries.
    var entry: Int
  }

  /// The constraints a place's solution misses, in order.
  static func unexplained(_ solver: PlaceSolver, hasWrittenOptionals: Bool) -> [Unexplained] {
    // Asking the solver costs a pass over every optional constraint; a layout whose only
    // optional constraints are content sizes has nothing to report.
    guard hasWrittenOptionals else { return [] }
    return solver.unsatisfiedEntries().compactMap { entry -> Unexplained? in
      let constraint = entry.constraint
      guard constraint.origin == .explicit || constraint.origin == .vfl, entry.error > 0.01 else { return nil }
      return Unexplained(constraint: constraint, key: Describe.key(constraint), error: entry.error, entry: entry.entry)
    }
  }

  /// The findings of `unexplained`, each with its cause; `solver` gives the place's solver,
  /// asked only for a finding no earlier place made.
  static func explained(
    _ unexplained: [Unexplained], place: PlaceReference, solver: () -> PlaceSolver, document: LayoutDocument,
    context: CheckContext
  ) -> [PlacedFinding] {
    unexplained.map { item in
      let constraint = item.constraint
      // Merging keeps the first place's finding: only its cause is worked out.
      var cause = UnsatisfiedCause.higherPriority
      if context.isFirst(.unsatisfied, key: item.key),
        let loss = solver().tieLoss(ofEntry: item.entry, error: item.error)
      {
        cause = .tie(
          priority: constraint.priority,
          winners: loss.winners.map { ConflictCheck.member(of: $0, place: place.place, document: document) },
          forced: loss.forced)
      }
      return PlacedFinding(
        key: item.key,
        diagnostic: Diagnostic(
          code: .unsatisfied, severity: .info,
          finding: .unsatisfied(Describe.quote(constraint, in: document), missedBy: item.error, cause: cause),
          range: constraint.range),
        place: place)
    }
  }
}
