import EditorFeatures
import InterfaceBuilder
import LanguageServer
import LayoutAnalysis
import LayoutSyntax

/// `plumb fmt [PATH…] [--check]`: formats `.layout` and `.vfl` files with the formatter of the
/// language server's `textDocument/formatting`, so a file formatted on the command line is
/// what the editor would make of it.
///
/// Files are rewritten in place (only when formatting changes them); `-` formats standard
/// input to standard output. With `--check` nothing is written: the files formatting would
/// change are listed, one path per line. A file with syntax errors is left as it is (its
/// braces cannot be trusted to say the nesting) and its errors go to standard error;
/// Interface Builder files are skipped (their XML is Xcode's to write).
///
/// Exit status: 0 when every file is formatted (or was just formatted); 1 with `--check` when
/// some file is not, or when some file has syntax errors; 2 for a usage error or a file that
/// cannot be read or written (the other files are still formatted).
enum FormatCommand {
  static func run(_ arguments: [String], io: CommandIO) throws(UsageError) -> Int32 {
    let parsed = try Arguments(arguments, command: "fmt", flags: ["--check"], options: [])
    let check = parsed.flags.contains("--check")
    let paths = expandPaths(parsed.positional, io: io) { FileKind(pathExtension: pathExtension($0)) != nil }
    // Standard input is read once, however often `-` is given.
    var standardInput: [UInt8]?
    var unformatted: [String] = []
    var syntaxErrors: [FileReport] = []
    var failures: [String] = []

    for path in paths {
      let kind: FileKind
      let bytes: [UInt8]
      if path == "-" {
        kind = .layout
        let input = standardInput ?? io.readStandardInput()
        standardInput = input
        bytes = input
      } else {
        guard let pathKind = FileKind(pathExtension: pathExtension(path)) else {
          if InterfaceBuilderFile.handles(path: path) {
            io.writeError("plumb fmt: skipped '\(path)': Interface Builder files are Xcode's to write\n")
          } else {
            failures.append("plumb fmt: cannot format '\(path)': not a .layout or .vfl file")
          }
          continue
        }
        if io.isDirectory(path) == true {
          failures.append("plumb fmt: cannot read '\(path)': it is a directory")
          continue
        }
        do {
          bytes = try io.readFile(path)
        } catch {
          failures.append("plumb fmt: cannot read '\(path)': \(describe(error))")
          continue
        }
        kind = pathKind
      }
      let displayPath = path == "-" ? "<stdin>" : path
      let result = LayoutFormatter.format(bytes: bytes, kind: kind)
      if !result.syntaxErrors.isEmpty {
        let document = LayoutDocument(bytes: bytes, kind: kind, model: LayoutModel(kind: kind), diagnostics: result.syntaxErrors)
        syntaxErrors.append(FileReport(path: displayPath, document: document, diagnostics: result.syntaxErrors))
        // Standard input comes back as it came, so a filter never loses the text.
        if path == "-", !check { io.writeOutput(bytes: bytes) }
        continue
      }
      let changed = result.formatted != bytes
      if check {
        if changed { unformatted.append(displayPath) }
      } else if path == "-" {
        io.writeOutput(bytes: result.formatted)
      } else if changed {
        do {
          try io.writeFile(path, result.formatted)
        } catch {
          failures.append("plumb fmt: cannot write '\(path)': \(describe(error))")
        }
      }
    }

    for path in unformatted { io.writeOutput(path + "\n") }
    if !syntaxErrors.isEmpty {
      io.writeError(renderText(syntaxErrors, style: Style(enabled: false)))
      let count = syntaxErrors.count
      io.writeError(
        count == 1
          ? "plumb fmt: 1 file with syntax errors was left as it is\n"
          : "plumb fmt: \(count) files with syntax errors were left as they are\n")
    }
    for message in failures { io.writeError(message + "\n") }
    if !failures.isEmpty { return 2 }
    return unformatted.isEmpty && syntaxErrors.isEmpty ? 0 : 1
  }
}
