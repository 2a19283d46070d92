/// A conflict read from its Farkas certificate, when that certificate is unique (solver.md,
/// "Conflicts explained").
///
/// Write each constraint of `S = members + [constraint]` as `aⱼ·x + kⱼ (opⱼ) 0`. By Farkas'
/// lemma `S` cannot hold exactly when some `y` has `Σ yⱼ aⱼ = 0` on every variable,
/// `yⱼ ≥ 0` for `≥`, `yⱼ ≤ 0` for `≤` (any sign for `==`) and `Σ yⱼ kⱼ < 0`. When the rows
/// of the members are linearly independent, every `y` with `Σ yⱼ aⱼ = 0` has `y_c ≠ 0` and is
/// a multiple of one such vector, so every subset of `S` that cannot hold contains the support
/// of that vector, and the support cannot hold on its own: it is the only irreducible conflict
/// inside `S`, the one the deletion filter would reach from `S`.
///
/// Independence is shown by peeling: a member holding a variable that no other remaining
/// member holds is independent of the remaining ones, so it is taken away, until none is left.
/// The order of peeling solves `Σ yⱼ aⱼ = 0` for `y` with `y_c = 1`, one member at a time, on
/// the variable that made it peelable. The vector is then checked on every variable, and its
/// signs and constant, with margins far wider than the solver's tolerances; anything that
/// does not pass, or a peeling that gets stuck, answers nil and the deletion filter decides.
extension Solver {
  /// Below this fraction of the magnitudes summed, a sum is taken to be zero.
  static let certificateRelativeTolerance = 1e-9
  /// A merged coefficient smaller than this (and not 0) is left to the deletion filter.
  static let certificateSmallestCoefficient = 1e-6
  /// The combined constant must be at least this fraction of the largest constant (at least
  /// 1), times the largest multiplier.
  static let certificateConstantMargin = 1e-7

  /// The irreducible conflict inside `members + [constraint]` read from its certificate, in
  /// the order of `members` with `constraint` last; nil when the certificate is not shown to
  /// be unique and valid (then the deletion filter decides).
  ///
  /// - Parameters:
  ///   - members: Required constraints that can hold together.
  ///   - constraint: The required constraint that cannot hold with them.
  static func certifiedConflict(_ members: [Constraint], adding constraint: Constraint) -> [Constraint]? {
    guard let support = certificateSupport(members, adding: constraint) else { return nil }
    var conflict: [Constraint] = []
    conflict.reserveCapacity(support.count)
    for index in support where index < members.count { conflict.append(members[index]) }
    conflict.append(constraint)
    return conflict
  }

