import LayoutSyntax

/// The one place explanations become text: `plumb explain`'s output, the JSON's
/// `explanation` and `equation` strings, and the editor's.
public enum ExplanationText {
  /// The whole report: one section per block, or what kept the input from being read.
  /// - Parameter only: the 1-based number of the one report to write; all when nil.
  public static func render(_ report: LogExplanation, only: Int? = nil) -> String {
    if let problem = report.log.problem { return message(for: problem) + "\n" }
    var sections: [String] = []
    for (number, explanation) in report.explanations.enumerated() where only == nil || only == number + 1 {
      sections.append(section(explanation, number: number + 1, of: report.explanations.count))
    }
    return sections.joined(separator: "\n")
  }

  /// Why the input holds nothing to explain.
  public static func message(for problem: InputProblem) -> String {
    switch problem {
    case .empty:
      return "The input is empty: paste the console output that starts with 'Unable to simultaneously satisfy constraints.'"
    case .tooLarge(let bytes, let limit):
      return "The input is \(bytes) bytes, more than the \(limit) bytes plumb explain reads: cut it to the conflict reports."
    case .binary:
      return "The input is not text (it holds NUL or control bytes): paste the console output as text."
    case .noConflictLog:
      return
        "No conflict report found: the input has no 'Unable to simultaneously satisfy constraints' and no constraint such as '<NSLayoutConstraint:0x… …>'."
    }
  }

  /// One block: header, members, the arithmetic, the broken constraint, causes and fixes.
  public static func section(_ explanation: Explanation, number: Int, of count: Int) -> String {
    let block = explanation.block
    let constraints = block.constraints
    var lines: [String] = []
    let unreadable = block.entries.count - constraints.count
    var heading = "Conflict \(number)"
    if count > 1 { heading += " of \(count)" }
    heading += " (line \(block.line + 1)): "
    if block.isRedacted, constraints.isEmpty {
      heading += "the constraints are redacted"
    } else {
      heading += counted(block.entries.count, "constraint") + " listed"
      if unreadable > 0 { heading += ", \(unreadable) unreadable" }
    }
    lines.append(heading)
    for entry in block.entries {
      if case .unreadable(let line, _, let reason) = entry {
        lines.append("  line \(line + 1): not read: \(reason)")
      }
    }
    for part in block.missing {
      lines.append("  " + missingText(part))
    }
    lines.append(contentsOf: body(explanation).map { "  " + $0 })
    return lines.joined(separator: "\n") + "\n"
  }

  /// The explanation proper, without the heading and the notes on missing parts: what the
  /// JSON's `explanation` holds.
  public static func body(_ explanation: Explanation) -> [String] {
    let constraints = explanation.block.constraints
    var lines: [String] = []
    switch explanation.outcome {
    case .redacted:
      lines.append(
        "macOS's unified log printed '<private>' instead of the constraints: run the app from Xcode, or turn on private data in the log, to see them.")
    case .nothingListed:
      lines.append("No constraint of the list could be read, so there is nothing to solve.")
    case .unsolved(let reason):
      lines.append("Plumb's solver could not solve these constraints: \(reason).")
    case .consistent:
      lines.append(
        "These constraints can all hold together in Plumb's solver, so UIKit's list does not show the whole conflict: "
          + (explanation.block.isComplete
            ? "it depends on something the log does not print (margins other than \(formatNumber(Explainer.defaultMargin)), baselines, a view's own size)."
            : "the list is incomplete."))
    case .conflict:
      let members = explanation.members
      let listed = explanation.constraintMembers.count
      lines.append(
        (explanation.isIrreducible ? "Minimal conflicting set: " : "Conflicting set (too long a list to make it minimal): ")
          + "\(counted(listed, "constraint")) of \(constraints.count)"
          + (members.count > listed ? ", with what UIKit's engine adds:" : ":"))
      for member in members {
        lines.append("  " + memberText(member, constraints: constraints))
      }
      if let arithmetic = explanation.arithmetic {
        lines.append("Why: " + arithmeticText(arithmetic, constraints: constraints))
      }
    }
    switch explanation.broken {
    case .unknown:
      break
    case .listed(let index, let inMinimalSet):
      let address = constraints[index].address
      if explanation.outcome == .conflict {
        let set = explanation.isIrreducible ? "the minimal set" : "the conflicting set"
        lines.append(
          "UIKit broke \(address), which is \(inMinimalSet ? "in" : "not in") \(set)"
            + (inMinimalSet ? "." : ": breaking it does not end this conflict."))
      } else {
        lines.append("UIKit broke \(address).")
      }
    case .notListed(let address):
      lines.append("UIKit broke \(address), which the list shown does not hold.")
    }
    for cause in explanation.causes {
      lines.append("Likely cause: " + causeText(cause))
      lines.append("Fix: " + fixText(cause))
    }
    if explanation.outcome == .conflict, explanation.causes.isEmpty {
      var fix =
        "decide which member is not wanted, and remove it, change its constant, or make it optional (`constraint.priority = UILayoutPriority(999)`)"
      if case .listed(let index, true) = explanation.broken {
        fix += "; UIKit's choice, \(constraints[index].address), is one candidate"
      }
      lines.append("Fix: " + fix + ".")
    }
    return lines
  }

