// A readable, deterministic dump of a parsed file: the golden format of the parser tests.
//
// One node per line, indented two spaces per level, each with its range as
// `@LINE:COLUMN-LINE:COLUMN` (1-based; columns in UTF-8 bytes, end exclusive), then the
// diagnostics. For example:
//
//     LayoutFile layout @1:1-2:1
//       ViewDeclaration label Title @1:1-1:29
//         Kind label @1:1-1:6
//         Name Title @1:7-1:12
//         Property intrinsic 120x21 @1:13-1:29
//     Diagnostics 0

extension LayoutFile {
  /// The tree as indented text with ranges, followed by the diagnostics.
  ///
  /// - Parameter index: The line index of the text this file was parsed from.
  public func dump(_ index: LineIndex) -> String {
    var printer = TreePrinter(index: index)
    printer.line(0, "LayoutFile \(kind.rawValue)", SourceRange(start: 0, end: index.bytes.count))
    for statement in statements { printer.statement(statement, depth: 1) }
    printer.output += "Diagnostics \(diagnostics.count)\n"
    for diagnostic in diagnostics {
      printer.output +=
        "  \(diagnostic.severity.rawValue)[\(diagnostic.code)] \(printer.position(diagnostic.range)) \(diagnostic.message)\n"
    }
    return printer.output
  }
}

/// Writes nodes as lines.
struct TreePrinter {
  let index: LineIndex
  var output = ""

  /// `@L:C-L:C` for a range.
  func position(_ range: SourceRange) -> String {
    let start = index.utf8Position(of: range.start)
    let end = index.utf8Position(of: range.end)
    return "@\(start.line + 1):\(start.column + 1)-\(end.line + 1):\(end.column + 1)"
  }

  mutating func line(_ depth: Int, _ text: String, _ range: SourceRange) {
    output += String(repeating: "  ", count: depth) + text + " " + position(range) + "\n"
  }

  // MARK: - Statements

  mutating func statement(_ statement: Statement, depth: Int) {
    switch statement {
    case .canvas(let node):
      var text = "CanvasDeclaration \(number(node.width))x\(number(node.height))"
      if let safe = node.safeArea {
        text += " safe (\(number(safe.top)), \(number(safe.left)), \(number(safe.bottom)), \(number(safe.right)))"
      }
      line(depth, text, node.range)
      line(depth + 1, "Name \(node.name.name)", node.name.range)
      for trait in node.traits { line(depth + 1, "Trait \(trait.isHorizontal ? "w" : "h")\(trait.sizeClass.letter)", trait.range) }
    case .direction(let node):
      line(depth, "DirectionDeclaration \(node.value.rawValue)", node.range)
    case .spacing(let node):
      let superview: String
      switch node.superview {
      case .none: superview = "default"
      case .points(let value): superview = number(value)
      case .margins: superview = "margins"
      }
      line(depth, "SpacingDeclaration sibling \(number(node.sibling)) superview \(superview)", node.range)
    case .metric(let node):
      line(depth, "MetricDeclaration \(node.name.name) = \(number(node.value))", node.range)
      line(depth + 1, "Name \(node.name.name)", node.name.range)
      line(depth + 1, "Value \(number(node.value))", node.valueRange)
    case .view(let node):
      view(node, depth: depth)
    case .constraint(let node):
      constraint(node, depth: depth)
    case .visualFormat(let node):
      visualFormatStatement(node, depth: depth)
    case .when(let node):
      line(depth, "When \(node.condition)", node.range)
      for trait in node.traits { line(depth + 1, "Trait \(trait.isHorizontal ? "w" : "h")\(trait.sizeClass.letter)", trait.range) }
      line(depth + 1, "Body \(node.body.count)", node.bodyRange)
      for statement in node.body { self.statement(statement, depth: depth + 2) }
    }
  }

