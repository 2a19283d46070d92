// `Solver.certainlyAccepts`: whether adding required pins `±v + c == 0` would succeed, told
// from the rows without adding them. On seeded random chains of definition rows (unit and
// other coefficients, diamonds, bounded, pinned and optional widths), inside probes and after
// edits, every "certainly" must be an `add` that succeeds, and the query must leave the
// solver as it was. Replay one seed with `PLUMB_SEED=n`.

@testable import CassowarySolver
import TestSupport
import XCTest

fileprivate typealias Expression = CassowarySolver.Expression

final class CertainAddsTests: XCTestCase {
  static func chain(_ random: inout SeededRandom) throws -> (solver: Solver, variables: [Variable]) {
    let solver = Solver()
    let count = Int.random(in: 1...10, using: &random)
    let xs = (0..<count).map { Variable("x\($0)") }
    let widths = (0..<count).map { Variable("w\($0)") }
    let canvas = Variable("canvas")
    try solver.add(canvas == Double(Int.random(in: 0...400, using: &random)))
    if Bool.random(using: &random) { try solver.add(xs[0] == Double(Int.random(in: 0...20, using: &random))) }
    for index in 0..<count {
      switch Int.random(in: 0..<8, using: &random) {
      case 0: try solver.add(widths[index] == Double(Int.random(in: 0...50, using: &random)))
      case 1: try solver.add((widths[index] == 30).withPriority(250))
      case 2: try solver.add(widths[index] <= Double(Int.random(in: 0...50, using: &random)))
      case 3: try solver.add(widths[index] >= Double(Int.random(in: -5...50, using: &random)))
      case 4: try solver.add((widths[index] >= 10).withPriority(500))
      case 5: break
      default: try solver.add(widths[index] >= 0)
      }
      if Int.random(in: 0..<4, using: &random) == 0 { try solver.add(widths[index] >= 0) }
      guard index > 0 else { continue }
      try solver.addRandomChainLink(
        index, xs: xs, widths: widths, canvas: canvas, gaps: -3...9, inequalities: true, &random)
      if Int.random(in: 0..<8, using: &random) == 0 {
        try solver.add((xs[index] == Double(Int.random(in: 0...300, using: &random))).withPriority(500))
      }
    }
    if Int.random(in: 0..<4, using: &random) == 0 {
      try solver.add(xs[count - 1] + widths[count - 1] <= canvas)
    }
    return (solver, [canvas] + xs + widths + [Variable("unseen")])
  }

  /// A few pins on random variables, with random constants (negative ones too), the same
  /// variable sometimes twice, a coefficient sometimes −1 or 2, and a variable sometimes
  /// written twice so that it cancels.
  fileprivate static func pins(_ random: inout SeededRandom, _ variables: [Variable]) -> [Constraint] {
    (0..<Int.random(in: 1...3, using: &random)).map { _ in
      let variable = variables.randomElement(using: &random) ?? variables[0]
      let constant = Double(Int.random(in: -60...120, using: &random))
      switch Int.random(in: 0..<8, using: &random) {
      case 0: return -1 * variable == constant
      case 1: return 2 * variable == constant
      case 2:
        let other = variables.randomElement(using: &random) ?? variables[0]
        return variable + other - other == constant
      default: return variable == constant
      }
    }
  }

  /// Whether `add` takes every pin, in order, in a probe (the solver is left as it was).
  fileprivate static func addsAll(_ pins: [Constraint], in solver: Solver) -> Bool {
    solver.probe { solver -> Bool in
      for pin in pins {
        guard (try? solver.add(pin)) != nil else { return false }
      }
      return true
    }
  }