  public static func missingText(_ part: MissingPart) -> String {
    switch part {
    case .header: "The header is not in the input: entries before the first one shown may be missing."
    case .endOfList: "The list does not end with ')': entries after the last one shown may be missing."
    case .brokenConstraint: "The input does not say which constraint UIKit broke."
    case .brokenConstraintCut: "The line naming the broken constraint is cut off."
    }
  }

  public static func memberText(_ member: Member, constraints: [LogConstraint]) -> String {
    switch member {
    case .constraint(let index):
      let constraint = constraints[index]
      return "\(constraint.address)  \(equation(constraint))   (\(kindText(constraint)))"
    case .nonNegativeSize(let item, let horizontal):
      return "\(itemText(item)).\(horizontal ? "width" : "height") >= 0   (UIKit keeps a view's size from going negative)"
    case .assumedMargin(let item, let side, let value):
      return
        "\(itemText(item)).\(side.rawValue)Margin is \(formatNumber(value)) points inside its \(side.rawValue) edge   (assumed: UIKit's default margin; the log does not print it)"
    case .inferredSuperview(let link):
      var reason = "inferred from \(link.evidence.joined(separator: ", ")): "
      reason +=
        link.superview.superviewOf == nil
        ? "UIKit measures a view's autoresizing constraints and its '|' in its superview"
        : "views spaced in one Visual Format entry are taken to share a superview"
      if link.bySpacing, link.superview.superviewOf == nil {
        reason += ", and views spaced in one Visual Format entry are taken to share it"
      }
      return "\(itemText(link.placeholder)) is \(itemText(link.superview))   (\(reason))"
    }
  }

  static func kindText(_ constraint: LogConstraint) -> String {
    var text = constraint.kind.rawValue
    if let identifier = constraint.identifier { text += ", '\(identifier)'" }
    if let mask = constraint.mask { text += ", " + maskText(mask) }
    if !constraint.isRequired { text += ", optional" }
    return text
  }

  /// `h=--&`: the left margin and width are fixed, the right margin flexible.
  public static func maskText(_ mask: AutoresizingMask) -> String {
    var parts: [String] = []
    for (letters, names) in [
      (mask.horizontal, ["left margin", "width", "right margin"]), (mask.vertical, ["top margin", "height", "bottom margin"]),
    ] where letters.count == 3 {
      let fixed = zip(letters, names).filter { $0.0 == "-" }.map(\.1)
      let flexible = zip(letters, names).filter { $0.0 == "&" }.map(\.1)
      var part = ""
      if !fixed.isEmpty { part += list(fixed) + " fixed" }
      if !flexible.isEmpty { part += (part.isEmpty ? "" : ", ") + list(flexible) + " flexible" }
      parts.append(part)
    }
    let letters = "h=\(mask.horizontal) v=\(mask.vertical)"
    return parts.isEmpty ? letters : letters + ": " + parts.joined(separator: "; ")
  }

