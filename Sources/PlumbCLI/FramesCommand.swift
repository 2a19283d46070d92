import InterfaceBuilder
import JSONRPC
import LayoutAnalysis
import LayoutSyntax

/// `plumb frames FILE [--canvas NAME] [--direction ltr|rtl] [--format text|json]`.
enum FramesCommand {
  static func run(_ arguments: [String], io: CommandIO) throws(UsageError) -> Int32 {
    let parsed = try Arguments(arguments, command: "frames", flags: [], options: ["--format", "--canvas", "--direction"])
    let format = try parsed.choice("--format", allowed: ["text", "json"], default: "text", command: "frames")
    var direction: LayoutDirection?
    if parsed.options["--direction"] != nil {
      direction = LayoutDirection(
        rawValue: try parsed.choice("--direction", allowed: ["ltr", "rtl"], default: "ltr", command: "frames"))
    }
    guard parsed.positional.count == 1, let path = parsed.positional.first else {
      throw UsageError(
        message: parsed.positional.isEmpty
          ? "plumb frames: missing FILE (see 'plumb help frames')"
          : "plumb frames: expected one FILE, got \(parsed.positional.count)")
    }
    // An Interface Builder file is one layout per scene, each with its scene as its canvas.
    let document: LayoutDocument
    let layouts: [SolvedLayout]
    if path != "-", InterfaceBuilderFile.handles(path: path) {
      let file = try loadInterfaceBuilderFile(path: path, io: io, command: "frames")
      document = file.document
      layouts = file.analyse(solveWithErrors: true).layouts
    } else {
      document = try loadDocument(path: path, io: io, command: "frames")
      layouts = [SolvedLayout(document: document, solveWithErrors: true)]
    }
    let canvas = parsed.options["--canvas"]
    let canvases = layouts.flatMap { $0.document.model.effectiveCanvases }
    if let canvas, !canvases.contains(where: { $0.name == canvas }) {
      let names = canvases.map(\.name).joined(separator: ", ")
      throw UsageError(message: "plumb frames: '\(path)' has no canvas '\(canvas)'; its canvases are \(names)")
    }
    let places = layouts.flatMap { layout in
      layout.places.filter { solver in
        (canvas == nil || solver.place.canvas.name == canvas) && (direction == nil || solver.place.direction == direction)
      }.map { (solver: $0, model: layout.document.model) }
    }
    let displayPath = path == "-" ? "<stdin>" : path

    if format == "json" {
      let layouts: [JSONValue] = places.map { solver, model in
        let ambiguities = solver.ambiguities()
        let views: [JSONValue] = model.viewOrder.compactMap { name in
          guard let view = solver.solvedView(name) else { return nil }
          let axes = ambiguities.filter { $0.view == name }.map { $0.axis == .horizontal ? "horizontal" : "vertical" }
          return .object([
            ("name", .string(name)),
            ("superview", .string(view.superview)),
            ("frame", jsonRect(view.frame)),
            ("alignment", jsonRect(view.alignment)),
            ("ambiguous", .array(axes.map { .string($0) })),
          ])
        }
        return .object([
          ("canvas", .string(solver.place.canvas.name)),
          ("width", .number(solver.place.canvas.width)),
          ("height", .number(solver.place.canvas.height)),
          ("direction", .string(solver.place.direction.rawValue)),
          ("views", .array(views)),
        ])
      }
      let value: JSONValue = .object([
        ("version", .int(outputSchemaVersion)), ("file", .string(displayPath)), ("layouts", .array(layouts)),
      ])
      io.writeOutput(value.prettyText + "\n")
    } else {
      var output = ""
      for (index, (solver, model)) in places.enumerated() {
        if index > 0 { output += "\n" }
        let canvas = solver.place.canvas
        output += "\(canvas.name) (\(formatNumber(canvas.width)) × \(formatNumber(canvas.height))), \(solver.place.direction.phrase)\n"
        let ambiguities = solver.ambiguities()
        func write(_ name: String, depth: Int) {
          guard let view = solver.solvedView(name), let node = model.views[name] else { return }
          var line = String(repeating: "  ", count: depth) + "\(name): frame = \(frameText(view.frame))"
          if view.alignment != view.frame { line += ", alignment = \(frameText(view.alignment))" }
          let axes = ambiguities.filter { $0.view == name }.map { $0.axis == .horizontal ? "horizontal" : "vertical" }
          if !axes.isEmpty { line += "  AMBIGUOUS \(axes.joined(separator: ", "))" }
          output += line + "\n"
          for child in node.subviews { write(child, depth: depth + 1) }
        }
        write(LayoutModel.rootName, depth: 0)
      }
      io.writeOutput(output)
    }
    let errors = document.diagnostics.filter { $0.severity == .error }
    if !errors.isEmpty {
      io.writeError(renderText([FileReport(path: displayPath, document: document, diagnostics: errors)], style: Style(enabled: false)))
      return 1
    }
    return 0
  }

  private static func frameText(_ rect: Rect) -> String {
    "(\(formatNumber(rect.x)) \(formatNumber(rect.y)); \(formatNumber(rect.width)) \(formatNumber(rect.height)))"
  }

  private static func jsonRect(_ rect: Rect) -> JSONValue {
    .object([
      ("x", .number(rounded(rect.x))), ("y", .number(rounded(rect.y))), ("width", .number(rounded(rect.width))),
      ("height", .number(rounded(rect.height))),
    ])
  }

  /// Values to a millionth of a point, so rounding noise (1e-13) does not show.
  private static func rounded(_ value: Double) -> Double {
    let result = (value * 1_000_000).rounded() / 1_000_000
    return result == 0 ? 0 : result
  }
}
