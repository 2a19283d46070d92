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

    // A baseline to leave findings out by is read before the files are checked; an error in
    // it is reported after them, as an unknown canvas is (which comes first).
    let writeBaselinePath = parsed.options["--write-baseline"]
    var baseline: Baseline?
    var baselineError: UsageError?
    var baselineFolder = io.currentDirectory
    if writeBaselinePath == nil, let path = parsed.options["--baseline"] {
      do throws(UsageError) {
        let bytes: [UInt8]
        do {
          bytes = try io.readFile(path)
        } catch {
          throw UsageError(message: "plumb check: cannot read the baseline '\(path)': \(describe(error))")
        }
        baseline = try Baseline(bytes: bytes, path: path)
        baselineFolder = ConfigurationStore.folder(of: ConfigurationStore.absolute(path, in: io.currentDirectory))
      } catch {
        baselineError = error
      }
    }
    var written: Baseline?
    if let writeBaselinePath {
      written = Baseline()
      baselineFolder = ConfigurationStore.folder(of: ConfigurationStore.absolute(writeBaselinePath, in: io.currentDirectory))
    }

    // The report goes to standard output as the files are checked, in their order, or to
    // the file `-o` names at the end.
    let outputPath = parsed.options["-o"] ?? parsed.options["--output"]
    let toFile = outputPath.map { $0 != "-" } ?? false
    var reporter: any CheckReporter =
      switch format {
      case "json": JSONReporter()
      case "sarif": SARIFReporter()
      case "github": GitHubReporter()
      case "gitlab": GitLabReporter(folder: io.currentDirectory)
      case "junit": JUnitReporter()
      case "checkstyle": CheckstyleReporter()
      case "html": HTMLReporter()
      default: TextReporter(style: Style(enabled: colour && outputPath == nil), showSummary: !quiet)
      }
    // Output is held back while it may still have to be withdrawn — until a file has the
    // canvas asked for (none having it is an error), and throughout when the baseline is
    // bad — and to the end when it goes to a file.
    let progress = io.errorIsTerminal && !quiet ? Progress(total: targets.count, delay: io.progressDelay, write: io.writeError) : nil
    var output = HeldOutput(
      holding: toFile || baselineError != nil || written != nil || (canvas != nil && shard == nil),
      sink: { text in
        if let progress { progress.writeAbove { io.writeOutput(text) } } else { io.writeOutput(text) }
      })
    var summary = Summary()
    var canvases: [String] = []
    var firstPath: String?
    var canvasFound = canvas == nil || shard != nil
    let needsSubjects = baseline != nil || written != nil || format == "gitlab"
    if written == nil { output.write(reporter.begin()) }

    // Check the files in parallel across cores, a bounded window of them at a time; each
    // result is reported, and freed, in the order of `paths`, whatever order the work
    // finishes in.
    checkAll(
      targets, io: io, canvas: canvas, settings: settings, languages: languages, progress: progress, ignored: ignored,
      subjects: needsSubjects, keepLayouts: format == "html"
    ) { result in
      switch result {
      case .success(var report):
        for name in report.canvases where !canvases.contains(name) { canvases.append(name) }
        if firstPath == nil { firstPath = report.path }
        if !canvasFound, let canvas, report.canvases.contains(canvas) {
          canvasFound = true
          if !toFile && baselineError == nil && written == nil { output.release() }
        }
        if written != nil {
          written?.add(Baseline.keys(of: report, baselineFolder: baselineFolder, currentDirectory: io.currentDirectory))
          summary.files += 1
          return
        }
        if baseline != nil {
          let keys = Baseline.keys(of: report, baselineFolder: baselineFolder, currentDirectory: io.currentDirectory)
          _ = baseline?.filter(&report, keys: keys)
        }
        summary.add(report)
        reporter.add(report) { output.write($0) }
      case .failure(let error): unreadable.append(error.message)
      }
    }
    progress?.finish()
    // A canvas no file has is a mistake, not a clean check (`frames` says the same).
    // Another part's files may have it when the files are split into parts.
    if let canvas, !canvasFound, summary.files > 0 {
      let which =
        summary.files == 1
        ? "'\(firstPath ?? "")' has no canvas '\(canvas)'" : "none of the \(summary.files) files has a canvas '\(canvas)'"
      throw UsageError(
        message: "plumb check: \(which); the canvases are \(canvases.joined(separator: ", "))")
    }
    if let baselineError { throw baselineError }

    // Baselines: record today's findings.
    if let path = writeBaselinePath, let written {
      do {
        try io.writeFile(path, Array((written.json.prettyText + "\n").utf8))
      } catch {
        throw UsageError(message: "plumb check: cannot write '\(path)': \(describe(error))")
      }
      let count = written.counts.values.reduce(0, +)
      if !quiet {
        io.writeError(
          "plumb check: wrote \(count) finding\(count == 1 ? "" : "s") of \(summary.files) file\(summary.files == 1 ? "" : "s") to '\(path)'\n")
      }
      for message in unreadable { io.writeError(message + "\n") }
      return unreadable.isEmpty ? 0 : 2
    }

    reporter.finish(summary) { output.write($0) }
    if let outputPath, toFile {
      do {
        try io.writeFile(outputPath, Array(output.held.utf8))
      } catch {
        throw UsageError(message: "plumb check: cannot write '\(outputPath)': \(describe(error))")
      }
    } else {
      output.release()
    }
    for message in unreadable { io.writeError(message + "\n") }

    if !unreadable.isEmpty { return 2 }
    if summary.errors > 0 || (strict && summary.warnings > 0) { return 1 }
    return 0
  }

  /// The report's text on its way out: written at once, or held until `release`.
  struct HeldOutput {
    private(set) var holding: Bool
    private(set) var held = ""
    private let sink: (String) -> Void

    init(holding: Bool, sink: @escaping (String) -> Void) {
      self.holding = holding
      self.sink = sink
    }

    mutating func write(_ text: String) {
      guard !text.isEmpty else { return }
      if holding { held += text } else { sink(text) }
    }

    /// Writes what was held, and from now on writes at once.
    mutating func release() {
      holding = false
      if !held.isEmpty { sink(held) }
      held = ""
    }
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

  /// Checks `targets` on every core, at most a few files ahead of the one `report` takes
  /// next, and hands each file's result to `report` on the calling thread, in the order of
  /// `targets`. A file's analysis is freed on its worker once its report (its findings and
  /// text, and its layouts only for `keepLayouts`) is made, so memory holds the files being
  /// checked and waiting, not the whole tree.
  static func checkAll(
    _ targets: [Target], io: CommandIO, canvas: String?, settings: LanguageSettings, languages: [any EditorLanguage],
    progress: Progress?, ignored: Set<DiagnosticCode> = [], subjects: Bool = false, keepLayouts: Bool = false,
    report: (Result<FileReport, UsageError>) -> Void
  ) {
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
    // What an earlier check of this process kept (`--watch` checks again and again) goes now.
    ProcessLifetime.releaseAll()
    let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, targets.count))
    let pipeline = OrderedPipeline<Result<FileReport, UsageError>>(count: targets.count, window: 4 * workers)
    pipeline.run(workers: workers, consume: report) { index in
      let target = targets[index]
      let path = target.path
      defer { progress?.advance() }
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
        // Without a report that draws the layouts, only the findings are read.
        let solved = language.solve(bytes: bytes, canvas: canvas, solveWithErrors: false, findingsOnly: !keepLayouts)
        // The last files' analyses are left for the exit to reclaim; the others are freed
        // here, while the next files are checked.
        if pipeline.everyItemStarted {
          for layout in solved.layouts { ProcessLifetime.keep(layout) }
        }
        // The configuration's levels and ignore entries, in one place, after the analysis.
        let identifiers = language.elementIdentifiers(bytes: solved.document.bytes)
        var diagnostics = target.configuration.apply(
          to: solved.diagnostics, relativePath: target.relativePath, identifiers: identifiers)
        diagnostics.removeAll { ignored.contains($0.code) }
        let lines = solved.document.lineIndex
        return .success(
          FileReport(
            path: path == "-" ? "<stdin>" : path, lines: lines, diagnostics: diagnostics, canvases: solved.canvases,
            subjects: subjects ? Baseline.subjects(of: diagnostics, bytes: lines.bytes, identifiers: identifiers) : nil,
            relativePath: target.relativePath, layouts: keepLayouts ? solved.layouts : []))
      } catch {
        return .failure(error)
      }
    }
  }
}

