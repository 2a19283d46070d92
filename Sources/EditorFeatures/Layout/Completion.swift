import LayoutAnalysis
import LayoutSyntax

private let viewKinds = ViewKind.allCases.map(\.rawValue)
private let propertyKeywords = [
  "intrinsic", "hug", "resist", "frame", "insets", "baseline", "margins", "transform", "hidden",
]
private let statementKeywords = ["canvas", "direction", "spacing", "metric"]
/// The options of a stack view whose value follows them.
private let stackOptionsWithValues: Set<String> = ["axis", "spacing", "distribution", "alignment"]

/// Where the cursor is, as far as completion cares.
enum CompletionContext: Equatable {
  /// After `item.`: attributes, and the view's layout guides (`safeArea`, `margins`,
  /// `readable`) when the item can have them; `item` is the word before the dot.
  case attribute(allowGuide: Bool, item: String)
  /// After `@`: priorities.
  case priority
  /// Inside `[` of a format: view names.
  case formatView
  /// Inside a format's predicate or gap: metrics and views.
  case formatPredicate
  /// After a format: its options.
  case formatOption
  /// At the start of a statement.
  case statement
  /// After a view declaration's name: its properties (and a stack view's options).
  case property(isStack: Bool)
  /// After a stack view's option that takes a value: its values, the alignments those that
  /// name edges across the stack's axis (`top` in a horizontal stack, `leading` in a vertical one).
  case stackValue(option: String, axis: StackAxis)
  /// After `direction`.
  case direction
  /// After `when` or a canvas's `traits`: the size classes of the axes not given yet.
  case traits(given: [String])
  /// After a canvas's size: its options.
  case canvasOption
  /// Anywhere else in an expression: views and metrics.
  case expression
}

enum CompletionAnalyzer {
  /// The context of a cursor from the text of its line before it.
  static func context(linePrefix: String, kind: FileKind) -> CompletionContext {
    let scalars = Array(linePrefix.unicodeScalars)
    var wordStart = scalars.count
    while wordStart > 0, isWordScalar(scalars[wordStart - 1]) { wordStart -= 1 }
    let before = String(String.UnicodeScalarView(scalars[..<wordStart]))
    let trimmedLine = linePrefix.drop { $0 == " " || $0 == "\t" }
    let words = trimmedLine.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    let isFormat = kind == .vfl || ["H:", "V:", "|", "[", "\""].contains { trimmedLine.hasPrefix($0) }
    if isFormat && !statementKeywords.contains(words.first ?? "") {
      return formatContext(before)
    }
    if before.hasSuffix(".") {
      let item = before.dropLast().reversed().prefix { isWordCharacter($0) }
      let itemName = String(item.reversed())
      if ["safeArea", "margins", "readable"].contains(itemName) { return .attribute(allowGuide: false, item: itemName) }
      return .attribute(allowGuide: true, item: itemName)
    }
    let trimmedBefore = before.reversed().drop { $0 == " " || $0 == "\t" }
    if trimmedBefore.first == "@" { return .priority }
    if before.allSatisfy({ $0 == " " || $0 == "\t" }) { return .statement }
    // After the kind and the name of a declaration (not while the name is being typed).
    let endsWithSpace = linePrefix.hasSuffix(" ") || linePrefix.hasSuffix("\t")
    let complete = endsWithSpace ? words : Array(words.dropLast())
    if kind == .layout, complete.first == "when", !complete.contains(where: { $0.contains("{") }) {
      return .traits(given: Array(complete.dropFirst()))
    }
    if complete.first == "canvas", let traits = complete.firstIndex(of: "traits") {
      return .traits(given: Array(complete[(traits + 1)...]))
    }
    if complete.first == "canvas", complete.count >= 3, complete.last?.hasSuffix(")") == true || complete.count == 3 {
      return .canvasOption
    }
    if let first = words.first, viewKinds.contains(first), words.count >= 3 || (words.count == 2 && endsWithSpace) {
      // The word before the one being typed (or before the cursor, after a space).
      if first == "stack", complete.count >= 3, let option = complete.last, stackOptionsWithValues.contains(option) {
        let axisIndex = complete.lastIndex(of: "axis")
        let axis = axisIndex.flatMap { $0 + 1 < complete.count ? StackAxis(rawValue: complete[$0 + 1]) : nil }
        return .stackValue(option: option, axis: axis ?? .horizontal)
      }
      return .property(isStack: first == "stack")
    }
    if words.first == "direction" { return .direction }
    return .expression
  }

  private static func formatContext(_ before: String) -> CompletionContext {
    var inQuotes = false
    var depthBracket = 0
    var depthParen = 0
    var afterFormat = false
    var sawFormat = false
    for character in before {
      switch character {
      case "\"":
        inQuotes.toggle()
        if !inQuotes { afterFormat = true }
      case "[": depthBracket += 1; sawFormat = true
      case "]": depthBracket = max(0, depthBracket - 1)
      case "(": depthParen += 1
      case ")": depthParen = max(0, depthParen - 1)
      case " ", "\t":
        if !inQuotes && sawFormat && depthBracket == 0 && depthParen == 0 { afterFormat = true }
      default: break
      }
    }
    if afterFormat && !inQuotes { return .formatOption }
    if depthParen > 0 { return .formatPredicate }
    if depthBracket > 0 { return .formatView }
    if before.hasSuffix("-") || before.hasSuffix("@") { return .formatPredicate }
    return .formatView
  }