  /// A constraint as an equation: `UILabel:0x…'Title'.leading == UIView:0x….leading + 10`.
  public static func equation(_ constraint: LogConstraint) -> String {
    var text = termText(constraint.first) + " " + constraint.relation.rawValue
    if let second = constraint.second {
      text += " "
      if constraint.multiplier != 1 { text += formatNumber(constraint.multiplier) + " * " }
      text += termText(second)
      if constraint.constant != 0 {
        text += (constraint.constant < 0 ? " - " : " + ") + formatNumber(abs(constraint.constant))
      }
    } else {
      text += " " + formatNumber(constraint.constant)
    }
    if !constraint.isRequired { text += " @" + formatNumber(constraint.priority) }
    return text
  }

  static func termText(_ term: LogTerm) -> String {
    itemText(term.item) + "." + term.attribute.rawValue
  }

  /// An item as the log names it: `UILabel:0x…'Title'`, a name, or the superview of a view.
  public static func itemText(_ item: LogItem) -> String {
    if let superviewOf = item.superviewOf {
      return "(superview of \(superviewOf.hasPrefix("name:") ? String(superviewOf.dropFirst(5)) : superviewOf))"
    }
    guard let address = item.address, !item.className.isEmpty else {
      return item.name ?? item.address ?? "?"
    }
    var text = item.className + ":" + address
    if let label = item.text { text += "'\(label)'" }
    return text
  }

  public static func arithmeticText(_ arithmetic: Arithmetic, constraints: [LogConstraint]) -> String {
    let reference = constraints[arithmetic.reference]
    let subject: String
    if arithmetic.second == nil {
      subject = "\(itemText(arithmetic.first.item))'s \(arithmetic.first.attribute.rawValue)"
    } else if let second = arithmetic.second {
      let scaled = arithmetic.multiplier == 1 ? "" : formatNumber(arithmetic.multiplier) + " * "
      subject = "\(termText(arithmetic.first)) - \(scaled)\(termText(second))"
    } else {
      subject = termText(arithmetic.first)
    }
    var sum = ""
    for (index, term) in arithmetic.terms.enumerated() {
      if index == 0 {
        sum = formatNumber(term)
      } else {
        sum += (term < 0 ? " - " : " + ") + formatNumber(abs(term))
      }
    }
    if arithmetic.terms.count > 1 { sum += " = " + formatNumber(arithmetic.total) }
    if arithmetic.terms.isEmpty { sum = formatNumber(arithmetic.total) }
    let needed: String
    switch arithmetic.needed {
    case .equal: needed = "to be \(sum)"
    case .greaterThanOrEqual: needed = "to be at least \(sum)"
    case .lessThanOrEqual: needed = "to be at most \(sum)"
    }
    let says: String
    let value = formatNumber(arithmetic.value)
    let name = reference.identifier.map { "\(reference.address) ('\($0)')" } ?? reference.address
    switch arithmetic.relation {
    case .equal: says = "\(name) makes it \(value)"
    case .greaterThanOrEqual: says = "\(name) needs it to be at least \(value)"
    case .lessThanOrEqual: says = "\(name) needs it to be at most \(value)"
    }
    let points = arithmetic.second == nil || arithmetic.multiplier == 1 ? " points" : ""
    return "the other members need \(subject) \(needed)\(points), but \(says)."
  }

  /// A stable name for each pattern, for JSON clients.
  public static func patternName(_ cause: Cause) -> String {
    switch cause {
    case .autoresizingMask: "autoresizingMask"
    case .encapsulatedSize: "encapsulatedSize"
    case .transientZeroSize: "transientZeroSize"
    case .hiddenArrangedView: "hiddenArrangedView"
    case .twoSizes: "twoSizes"
    case .leftRightInRightToLeft: "leftRightInRightToLeft"
    }
  }