  mutating func view(_ node: ViewDeclaration, depth: Int) {
    line(depth, "ViewDeclaration \(node.kind.name) \(node.name.name)", node.range)
    line(depth + 1, "Kind \(node.kind.name)", node.kind.range)
    line(depth + 1, "Name \(node.name.name)", node.name.range)
    for property in node.properties {
      line(depth + 1, "Property \(property.keyword.name) \(describe(property.value))", property.range)
    }
    if let bodyRange = node.bodyRange {
      line(depth + 1, "Body \(node.body.count)", bodyRange)
      for statement in node.body { self.statement(statement, depth: depth + 2) }
    }
  }

  func describe(_ value: ViewPropertyValue) -> String {
    switch value {
    case .intrinsic(let width, let height):
      return "\(width.map(number) ?? "-")x\(height.map(number) ?? "-")"
    case .hugging(let horizontal, let vertical), .compressionResistance(let horizontal, let vertical):
      return "\(number(horizontal))/\(number(vertical))"
    case .frame(let rect):
      return "(\(number(rect.x)) \(number(rect.y)); \(number(rect.width)) \(number(rect.height)))"
    case .alignmentInsets(let insets):
      return "(\(number(insets.top)), \(number(insets.left)), \(number(insets.bottom)), \(number(insets.right)))"
    case .baseline(let value):
      return number(value)
    case .baselines(let first, let last):
      return [first.map { "first \(number($0))" }, last.map { "last \(number($0))" }].compactMap { $0 }.joined(separator: " ")
    case .margins(let insets):
      return "(\(number(insets.top)), \(number(insets.leading)), \(number(insets.bottom)), \(number(insets.trailing)))"
    case .transform(.rotate(let degrees)):
      return "rotate \(number(degrees))"
    case .transform(.scale(let factor)):
      return "scale \(number(factor))"
    case .hidden:
      return "yes"
    case .stack(.axis(let axis)):
      return axis.rawValue
    case .stack(.spacing(.points(let points))):
      return number(points)
    case .stack(.spacing(.standard)):
      return "standard"
    case .stack(.distribution(let distribution)):
      return distribution.rawValue
    case .stack(.alignment(let alignment)):
      return alignment.rawValue
    case .stack(.baselineRelative), .stack(.marginsRelative):
      return "yes"
    }
  }

  // MARK: - Constraints

  mutating func constraint(_ node: ConstraintStatement, depth: Int) {
    line(depth, "ConstraintStatement \(node.relation.rawValue)", node.range)
    if let label = node.label { line(depth + 1, "Label \(label.name)", label.range) }
    attribute("First", node.first, depth: depth + 1)
    line(depth + 1, "Relation \(node.relation.rawValue)", node.relationRange)
    if let multiplier = node.multiplier { line(depth + 1, "Multiplier \(term(multiplier))", multiplier.range) }
    if let second = node.second { attribute("Second", second, depth: depth + 1) }
    if let constant = node.constant { line(depth + 1, "Constant \(term(constant))", constant.range) }
    if let priority = node.priority { line(depth + 1, "Priority \(describe(priority.value))", priority.range) }
  }

  mutating func attribute(_ role: String, _ reference: AttributeReference, depth: Int) {
    let guide = reference.item.guide.map { ".\($0.name)" } ?? ""
    line(depth, "\(role) \(reference.item.name.name)\(guide).\(reference.attribute.rawValue)", reference.range)
    line(depth + 1, "Item \(reference.item.name.name)\(guide)", reference.item.range)
    if let guideName = reference.item.guide { line(depth + 1, "Guide \(guideName.name)", guideName.range) }
    let written = reference.attributeName.name
    let attribute = reference.attribute.rawValue
    line(
      depth + 1, "Attribute \(attribute)\(written == attribute ? "" : " (written \(written))")",
      reference.attributeName.range)
  }

  func term(_ term: NumericTerm) -> String {
    let sign = term.isNegated ? "- " : ""
    switch term.value {
    case .number(let value): return sign + number(value)
    case .metric(let name): return sign + "metric " + name.name
    }
  }

