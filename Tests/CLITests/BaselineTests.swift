import Foundation
import JSONRPC
import PlumbCLI
import TestSupport
import XCTest

/// `--write-baseline` records today's findings; `--baseline` reports only new ones, matched by
/// file, code and subject, not by line (docs/cli.md#baselines).
final class BaselineTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-baseline-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory.appendingPathComponent("App"), withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  private func write(_ text: String, to name: String) throws {
    try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
  }

  func testABaselineWrittenThenUsedHidesOnlyWhatItRecorded() throws {
    // Two conflicts (errors) and two ambiguous findings on one view.
    try write("view a\nview b\nH:|[a(10)]|\nb.width == 10\nb.width == 20\n", to: "App/card.layout")
    let fixture = fixturesDirectory("cli").appendingPathComponent("check-ignore/Strip.xib")
    try FileManager.default.copyItem(at: fixture, to: directory.appendingPathComponent("App/Strip.xib"))

    let before = runPlumb(["check", "App"], in: directory)
    XCTAssertEqual(before.status, 1)
    let written = runPlumb(["check", "App", "--write-baseline", "baseline.json"], in: directory)
    XCTAssertEqual(written.status, 0)
    XCTAssertEqual(written.stdout, "")
    XCTAssertTrue(written.stderr.hasPrefix("plumb check: wrote "), written.stderr)

    // The documented shape: a version, and findings by path, code, subject and count.
    let json = try JSONValue.parse(String(contentsOf: directory.appendingPathComponent("baseline.json"), encoding: .utf8))
    XCTAssertEqual(json["version"]?.intValue, 1)
    let findings = json["findings"]?.arrayValue ?? []
    XCTAssertTrue(
      findings.contains {
        $0["path"]?.stringValue == "App/Strip.xib" && $0["code"]?.stringValue == "ambiguous"
          && $0["subject"]?.stringValue == "Mk0-vw-001" && $0["count"]?.intValue == 1
      }, "\(findings)")
    XCTAssertTrue(
      findings.contains {
        $0["path"]?.stringValue == "App/card.layout" && $0["code"]?.stringValue == "ambiguous"
          && $0["subject"]?.stringValue == "b" && $0["count"]?.intValue == 2
      }, "\(findings)")
    XCTAssertTrue(
      findings.contains {
        $0["code"]?.stringValue == "conflict" && $0["subject"]?.stringValue == "root.trailing == a.trailing"
      }, "\(findings)")

    // Used: nothing to report, status 0.
    let clean = runPlumb(["check", "App", "--baseline", "baseline.json"], in: directory)
    XCTAssertEqual(clean.stdout, "")
    XCTAssertEqual(clean.status, 0)

    // Lines added above move every finding; only the new error is reported.
    try write(
      "view c\nc.width == 1 @2000\nview a\nview b\nH:|[a(10)]|\nb.width == 10\nb.width == 20\n", to: "App/card.layout")
    let edited = runPlumb(["check", "App", "--baseline", "baseline.json"], in: directory)
    XCTAssertEqual(edited.status, 1)
    let lines = edited.stdout.split(separator: "\n").filter { $0.contains(": error:") || $0.contains(": warning:") }
    XCTAssertEqual(lines.count, 1, edited.stdout)
    XCTAssertTrue(lines.first?.contains("[invalid-priority]") == true, edited.stdout)

    // Counts: a second finding with the same key is new.
    try write("view a\nview b\nH:|[a(10)]|\nb.width == 10\nb.width == 20\nb.width == 30\n", to: "App/card.layout")
    let duplicate = runPlumb(["check", "App", "--baseline", "baseline.json", "--format", "json"], in: directory)
    let codes = try JSONValue.parse(duplicate.stdout)["files"]?.arrayValue?.flatMap {
      $0["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
    }
    XCTAssertEqual(codes, ["conflict"])
  }

  func testABadBaselineIsAUsageError() throws {
    try write("view a\n", to: "a.layout")
    try write("{\"version\": 9, \"findings\": []}", to: "old.json")
    let result = runPlumb(["check", "a.layout", "--baseline", "old.json"], in: directory)
    XCTAssertEqual(result.status, 2)
    XCTAssertEqual(result.stderr, "plumb check: old.json is not a baseline of version 1 (write one with --write-baseline)\n")
    let missing = runPlumb(["check", "a.layout", "--baseline", "none.json"], in: directory)
    XCTAssertEqual(missing.status, 2)
  }

  func testCountsThatAddUpPastIntMaxDoNotOverflow() throws {
    // Counts may be as large as JSON integers are read exactly (below 9e15); a key repeated
    // often enough adds up past Int.max, which used to trap.
    try write("view a\n", to: "a.layout")
    let entry = "{\"path\": \"a.layout\", \"code\": \"ambiguous\", \"subject\": \"a\", \"count\": 8999999999999999}"
    try write("{\"version\": 1, \"findings\": [\(Array(repeating: entry, count: 1100).joined(separator: ","))]}", to: "big.json")
    let result = runPlumb(["check", "a.layout", "--baseline", "big.json"], in: directory)
    XCTAssertFalse(result.stdout.contains("[ambiguous]"), result.stdout)
    XCTAssertTrue(result.stdout.contains("[zero-size]"), result.stdout)
    XCTAssertEqual(result.stderr, "")
  }
}