  public static func causeText(_ cause: Cause) -> String {
    switch cause {
    case .autoresizingMask(let view, let mask, let systemView):
      let maskPart = mask.map { " (\(maskText($0)))" } ?? ""
      if systemView {
        return
          "\(itemText(view)) is UIKit's own view, placed by its frame and autoresizing mask\(maskPart); its frame is still empty while the constraints inside it are laid out."
      }
      return
        "\(itemText(view)) still has translatesAutoresizingMaskIntoConstraints on, so its frame and autoresizing mask became required constraints\(maskPart)."
    case .encapsulatedSize(let view, let horizontal, let value):
      return
        "the table or collection view fixed \(itemText(view))'s \(horizontal ? "width" : "height") at \(formatNumber(value)) ('UIView-Encapsulated-Layout-\(horizontal ? "Width" : "Height")'), and the required constraints inside it need another \(horizontal ? "width" : "height")."
    case .transientZeroSize(let view, let horizontal):
      return
        "\(itemText(view)) is given a \(horizontal ? "width" : "height") of 0 while it is created, before its real size is known; this is harmless if the layout is right once it appears."
    case .hiddenArrangedView(let view, let horizontal):
      return
        "\(itemText(view)) is a hidden arranged view of a stack view, which collapses it to a \(horizontal ? "width" : "height") of 0 ('UISV-hiding'), but it has a required \(horizontal ? "width" : "height") or chain of constraints inside it."
    case .leftRightInRightToLeft(let address):
      return
        "the layout is right to left, where leading and trailing constraints mirror but left and right ones (\(address)) stay put, so they no longer agree."
    case .twoSizes(let view, let horizontal, let values):
      return
        "\(itemText(view))'s \(horizontal ? "width" : "height") is set twice, to \(values.map(formatNumber).joined(separator: " and ")): a constraint was added again without the old one being deactivated."
    }
  }

  public static func fixText(_ cause: Cause) -> String {
    switch cause {
    case .autoresizingMask(let view, _, let systemView):
      if systemView {
        return "give the bar or container a real frame before it is laid out (for example `UIToolbar(frame: CGRect(x: 0, y: 0, width: 320, height: 44))`), or lower a constraint inside it to 999."
      }
      return "set `\(variableName(view)).translatesAutoresizingMaskIntoConstraints = false` before adding its constraints."
    case .encapsulatedSize(_, let horizontal, _):
      return
        "lower one \(horizontal ? "horizontal" : "vertical") constraint of the chain inside the cell to 999 (`constraint.priority = UILayoutPriority(999)`), so it gives way while the cell is measured\(horizontal ? "" : "; with self-sizing cells, set `tableView.rowHeight = UITableView.automaticDimension` and an `estimatedRowHeight`")."
    case .transientZeroSize(_, let horizontal):
      return
        "nothing, if the layout is right once it appears; to silence it, lower one \(horizontal ? "horizontal" : "vertical") constraint inside the view to 999 (`constraint.priority = UILayoutPriority(999)`)."
    case .hiddenArrangedView(_, let horizontal):
      return
        "lower the hidden view's \(horizontal ? "width" : "height") constraint (or one constraint of the chain inside it) to 999 (`constraint.priority = UILayoutPriority(999)`), so that it gives way when the stack view hides it."
    case .leftRightInRightToLeft:
      return "use leading and trailing anchors (`leadingAnchor`, `trailingAnchor`) instead of left and right ones, so that the whole layout mirrors."
    case .twoSizes:
      return
        "keep a reference to the constraint and change its `constant` instead of adding another, or deactivate the old one first (`old.isActive = false`)."
    }
  }

  /// A variable name for code: `label` for a `UILabel`, `stackView` for a `UIStackView`.
  static func variableName(_ item: LogItem) -> String {
    var base = item.baseClassName.drop { $0 == "_" }
    if base.hasPrefix("UI") || base.hasPrefix("NS") { base = base.dropFirst(2) }
    guard let first = base.first else { return "view" }
    return first.lowercased() + base.dropFirst()
  }

  static func counted(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  static func list(_ names: [String]) -> String {
    switch names.count {
    case 0: ""
    case 1: names[0]
    default: names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }
  }
}
