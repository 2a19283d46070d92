import Foundation
import LayoutSyntax

/// A conflict report written as a `.layout` file that `plumb check` reports as the same
/// conflict: every item a view (or guide) at the top level, named from its class and text,
/// and every constraint an equation, with its address in a comment.
public enum Reproduction {
  /// The file, and for each constraint of the block (by index) the 0-based line it is on.
  public struct Layout: Sendable {
    public var text: String
    public var lineOfConstraint: [Int: Int]
    /// The layout's name for each item key.
    public var names: [String: String]
  }

  public static func layout(_ explanation: Explanation) -> Layout {
    let block = explanation.block
    let constraints = block.constraints
    var lines: [String] = []
    lines.append("# Reproduction of the conflict at line \(block.line + 1) of the log, written by plumb explain.")
    lines.append("# Every view is at the top level: a constraint's numbers are what the log printed.")
    lines.append("# Margins that the log does not print are UIKit's default, 8 points.")
    // An unnamed superview that other entries identify is written as that view.
    let links = SuperviewInference.links(constraints)
    for link in links {
      lines.append(
        "# \(ExplanationText.itemText(link.placeholder)) is taken to be \(ExplanationText.itemText(link.superview)) (inferred from \(link.evidence.joined(separator: ", "))).")
    }
    lines.append(constraints.contains { $0.isRightToLeft } ? "direction rtl" : "direction ltr")
    // Items in order of appearance, with names made from class and text.
    var names: [String: String] = [:]
    // Names the language reserves, or reads as the start of a statement, are never given.
    var used: Set<String> = [
      "root", "super", "canvas", "when", "direction", "spacing", "metric", "view", "label", "button", "image", "field",
      "switch", "stack", "guide", "required", "high", "low", "fitting", "H", "V", "safeArea", "margins", "readable",
    ]
    var declarations: [String] = []
    var brokenIndex: Int?
    if case .listed(let index, _) = explanation.broken { brokenIndex = index }
    var order = Array(constraints.indices.filter { $0 != brokenIndex })
    if let brokenIndex { order.append(brokenIndex) }
    let guides = LinearSystem.marginGuides(constraints)
    let superviews = Dictionary(links.map { ($0.placeholder.key, $0.superview) }, uniquingKeysWith: { first, _ in first })
    let rewritten = constraints.map { viaSuperviews(viaMarginGuides($0, guides: guides), superviews) }
    // An item is a guide only if every mention of its address says so (one object has one
    // class in a real log; a mangled one may not).
    var notGuides: Set<String> = []
    for constraint in rewritten {
      for term in [constraint.first] + (constraint.second.map { [$0] } ?? []) where !term.item.isLayoutGuide {
        notGuides.insert(term.item.key)
      }
    }
    for index in order {
      let constraint = rewritten[index]
      for term in [constraint.first] + (constraint.second.map { [$0] } ?? []) {
        let item = term.item
        guard names[item.key] == nil else { continue }
        var name = baseName(item)
        if used.contains(name) {
          var number = 2
          while used.contains("\(name)_\(number)") { number += 1 }
          name = "\(name)_\(number)"
        }
        used.insert(name)
        names[item.key] = name
        let kind = item.isLayoutGuide && !notGuides.contains(item.key) ? "guide" : layoutKind(item)
        declarations.append("\(kind) \(name)    # \(ExplanationText.itemText(item))")
      }
    }
    lines.append("")
    lines += declarations
    lines.append("")
    var lineOfConstraint: [Int: Int] = [:]
    for index in order {
      let constraint = rewritten[index]
      lineOfConstraint[index] = lines.count
      lines.append(equation(constraint, names: names) + "    # \(constraint.address) (\(constraint.kind.rawValue))")
    }
    return Layout(text: lines.joined(separator: "\n") + "\n", lineOfConstraint: lineOfConstraint, names: names)
  }

  /// An unnamed superview is the view the report's other entries identify, as Plumb solves it.
  static func viaSuperviews(_ constraint: LogConstraint, _ superviews: [String: LogItem]) -> LogConstraint {
    guard !superviews.isEmpty else { return constraint }
    var constraint = constraint
    if let item = superviews[constraint.first.item.key] { constraint.first.item = item }
    if let second = constraint.second, let item = superviews[second.item.key] { constraint.second?.item = item }
    return constraint
  }

