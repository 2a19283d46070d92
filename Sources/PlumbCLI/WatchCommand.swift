import Configuration
import EditorFeatures
import Foundation

/// `plumb check --watch [PATH…] [OPTIONS]`: checks once, then polls the files (twice a second)
/// and checks again those that changed or appeared, printing only their findings, until
/// interrupted. A changed `.plumb.json` (or `--config` file) checks every file again.
enum WatchCommand {
  /// The options of `check` that `--watch` passes on to each run (all but its own and
  /// `--write-baseline`, which a watch does not repeat).
  static func run(_ parsed: Arguments, io: CommandIO) throws(UsageError) -> Int32 {
    if parsed.options["--write-baseline"] != nil {
      throw UsageError(message: "plumb check: --watch and --write-baseline do not go together")
    }
    var options: [String] = parsed.flags.filter { $0 != "--watch" }.sorted()
    for (name, values) in parsed.allValues.sorted(by: { $0.key < $1.key }) {
      for value in values { options.append("\(name)=\(value)") }
    }
    let roots = parsed.positional
    func files() -> [String] {
      expandPaths(roots, io: io) { EditorLanguages.language(forPath: $0) != nil }.filter { $0 != "-" }
    }
    func configurationStamps(_ paths: [String]) -> [String: String] {
      var stamps: [String: String] = [:]
      if let config = parsed.options["--config"] { stamps[config] = io.fileStamp(config) ?? "" }
      // The .plumb.json files at and above each folder checked.
      var folders = Set(paths.map { ConfigurationStore.folder(of: ConfigurationStore.absolute($0, in: io.currentDirectory)) })
      folders.insert(io.currentDirectory)
      for folder in folders {
        for candidate in ConfigurationStore.candidates(above: folder) where stamps[candidate] == nil {
          stamps[candidate] = io.fileStamp(candidate) ?? ""
        }
      }
      return stamps
    }

    // Paths after `--`, as they were given: a file named `-x.layout` is no option.
    var status = try CheckCommand.run(options + ["--"] + roots, io: io)
    var known = Dictionary(files().map { ($0, io.fileStamp($0) ?? "") }, uniquingKeysWith: { first, _ in first })
    var configurations = configurationStamps(Array(known.keys))
    if !parsed.flags.contains("--quiet") {
      io.writeError("plumb check: watching \(known.count) file\(known.count == 1 ? "" : "s"); press Ctrl-C to stop\n")
    }
    while io.sleep(0.5) {
      let current = files()
      let stamps = Dictionary(current.map { ($0, io.fileStamp($0) ?? "") }, uniquingKeysWith: { first, _ in first })
      let newConfigurations = configurationStamps(current)
      let changed: [String] =
        newConfigurations != configurations ? current : current.filter { known[$0] != stamps[$0] }
      known = stamps
      configurations = newConfigurations
      guard !changed.isEmpty else { continue }
      if !parsed.flags.contains("--quiet") {
        io.writeError("plumb check: \(changed.count) file\(changed.count == 1 ? "" : "s") changed\n")
      }
      status = try CheckCommand.run(options + ["--"] + changed, io: io)
    }
    return status
  }
}
