/// Diagnostic: conflict, rtl-conflict
///
/// Required constraints that cannot all hold. The solver names an irreducible conflicting
/// set; the finding sits on the constraint recovery breaks (the last of the set in the file)
/// and lists every other member as related information.
///
/// Its fixes lower a member to 999 or remove it, together with every exact duplicate of it
/// (the same equation, written again), since a twin left required would take its place in the
/// conflict. A member is offered only when, in every place, the constraints broken because of
/// it then hold with all the others, so that the fix ends the conflict without breaking
/// another constraint instead (`PlaceSolver.accepts(_:)`).
import LayoutSyntax

enum ConflictCheck {
  static func findings(_ solver: PlaceSolver, document: LayoutDocument, context: CheckContext) -> [PlacedFinding] {
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
      let key = ([broken] + conflict.others).map(Describe.key).sorted().joined(separator: "|")
      var fixes: [Fix] = []
      // Fixes are tried by the positions of the document's constraints, which a canvas's own
      // model numbers otherwise when the file has `when` blocks: none is offered there.
      if context.isFirst(.conflict, key: key), !document.model.hasSizeClassConditions {
        // Every member's relaxation is decided in one go (the copies of two members are the
        // same set or disjoint); `fixes(relaxing:)` then reads the answers.
        let relaxable = ([conflict.brokenEntry] + conflict.otherEntries).compactMap { entry -> [Int]? in
          guard let position = solver.modelPosition(ofEntry: entry) else { return nil }
          let origin = document.model.constraints[position].origin
          guard origin == .explicit || origin == .vfl else { return nil }
          return context.copies(of: position, in: document.model)
        }
        context.prepareRelaxations(relaxable)
        for entry in [conflict.brokenEntry] + conflict.otherEntries {
          guard let position = solver.modelPosition(ofEntry: entry) else { continue }
          fixes += self.fixes(relaxing: position, document: document, context: context)
        }
      }
      return PlacedFinding(
        key: key,
        diagnostic: Diagnostic(
          code: .conflict, severity: .error, finding: .conflict(finding), range: broken.range, related: related,
          fixes: fixes),
        place: solver.placeReference)
    }
  }

  /// The fixes that make the file's constraint at `position` optional or remove it, with its
  /// exact duplicates; none when that does not end the conflicts it is part of everywhere.
  private static func fixes(relaxing position: Int, document: LayoutDocument, context: CheckContext) -> [Fix] {
    let constraints = document.model.constraints
    let member = constraints[position]
    guard member.origin == .explicit || member.origin == .vfl else { return [] }
    let copies = context.copies(of: position, in: document.model)
    guard context.resolvesConflicts(relaxing: copies) else { return [] }
    let quoted = Describe.quote(member, in: document).quoted
    let twins = copies.filter { $0 != position }.map { constraints[$0] }
    var fixes: [Fix] = []
    if twins.isEmpty {
      if let site = member.priorityEdit {
        fixes.append(Fix(title: "Lower \(quoted) to priority 999", edits: [site.edit(priority: 999)]))
      }
      if let removal = member.removalRange {
        fixes.append(Fix(title: "Remove \(quoted)", edits: [TextEdit(range: removal, newText: "")]))
      }
      return fixes
    }
    let duplicates = twins.count == 1 ? "its duplicate" : "its \(twins.count) duplicates"
    let twinRemovals = twins.compactMap { $0.removalRange.map { TextEdit(range: $0, newText: "") } }
    let lowerings = copies.compactMap { constraints[$0].priorityEdit?.edit(priority: 999) }
    if let site = member.priorityEdit, twinRemovals.count == twins.count {
      fixes.append(
        Fix(
          title: "Lower \(quoted) to priority 999 and remove \(duplicates)",
          edits: [site.edit(priority: 999)] + twinRemovals))
    } else if lowerings.count == copies.count {
      fixes.append(Fix(title: "Lower \(quoted) and \(duplicates) to priority 999", edits: lowerings))
    }
    if let removal = member.removalRange, twinRemovals.count == twins.count {
      fixes.append(
        Fix(title: "Remove \(quoted) and \(duplicates)", edits: [TextEdit(range: removal, newText: "")] + twinRemovals))
    }
    return fixes
  }

  /// What makes two constraints exact duplicates: the same items, attributes, relation,
  /// multiplier, constant and priority.
  struct Equation: Hashable {
    var first: ConstraintItem
    var second: ConstraintItem?
    var relation: Relation
    var multiplier: Double
    var constant: Double
    var priority: Double

    init(_ constraint: LayoutConstraint) {
      first = constraint.first
      second = constraint.second
      relation = constraint.relation
      multiplier = constraint.multiplier
      constant = constraint.constant
      priority = constraint.priority
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
