import Foundation
import TestSupport
import XCTest

/// Every example of README.md, docs/cli.md and docs/diagnostics.md is run with the built
/// `plumb` and compared with its text, so the documentation cannot drift from the program.
///
/// An example is a fenced code block of one of these kinds:
/// - a shell session: lines `$ COMMAND` each followed by the output expected (standard output
///   and standard error, as a terminal shows them), run in order by `/bin/sh` in a scratch
///   folder where `Examples` and `Tests` are the repository's;
/// - compiler-style findings (`PATH:LINE:COL: error: … [code]`): what `plumb check PATH` prints,
///   PATH a file of the repository, or else the code block just before, written to PATH;
/// - annotated lines (`TEXT   # message`, in a block of layout text): `plumb check` on the
///   block, as a `.layout` file, reports on the line of each annotation a finding whose
///   message is the annotation.
///
/// In expected text, `…` stands for any text, and a line `…` alone for any lines; an
/// annotation may be a part of its message. Other blocks (JSON shapes, editor settings,
/// layout text without annotations) are not examples of output, and are not run.
final class DocumentationExampleTests: XCTestCase {
  static let documents = ["README.md", "docs/cli.md", "docs/diagnostics.md"]

  struct Block {
    var document: String
    /// The 1-based line of the opening fence.
    var line: Int
    var info: String
    var lines: [String]
  }

