import Foundation
import PlumbCLI
import TestSupport
import XCTest

/// `plumb check --watch`: after the first check, only the files that change are checked and
/// printed; a changed configuration checks everything again.
final class WatchTests: XCTestCase {
  func testAWatchChecksWhatChanges() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    func write(_ text: String, _ name: String) throws {
      try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let clean = "view a\nH:|[a(10)]\nV:|[a(10)]\n"
    try write("view a\nH:|[a(10@2000)]\nV:|[a(10)]\n", "a.layout")
    try write(clean, "b.layout")
    var polls = 0
    let result = runPlumb(["check", "--watch", "."], in: directory) { io in
      io.sleep = { _ in
        polls += 1
        switch polls {
        case 1: try? write("view a\nH:|[a(10@3000)]\nV:|[a(10)]\n", "b.layout")  // b changes
        case 2: break  // nothing changes
        case 3: try? write("view c\nH:|[c(1@0)]\nV:|[c(10)]\n", "c.layout")  // c appears
        case 4: try? write(#"{"rules": {"invalid-priority": "off"}}"#, ".plumb.json")  // everything again
        default: return false
        }
        return true
      }
    }
    XCTAssertEqual(polls, 5)
    let checks = result.stdout.components(separatedBy: "\n").filter { $0.contains("[invalid-priority]") }
      .map { String($0.prefix { $0 != ":" }) }
    XCTAssertEqual(checks, ["a.layout", "b.layout", "c.layout"], result.stdout)
    XCTAssertEqual(
      result.stderr,
      """
      plumb check: watching 2 files; press Ctrl-C to stop
      plumb check: 1 file changed
      plumb check: 1 file changed
      plumb check: 3 files changed

      """)
    // After the configuration turned the rule off, the last check found nothing: status 0.
    XCTAssertEqual(result.status, 0)
  }

  /// Paths given after `--` stay paths in every check of the watch (they used to be passed on
  /// without it, so a file named `-x.layout` became an unknown option).
  func testAWatchKeepsPathsThatLookLikeOptions() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("-x.layout")
    try "view a\nH:|[a(10@2000)]\nV:|[a(10)]\n".write(to: file, atomically: true, encoding: .utf8)
    var polls = 0
    let result = runPlumb(["check", "--watch", "--", "-x.layout"], in: directory) { io in
      io.sleep = { _ in
        polls += 1
        if polls == 1 {
          try? "view a\nH:|[a(10@30000)]\nV:|[a(10)]\n".write(to: file, atomically: true, encoding: .utf8)
          return true
        }
        return false
      }
    }
    XCTAssertEqual(result.status, 1, result.stderr)
    let checks = result.stdout.components(separatedBy: "\n").filter { $0.contains("[invalid-priority]") }
      .map { String($0.prefix { $0 != ":" }) }
    XCTAssertEqual(checks, ["-x.layout", "-x.layout"], result.stdout + result.stderr)
  }

  func testAWatchDoesNotWriteBaselines() {
    let folder = fixturesDirectory("cli").appendingPathComponent("check-errors-text")
    XCTAssertEqual(runPlumb(["check", "--watch", "--write-baseline", "b.json", "bad.layout"], in: folder).status, 2)
  }
}
