@testable import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// The conflict fixes are decided for every member of a conflict at once
/// (`PlaceSolver.acceptsEach`); each answer must be the one a probe of that member alone gives.
final class FixProbeBatchTests: XCTestCase {
  private func checkBatchAgreesWithSingleProbes(_ text: String, label: String) -> Int {
    let document = LayoutDocument(text: text, kind: .layout)
    let layout = SolvedLayout(document: document, solveWithErrors: true)
    let context = CheckContext(places: layout.places)
    var compared = 0
    for solver in layout.places {
      for conflict in solver.conflicts {
        var sets: [[Int]] = []
        for entry in [conflict.brokenEntry] + conflict.otherEntries {
          guard let position = solver.modelPosition(ofEntry: entry) else { continue }
          let copies = context.copies(of: position, in: document.model)
          if !sets.contains(copies) { sets.append(copies) }
        }
        let batch = solver.acceptsEach(relaxing: sets)
        let single = sets.map { solver.accepts(ConstraintChange(relaxed: $0)) }
        XCTAssertEqual(batch, single, "\(label): \(sets)\n\(text)")
        compared += sets.count
      }
    }
    return compared
  }

  func testBatchAgreesWithOneProbePerMember() {
    // Relaxing `a.width == 10` or `b.width == a.width` ends the first conflict, but the second
    // conflict (`b.width == 30` against `b.width <= 25`) keeps `b.width == 30` broken, so
    // relaxing a member the two share gives different answers.
    let text = """
      view a
      view b
      view c
      a.width == 10
      b.width == a.width
      b.width == 20
      b.width <= 25
      b.width == 30
      c.width == b.width
      c.width == 10
      c.width == 10
      """
    XCTAssertGreaterThan(checkBatchAgreesWithSingleProbes(text, label: "fixed"), 2)
  }

  func testBatchAgreesOnRandomLayouts() {
    var compared = 0
    withEverySeed(0..<150) { random, seed in
      compared += checkBatchAgreesWithSingleProbes(RandomLayout.text(&random), label: "seed \(seed)")
    }
    XCTAssertGreaterThan(compared, 20)
  }

  func testACycleOfRequiredWidthsOffersEveryMember() {
    let n = 12
    let lines = (0..<n).map { "view v\($0)" } + (0..<n).map { "v\(($0 + 1) % n).width == v\($0).width + 1" }
    let layout = SolvedLayout(document: LayoutDocument(text: lines.joined(separator: "\n") + "\n", kind: .layout))
    let conflict = layout.diagnostics.first { $0.code == .conflict }
    // Each of the n members can be lowered or removed.
    XCTAssertEqual(conflict?.fixes.count, 2 * n)
    XCTAssertGreaterThan(checkBatchAgreesWithSingleProbes(lines.joined(separator: "\n") + "\n", label: "cycle"), n - 1)
  }
}