  static func blocks(of document: String) throws -> [Block] {
    let text = try String(contentsOf: packageRoot().appendingPathComponent(document), encoding: .utf8)
    var blocks: [Block] = []
    var current: Block?
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") {
        if var block = current {
          // Indented blocks (in a list) lose their indentation.
          let indent = line.prefix { $0 == " " }.count
          block.lines = block.lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
          blocks.append(block)
          current = nil
        } else {
          current = Block(document: document, line: index + 1, info: String(trimmed.dropFirst(3)), lines: [])
        }
      } else if current != nil {
        current?.lines.append(line)
      }
    }
    return blocks
  }

  private var plumb: URL?

  override func setUpWithError() throws {
    if FileManager.default.isExecutableFile(atPath: builtPlumbURL.path) { plumb = builtPlumbURL }
    try XCTSkipIf(plumb == nil, "the plumb executable is not built")
  }

  /// A scratch folder with the repository's `Examples` and `Tests`, and `plumb` on PATH.
  private func scratch() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-docs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("bin"), withIntermediateDirectories: true)
    for name in ["Examples", "Tests"] {
      try FileManager.default.createSymbolicLink(
        at: folder.appendingPathComponent(name), withDestinationURL: packageRoot().appendingPathComponent(name))
    }
    if let plumb {
      try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("bin/plumb"), withDestinationURL: plumb)
    }
    return folder
  }

  /// Runs a shell script in `folder`; standard output and standard error together.
  private func shell(_ script: String, in folder: URL) throws -> String {
    let process = Process()
    // The examples are written for bash (`printf '\xe9'`), as most users' shells read them.
    let bash = ["/bin/bash", "/usr/bin/bash"].first { FileManager.default.isExecutableFile(atPath: $0) }
    process.executableURL = URL(fileURLWithPath: bash ?? "/bin/sh")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = folder.appendingPathComponent("bin").path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// Whether `actual` is `expected`, `…` in it standing for any text.
  static func matches(_ actual: String, _ expected: String) -> Bool {
    let pieces = expected.components(separatedBy: "…")
    guard pieces.count > 1 else { return actual == expected }
    guard actual.hasPrefix(pieces[0]) else { return false }
    var rest = actual.dropFirst(pieces[0].count)
    for (index, piece) in pieces.enumerated().dropFirst() {
      if index == pieces.count - 1 { return piece.isEmpty || rest.hasSuffix(piece) }
      if piece.isEmpty { continue }
      guard let found = rest.range(of: piece) else { return false }
      rest = rest[found.upperBound...]
    }
    return true
  }

  /// Whether `actual` lines are `expected`, a line `…` alone standing for any lines.
  static func matches(_ actual: ArraySlice<String>, _ expected: ArraySlice<String>) -> Bool {
    guard let first = expected.first else { return actual.isEmpty }
    if first == "…" {
      return (actual.startIndex...actual.endIndex).contains { matches(actual[$0...], expected.dropFirst()) }
    }
    guard let line = actual.first, matches(line, first) else { return false }
    return matches(actual.dropFirst(), expected.dropFirst())
  }

  private func compare(_ actual: [String], _ expected: [String], _ block: Block, _ what: String) {
    let ok = DocumentationExampleTests.matches(actual[...], expected[...])
    if !ok {
      XCTFail(
        "\(block.document):\(block.line): \(what) prints\n" + actual.joined(separator: "\n") + "\n--- the documentation says\n"
          + expected.joined(separator: "\n"))
    }
  }

  private static var findingLine: Regex<(Substring, Substring, Substring)> {
    /^(\S+?):\d+:\d+: (error|warning|info): .* \[[a-z-]+\]$/
  }

  func testEveryExampleMatchesWhatPlumbPrints() throws {
    var run = 0
    for document in DocumentationExampleTests.documents {
      let blocks = try DocumentationExampleTests.blocks(of: document)
      for (index, block) in blocks.enumerated() {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        if block.lines.contains(where: { $0.hasPrefix("$ ") }) {
          try runSession(block, previous: index > 0 ? blocks[index - 1] : nil, in: folder)
          run += 1
        } else if let path = block.lines.first.flatMap({ try? DocumentationExampleTests.findingLine.wholeMatch(in: $0)?.1 }) {
          try runFindings(block, path: String(path), previous: index > 0 ? blocks[index - 1] : nil, in: folder)
          run += 1
        } else if block.info.isEmpty, block.lines.contains(where: { DocumentationExampleTests.annotation(of: $0) != nil }) {
          try runAnnotated(block, in: folder)
          run += 1
        }
      }
    }
    XCTAssertGreaterThan(run, 30, "examples run")
  }

  /// `$ COMMAND` lines and their output, run in one shell, in order.
  private func runSession(_ block: Block, previous: Block?, in folder: URL) throws {
    var commands: [(command: String, expected: [String])] = []
    for line in block.lines {
      if line.hasPrefix("$ ") {
        commands.append((String(line.dropFirst(2)), []))
      } else if !commands.isEmpty {
        commands[commands.count - 1].expected.append(line)
      }
    }
    // A file the session checks that is neither the repository's nor made by the session is
    // the block before it (the layout text the example shows).
    if let previous, !previous.lines.contains(where: { $0.hasPrefix("$ ") }), previous.info.isEmpty,
      let first = commands.first?.command.split(separator: " "), first.count >= 3, first[0] == "plumb", ["check", "frames", "constraints"].contains(first[1]),
      let name = first.dropFirst(2).first(where: { word in
        [".layout", ".vfl", ".storyboard", ".xib"].contains { word.hasSuffix($0) }
      }), !name.contains("/"),
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent(String(name)).path)
    {
      try (previous.lines.joined(separator: "\n") + "\n").write(
        to: folder.appendingPathComponent(String(name)), atomically: true, encoding: .utf8)
    }
    let marker = "@@plumb-docs@@"
    let script = commands.map { "echo \(marker); \($0.command.replacingOccurrences(of: "swift run plumb", with: "plumb"))" }
      .joined(separator: "\n")
    let output = try shell(script, in: folder)
    let parts = output.components(separatedBy: marker + "\n").dropFirst()
    XCTAssertEqual(parts.count, commands.count, "\(block.document):\(block.line): the session stopped early:\n\(output)")
    for (part, command) in zip(parts, commands) {
      var actual = part.components(separatedBy: "\n")
      if actual.last == "" { actual.removeLast() }
      var expected = command.expected
      while expected.last == "" { expected.removeLast() }
      compare(actual, expected, block, "'\(command.command)'")
    }
  }

  /// Findings as `plumb check PATH` prints them.
  private func runFindings(_ block: Block, path: String, previous: Block?, in folder: URL) throws {
    if !FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path) {
      let source = try XCTUnwrap(previous, "\(block.document):\(block.line): no file \(path) and no block before")
      try (source.lines.joined(separator: "\n") + "\n").write(
        to: folder.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }
    var actual = try shell("plumb check \(path)", in: folder).components(separatedBy: "\n")
    if actual.last == "" { actual.removeLast() }
    var expected = block.lines
    while expected.last == "" { expected.removeLast() }
    // The summary line may be left out of the documentation.
    if let last = actual.last, last.contains(" in "), !(expected.last.map { $0.contains(" in ") } ?? false) {
      actual.removeLast()
    }
    compare(actual, expected, block, "'plumb check \(path)'")
  }

  /// `# message` at the end of a line of layout text, not a suppression comment.
  static func annotation(of line: String) -> (text: String, message: String)? {
    guard let hash = line.range(of: "  # ") ?? line.range(of: " # ") else { return nil }
    let text = line[..<hash.lowerBound].trimmingCharacters(in: .whitespaces)
    let message = line[hash.upperBound...].trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty, !text.hasPrefix("#"), !text.hasPrefix("("), !message.hasPrefix("plumb:") else { return nil }
    return (text, message)
  }

  /// Each annotation is the message of a finding on its line.
  private func runAnnotated(_ block: Block, in folder: URL) throws {
    let file = folder.appendingPathComponent("example.layout")
    try (block.lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    let output = try shell("plumb check example.layout", in: folder)
    for (index, line) in block.lines.enumerated() {
      guard let (_, message) = DocumentationExampleTests.annotation(of: line) else { continue }
      let prefix = "example.layout:\(index + 1):"
      let found = output.components(separatedBy: "\n").filter { $0.hasPrefix(prefix) }.compactMap { finding -> String? in
        guard let range = [": error: ", ": warning: ", ": info: "].lazy.compactMap({ finding.range(of: $0) }).first
        else { return nil }
        let text = finding[range.upperBound...]
        guard let code = text.range(of: " [", options: .backwards) else { return nil }
        return String(text[..<code.lowerBound])
      }
      // The annotation is the message, or a part of it (`…` for the rest).
      if !found.contains(where: { DocumentationExampleTests.matches($0, "…" + message + "…") }) {
        XCTFail(
          "\(block.document):\(block.line + 1 + index): '\(line.trimmingCharacters(in: .whitespaces))' has the findings\n"
            + found.joined(separator: "\n") + "\n--- the documentation says\n" + message)
      }
    }
  }

  /// docs/cli.md has a section for every command `plumb help` lists.
  func testEveryCommandIsDocumented() throws {
    let overview = runPlumb(["help"], in: packageRoot()).stdout
    let commands = overview.components(separatedBy: "\n").drop { $0 != "Commands:" }.dropFirst()
      .prefix { !$0.isEmpty }.compactMap { $0.split(separator: " ").first.map(String.init) }
    XCTAssertTrue(commands.contains("check") && commands.contains("lsp"), "\(commands)")
    let documentation = try String(contentsOf: packageRoot().appendingPathComponent("docs/cli.md"), encoding: .utf8)
    for command in commands {
      XCTAssertTrue(documentation.contains("## `plumb \(command)`"), "docs/cli.md has no section for \(command)")
    }
  }
}