  /// The indices of `members` whose multiplier in the unique certificate is not 0, in
  /// increasing order, followed by `members.count` (the constraint); nil as above.
  static func certificateSupport(_ members: [Constraint], adding constraint: Constraint) -> [Int]? {
    let rowCount = members.count + 1
    func row(_ index: Int) -> Constraint { index < members.count ? members[index] : constraint }

    // Rows in compressed form, a variable's terms merged in the order written; the variables
    // numbered densely in the order met.
    var numbers: [ObjectIdentifier: Int32] = [:]
    var rowStarts: [Int] = [0]
    rowStarts.reserveCapacity(rowCount + 1)
    var cellVariables: [Int32] = []
    var cellCoefficients: [Double] = []
    var cellOfVariable: [Int] = []  // where the variable's cell is in the row being built
    var rowOfVariable: [Int] = []  // the row `cellOfVariable` is valid for
    for index in 0..<rowCount {
      let member = row(index)
      guard member.isRequired else { return nil }
      let rowStart = cellVariables.count
      for term in member.terms {
        let key = ObjectIdentifier(term.variable)
        let number: Int
        if let known = numbers[key] {
          number = Int(known)
        } else {
          number = cellOfVariable.count
          numbers[key] = Int32(number)
          cellOfVariable.append(0)
          rowOfVariable.append(-1)
        }
        if rowOfVariable[number] == index {
          cellCoefficients[cellOfVariable[number]] += term.coefficient
        } else {
          rowOfVariable[number] = index
          cellOfVariable[number] = cellVariables.count
          cellVariables.append(Int32(number))
          cellCoefficients.append(term.coefficient)
        }
      }
      // Drop the terms that cancelled exactly; leave tiny ones to the filter.
      var kept = rowStart
      for cell in rowStart..<cellVariables.count {
        let coefficient = cellCoefficients[cell]
        guard coefficient.isFinite else { return nil }
        if coefficient == 0 { continue }
        if abs(coefficient) < certificateSmallestCoefficient { return nil }
        cellVariables[kept] = cellVariables[cell]
        cellCoefficients[kept] = coefficient
        kept += 1
      }
      cellVariables.removeSubrange(kept...)
      cellCoefficients.removeSubrange(kept...)
      rowStarts.append(kept)
    }
    let variableCount = cellOfVariable.count
    cellOfVariable = []
    rowOfVariable = []

    // The members holding each variable (the constraint is not peeled).
    let memberCount = members.count
    var columnStarts = [Int](repeating: 0, count: variableCount + 1)
    for cell in 0..<rowStarts[memberCount] { columnStarts[Int(cellVariables[cell]) + 1] += 1 }
    for variable in 0..<variableCount { columnStarts[variable + 1] += columnStarts[variable] }
    var columnRows = [Int32](repeating: 0, count: columnStarts[variableCount])
    var fill = columnStarts
    for member in 0..<memberCount {
      for cell in rowStarts[member]..<rowStarts[member + 1] {
        let variable = Int(cellVariables[cell])
        columnRows[fill[variable]] = Int32(member)
        fill[variable] += 1
      }
    }
    fill = []

    // Peel: a member holding a variable no other remaining member holds.
    let peeling = peelingOrder(
      rowCount: memberCount, variableCount: variableCount,
      holders: { columnRows[columnStarts[$0]..<columnStarts[$0 + 1]].lazy.map { Int($0) } },
      variables: { cellVariables[rowStarts[$0]..<rowStarts[$0 + 1]].lazy.map { Int($0) } })
    guard peeling.count == memberCount else { return nil }
    columnRows = []
    columnStarts = []
    // Each peeled member with the cell of the variable that made it peelable.
    var order: [(member: Int32, cell: Int)] = []
    order.reserveCapacity(memberCount)
    for (owner, variable) in peeling {
      guard let pivotCell = (rowStarts[owner]..<rowStarts[owner + 1]).first(where: { Int(cellVariables[$0]) == variable })
      else { return nil }
      order.append((Int32(owner), pivotCell))
    }

    // Solve for the multipliers in the order of peeling, the constraint's multiplier 1.
    var multipliers = [Double](repeating: 0, count: rowCount)
    var sums = [Double](repeating: 0, count: variableCount)
    var magnitudes = [Double](repeating: 0, count: variableCount)
    func accumulate(_ index: Int, _ multiplier: Double) {
      for cell in rowStarts[index]..<rowStarts[index + 1] {
        let variable = Int(cellVariables[cell])
        let product = multiplier * cellCoefficients[cell]
        sums[variable] += product
        magnitudes[variable] += abs(product)
      }
    }
    multipliers[memberCount] = 1
    accumulate(memberCount, 1)
    for (member, pivotCell) in order {
      let variable = Int(cellVariables[pivotCell])
      let sum = sums[variable]
      if sum == 0 { continue }  // not in the certificate
      // A sum that nearly cancels may be 0 in exact arithmetic: the filter decides.
      guard abs(sum) > certificateRelativeTolerance * magnitudes[variable] else { return nil }
      let multiplier = -sum / cellCoefficients[pivotCell]
      guard multiplier.isFinite else { return nil }
      multipliers[Int(member)] = multiplier
      accumulate(Int(member), multiplier)
    }

    // Check the combination on every variable.
    for variable in 0..<variableCount
    where abs(sums[variable]) > certificateRelativeTolerance * magnitudes[variable] {
      return nil
    }

    // The constant must prove the conflict, with signs that fit every inequality.
    var constant = 0.0
    var constantMagnitude = 0.0
    var largestConstant = 1.0
    var largestMultiplier = 0.0
    for index in 0..<rowCount where multipliers[index] != 0 {
      let k = row(index).constant
      constant += multipliers[index] * k
      constantMagnitude += abs(multipliers[index] * k)
      largestConstant = max(largestConstant, abs(k))
      largestMultiplier = max(largestMultiplier, abs(multipliers[index]))
    }
    guard constant.isFinite,
      abs(constant) > certificateRelativeTolerance * constantMagnitude,
      abs(constant) > certificateConstantMargin * largestConstant * largestMultiplier
    else { return nil }
    // Scaled so that the constant is negative: a `>=` member needs a positive multiplier,
    // a `<=` member a negative one.
    let sign: Double = constant < 0 ? 1 : -1
    var support: [Int] = []
    for index in 0..<rowCount where multipliers[index] != 0 {
      switch row(index).relation {
      case .equal: break
      case .greaterThanOrEqual: guard sign * multipliers[index] > 0 else { return nil }
      case .lessThanOrEqual: guard sign * multipliers[index] < 0 else { return nil }
      }
      support.append(index)
    }
    return support
  }
}

