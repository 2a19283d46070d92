import InterfaceBuilder
import LayoutAnalysis
import LayoutSyntax
import XCTest

final class ReaderTests: XCTestCase {
  func testReadsAScene() {
    let file = InterfaceBuilderFile.read(text: "<document><scenes/></document>")
    XCTAssertTrue(file.units.isEmpty)
  }
}
