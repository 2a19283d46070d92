import Foundation
import JSONRPC
import PlumbCLI
import TestSupport
import XCTest

/// Behaviour the fixtures cannot show: colour, the JSON schema, parallel ordering.
final class CLIBehaviourTests: XCTestCase {
  private var folder: URL { fixturesDirectory("cli").appendingPathComponent("check-errors-text") }

  func testColourOnlyOnATerminalAndNeverWithNoColor() {
    let plain = runPlumb(["check", "bad.layout"], in: folder, terminal: false)
    XCTAssertFalse(plain.stdout.contains("\u{1B}["))
    let coloured = runPlumb(["check", "bad.layout"], in: folder, terminal: true)
    XCTAssertTrue(coloured.stdout.contains("\u{1B}[1;31merror"))
    let disabled = runPlumb(["check", "bad.layout"], in: folder, terminal: true, environment: ["NO_COLOR": "1"])
    XCTAssertEqual(disabled.stdout, plain.stdout)
  }

  /// Frame values are numbers in JSON, never null, even when the layout's numbers overflow:
  /// an infinite value is the largest finite double of its sign (docs/cli.md).
  func testFramesJSONNeverCarriesNullForAFrameValue() throws {
    let folder = fixturesDirectory("cli").appendingPathComponent("frames-overflow-json")
    let result = runPlumb(["frames", "--format", "json", "overflow.vfl"], in: folder)
    let json = try JSONValue.parse(result.stdout)
    var values: [JSONValue] = []
    for layout in json["layouts"]?.arrayValue ?? [] {
      for view in layout["views"]?.arrayValue ?? [] {
        for rect in ["frame", "alignment"] {
          for key in ["x", "y", "width", "height"] { values.append(view[rect]?[key] ?? .null) }
        }
      }
    }
    XCTAssertEqual(values.count, 2 * 3 * 8)
    for value in values {
      XCTAssertNotNil(value.doubleValue, "a frame value is \(value)")
    }
    XCTAssertTrue(values.contains(.number(.greatestFiniteMagnitude)))
    XCTAssertTrue(values.contains(.number(-.greatestFiniteMagnitude)))
    // The finding that says why is on standard error.
    XCTAssertTrue(result.stderr.contains("[inaccurate]"))
    XCTAssertEqual(result.status, 0)
  }

  func testCheckJSONHasTheDocumentedShape() throws {
    let result = runPlumb(["check", "--format", "json", "bad.layout"], in: folder)
    let json = try JSONValue.parse(result.stdout)
    XCTAssertEqual(json["version"]?.intValue, 1)
    let diagnostic = try XCTUnwrap(json["files"]?[0]?["diagnostics"]?[0])
    for key in ["code", "severity", "message", "range", "canvas", "direction", "related", "fixes"] {
      XCTAssertNotNil(diagnostic[key], "missing \(key)")
    }
    XCTAssertNotNil(diagnostic["range"]?["start"]?["line"]?.intValue)
    XCTAssertNotNil(diagnostic["range"]?["end"]?["character"]?.intValue)
    XCTAssertEqual(json["summary"]?["errors"]?.intValue, 3)
  }

  func testSARIFIsVersion210WithRules() throws {
    let result = runPlumb(["check", "--format", "sarif", "bad.layout"], in: folder)
    let json = try JSONValue.parse(result.stdout)
    XCTAssertEqual(json["version"]?.stringValue, "2.1.0")
    let run = try XCTUnwrap(json["runs"]?[0])
    let rules = run["tool"]?["driver"]?["rules"]?.arrayValue ?? []
    XCTAssertTrue(rules.contains { $0["id"]?.stringValue == "unknown-metric" })
    XCTAssertEqual(run["results"]?.arrayValue?.count, 3)
    XCTAssertEqual(run["results"]?[0]?["locations"]?[0]?["physicalLocation"]?["region"]?["startLine"]?.intValue, 4)
  }