  /// Checks every "certainly" against `add` in a probe; returns how many there were and how
  /// many pins lists were asked about.
  fileprivate func check(_ solver: Solver, _ variables: [Variable], _ random: inout SeededRandom, label: String)
    -> (certain: Int, asked: Int)
  {
    var certain = 0
    var asked = 0
    for _ in 0..<12 {
      let pins = Self.pins(&random, variables)
      let before = solver.dump()
      let answer = solver.certainlyAccepts(pins)
      XCTAssertEqual(solver.dump(), before, "\(label): the query changed the solver")
      asked += 1
      guard answer else { continue }
      certain += 1
      XCTAssertTrue(Self.addsAll(pins, in: solver), "\(label): certainly accepted, but add refuses \(pins)\n\(before)")
    }
    return (certain, asked)
  }

  func testCertainAddsSucceedOnRandomChains() throws {
    var certain = 0
    var asked = 0
    try withEverySeed(0..<400) { random, seed in
      let (solver, variables) = try Self.chain(&random)
      var found = check(solver, variables, &random, label: "seed \(seed)")
      // Inside a probe that added a pin, and after an edit moved the values.
      _ = solver.probe { solver -> Bool in
        let inner = self.check(solver, variables, &random, label: "seed \(seed), in a probe")
        found.certain += inner.certain
        found.asked += inner.asked
        return true
      }
      if let x = variables.dropFirst().first, (try? solver.addEditVariable(x, priority: 750)) != nil {
        try? solver.suggestValue(Double(Int.random(in: -50...200, using: &random)), for: x)
        let edited = check(solver, variables, &random, label: "seed \(seed), after an edit")
        found.certain += edited.certain
        found.asked += edited.asked
      }
      certain += found.certain
      asked += found.asked
    }
    // The shortcut answers often, and not always.
    XCTAssertGreaterThan(certain, asked / 20)
    XCTAssertLessThan(certain, asked)
  }

  /// Lists longer than 16 pins are checked with sets instead of scans: a variable pinned twice
  /// (which `add` refuses: two values) and a symbol used twice must still be told, wherever
  /// they come in the list.
  func testLongListsOfPins() throws {
    let solver = Solver()
    let unseen = (0..<40).map { Variable("u\($0)") }
    let distinct = unseen.enumerated().map { index, variable in variable == Double(index) }
    XCTAssertTrue(solver.certainlyAccepts(distinct))
    for position in [0, 17, 39] {
      XCTAssertFalse(solver.certainlyAccepts(distinct + [unseen[position] == 1000]), "u\(position) twice")
    }
    // Two views of a chain whose definitions reach the same free variable.
    let x = (0..<20).map { Variable("x\($0)") }
    for index in 1..<x.count { try solver.add(x[index] == x[index - 1] + 10) }
    XCTAssertTrue(solver.certainlyAccepts(distinct + [x[5] == 3]))
    XCTAssertFalse(solver.certainlyAccepts(distinct + [x[5] == 3, x[12] == 90]))
    XCTAssertFalse(solver.certainlyAccepts([x[5] == 3] + distinct + [x[12] == 90]))
  }

  /// Long lists of pins on random chains: every "certainly" is an `add` that succeeds.
  func testCertainLongListsSucceedOnRandomChains() throws {
    var certain = 0
    var asked = 0
    try withEverySeed(0..<200) { random, seed in
      let (solver, variables) = try Self.chain(&random)
      let extra = (0..<Int.random(in: 17...30, using: &random)).map { Variable("extra\($0)") }
      for _ in 0..<6 {
        var pins = extra.map { $0 == Double(Int.random(in: -20...80, using: &random)) }
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          pins.insert(contentsOf: Self.pins(&random, variables), at: Int.random(in: 0...pins.count, using: &random))
        }
        asked += 1
        guard solver.certainlyAccepts(pins) else { continue }
        certain += 1
        XCTAssertTrue(Self.addsAll(pins, in: solver), "seed \(seed): certainly accepted, but add refuses \(pins)")
      }
    }
    XCTAssertGreaterThan(certain, 0)
    XCTAssertLessThan(certain, asked)
  }
}
