// The independent brute-force oracle of the property tests.
//
// It shares no code with the solver: a dense two-phase simplex with Bland's rule over a
// plain `[[Double]]` tableau (textbook form: minimise c·y subject to A·y = b, y ≥ 0), and
// its own formulation of constraints (each variable split into a positive and a negative
// part, one error column per optional inequality, two per optional equality). Priorities
// are handled level by level: minimise the total error of the highest level, fix it as a
// constraint (`≤ optimum + tolerance`), go on with the next. Ranges on the optimal face are
// two more LPs per variable. Systems are tiny (≤ 4 variables, ≤ 10 constraints), so
// density and Bland's rule cost nothing.

import CassowarySolver

/// The outcome of one dense LP.
enum DenseOutcome {
  case infeasible
  case unbounded
  case optimal(value: Double, point: [Double])
}

/// Minimises `cost · y` subject to `matrix · y = rhs`, `y ≥ 0`.
func solveDense(matrix: [[Double]], rhs: [Double], cost: [Double]) -> DenseOutcome {
  let eps = 1e-9
  let rowCount = matrix.count
  let columnCount = cost.count
  if rowCount == 0 {
    if cost.contains(where: { $0 < -eps }) { return .unbounded }
    return .optimal(value: 0, point: [Double](repeating: 0, count: columnCount))
  }
  // Tableau columns: the variables, then one artificial per row, then the right-hand side.
  let width = columnCount + rowCount + 1
  var table = [[Double]](repeating: [Double](repeating: 0, count: width), count: rowCount)
  for row in 0..<rowCount {
    let sign: Double = rhs[row] < 0 ? -1 : 1
    for column in 0..<columnCount { table[row][column] = matrix[row][column] * sign }
    table[row][columnCount + row] = 1
    table[row][width - 1] = rhs[row] * sign
  }
  var basis = (0..<rowCount).map { columnCount + $0 }

  func pivot(_ row: Int, _ column: Int) {
    let factor = table[row][column]
    for index in 0..<width { table[row][index] /= factor }
    for other in 0..<rowCount where other != row {
      let multiple = table[other][column]
      if multiple != 0 {
        for index in 0..<width { table[other][index] -= multiple * table[row][index] }
      }
    }
    basis[row] = column
  }

  /// Runs the simplex for `objective` over the allowed columns; false when unbounded.
  func run(_ objective: [Double], allowed: (Int) -> Bool) -> Bool {
    for _ in 0..<10_000 {
      var entering = -1
      for column in 0..<(width - 1) where allowed(column) && !basis.contains(column) {
        var reduced = objective[column]
        for row in 0..<rowCount { reduced -= objective[basis[row]] * table[row][column] }
        if reduced < -eps {
          entering = column
          break
        }
      }
      if entering < 0 { return true }
      var leaving = -1
      var best = Double.infinity
      for row in 0..<rowCount where table[row][entering] > eps {
        let ratio = table[row][width - 1] / table[row][entering]
        if ratio < best - 1e-12 || (abs(ratio - best) <= 1e-12 && leaving >= 0 && basis[row] < basis[leaving]) {
          best = ratio
          leaving = row
        }
      }
      if leaving < 0 { return false }
      pivot(leaving, entering)
    }
    return true
  }

  // Phase 1: minimise the sum of the artificials.
  var phaseOne = [Double](repeating: 0, count: width - 1)
  for row in 0..<rowCount { phaseOne[columnCount + row] = 1 }
  _ = run(phaseOne) { _ in true }
  var infeasibility = 0.0
  for row in 0..<rowCount where basis[row] >= columnCount { infeasibility += table[row][width - 1] }
  let scale = max(1, rhs.map(abs).max() ?? 1)
  if infeasibility > 1e-7 * scale { return .infeasible }
  // Drive the artificials out of the basis where possible.
  for row in 0..<rowCount where basis[row] >= columnCount {
    if let column = (0..<columnCount).first(where: { abs(table[row][$0]) > eps }) {
      pivot(row, column)
    }
  }
  // Phase 2 on the real columns only.
  var phaseTwo = [Double](repeating: 0, count: width - 1)
  for column in 0..<columnCount { phaseTwo[column] = cost[column] }
  if !run(phaseTwo, allowed: { $0 < columnCount }) { return .unbounded }
  var point = [Double](repeating: 0, count: columnCount)
  for row in 0..<rowCount where basis[row] < columnCount { point[basis[row]] = table[row][width - 1] }
  var value = 0.0
  for column in 0..<columnCount { value += cost[column] * point[column] }
  return .optimal(value: value, point: point)
}

