@testable import CassowarySolver
import TestSupport

extension Solver {
  /// Adds the link that places view `index` after an earlier view of a random chain (the
  /// shapes the layout analysis lowers): most often `xI == xP + wP + gap` from one of the
  /// three views before it, sometimes from two earlier views (a diamond), measured from the
  /// canvas (the right-to-left form), with a multiplier, or (with `inequalities`) as `<=`.
  /// The random draws are, in order: the earlier view, the gap, the multiplier, the shape,
  /// and for a diamond its second view.
  func addRandomChainLink(
    _ index: Int, xs: [Variable], widths: [Variable], canvas: Variable, gaps: ClosedRange<Int>,
    inequalities: Bool, _ random: inout SeededRandom
  ) throws {
    let previous = Int.random(in: max(0, index - 3)..<index, using: &random)
    let gap = Double(Int.random(in: gaps, using: &random))
    let scale = ([1, 1, 1, -1, 2, 0.5] as [Double]).randomElement(using: &random) ?? 1
    switch Int.random(in: 0..<8, using: &random) {
    case 0 where index >= 2:
      // Two earlier views: a diamond of references.
      let other = Int.random(in: 0..<index, using: &random)
      try add(xs[index] == xs[previous] + xs[other] - xs[0] + widths[previous] + gap)
    case 1:
      // The right-to-left form: measured from the canvas.
      try add(canvas - xs[index] - widths[index] == canvas - xs[previous] + gap)
    case 2:
      try add(xs[index] == scale * xs[previous] + widths[previous] + gap)
    case 3 where inequalities:
      try add(xs[index] <= xs[previous] + widths[previous] + gap)
    default:
      try add(xs[index] == xs[previous] + widths[previous] + gap)
    }
  }
}
