import ConstraintLog
import Foundation
import LayoutAnalysis
import TestSupport
import XCTest

/// The inputs `fuzz-explain` once failed on (`Tests/Fixtures/fuzz/explain`), checked as the
/// target checks them.
final class FuzzRegressionTests: XCTestCase {
  func testRegressionInputs() throws {
    let folder = fixturesDirectory("fuzz").appendingPathComponent("explain")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    XCTAssertFalse(names.isEmpty)
    for name in names {
      let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
      let report = Explainer.explain(bytes)
      XCTAssertFalse(ExplanationText.render(report).isEmpty, name)
      for explanation in report.explanations where explanation.outcome == .conflict {
        let document = LayoutDocument(text: Reproduction.layout(explanation).text, kind: .layout)
        XCTAssertEqual(document.diagnostics.filter { $0.severity == .error }.count, 0, name)
      }
    }
  }
}
