import CassowarySolver

/// The reference UI workload of solver.md §2: N views in rows of C = 10, either each row on
/// its own line ("rows") or each column a vertical chain ("grid").
struct SolverWorkload {
  enum Variant: String {
    case rows, grid
  }

  static let columns = 10
  /// kiwi's "strong" edit strength is above every optional priority of the workload; 999 is
  /// the UIKit equivalent.
  static let editPriority = 999.0

  let variant: Variant
  let count: Int
  let solver = Solver()
  let superLeft = Variable("S.left")
  let superTop = Variable("S.top")
  let superWidth = Variable("S.width")
  var left: [Variable] = []
  var top: [Variable] = []
  var width: [Variable] = []
  var height: [Variable] = []
  /// The optional equal-width constraint of the middle view, removed and re-added by the
  /// re-add phase.
  var middleEqualWidth: Constraint?
  var constraintCount = 0

  init(variant: Variant, count: Int) {
    self.variant = variant
    self.count = count
    for index in 0..<count {
      left.append(Variable("L[\(index)]"))
      top.append(Variable("T[\(index)]"))
      width.append(Variable("W[\(index)]"))
      height.append(Variable("H[\(index)]"))
    }
  }

  /// Steps 1–5 of §2.1, in that order.
  mutating func build() throws(SolverError) {
    let columns = Self.columns
    try solver.addEditVariable(superWidth, priority: Self.editPriority)
    try solver.suggestValue(1200, for: superWidth)
    try add(Expression(superLeft) == 0)
    try add(Expression(superTop) == 0)
    let middle = count / 2 - (count / 2) % columns + min(1, columns - 1)
    for index in 0..<count {
      let row = index / columns
      let column = index % columns
      try add(width[index] >= 20)
      try add(height[index] >= 20)
      try add(width[index] == 100 ~ 750)
      try add(height[index] == 44 ~ 750)
      if column == 0 {
        try add(left[index] == superLeft + 8)
      } else {
        try add(left[index] == left[index - 1] + width[index - 1] + 8)
      }
      if column > 0 {
        let equalWidth = Expression(width[index]) == width[index - 1] ~ 500
        if index == middle { middleEqualWidth = equalWidth }
        try add(equalWidth)
      }
      if column == columns - 1 || index == count - 1 {
        try add(left[index] + width[index] + 8 <= superLeft + superWidth)
      }
      switch variant {
      case .rows:
        try add(top[index] == superTop + 8 + 52 * Double(row))
      case .grid:
        if row == 0 {
          try add(top[index] == superTop + 8)
        } else {
          try add(top[index] == top[index - columns] + height[index - columns] + 8)
        }
      }
    }
  }

  mutating func add(_ constraint: Constraint) throws(SolverError) {
    try solver.add(constraint)
    constraintCount += 1
  }

  /// Every variable, in a fixed order.
  var allVariables: [Variable] {
    [superLeft, superTop, superWidth] + left + top + width + height
  }

  /// Reads every value (the counterpart of kiwi's `updateVariables()`).
  func readAll() -> Double {
    var total = 0.0
    total += solver.value(of: superLeft) + solver.value(of: superTop) + solver.value(of: superWidth)
    for index in 0..<count {
      total += solver.value(of: left[index]) + solver.value(of: top[index])
      total += solver.value(of: width[index]) + solver.value(of: height[index])
    }
    return total
  }

  /// The largest deviation from the known solution of §2.1 at superview width `target`.
  func maximumError(width target: Double) -> Double {
    let columns = Self.columns
    var worst = abs(solver.value(of: superLeft)) + abs(solver.value(of: superTop))
    worst = max(worst, abs(solver.value(of: superWidth) - target))
    for index in 0..<count {
      let row = index / columns
      let column = index % columns
      let inRow = min(columns, count - row * columns)
      let expectedWidth = min(100, (target - 8 - 8 * Double(inRow)) / Double(inRow))
      let expectedLeft = 8 + Double(column) * (expectedWidth + 8)
      let expectedTop = 8 + 52 * Double(row)
      worst = max(worst, abs(solver.value(of: width[index]) - expectedWidth))
      worst = max(worst, abs(solver.value(of: left[index]) - expectedLeft))
      worst = max(worst, abs(solver.value(of: height[index]) - 44))
      worst = max(worst, abs(solver.value(of: top[index]) - expectedTop))
    }
    return worst
  }
}
