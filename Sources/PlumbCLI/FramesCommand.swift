import EditorFeatures
import LanguageServer
import LayoutAnalysis
import LayoutSyntax

/// `plumb frames FILE [--canvas NAME] [--direction ltr|rtl] [--format text|json]`.
enum FramesCommand {
  static func run(_ arguments: [String], io: CommandIO) throws(UsageError) -> Int32 {
    let parsed = try Arguments(arguments, command: "frames", flags: [], options: ["--format", "--canvas", "--direction"])
    let format = try parsed.choice("--format", allowed: ["text", "json"], default: "text", command: "frames")
    let direction = try parsed.direction(command: "frames")
    let path = try parsed.onlyFile(command: "frames")
    // Solved by the file's language: an Interface Builder file is one layout per scene, each
    // with its scene as its canvas.
    let (language, bytes) = try loadFile(path: path, io: io, command: "frames")
    let solved = language.solve(bytes: bytes, canvas: nil, solveWithErrors: true)
    let document = solved.document
    let layouts = solved.layouts
    let canvas = parsed.options["--canvas"]
    let canvases = layouts.flatMap { $0.document.model.effectiveCanvases }
    if let canvas, !canvases.contains(where: { $0.name == canvas }) {
      let names = canvases.map(\.name).joined(separator: ", ")
      throw UsageError(message: "plumb frames: '\(path)' has no canvas '\(canvas)'; its canvases are \(names)")
    }
    let frames = LayoutFrames(layouts, canvas: canvas, direction: direction)
    let displayPath = path == "-" ? "<stdin>" : path
    if format == "json" {
      io.writeOutput(FramesJSON.encode(frames, file: displayPath).prettyText + "\n")
    } else {
      io.writeOutput(frames.text)
    }
    // The errors, and the findings that say the frames printed are not reliable.
    let errors = document.diagnostics.filter { $0.severity == .error }
    let reported = errors.isEmpty ? solved.diagnostics.filter { $0.code == .inaccurate } : errors
    if !reported.isEmpty {
      io.writeError(
        renderText([FileReport(path: displayPath, document: document, diagnostics: reported)], style: Style(enabled: false)))
    }
    return errors.isEmpty ? 0 : 1
  }
}
