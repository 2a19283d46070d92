/// Diagnostic: left-right
///
/// Left and right attributes, and `directionLeftToRight`, pin a layout to one writing
/// direction where leading and trailing would mirror it for right-to-left languages.
/// Reported only for files checked in right-to-left layouts.
///
/// Each fix rewrites left and right as leading and trailing, which changes the layout in
/// right-to-left places: it is offered only where the rewritten constraints still hold with
/// every constraint that holds there now (`PlaceSolver.accepts(_:)`), so that it does not
/// trade the warning for a conflict (another constraint of the layout may still be written
/// with left and right).
import LayoutSyntax

enum RTLCheck {
  /// - Parameter places: the layout's places, in which the fixes must keep the constraints
  ///   holding; asked for only when a fix is tried (a place held without a solver is solved
  ///   then).
  static func diagnostics(_ document: LayoutDocument, places: @escaping () -> [PlaceSolver]) -> [Diagnostic] {
    guard document.model.directions != .ltr else { return [] }
    // A fix is tried by the positions of the document's constraints; with `when` blocks a
    // canvas's model numbers them otherwise, so no place can try it and none is offered.
    var visitor = Visitor(
      constraints: document.model.constraints, rightToLeft: { places().filter { $0.place.direction == .rtl } },
      triesFixes: !document.model.hasSizeClassConditions)
    // Only the statements that may be about left and right are read (the list keeps which
    // they are), not every statement of the file at every keystroke.
    visitor.visit(document.syntax.statements.mayUseLeftOrRight)
    return visitor.result
  }

  private struct Visitor {
    let constraints: ConstraintList
    /// Left to right, left and right are leading and trailing: the fixes change nothing there.
    let rightToLeft: () -> [PlaceSolver]
    /// Whether fixes can be tried at all (see `diagnostics`).
    let triesFixes: Bool
    var result: [Diagnostic] = []

    init(constraints: ConstraintList, rightToLeft: @escaping () -> [PlaceSolver], triesFixes: Bool) {
      self.constraints = constraints
      self.rightToLeft = rightToLeft
      self.triesFixes = triesFixes
    }

    /// The positions of the constraints written as equations or Visual Format strings, by
    /// range; built at the first finding.
    lazy var written: [SourceRange: [Int]] = {
      var table: [SourceRange: [Int]] = [:]
      for (index, constraint) in constraints.enumerated() {
        guard constraint.origin == .explicit || constraint.origin == .vfl else { continue }
        table[constraint.range, default: []].append(index)
      }
      return table
    }()

    /// Whether rewriting the file's constraints at `positions` with leading and trailing
    /// keeps every constraint holding in every right-to-left place.
    func mirrors(_ positions: [Int]) -> Bool {
      guard triesFixes else { return false }
      let change = ConstraintChange(replaced: positions.map { ($0, mirrored(constraints[$0])) })
      return rightToLeft().allSatisfy { $0.accepts(change) }
    }

    /// The positions of the constraints of one origin written at `range`.
    mutating func positions(at range: SourceRange, origin: ConstraintOrigin) -> [Int] {
      (written[range] ?? []).filter { constraints[$0].origin == origin }
    }

    mutating func visit(_ statements: [Statement]) {
      for statement in statements {
        switch statement {
        case .view(let declaration):
          visit(declaration.body)
        case .constraint(let constraint):
          if var diagnostic = leftRight(constraint) {
            if !mirrors(positions(at: constraint.range, origin: .explicit)) { diagnostic.fixes = [] }
            result.append(diagnostic)
          }
        case .visualFormat(let format):
          visitOptions(format)
        default:
          break
        }
      }
    }

    private mutating func visitOptions(_ format: VisualFormatStatement) {
      // Most formats have no option at all.
      guard !format.options.isEmpty else { return }
      // Aligning a vertical format's views by their left or right edges keeps them there in
      // right-to-left languages. (In a horizontal format these options are errors.)
      if format.format?.orientation == .vertical {
        for option in format.options {
          guard let replacement = directionalAlignment[option.name] else { continue }
          // The alignments an option makes point at the option.
          let fixes =
            mirrors(positions(at: option.range, origin: .vfl))
            ? [
              Fix(
                title: "Use '\(replacement)'", edits: [TextEdit(range: option.range, newText: replacement)],
                isPreferred: true)
            ] : []
          result.append(
            Diagnostic(
              code: .leftRight, severity: .warning, finding: .leftRightAttributes([option.name]), range: option.range,
              fixes: fixes))
        }
      }
      let optionRanges = Set(format.options.map(\.range))
      for option in format.options where option.name == "directionLeftToRight" {
        // Without the option, the format's connections use leading and trailing; its
        // alignments (which point at their options) stay as they are.
        let fixes =
          mirrors(
            written.filter { range, _ in
              format.range.start <= range.start && range.end <= format.range.end && !optionRanges.contains(range)
            }.values.flatMap { $0.filter { constraints[$0].origin == .vfl } }.sorted())
          ? [
            Fix(
              title: "Remove 'directionLeftToRight'", edits: [TextEdit(range: option.range, newText: "")],
              isPreferred: true)
          ] : []
        result.append(
          Diagnostic(
            code: .leftRight, severity: .warning, finding: .leftToRightOption, range: option.range, fixes: fixes))
      }
    }
  }

  /// The constraint with its left and right attributes as leading and trailing.
  static func mirrored(_ constraint: LayoutConstraint) -> LayoutConstraint {
    var copy = constraint
    if let attribute = directional(copy.first.attribute) { copy.first.attribute = attribute }
    if let second = copy.second, let attribute = directional(second.attribute) { copy.second?.attribute = attribute }
    return copy
  }

  /// The alignment options that mirror, for the ones that do not.
  static let directionalAlignment = ["alignAllLeft": "alignAllLeading", "alignAllRight": "alignAllTrailing"]

  /// The leading/trailing counterpart of a left/right attribute name.
  static func directional(_ attribute: LayoutAttribute) -> LayoutAttribute? {
    switch attribute {
    case .left: .leading
    case .right: .trailing
    case .leftMargin: .leadingMargin
    case .rightMargin: .trailingMargin
    default: nil
    }
  }

  fileprivate static func leftRight(_ constraint: ConstraintStatement) -> Diagnostic? {
    // Most constraints have no side left or right: answer them without building
    // anything (the walk visits every constraint of the file at every keystroke).
    guard
      directional(constraint.first.attribute) != nil
        || (constraint.second.map { directional($0.attribute) != nil } ?? false)
    else { return nil }
    let sides = [constraint.first] + (constraint.second.map { [$0] } ?? [])
    let absolute = sides.filter { directional($0.attribute) != nil }
    guard !absolute.isEmpty else { return nil }
    // A constraint that mixes left/right with leading/trailing is already an error.
    guard !sides.contains(where: { $0.attribute.isDirectional }) else { return nil }
    var names: [String] = []
    for side in absolute where !names.contains(side.attributeName.name) {
      names.append(side.attributeName.name)
    }
    let edits = absolute.compactMap { side in
      directional(side.attribute).map { TextEdit(range: side.attributeName.range, newText: $0.rawValue) }
    }
    return Diagnostic(
      code: .leftRight, severity: .warning, finding: .leftRightAttributes(names), range: constraint.range,
      fixes: [Fix(title: "Use leading and trailing", edits: edits, isPreferred: true)])
  }
}
