import Foundation
import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// Golden tests of stack views: every `.layout` file under `Tests/Fixtures/stacks/` has a
/// sibling `.expected` with the constraints the file lowers to (the stacks' `UISV-…` ones
/// included), the findings of its solved layout, and every view's frame in every place, as
/// UIKit lays them out.
final class StackFixtureTests: XCTestCase {
  func testFixtures() throws {
    try checkFixtures(in: "stacks", atLeast: 6)
  }

  /// The same for layout guides (`guide`, `margins`, `readable`) and first and last
  /// baselines, under `Tests/Fixtures/guides/`.
  func testGuideFixtures() throws {
    try checkFixtures(in: "guides", atLeast: 4)
  }

  private func checkFixtures(in folder: String, atLeast count: Int) throws {
    let files = fixtureFiles(in: fixturesDirectory(folder), extensions: ["layout"])
    XCTAssertGreaterThanOrEqual(files.count, count)
    for url in files {
      let document = LayoutDocument(bytes: [UInt8](try Data(contentsOf: url)), kind: .layout)
      let layout = SolvedLayout(document: document)
      let expected = url.deletingPathExtension().appendingPathExtension("expected")
      assertGolden(render(layout), path: expected.path)
      XCTAssertFalse(document.diagnostics.contains { $0.severity == .error }, url.lastPathComponent)
    }
  }

  private func render(_ layout: SolvedLayout) -> String {
    let document = layout.document
    let index = document.lineIndex
    func position(_ offset: Int) -> String {
      let position = index.utf8Position(of: offset)
      return "\(position.line + 1):\(position.column + 1)"
    }
    var lines = ["constraints:"]
    for constraint in document.model.constraints {
      lines.append("  \(constraint)  [\(constraint.origin.rawValue) \(position(constraint.range.start))]")
    }
    lines.append("diagnostics:")
    for diagnostic in layout.diagnostics {
      let place = [diagnostic.canvas, diagnostic.direction].compactMap { $0 }.joined(separator: " ")
      lines.append(
        "  \(position(diagnostic.range.start)) \(diagnostic.severity.rawValue)[\(diagnostic.code)]"
          + "\(place.isEmpty ? "" : " {\(place)}") \(diagnostic.message)")
      for related in diagnostic.related {
        lines.append("    related \(position(related.range.start)): \(related.message)")
      }
    }
    lines.append("frames:")
    for solver in layout.places {
      lines.append("  \(solver.place)")
      for name in document.model.viewOrder {
        guard let view = solver.solvedView(name) else { continue }
        lines.append("    \(name) \(view.frame)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
