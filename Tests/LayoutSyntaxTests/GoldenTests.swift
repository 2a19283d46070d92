import Foundation
import LayoutSyntax
import TestSupport
import XCTest

/// Parses every fixture and compares its tree dump with the sibling `.tree` file.
///
/// Files in `ok/` must parse without diagnostics; files in `err/` must give at least one.
/// `UPDATE_GOLDEN=1 swift test --filter GoldenTests` records the dumps.
final class GoldenTests: XCTestCase {
  func testLayoutFixturesThatParse() throws {
    try checkFixtures(folder: "syntax", subfolder: "ok", kind: .layout, expectsErrors: false)
  }

  func testLayoutFixturesWithErrors() throws {
    try checkFixtures(folder: "syntax", subfolder: "err", kind: .layout, expectsErrors: true)
  }

  func testVFLFixturesThatParse() throws {
    try checkFixtures(folder: "vfl", subfolder: "ok", kind: .vfl, expectsErrors: false)
  }

  func testVFLFixturesWithErrors() throws {
    try checkFixtures(folder: "vfl", subfolder: "err", kind: .vfl, expectsErrors: true)
  }

  private func checkFixtures(folder: String, subfolder: String, kind: FileKind, expectsErrors: Bool) throws {
    let directory = fixturesDirectory(folder).appendingPathComponent(subfolder)
    let files = fixtureFiles(in: directory, extensions: [kind.rawValue])
    XCTAssertFalse(files.isEmpty, "no fixtures in \(directory.path)")
    for url in files {
      let bytes = [UInt8](try Data(contentsOf: url))
      let file = Parser.parse(bytes, kind: kind)
      let name = url.lastPathComponent
      if expectsErrors {
        XCTAssertFalse(file.diagnostics.isEmpty, "\(name) should have a syntax error")
      } else {
        XCTAssertEqual(
          file.diagnostics.map(\.message), [], "\(name) should parse without diagnostics")
      }
      for diagnostic in file.diagnostics {
        XCTAssertTrue(
          diagnostic.range.start >= 0 && diagnostic.range.end <= bytes.count,
          "\(name): diagnostic range \(diagnostic.range) out of bounds")
      }
      let golden = url.deletingPathExtension().appendingPathExtension("tree")
      assertGolden(file.dump(LineIndex(bytes)), path: golden.path)
    }
  }
}
