import Foundation
import LayoutSyntax
import TestSupport
import XCTest

@testable import InterfaceBuilder

/// The inputs the fuzz target `fuzz-interface-builder` found (Tests/Fixtures/fuzz/interface-builder,
/// docs/fuzzing.md): each must be read without a crash, with every range inside the file and at
/// least one finding (none is a valid document).
final class FuzzRegressionTests: XCTestCase {
  func testFuzzInputsAreReadWithoutACrash() throws {
    // Foundation's XMLParser used to crash the process on each of these (an element name or a
    // comment that is not UTF-8; a processing instruction without data): the reader now reports
    // invalid UTF-8 before the parser runs, and the parser reads `<?target?>` as spaces.
    let files = fixtureFiles(in: fixturesDirectory("fuzz/interface-builder"), extensions: ["storyboard", "xib"])
    XCTAssertFalse(files.isEmpty)
    for url in files {
      let bytes = Array(try Data(contentsOf: url))
      let file = InterfaceBuilderFile.read(bytes: bytes)
      let diagnostics = file.diagnostics + file.analyse().diagnostics
      XCTAssertFalse(diagnostics.isEmpty, url.lastPathComponent)
      for diagnostic in diagnostics {
        XCTAssertTrue(
          diagnostic.range.start >= 0 && diagnostic.range.end <= file.document.bytes.count,
          "\(url.lastPathComponent): \(diagnostic.range) outside the file")
      }
    }
  }
}
