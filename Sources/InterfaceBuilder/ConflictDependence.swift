import LayoutAnalysis
import LayoutSyntax

/// The views of a unit whose frame depends on which constraint of a conflict UIKit breaks.
///
/// When required constraints conflict, UIKit (and Interface Builder's canvas) breaks one of
/// them, and which one decides where the views involved end up. Their frame is not defined
/// until the conflict is fixed, so they get no `ambiguous` or `misplaced` finding of their own:
/// the conflict is the finding. (Xcode reports the conflict; on files saved by most of its
/// versions it marks none of these views.)
struct ConflictDependence {
  /// Views whose frame differs when another member of a conflict is broken instead, with
  /// the axes along which it differs.
  var dependent: [String: Set<AttributeAxis>] = [:]

  /// At most this many members of a conflict are tried as the one that breaks.
  static let maximumAlternatives = 8
  /// At most this many conflicts of a unit are looked into.
  static let maximumConflicts = 4

  /// A unit without conflicts.
  static let none = ConflictDependence()

  private init() {}

  init(layout: SolvedLayout, primary: PlaceSolver) {
    let model = layout.document.model
    let conflicts = primary.conflicts.prefix(ConflictDependence.maximumConflicts)
    guard !conflicts.isEmpty else { return }
    let tolerance = model.misplacedTolerance
    for conflict in conflicts {
      // Lay the unit out again with each other member broken instead.
      var alternatives: [PlaceSolver] = []
      for member in conflict.others.prefix(ConflictDependence.maximumAlternatives) {
        guard let index = model.constraints.firstIndex(of: member) else { continue }
        var changed = model
        changed.constraints.remove(at: index)
        let solver = PlaceSolver(model: changed, place: primary.place)
        if solver.failure == nil { alternatives.append(solver) }
      }
      for name in model.viewOrder {
        guard let solved = primary.solvedView(name)?.frame else { continue }
        for alternative in alternatives {
          guard let frame = alternative.solvedView(name)?.frame else { continue }
          if abs(frame.x - solved.x) > tolerance || abs(frame.width - solved.width) > tolerance {
            dependent[name, default: []].insert(.horizontal)
          }
          if abs(frame.y - solved.y) > tolerance || abs(frame.height - solved.height) > tolerance {
            dependent[name, default: []].insert(.vertical)
          }
        }
      }
    }
  }

  /// Whether the view's frame along `axis` depends on the constraint UIKit breaks.
  func isDependent(_ view: String, along axis: AttributeAxis) -> Bool {
    dependent[view]?.contains(axis) ?? false
  }

  /// Whether every difference between two frames of a view is along an axis that depends on
  /// the constraint UIKit breaks.
  func explains(_ view: String, declared: Rect, solved: Rect, tolerance: Double) -> Bool {
    let horizontal = abs(declared.x - solved.x) > tolerance || abs(declared.width - solved.width) > tolerance
    let vertical = abs(declared.y - solved.y) > tolerance || abs(declared.height - solved.height) > tolerance
    return (!horizontal || isDependent(view, along: .horizontal)) && (!vertical || isDependent(view, along: .vertical))
  }
}