/// Work on `count` items spread over threads, its results taken in item order on the calling
/// thread: no item starts more than `window` items ahead of the next one taken, so at most
/// `window` results (done or in progress) exist at once.
final class OrderedPipeline<Value>: @unchecked Sendable {
  private let count: Int
  private let window: Int
  private let condition = NSCondition()
  private var results: [Int: Value] = [:]
  private var nextToStart = 0
  private var nextToTake = 0

  init(count: Int, window: Int) {
    self.count = count
    self.window = max(window, 1)
  }

  /// Runs `work` for every item on `workers` threads and passes each result to `consume`, in
  /// order, on this thread; returns when every result was consumed.
  func run(workers: Int, consume: (Value) -> Void, work: @escaping @Sendable (Int) -> Value) {
    guard count > 0 else { return }
    let group = DispatchGroup()
    for _ in 0..<max(workers, 1) {
      DispatchQueue.global().async(group: group) { [self] in
        while let index = nextItem() {
          let value = work(index)
          condition.lock()
          results[index] = value
          condition.broadcast()
          condition.unlock()
        }
      }
    }
    for index in 0..<count {
      condition.lock()
      var value = results.removeValue(forKey: index)
      while value == nil {
        condition.wait()
        value = results.removeValue(forKey: index)
      }
      nextToTake = index + 1
      condition.broadcast()
      condition.unlock()
      if let value { consume(value) }
    }
    group.wait()
  }