extension Solver {
  /// Peeling: takes away, one at a time, a row that holds a variable no other remaining row
  /// holds, and returns each row taken with that variable, in the order taken; the rows are
  /// all taken exactly when peeling shows them linearly independent. `holders(v)` lists the
  /// rows that hold variable `v`, `variables(r)` the variables of row `r`, each once.
  static func peelingOrder<Holders: Sequence<Int>, Variables: Sequence<Int>>(
    rowCount: Int, variableCount: Int, holders: (Int) -> Holders, variables: (Int) -> Variables
  ) -> [(row: Int, variable: Int)] {
    var remaining = [Int](repeating: 0, count: variableCount)
    for variable in 0..<variableCount { remaining[variable] = holders(variable).reduce(0) { count, _ in count + 1 } }
    var peeled = [Bool](repeating: false, count: rowCount)
    var order: [(row: Int, variable: Int)] = []
    order.reserveCapacity(rowCount)
    var ready = (0..<variableCount).filter { remaining[$0] == 1 }
    while let variable = ready.popLast() {
      guard remaining[variable] == 1, let row = holders(variable).first(where: { !peeled[$0] }) else { continue }
      peeled[row] = true
      order.append((row, variable))
      for other in variables(row) {
        remaining[other] -= 1
        if remaining[other] == 1 { ready.append(other) }
      }
    }
    return order
  }

  /// For each set of constraints, whether the solver's required constraints without
  /// `excluded` and without that set can hold together with `added` (a required constraint
  /// not in the solver), read from the unique certificate of the conflict `added` makes; nil
  /// when that certificate is not shown to be unique and valid (then ask by adding).
  ///
  /// Only the constraints connected to `added` through shared variables can be part of an
  /// irreducible conflict with it (a certificate whose support falls into parts that share
  /// no variable has a part that is a certificate alone, and only the part with `added` can
  /// be, since the solver's constraints hold together), so those are the members. When their
  /// certificate is unique, the conflicts inside are exactly its support, and a set lets the
  /// rest hold exactly when it holds a member of the support.
  ///
  /// - Parameters:
  ///   - sets: Constraints in the solver, each set taken away on its own; optional ones
  ///     change nothing.
  ///   - excluded: Constraints in the solver that are left out in every case.
  ///   - added: The required constraint required with the rest.
  public func certifiedRelaxations(
    _ sets: [[Constraint]], excluding excluded: [Constraint], adding added: Constraint
  ) -> [Bool]? {
    guard added.isRequired, tableau.records[ObjectIdentifier(added)] == nil else { return nil }
    let left = Set(excluded.map(ObjectIdentifier.init))
    var required: [Constraint] = []
    for record in sortedRecords() where !record.isEdit {
      guard let constraint = tableau.constraint(of: record), constraint.isRequired,
        !left.contains(ObjectIdentifier(constraint))
      else { continue }
      required.append(constraint)
    }
    // The members reached from `added` through shared variables, in the order of addition.
    var holders: [ObjectIdentifier: [Int32]] = [:]
    for (index, constraint) in required.enumerated() {
      for term in constraint.terms {
        holders[ObjectIdentifier(term.variable), default: []].append(Int32(index))
      }
    }
    var reached = [Bool](repeating: false, count: required.count)
    var visited = Set<ObjectIdentifier>()
    var pending = added.terms.map { ObjectIdentifier($0.variable) }
    while let variable = pending.popLast() {
      guard visited.insert(variable).inserted, let rows = holders[variable] else { continue }
      for row in rows where !reached[Int(row)] {
        reached[Int(row)] = true
        for term in required[Int(row)].terms { pending.append(ObjectIdentifier(term.variable)) }
      }
    }
    holders = [:]
    let members = required.indices.filter { reached[$0] }.map { required[$0] }
    var needed = Set<ObjectIdentifier>()
    if let support = Self.certificateSupport(members, adding: added) {
      for index in support where index < members.count { needed.insert(ObjectIdentifier(members[index])) }
    } else {
      guard let support = Self.boundedCertificateSupport(members, adding: added) else { return nil }
      for member in support { needed.insert(ObjectIdentifier(member)) }
    }
    return sets.map { set in set.contains { needed.contains(ObjectIdentifier($0)) } }
  }

  /// The variable a constraint bounds and whether from below, when it is an inequality on
  /// one variable (its terms merged); nil otherwise.
  static func bound(of constraint: Constraint) -> (variable: Variable, lower: Bool)? {
    guard constraint.relation != .equal, let first = constraint.terms.first else { return nil }
    var coefficient = 0.0
    for term in constraint.terms {
      guard term.variable === first.variable else { return nil }
      coefficient += term.coefficient
    }
    guard coefficient.isFinite, abs(coefficient) >= certificateSmallestCoefficient else { return nil }
    // `a·x + k ≥ 0` bounds x from below when a > 0; `≤` the other way.
    return (first.variable, (coefficient > 0) == (constraint.relation == .greaterThanOrEqual))
  }

