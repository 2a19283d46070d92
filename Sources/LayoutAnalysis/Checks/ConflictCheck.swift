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
      let canvas = solver.place.canvas
      let members = others.map { member(of: $0, place: solver.place, document: document) }
      let finding = Conflict(
        broken: Describe.quote(broken, in: document), others: members,
        defaultCanvas: usesDefaultCanvas ? CanvasSize(width: canvas.width, height: canvas.height) : nil,
        brokenStack: StackLayout.stack(generating: broken, in: solver.model))
      let related = zip(others, members).map { other, member in
        RelatedInformation(range: other.range, role: .conflictMember(member))
      }
      var fixes: [Fix] = []
      for member in [broken] + others where member.origin == .explicit || member.origin == .vfl {
        let quoted = Describe.quote(member, in: document).quoted
        if let site = member.priorityEdit {
          fixes.append(Fix(title: "Lower \(quoted) to priority 999", edits: [site.edit(priority: 999)]))
        }
        if let removal = member.removalRange {
          fixes.append(Fix(title: "Remove \(quoted)", edits: [TextEdit(range: removal, newText: "")]))
        }
      }
      let key = ([broken] + conflict.others).map(Describe.key).sorted().joined(separator: "|")
      return PlacedFinding(
        key: key,
        diagnostic: Diagnostic(
          code: .conflict, severity: .error, finding: .conflict(finding), range: broken.range, related: related,
          fixes: fixes),
        place: solver.place)
    }
  }

  /// A member of a conflict as data: the constraint, and what the engine's own constraints stand for.
  static func member(of constraint: LayoutConstraint, place: LayoutPlace, document: LayoutDocument) -> ConflictMember {
    let quote = Describe.quote(constraint, in: document)
    switch constraint.origin {
    case .implicit:
      guard constraint.relation == .greaterThanOrEqual else { return .constraint(quote) }
      return .nonNegativeSize(view: constraint.first.view, axis: constraint.first.attribute == .width ? .horizontal : .vertical)
    case .canvas:
      let canvas = place.canvas
      return .canvasSize(quote, width: canvas.width, height: canvas.height, canvas: canvas.range == nil ? nil : canvas.name, traits: canvas.traits)
    case .intrinsic:
      return .intrinsicSize(quote, view: constraint.first.view)
    case .autoresizingMask:
      return .autoresizingMask(quote, view: constraint.first.view)
    case .stackView:
      return .stackView(quote, stack: StackLayout.stack(generating: constraint, in: document.model) ?? constraint.first.view)
    case .vfl, .explicit:
      return .constraint(quote)
    }
  }
}
