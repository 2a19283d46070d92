import EditorFeatures
import Foundation
import InterfaceBuilder
import JSONRPC
import LanguageServer
import LayoutAnalysis
import LayoutSyntax

/// The `plumb` command line: parses the arguments, runs one subcommand, returns the exit status.
///
/// Exit statuses: 0 success, 1 the files have errors (or warnings, with `--strict`),
/// 2 a usage error or a file that cannot be read.
public enum Plumb {
  public static func run(_ arguments: [String], io: CommandIO) -> Int32 {
    guard let command = arguments.first else {
      io.writeOutput(Help.overview)
      return 0
    }
    let rest = Array(arguments.dropFirst())
    do throws(UsageError) {
      switch command {
      case "check":
        if rest.contains("--help") || rest.contains("-h") { return help("check", io) }
        return try CheckCommand.run(rest, io: io)
      case "lsp":
        if rest.contains("--help") || rest.contains("-h") { return help("lsp", io) }
        if let unexpected = rest.first {
          throw UsageError(message: "plumb lsp: unexpected argument '\(unexpected)' (see 'plumb help lsp')")
        }
        return runLanguageServerOnStandardStreams()
      case "frames":
        if rest.contains("--help") || rest.contains("-h") { return help("frames", io) }
        return try FramesCommand.run(rest, io: io)
      case "render":
        if rest.contains("--help") || rest.contains("-h") { return help("render", io) }
        return try RenderCommand.run(rest, io: io)
      case "constraints":
        if rest.contains("--help") || rest.contains("-h") { return help("constraints", io) }
        return try ConstraintsCommand.run(rest, io: io)
      case "explain":
        if rest.contains("--help") || rest.contains("-h") { return help("explain", io) }
        return try ExplainCommand.run(rest, io: io)
      case "fmt":
        if rest.contains("--help") || rest.contains("-h") { return help("fmt", io) }
        return try FormatCommand.run(rest, io: io)
      case "help", "--help", "-h":
        if let topic = rest.first { return help(topic, io) }
        io.writeOutput(Help.overview)
        return 0
      case "--version", "version":
        io.writeOutput("plumb \(plumbVersion)\n")
        return 0
      default:
        var message = "plumb: unknown command '\(command)'"
        if let match = Suggestions.closest(to: command, among: Help.commands) {
          message += "; did you mean '\(match)'?"
        }
        throw UsageError(message: message + " (see 'plumb help')")
      }
    } catch {
      io.writeError(error.message + "\n")
      return 2
    }
  }

  private static func help(_ topic: String, _ io: CommandIO) -> Int32 {
    guard let text = Help.text(for: topic) else {
      io.writeError("plumb help: no help for '\(topic)'; commands are \(Help.commands.joined(separator: ", "))\n")
      return 2
    }
    io.writeOutput(text)
    return 0
  }
}

/// Reads a layout file and analyses it; the kind comes from the extension (`.layout` by default for stdin).
func loadDocument(path: String, io: CommandIO, command: String) throws(UsageError) -> LayoutDocument {
  if path != "-", InterfaceBuilderFile.handles(path: path) {
    throw UsageError(message: "plumb \(command): cannot read '\(path)': Interface Builder files work with 'check' and 'frames'")
  }
  let (language, bytes) = try loadFile(path: path, io: io, command: command)
  // Only the layout language's files, `.layout` and `.vfl`, are one layout document.
  guard let layout = language as? LayoutLanguage else {
    throw UsageError(
      message: "plumb \(command): cannot read '\(path)': '\(command)' reads .layout and .vfl files; this file works with 'check'")
  }
  return LayoutDocument(bytes: bytes, kind: layout.kind)
}

/// Reads a file that some language reads (`EditorLanguages`, chosen by the extension), for the
/// commands that take every kind of file (`check`, `frames`); `-` is a layout read from
/// standard input.
func loadFile(
  path: String, io: CommandIO, command: String, languages: [any EditorLanguage] = EditorLanguages.all
) throws(UsageError) -> (language: any EditorLanguage, bytes: [UInt8]) {
  if path == "-" {
    return (LayoutLanguage.layout, io.readStandardInput())
  }
  guard let language = EditorLanguages.language(forPath: path, among: languages) else {
    throw UsageError(
      message: "plumb \(command): cannot read '\(path)': not a \(EditorLanguages.readableExtensions) file")
  }
  if io.isDirectory(path) == true {
    throw UsageError(message: "plumb \(command): cannot read '\(path)': it is a directory")
  }
  do {
    return (language, try io.readFile(path))
  } catch {
    throw UsageError(message: "plumb \(command): cannot read '\(path)': \(describe(error))")
  }
}
