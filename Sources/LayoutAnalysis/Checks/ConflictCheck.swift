/// Diagnostic: conflict, rtl-conflict
///
/// Required constraints that cannot all hold. The solver names an irreducible conflicting
/// set; the finding sits on the constraint recovery breaks (the last of the set in the file)
/// and lists every other member as related information.
import LayoutSyntax

enum ConflictCheck {
  static func findings(_ solver: PlaceSolver, document: LayoutDocument) -> [PlacedFinding] {
    solver.conflicts.map { conflict in
      let broken = conflict.broken
      // The default canvas is written nowhere, so it has no place among the related
      // information; the message says it is involved instead.
      let usesDefaultCanvas = solver.place.canvas.range == nil && conflict.others.contains { $0.origin == .canvas }
      let others = conflict.others.filter { !(usesDefaultCanvas && $0.origin == .canvas) }
      let count = others.count
      var message = "Unable to simultaneously satisfy constraints: \(Describe.constraint(broken, in: document)) "
      if count == 1, let other = others.first {
        message += "cannot hold together with \(explain(other, place: solver.place, document: document))."
      } else {
        message += "cannot hold together with \(count) other required constraints (see the related places)."
      }
      if usesDefaultCanvas {
        let canvas = solver.place.canvas
        message += " The root view's size is part of the conflict: \(formatNumber(canvas.width)) × "
          + "\(formatNumber(canvas.height)), the default canvas."
      }
      message += " UIKit recovers by breaking \(Describe.constraint(broken, in: document))."
      let related = others.map { member in
        RelatedInformation(
          range: member.range, message: "in conflict: \(explain(member, place: solver.place, document: document))")
      }
      var fixes: [Fix] = []
      for member in [broken] + others where member.origin == .explicit || member.origin == .vfl {
        if let site = member.priorityEdit {
          fixes.append(Fix(title: "Lower \(Describe.constraint(member, in: document)) to priority 999", edits: [site.edit(priority: 999)]))
        }
        if let removal = member.removalRange {
          fixes.append(Fix(title: "Remove \(Describe.constraint(member, in: document))", edits: [TextEdit(range: removal, newText: "")]))
        }
      }
      let key = "conflict|" + ([broken] + conflict.others).map(Describe.key).sorted().joined(separator: "|")
      return PlacedFinding(
        key: key,
        diagnostic: Diagnostic(
          code: "conflict", severity: .error, message: message, range: broken.range, related: related, fixes: fixes),
        place: solver.place)
    }
  }

  /// A member of a conflict in words: the constraint, or what the engine's own constraints mean.
  static func explain(_ constraint: LayoutConstraint, place: LayoutPlace, document: LayoutDocument) -> String {
    switch constraint.origin {
    case .implicit:
      let size = constraint.first.attribute == .width ? "width" : "height"
      return "'\(constraint.first.view).\(size) >= 0' (a view's \(size) is never negative)"
    case .canvas:
      let canvas = place.canvas
      let which = canvas.range == nil ? "the default canvas" : "canvas '\(canvas.name)'"
      return "\(Describe.constraint(constraint, in: document)) (the root view is \(formatNumber(canvas.width)) × \(formatNumber(canvas.height)) in \(which))"
    case .intrinsic:
      return "\(Describe.constraint(constraint, in: document)) (the intrinsic size of '\(constraint.first.view)')"
    case .vfl, .explicit:
      return Describe.constraint(constraint, in: document)
    }
  }
}
