extension Solver {
  /// Checks every invariant of the tableau and of the solution; returns one line per
  /// violation (empty when all is well). Costs time linear in the size of the tableau.
  ///
  /// Checked: rows are sorted, sparse and over parametric symbols; the column index matches
  /// the rows; restricted rows are feasible and free of external symbols; dummy rows hold
  /// only dummies; the objective holds no basic or external symbol, is lexicographically
  /// optimal, and its constants equal the errors of the current solution; every constraint
  /// holds as its markers say (required ones within tolerance); no operation is pending.
  public func checkInvariants() -> [String] {
    var problems: [String] = []
    let t = tableau
    let tolerance = t.valueTolerance * 1000
    let count = t.kinds.count
    guard t.rows.count == count, t.columns.count == count, t.owners.count == count,
      t.externalSlots.count == count
    else { return ["symbol arrays have different lengths"] }
    // The external symbols' slots number them in order of creation, and index every array
    // kept for them alone.
    var externals = 0
    for index in 0..<count {
      let expected = t.kinds[index] == .external ? Int32(externals) : -1
      if t.externalSlots[index] != expected { return ["external slot of symbol \(index) is \(t.externalSlots[index])"] }
      if t.kinds[index] == .external { externals += 1 }
    }
    guard t.variables.count == externals, t.cachedValues.count == externals, t.cachedEpochs.count == externals
    else { return ["external symbol arrays have different lengths"] }
    var expectedColumns = [Set<SymbolID>](repeating: [], count: count)
    var rowCount = 0
    for (index, row) in t.rows.enumerated() {
      guard let row else { continue }
      rowCount += 1
      let basic = SymbolID(index)
      let name = symbolName(basic)
      var previous: SymbolID = -1
      for cell in row.cells {
        if cell.symbol <= previous { problems.append("row \(name) is not sorted") }
        previous = cell.symbol
        if cell.symbol < 0 || Int(cell.symbol) >= count {
          problems.append("row \(name) holds unknown symbol \(cell.symbol)")
          continue
        }
        if cell.coefficient == 0 || !cell.coefficient.isFinite {
          problems.append("row \(name) holds coefficient \(cell.coefficient)")
        }
        // Rows of external symbols may refer to basic symbols: other external rows
        // (definitions) and, after edits, slacks and errors (deferred rows).
        if t.rows[Int(cell.symbol)] != nil && t.kinds[index] != .external {
          problems.append("row \(name) holds basic symbol \(symbolName(cell.symbol))")
        }
        expectedColumns[Int(cell.symbol)].insert(basic)
        let kind = t.kinds[Int(cell.symbol)]
        if t.kinds[index].isRestricted && kind == .external {
          problems.append("restricted row \(name) holds external \(symbolName(cell.symbol))")
        }
        if t.kinds[index] == .dummy && kind != .dummy {
          problems.append("dummy row \(name) holds \(symbolName(cell.symbol))")
        }
        if kind == .artificial { problems.append("row \(name) holds an artificial symbol") }
      }
      if !row.constant.isFinite { problems.append("row \(name) has constant \(row.constant)") }
      if t.kinds[index].isRestricted && row.constant < -tolerance {
        problems.append("row \(name) is infeasible: \(row.constant)")
      }
      if t.kinds[index] == .dummy && abs(row.constant) > tolerance {
        problems.append("dummy row \(name) has constant \(row.constant)")
      }
      if t.kinds[index] == .artificial { problems.append("artificial row \(name) left") }
    }
    // Definition rows refer to older external rows only: no cycles (iterative DFS).
    var state = [UInt8](repeating: 0, count: count)  // 0 new, 1 on the path, 2 done
    for start in 0..<count where t.kinds[start] == .external && t.rows[start] != nil && state[start] == 0 {
      var stack: [(symbol: Int, next: Int)] = [(start, 0)]
      state[start] = 1
      while let top = stack.last {
        let cells = t.rows[top.symbol]?.cells ?? []
        if top.next >= cells.count {
          state[top.symbol] = 2
          stack.removeLast()
          continue
        }
        stack[stack.count - 1].next += 1
        let reference = Int(cells[top.next].symbol)
        guard t.kinds[reference] == .external, t.rows[reference] != nil else { continue }
        if state[reference] == 1 {
          problems.append("definition rows form a cycle through \(symbolName(SymbolID(reference)))")
          return problems
        }
        if state[reference] == 0 {
          state[reference] = 1
          stack.append((reference, 0))
        }
      }
    }
    if rowCount != t.rowCount { problems.append("row count \(t.rowCount), actual \(rowCount)") }
    for index in 0..<count {
      var stored = Set<SymbolID>()
      for basic in t.columns[index] where Int(basic) < count {
        if let row = t.rows[Int(basic)], row.index(of: SymbolID(index)) != nil { stored.insert(basic) }
      }
      if stored != expectedColumns[index] || Int(t.columnLive[index]) != expectedColumns[index].count {
        problems.append("column index of \(symbolName(SymbolID(index))) is wrong")
      }
    }
    // Objective.
    for (position, level) in t.levels.enumerated() {
      if position > 0 && t.levels[position - 1].priority <= level.priority {
        problems.append("levels are not sorted by priority")
      }
      if level.members <= 0 { problems.append("level @\(level.priority) has no members") }
      for cell in level.nonzeroCells {
        let symbol = cell.symbol
        let coefficient = cell.coefficient
        if Int(symbol) >= count {
          problems.append("objective @\(level.priority) holds unknown symbol \(symbol)")
          continue
        }
        if t.rows[Int(symbol)] != nil {
          problems.append("objective @\(level.priority) holds basic \(symbolName(symbol))")
        }
        if t.kinds[Int(symbol)] == .external {
          problems.append("objective @\(level.priority) holds external \(symbolName(symbol))")
        }
        if coefficient == 0 || !coefficient.isFinite {
          problems.append("objective @\(level.priority) holds coefficient \(coefficient)")
        }
      }
    }
    for index in 0..<count where t.rows[index] == nil {
      let kind = t.kinds[index]
      if (kind == .slack || kind == .error) && t.isLexicographicallyNegative(SymbolID(index)) {
        problems.append("not optimal: \(symbolName(SymbolID(index))) can improve the objective")
      }
    }
    // The solution: every constraint as its markers encode it, and the level errors.
    var levelErrors = [Double](repeating: 0, count: t.levels.count)
    for (key, record) in t.records {
      guard let constraint = t.constraint(of: record), ObjectIdentifier(constraint) == key else {
        problems.append("constraint #\(record.sequence) is not the owner of its marker")
        continue
      }
      var total = constraint.evaluate { self.value(of: $0) }
      if record.isEdit, let variable = constraint.terms.first?.variable,
        let edit = t.edits[ObjectIdentifier(variable)]
      {
        // The edit's constraint object keeps its first target; the tableau has moved on.
        total -= edit.constant + constraint.constant
      }
      let marker = t.value(ofSymbol: record.marker)
      let other = record.other >= 0 ? t.value(ofSymbol: record.other) : 0
      let scale = max(1, abs(total)) * tolerance
      var residual = 0.0
      switch (constraint.relation, constraint.isRequired) {
      case (.equal, true): residual = total + marker
      case (.equal, false): residual = total - marker + other
      case (.greaterThanOrEqual, _): residual = total - marker + other
      case (.lessThanOrEqual, _): residual = total + marker - other
      }
      if abs(residual) > scale {
        problems.append("constraint #\(record.sequence) \(constraint) does not match its markers")
      }
      if constraint.isRequired {
        let violated: Bool
        switch constraint.relation {
        case .equal: violated = abs(total) > scale
        case .lessThanOrEqual: violated = total > scale
        case .greaterThanOrEqual: violated = total < -scale
        }
        if violated {
          problems.append("required constraint #\(record.sequence) \(constraint) is violated: \(total)")
        }
        if constraint.relation == .equal && abs(marker) > scale {
          problems.append("dummy of #\(record.sequence) is \(marker)")
        }
      } else if let level = t.levelIndex(for: constraint.priority) {
        levelErrors[level] += constraint.relation == .equal ? marker + other : other
      } else {
        problems.append("constraint #\(record.sequence) has no objective level")
      }
      for symbol in [record.marker, record.other] where symbol >= 0 {
        if t.kinds[Int(symbol)].isRestricted && t.value(ofSymbol: symbol) < -tolerance {
          problems.append("symbol \(symbolName(symbol)) is negative")
        }
      }
    }
    for (index, level) in t.levels.enumerated() {
      let scale = max(1, abs(level.constant)) * tolerance
      if abs(levelErrors[index] - level.constant) > scale {
        problems.append(
          "objective @\(level.priority) is \(level.constant) but the errors sum to \(levelErrors[index])")
      }
    }
    if t.recording || !t.undoLog.isEmpty || !t.frames.isEmpty { problems.append("an operation is still open") }
    if !t.infeasible.isEmpty || !t.candidates.isEmpty || t.auxiliary != nil {
      problems.append("queues are not empty")
    }
    return problems
  }
}
