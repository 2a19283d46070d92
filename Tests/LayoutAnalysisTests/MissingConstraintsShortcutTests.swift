@testable import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// "Add missing constraints" knows that pinning a view's position and size is accepted in a
/// place without a probe of that view alone when the pins hold at the current solution, or
/// when the pins of all the views not known that way hold together
/// (`AmbiguityCheck.pinsAcceptedTogether`). Every answer it gives must be the one the probe
/// of the view alone (`PlaceSolver.accepts(_:determining:axis:)`) gives.
final class MissingConstraintsShortcutTests: XCTestCase {
  /// Compares the shortcut with the probes on one text; returns how many answers the shortcut
  /// gave (each compared) and how many plans could have had one.
  @discardableResult
  private func compare(_ text: String, label: String) -> (known: Int, plans: Int) {
    let document = LayoutDocument(text: text, kind: .layout)
    let layout = SolvedLayout(document: document, solveWithErrors: true)
    let places = layout.places
    var known = 0
    var planned = 0
    for solver in places {
      let plans = solver.ambiguities().map { AmbiguityCheck.missingConstraintsPlan($0, solver: solver, document: document) }
      let answers = AmbiguityCheck.pinsAcceptedTogether(plans, places: places)
      for (index, plan) in plans.enumerated() {
        guard let plan, plan.pinsBothFirst else {
          XCTAssertFalse(answers[index], "\(label): an answer for a plan that does not pin both first")
          continue
        }
        planned += 1
        guard answers[index] else { continue }
        known += 1
        let probed = places.allSatisfy { place in
          place.accepts(
            ConstraintChange(added: [plan.pinPosition, plan.pinSize]),
            determining: place.isAmbiguous(plan.name, axis: plan.axis) ? plan.name : nil, axis: plan.axis)
        }
        XCTAssertTrue(probed, "\(label): \(plan.name) \(plan.axis) known accepted, but its probe refuses it\n\(text)")
      }
    }
    return (known, planned)
  }

  /// A cycle of required widths (`vI+1.width == vI.width + plus`), some views placed, the
  /// cycle open or closed.
  private static func cycle(_ random: inout SeededRandom) -> String {
    let count = Int.random(in: 2...14, using: &random)
    var lines = RandomLayoutLines.start(widths: 40...1200, heights: 40...600, &random)
    lines += RandomLayoutLines.views(
      count, framesOneIn: 4, frame: { index, _ in " frame (\(index) 2; 30 40)" }, insetsOneIn: 5, &random)
    for index in 0..<count where Int.random(in: 0..<8, using: &random) != 0 {
      let plus = [-3, -1, 0, 1, 2, 50].randomElement(using: &random) ?? 1
      lines.append("v\((index + 1) % count).width == v\(index).width + \(plus)")
    }
    lines += RandomLayoutLines.oneEach(
      count, outOf: 8,
      [
        RandomLayoutLines.leadingPinned, RandomLayoutLines.heightPinned, RandomLayoutLines.topPinned,
        RandomLayoutLines.widthAtMost, RandomLayoutLines.trailingPinned,
      ], &random)
    return lines.joined(separator: "\n") + "\n"
  }

  func testShortcutAgreesWithProbesOnRandomLayouts() {
    XCTAssertGreaterThan(RandomLayoutLines.total(overRandomLayouts: 0..<200) { compare($0, label: $1).known }, 50)
  }

  func testShortcutAgreesWithProbesOnCycles() {
    var known = 0
    var plans = 0
    withEverySeed(0..<150) { random, seed in
      let found = compare(Self.cycle(&random), label: "seed \(seed)")
      known += found.known
      plans += found.plans
    }
    XCTAssertGreaterThan(known, plans / 2)
  }

  func testACycleOfRequiredWidthsIsAnsweredWithoutAProbePerView() {
    let n = 40
    let lines = ["direction both"] + (0..<n).map { "view v\($0)" } + (0..<n).map { "v\(($0 + 1) % n).width == v\($0).width + 1" }
    let text = lines.joined(separator: "\n") + "\n"
    let found = compare(text, label: "cycle")
    // Every view is ambiguous on both axes, in both directions; every plan is answered
    // without its own probe.
    XCTAssertEqual(found.plans, 4 * n)
    XCTAssertEqual(found.known, found.plans)
    let layout = SolvedLayout(document: LayoutDocument(text: text, kind: .layout))
    let fixes = layout.diagnostics.filter { $0.code == .ambiguous }.flatMap(\.fixes)
    XCTAssertEqual(fixes.count, 2 * n)
    XCTAssertTrue(fixes.contains { $0.title == "Add missing constraints for 'v3' (v3.leading == super.leading; v3.width == 3)" })
  }
}
