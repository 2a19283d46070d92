/// Diagnostics: extreme-value, inaccurate
///
/// Numbers outside the range UIKit's engine handles sensibly (a text-level check, once per
/// file), and numbers the solver cannot resolve, which make its solution unreliable (per
/// place). Where the solution is unreliable, the geometry findings about the views involved
/// (`zero-size`, `offscreen`, `misplaced`) would quote wrong numbers as facts, so they are
/// left out there (docs/language.md#numbers).
import LayoutSyntax

enum NumericRangeCheck {
  /// The largest number (constant or canvas side) of a layout whose residuals are not read:
  /// there the solver's tolerance is a thousandth of a point or less.
  static let residualScale = 1e4

  /// Constants beyond ±`NumericRange.constant` and nonzero multipliers outside
  /// `NumericRange.smallestMultiplier…largestMultiplier`, in the file's constraints (written,
  /// from Visual Format strings, intrinsic sizes, autoresizing masks, stack views) and in the
  /// canvases' sizes.
  static func extremeValues(_ document: LayoutDocument) -> [Diagnostic] {
    let model = document.model
    var result: [Diagnostic] = []
    // A property gives two constraints of one number (an intrinsic size: hugging and
    // compression resistance); one warning each number of each place in the text.
    struct Seen: Hashable {
      var range: SourceRange
      var value: ExtremeValue
    }
    var seen: Set<Seen> = []
    func report(_ constraint: LayoutConstraint) {
      for value in extremeValues(of: constraint) where seen.insert(Seen(range: constraint.range, value: value)).inserted {
        result.append(
          Diagnostic(
            code: .extremeValue, severity: .warning,
            finding: .extremeValue(Describe.quote(constraint, in: document), value), range: constraint.range))
      }
    }
    for canvas in model.canvases {
      for constraint in model.canvasConstraints(for: canvas) { report(constraint) }
    }
    let constraints = model.constraints
    var extreme: [Int] = []
    for (start, stored) in constraints.storedChunks {
      for index in stored.indices where hasExtremeValue(stored[index]) { extreme.append(start + index) }
    }
    for index in extreme { report(constraints[index]) }
    return result
  }

  /// Whether a constraint has a number outside the range (reads two numbers, copies nothing).
  @inline(__always)
  static func hasExtremeValue(_ constraint: borrowing LayoutConstraint) -> Bool {
    let multiplier = abs(constraint.multiplier)
    return abs(constraint.constant) > NumericRange.constant
      || (multiplier != 0 && (multiplier < NumericRange.smallestMultiplier || multiplier > NumericRange.largestMultiplier))
  }

  /// The numbers of a constraint outside the range, the multiplier first (as written).
  static func extremeValues(of constraint: LayoutConstraint) -> [ExtremeValue] {
    var values: [ExtremeValue] = []
    let multiplier = abs(constraint.multiplier)
    if constraint.second != nil, multiplier != 0,
      multiplier < NumericRange.smallestMultiplier || multiplier > NumericRange.largestMultiplier
    {
      values.append(.multiplier(constraint.multiplier))
    }
    if abs(constraint.constant) > NumericRange.constant { values.append(.constant(constraint.constant)) }
    return values
  }

  /// Whether the solver resolves a constraint's numbers (reads two numbers, copies nothing).
  @inline(__always)
  static func resolves(_ constraint: borrowing LayoutConstraint) -> Bool {
    let multiplier = abs(constraint.multiplier)
    return abs(constraint.constant) <= NumericRange.largestResolvedConstant
      && (multiplier == 0
        || (multiplier >= NumericRange.smallestResolvedMultiplier && multiplier <= NumericRange.largestResolvedMultiplier))
  }

  /// A view's axis whose solved values are not reliable.
  struct Unreliable: Hashable {
    var view: String
    var axis: AttributeAxis
  }

  /// What the places' checks read of the model's numbers, found in one pass for all places.
  struct Numbers {
    /// The largest constant's magnitude.
    var largestConstant = 0.0
    /// The constraints whose numbers the solver does not resolve, by index.
    var unresolved: [Int] = []