  /// Whether every item has been started: the work in progress is the last.
  var everyItemStarted: Bool {
    condition.lock()
    defer { condition.unlock() }
    return nextToStart >= count
  }

  /// The next item to work on, once it is within the window; nil when every item was started.
  private func nextItem() -> Int? {
    condition.lock()
    defer { condition.unlock() }
    while nextToStart < count && nextToStart >= nextToTake + window {
      condition.wait()
    }
    guard nextToStart < count else { return nil }
    defer { nextToStart += 1 }
    return nextToStart
  }
}

/// Objects the command line keeps until the process exits.
///
/// A solved layout of ten thousand views takes a third of a second to tear down, object by
/// object; a command that is about to exit has no use for that work, so it keeps the layouts
/// of the last files it checks (those in progress when no other file is left to start, one
/// file per core at most) and lets the operating system reclaim the memory at once; a check
/// that starts again in the same process (`--watch`) lets them go first. Every other file's
/// analysis is freed as soon as its report is made, so that checking a large tree runs in the
/// memory of the few files in progress. Only the command line does this: the language server
/// releases what it no longer needs.
enum ProcessLifetime {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var objects: [AnyObject] = []

  /// Keeps `object` until the process exits or the next check starts.
  static func keep(_ object: AnyObject) {
    lock.lock()
    defer { lock.unlock() }
    objects.append(object)
  }

  /// Lets go of what was kept, for a process that checks again (`--watch`).
  static func releaseAll() {
    lock.lock()
    var released = objects
    objects = []
    lock.unlock()
    // Torn down here, outside the lock.
    released.removeAll()
  }

  /// How many objects are kept (for tests).
  static var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return objects.count
  }
}