  /// The members of the unique certificate of the rows that are not bounds on one variable,
  /// when every bound can be met along a direction those rows (and `added`) do not see; nil
  /// otherwise.
  ///
  /// With `E` the members that are not inequalities on one variable and `B` those that are:
  /// when `E + [added]` has a unique certificate, a set that misses its support leaves a set
  /// that cannot hold; a set that meets it leaves rows of `E + [added]` that can hold (no
  /// certificate is left), and moving any solution of them along a direction `z` with
  /// `aⱼ·z = 0` on each of those rows, `z > 0` on every variable bounded from below and
  /// `z < 0` on every variable bounded from above, far enough, meets every bound as well.
  /// `z` is ±1 on the bounded variables and solved for the others by peeling.
  static func boundedCertificateSupport(_ members: [Constraint], adding added: Constraint) -> [Constraint]? {
    var rows: [Constraint] = []
    var direction: [ObjectIdentifier: Double] = [:]
    for member in members {
      guard let bound = bound(of: member) else {
        rows.append(member)
        continue
      }
      let sign: Double = bound.lower ? 1 : -1
      let key = ObjectIdentifier(bound.variable)
      if let known = direction[key], known != sign { return nil }
      direction[key] = sign
    }
    guard !direction.isEmpty, rows.count < members.count,
      let support = certificateSupport(rows, adding: added),
      hasFreeDirection(rows + [added], fixing: direction)
    else { return nil }
    return support.filter { $0 < rows.count }.map { rows[$0] }
  }

  /// Whether some `z` with the given values on the bounded variables makes every row's terms
  /// sum to 0: the other variables are solved for by peeling (a row holding a variable no
  /// other remaining row holds takes that variable last), and the rows left are checked.
  static func hasFreeDirection(_ rows: [Constraint], fixing fixed: [ObjectIdentifier: Double]) -> Bool {
    // Merged cells of each row; the unbounded variables numbered densely.
    var numbers: [ObjectIdentifier: Int] = [:]
    var cells: [[(variable: Int, coefficient: Double)]] = []  // unbounded variables
    var known: [Double] = []  // Σ a·z over the bounded variables
    var knownMagnitude: [Double] = []
    var holders: [[Int]] = []
    for row in rows {
      var merged: [(variable: Int, coefficient: Double)] = []
      var total = 0.0
      var magnitude = 0.0
      for term in row.terms {
        let key = ObjectIdentifier(term.variable)
        if let value = fixed[key] {
          total += term.coefficient * value
          magnitude += abs(term.coefficient * value)
          continue
        }
        let number: Int
        if let existing = numbers[key] {
          number = existing
        } else {
          number = holders.count
          numbers[key] = number
          holders.append([])
        }
        if let index = merged.firstIndex(where: { $0.variable == number }) {
          merged[index].coefficient += term.coefficient
        } else {
          merged.append((number, term.coefficient))
        }
      }
      merged.removeAll { $0.coefficient == 0 }
      if merged.contains(where: { abs($0.coefficient) < certificateSmallestCoefficient || !$0.coefficient.isFinite }) {
        return false
      }
      for cell in merged { holders[cell.variable].append(cells.count) }
      cells.append(merged)
      known.append(total)
      knownMagnitude.append(magnitude)
    }
    // Peel the rows that hold an unbounded variable no other remaining row holds.
    let order = peelingOrder(
      rowCount: rows.count, variableCount: holders.count, holders: { holders[$0] },
      variables: { cells[$0].lazy.map(\.variable) })
    var peeled = [Bool](repeating: false, count: rows.count)
    for (row, _) in order { peeled[row] = true }
    // The rows left hold no peeled variable; their other unbounded variables are 0.
    for row in rows.indices where !peeled[row] {
      guard abs(known[row]) <= certificateRelativeTolerance * knownMagnitude[row] else { return false }
    }
    // The peeled rows in reverse: each holds only its own variable and later ones' variables.
    var values = [Double](repeating: 0, count: holders.count)
    for (row, variable) in order.reversed() {
      var sum = known[row]
      var pivot = 0.0
      for cell in cells[row] {
        if cell.variable == variable { pivot = cell.coefficient } else { sum += cell.coefficient * values[cell.variable] }
      }
      values[variable] = -sum / pivot
      guard values[variable].isFinite else { return false }
    }
    return true
  }
}