  /// A margin of a view whose margins guide the log prints is that guide's edge, as Plumb solves it.
  static func viaMarginGuides(_ constraint: LogConstraint, guides: [String: LogItem]) -> LogConstraint {
    func map(_ term: LogTerm) -> LogTerm {
      guard let guide = guides[term.item.key] else { return term }
      let attribute: LogAttribute? =
        switch term.attribute {
        case .leftMargin: .left
        case .rightMargin: .right
        case .leadingMargin: .leading
        case .trailingMargin: .trailing
        case .topMargin: .top
        case .bottomMargin: .bottom
        case .centerXWithinMargins: .centerX
        case .centerYWithinMargins: .centerY
        default: nil
        }
      return attribute.map { LogTerm(item: guide, attribute: $0) } ?? term
    }
    var constraint = constraint
    constraint.first = map(constraint.first)
    constraint.second = constraint.second.map(map)
    return constraint
  }

  static func equation(_ constraint: LogConstraint, names: [String: String]) -> String {
    func term(_ term: LogTerm) -> String {
      (names[term.item.key] ?? "root") + "." + term.attribute.layoutSpelling
    }
    var text = term(constraint.first) + " " + constraint.relation.rawValue + " "
    if let second = constraint.second {
      if constraint.multiplier != 1 { text += number(constraint.multiplier) + " * " }
      text += term(second)
      if constraint.constant != 0 {
        text += (constraint.constant < 0 ? " - " : " + ") + number(abs(constraint.constant))
      }
    } else {
      text += number(constraint.constant)
    }
    if !constraint.isRequired { text += " @" + number(constraint.priority) }
    return text
  }

  /// A number as the layout language reads it, exactly: plain decimals, never an exponent.
  public static func number(_ value: Double) -> String {
    let short = formatNumber(value)
    if !short.contains("e"), Double(short) == value { return short }
    if abs(value) >= 1e15 { return String(format: "%.0f", value) }
    var text = String(format: "%.20f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// `Label_LeoNicholson` from `UILabel:0x…'Leo Nicholson'`; `ContentView` from
  /// `UITableViewCellContentView`; a name from the names dictionary as it is.
  static func baseName(_ item: LogItem) -> String {
    if let superviewOf = item.superviewOf {
      return "SuperviewOf_" + identifier(superviewOf.hasPrefix("name:") ? String(superviewOf.dropFirst(5)) : superviewOf)
    }
    if item.text == "UIViewSafeAreaLayoutGuide" || item.text == "UIViewLayoutMarginsGuide" {
      let kind = item.text == "UIViewSafeAreaLayoutGuide" ? "SafeArea" : "Margins"
      return kind + "_" + String((item.address ?? "").suffix(4))
    }
    var base = Substring(item.baseClassName).drop { $0 == "_" }
    if base.hasPrefix("UI") || base.hasPrefix("NS") { base = base.dropFirst(2) }
    var name = identifier(String(base))
    if item.className.isEmpty, let given = item.name { name = identifier(given) }
    if name.isEmpty { name = "View" }
    if let text = item.text.map(words), !text.isEmpty {
      name += "_" + text
    } else if let address = item.address, item.className.isEmpty == false {
      name += "_" + String(address.suffix(4))
    }
    if let first = name.first, first.isNumber { name = "V" + name }
    return name
  }

  /// Letters, digits and underscores of `text`.
  static func identifier(_ text: String) -> String {
    String(text.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
  }

  /// `Leo Nicholson` → `LeoNicholson`, at most 24 characters.
  static func words(_ text: String) -> String {
    let parts = text.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    let joined = parts.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    return String(joined.prefix(24))
  }

  /// The layout language's kind for a class (never `stack`, which would add a stack's own constraints).
  static func layoutKind(_ item: LogItem) -> String {
    let base = item.baseClassName
    if base.hasSuffix("Label") { return "label" }
    if base.hasSuffix("ImageView") { return "image" }
    if base.hasSuffix("Button") { return "button" }
    if base.hasSuffix("TextField") { return "field" }
    if base.hasSuffix("Switch") { return "switch" }
    return "view"
  }
}