/// A small system in the oracle's own terms.
struct OracleConstraint {
  var coefficients: [Double]  // one per variable
  var constant: Double
  var relation: Relation
  var priority: Double
}

/// The oracle's answers about a system.
struct OracleModel {
  let variableCount: Int
  var constraints: [OracleConstraint]

  /// Levels in use, highest first.
  var levels: [Double] {
    Array(Set(constraints.filter { $0.priority < 1000 }.map(\.priority))).sorted(by: >)
  }

  /// The LP: columns are x⁺, x⁻ per variable, then per-constraint slack/error columns.
  /// Returns the matrix, rhs, the column of each constraint's error terms, and the column count.
  func formulate(levelBounds: [(priority: Double, bound: Double)]) -> (
    matrix: [[Double]], rhs: [Double], errors: [(priority: Double, column: Int)], columns: Int
  ) {
    var columns = 2 * variableCount
    var rows: [([Int: Double], Double)] = []
    var errors: [(priority: Double, column: Int)] = []
    for constraint in constraints {
      var row: [Int: Double] = [:]
      for (index, coefficient) in constraint.coefficients.enumerated() where coefficient != 0 {
        row[2 * index] = coefficient
        row[2 * index + 1] = -coefficient
      }
      let required = constraint.priority >= 1000
      switch constraint.relation {
      case .equal:
        if !required {
          row[columns] = -1
          row[columns + 1] = 1
          errors.append((constraint.priority, columns))
          errors.append((constraint.priority, columns + 1))
          columns += 2
        }
      case .greaterThanOrEqual:
        row[columns] = -1  // surplus
        columns += 1
        if !required {
          row[columns] = 1
          errors.append((constraint.priority, columns))
          columns += 1
        }
      case .lessThanOrEqual:
        row[columns] = 1  // slack
        columns += 1
        if !required {
          row[columns] = -1
          errors.append((constraint.priority, columns))
          columns += 1
        }
      }
      rows.append((row, -constraint.constant))
    }
    for (priority, bound) in levelBounds {
      var row: [Int: Double] = [:]
      for error in errors where error.priority == priority { row[error.column] = 1 }
      row[columns] = 1
      columns += 1
      rows.append((row, bound))
    }
    var matrix: [[Double]] = []
    for (row, _) in rows {
      var dense = [Double](repeating: 0, count: columns)
      for (column, value) in row { dense[column] = value }
      matrix.append(dense)
    }
    return (matrix, rows.map(\.1), errors, columns)
  }

  /// Whether the required constraints can hold together.
  var requiredFeasible: Bool {
    let required = OracleModel(
      variableCount: variableCount, constraints: constraints.filter { $0.priority >= 1000 })
    let lp = required.formulate(levelBounds: [])
    if case .infeasible = solveDense(
      matrix: lp.matrix, rhs: lp.rhs, cost: [Double](repeating: 0, count: lp.columns))
    {
      return false
    }
    return true
  }

  /// The lexicographic optimum: the least total error per level, highest level first.
  func optimalErrors() -> [(priority: Double, error: Double)]? {
    var bounds: [(priority: Double, bound: Double)] = []
    var result: [(priority: Double, error: Double)] = []
    for level in levels {
      let lp = formulate(levelBounds: bounds)
      var cost = [Double](repeating: 0, count: lp.columns)
      for error in lp.errors where error.priority == level { cost[error.column] = 1 }
      guard case .optimal(let value, _) = solveDense(matrix: lp.matrix, rhs: lp.rhs, cost: cost)
      else { return nil }
      result.append((level, value))
      bounds.append((level, value + 1e-9 * max(1, value)))
    }
    return result
  }

  /// The range of a variable over the optimal face (`nil` bounds: unbounded).
  func range(of variable: Int, errors: [(priority: Double, error: Double)]) -> (Double?, Double?) {
    let bounds = errors.map { ($0.priority, $0.error + 1e-9 * max(1, $0.error)) }
    let lp = formulate(levelBounds: bounds)
    var cost = [Double](repeating: 0, count: lp.columns)
    cost[2 * variable] = 1
    cost[2 * variable + 1] = -1
    var low: Double?
    var high: Double?
    if case .optimal(let value, _) = solveDense(matrix: lp.matrix, rhs: lp.rhs, cost: cost) {
      low = value
    }
    cost[2 * variable] = -1
    cost[2 * variable + 1] = 1
    if case .optimal(let value, _) = solveDense(matrix: lp.matrix, rhs: lp.rhs, cost: cost) {
      high = -value
    }
    return (low, high)
  }
}