    init(_ model: LayoutModel) {
      for (start, stored) in model.constraints.storedChunks {
        for index in stored.indices {
          largestConstant = max(largestConstant, abs(stored[index].constant))
          if !NumericRangeCheck.resolves(stored[index]) { unresolved.append(start + index) }
        }
      }
    }
  }

  /// The reasons the solution of one place is not reliable, and the views and axes involved.
  static func inaccuracies(_ solver: PlaceSolver, document: LayoutDocument, numbers: Numbers) -> (
    findings: [PlacedFinding], unreliable: Set<Unreliable>
  ) {
    var findings: [PlacedFinding] = []
    var views: Set<Unreliable> = []
    var reported: Set<String> = []
    func add(_ inaccuracy: Inaccuracy, _ constraint: LayoutConstraint) {
      let key = Describe.key(constraint)
      guard reported.insert(key).inserted else { return }
      views.insert(Unreliable(view: constraint.first.view, axis: constraint.first.attribute.axis))
      if let second = constraint.second { views.insert(Unreliable(view: second.view, axis: second.attribute.axis)) }
      findings.append(
        PlacedFinding(
          key: key,
          diagnostic: Diagnostic(
            code: .inaccurate, severity: .warning, finding: .inaccurate(inaccuracy), range: constraint.range),
          place: solver.placeReference))
    }
    // Numbers the solver cannot resolve, whatever it solved.
    let constraints = document.model.constraints
    let scale = max(solver.place.canvas.width, solver.place.canvas.height, numbers.largestConstant)
    for index in numbers.unresolved where index < constraints.count {
      let constraint = constraints[index]
      let multiplier = abs(constraint.multiplier)
      if constraint.second != nil, multiplier != 0,
        multiplier < NumericRange.smallestResolvedMultiplier || multiplier > NumericRange.largestResolvedMultiplier
      {
        add(.multiplier(Describe.quote(constraint, in: document), constraint.multiplier), constraint)
      } else if abs(constraint.constant) > NumericRange.largestResolvedConstant {
        add(.constant(Describe.quote(constraint, in: document), constraint.constant), constraint)
      }
    }
    // What the solution itself shows: a required constraint it misses, a frame not finite.
    // (After the solver gave up, `unsolved` says so already.)
    guard solver.failure == nil else { return (findings, views) }
    // The solver keeps required constraints to within 1e-7 of the layout's largest number, the
    // same bound this reads residuals against: only where numbers are large can rounding carry
    // a residual past it, so an ordinary layout (every number within `residualScale`) is not
    // read again, constraint by constraint, on every edit.
    if scale > NumericRangeCheck.residualScale {
      for (constraint, by) in solver.violatedRequiredConstraints(scale: scale) {
        add(.violated(Describe.quote(constraint, in: document), by: by), constraint)
      }
    }
    let model = solver.model
    // The place keeps which frames are not finite (a pass over every view, on every edit).
    let solvedViews = solver.allSolvedViews().views
    for index in solver.viewsWithFramesNotFinite() {
      guard index < solvedViews.count, let solved = solvedViews[index] else { continue }
      views.insert(Unreliable(view: solved.name, axis: .horizontal))
      views.insert(Unreliable(view: solved.name, axis: .vertical))
      findings.append(
        PlacedFinding(
          key: "not-finite|\(solved.name)",
          diagnostic: Diagnostic(
            code: .inaccurate, severity: .warning, finding: .inaccurate(.notFinite(view: solved.name)),
            range: Describe.range(of: solved.name, in: model)),
          place: solver.placeReference))
    }
    return (findings, views)
  }

  /// Whether a geometry finding quotes values `unreliable` says are not reliable: a zero
  /// size on such an axis, a view offscreen or misplaced with such an axis.
  static func quotesUnreliableValues(_ finding: Finding, _ unreliable: Set<Unreliable>) -> Bool {
    guard !unreliable.isEmpty else { return false }
    switch finding {
    case .zeroSize(let view, let axis, _, _):
      return unreliable.contains(Unreliable(view: view, axis: axis))
    case .offscreen, .misplaced:
      guard let view = finding.view else { return false }
      return unreliable.contains(Unreliable(view: view, axis: .horizontal))
        || unreliable.contains(Unreliable(view: view, axis: .vertical))
    default:
      return false
    }
  }
}
