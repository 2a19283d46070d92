/// Diagnostic: unsatisfied
///
/// Optional constraints the solution does not satisfy, and by how much. Content-size
/// constraints are left out: a label stretched past its intrinsic width is the normal case.
import LayoutSyntax

enum UnsatisfiedCheck {
  static func findings(_ solver: PlaceSolver, document: LayoutDocument, hasWrittenOptionals: Bool) -> [PlacedFinding] {
    // Asking the solver costs a pass over every optional constraint; a layout whose only
    // optional constraints are content sizes has nothing to report.
    guard hasWrittenOptionals else { return [] }
    return solver.unsatisfied().compactMap { entry in
      let constraint = entry.constraint
      guard constraint.origin == .explicit || constraint.origin == .vfl, entry.error > 0.01 else { return nil }
      return PlacedFinding(
        key: Describe.key(constraint),
        diagnostic: Diagnostic(
          code: .unsatisfied, severity: .info,
          finding: .unsatisfied(Describe.quote(constraint, in: document), missedBy: entry.error), range: constraint.range),
        place: solver.place)
    }
  }
}
