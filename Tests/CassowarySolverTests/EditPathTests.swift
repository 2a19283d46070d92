// The edit's dual simplex adds the entering row to the objective levels under one access to
// each level (`ObjectiveLevel.addCells`); with the change journal on, it takes the cell-by-cell
// path (`addObjectiveCoefficient`). Both must give the same tableau, bit for bit, and a failed
// edit must leave the objective exactly as it was.

import CassowarySolver
import XCTest

final class EditPathTests: XCTestCase {
  /// The reference workload (rows of ten views), small.
  private func workload(count: Int, solver: Solver) throws -> (superWidth: Variable, all: [Variable]) {
    let superWidth = Variable("S.width")
    let superLeft = Variable("S.left")
    let superTop = Variable("S.top")
    var all = [superWidth, superLeft, superTop]
    try solver.addEditVariable(superWidth, priority: 999)
    try solver.suggestValue(1200, for: superWidth)
    try solver.add(superLeft == 0)
    try solver.add(superTop == 0)
    var previousLeft: Variable?
    var previousWidth: Variable?
    for index in 0..<count {
      let left = Variable("L[\(index)]")
      let top = Variable("T[\(index)]")
      let width = Variable("W[\(index)]")
      let height = Variable("H[\(index)]")
      all += [left, top, width, height]
      let column = index % 10
      try solver.add(width >= 20)
      try solver.add(height >= 20)
      try solver.add(width == 100 ~ 750)
      try solver.add(height == 44 ~ 750)
      if column == 0 {
        try solver.add(left == superLeft + 8)
      } else if let previousLeft, let previousWidth {
        try solver.add(left == previousLeft + previousWidth + 8)
        try solver.add(Expression(width) == previousWidth ~ 500)
      }
      if column == 9 || index == count - 1 {
        try solver.add(left + width + 8 <= superLeft + superWidth)
      }
      try solver.add(top == superTop + 8 + 52 * Double(index / 10))
      previousLeft = left
      previousWidth = width
    }
    return (superWidth, all)
  }

  /// Edits that pivot many times (each row of views goes dense and back): the solver whose
  /// objective is updated a row at a time and the one that journals changes (a cell at a
  /// time) hold the same values and the same tableau after every edit. (Changes are not taken
  /// between edits: taking them brings deferred rows back, which rounds values differently.)
  func testObjectiveRowsMatchCellByCellUpdates() throws {
    let fast = Solver()
    let journaled = Solver()
    journaled.tracksChanges = true
    let (fastWidth, fastVariables) = try workload(count: 60, solver: fast)
    let (journaledWidth, journaledVariables) = try workload(count: 60, solver: journaled)
    var pivots = 0
    for (step, target) in [800.0, 1200, 640, 1000, 800, 333.5, 1200].enumerated() {
      try fast.suggestValue(target, for: fastWidth)
      try journaled.suggestValue(target, for: journaledWidth)
      pivots += fast.lastPivotCount
      for (a, b) in zip(fastVariables, journaledVariables) {
        XCTAssertEqual(
          fast.value(of: a).bitPattern, journaled.value(of: b).bitPattern, "step \(step): \(a.name)")
      }
      XCTAssertEqual(fast.errorsByPriority().map(\.error), journaled.errorsByPriority().map(\.error))
    }
    XCTAssertGreaterThan(pivots, 100)
    XCTAssertEqual(fast.dump(), journaled.dump())
  }

  /// An edit that runs out of pivots halfway leaves rows and objective exactly as they were,
  /// and the same edit then succeeds with the same result as a solver that never failed.
  func testFailedEditRestoresTheObjective() throws {
    let solver = Solver()
    let twin = Solver()
    let (width, variables) = try workload(count: 30, solver: solver)
    let (twinWidth, twinVariables) = try workload(count: 30, solver: twin)
    try solver.suggestValue(800, for: width)
    try twin.suggestValue(800, for: twinWidth)
    try solver.suggestValue(1200, for: width)
    try twin.suggestValue(1200, for: twinWidth)
    let before = solver.errorsByPriority().map(\.error)
    let values = variables.map { solver.value(of: $0) }
    solver.pivotLimit = 5
    XCTAssertThrowsError(try solver.suggestValue(800, for: width)) {
      XCTAssertEqual($0 as? SolverError, .pivotLimitExceeded)
    }
    XCTAssertEqual(solver.errorsByPriority().map(\.error), before)
    XCTAssertEqual(variables.map { solver.value(of: $0).bitPattern }, values.map(\.bitPattern))
    solver.pivotLimit = nil
    try solver.suggestValue(800, for: width)
    try twin.suggestValue(800, for: twinWidth)
    XCTAssertEqual(
      variables.map { solver.value(of: $0).bitPattern }, twinVariables.map { twin.value(of: $0).bitPattern })
    XCTAssertEqual(solver.dump(), twin.dump())
  }
}