  private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
  }

  private static func isWordCharacter(_ character: Character) -> Bool {
    character == "_" || (character.isASCII && (character.isLetter || character.isNumber))
  }
}

extension LayoutSnapshot {
  /// What fits where the cursor is, from the text of its line before it.
  public func completions(at offset: Int) -> [CompletionItem]? {
    let line = lines.line(containing: offset)
    let lineStart = lines.contentRange(ofLine: line).start
    let start = min(max(lineStart, 0), bytes.count)
    let prefix = String(decoding: bytes[start..<min(max(start, offset), bytes.count)], as: UTF8.self)
    let views = model.namedViews
    let metrics = model.metrics.keys.sorted()
    var items: [CompletionItem] = []
    func add(_ labels: [String], kind: CompletionItemKind, detail: String? = nil) {
      for label in labels { items.append(CompletionItem(label: label, kind: kind, detail: detail)) }
    }
    switch CompletionAnalyzer.context(linePrefix: prefix, kind: document.kind) {
    case .attribute(let allowGuide, let item):
      // A layout guide (declared, or a view's) has no baselines and no margins.
      let isGuide = !allowGuide || model.views[item]?.layoutGuide == .declared
      let attributes =
        isGuide
        ? LayoutAttribute.allCases.filter { !$0.isBaseline && !$0.isMargin }.map(\.rawValue)
        : LayoutAttribute.writtenNames
      add(attributes, kind: .property, detail: "attribute")
      if allowGuide && !isGuide {
        add(["safeArea"], kind: .property, detail: "safe-area layout guide")
        add(["margins"], kind: .property, detail: "layout margins guide")
        add(["readable"], kind: .property, detail: "readable content guide")
      }
    case .priority:
      for name in PriorityName.allCases {
        add([name.rawValue], kind: .enumMember, detail: "priority \(formatNumber(name.value))")
      }
      add(metrics, kind: .constant, detail: "metric")
    case .formatView:
      add(views, kind: .class, detail: "view")
    case .formatPredicate:
      add(metrics, kind: .constant, detail: "metric")
      add(views, kind: .class, detail: "view")
      for name in PriorityName.allCases where prefix.hasSuffix("@") {
        add([name.rawValue], kind: .enumMember, detail: "priority \(formatNumber(name.value))")
      }
    case .formatOption:
      // Views are aligned across the format's axis: UIKit refuses `alignAllLeft` in a
      // horizontal format, and `alignAllTop` in a vertical one.
      let written = prefix.drop { $0 == " " || $0 == "\t" || $0 == "\"" }
      let axis: AttributeAxis = written.hasPrefix("V:") ? .vertical : .horizontal
      let options = VisualFormatOption.allCases.filter { $0.alignedAttribute.map { $0.axis != axis } ?? true }
      add(options.map(\.rawValue), kind: .enumMember, detail: "format option")
    case .statement:
      if document.kind == .layout {
        add(viewKinds, kind: .keyword, detail: "view declaration")
      }
      add(statementKeywords, kind: .keyword)
      if document.kind == .layout { add(["when"], kind: .keyword, detail: "size classes") }
      add(["H:", "V:"], kind: .keyword, detail: "visual format")
      if document.kind == .layout {
        add(views + ["super"], kind: .class, detail: "view")
      }
    case .property(let isStack):
      if isStack { add(StackOption.keywords, kind: .keyword, detail: "stack option") }
      add(propertyKeywords, kind: .keyword, detail: "view property")
    case .stackValue(let option, let axis):
      switch option {
      case "axis":
        add(StackAxis.allCases.map(\.rawValue), kind: .enumMember, detail: "axis")
      case "distribution":
        add(StackDistribution.allCases.map(\.rawValue), kind: .enumMember, detail: "distribution")
      case "alignment":
        // `top` and `bottom` are the same alignments as `leading` and `trailing`: offer the
        // names of the edges across the axis, and baselines only across a horizontal stack.
        let names: [StackAlignment] =
          axis == .horizontal
          ? [.fill, .top, .center, .bottom, .firstBaseline, .lastBaseline]
          : [.fill, .leading, .center, .trailing]
        add(names.map(\.rawValue), kind: .enumMember, detail: "alignment")
      default:
        add(["standard"], kind: .enumMember, detail: "system spacing, 8 points")
      }
    case .direction:
      add(["ltr", "rtl", "both"], kind: .enumMember)
    case .traits(let given):
      let axes = Set(given.compactMap(\.first))
      if given.count < 2 {
        add(TraitWord.all.filter { !axes.contains($0.first ?? " ") }, kind: .enumMember, detail: "size class")
      }
    case .canvasOption:
      add(["safe", "traits"], kind: .keyword, detail: "canvas option")
    case .expression:
      add(views + ["super"], kind: .class, detail: "view")
      add(metrics, kind: .constant, detail: "metric")
    }
    return items
  }
}
