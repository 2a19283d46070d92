import Foundation
import TestSupport
import XCTest

@testable import PlumbCLI

/// `plumb check` reports file by file: each file's part is written once it and the files
/// before it are checked, while later files are still to be read, in the order of the paths,
/// and the report is the same bytes whether it streams or is held back for a file.
final class StreamingCheckTests: XCTestCase {
  /// More files than the check keeps in progress at once on this machine.
  private var fileCount: Int { 8 * ProcessInfo.processInfo.activeProcessorCount + 24 }

  /// Files named `Screen000.layout`…, every third with a conflict.
  private func files() -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    for index in 0..<fileCount {
      var text = "canvas phone 375x667\nview a\nH:|-[a(100)]\nV:|-[a(40)]\n"
      if index % 3 == 0 { text += "a.width == 120\n" }
      files[String(format: "tree/Screen%03d.layout", index)] = Array(text.utf8)
    }
    return files
  }

  private final class Events: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var log: [String] = []
    var output = ""
    var written: [String: [UInt8]] = [:]

    func record(_ event: String) {
      lock.lock()
      log.append(event)
      lock.unlock()
    }

    func write(_ text: String) {
      lock.lock()
      log.append("write")
      output += text
      lock.unlock()
    }

    func store(_ path: String, _ bytes: [UInt8]) {
      lock.lock()
      written[path] = bytes
      lock.unlock()
    }
  }

  private func io(_ files: [String: [UInt8]], events: Events) -> CommandIO {
    CommandIO(
      readFile: { path in
        events.record("read \(path)")
        guard let bytes = files[path] else { throw CocoaError(.fileReadNoSuchFile) }
        return bytes
      },
      isDirectory: { path in
        if files[path] != nil { return false }
        return files.keys.contains { $0.hasPrefix(path + "/") } ? true : nil
      },
      listDirectory: { path in files.keys.filter { $0.hasPrefix(path + "/") }.sorted() },
      readStandardInput: { [] }, writeOutput: { events.write($0) }, writeError: { _ in }, outputIsTerminal: false,
      environment: [:], writeFile: { path, bytes in events.store(path, bytes) }, currentDirectory: "/")
  }

  func testTheReportIsWrittenWhileLaterFilesAreStillToBeRead() {
    let files = files()
    let last = "read " + (files.keys.max() ?? "")
    for format in ["text", "json", "sarif", "checkstyle"] {
      let events = Events()
      XCTAssertEqual(Plumb.run(["check", "tree", "--format", format], io: io(files, events: events)), 1)
      guard let firstWrite = events.log.firstIndex(of: "write"), let lastRead = events.log.firstIndex(of: last) else {
        XCTFail("\(format): no output, or the last file was not read")
        continue
      }
      XCTAssertLessThan(firstWrite, lastRead, "\(format): nothing was written before the last file was read")
      // The same bytes as the report held back and written to a file at the end.
      let held = Events()
      XCTAssertEqual(Plumb.run(["check", "tree", "--format", format, "-o", "report"], io: io(files, events: held)), 1)
      XCTAssertEqual(held.written["report"].map { String(decoding: $0, as: UTF8.self) }, events.output, format)
      XCTAssertFalse(held.log.contains("write"), format)
    }
  }

  func testFindingsAreReportedInTheOrderOfThePaths() {
    let events = Events()
    XCTAssertEqual(Plumb.run(["check", "tree"], io: io(files(), events: events)), 1)
    let paths = events.output.split(separator: "\n").filter { $0.hasPrefix("tree/") }.map { $0.prefix { $0 != ":" } }
    XCTAssertEqual(paths.count, (fileCount + 2) / 3)
    XCTAssertEqual(paths, paths.sorted())
    XCTAssertTrue(events.output.hasSuffix("\((fileCount + 2) / 3) errors in \(fileCount) files\n"), events.output)
  }

  /// Until a file has the canvas asked for, nothing is written: none having it is an error
  /// with no report.
  func testAReportIsHeldUntilAFileHasTheCanvas() {
    var files = files()
    let events = Events()
    XCTAssertEqual(Plumb.run(["check", "tree", "--canvas", "tablet"], io: io(files, events: events)), 2)
    XCTAssertEqual(events.output, "")
    // The last file has it, with a conflict: what was held is written, in order, with its finding.
    files["tree/Screen999.layout"] = Array("canvas tablet 768x1024\nview a\nH:|-[a(100)]\nV:|-[a(40)]\na.width == 120\n".utf8)
    let found = Events()
    XCTAssertEqual(Plumb.run(["check", "tree", "--canvas", "tablet"], io: io(files, events: found)), 1)
    XCTAssertTrue(found.output.hasPrefix("tree/Screen999.layout:"), found.output)
    XCTAssertTrue(found.output.hasSuffix("1 error in \(fileCount + 1) files\n"), found.output)
    let json = Events()
    XCTAssertEqual(Plumb.run(["check", "tree", "--canvas", "tablet", "--format", "json"], io: io(files, events: json)), 1)
    XCTAssertTrue(json.output.hasPrefix("{\n  \"version\": 1,"), json.output)
    XCTAssertEqual(json.output.components(separatedBy: "\"path\": ").count - 1, fileCount + 1)
  }

  /// Only the last files' layouts are kept for the exit, and a check that starts again in the
  /// same process (`--watch`) lets the earlier ones go: what is kept does not add up.
  func testWhatIsKeptForTheExitDoesNotAddUp() {
    let files = files()
    let cores = ProcessInfo.processInfo.activeProcessorCount
    for _ in 0..<3 {
      XCTAssertEqual(Plumb.run(["check", "tree"], io: io(files, events: Events())), 1)
      XCTAssertGreaterThan(ProcessLifetime.count, 0)
      XCTAssertLessThanOrEqual(ProcessLifetime.count, cores)
    }
  }

  /// The pipeline hands results over in item order and never has more than its window of
  /// items started and not yet taken (here, one more: the one the consumer is being handed).
  func testThePipelineKeepsOrderWithinItsWindow() {
    final class Counter: @unchecked Sendable {
      let lock = NSLock()
      var started = 0
      var taken = 0
      var widest = 0
    }
    let counter = Counter()
    let count = 500
    let window = 6
    let pipeline = OrderedPipeline<Int>(count: count, window: window)
    var taken: [Int] = []
    pipeline.run(
      workers: 4,
      consume: { value in
        counter.lock.lock()
        counter.taken += 1
        counter.lock.unlock()
        taken.append(value)
      },
      work: { index in
        counter.lock.lock()
        counter.started += 1
        counter.widest = max(counter.widest, counter.started - counter.taken)
        counter.lock.unlock()
        // Later items finish first now and then.
        if index % 7 == 0 { usleep(200) }
        return index
      })
    XCTAssertEqual(taken, Array(0..<count))
    XCTAssertLessThanOrEqual(counter.widest, window + 1)
    XCTAssertTrue(pipeline.everyItemStarted)
  }
}
