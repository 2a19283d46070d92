import Foundation
import PlumbCLI
import TestSupport
import XCTest

/// A reader that goes away (`plumb check big.layout | head -1`) ends the run quietly: no
/// trap, no backtrace, the command's own exit status (docs/cli.md).
final class ClosedOutputTests: XCTestCase {
  /// The writer itself, on a real pipe whose reading end is closed: the write fails with
  /// EPIPE, which closes the stream; later writes are dropped.
  func testAWriteToAClosedPipeClosesTheStream() throws {
    signal(SIGPIPE, SIG_IGN)
    var ends: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&ends), 0)
    close(ends[0])
    defer { close(ends[1]) }
    let stream = StandardStream(descriptor: ends[1])
    XCTAssertFalse(stream.isClosed)
    XCTAssertFalse(stream.write(Array("line\n".utf8)))
    XCTAssertTrue(stream.isClosed)
    XCTAssertFalse(stream.write(Array("more\n".utf8)))
  }

  func testAWriteToAnOpenPipeArrivesWhole() throws {
    var ends: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&ends), 0)
    let reader = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
    let writing = ends[1]
    let stream = StandardStream(descriptor: writing)
    let text = String(repeating: "0123456789", count: 10_000)
    DispatchQueue.global().async {
      stream.write(Array(text.utf8))
      close(writing)
    }
    XCTAssertEqual(String(decoding: reader.readDataToEndOfFile(), as: UTF8.self), text)
  }

  /// The built executable with its standard output on a pipe that is closed after one line,
  /// as `head -1` does, while the command still has most of its output to write.
  func testTheBuiltCommandEndsQuietlyWhenItsReaderGoesAway() throws {
    let plumb = builtPlumbURL
    try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: plumb.path), "the plumb executable is not built")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-pipe-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // 1,500 views each with a misspelt name: about 300 KB of findings, far more than a pipe holds.
    var text = ""
    for index in 0..<1500 { text += "view a\(index)\na\(index).width == b\(index).width\n" }
    let file = directory.appendingPathComponent("big.layout")
    try text.write(to: file, atomically: true, encoding: .utf8)

    let process = Process()
    process.executableURL = plumb
    process.arguments = ["check", file.path]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Read one line, then close the reading end.
    var first = Data()
    while !first.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      first.append(chunk)
    }
    try output.fileHandleForReading.close()
    let stderr = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertTrue(String(decoding: first, as: UTF8.self).contains("[unknown-view]"))
    XCTAssertEqual(process.terminationReason, .exit, "killed by a signal")
    XCTAssertEqual(process.terminationStatus, 1, "the check's own status: the file has errors")
    XCTAssertEqual(String(decoding: stderr, as: UTF8.self), "")
  }

  /// `plumb explain log | head -1`: the same, for the explanation in either format.
  func testExplainEndsQuietlyWhenItsOutputCloses() throws {
    guard FileManager.default.isExecutableFile(atPath: builtPlumbURL.path) else {
      return XCTFail("no plumb executable at \(builtPlumbURL.path); build the package first")
    }
    let block = """
      [LayoutConstraints] Unable to simultaneously satisfy constraints.
      (
          "<NSLayoutConstraint:0x600001 UIView:0x7f01.width == 300   (active)>",
          "<NSLayoutConstraint:0x600002 UIView:0x7f01.width == 200   (active)>"
      )
      Will attempt to recover by breaking constraint 
      <NSLayoutConstraint:0x600002 UIView:0x7f01.width == 200   (active)>

      """
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-closed-output-\(getpid()).log")
    try Data(String(repeating: block, count: 3_000).utf8).write(to: log)
    defer { try? FileManager.default.removeItem(at: log) }
    for format in ["text", "json"] {
      let process = Process()
      process.executableURL = builtPlumbURL
      process.arguments = ["explain", "--format", format, log.path]
      let output = Pipe()
      let errors = Pipe()
      process.standardOutput = output
      process.standardError = errors
      try output.fileHandleForReading.close()
      try process.run()
      let errorText = errors.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      XCTAssertEqual(process.terminationStatus, 0, format)
      XCTAssertEqual(String(decoding: errorText, as: UTF8.self), "", format)
    }
  }
}
