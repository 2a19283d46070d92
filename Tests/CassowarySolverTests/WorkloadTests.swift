// The reference workload of solver.md §2 at a small size, checked against its known
// solution at both widths (timing lives in `plumb-bench`, not here). The builder mirrors
// `Sources/plumb-bench/SolverWorkload.swift`.

import CassowarySolver
import XCTest

final class WorkloadTests: XCTestCase {
  struct Views {
    var left: [Variable] = []
    var top: [Variable] = []
    var width: [Variable] = []
    var height: [Variable] = []
  }

  func build(grid: Bool, count: Int, solver: Solver, superWidth: Variable) throws -> (Views, Constraint?) {
    let columns = 10
    let superLeft = Variable("S.left")
    let superTop = Variable("S.top")
    var views = Views()
    for index in 0..<count {
      views.left.append(Variable("L[\(index)]"))
      views.top.append(Variable("T[\(index)]"))
      views.width.append(Variable("W[\(index)]"))
      views.height.append(Variable("H[\(index)]"))
    }
    try solver.addEditVariable(superWidth, priority: 999)
    try solver.suggestValue(1200, for: superWidth)
    try solver.add(superLeft == 0)
    try solver.add(superTop == 0)
    var middle: Constraint?
    for index in 0..<count {
      let row = index / columns
      let column = index % columns
      try solver.add(views.width[index] >= 20)
      try solver.add(views.height[index] >= 20)
      try solver.add(views.width[index] == 100 ~ 750)
      try solver.add(views.height[index] == 44 ~ 750)
      if column == 0 {
        try solver.add(views.left[index] == superLeft + 8)
      } else {
        try solver.add(views.left[index] == views.left[index - 1] + views.width[index - 1] + 8)
        let equal = Expression(views.width[index]) == views.width[index - 1] ~ 500
        if index == count / 2 + 1 { middle = equal }
        try solver.add(equal)
      }
      if column == columns - 1 || index == count - 1 {
        try solver.add(views.left[index] + views.width[index] + 8 <= superLeft + superWidth)
      }
      if !grid {
        try solver.add(views.top[index] == superTop + 8 + 52 * Double(row))
      } else if row == 0 {
        try solver.add(views.top[index] == superTop + 8)
      } else {
        try solver.add(views.top[index] == views.top[index - columns] + views.height[index - columns] + 8)
      }
    }
    return (views, middle)
  }

  func check(_ solver: Solver, _ views: Views, width target: Double, count: Int, line: UInt = #line) {
    let columns = 10
    for index in 0..<count {
      let row = index / columns
      let inRow = min(columns, count - row * columns)
      let width = min(100, (target - 8 - 8 * Double(inRow)) / Double(inRow))
      XCTAssertEqual(solver.value(of: views.width[index]), width, accuracy: 1e-9, line: line)
      XCTAssertEqual(solver.value(of: views.height[index]), 44, accuracy: 1e-9, line: line)
      XCTAssertEqual(
        solver.value(of: views.left[index]), 8 + Double(index % columns) * (width + 8), accuracy: 1e-9, line: line)
      XCTAssertEqual(solver.value(of: views.top[index]), 8 + 52 * Double(row), accuracy: 1e-9, line: line)
    }
    XCTAssertEqual(solver.checkInvariants(), [], line: line)
  }

  func testReferenceWorkloadKnownSolution() throws {
    for grid in [false, true] {
      for count in [50, 47] {
        let solver = Solver()
        let superWidth = Variable("S.width")
        let (views, middle) = try build(grid: grid, count: count, solver: solver, superWidth: superWidth)
        let expectedCount = (0..<count).reduce(2) { total, index in
          total + 6 + (index % 10 > 0 ? 1 : 0) + (index % 10 == 9 || index == count - 1 ? 1 : 0)
        }
        XCTAssertEqual(solver.constraints.count, expectedCount)
        check(solver, views, width: 1200, count: count)
        let all = views.left + views.top + views.width + views.height
        XCTAssertEqual(solver.ambiguousVariables(among: all), [])
        for target in [800.0, 1200, 800] {
          try solver.suggestValue(target, for: superWidth)
          check(solver, views, width: target, count: count)
        }
        XCTAssertEqual(solver.ambiguousVariables(among: all), [])
        let squeezed = (0..<count).filter { index in
          let inRow = min(10, count - index / 10 * 10)
          return (800 - 8 - 8 * Double(inRow)) / Double(inRow) < 100
        }
        XCTAssertEqual(solver.unsatisfiedConstraints().count, squeezed.count, "W == 100 gives way at 800")
        if let middle {
          try solver.remove(middle)
          XCTAssertFalse(solver.ambiguousVariables(among: all).isEmpty, "without one equal width a row is ambiguous")
          try solver.add(middle)
          check(solver, views, width: 800, count: count)
        }
      }
    }
  }
}
