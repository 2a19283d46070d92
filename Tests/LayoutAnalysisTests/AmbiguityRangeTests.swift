import Foundation
import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// The ranges of an ambiguous view's frame: fixed cases, and random layouts where each end,
/// pinned by a required constraint added to the text, is as good a layout as the solved one
/// (no conflict, the same error at every priority), while a little beyond it is not.
final class AmbiguityRangeTests: XCTestCase {
  private func ambiguities(_ text: String, direction: LayoutDirection = .ltr) throws -> [AmbiguityFinding] {
    let layout = SolvedLayout(document: LayoutDocument(text: text, kind: .layout))
    return try XCTUnwrap(layout.place(direction: direction)).ambiguities()
  }

  func testRangesAreTheFramesOwn() throws {
    let text = "canvas phone 375x667\ndirection both\nimage Icon insets (2, 3, 4, 5)\n"
      + "H:|-(>=8)-[Icon]-(>=8)-|\nV:|-(>=10)-[Icon(20)]-(>=400)-|\n"
    // Left to right: the frame is the alignment rectangle grown by the insets (3 left, 5 right).
    let ltr = try ambiguities(text)
    XCTAssertEqual(ltr.map(\.axis), [.horizontal, .vertical])
    XCTAssertEqual(ltr.first?.positionRange, FrameRange(lowest: 5, highest: 367 - 3))
    XCTAssertEqual(ltr.first?.sizeRange, FrameRange(lowest: 8, highest: 359 + 8))
    // The top is at least 10 and the bottom at most 667 − 400 = 267; the frame is 2 higher.
    XCTAssertEqual(ltr.last?.positionRange, FrameRange(lowest: 8, highest: 267 - 20 - 2))
    XCTAssertNil(ltr.last?.sizeRange)
    // Right to left the frame's x still counts from the superview's left edge.
    let rtl = try ambiguities(text, direction: .rtl)
    XCTAssertEqual(rtl.first?.positionRange, FrameRange(lowest: 5, highest: 364))
  }

  /// A view pinned by its trailing edge only: left to right its x moves with its width;
  /// right to left the trailing edge is the left one, so its frame's x stays put and only the
  /// size has a range (the position the engine keeps, from the leading edge, still moves).
  func testAFrameXThatDoesNotMoveHasNoRange() throws {
    let text = "canvas phone 375x667\ndirection both\nview Tail\nH:[Tail]-20-|\nV:|-10-[Tail(20)]\n"
    let ltr = try ambiguities(text)
    XCTAssertEqual(ltr.first?.positionRange, FrameRange(lowest: nil, highest: 355))
    XCTAssertEqual(ltr.first?.sizeRange, FrameRange(lowest: 0, highest: nil))
    let rtl = try ambiguities(text, direction: .rtl)
    XCTAssertEqual(rtl.first?.position, true)
    XCTAssertNil(rtl.first?.positionRange)
    XCTAssertEqual(rtl.first?.sizeRange, FrameRange(lowest: 0, highest: nil))
  }

  // MARK: - Random layouts

