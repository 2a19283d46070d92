import Configuration
import Dispatch
import Foundation
import EditorFeatures
import LayoutAnalysis
import LayoutSyntax
import SourceCode

/// `plumb check [PATH…] [--format FORMAT] [--strict] [--canvas NAME] [--ignore CODE[,CODE…]]… [--config FILE]
/// [--vfl-function NAME[:views=LABEL][,positional=PREFIX]]… [--shard I/N]`.
enum CheckCommand {
  static func run(_ arguments: [String], io: CommandIO) throws(UsageError) -> Int32 {
    let parsed = try Arguments(
      arguments, command: "check", flags: ["--strict", "--quiet", "--watch"],
      options: [
        "--format", "--canvas", "--ignore", "--config", "--baseline", "--write-baseline", "--color", "--vfl-function", "-o",
        "--output", "--shard",
      ])
    let format = try parsed.choice(
      "--format", allowed: ["text", "json", "sarif", "github", "gitlab", "junit", "checkstyle", "html"], default: "text",
      command: "check")
    let colour = try useColour(parsed, io: io, command: "check")
    let quiet = parsed.flags.contains("--quiet")
    let canvas = parsed.options["--canvas"]
    let strict = parsed.flags.contains("--strict")
    let ignored = try ignoredCodes(parsed.allValues["--ignore"] ?? [])
    let settings = LanguageSettings.standard.adding(try visualFormatFunctions(parsed.allValues["--vfl-function"] ?? []))
    let languages = EditorLanguages.languages(settings: settings)
    var shard: Shard?
    if let value = parsed.options["--shard"] {
      guard let parsedShard = Shard(value) else {
        throw UsageError(message: "plumb check: '\(value)' is not I/N (1 ≤ I ≤ N) for --shard")
      }
      shard = parsedShard
    }
    if parsed.flags.contains("--watch") {
      if shard != nil { throw UsageError(message: "plumb check: --shard cannot be combined with --watch") }
      return try WatchCommand.run(parsed, io: io)
    }

    // Expand directories into the files Plumb reads, in a stable order, and find each one's
    // configuration; the files it excludes are left out.
    let paths = expandPaths(parsed.positional, io: io) { EditorLanguages.language(forPath: $0, among: languages) != nil }
    var (targets, excluded) = try configure(paths, configPath: parsed.options["--config"], io: io)
    if targets.isEmpty, quiet { return 0 }
    if targets.isEmpty {
      let searched = parsed.positional.isEmpty ? ["."] : parsed.positional
      var message =
        "plumb check: no \(EditorLanguages.readableExtensions) file found in "
        + searched.map { "'\($0)'" }.joined(separator: ", ")
      if excluded > 0 { message += " (\(excluded) excluded by the configuration)" }
      io.writeError(message + "\n")
      return 0
    }
    // This machine's part of the files (an empty part is a clean check).
    if let shard {
      targets.removeAll { !shard.contains($0.path, currentDirectory: io.currentDirectory) }
    }
    var unreadable: [String] = []

    // Check the files in parallel across cores; each result lands in its own slot, so the
    // output order is the order of `paths`, whatever order the work finishes in.
    let progress = io.errorIsTerminal && !quiet ? Progress(total: targets.count, delay: io.progressDelay, write: io.writeError) : nil
    let results = checkAll(
      targets, io: io, canvas: canvas, settings: settings, languages: languages, progress: progress,
      keepLayouts: format == "html")
    progress?.finish()
    var reports: [FileReport] = []
    var canvases: [String] = []
    for result in results {
      switch result {
      case .success(var report):
        report.diagnostics.removeAll { ignored.contains($0.code) }
        for name in report.canvases where !canvases.contains(name) { canvases.append(name) }
        reports.append(report)
      case .failure(let error): unreadable.append(error.message)
      }
    }
    // A canvas no file has is a mistake, not a clean check (`frames` says the same).
    // Another part's files may have it when the files are split into parts.
    if let canvas, shard == nil, !reports.isEmpty, !canvases.contains(canvas) {
      let which = reports.count == 1 ? "'\(reports[0].path)' has no canvas '\(canvas)'" : "none of the \(reports.count) files has a canvas '\(canvas)'"
      throw UsageError(
        message: "plumb check: \(which); the canvases are \(canvases.joined(separator: ", "))")
    }

    // Baselines: record today's findings, or leave out those recorded.
    if let path = parsed.options["--write-baseline"] {
      let absolute = ConfigurationStore.absolute(path, in: io.currentDirectory)
      let keys = Baseline.keys(
        of: reports, baselineFolder: ConfigurationStore.folder(of: absolute), currentDirectory: io.currentDirectory)
      let baseline = Baseline(keys: keys)
      do {
        try io.writeFile(path, Array((baseline.json.prettyText + "\n").utf8))
      } catch {
        throw UsageError(message: "plumb check: cannot write '\(path)': \(describe(error))")
      }
      let count = keys.joined().count
      if !quiet {
        io.writeError("plumb check: wrote \(count) finding\(count == 1 ? "" : "s") of \(reports.count) file\(reports.count == 1 ? "" : "s") to '\(path)'\n")
      }
      for message in unreadable { io.writeError(message + "\n") }
      return unreadable.isEmpty ? 0 : 2
    }
    if let path = parsed.options["--baseline"] {
      let bytes: [UInt8]
      do {
        bytes = try io.readFile(path)
      } catch {
        throw UsageError(message: "plumb check: cannot read the baseline '\(path)': \(describe(error))")
      }
      let baseline = try Baseline(bytes: bytes, path: path)
      let absolute = ConfigurationStore.absolute(path, in: io.currentDirectory)
      let keys = Baseline.keys(
        of: reports, baselineFolder: ConfigurationStore.folder(of: absolute), currentDirectory: io.currentDirectory)
      _ = baseline.filter(&reports, keys: keys)
    }

    // The report goes to standard output, or to the file `-o` names.
    let outputPath = parsed.options["-o"] ?? parsed.options["--output"]
    let write: (String) -> Void
    var writeFailure: String?
    if let outputPath, outputPath != "-" {
      write = { text in
        do {
          try io.writeFile(outputPath, Array(text.utf8))
        } catch {
          writeFailure = "plumb check: cannot write '\(outputPath)': \(describe(error))"
        }
      }
    } else {
      write = io.writeOutput
    }
    switch format {
    case "json": write(renderJSON(reports))
    case "sarif": write(renderSARIF(reports))
    case "github": write(renderGitHub(reports))
    case "gitlab":
      let absolute = io.currentDirectory
      write(renderGitLab(reports, keys: Baseline.keys(of: reports, baselineFolder: absolute, currentDirectory: absolute)))
    case "junit": write(renderJUnit(reports))
    case "checkstyle": write(renderCheckstyle(reports))
    case "html": write(renderHTML(reports))
    default:
      write(renderText(reports, style: Style(enabled: colour && outputPath == nil), summary: !quiet))
    }
    if let writeFailure { throw UsageError(message: writeFailure) }
    for message in unreadable { io.writeError(message + "\n") }

    if !unreadable.isEmpty { return 2 }
    let summary = Summary(reports)
    if summary.errors > 0 || (strict && summary.warnings > 0) { return 1 }
    return 0
  }

