import Foundation
import PlumbCLI
import TestSupport
import XCTest

/// Files in memory, for commands that write: what `plumb fmt` reads and writes.
final class MemoryFiles: @unchecked Sendable {
  var files: [String: [UInt8]]
  let output = Buffer()
  let error = Buffer()
  var writes: [String] = []
  var failWrites = false

  init(_ files: [String: [UInt8]]) {
    self.files = files
  }

  func io(stdin: [UInt8] = []) -> CommandIO {
    CommandIO(
      readFile: { path in
        guard let bytes = self.files[path] else { throw CocoaError(.fileReadNoSuchFile) }
        return bytes
      },
      isDirectory: { path in
        if self.files[path] != nil { return false }
        return self.files.keys.contains { $0.hasPrefix(path + "/") } ? true : nil
      },
      listDirectory: { path in self.files.keys.filter { $0.hasPrefix(path + "/") }.sorted() },
      readStandardInput: { stdin },
      writeOutput: { self.output.append($0) },
      writeError: { self.error.append($0) },
      outputIsTerminal: false,
      environment: [:],
      writeFile: { path, bytes in
        if self.failWrites { throw CocoaError(.fileWriteNoPermission) }
        self.files[path] = bytes
        self.writes.append(path)
      })
  }

  func run(_ arguments: [String], stdin: [UInt8] = []) -> Int32 {
    Plumb.run(arguments, io: io(stdin: stdin))
  }
}

final class FormatCommandTests: XCTestCase {
  private let messy = Array("view Card {\n      label Title   \n\t}\n".utf8)
  private let tidy = Array("view Card {\n  label Title\n}\n".utf8)

  func testFilesAreRewrittenInPlaceOnlyWhenFormattingChangesThem() {
    let memory = MemoryFiles(["dir/messy.layout": messy, "dir/tidy.layout": tidy, "dir/notes.txt": [0x20]])
    XCTAssertEqual(memory.run(["fmt", "dir"]), 0)
    XCTAssertEqual(memory.files["dir/messy.layout"], tidy)
    XCTAssertEqual(memory.writes, ["dir/messy.layout"])
    XCTAssertEqual(memory.output.text, "")
    XCTAssertEqual(memory.error.text, "")
    // Formatted now: a check finds nothing, and nothing more is written.
    XCTAssertEqual(memory.run(["fmt", "--check", "dir"]), 0)
    XCTAssertEqual(memory.run(["fmt", "dir"]), 0)
    XCTAssertEqual(memory.writes, ["dir/messy.layout"])
  }

