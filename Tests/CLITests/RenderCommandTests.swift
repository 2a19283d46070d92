import Foundation
import TestSupport
import XCTest

/// `plumb render` and `plumb check --format html` with their output files.
final class RenderCommandTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-render-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("canvas phone 375x667\nview Banner\nH:|-8-[Banner]\nV:|-[Banner(80)]\nBanner.width == 360\nBanner.width == 140\n".utf8)
      .write(to: folder.appendingPathComponent("conflict.layout"))
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  func testRenderWritesTheFileOutputNames() throws {
    let result = runPlumb(["render", "conflict.layout", "-o", "picture.svg", "--canvas", "phone", "--direction", "rtl"], in: folder)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stdout, "")
    let svg = try String(contentsOf: folder.appendingPathComponent("picture.svg"), encoding: .utf8)
    XCTAssertTrue(svg.hasPrefix("<?xml"))
    XCTAssertTrue(svg.contains("<g class=\"view conflict\" data-view=\"Banner\">"))
    XCTAssertTrue(svg.contains("data-direction=\"rtl\""))
    XCTAssertFalse(svg.contains("data-direction=\"ltr\""))
  }

  /// The configuration above the file applies to the picture as to `check`: a rule turned off
  /// is not drawn.
  func testRenderAppliesTheConfiguration() throws {
    try Data(#"{"rules": {"conflict": "off"}}"#.utf8).write(to: folder.appendingPathComponent(".plumb.json"))
    let result = runPlumb(["render", "conflict.layout"], in: folder)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("data-view=\"Banner\""))
    XCTAssertFalse(result.stdout.contains("class=\"view conflict\""))
    let other = runPlumb(["render", "conflict.layout", "--config", "none.json"], in: folder)
    XCTAssertEqual(other.status, 2)
  }

  func testRenderRefusesAnUnknownCanvasAndAMissingFile() {
    let unknown = runPlumb(["render", "conflict.layout", "--canvas", "tablet"], in: folder)
    XCTAssertEqual(unknown.status, 2)
    XCTAssertEqual(unknown.stderr, "plumb render: 'conflict.layout' has no canvas 'tablet'; its canvases are phone\n")
    let missing = runPlumb(["render"], in: folder)
    XCTAssertEqual(missing.status, 2)
    XCTAssertEqual(missing.stderr, "plumb render: missing FILE (see 'plumb help render')\n")
  }

  func testRenderDrawsATextWithErrorsAndSaysSo() {
    let result = runPlumb(["render", "-"], in: folder, stdin: Array("view A\nA.widht == 10\n".utf8))
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stdout.contains("data-view=\"A\""))
    XCTAssertTrue(result.stderr.contains("[syntax]") || result.stderr.contains("error:"), result.stderr)
  }

  func testCheckWritesItsReportToOutput() throws {
    let result = runPlumb(["check", "conflict.layout", "--format", "html", "-o", "report.html"], in: folder)
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stdout, "")
    let page = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
    XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"))
    XCTAssertTrue(page.contains("<g class=\"view conflict\" data-view=\"Banner\">"))
    // Self-contained: nothing is loaded from elsewhere.
    XCTAssertFalse(page.contains("src=") || page.contains("<link") || page.contains("url(http"))
    // Any format can go to a file.
    let json = runPlumb(["check", "conflict.layout", "--format", "json", "--output", "report.json"], in: folder)
    XCTAssertEqual(json.status, 1)
    XCTAssertTrue(
      try String(contentsOf: folder.appendingPathComponent("report.json"), encoding: .utf8).contains("\"conflict\""))
  }

  func testCheckSaysWhenItCannotWriteTheReport() {
    let result = runPlumb(["check", "conflict.layout", "-o", "missing-folder/report.txt"], in: folder)
    XCTAssertEqual(result.status, 2)
    XCTAssertTrue(result.stderr.hasPrefix("plumb check: cannot write 'missing-folder/report.txt'"), result.stderr)
  }

  /// The pictures docs/render.md shows are what `plumb render` draws today.
  func testTheDocumentationsPicturesAreCurrent() throws {
    let root = packageRoot()
    for (example, picture) in [("conflict", "--constraints"), ("ambiguous", nil), ("offscreen", nil), ("misplaced", nil)] {
      var arguments = ["render", "Examples/problems/\(example).layout", "--direction", "ltr"]
      if let picture { arguments.append(picture) }
      let result = runPlumb(arguments, in: root)
      XCTAssertEqual(result.status, 0, result.stderr)
      assertGolden(result.stdout, path: root.appendingPathComponent("docs/images/render-\(example).svg").path)
    }
  }
}
