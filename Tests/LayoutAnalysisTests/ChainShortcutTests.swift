@testable import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// The index of the conflicts that collapse a view (`AmbiguityCheck.collapsingConflicts`)
/// answers as the scan of every conflict per view did, on the chains of `plumb-bench cliff`
/// and on random layouts. (The solver's shortcuts along chains are compared with the work
/// they replace in `DefinitionWitnessTests`.)
final class ChainShortcutTests: XCTestCase {
  /// The generated shapes of `plumb-bench cliff` that are chains, at small sizes, with and
  /// without room for the gaps.
  static func chains() -> [(text: String, kind: FileKind)] {
    var inputs: [(String, FileKind)] = []
    for count in [1, 2, 3, 7, 20] {
      inputs.append(("H:|[v0]" + (1..<count).map { "-[v\($0)]" }.joined() + "|\n", .vfl))
      inputs.append(("V:|-[v0]" + (1..<count).map { "-(>=4)-[v\($0)(30)]" }.joined() + "-|\nH:|[v0(>=500)]|\n", .vfl))
      var lines = ["canvas wide \(40 + 68 * count)x100"] + (0..<count).map { "view v\($0)" }
      lines += (1..<max(count, 1)).map { "v\($0).leading == v\($0 - 1).trailing + 1" }
      inputs.append((lines.joined(separator: "\n") + "\n", .layout))
      lines += ["v0.leading == super.leading", "v\(count - 1).trailing == super.trailing - 5000"]
      inputs.append((lines.joined(separator: "\n") + "\n", .layout))
    }
    return inputs
  }

  /// The conflict whose members include the view's own `size >= 0` along the axis, found as
  /// `AmbiguityCheck.findings` did before `collapsingConflicts`: a scan of every conflict.
  private static func collapsingConflict(_ view: String, axis: AttributeAxis, solver: PlaceSolver) -> ConflictFinding? {
    let attribute: LayoutAttribute = axis == .horizontal ? .width : .height
    return solver.conflicts.first { conflict in
      conflict.others.contains { member in
        member.origin == .implicit && member.first.view == view && member.first.attribute == attribute
      }
    }
  }

  private func assertSameCollapsingConflicts(_ layout: SolvedLayout, _ label: String) -> Int {
    var found = 0
    for solver in layout.places {
      let index = AmbiguityCheck.collapsingConflicts(solver)
      for name in layout.document.model.viewOrder {
        for axis in [AttributeAxis.horizontal, .vertical] {
          let scanned = Self.collapsingConflict(name, axis: axis, solver: solver)
          let indexed = index[AmbiguityCheck.SizedView(view: name, axis: axis)].map { solver.conflicts[$0] }
          XCTAssertEqual(indexed, scanned, "\(label): \(name) \(axis)")
          if scanned != nil { found += 1 }
        }
      }
    }
    return found
  }

  func testChainsAnswerAsBefore() {
    var found = 0
    for (text, kind) in Self.chains() {
      let layout = SolvedLayout(document: LayoutDocument(bytes: Array(text.utf8), kind: kind))
      found += assertSameCollapsingConflicts(layout, text)
    }
    // Some view of these chains is collapsed by a conflict (the index was exercised).
    XCTAssertGreaterThan(found, 0)
  }

  func testRandomLayoutsAnswerAsBefore() {
    withEverySeed(0..<150) { random, seed in
      let text = RandomLayout.text(&random, problems: Bool.random(using: &random))
      let layout = SolvedLayout(document: LayoutDocument(text: text, kind: .layout), solveWithErrors: true)
      _ = assertSameCollapsingConflicts(layout, "seed \(seed)")
    }
  }
}