  private func randomLayout(_ random: inout SeededRandom) -> String {
    var lines = ["canvas c \(Int.random(in: 200...500, using: &random))x\(Int.random(in: 200...800, using: &random))"]
    lines.append(Bool.random(using: &random) ? "direction both" : "direction rtl")
    let count = Int.random(in: 1...4, using: &random)
    let names = (0..<count).map { "v\($0)" }
    for name in names {
      var line = (["view", "label"].randomElement(using: &random) ?? "view") + " \(name)"
      if Int.random(in: 0..<3, using: &random) == 0 {
        line += " intrinsic \(Int.random(in: 10...200, using: &random))x\(Int.random(in: 10...60, using: &random))"
      }
      if Bool.random(using: &random) { line += " insets (1, 2, 3, 4)" }
      lines.append(line)
    }
    let horizontal = ["leading", "trailing", "left", "right", "centerX", "width"]
    let vertical = ["top", "bottom", "centerY", "height"]
    let relations = ["==", ">=", "<="]
    for _ in 0..<Int.random(in: 1...7, using: &random) {
      let a = names.randomElement(using: &random) ?? "v0"
      let b = (names + ["super"]).randomElement(using: &random) ?? "super"
      let attributes = Bool.random(using: &random) ? horizontal : vertical
      let first = attributes.randomElement(using: &random) ?? "width"
      let second = attributes.randomElement(using: &random) ?? "width"
      let relation = relations.randomElement(using: &random) ?? "=="
      let priority = ["", "", " @500", " @500", " @750", " @250"].randomElement(using: &random) ?? ""
      let constant = Int.random(in: -40...300, using: &random)
      switch Int.random(in: 0..<3, using: &random) {
      case 0:
        lines.append("\(a).\(first) \(relation) \(constant)\(priority)")
      case 1:
        lines.append("\(a).\(first) \(relation) \(b).\(second) + \(constant)\(priority)")
      default:
        let gap = ["-", "-8-", "-(>=0)-", "-(>=20)-", "-(20@500)-"].randomElement(using: &random) ?? "-"
        let orientation = attributes == horizontal ? "H:" : "V:"
        lines.append("\(orientation)|\(gap)[\(a)]\(Bool.random(using: &random) ? "\(gap)|" : "")")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The errors of the optional constraints, summed per priority.
  private func errors(_ solver: PlaceSolver) -> [Double: Double] {
    var result: [Double: Double] = [:]
    for (constraint, error) in solver.unsatisfied() { result[constraint.priority, default: 0] += error }
    return result
  }

  /// -1, 0 or 1: errors against the reference, lexicographically by priority (highest first).
  private func compare(_ errors: [Double: Double], _ reference: [Double: Double]) -> Int {
    for priority in Set(errors.keys).union(reference.keys).sorted(by: >) {
      let actual = errors[priority] ?? 0
      let expected = reference[priority] ?? 0
      if abs(actual - expected) <= 1e-6 * max(1, abs(expected)) { continue }
      return actual < expected ? -1 : 1
    }
    return 0
  }

  private func number(_ value: Double) -> String {
    value < 0 ? "- \(String(format: "%.9f", -value))" : "+ \(String(format: "%.9f", value))"
  }

  /// The layout with the frame value pinned by a required constraint, solved in `place`:
  /// nil when the pin conflicts, else the errors per priority.
  private func pinned(_ text: String, _ place: LayoutPlace, _ pin: String) -> [Double: Double]? {
    let document = LayoutDocument(text: text + pin + "\n", kind: .layout)
    guard !document.diagnostics.contains(where: { $0.severity == .error }) else {
      XCTFail("the pin does not parse: \(pin)")
      return nil
    }
    let solver = PlaceSolver(model: document.model, place: place)
    if solver.failure != nil { return nil }
    return solver.brokenConstraints.isEmpty ? errors(solver) : nil
  }

  func testEndsAreAsGoodAsTheSolvedLayoutAndBeyondIsNot() throws {
    var ends = 0
    var unbounded = 0
    withEverySeed(0..<250) { random, seed in
      let text = randomLayout(&random)
      let document = LayoutDocument(text: text, kind: .layout)
      guard !document.diagnostics.contains(where: { $0.severity == .error }) else { return }
      let layout = SolvedLayout(document: document)
      for solver in layout.places where solver.brokenConstraints.isEmpty && solver.failure == nil {
        let reference = errors(solver)
        let frames = document.model.viewOrder.map { solver.solvedView($0)?.frame }
        let findings = solver.ambiguities()
        // The queries leave the solution as it was.
        let fresh = PlaceSolver(model: document.model, place: solver.place)
        XCTAssertEqual(document.model.viewOrder.map { fresh.solvedView($0)?.frame }, frames, "seed \(seed)")
        for finding in findings {
          guard let insets = document.model.views[finding.view]?.alignmentInsets else { continue }
          let horizontal = finding.axis == .horizontal
          let current = solver.solvedView(finding.view)?.frame
          // The pins: the alignment rectangle's left edge (or top) from the superview's, and its size.
          var pins: [(FrameRange, Double?, (Double) -> String)] = []
          if finding.position, let range = finding.positionRange {
            pins.append(
              (
                range, horizontal ? current?.x : current?.y,
                { value in
                  horizontal
                    ? "\(finding.view).left == super.left \(self.number(value + insets.left))"
                    : "\(finding.view).top == super.top \(self.number(value + insets.top))"
                }
              ))
          }
          if finding.size, let range = finding.sizeRange {
            pins.append(
              (
                range, horizontal ? current?.width : current?.height,
                { value in
                  horizontal
                    ? "\(finding.view).width == \(String(format: "%.9f", value - insets.left - insets.right))"
                    : "\(finding.view).height == \(String(format: "%.9f", value - insets.top - insets.bottom))"
                }
              ))
          }
          for (range, current, pin) in pins {
            let context = "seed \(seed) \(solver.place) \(finding.view) \(range)\n\(text)"
            if let low = range.lowest, let high = range.highest { XCTAssertLessThan(low, high, context) }
            for (end, direction) in [(range.lowest, -1.0), (range.highest, 1.0)] {
              if let end {
                ends += 1
                guard let errors = pinned(text, solver.place, pin(end)) else {
                  XCTFail("\(context): \(pin(end)) conflicts")
                  continue
                }
                XCTAssertEqual(compare(errors, reference), 0, "\(context): \(pin(end)) gives \(errors), not \(reference)")
                let beyond = end + direction * 0.01 * max(1, abs(end))
                // A size below 0 breaks the implicit `width >= 0`, and so conflicts.
                if let worse = pinned(text, solver.place, pin(beyond)) {
                  XCTAssertEqual(compare(worse, reference), 1, "\(context): \(pin(beyond)) is as good")
                }
              } else if let current {
                unbounded += 1
                let far = current + direction * 1000
                guard let errors = pinned(text, solver.place, pin(far)) else {
                  XCTFail("\(context): \(pin(far)) conflicts")
                  continue
                }
                XCTAssertEqual(compare(errors, reference), 0, "\(context): \(pin(far)) gives \(errors)")
              }
            }
          }
        }
      }
    }
    XCTAssertGreaterThan(ends, 100)
    XCTAssertGreaterThan(unbounded, 50)
  }
}
