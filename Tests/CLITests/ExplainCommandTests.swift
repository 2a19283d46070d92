import Foundation
import JSONRPC
import PlumbCLI
import TestSupport
import XCTest

/// `plumb explain`: the JSON shape clients rely on, and `--emit-layout` writing a file.
final class ExplainCommandTests: XCTestCase {
  let logs = fixturesDirectory("explain").appendingPathComponent("logs")

  func testJSONShape() throws {
    let result = runPlumb(["explain", "--format", "json", "cell-height.log"], in: logs)
    XCTAssertEqual(result.status, 0)
    let value = try JSONValue.parse(Array(result.stdout.utf8))
    XCTAssertEqual(value["version"], .number(1))
    XCTAssertEqual(value["problem"], .null)
    let conflict = try XCTUnwrap(value["conflicts"]?[0])
    XCTAssertEqual(conflict["line"], .number(0))
    XCTAssertEqual(conflict["broken"], .string("0x600002d1c140"))
    XCTAssertEqual(conflict["brokenInMinimal"], .bool(true))
    XCTAssertEqual(
      conflict["minimal"],
      .array(["0x600002d1c0a0", "0x600002d1c140", "0x600002d1c1e0", "0x600002d1c5f0"].map(JSONValue.string)))
    guard case .string(let explanation)? = conflict["explanation"] else { return XCTFail("no explanation") }
    XCTAssertTrue(explanation.contains("8 + 200 + 8 = 216"))
    let first = try XCTUnwrap(conflict["constraints"]?[0])
    XCTAssertEqual(first["address"], .string("0x600002d1c0a0"))
    XCTAssertEqual(first["line"], .number(6))
    XCTAssertEqual(first["kind"], .string("layout"))
    XCTAssertEqual(first["equation"], .string("UIImageView:0x7f8a1c40e2b0.top == UITableViewCellContentView:0x7f8a1c40d9e0.top + 8"))
    guard case .string(let text)? = first["text"] else { return XCTFail("no text") }
    XCTAssertTrue(text.hasPrefix("<NSLayoutConstraint:0x600002d1c0a0 V:|-(8)-["))
    XCTAssertEqual(conflict["constraints"]?[3]?["kind"], .string("encapsulated"))
  }

  /// docs/explain.md: `brokenInMinimal` is null when there is no minimal set, also when the
  /// broken constraint is not among those listed.
  func testBrokenInMinimalIsNullWithoutAMinimalSet() throws {
    let log = """
      [LayoutConstraints] Unable to simultaneously satisfy constraints.
      (
          "<NSLayoutConstraint:0x600001 UIView:0x7f01.width == 300   (active)>",
          "<NSLayoutConstraint:0x600002 UIView:0x7f01.height == 200   (active)>"
      )
      Will attempt to recover by breaking constraint 
      <NSLayoutConstraint:0x600009 UIView:0x7f01.width == 100   (active)>

      """
    let result = runPlumb(["explain", "--format", "json", "-"], in: logs, stdin: Array(log.utf8))
    XCTAssertEqual(result.status, 0)
    let conflict = try XCTUnwrap(try JSONValue.parse(Array(result.stdout.utf8))["conflicts"]?[0])
    XCTAssertEqual(conflict["outcome"], .string("consistent"))
    XCTAssertEqual(conflict["broken"], .string("0x600009"))
    XCTAssertEqual(conflict["brokenInMinimal"], .null)
  }

  func testJSONForInputWithoutALog() throws {
    let result = runPlumb(["explain", "--format", "json", "-"], in: logs, stdin: Array("nothing here\n".utf8))
    XCTAssertEqual(result.status, 1)
    let value = try JSONValue.parse(Array(result.stdout.utf8))
    XCTAssertEqual(value["conflicts"], .array([]))
    guard case .string? = value["problem"] else { return XCTFail("no problem") }
  }

  /// docs/cli.md's exit status: 1 when `--conflict N` names a report the log does not have,
  /// though it has one.
  func testAConflictTheLogDoesNotHaveIsStatusOne() throws {
    let result = runPlumb(["explain", "cell-height.log", "--conflict", "9"], in: logs)
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stdout, "")
    XCTAssertEqual(result.stderr, "plumb explain: the log has no conflict 9; it has 1\n")
    let emitted = runPlumb(["explain", "cell-height.log", "--conflict", "2", "--emit-layout", "-"], in: logs)
    XCTAssertEqual(emitted.status, 1)
    XCTAssertEqual(emitted.stderr, "plumb explain: the log has no conflict 2; it has 1\n")
  }

  func testEmitLayoutWritesAFile() throws {
    let written = Buffer()
    let errors = Buffer()
    let io = CommandIO(
      readFile: { path in [UInt8](try Data(contentsOf: self.logs.appendingPathComponent(path))) },
      isDirectory: { _ in false }, listDirectory: { _ in [] }, readStandardInput: { [] },
      writeOutput: { _ in }, writeError: { errors.append($0) }, outputIsTerminal: false, environment: [:],
      writeFile: { path, bytes in written.append(path + "\n" + String(decoding: bytes, as: UTF8.self)) })
    XCTAssertEqual(Plumb.run(["explain", "autoresizing.log", "--emit-layout", "repro.layout"], io: io), 0)
    XCTAssertTrue(written.text.hasPrefix("repro.layout\n# Reproduction"), written.text)
    XCTAssertTrue(written.text.contains("BannerView_2340.width == 0    # 0x600002a0c3c0 (autoresizing)"), written.text)
    XCTAssertEqual(errors.text, "plumb explain: wrote conflict 1 (line 1) to repro.layout\n")
  }

  /// Every `$ plumb explain …` example of docs/explain.md is what the command prints for the
  /// hand-written log it names.
  func testDocumentationExamples() throws {
    let root = fixturesDirectory("explain").deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent("docs/explain.md"), encoding: .utf8)
    var examples = 0
    for block in text.components(separatedBy: "```\n").enumerated().filter({ $0.offset % 2 == 1 }).map(\.element) {
      guard block.hasPrefix("$ plumb "), let newline = block.firstIndex(of: "\n") else { continue }
      let command = block[block.index(block.startIndex, offsetBy: 8)..<newline].split(separator: " ").map(String.init)
      let expected = String(block[block.index(after: newline)...])
      let result = runPlumb(command, in: logs)
      XCTAssertEqual(result.stdout, expected, "docs/explain.md: $ plumb \(command.joined(separator: " "))")
      examples += 1
    }
    XCTAssertGreaterThanOrEqual(examples, 7)
  }
}
