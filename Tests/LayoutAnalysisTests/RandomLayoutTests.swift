import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// Random layouts — well formed, but with every kind of constraint, conflicts, ambiguity,
/// nesting, negative and huge numbers — must analyse without trapping, give every finding a
/// range inside the text, and give every view finite frames.
final class RandomLayoutTests: XCTestCase {
  func testRandomLayoutsAnalyseSafely() {
    withEverySeed(0..<300) { random, seed in
      let text = RandomLayout.text(&random)
      let document = LayoutDocument(text: text, kind: .layout)
      let layout = SolvedLayout(document: document, solveWithErrors: true)
      let count = document.bytes.count
      for diagnostic in layout.diagnostics {
        XCTAssertTrue(diagnostic.range.start >= 0 && diagnostic.range.end <= count, "seed \(seed): \(diagnostic)\n\(text)")
        for related in diagnostic.related {
          XCTAssertTrue(related.range.end <= count, "seed \(seed)")
        }
        for fix in diagnostic.fixes {
          for edit in fix.edits { XCTAssertTrue(edit.range.end <= count, "seed \(seed): \(fix.title)") }
        }
      }
      for solver in layout.places {
        for name in document.model.viewOrder {
          guard let frame = solver.solvedView(name)?.frame else { continue }
          XCTAssertTrue(
            frame.x.isFinite && frame.y.isFinite && frame.width.isFinite && frame.height.isFinite,
            "seed \(seed): \(name) \(frame)\n\(text)")
        }
      }
    }
  }

  /// The same random layouts, reached through a live layout edit after edit.
  func testRandomLayoutsThroughALiveLayout() {
    /// The findings, and the frames of the views whose frame is determined.
    func describe(_ layout: SolvedLayout) -> [String] {
      var lines = layout.diagnostics.map { "\($0.range) \($0.code) \($0.message)" }
      for solver in layout.places {
        let ambiguous = Set(solver.ambiguities().map(\.view))
        for name in layout.document.model.viewOrder where !ambiguous.contains(name) {
          guard let frame = solver.solvedView(name)?.frame else { continue }
          let numbers = [frame.x, frame.y, frame.width, frame.height].map { formatNumber($0) }
          lines.append("\(solver.place) \(name) \(numbers.joined(separator: " "))")
        }
      }
      return lines
    }
    withEverySeed(0..<40) { random, seed in
      let live = LiveLayout()
      for step in 0..<5 {
        let text = RandomLayout.text(&random)
        let document = LayoutDocument(text: text, kind: .layout)
        let updated = live.update(document)
        let incremental = describe(live.settle() ?? updated)
        let fresh = describe(SolvedLayout(document: document, solveWithErrors: true))
        XCTAssertEqual(incremental, fresh, "seed \(seed), step \(step):\n\(text)")
      }
    }
  }
}
