import Dispatch
import Foundation
import EditorFeatures
import LayoutAnalysis
import LayoutSyntax
import SourceCode

/// `plumb check [PATH…] [--format text|json|sarif] [--strict] [--canvas NAME] [--ignore CODE[,CODE…]]…
/// [--vfl-function NAME[:views=PREFIX]]…`.
enum CheckCommand {
  static func run(_ arguments: [String], io: CommandIO) throws(UsageError) -> Int32 {
    let parsed = try Arguments(
      arguments, command: "check", flags: ["--strict"], options: ["--format", "--canvas", "--ignore", "--vfl-function"])
    let format = try parsed.choice("--format", allowed: ["text", "json", "sarif"], default: "text", command: "check")
    let canvas = parsed.options["--canvas"]
    let strict = parsed.flags.contains("--strict")
    let ignored = try ignoredCodes(parsed.allValues["--ignore"] ?? [])
    let settings = LanguageSettings.standard.adding(try visualFormatFunctions(parsed.allValues["--vfl-function"] ?? []))
    let languages = EditorLanguages.languages(settings: settings)

    // Expand directories into the files Plumb reads, in a stable order.
    let paths = expandPaths(parsed.positional, io: io) { EditorLanguages.language(forPath: $0, among: languages) != nil }
    var unreadable: [String] = []

    // Check the files in parallel across cores; each result lands in its own slot, so the
    // output order is the order of `paths`, whatever order the work finishes in.
    let results = checkAll(paths, io: io, canvas: canvas, languages: languages)
    var reports: [FileReport] = []
    for result in results {
      switch result {
      case .success(var report):
        report.diagnostics.removeAll { ignored.contains($0.code) }
        reports.append(report)
      case .failure(let error): unreadable.append(error.message)
      }
    }

    switch format {
    case "json": io.writeOutput(renderJSON(reports))
    case "sarif": io.writeOutput(renderSARIF(reports))
    default:
      let colour = io.outputIsTerminal && io.environment["NO_COLOR"] == nil
      io.writeOutput(renderText(reports, style: Style(enabled: colour)))
    }
    for message in unreadable { io.writeError(message + "\n") }

    if !unreadable.isEmpty { return 2 }
    let summary = Summary(reports)
    if summary.errors > 0 || (strict && summary.warnings > 0) { return 1 }
    return 0
  }

  /// The codes of `--ignore` (each value a comma-separated list); an unknown code is a usage error.
  static func ignoredCodes(_ values: [String]) throws(UsageError) -> Set<DiagnosticCode> {
    var codes = Set<DiagnosticCode>()
    for value in values {
      for part in value.split(separator: ",", omittingEmptySubsequences: false) {
        let name = part.trimmingCharacters(in: .whitespaces)
        guard let code = DiagnosticCode(rawValue: name) else {
          var message = "plumb check: '\(name)' is not a diagnostic code"
          if let match = Suggestions.closest(to: name, among: DiagnosticCode.allCases.map(\.rawValue)) {
            message += "; did you mean '\(match)'?"
          }
          throw UsageError(message: message + " (docs/diagnostics.md lists them)")
        }
        codes.insert(code)
      }
    }
    return codes
  }

  /// The wrappers of `--vfl-function NAME[:views=LABEL][,positional=PREFIX]`: NAME's first
  /// argument is a format; its views are a dictionary labelled `views` (or LABEL), metrics and
  /// options labelled `metrics` and `options`, as UIKit's method has them; with `positional`,
  /// the views themselves follow the label, named `PREFIX0`, `PREFIX1`, … by position.
  static func visualFormatFunctions(_ values: [String]) throws(UsageError) -> [VisualFormatFunction] {
    func isName(_ text: String) -> Bool {
      !text.isEmpty && text.first.map { !$0.isNumber } == true
        && text.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
    }
    var functions: [VisualFormatFunction] = []
    for value in values {
      let usage = "plumb check: '\(value)' is not NAME[:views=LABEL][,positional=PREFIX] for --vfl-function"
      let parts = value.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
      guard isName(parts[0]) else { throw UsageError(message: usage) }
      var label = "views"
      var prefix: String?
      if parts.count == 2 {
        for setting in parts[1].split(separator: ",", omittingEmptySubsequences: false) {
          let pair = setting.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
          guard pair.count == 2, isName(pair[1]) else { throw UsageError(message: usage) }
          switch pair[0] {
          case "views": label = pair[1]
          case "positional": prefix = pair[1]
          default: throw UsageError(message: usage)
          }
        }
      }
      let views: VisualFormatFunction.Views = prefix.map { .positional(label: label, prefix: $0) } ?? .dictionary(label: label)
      functions.append(VisualFormatFunction(name: parts[0], views: views))
    }
    return functions
  }

  private static func checkAll(
    _ paths: [String], io: CommandIO, canvas: String?, languages: [any EditorLanguage]
  ) -> [Result<FileReport, UsageError>] {
    let slots = ResultSlots<Result<FileReport, UsageError>>(count: paths.count)
    // Standard input is read once, up front, outside the parallel loop.
    let standardInput: [UInt8]? = paths.contains("-") ? io.readStandardInput() : nil
    DispatchQueue.concurrentPerform(iterations: paths.count) { index in
      let path = paths[index]
      let result: Result<FileReport, UsageError>
      do throws(UsageError) {
        // Each file is solved by its language: the layout language, or Interface Builder's.
        let (language, bytes) =
          if path == "-", let standardInput {
            (LayoutLanguage.layout as any EditorLanguage, standardInput)
          } else {
            try loadFile(path: path, io: io, command: "check", languages: languages)
          }
        let solved = language.solve(bytes: bytes, canvas: canvas, solveWithErrors: false)
        for layout in solved.layouts {
          ProcessLifetime.keep(layout, weight: layout.document.model.constraints.count * layout.places.count)
        }
        result = .success(
          FileReport(path: path == "-" ? "<stdin>" : path, document: solved.document, diagnostics: solved.diagnostics))
      } catch {
        result = .failure(error)
      }
      slots.set(index, result)
    }
    return slots.values
  }
}

/// Objects the command line keeps until the process exits.
///
/// A solved layout of ten thousand views takes a third of a second to tear down, object by
/// object; a command that is about to exit has no use for that work, so it keeps its layouts
/// and lets the operating system reclaim the memory at once. What it keeps is bounded (about
/// a few hundred megabytes of solver state), so checking a huge tree still runs in bounded
/// memory. Only the command line does this: the language server releases what it no longer
/// needs.
enum ProcessLifetime {
  /// The most solver constraints kept alive at once (ten 10,000-view layouts, two places each).
  static let budget = 2_000_000
  private static let lock = NSLock()
  nonisolated(unsafe) private static var objects: [AnyObject] = []
  nonisolated(unsafe) private static var kept = 0

  /// Keeps `object` until the process exits, if its `weight` fits in what is left of the budget.
  static func keep(_ object: AnyObject, weight: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard kept + weight <= budget else { return }
    kept += weight
    objects.append(object)
  }
}
