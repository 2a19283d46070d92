@testable import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// The ambiguity findings of a place whose solver takes the alternatives along one ray from
/// what it kept (`Solver.rayAlternative`: in a cycle of widths every width's alternative is the
/// ray along the cycle's one slack) must be those of the face LPs, every field and every number
/// bit for bit, with the frames, ranges and kept alternatives, on cycles and chains of widths
/// (closed and open, steps of 0, 1, -1 and 0.5, some optional, bounds, pins, equal heights,
/// positions after the widths, labels among them, both directions) and random layouts.
final class RayAlternativeAnalysisTests: XCTestCase {
  static func cycle(_ random: inout SeededRandom) -> String {
    let count = Int.random(in: 2...60, using: &random)
    var lines = ["canvas wide \([200, 400, 2000].randomElement(using: &random) ?? 400)x600"]
    if Bool.random(using: &random) { lines.append("direction both") }
    for index in 0..<count {
      lines.append(
        Int.random(in: 0..<6, using: &random) == 0
          ? "label v\(index) intrinsic \(Int.random(in: 10...80, using: &random))x21" : "view v\(index)")
    }
    let closed = Int.random(in: 0..<3, using: &random) != 0
    for index in 0..<(closed ? count : count - 1) {
      let step = ["0", "1", "1", "2", "-1", "0.5"].randomElement(using: &random) ?? "1"
      let priority = Int.random(in: 0..<8, using: &random) == 0 ? " @\([250, 500, 999].randomElement(using: &random) ?? 250)" : ""
      lines.append("v\((index + 1) % count).width == v\(index).width + \(step)\(priority)")
    }
    for index in 0..<count {
      switch Int.random(in: 0..<30, using: &random) {
      case 0: lines.append("v\(index).width <= \(Int.random(in: 0...300, using: &random))")
      case 1: lines.append("v\(index).width == \(Int.random(in: 0...300, using: &random)) @250")
      case 2 where index > 0: lines.append("v\(index).height == v\(index - 1).height")
      case 3 where index > 0: lines.append("v\(index).leading == v\(index - 1).trailing + 8")
      case 4: lines.append("v\(index).top == super.top + \(Int.random(in: 0...50, using: &random))")
      case 5: lines.append("v\(index).height == \(Int.random(in: 0...50, using: &random))")
      default: break
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Solves every place twice, with and without the kept rays, and compares the analyses.
  func compare(_ text: String, seed: UInt64) {
    let document = LayoutDocument(text: text, kind: .layout)
    let places = SolvedLayout.places(of: document.model)
    let models = document.models(for: places)
    for (index, place) in places.enumerated() {
      let kept = PlaceSolver(model: models[index], place: place)
      let solved = PlaceSolver(model: models[index], place: place)
      solved.usesRayAlternatives = false
      XCTAssertEqual(
        kept.ambiguities().map { String(describing: $0) }, solved.ambiguities().map { String(describing: $0) },
        "seed \(seed)\n\(text)")
      XCTAssertEqual(kept.analysisDescription(fresh: false), solved.analysisDescription(fresh: false), "seed \(seed)\n\(text)")
    }
  }

  /// A ray is followed for every row only when a second query of the same rows takes it: in a
  /// chain of `leading == trailing + 1` every view's position has a ray of its own, and
  /// following each in full would read every row per view (the chain's cost grew with the
  /// square of its length); in a cycle of widths the one ray is followed once and shared.
  func testOnlyRaysAskedAgainAreFollowedInFull() {
    func place(_ lines: [String]) -> PlaceSolver {
      let document = LayoutDocument(text: lines.joined(separator: "\n") + "\n", kind: .layout)
      let places = SolvedLayout.places(of: document.model)
      let models = document.models(for: places)
      return PlaceSolver(model: models[0], place: places[0])
    }
    let count = 200
    let chain = place(
      ["canvas wide 20000x100"] + (0..<count).map { "view v\($0)" }
        + (1..<count).map { "v\($0).leading == v\($0 - 1).trailing + 1" })
    let chainBefore = chain.raysFollowed
    XCTAssertEqual(chain.ambiguities().count, 2 * (count - 1) + 2)
    XCTAssertLessThan(chain.raysFollowed - chainBefore, 10)
    let cycle = place(
      ["canvas wide 20000x100"] + (0..<count).map { "view v\($0)" }
        + (0..<count).map { "v\(($0 + 1) % count).width == v\($0).width + 1" })
    let cycleBefore = cycle.raysFollowed
    XCTAssertFalse(cycle.ambiguities().isEmpty)
    XCTAssertGreaterThan(cycle.raysFollowed - cycleBefore, 0)
    XCTAssertLessThan(cycle.raysFollowed - cycleBefore, 10)
  }

  func testRayAlternativesGiveTheSameFindingsOnCycles() {
    withEverySeed(0..<120) { random, seed in
      compare(Self.cycle(&random), seed: seed)
    }
  }

  func testRayAlternativesGiveTheSameFindingsOnRandomLayouts() {
    withEveryRandomLayout(0..<100) { text, seed in
      compare(text, seed: seed)
    }
  }
}