  /// A file to check, with its configuration and its path relative to the configuration's folder.
  struct Target {
    var path: String
    var configuration: Configuration
    /// Nil for standard input.
    var relativePath: String?
  }

  /// Each path's configuration (`--config FILE`, or the nearest `.plumb.json` above it), and
  /// the paths it includes; how many it excludes. A configuration that cannot be read is a
  /// usage error.
  static func configure(_ paths: [String], configPath: String?, io: CommandIO) throws(UsageError)
    -> (targets: [Target], excluded: Int)
  {
    let store = ConfigurationStore(
      access: ConfigurationStore.FileAccess(
        modificationTime: { path in io.isDirectory(path) == false ? 0 : nil },
        read: { path in try io.readFile(path) }),
      remembersFolders: true,
      displayPath: { [directory = io.currentDirectory] path in ConfigurationStore.relativePath(path, to: directory) ?? path })
    let directory = io.currentDirectory
    var targets: [Target] = []
    var excluded = 0
    do throws(ConfigurationError) {
      var given: Configuration?
      if let configPath {
        given = try store.load(ConfigurationStore.absolute(configPath, in: directory), displayPath: configPath)
      }
      func configuration(of file: String) throws(ConfigurationError) -> Configuration {
        if let given { return given }
        return try store.configuration(forFile: file, defaultFolder: directory)
      }
      for path in paths {
        if path == "-" {
          targets.append(Target(path: path, configuration: try configuration(of: directory + "/-"), relativePath: nil))
          continue
        }
        let absolute = ConfigurationStore.absolute(path, in: directory)
        let configuration = try configuration(of: absolute)
        let relative = ConfigurationStore.relativePath(absolute, to: configuration.folder) ?? String(absolute.dropFirst())
        if configuration.includes(relativePath: relative) {
          targets.append(Target(path: path, configuration: configuration, relativePath: relative))
        } else {
          excluded += 1
        }
      }
    } catch {
      throw UsageError(message: "plumb check: \(error.message)")
    }
    return (targets, excluded)
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
    var functions: [VisualFormatFunction] = []
    for value in values {
      guard let function = VisualFormatFunction(specification: value) else {
        throw UsageError(
          message: "plumb check: '\(value)' is not \(VisualFormatFunction.specificationSyntax) for --vfl-function")
      }
      functions.append(function)
    }
    return functions
  }

