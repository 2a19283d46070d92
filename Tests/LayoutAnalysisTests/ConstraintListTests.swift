import LayoutSyntax
import TestSupport
import XCTest

@testable import LayoutAnalysis

/// A `ConstraintList` behaves as an array of constraints whatever its chunks and their
/// offsets: built by appending, edited by `replacing` (the later constraints moved by their
/// chunk's offset), and changed as any collection.
final class ConstraintListTests: XCTestCase {
  private func constraint(_ number: Int, at offset: Int) -> LayoutConstraint {
    var constraint = LayoutConstraint(
      first: ConstraintItem(view: "v\(number)", attribute: .width), relation: .equal, second: nil,
      constant: Double(number), origin: .explicit, range: SourceRange(start: offset, end: offset + 5))
    if number % 3 == 0 { constraint.removalRange = SourceRange(start: offset, end: offset + 6) }
    if number % 2 == 0 { constraint.priorityEdit = PriorityEditSite(range: SourceRange(at: offset + 5), prefix: " @") }
    return constraint
  }

  func testEditsKeepTheConstraintsOfAnArray() {
    withEverySeed(0..<20) { random, seed in
      // Constraints 10 bytes apart, as statements of a text.
      var expected = (0..<1_500).map { constraint($0, at: 10 * $0) }
      var list = ConstraintList(expected)
      var next = expected.count
      for step in 0..<30 {
        // Replace a few constraints at a place where the text changed by `delta`: the new
        // ones are where the old ones were, the later ones move.
        let lower = Int.random(in: 0...expected.count, using: &random)
        let upper = min(expected.count, lower + Int.random(in: 0...(step % 7 == 6 ? 600 : 4), using: &random))
        let delta = Int.random(in: -3...3, using: &random)
        let base = lower < expected.count ? expected[lower].range.start : (expected.last?.range.end ?? 0) + 5
        let fresh = (0..<Int.random(in: 0...5, using: &random)).map { index -> LayoutConstraint in
          next += 1
          return constraint(next, at: base)
        }
        func moved(_ constraint: LayoutConstraint) -> LayoutConstraint {
          var copy = constraint
          copy.move(by: TextChange.shift(by: delta))
          return copy
        }
        expected = Array(expected[..<lower]) + fresh + expected[upper...].map(moved)
        list = list.replacing(lower..<upper, with: fresh, shiftingFollowingBy: delta)
        XCTAssertEqual(list.count, expected.count, "seed \(seed), step \(step)")
        XCTAssertEqual(list.array, expected, "seed \(seed), step \(step)")
        XCTAssertEqual((0..<list.count).map { list[$0] }, expected, "seed \(seed), step \(step)")
        var stored: [Double] = []
        for (start, constraints) in list.storedChunks {
          XCTAssertEqual(start, stored.count)
          stored += constraints.map(\.constant)
        }
        XCTAssertEqual(stored, expected.map(\.constant), "seed \(seed), step \(step)")
        if list.array != expected { return }
      }
      // Changed as a collection after edits: written through an offset, appended, removed.
      if !expected.isEmpty {
        let index = expected.count / 2
        var changed = expected[index]
        changed.constant = -1
        changed.range = SourceRange(start: changed.range.start + 1, end: changed.range.end + 1)
        expected[index] = changed
        list[index] = changed
      }
      expected.append(constraint(-5, at: 99_999))
      list.append(constraint(-5, at: 99_999))
      expected.removeAll { $0.constant.truncatingRemainder(dividingBy: 5) == 0 }
      list.removeAll { $0.constant.truncatingRemainder(dividingBy: 5) == 0 }
      XCTAssertEqual(list.array, expected, "seed \(seed)")
      XCTAssertEqual(Array(list), expected, "seed \(seed)")
    }
  }
}
