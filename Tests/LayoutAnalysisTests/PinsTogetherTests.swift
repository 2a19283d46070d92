@testable import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// "Add missing constraints" asks, in each place, whether the pins of many views can be added
/// together (`PlaceSolver.acceptsTogether`); it answers without its probe when the solver
/// tells from its rows that every pin would be added (`Solver.certainlyAccepts`, asked of the
/// first two pins, the first 32, then all). `pinAnswers` lowers a view's pins once for both
/// `pinsDetermine` and `holdsNow`. Every answer must be the probe's, and the separate
/// questions'. Replay one seed with `PLUMB_SEED=n`.
final class PinsTogetherTests: XCTestCase {
  /// Compares the answers on one text; returns how many lists the rows answered for, and how
  /// many lists there were.
  @discardableResult
  private func compare(_ text: String, label: String, kind: FileKind = .layout) -> (certain: Int, asked: Int) {
    let document = LayoutDocument(text: text, kind: kind)
    let layout = SolvedLayout(document: document, solveWithErrors: true)
    var certain = 0
    var asked = 0
    for solver in layout.places {
      let plans = solver.ambiguities().compactMap {
        AmbiguityCheck.missingConstraintsPlan($0, solver: solver, document: document)
      }
      for place in layout.places {
        for plan in plans {
          let pins = [plan.pinPosition, plan.pinSize]
          for determining in [false, true] {
            let answers = place.pinAnswers(pins, view: plan.name, axis: plan.axis, determining: determining)
            XCTAssertEqual(
              answers.determine, determining && place.pinsDetermine(pins, view: plan.name, axis: plan.axis),
              "\(label): \(plan.name) \(plan.axis) in \(place.place)")
            XCTAssertEqual(answers.holdsNow, place.holdsNow(pins), "\(label): \(plan.name) \(plan.axis) in \(place.place)")
          }
        }
        // Every plan's pins (as `pinsAcceptedTogether` asks them), each axis's, reversed, and
        // each plan's alone.
        let all = plans.flatMap { [$0.pinPosition, $0.pinSize] }
        var lists = [all, Array(all.reversed())]
        for axis in [AttributeAxis.horizontal, .vertical] {
          lists.append(plans.filter { $0.axis == axis }.flatMap { [$0.pinPosition, $0.pinSize] })
        }
        lists += plans.map { [$0.pinPosition, $0.pinSize] }
        for pins in lists where !pins.isEmpty {
          asked += 1
          let probed = place.acceptsTogether(pins, certainty: false)
          XCTAssertEqual(place.acceptsTogether(pins), probed, "\(label): \(pins.count) pins in \(place.place)\n\(text)")
          if place.certainlyAcceptsTogether(pins) {
            certain += 1
            XCTAssertTrue(probed, "\(label): certain, but the probe refuses \(pins.count) pins in \(place.place)\n\(text)")
          }
        }
      }
    }
    return (certain, asked)
  }

  private static func leading(_ random: inout SeededRandom) -> String {
    let count = Int.random(in: 1...40, using: &random)
    var lines = RandomLayoutLines.start(widths: 20...900, heights: 40...600, &random)
    lines += (0..<count).map { "view v\($0)" }
    for index in 1..<max(count, 1) {
      let gap = Int.random(in: -3...9, using: &random)
      lines.append(
        Int.random(in: 0..<6, using: &random) == 0 && index >= 2
          ? "v\(index).leading == v\(index - 2).trailing + \(gap)" : "v\(index).leading == v\(index - 1).trailing + \(gap)")
    }
    lines += RandomLayoutLines.oneEach(
      count, outOf: 10,
      [
        RandomLayoutLines.widthPinned, RandomLayoutLines.widthAtMost, RandomLayoutLines.leadingPinned,
        RandomLayoutLines.heightPinned, RandomLayoutLines.topPinned,
      ], &random)
    return lines.joined(separator: "\n") + "\n"
  }

  func testVisualFormatChains() {
    var found = (certain: 0, asked: 0)
    for count in [1, 2, 5, 17, 40, 70] {
      let text = "H:|[v0]" + (1..<max(count, 1)).map { "-[v\($0)]" }.joined() + "|\n"
      let result = compare(text, label: "chain \(count)", kind: .vfl)
      found.certain += result.certain
      found.asked += result.asked
    }
    XCTAssertGreaterThan(found.certain, found.asked / 4)
  }

  /// The pins of position and size of every view ambiguous along `axis` in `place`, as
  /// `pinsAcceptedTogether` lists them.
  private static func pinsOfEveryView(in place: PlaceSolver, axis: AttributeAxis, document: LayoutDocument)
    -> [LayoutConstraint]
  {
    place.ambiguities().filter { $0.axis == axis }.compactMap {
      AmbiguityCheck.missingConstraintsPlan($0, solver: place, document: document)
    }.flatMap { [$0.pinPosition, $0.pinSize] }
  }

  /// The vertical pins of a horizontal chain of 70 views (140 pins, past the list of 32) are
  /// answered from the rows, in every place: the probe that added them all is not made.
  func testTheVerticalPinsOfAChainAreCertain() {
    let count = 70
    let text = "H:|[v0]" + (1..<count).map { "-[v\($0)]" }.joined() + "|\n"
    let document = LayoutDocument(text: text, kind: .vfl)
    let layout = SolvedLayout(document: document)
    for place in layout.places {
      let pins = Self.pinsOfEveryView(in: place, axis: .vertical, document: document)
      XCTAssertEqual(pins.count, 2 * count)
      XCTAssertTrue(place.certainlyAcceptsTogether(pins), "\(place.place)")
      XCTAssertTrue(place.acceptsTogether(pins, certainty: false), "\(place.place)")
    }
  }

  /// The pins of a `leading` chain hold view by view but not together (view I pinned where
  /// it is and view I-1's width at its alternative width contradict the chain): the rows
  /// must not answer for the list, and the answer is the probe's refusal.
  func testTheLeadingChainsPinsTogetherAreRefused() {
    let count = 50
    let lines = ["canvas wide 4000x100"] + (0..<count).map { "view v\($0)" }
      + (1..<count).map { "v\($0).leading == v\($0 - 1).trailing + 1" }
    let text = lines.joined(separator: "\n") + "\n"
    let document = LayoutDocument(text: text, kind: .layout)
    let layout = SolvedLayout(document: document)
    for place in layout.places {
      let pins = Self.pinsOfEveryView(in: place, axis: .horizontal, document: document)
      XCTAssertEqual(pins.count, 2 * count)
      XCTAssertFalse(place.acceptsTogether(pins, certainty: false), "\(place.place)")
      XCTAssertFalse(place.certainlyAcceptsTogether(pins), "\(place.place)")
      XCTAssertFalse(place.acceptsTogether(pins), "\(place.place)")
    }
    compare(text, label: "leading \(count)")
  }

  func testLeadingChains() {
    var found = (certain: 0, asked: 0)
    withEverySeed(0..<120) { random, seed in
      let result = compare(Self.leading(&random), label: "seed \(seed)")
      found.certain += result.certain
      found.asked += result.asked
    }
    XCTAssertGreaterThan(found.certain, 0)
    XCTAssertLessThan(found.certain, found.asked)
  }

  func testRandomLayouts() {
    XCTAssertGreaterThan(RandomLayoutLines.total(overRandomLayouts: 0..<150) { compare($0, label: $1).asked }, 50)
  }
}