  static func checkAll(
    _ targets: [Target], io: CommandIO, canvas: String?, settings: LanguageSettings, languages: [any EditorLanguage],
    progress: Progress?, keepLayouts: Bool = false
  ) -> [Result<FileReport, UsageError>] {
    let slots = ResultSlots<Result<FileReport, UsageError>>(count: targets.count)
    // Standard input is read once, up front, outside the parallel loop.
    let standardInput: [UInt8]? = targets.contains { $0.path == "-" } ? io.readStandardInput() : nil
    // The languages as each configuration has them (its Visual Format functions), made once
    // for each list of functions.
    var languagesByFunctions: [[VisualFormatFunction]: [any EditorLanguage]] = [[]: languages]
    for target in targets where languagesByFunctions[target.configuration.visualFormatFunctions] == nil {
      let functions = target.configuration.visualFormatFunctions
      languagesByFunctions[functions] = EditorLanguages.languages(settings: settings.adding(functions))
    }
    let configured = languagesByFunctions
    DispatchQueue.concurrentPerform(iterations: targets.count) { index in
      let target = targets[index]
      let path = target.path
      let result: Result<FileReport, UsageError>
      do throws(UsageError) {
        // Each file is solved by its language: the layout language, or Interface Builder's.
        let (language, bytes) =
          if path == "-", let standardInput {
            (LayoutLanguage.layout as any EditorLanguage, standardInput)
          } else {
            try loadFile(
              path: path, io: io, command: "check",
              languages: configured[target.configuration.visualFormatFunctions] ?? languages)
          }
        let solved = language.solve(bytes: bytes, canvas: canvas, solveWithErrors: false)
        for layout in solved.layouts {
          ProcessLifetime.keep(layout, weight: layout.document.model.constraints.count * layout.places.count)
        }
        // The configuration's levels and ignore entries, in one place, after the analysis.
        let diagnostics = target.configuration.apply(
          to: solved.diagnostics, relativePath: target.relativePath,
          identifiers: language.elementIdentifiers(bytes: solved.document.bytes))
        result = .success(
          FileReport(
            path: path == "-" ? "<stdin>" : path, document: solved.document, diagnostics: diagnostics,
            canvases: solved.canvases, language: language, relativePath: target.relativePath,
            layouts: keepLayouts ? solved.layouts : []))
      } catch {
        result = .failure(error)
      }
      slots.set(index, result)
      progress?.advance()
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
