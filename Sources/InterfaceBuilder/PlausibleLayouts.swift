import LayoutAnalysis
import LayoutSyntax

/// Other layouts of a unit, each as plausible as Plumb's own: what Plumb had to guess read
/// another way.
///
/// Plumb measures some content itself (the width of a stretched label's text, the height of a
/// label's line, docs/interface-builder.md "What is estimated") and reads others from the saved
/// frames; it infers the safe area from the device, the Xcode version and the bars it simulates.
/// Without the real fonts and without the exact simulated device, each guess is off often enough
/// that a frame which follows from it is no evidence of a misplaced view. A view is misplaced
/// only when no plausible reading puts it where it was saved:
///
/// - *saved sizes*: every size Plumb estimated is the saved one (what Xcode measured), and every
///   stack view and arranged view keeps its saved size wherever the constraints allow it (above
///   every content priority), the stack having arranged them from sizes Plumb only estimates;
/// - *other safe areas*: the root's safe area as another version of Xcode draws it
///   (`UnitDetails.otherSafeAreas`), with the saved sizes too.
///
/// A reading counts only when it keeps every view that Plumb's own layout puts at its saved
/// frame there: one that moves a view the file agrees with is not the canvas Xcode saved.
struct PlausibleLayouts {
  /// The readings that keep what agrees with the file, solved.
  let readings: [PlaceSolver]

  /// The largest difference between a saved frame and Plumb's that is not reported: text
  /// measured without Apple's fonts, baselines, line heights and controls' sizes make a layout
  /// of a real file uncertain by a few points (Xcode's own tolerance is under a point).
  static let uncertainty = 3.0

  /// The priority at which a stack or arranged view keeps its saved size: above every content
  /// priority, below what is required.
  static let savedSizePriority = 999.0

  /// Solves the readings (only call it for a unit with misplaced views).
  /// - Parameter open: what the constraints leave open of each ambiguous view's frame.
  init(layout: SolvedLayout, primary: PlaceSolver, details: UnitDetails, open: [String: [OpenPart]]) {
    let original = layout.document.model
    let tolerance = original.misplacedTolerance
    let model = PlausibleLayouts.savedSizes(original, estimated: details.estimatedSizes)
    // The views Plumb's own layout puts where the file saved them.
    let agreeing = original.viewOrder.compactMap { name -> (String, Rect)? in
      guard let declared = original.views[name]?.frame, let solved = primary.solvedView(name)?.frame,
        solved.keeping(open[name] ?? [], of: declared).matches(declared, tolerance: tolerance)
      else { return nil }
      return (name, declared)
    }
    func keepsAgreement(_ solver: PlaceSolver) -> Bool {
      agreeing.allSatisfy { name, declared in
        guard let frame = solver.solvedView(name)?.frame else { return false }
        return frame.keeping(open[name] ?? [], of: declared).matches(declared, tolerance: tolerance)
      }
    }
    var readings: [PlaceSolver] = []
    var places = [(model, primary.place)]
    for insets in details.otherSafeAreas.prefix(PlausibleLayouts.maximumSafeAreas) {
      var place = primary.place
      place.canvas.safeArea = insets
      var shifted = model
      shifted.canvases = [place.canvas]
      if let current = original.canvases.first?.safeArea, var margins = shifted.views[LayoutModel.rootName]?.margins {
        margins.top = max(0, margins.top + insets.top - current.top)
        margins.bottom = max(0, margins.bottom + insets.bottom - current.bottom)
        shifted.views[LayoutModel.rootName]?.margins = margins
      }
      places.append((shifted, place))
    }
    for (model, place) in places {
      let solver = PlaceSolver(model: model, place: place)
      if solver.failure == nil, keepsAgreement(solver) { readings.append(solver) }
    }
    self.readings = readings
    // The same layout with each constraint on an estimated baseline a point longer: what moves
    // with one follows an estimated baseline.
    var baselineLayouts: [PlaceSolver] = []
    let text: Set<ViewKind> = [.label, .button, .field]
    let onBaselines = original.constraints.indices.filter { index in
      let constraint = original.constraints[index]
      return [constraint.first, constraint.second].contains { item in
        guard let item, item.guide == nil, item.attribute == .firstBaseline || item.attribute == .lastBaseline,
          let kind = original.views[item.view]?.kind
        else { return false }
        return text.contains(kind)
      }
    }
    for index in onBaselines.prefix(PlausibleLayouts.maximumBaselineConstraints) {
      var moved = original
      moved.constraints[index].constant += 1
      let solver = PlaceSolver(model: moved, place: primary.place)
      if solver.failure == nil { baselineLayouts.append(solver) }
    }
    self.baselineLayouts = baselineLayouts
    self.primary = primary
  }

