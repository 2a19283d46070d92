import EditorFeatures
import LayoutAnalysis
import LayoutSyntax

/// `plumb render FILE [--canvas NAME] [--direction ltr|rtl] [-o OUT.svg] [--constraints] [--config FILE]`.
enum RenderCommand {
  static func run(_ arguments: [String], io: CommandIO) throws(UsageError) -> Int32 {
    let parsed = try Arguments(
      arguments, command: "render", flags: ["--constraints"], options: ["--canvas", "--direction", "-o", "--output", "--config"])
    let direction = try parsed.direction(command: "render")
    let path = try parsed.onlyFile(command: "render")
    // Solved by the file's language, as `frames` does: every scene of an Interface Builder file.
    let (language, bytes) = try loadFile(path: path, io: io, command: "render")
    let solved = language.solve(bytes: bytes, canvas: nil, solveWithErrors: true)
    let canvas = parsed.options["--canvas"]
    if let canvas, !solved.canvases.contains(canvas) {
      throw UsageError(
        message: "plumb render: '\(path)' has no canvas '\(canvas)'; its canvases are \(solved.canvases.joined(separator: ", "))")
    }
    // The findings as `check` reports them: the file's configuration applied (levels, rules
    // turned off, ignore entries). A file the configuration excludes is drawn with its own.
    var diagnostics = solved.diagnostics
    if let target = try CheckCommand.configure([path], configPath: parsed.options["--config"], io: io).targets.first {
      diagnostics = target.configuration.apply(
        to: diagnostics, relativePath: target.relativePath,
        identifiers: language.elementIdentifiers(bytes: solved.document.bytes))
    }
    let displayPath = path == "-" ? "<stdin>" : path
    let picture = LayoutPicture(
      solved.layouts, diagnostics: diagnostics, canvas: canvas, direction: direction,
      constraints: parsed.flags.contains("--constraints"))
    let svg = picture.svg(PictureStyle(title: "plumb render \(displayPath)"))
    if let output = parsed.options["-o"] ?? parsed.options["--output"], output != "-" {
      do {
        try io.writeFile(output, Array(svg.utf8))
      } catch {
        throw UsageError(message: "plumb render: cannot write '\(output)': \(describe(error))")
      }
    } else {
      io.writeOutput(svg)
    }
    // The text's errors: the picture is drawn anyway, without the statements that have them.
    let errors = solved.document.diagnostics.filter { $0.severity == .error }
    if !errors.isEmpty {
      io.writeError(
        renderText([FileReport(path: displayPath, document: solved.document, diagnostics: errors)], style: Style(enabled: false)))
    }
    return errors.isEmpty ? 0 : 1
  }
}
