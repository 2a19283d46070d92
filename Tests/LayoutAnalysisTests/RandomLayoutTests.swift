import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// Random layouts — well formed, but with every kind of constraint, conflicts, ambiguity,
/// nesting, negative and huge numbers — must analyse without trapping, give every finding a
/// range inside the text, and give every view finite frames.
final class RandomLayoutTests: XCTestCase {
  private let attributes = LayoutAttribute.writtenNames
  private let relations = ["==", ">=", "<="]

  private func randomLayout(_ random: inout SeededRandom) -> String {
    var lines: [String] = []
    if Bool.random(using: &random) { lines.append("canvas a \(Int.random(in: 1...900, using: &random))x\(Int.random(in: 1...900, using: &random))") }
    if Bool.random(using: &random) { lines.append("canvas b 320x480 safe (20, 0, 10, 0)") }
    lines.append(["direction both", "direction ltr", "direction rtl"].randomElement(using: &random) ?? "direction both")
    if Bool.random(using: &random) { lines.append("spacing 8 margins") }
    lines.append("metric m = \(Int.random(in: -20...80, using: &random))")
    let count = Int.random(in: 1...6, using: &random)
    let names = (0..<count).map { "v\($0)" }
    // Some views hold the ones declared after them, so that constraints relate views of
    // different superviews (and are measured in their nearest common ancestor).
    var open = 0
    for name in names {
      var line = ["view", "label", "image", "button"].randomElement(using: &random) ?? "view"
      line += " \(name)"
      if Bool.random(using: &random) { line += " intrinsic \(Int.random(in: 0...200, using: &random))x\(Int.random(in: 0...60, using: &random))" }
      if Int.random(in: 0..<4, using: &random) == 0 { line += " hug \(Int.random(in: 1...1000, using: &random))" }
      if Int.random(in: 0..<4, using: &random) == 0 { line += " frame (1 2; 30 40)" }
      if Int.random(in: 0..<5, using: &random) == 0 { line += " insets (1, 2, 3, 4)" }
      if Int.random(in: 0..<6, using: &random) == 0 { line += " transform rotate 45" }
      let opens = Int.random(in: 0..<3, using: &random) == 0
      if opens {
        line += " {"
        open += 1
      }
      lines.append(line)
      if !opens, open > 0, Bool.random(using: &random) {
        lines.append("H:|-\(Int.random(in: 0...40, using: &random))-[\(name)]")
        lines.append("}")
        open -= 1
      }
    }
    lines += Array(repeating: "}", count: open)
    for _ in 0..<Int.random(in: 0...10, using: &random) {
      let a = names.randomElement(using: &random) ?? "v0"
      let b = (names + ["super"]).randomElement(using: &random) ?? "super"
      let first = attributes.randomElement(using: &random) ?? "width"
      let second = attributes.randomElement(using: &random) ?? "width"
      let relation = relations.randomElement(using: &random) ?? "=="
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        lines.append("\(a).\(first) \(relation) \(Int.random(in: -50...500, using: &random))")
      case 1:
        lines.append("\(a).\(first) \(relation) \(b).\(second) * \(Double(Int.random(in: -4...8, using: &random)) / 2) + m @\(Int.random(in: 1...1000, using: &random))")
      case 2:
        let gap = ["", "-", "-8-", "-(>=0)-", "-(m@500)-", "-(-10)-"].randomElement(using: &random) ?? "-"
        let bar = Bool.random(using: &random) ? "|" : ""
        let orientation = Bool.random(using: &random) ? "H:" : "V:"
        lines.append("\(orientation)\(bar)\(gap.isEmpty ? "" : gap)[\(a)(>=\(Int.random(in: 0...300, using: &random)))]\(gap)[\(names.randomElement(using: &random) ?? "v0")]\(bar)")
      default:
        lines.append("\(a).\(first) == \(b).\(first)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func testRandomLayoutsAnalyseSafely() {
    withEverySeed(0..<300) { random, seed in
      let text = randomLayout(&random)
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
        let text = randomLayout(&random)
        let document = LayoutDocument(text: text, kind: .layout)
        let updated = live.update(document)
        let incremental = describe(live.settle() ?? updated)
        let fresh = describe(SolvedLayout(document: document, solveWithErrors: true))
        XCTAssertEqual(incremental, fresh, "seed \(seed), step \(step):\n\(text)")
      }
    }
  }
}
