/// Diagnostic: left-right
///
/// Left and right attributes, and `directionLeftToRight`, pin a layout to one writing
/// direction where leading and trailing would mirror it for right-to-left languages.
/// Reported only for files checked in right-to-left layouts.
import LayoutSyntax

enum RTLCheck {
  static func diagnostics(_ document: LayoutDocument) -> [Diagnostic] {
    guard document.model.directions != .ltr else { return [] }
    var result: [Diagnostic] = []
    visit(document.syntax.statements, into: &result)
    return result
  }

  private static func visit(_ statements: [Statement], into result: inout [Diagnostic]) {
    for statement in statements {
      switch statement {
      case .view(let declaration):
        visit(declaration.body, into: &result)
      case .constraint(let constraint):
        if let diagnostic = leftRight(constraint) { result.append(diagnostic) }
      case .visualFormat(let format):
        // Aligning a vertical format's views by their left or right edges keeps them there in
        // right-to-left languages. (In a horizontal format these options are errors.)
        if format.format?.orientation == .vertical {
          for option in format.options {
            guard let replacement = directionalAlignment[option.name] else { continue }
            result.append(
              Diagnostic(
                code: .leftRight, severity: .warning, finding: .leftRightAttributes([option.name]), range: option.range,
                fixes: [
                  Fix(
                    title: "Use '\(replacement)'", edits: [TextEdit(range: option.range, newText: replacement)],
                    isPreferred: true)
                ]))
          }
        }
        for option in format.options where option.name == "directionLeftToRight" {
          result.append(
            Diagnostic(
              code: .leftRight, severity: .warning, finding: .leftToRightOption, range: option.range,
              fixes: [
                Fix(
                  title: "Remove 'directionLeftToRight'", edits: [TextEdit(range: option.range, newText: "")],
                  isPreferred: true)
              ]))
        }
      default:
        break
      }
    }
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

  private static func leftRight(_ constraint: ConstraintStatement) -> Diagnostic? {
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