  func testManyFilesKeepAStableOrder() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-order-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for index in 0..<40 {
      let name = String(format: "f%02d.layout", index)
      try "view a\nH:|[a(\(index)@2000)]|\n".write(
        to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let first = runPlumb(["check", directory.path], in: directory)
    XCTAssertEqual(first.status, 1)
    let paths = first.stdout.split(separator: "\n").filter { $0.contains("error:") }.map { $0.split(separator: ":")[0] }
    XCTAssertEqual(paths.count, 40)
    XCTAssertEqual(paths, paths.sorted())
    for _ in 0..<3 {
      XCTAssertEqual(runPlumb(["check", directory.path], in: directory).stdout, first.stdout)
    }
  }
}

/// `--shard I/N`: N disjoint parts of the files whose findings together are one run's.
final class ShardTests: XCTestCase {
  func testTheShardsPartitionTheFilesAndTogetherAreOneRun() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-shard-\(UUID().uuidString)")
    let nested = directory.appendingPathComponent("nested")
    try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for index in 0..<30 {
      let folder = index.isMultiple(of: 3) ? nested : directory
      try "view a\nH:|[a(\(index)@2000)]|\n".write(
        to: folder.appendingPathComponent(String(format: "f%02d.layout", index)), atomically: true, encoding: .utf8)
    }
    func findings(_ output: String) -> [String] {
      output.split(separator: "\n").filter { $0.contains("error:") }.map(String.init)
    }
    let whole = runPlumb(["check", "."], in: directory)
    XCTAssertEqual(findings(whole.stdout).count, 30)
    var union: [String] = []
    var sizes: [Int] = []
    for index in 1...3 {
      let part = runPlumb(["check", ".", "--shard", "\(index)/3"], in: directory)
      XCTAssertEqual(part.status, findings(part.stdout).isEmpty ? 0 : 1)
      // The same part again, and with the paths written otherwise, is the same part.
      XCTAssertEqual(runPlumb(["check", "--shard=\(index)/3"], in: directory).stdout, part.stdout)
      let files = Set(findings(part.stdout).map { $0.split(separator: ":")[0].replacingOccurrences(of: "./", with: "") })
      let spelled = runPlumb(["check", "nested", "."] + ["--shard", "\(index)/3"], in: directory)
      XCTAssertEqual(Set(findings(spelled.stdout).map { $0.split(separator: ":")[0].replacingOccurrences(of: "./", with: "") }), files)
      sizes.append(findings(part.stdout).count)
      union += findings(part.stdout)
    }
    XCTAssertEqual(union.sorted(), findings(whole.stdout).sorted())
    // Every part has some of the 30 files.
    XCTAssertTrue(sizes.allSatisfy { $0 > 0 }, "\(sizes)")
    XCTAssertEqual(runPlumb(["check", ".", "--shard", "1/1"], in: directory).stdout, whole.stdout)
  }

  func testABadShardIsAUsageError() {
    let folder = fixturesDirectory("cli").appendingPathComponent("check-errors-text")
    for bad in ["0/3", "4/3", "3", "1/0", "a/b", "1/3/5", "-1/3", "+1/3"] {
      let result = runPlumb(["check", "bad.layout", "--shard", bad], in: folder)
      XCTAssertEqual(result.status, 2, bad)
      XCTAssertEqual(result.stderr, "plumb check: '\(bad)' is not I/N (1 ≤ I ≤ N) for --shard\n", bad)
    }
    XCTAssertEqual(runPlumb(["check", "bad.layout", "--shard", "1/2", "--watch"], in: folder).status, 2)
  }
}

/// `--quiet`, and the progress line drawn on a terminal's standard error.
final class QuietAndProgressTests: XCTestCase {
  private var folder: URL { fixturesDirectory("cli").appendingPathComponent("check-errors-text") }

  func testQuietLeavesOutTheSummaryAndTheNotes() {
    let loud = runPlumb(["check", "bad.layout"], in: folder)
    let quiet = runPlumb(["check", "--quiet", "bad.layout"], in: folder)
    XCTAssertEqual(quiet.status, loud.status)
    XCTAssertTrue(loud.stdout.hasSuffix("3 errors in 1 file\n"))
    XCTAssertEqual(quiet.stdout + "3 errors in 1 file\n", loud.stdout)
    let noFiles = fixturesDirectory("cli").appendingPathComponent("check-no-files")
    XCTAssertEqual(runPlumb(["check", "--quiet", "docs"], in: noFiles).stderr, "")
  }

  func testTheProgressLineIsDrawnOnATerminalAndErased() {
    let drawn = runPlumb(["check", "bad.layout"], in: folder) { $0.errorIsTerminal = true; $0.progressDelay = 0 }
    XCTAssertTrue(drawn.stderr.hasPrefix("\r\u{1B}[Kplumb check: 0 of 1 file"), drawn.stderr.debugDescription)
    XCTAssertTrue(drawn.stderr.hasSuffix("\r\u{1B}[K"), drawn.stderr.debugDescription)
    // Not on a pipe, not with --quiet, not before the delay.
    XCTAssertEqual(runPlumb(["check", "bad.layout"], in: folder) { $0.progressDelay = 0 }.stderr, "")
    XCTAssertEqual(
      runPlumb(["check", "--quiet", "bad.layout"], in: folder) { $0.errorIsTerminal = true; $0.progressDelay = 0 }.stderr,
      "")
    XCTAssertEqual(runPlumb(["check", "bad.layout"], in: folder) { $0.errorIsTerminal = true }.stderr, "")
  }
}
