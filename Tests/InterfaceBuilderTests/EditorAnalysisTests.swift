import Foundation
import LayoutSyntax
import TestSupport
import XCTest

@testable import InterfaceBuilder

/// The server solves every unit even when it has errors (for hovers and frames); its findings
/// must still be those of `plumb check`.
final class EditorAnalysisTests: XCTestCase {
  func testSolvingWithErrorsReportsTheSameFindings() throws {
    var files = fixtureFiles(in: fixturesDirectory("interface-builder"), extensions: ["storyboard", "xib"])
    files += fixtureFiles(in: fixturesDirectory("lsp"), extensions: ["storyboard", "xib"])
    XCTAssertFalse(files.isEmpty)
    for url in files {
      let file = InterfaceBuilderFile.read(bytes: Array(try Data(contentsOf: url)))
      let checked = file.analyse().diagnostics
      let served = file.analyse(solveWithErrors: true).diagnostics
      XCTAssertEqual(served.map(\.message), checked.map(\.message), url.lastPathComponent)
      XCTAssertEqual(served.map(\.range), checked.map(\.range), url.lastPathComponent)
    }
  }
}
