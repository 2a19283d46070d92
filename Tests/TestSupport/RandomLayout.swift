import LayoutSyntax

/// Random `.layout` texts for property tests: well formed, with every kind of constraint,
/// conflicts, ambiguity, nesting, negative and huge numbers.
///
/// The same seed gives the same text on every machine. `problems` adds what makes findings
/// with quick fixes likely: the same constraint written twice (as an equation and as a Visual
/// Format predicate), sizes that contradict each other, misspelt view names, left and right
/// alignments of vertical formats, and rows of views with content sizes that tie.
public enum RandomLayout {
  private static let attributes = LayoutAttribute.writtenNames
  private static let relations = ["==", ">=", "<="]

  public static func text(_ random: inout SeededRandom, problems: Bool = false) -> String {
    var lines: [String] = []
    if Bool.random(using: &random) {
      lines.append("canvas a \(Int.random(in: 1...900, using: &random))x\(Int.random(in: 1...900, using: &random))")
    }
    if Bool.random(using: &random) { lines.append("canvas b 320x480 safe (20, 0, 10, 0)") }
    lines.append(["direction both", "direction ltr", "direction rtl"].randomElement(using: &random) ?? "direction both")
    if Bool.random(using: &random) { lines.append("spacing 8 margins") }
    lines.append("metric m = \(Int.random(in: -20...80, using: &random))")
    let count = Int.random(in: 1...6, using: &random)
    let names = (0..<count).map { "v\($0)" }
    // Some views hold the ones declared after them, so that constraints relate views of
    // different superviews (and are measured in their nearest common ancestor).
    var open = 0
    for name in names {
      var line = ["view", "label", "image", "button"].randomElement(using: &random) ?? "view"
      line += " \(name)"
      if Bool.random(using: &random) {
        line += " intrinsic \(Int.random(in: 0...200, using: &random))x\(Int.random(in: 0...60, using: &random))"
      }
      if Int.random(in: 0..<4, using: &random) == 0 { line += " hug \(Int.random(in: 1...1000, using: &random))" }
      if Int.random(in: 0..<4, using: &random) == 0 { line += " frame (1 2; 30 40)" }
      if Int.random(in: 0..<5, using: &random) == 0 { line += " insets (1, 2, 3, 4)" }
      if Int.random(in: 0..<6, using: &random) == 0 { line += " transform rotate 45" }
      let opens = Int.random(in: 0..<3, using: &random) == 0
      if opens {
        line += " {"
        open += 1
      }
      lines.append(line)
      if !opens, open > 0, Bool.random(using: &random) {
        lines.append("H:|-\(Int.random(in: 0...40, using: &random))-[\(name)]")
        lines.append("}")
        open -= 1
      }
    }
    lines += Array(repeating: "}", count: open)
    var constraints: [String] = []
    for _ in 0..<Int.random(in: 0...10, using: &random) {
      let a = names.randomElement(using: &random) ?? "v0"
      let b = (names + ["super"]).randomElement(using: &random) ?? "super"
      let first = attributes.randomElement(using: &random) ?? "width"
      let second = attributes.randomElement(using: &random) ?? "width"
      let relation = relations.randomElement(using: &random) ?? "=="
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        constraints.append("\(a).\(first) \(relation) \(Int.random(in: -50...500, using: &random))")
      case 1:
        constraints.append(
          "\(a).\(first) \(relation) \(b).\(second) * \(Double(Int.random(in: -4...8, using: &random)) / 2) + m "
            + "@\(Int.random(in: 1...1000, using: &random))")
      case 2:
        let gap = ["", "-", "-8-", "-(>=0)-", "-(m@500)-", "-(-10)-"].randomElement(using: &random) ?? "-"
        let bar = Bool.random(using: &random) ? "|" : ""
        let orientation = Bool.random(using: &random) ? "H:" : "V:"
        constraints.append(
          "\(orientation)\(bar)\(gap.isEmpty ? "" : gap)[\(a)(>=\(Int.random(in: 0...300, using: &random)))]\(gap)"
            + "[\(names.randomElement(using: &random) ?? "v0")]\(bar)")
      default:
        constraints.append("\(a).\(first) == \(b).\(first)")
      }
    }
    if problems {
      constraints += problemLines(names: names, &random)
      constraints.shuffle(using: &random)
    }
    return (lines + constraints).joined(separator: "\n") + "\n"
  }

  /// Statements that make findings with quick fixes likely.
  private static func problemLines(names: [String], _ random: inout SeededRandom) -> [String] {
    var lines: [String] = []
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      let a = names.randomElement(using: &random) ?? "v0"
      let size = Bool.random(using: &random) ? "width" : "height"
      let orientation = size == "width" ? "H:" : "V:"
      let value = [0, 20, 100, 200, 400].randomElement(using: &random) ?? 100
      let priority = ["", "", " @750", " @250"].randomElement(using: &random) ?? ""
      switch Int.random(in: 0..<8, using: &random) {
      case 0:
        // The same constraint twice.
        lines += ["\(a).\(size) == \(value)\(priority)", "\(a).\(size) == \(value)\(priority)"]
      case 1:
        // Once as an equation, once in a Visual Format string.
        lines += ["\(a).\(size) == \(value)", "\(orientation)[\(a)(\(value))]"]
      case 2:
        // Two sizes for one view.
        lines += ["\(a).\(size) == \(value)\(priority)", "\(a).\(size) == \(value + 50)"]
      case 3:
        // A misspelt view.
        lines.append("\(a)x.\(size) == \(value)")
      case 4:
        // A vertical format aligned by left or right edges.
        let b = names.randomElement(using: &random) ?? "v0"
        let option = Bool.random(using: &random) ? "alignAllLeft" : "alignAllRight"
        lines.append("\"V:|-[\(a)(20)]-[\(b)(20)]\" \(option)")
      case 5:
        // A row of views that share the width.
        lines.append("H:|[\(names.joined(separator: "]["))]|")
      case 6:
        // Pinned on one side only.
        lines.append("\(orientation)|-16-[\(a)]")
      default:
        // Left and right edges.
        let b = (names + ["super"]).randomElement(using: &random) ?? "super"
        lines.append("\(a).left == \(b).right + \(value / 10)\(priority)")
      }
    }
    return lines
  }
}
