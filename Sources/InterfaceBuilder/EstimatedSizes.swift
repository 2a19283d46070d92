import LayoutAnalysis
import LayoutSyntax

/// The layout a unit would have if every size Plumb estimated were the size saved in the file.
///
/// Plumb measures some content itself (the width of a stretched label's text, the height of a
/// label's line, docs/interface-builder.md "What is estimated"); without the real fonts such an
/// estimate is off by more than the tolerance often enough (widths typically by 5–16 pt) that a
/// frame which follows from it is no evidence of a misplaced view. The frame Xcode saved is what
/// it measured at the time, so the saved size is as plausible a value of the estimate as Plumb's:
/// a view is misplaced only when neither value puts it where it was saved.
struct EstimatedSizes {
  /// The unit solved with each estimated intrinsic size replaced by its view's saved size; nil
  /// when no intrinsic size of the unit is estimated.
  let alternative: PlaceSolver?

  /// Solves the alternative layout (once; only call it for a unit with misplaced views).
  init(layout: SolvedLayout, primary: PlaceSolver, estimated: [String: Set<AttributeAxis>]) {
    var model = layout.document.model
    var changed = false
    for (name, axes) in estimated {
      guard let saved = model.views[name]?.frame else { continue }
      if axes.contains(.horizontal) {
        model.views[name]?.intrinsicWidth = saved.width
      }
      if axes.contains(.vertical) {
        model.views[name]?.intrinsicHeight = saved.height
      }
      for index in model.constraints.indices {
        let constraint = model.constraints[index]
        guard constraint.origin == .intrinsic, constraint.first.view == name, constraint.first.guide == nil,
          constraint.second == nil
        else { continue }
        if constraint.first.attribute == .width, axes.contains(.horizontal), constraint.constant != saved.width {
          model.constraints[index].constant = saved.width
          changed = true
        } else if constraint.first.attribute == .height, axes.contains(.vertical), constraint.constant != saved.height {
          model.constraints[index].constant = saved.height
          changed = true
        }
      }
    }
    guard changed else {
      alternative = nil
      return
    }
    let solver = PlaceSolver(model: model, place: primary.place)
    alternative = solver.failure == nil ? solver : nil
  }

  /// Whether the saved frame of a view Plumb finds misplaced is where the alternative layout
  /// puts it, the parts in `open` (which the constraints leave open) kept as saved.
  func explains(_ misplacement: Misplacement, open: [OpenPart], tolerance: Double) -> Bool {
    guard let alternative, let frame = alternative.solvedView(misplacement.view)?.frame else { return false }
    return frame.keeping(open, of: misplacement.declared).matches(misplacement.declared, tolerance: tolerance)
  }
}