  /// At most this many constraints on baselines are varied.
  static let maximumBaselineConstraints = 8

  /// The layouts with one constraint on a baseline a point longer each.
  let baselineLayouts: [PlaceSolver]
  let primary: PlaceSolver

  /// How far an estimated baseline may be from the real one.
  static let baselineUncertainty = 4.0

  /// Whether the difference between a view's saved and solved frames is within what the
  /// baselines it follows leave uncertain.
  func withinBaselineUncertainty(_ misplacement: Misplacement, open: [OpenPart], tolerance: Double) -> Bool {
    guard !baselineLayouts.isEmpty, let solved = primary.solvedView(misplacement.view)?.frame else { return false }
    let declared = misplacement.declared
    let frame = solved.keeping(open, of: declared)
    // How far each part of the frame moves, over every baseline varied.
    var sensitivity = [0.0, 0.0, 0.0, 0.0]
    for layout in baselineLayouts {
      guard let other = layout.solvedView(misplacement.view)?.frame.keeping(open, of: declared) else { return false }
      sensitivity[0] += abs(other.x - frame.x)
      sensitivity[1] += abs(other.y - frame.y)
      sensitivity[2] += abs(other.width - frame.width)
      sensitivity[3] += abs(other.height - frame.height)
    }
    guard sensitivity.contains(where: { $0 > 1e-6 }) else { return false }
    let uncertainty = PlausibleLayouts.baselineUncertainty
    let differences = [declared.x - frame.x, declared.y - frame.y, declared.width - frame.width, declared.height - frame.height]
    return zip(differences, sensitivity).allSatisfy { abs($0) <= tolerance + $1 * uncertainty }
  }

  /// At most this many other safe areas are tried.
  static let maximumSafeAreas = 32

  /// The model with every estimated size the saved one, and stacks held at their saved sizes.
  static func savedSizes(_ original: LayoutModel, estimated: [String: Set<AttributeAxis>]) -> LayoutModel {
    var model = original
    // An estimate gives way to the saved size as the intrinsic size.
    for (name, axes) in estimated {
      guard let saved = model.views[name]?.frame else { continue }
      if axes.contains(.horizontal) { model.views[name]?.intrinsicWidth = saved.width }
      if axes.contains(.vertical) { model.views[name]?.intrinsicHeight = saved.height }
      for index in model.constraints.indices {
        let constraint = model.constraints[index]
        guard constraint.origin == .intrinsic, constraint.first.view == name, constraint.first.guide == nil,
          constraint.second == nil
        else { continue }
        if constraint.first.attribute == .width, axes.contains(.horizontal) {
          model.constraints[index].constant = saved.width
        } else if constraint.first.attribute == .height, axes.contains(.vertical) {
          model.constraints[index].constant = saved.height
        }
      }
    }
    // A stack view and its arranged views keep the sizes Xcode saved wherever the constraints
    // allow it: the stack arranged them from measured sizes Plumb only estimates.
    for name in original.viewOrder {
      guard let view = original.views[name], !view.isLayoutGuide, let saved = view.frame,
        view.stack != nil || view.superview.flatMap({ original.views[$0]?.stack }) != nil
      else { continue }
      let insets = view.alignmentInsets
      let range = view.nameRange ?? SourceRange(at: 0)
      for (attribute, size) in [
        (LayoutAttribute.width, max(0, saved.width - insets.left - insets.right)),
        (.height, max(0, saved.height - insets.top - insets.bottom)),
      ] {
        model.constraints.append(
          LayoutConstraint(
            first: ConstraintItem(view: name, attribute: attribute), relation: .equal, second: nil, constant: size,
            priority: savedSizePriority, origin: .intrinsic, range: range))
      }
    }
    return model
  }

  /// Whether a reading puts a view Plumb finds misplaced at its saved frame, the parts in
  /// `open` (which the constraints leave open) kept as saved.
  func explains(_ misplacement: Misplacement, open: [OpenPart], tolerance: Double) -> Bool {
    readings.contains { reading in
      guard let frame = reading.solvedView(misplacement.view)?.frame else { return false }
      return frame.keeping(open, of: misplacement.declared).matches(misplacement.declared, tolerance: tolerance)
    }
  }
}

