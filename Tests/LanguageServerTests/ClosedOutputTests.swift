import Foundation
import XCTest

/// The built `plumb` whose standard output is closed early (`plumb explain log | head -1`)
/// ends quietly: no trap, nothing on standard error, its usual status.
final class ClosedOutputTests: XCTestCase {
  private var plumbURL: URL {
    let bundle = Bundle(for: ClosedOutputTests.self).bundleURL
    let beside = bundle.appendingPathComponent("plumb")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    return bundle.deletingLastPathComponent().appendingPathComponent("plumb")
  }

  func testExplainEndsQuietlyWhenItsOutputCloses() throws {
    guard FileManager.default.isExecutableFile(atPath: plumbURL.path) else {
      return XCTFail("no plumb executable at \(plumbURL.path); build the package first")
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
      process.executableURL = plumbURL
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
