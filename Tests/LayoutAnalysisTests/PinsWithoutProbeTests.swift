@testable import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// "Add missing constraints" answers a view's probe without it when the solver can tell from
/// its rows that the pins would be added (`Solver.certainlyAccepts`) and the pins fix the
/// view by themselves (`PlaceSolver.acceptsWithoutProbe`). Every answer it gives must be the
/// one the probe (`PlaceSolver.accepts(_:determining:axis:)`) gives, for every choice of every
/// plan in every place. Replay one seed with `PLUMB_SEED=n`.
final class PinsWithoutProbeTests: XCTestCase {
  /// Compares the shortcut with the probe on one text; returns how many answers the shortcut
  /// gave and how many questions there were.
  @discardableResult
  private func compare(_ text: String, label: String, kind: FileKind = .layout)
    -> (known: Int, asked: Int, firstKnown: Int, firstAsked: Int)
  {
    let document = LayoutDocument(text: text, kind: kind)
    let layout = SolvedLayout(document: document, solveWithErrors: true)
    let places = layout.places
    var known = 0
    var asked = 0
    var firstKnown = 0
    var firstAsked = 0
    for solver in places {
      for ambiguity in solver.ambiguities() {
        guard let plan = AmbiguityCheck.missingConstraintsPlan(ambiguity, solver: solver, document: document) else {
          continue
        }
        for (offset, choice) in plan.choices.enumerated() {
          let pins = (choice.position ? [plan.pinPosition] : []) + (choice.size ? [plan.pinSize] : [])
          for place in places {
            asked += 1
            if offset == 0 { firstAsked += 1 }
            let isAmbiguous = place.isAmbiguous(plan.name, axis: plan.axis)
            guard
              let answer = place.acceptsWithoutProbe(
                pins: pins, view: plan.name, axis: plan.axis, determining: isAmbiguous)
            else { continue }
            known += 1
            if offset == 0 { firstKnown += 1 }
            let probed = place.accepts(
              ConstraintChange(added: pins), determining: isAmbiguous ? plan.name : nil, axis: plan.axis)
            XCTAssertEqual(
              answer, probed,
              "\(label): \(plan.name) \(plan.axis) \(choice) in \(place.place): the shortcut says \(answer)\n\(text)")
          }
        }
      }
    }
    return (known, asked, firstKnown, firstAsked)
  }

  /// A chain of views as `plumb-bench cliff --shape leading` writes it, with some of: a
  /// reference two views back (a diamond), a multiplier, widths bounded, pinned or wanted at a
  /// size, a pinned first view, views placed by their trailing edge, frames, both directions.
  private static func chain(_ random: inout SeededRandom) -> String {
    let count = Int.random(in: 1...12, using: &random)
    var lines = RandomLayoutLines.start(widths: 20...900, heights: 40...600, &random)
    lines += RandomLayoutLines.views(
      count, framesOneIn: 5, frame: { index, random in " frame (\(index * 7) 2; \(Int.random(in: 0...40, using: &random)) 40)" },
      insetsOneIn: 6, &random)
    for index in 1..<max(count, 1) {
      let gap = Int.random(in: -3...9, using: &random)
      switch Int.random(in: 0..<10, using: &random) {
      case 0 where index >= 2:
        lines.append("v\(index).leading == v\(index - 2).trailing + \(gap)")
      case 1:
        lines.append("v\(index).leading == v\(index - 1).trailing * 2 + \(gap)")
      case 2:
        lines.append("v\(index).trailing == v\(index - 1).leading - \(abs(gap))")
      case 3:
        lines.append("v\(index).centerX == v\(index - 1).trailing + \(gap)")
      default:
        lines.append("v\(index).leading == v\(index - 1).trailing + \(gap)")
      }
    }
    lines += RandomLayoutLines.oneEach(
      count, outOf: 12,
      [
        RandomLayoutLines.widthPinned, RandomLayoutLines.widthAtMost, RandomLayoutLines.widthAtLeast,
        RandomLayoutLines.widthWanted, RandomLayoutLines.leadingPinned, RandomLayoutLines.trailingPinned,
        RandomLayoutLines.heightPinned, RandomLayoutLines.topPinned, RandomLayoutLines.leadingAtLeast,
      ], &random)
    return lines.joined(separator: "\n") + "\n"
  }

  /// One `H:` row of labels, as `plumb-bench cliff --shape labels` writes it, with random
  /// intrinsic widths, priorities and canvases.
  private static func labels(_ random: inout SeededRandom) -> String {
    let count = Int.random(in: 1...10, using: &random)
    var lines = ["canvas wide \(Int.random(in: 40...900, using: &random))x100"]
    if Bool.random(using: &random) { lines.insert("direction both", at: 0) }
    for index in 0..<count {
      var line = Int.random(in: 0..<4, using: &random) == 0 ? "view v\(index)" : "label v\(index) intrinsic \(Int.random(in: 10...90, using: &random))x21"
      if Int.random(in: 0..<4, using: &random) == 0 { line += " frame (\(index * 60) 8; 50 21)" }
      lines.append(line)
    }
    let trailing = ["-|", "-(>=20)-|", ""].randomElement(using: &random) ?? "-|"
    lines.append("H:|" + (0..<count).map { "-[v\($0)]" }.joined() + trailing)
    for index in 0..<count where Bool.random(using: &random) { lines.append("V:|-8-[v\(index)]") }
    return lines.joined(separator: "\n") + "\n"
  }

  func testShortcutAgreesWithProbesOnChains() {
    var found = (known: 0, asked: 0)
    withEverySeed(0..<250) { random, seed in
      let result = compare(Self.chain(&random), label: "seed \(seed)")
      found.known += result.known
      found.asked += result.asked
    }
    XCTAssertGreaterThan(found.known, found.asked / 10)
  }

  func testShortcutAgreesWithProbesOnRandomLayouts() {
    XCTAssertGreaterThan(RandomLayoutLines.total(overRandomLayouts: 0..<200) { compare($0, label: $1).known }, 50)
  }

  func testShortcutAgreesWithProbesOnRowsOfLabels() {
    var known = 0
    withEverySeed(0..<150) { random, seed in
      known += compare(Self.labels(&random), label: "seed \(seed)").known
    }
    XCTAssertGreaterThan(known, 20)
  }

  func testVisualFormatChains() {
    for count in [1, 2, 5, 12] {
      let text = "H:|[v0]" + (1..<max(count, 1)).map { "-[v\($0)]" }.joined() + "|\n"
      compare(text, label: "chain \(count)", kind: .vfl)
    }
  }

  /// Every view of the `leading` chain is answered without a probe, in both places.
  func testTheLeadingChainIsAnsweredWithoutAProbePerView() {
    let n = 30
    let lines = ["canvas wide 400x100"] + (0..<n).map { "view v\($0)" }
      + (1..<n).map { "v\($0).leading == v\($0 - 1).trailing + 1" }
    let found = compare(lines.joined(separator: "\n") + "\n", label: "leading")
    // Two axes, each with three choices, in two places, each asked of both places; the
    // first choice (pin both) is the one the fix takes, and the shortcut answers it.
    XCTAssertEqual(found.asked, n * 2 * 3 * 2 * 2)
    XCTAssertEqual(found.firstAsked, n * 2 * 2 * 2)
    XCTAssertEqual(found.firstKnown, found.firstAsked)
  }
}