  func describe(_ priority: PriorityValue) -> String {
    switch priority {
    case .number(let value): return number(value)
    case .named(let name, let offset):
      if offset == 0 { return name.rawValue }
      return name.rawValue + (offset < 0 ? "-" : "+") + number(abs(offset))
    case .metric(let name): return "metric " + name.name
    }
  }

  // MARK: - Visual formats

  mutating func visualFormatStatement(_ node: VisualFormatStatement, depth: Int) {
    line(depth, "VisualFormatStatement \(node.isQuoted ? "quoted" : "bare")", node.range)
    line(depth + 1, "Format \(index.text(node.formatRange))", node.formatRange)
    if let format = node.format {
      visualFormat(format, depth: depth + 1)
    } else {
      output += String(repeating: "  ", count: depth + 1) + "VisualFormat none\n"
    }
    for option in node.options { line(depth + 1, "Option \(option.name)", option.range) }
  }

  mutating func visualFormat(_ format: VisualFormat, depth: Int) {
    line(depth, "VisualFormat \(format.orientation == .horizontal ? "horizontal" : "vertical")", format.range)
    if let range = format.orientationRange { line(depth + 1, "Orientation \(format.orientation.rawValue)", range) }
    if let edge = format.leadingSuperview {
      line(depth + 1, "Superview", edge.barRange)
      connection(edge.connection, depth: depth + 1)
    }
    for (position, view) in format.views.enumerated() {
      if position > 0, position - 1 < format.connections.count {
        connection(format.connections[position - 1], depth: depth + 1)
      }
      line(depth + 1, "View \(view.name.name)", view.range)
      line(depth + 2, "Name \(view.name.name)", view.name.range)
      for predicate in view.predicates { self.predicate(predicate, depth: depth + 2) }
    }
    if let edge = format.trailingSuperview {
      connection(edge.connection, depth: depth + 1)
      line(depth + 1, "Superview", edge.barRange)
    }
  }

  mutating func connection(_ connection: VFLConnection, depth: Int) {
    switch connection.kind {
    case .flush:
      line(depth, "Connection flush", connection.range)
    case .standard:
      line(depth, "Connection standard", connection.range)
    case .predicates(let predicates):
      line(
        depth, "Connection \(predicates.count == 1 ? "1 predicate" : "\(predicates.count) predicates")",
        connection.range)
      for predicate in predicates { self.predicate(predicate, depth: depth + 1) }
    }
  }

  mutating func predicate(_ predicate: VFLPredicate, depth: Int) {
    var text = "Predicate \(predicate.relation.rawValue) \(describe(predicate.object))"
    if let priority = predicate.priority { text += " @" + describe(priority) }
    line(depth, text, predicate.range)
    if let range = predicate.relationRange { line(depth + 1, "Relation \(predicate.relation.rawValue)", range) }
    line(depth + 1, "Object \(describe(predicate.object))", predicate.object.range)
    if let priority = predicate.priority { line(depth + 1, "Priority \(describe(priority))", priority.range) }
  }

  func describe(_ object: VFLObject) -> String {
    switch object {
    case .number(let value, _): return number(value)
    case .name(let name): return name.name
    }
  }

  func describe(_ priority: VFLPriority) -> String {
    switch priority {
    case .number(let value, _): return number(value)
    case .name(let name): return name.name
    }
  }

  // MARK: - Numbers

  /// A number as briefly as it reads: `20`, `-8`, `0.5`.
  func number(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
      return String(Int(value))
    }
    return String(value)
  }
}

extension LineIndex {
  /// The text of a range, with invalid UTF-8 replaced, for dumps and messages.
  func text(_ range: SourceRange) -> String {
    let start = min(max(range.start, 0), bytes.count)
    let end = min(max(range.end, start), bytes.count)
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}
