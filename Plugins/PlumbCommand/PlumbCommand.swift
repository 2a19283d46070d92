import Foundation
import PackagePlugin

/// `swift package plumb [ARGUMENTS…]`: runs `plumb check` on the package's directory (or on
/// the paths given), with the `plumb` this package builds. Arguments are `plumb check`'s
/// (`--format github`, `--strict`, …); the exit status is `plumb check`'s.
@main
struct PlumbCommand: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "plumb")
    try run(tool: tool.url, directory: context.package.directoryURL, arguments: arguments)
  }

  /// Runs `plumb check` in `directory`; a failing check fails the command.
  func run(tool: URL, directory: URL, arguments: [String]) throws {
    var extractor = ArgumentExtractor(arguments)
    // Options of `swift package` that reach the plugin are not plumb's.
    _ = extractor.extractOption(named: "target")
    var rest = extractor.remainingArguments
    if !rest.contains(where: { !$0.hasPrefix("-") }) { rest.append(directory.path) }
    let process = Process()
    process.executableURL = tool
    process.arguments = ["check"] + rest
    process.currentDirectoryURL = directory
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      throw PlumbCommandError.failed(status: process.terminationStatus)
    }
  }
}

enum PlumbCommandError: Error, CustomStringConvertible {
  case failed(status: Int32)

  var description: String {
    switch self {
    case .failed(let status): "plumb check exited with status \(status)"
    }
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  /// From Xcode (File ▸ Packages, or a project's context menu): checks the project's folder;
  /// findings appear in the report navigator, with their file and line.
  extension PlumbCommand: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
      let tool = try context.tool(named: "plumb")
      try run(tool: tool.url, directory: context.xcodeProject.directoryURL, arguments: arguments)
    }
  }
#endif
