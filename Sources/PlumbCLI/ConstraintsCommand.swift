import JSONRPC
import LayoutAnalysis
import LayoutSyntax

/// `plumb constraints FILE [--format text|json] [--implicit]`.
enum ConstraintsCommand {
  static func run(_ arguments: [String], io: CommandIO) throws(UsageError) -> Int32 {
    let parsed = try Arguments(arguments, command: "constraints", flags: ["--implicit"], options: ["--format"])
    let format = try parsed.choice("--format", allowed: ["text", "json"], default: "text", command: "constraints")
    let path = try parsed.onlyFile(command: "constraints")
    let document = try loadDocument(path: path, io: io, command: "constraints")
    // What the layout generates without the file writing it (stack views' constraints, the
    // engine's own) is listed only when asked for.
    let implicit = parsed.flags.contains("--implicit")
    var constraints = implicit ? document.model.constraints : document.model.constraints.filter { $0.origin != .stackView }
    if implicit {
      for canvas in document.model.effectiveCanvases {
        constraints += document.model.implicitConstraints(for: canvas)
      }
    }
    let displayPath = path == "-" ? "<stdin>" : path
    let errors = document.diagnostics.filter { $0.severity == .error }

    let lines = document.lineIndex
    if format == "json" {
      let value: JSONValue = .object([
        ("version", .int(outputSchemaVersion)),
        ("file", .string(displayPath)),
        ("constraints", .array(constraints.map { jsonConstraint($0, in: lines) })),
        ("diagnostics", .array(document.diagnostics.map { jsonDiagnostic($0, in: lines) })),
      ])
      io.writeOutput(value.prettyText + "\n")
    } else {
      var output = ""
      for constraint in constraints {
        let position = lines.utf8Position(of: constraint.range.start)
        output += "\(constraint)    (\(constraint.origin.rawValue), line \(position.line + 1))\n"
      }
      io.writeOutput(output)
    }
    if !errors.isEmpty {
      let report = FileReport(path: displayPath, document: document, diagnostics: errors)
      io.writeError(renderText([report], style: Style(enabled: false)))
      return 1
    }
    return 0
  }

  static func jsonConstraint(_ constraint: LayoutConstraint, in index: LineIndex) -> JSONValue {
    func side(_ item: ConstraintItem) -> JSONValue {
      .object([("item", .string(item.itemName)), ("attribute", .string(item.attribute.rawValue))])
    }
    return .object([
      ("first", side(constraint.first)),
      ("relation", .string(constraint.relation.rawValue)),
      ("second", constraint.second.map(side) ?? .null),
      ("multiplier", .number(constraint.multiplier)),
      ("constant", .number(constraint.constant)),
      ("priority", .number(constraint.priority)),
      ("label", .string(constraint.label)),
      ("origin", .string(constraint.origin.rawValue)),
      ("range", jsonRange(constraint.range, in: index)),
    ])
  }
}
