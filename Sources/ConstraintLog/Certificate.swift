import LayoutSyntax

/// The arithmetic of a minimal conflicting set: multipliers that add its members up to a
/// contradiction (a Farkas certificate), read as "the others need X to be a + b + c, but this
/// one makes it d".
enum Certificate {
  /// The most members whose arithmetic is worked out (by dense elimination, cubic in the size):
  /// far more than any report UIKit prints.
  static let memberLimit = 150

  static func arithmetic(system: LinearSystem, members: [Int], broken: Int?) -> Arithmetic? {
    guard members.count <= memberLimit else { return nil }
    let forms = members.map { system.forms[$0] }
    guard let multipliers = multipliers(forms) else { return nil }
    // The member the others are set against: a size UIKit or a layout gives as a number
    // (an encapsulated height, an autoresizing width), else the broken constraint, else the last.
    let constraints = system.constraints
    func constraintIndex(_ position: Int) -> Int? {
      if case .constraint(let index) = forms[position].origin { return index }
      return nil
    }
    let candidates = forms.indices.filter { constraintIndex($0) != nil }
    guard !candidates.isEmpty else { return nil }
    func isConstantSize(_ position: Int) -> Bool {
      guard let index = constraintIndex(position) else { return false }
      let constraint = constraints[index]
      return constraint.second == nil && constraint.first.attribute.isSize
    }
    let reference =
      candidates.first { isConstantSize($0) && constraints[constraintIndex($0) ?? 0].kind != .layout }
      ?? candidates.first { isConstantSize($0) && constraintIndex($0) == broken }
      ?? candidates.last { isConstantSize($0) }
      ?? candidates.first { constraintIndex($0) == broken }
      ?? candidates.last
    guard let reference, let referenceIndex = constraintIndex(reference) else { return nil }
    let constraint = constraints[referenceIndex]
    let sign = constraint.relation == .lessThanOrEqual ? -1.0 : 1.0
    let scale = multipliers[reference] * sign
    guard abs(scale) > 1e-12 else { return nil }
    var terms: [Double] = []
    var total = 0.0
    var othersAreEqualities = true
    for position in forms.indices where position != reference {
      let term = multipliers[position] * forms[position].constant / scale
      total += term
      if abs(term) > 1e-9 { terms.append(term) }
      if !forms[position].isEquality { othersAreEqualities = false }
    }
    let needed: Relation = othersAreEqualities ? .equal : (scale > 0 ? .lessThanOrEqual : .greaterThanOrEqual)
    return Arithmetic(
      reference: referenceIndex, first: constraint.first, multiplier: constraint.multiplier, second: constraint.second,
      terms: terms, total: total, needed: needed, relation: constraint.relation, value: constraint.constant)
  }

  /// y with Σ yᵢ·(variable part of formᵢ) = 0, yᵢ ≥ 0 for inequalities and Σ yᵢ·constantᵢ < 0;
  /// nil when the null space does not give one (rounding, or a set that is not minimal).
  static func multipliers(_ forms: [Form]) -> [Double]? {
    var variables: [Int] = []
    var seen: Set<Int> = []
    for form in forms {
      for variable in form.coefficients.keys.sorted() where seen.insert(variable).inserted { variables.append(variable) }
    }
    let columns = forms.count
    // Rows: variables; columns: members.
    var matrix = variables.map { variable in forms.map { $0.coefficients[variable] ?? 0 } }
    var pivotColumns: [Int] = []
    var row = 0
    for column in 0..<columns where row < matrix.count {
      var best = row
      for candidate in row..<matrix.count where abs(matrix[candidate][column]) > abs(matrix[best][column]) {
        best = candidate
      }
      guard abs(matrix[best][column]) > 1e-9 else { continue }
      matrix.swapAt(row, best)
      let pivot = matrix[row][column]
      for index in 0..<columns { matrix[row][index] /= pivot }
      for other in 0..<matrix.count where other != row {
        let factor = matrix[other][column]
        if factor != 0 {
          for index in 0..<columns { matrix[other][index] -= factor * matrix[row][index] }
        }
      }
      pivotColumns.append(column)
      row += 1
    }
    guard let free = (0..<columns).first(where: { !pivotColumns.contains($0) }) else { return nil }
    var y = [Double](repeating: 0, count: columns)
    y[free] = 1
    for (pivotRow, column) in pivotColumns.enumerated() {
      y[column] = -matrix[pivotRow][free]
    }
    // Inequality multipliers must be non-negative; flip the whole vector if they are not.
    let inequalities = forms.indices.filter { !forms[$0].isEquality && abs(y[$0]) > 1e-9 }
    if let first = inequalities.first, y[first] < 0 { y = y.map { -$0 } }
    if inequalities.contains(where: { y[$0] < -1e-9 }) { return nil }
    var sum = 0.0
    for index in forms.indices { sum += y[index] * forms[index].constant }
    if inequalities.isEmpty, sum > 0 {
      y = y.map { -$0 }
      sum = -sum
    }
    return sum < -1e-9 ? y : nil
  }
}
