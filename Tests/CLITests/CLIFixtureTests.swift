import Foundation
import PlumbCLI
import TestSupport
import XCTest

/// Runs every case of `Tests/Fixtures/cli/`: each folder holds `args` (the arguments, one
/// line, split at spaces), optionally `stdin`, the files the command reads, and the
/// expected `stdout`, `stderr` and `status`. `UPDATE_GOLDEN=1` records them.
final class CLIFixtureTests: XCTestCase {
  func testEveryCase() throws {
    let root = fixturesDirectory("cli")
    let cases = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
    XCTAssertFalse(cases.isEmpty, "no CLI fixtures found in \(root.path)")
    for name in cases {
      let folder = root.appendingPathComponent(name)
      guard let argumentsText = try? String(contentsOf: folder.appendingPathComponent("args"), encoding: .utf8) else {
        continue
      }
      let arguments = argumentsText.trimmingCharacters(in: .whitespacesAndNewlines)
        .split(separator: " ").map(String.init)
      let stdin = (try? Data(contentsOf: folder.appendingPathComponent("stdin"))).map { [UInt8]($0) } ?? []
      let result = runPlumb(arguments, in: folder, stdin: stdin)
      assertGolden(result.stdout, path: folder.appendingPathComponent("stdout").path)
      assertGolden(result.stderr, path: folder.appendingPathComponent("stderr").path)
      assertGolden("\(result.status)\n", path: folder.appendingPathComponent("status").path)
    }
  }
}

/// Runs `plumb` in process with files read relative to `folder`.
func runPlumb(_ arguments: [String], in folder: URL, stdin: [UInt8] = [], terminal: Bool = false,
  environment: [String: String] = [:], configure: (inout CommandIO) -> Void = { _ in }
) -> (stdout: String, stderr: String, status: Int32) {
  let output = Buffer()
  let error = Buffer()
  func resolve(_ path: String) -> String {
    path.hasPrefix("/") ? path : folder.appendingPathComponent(path).path
  }
  var io = CommandIO(
    readFile: { path in [UInt8](try Data(contentsOf: URL(fileURLWithPath: resolve(path)))) },
    isDirectory: { path in
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: resolve(path), isDirectory: &isDirectory) else { return nil }
      return isDirectory.boolValue
    },
    listDirectory: { path in
      let base = resolve(path)
      let files = FileManager.default.enumerator(atPath: base)?.allObjects as? [String] ?? []
      return files.map { path == "." ? $0 : (path.hasSuffix("/") ? path + $0 : path + "/" + $0) }
    },
    readStandardInput: { stdin },
    writeOutput: { output.append($0) },
    writeError: { error.append($0) },
    outputIsTerminal: terminal,
    environment: environment,
    writeFile: { path, bytes in try Data(bytes).write(to: URL(fileURLWithPath: resolve(path))) },
    currentDirectory: folder.path)
  let stamp = io.fileStamp
  io.fileStamp = { stamp(resolve($0)) }
  configure(&io)
  let status = Plumb.run(arguments, io: io)
  return (output.text, error.text, status)
}
