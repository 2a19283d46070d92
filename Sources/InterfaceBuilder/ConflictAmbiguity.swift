import LayoutAnalysis
import LayoutSyntax

/// What a conflict of required constraints leaves undecided in a unit.
///
/// When required constraints conflict, UIKit (and Interface Builder's canvas) breaks one of
/// them, and which one decides where the views involved end up. When the conflict is with the
/// root view's size (the device's screen, its safe area), Interface Builder marks the views
/// whose own constraints conflict, and the subviews that follow them, as ambiguous
/// (`ambiguous="YES"`): their frame has no single answer. A view whose frame moves with the
/// choice is not misplaced either when some choice puts it where it was saved: the frame
/// Interface Builder saved follows the constraint it broke, not necessarily the one Plumb breaks.
struct ConflictAmbiguity {
  /// Views whose own constraints (or whose subtree's anchors) conflict, with the conflict's
  /// broken constraint, to report as ambiguous.
  var ambiguous: [(view: String, broken: LayoutConstraint, axes: Set<AttributeAxis>)] = []
  /// Views whose frame depends on which constraint breaks.
  var dependent: Set<String> = []
  /// Dependent views that some choice puts at their saved frame.
  var explained: Set<String> = []

  /// At most this many members of a conflict are tried as the one that breaks.
  static let maximumAlternatives = 8
  /// At most this many conflicts of a unit are looked into.
  static let maximumConflicts = 4

  /// A unit without conflicts.
  static let none = ConflictAmbiguity()

  private init() {}

  init(layout: SolvedLayout, primary: PlaceSolver) {
    let model = layout.document.model
    let conflicts = primary.conflicts.prefix(ConflictAmbiguity.maximumConflicts)
    guard !conflicts.isEmpty else { return }
    let tolerance = model.misplacedTolerance
    func differs(_ a: Rect, _ b: Rect) -> Bool {
      abs(a.x - b.x) > tolerance || abs(a.y - b.y) > tolerance || abs(a.width - b.width) > tolerance
        || abs(a.height - b.height) > tolerance
    }
    var flagged = Set<String>()
    for conflict in conflicts {
      let members = [conflict.broken] + conflict.others
      // The views the conflicting constraints are about: a layout guide stands for the part
      // of its view the canvas sets, not for the view.
      var items: [String] = []
      for member in members where member.origin != .canvas && member.origin != .implicit {
        for item in [member.first] + (member.second.map { [$0] } ?? []) where item.guide == nil {
          if model.views[item.view] != nil, !items.contains(item.view) { items.append(item.view) }
        }
      }
      // Lay the unit out again with each other member broken instead.
      var alternatives: [PlaceSolver] = []
      for member in conflict.others.prefix(ConflictAmbiguity.maximumAlternatives) {
        guard let index = model.constraints.firstIndex(of: member) else { continue }
        var changed = model
        changed.constraints.remove(at: index)
        let solver = PlaceSolver(model: changed, place: primary.place)
        if solver.failure == nil { alternatives.append(solver) }
      }
      var moved = Set<String>()
      for name in model.viewOrder {
        guard let solved = primary.solvedView(name)?.frame else { continue }
        let frames = alternatives.compactMap { $0.solvedView(name)?.frame }
        guard frames.contains(where: { differs($0, solved) }) else { continue }
        moved.insert(name)
        dependent.insert(name)
        if let saved = model.views[name]?.frame, ([solved] + frames).contains(where: { !differs($0, saved) }) {
          explained.insert(name)
        }
      }
      // The views of the conflict, and the subviews that move with them.
      func isInside(_ name: String, _ ancestors: Set<String>) -> Bool {
        var current = model.views[name]?.superview
        var steps = 0
        while let view = current, steps <= model.viewOrder.count {
          if ancestors.contains(view) { return true }
          current = model.views[view]?.superview
          steps += 1
        }
        return false
      }
      // Required constraints that contradict only each other: Interface Builder breaks one and
      // lays the rest out (the saved frames follow its choice), with no view left ambiguous.
      // Only a conflict with the root view's size, which the device sets, leaves the views
      // of the conflict without a layout.
      guard members.contains(where: { $0.origin == .canvas }) else { continue }
      // Subviews follow a view of the conflict when it moves or changes size with the choice
      // (the root never does: its size is the canvas).
      let axes = Set(members.filter { $0.origin != .implicit }.map { $0.first.attribute.axis })
      let anchors = Set(items)
      let movingAnchors = anchors.intersection(moved)
      for name in [LayoutModel.rootName] + model.viewOrder where !flagged.contains(name) {
        guard anchors.contains(name) || (moved.contains(name) && isInside(name, movingAnchors)) else { continue }
        flagged.insert(name)
        ambiguous.append((name, conflict.broken, axes))
      }
    }
  }

  /// The findings: one `ambiguous` per view of a conflict.
  /// - Parameter quote: how the findings quote a constraint.
  func diagnostics(layout: SolvedLayout, quote: (LayoutConstraint) -> ConstraintQuote) -> [Diagnostic] {
    let model = layout.document.model
    return ambiguous.compactMap { entry in
      guard let node = model.views[entry.view], let range = node.nameRange ?? node.declarationRange else { return nil }
      return Diagnostic(
        code: .ambiguous, severity: .warning, finding: .noSingleLayout(view: entry.view, broken: quote(entry.broken)),
        range: range, related: [RelatedInformation(range: entry.broken.range, role: .brokenConstraint)])
    }
  }
}