  func testTheRealFileSystemIsWrittenInPlace() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-fmt-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("card.layout")
    try Data(messy).write(to: file)
    var io = CommandIO.process
    let output = Buffer()
    io.writeOutput = { output.append($0) }
    io.writeOutputBytes = nil
    XCTAssertEqual(Plumb.run(["fmt", "--check", file.path], io: io), 1)
    XCTAssertEqual(output.text, file.path + "\n")
    XCTAssertEqual(Plumb.run(["fmt", file.path], io: io), 0)
    XCTAssertEqual([UInt8](try Data(contentsOf: file)), tidy)
  }

  func testUnreadableUnwritableAndForeignFilesAreReportedAndTheOthersFormatted() {
    let memory = MemoryFiles(["a.layout": messy, "b.layout": messy, "Main.storyboard": [0x3C]])
    XCTAssertEqual(memory.run(["fmt", "a.layout", "missing.vfl", "notes.txt", "Main.storyboard", "b.layout"]), 2)
    XCTAssertEqual(memory.files["a.layout"], tidy)
    XCTAssertEqual(memory.files["b.layout"], tidy)
    XCTAssertEqual(
      memory.error.text,
      """
      plumb fmt: skipped 'Main.storyboard': Interface Builder files are Xcode's to write
      plumb fmt: cannot read 'missing.vfl': No such file or directory
      plumb fmt: cannot format 'notes.txt': not a .layout or .vfl file

      """)
    let readOnly = MemoryFiles(["a.layout": messy])
    readOnly.failWrites = true
    XCTAssertEqual(readOnly.run(["fmt", "a.layout"]), 2)
    XCTAssertEqual(readOnly.error.text, "plumb fmt: cannot write 'a.layout': Permission denied\n")
    XCTAssertEqual(readOnly.files["a.layout"], messy)
  }

  /// A filter never loses the text: standard input with syntax errors comes back as it came.
  func testStandardInputWithSyntaxErrorsComesBackUnchanged() {
    let broken = Array("view a {\n      a.width == == 3   \n}\n".utf8)
    let memory = MemoryFiles([:])
    XCTAssertEqual(memory.run(["fmt", "-"], stdin: broken), 1)
    XCTAssertEqual(memory.output.text, String(decoding: broken, as: UTF8.self))
    XCTAssertTrue(memory.error.text.hasPrefix("<stdin>:2:18: error: "), memory.error.text)
    XCTAssertTrue(memory.error.text.hasSuffix("plumb fmt: 1 file with syntax errors was left as it is\n"))
  }

  /// Every example and every layout of the fixtures, indented oddly first: formatting is
  /// idempotent, and the constraints the file lowers to (what `plumb constraints` prints,
  /// without line numbers) are the same before and after.
  func testFormattingKeepsEveryFilesConstraintsAndIsIdempotent() throws {
    var files = fixtureFiles(in: packageRoot().appendingPathComponent("Examples"), extensions: ["layout", "vfl"])
    files += fixtureFiles(in: packageRoot().appendingPathComponent("Tests/Fixtures"), extensions: ["layout", "vfl"])
    XCTAssertGreaterThan(files.count, 60)
    var reformatted = 0
    var compared = 0
    for url in files {
      let original = [UInt8](try Data(contentsOf: url))
      let path = "file." + url.pathExtension
      // Indent every line oddly, with spaces and tabs, and add trailing blanks.
      var messed: [UInt8] = []
      for (index, line) in original.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
        if index > 0 { messed.append(0x0A) }
        messed += [UInt8](repeating: index % 2 == 0 ? 0x20 : 0x09, count: index % 3) + line
        if index % 4 == 0 { messed += [0x20, 0x09] }
      }
      for input in [original, messed] {
        let memory = MemoryFiles([path: input])
        let before = constraints(memory, path)
        compared += before.count
        let status = memory.run(["fmt", path])
        let once = memory.files[path] ?? []
        XCTAssertEqual(constraints(memory, path), before, "\(url.lastPathComponent): the constraints changed")
        if status == 0 {
          XCTAssertEqual(memory.run(["fmt", "--check", path]), 0, "\(url.lastPathComponent): not idempotent")
          if once != input { reformatted += 1 }
        } else {
          // Syntax errors: left as it was.
          XCTAssertEqual(status, 1, "\(url.lastPathComponent): \(memory.error.text)")
          XCTAssertEqual(once, input, "\(url.lastPathComponent): a file with syntax errors was changed")
        }
        XCTAssertEqual(memory.run(["fmt", path]), status)
        XCTAssertEqual(memory.files[path], once, "\(url.lastPathComponent): not idempotent")
      }
    }
    XCTAssertGreaterThan(reformatted, 40)
    XCTAssertGreaterThan(compared, 1_000)
  }

  /// `plumb constraints` of a file, without the line numbers and the diagnostics.
  private func constraints(_ memory: MemoryFiles, _ path: String) -> [String] {
    let listing = MemoryFiles([path: memory.files[path] ?? []])
    _ = listing.run(["constraints", path])
    return listing.output.text.split(separator: "\n").map { line in
      guard let marker = line.range(of: ", line ", options: .backwards) else { return String(line) }
      return String(line[..<marker.lowerBound])
    }
  }

  func testExamplesAreFormatted() {
    let result = runPlumb(["fmt", "--check", "Examples/clean"], in: packageRoot())
    XCTAssertEqual(result.stdout, "")
    XCTAssertEqual(result.status, 0)
  }
}
