// The rows of labels the seeded solver tests build (`FaceShortcutTests`, `FreeStepWitnessTests`).

@testable import CassowarySolver
import TestSupport

/// The start of a row of labels as the layout analysis lowers `H:|-[v0]-[v1]-…-|`: a solver
/// with the first x at a margin of 0 to 20, and the variables of 1 to `most` labels and of the
/// canvas, drawn in this order (count, then margin) so that a seed gives the same row.
struct LabelRowStart {
  let solver = Solver()
  let count: Int
  let canvas = Variable("canvas")
  let xs: [Variable]
  let widths: [Variable]
  let margin: Double

  init(most: Int, _ random: inout SeededRandom) throws {
    let count = Int.random(in: 1...most, using: &random)
    self.count = count
    xs = (0..<count).map { Variable("x\($0)") }
    widths = (0..<count).map { Variable("w\($0)") }
    margin = Double(Int.random(in: 0...20, using: &random))
    try solver.add(xs[0] == margin)
  }
}
