extension Tableau {
  // MARK: - Adding a constraint

  /// Adds a constraint that the façade has validated; on any error the tableau is rolled
  /// back. An `.unsatisfiable` error carries the raw (not yet minimal) explanation.
  mutating func add(_ constraint: Constraint, isEdit: Bool = false) throws(SolverError) {
    if nextSequence >= sequenceLimit && frames.isEmpty { renumberSequences() }
    beginTransaction()
    let record: ConstraintRecord
    do throws(SolverError) {
      record = try addBody(constraint, isEdit: isEdit)
    } catch {
      rollback()
      throw error
    }
    commit()
    let key = ObjectIdentifier(constraint)
    // Inside a probe, what the transaction does not cover is logged for the probe to undo.
    if recording {
      undoLog.append(.record(key, records[key]))
      undoLog.append(.sequence(nextSequence))
    }
    records[key] = record
    nextSequence += 1
    if !constraint.isRequired, let level = levelIndex(for: constraint.priority) {
      if recording { undoLog.append(.members(level: level, levels[level].members)) }
      levels[level].members += 1
    }
  }

  /// Numbers the constraints held 0, 1, 2… in their order of addition, and the next one after
  /// them: every order read from the records stays the same. Only outside any transaction (the
  /// undo log of a probe holds records and sequence numbers as they were).
  mutating func renumberSequences() {
    guard frames.isEmpty, !recording else { return }
    let ordered = records.sorted { $0.value.sequence < $1.value.sequence }
    for (position, entry) in ordered.enumerated() {
      records[entry.key] = entry.value.renumbered(position)
    }
    nextSequence = ordered.count
  }

  /// Step 1 of `add`: the constraint as a row, with its marker and error symbols (kiwi's
  /// `createRow`).
  ///
  /// If one of the constraint's variables is fresh (parametric and in no row), that
  /// variable becomes the subject at once and the row keeps its references to other
  /// variables unexpanded: a definition row. This keeps chains such as
  /// `left₂ = left₁ + width₁ + 8` at three cells instead of growing with the chain.
  /// Otherwise every basic variable is replaced by its expanded row, as in Cassowary.
  mutating func makeRow(
    for constraint: Constraint
  ) -> (row: Row, marker: SymbolID, other: SymbolID, fresh: SymbolID?) {
    var row = Row(constant: constraint.constant)
    valueScale = max(valueScale, abs(constraint.constant))
    // The terms, by symbol (ties in the order given), each symbol's coefficients summed in
    // that order with the same flushing rules as `combineCells`.
    var terms: [(symbol: SymbolID, order: Int, coefficient: Double)] = []
    terms.reserveCapacity(constraint.terms.count)
    for term in constraint.terms where term.coefficient != 0 {
      terms.append((symbol(for: term.variable), terms.count, term.coefficient))
    }
    terms.sort { $0.symbol != $1.symbol ? $0.symbol < $1.symbol : $0.order < $1.order }
    // The terms' cells and the marker (and the error of an optional constraint): every
    // relation adds one symbol when required and two when optional.
    row.cells.reserveCapacity(terms.count + (constraint.isRequired ? 1 : 2))
    var position = 0
    while position < terms.count {
      let symbol = terms[position].symbol
      var total: Double?
      while position < terms.count && terms[position].symbol == symbol {
        let value = terms[position].coefficient
        if let sum = total {
          let combined = Tolerance.coefficientSum(sum, value)
          total = combined == 0 ? nil : combined
        } else if abs(value) >= Tolerance.coefficient {
          total = value
        }
        position += 1
      }
      if let total { row.cells.append(Cell(symbol: symbol, coefficient: total)) }
    }
    var fresh: SymbolID?
    for cell in row.cells where kinds[Int(cell.symbol)] == .external {
      if rows[Int(cell.symbol)] == nil && !isInAnyRow(cell.symbol) {
        fresh = cell.symbol
        break
      }
    }
    if fresh == nil {
      // Room for the marker (and the error) appended below.
      row = expanded(row, room: constraint.isRequired ? 1 : 2)
    }
    var marker: SymbolID = -1
    var other: SymbolID = -1
    let required = constraint.isRequired
    let level = required ? -1 : ensureLevel(for: constraint.priority)
    // The new symbols have the largest ids, so appending keeps the cells sorted.
    switch constraint.relation {
    case .lessThanOrEqual, .greaterThanOrEqual:
      // `e >= 0` becomes `e - s = 0` (s ≥ 0); `e <= 0` becomes `e + s = 0`. An optional
      // inequality also gets an error that absorbs a violation: `e - s + err = 0`.
      let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
      marker = newSymbol(.slack, owner: constraint)
      row.cells.append(Cell(symbol: marker, coefficient: sign))
      if !required {
        other = newSymbol(.error, owner: constraint)
        row.cells.append(Cell(symbol: other, coefficient: -sign))
        addObjectiveCoefficient(level: level, symbol: other, 1)
      }
    case .equal:
      if required {
        // `e + d = 0` with the dummy d fixed at 0.
        marker = newSymbol(.dummy, owner: constraint)
        row.cells.append(Cell(symbol: marker, coefficient: 1))
      } else {
        // `e - e⁺ + e⁻ = 0`; the error is e⁺ + e⁻.
        marker = newSymbol(.error, owner: constraint)
        other = newSymbol(.error, owner: constraint)
        row.cells.append(Cell(symbol: marker, coefficient: -1))
        row.cells.append(Cell(symbol: other, coefficient: 1))
        addObjectiveCoefficient(level: level, symbol: marker, 1)
        addObjectiveCoefficient(level: level, symbol: other, 1)
      }
    }
    if row.constant < 0 && fresh == nil { row.negate() }
    return (row, marker, other, fresh)
  }

  /// Step 2 of `add`: the symbol the new row is solved for.
  ///
  /// Precedence: the external symbol with the smallest id; else the new marker if it is a
  /// slack or error with a negative coefficient; else the new error symbol under the same
  /// rule; else none (the artificial phase decides). The row's constant is ≥ 0 here, so a
  /// restricted subject with a negative coefficient starts out feasible.
  func chooseSubject(_ row: Row, marker: SymbolID, other: SymbolID) -> SymbolID? {
    for cell in row.cells where kinds[Int(cell.symbol)] == .external {
      return cell.symbol
    }
    let markerKind = kinds[Int(marker)]
    if markerKind == .slack || markerKind == .error, row.coefficient(of: marker) < 0 {
      return marker
    }
    if other >= 0, row.coefficient(of: other) < 0 {
      return other
    }
    return existingRestrictedSubject(row)
  }

  /// A parametric slack or error already in the tableau that can be solved for without
  /// making any restricted row infeasible, or nil.
  ///
  /// Solving `0 = c + a·x + …` (c ≥ 0) for x gives x the value `c / −a`, which must be ≥ 0
  /// (so `a < 0`, unless `c = 0`); substituting it moves the constant of every row that
  /// contains x by `b · c / −a`, which must leave every restricted row ≥ 0. When c = 0
  /// nothing moves (the current solution already satisfies the constraint), so any slack
  /// or error of the row qualifies. Such a subject replaces the artificial phase, which
  /// would make several pivots to reach a basis of the same kind.
  /// Among the candidates the one in the fewest rows wins (fewest substitutions), ties
  /// going to the smallest id.
  func existingRestrictedSubject(_ row: Row) -> SymbolID? {
    var best: SymbolID = -1
    var bestCount = Int32.max
    let constant = row.constant
    guard constant >= 0 else { return nil }
    for cell in row.cells {
      let index = Int(cell.symbol)
      let kind = kinds[index]
      guard kind == .slack || kind == .error else { continue }
      let coefficient = cell.coefficient
      guard coefficient < 0 || (constant == 0 && coefficient != 0) else { continue }
      let count = columnLive[index]
      guard count < bestCount else { continue }
      if constant != 0 {
        // The value the subject takes, computed as the substitution will compute it.
        let step = constant * (-1 / coefficient)
        var feasible = true
        for basic in columns[index] {
          let basicIndex = Int(basic)
          // Stale entries may name symbols a rollback dropped.
          guard basicIndex < rows.count, kinds[basicIndex].isRestricted, let other = rows[basicIndex]
          else { continue }
          let factor = other.coefficient(of: cell.symbol)
          guard factor < 0 else { continue }
          if Tolerance.sum(other.constant, factor * step) < 0 {
            feasible = false
            break
          }
        }
        guard feasible else { continue }
      }
      best = cell.symbol
      bestCount = count
    }
    return best >= 0 ? best : nil
  }

  mutating func addBody(_ constraint: Constraint, isEdit: Bool) throws(SolverError)
    -> ConstraintRecord
  {
    let (row, marker, other, fresh) = makeRow(for: constraint)
    if let fresh {
      // Nothing refers to a fresh variable, so nothing needs a substitution.
      insertRow(fresh, row.solved(for: fresh))
    } else if let subject = chooseSubject(row, marker: marker, other: other) {
      let expression = row.solved(for: subject)
      // An external subject only occurs in rows of other external symbols, which may keep
      // referring to it; a restricted subject is substituted everywhere.
      if kinds[Int(subject)] != .external {
        substituteEverywhere(subject, with: expression)
      }
      insertRow(subject, expression)
    } else if row.cells.allSatisfy({ kinds[Int($0.symbol)] == .dummy }) {
      // Only dummies are left: the constraint is a combination of required equalities.
      if abs(row.constant) > valueTolerance {
        // Every dummy is 0, so the row demands constant = 0: the constraint contradicts the
        // equalities whose dummies appear.
        var conflict: [Constraint] = []
        for cell in row.cells where cell.symbol != marker {
          if let owner = owners[Int(cell.symbol)] { conflict.append(owner) }
        }
        conflict.append(constraint)
        throw .unsatisfiable(conflict: conflict)
      }
      // Redundant: the marker becomes basic over the other dummies.
      if row.index(of: marker) != nil {
        var solved = row.solved(for: marker)
        solved.constant = 0
        insertRow(marker, solved)
      }
    } else {
      try addWithArtificialVariable(row, for: constraint)
    }
    try optimizeMain()
    return ConstraintRecord(sequence: nextSequence, marker: marker, other: other, isEdit: isEdit)
  }

  /// Step 3 of `add` when no subject exists: `art = row`, minimise `art`.
  ///
  /// If the minimum is positive the constraint cannot hold. The final objective row
  /// `art = k + Σ aⱼ·vⱼ` (k > 0, every aⱼ ≥ 0 for the symbols that can move, dummies fixed at
  /// 0) is a certificate: the required constraints whose markers appear, plus the new one,
  /// cannot hold together.
  mutating func addWithArtificialVariable(_ row: Row, for constraint: Constraint)
    throws(SolverError)
  {
    let artificial = newSymbol(.artificial)
    insertRow(artificial, row)
    var objective = AuxiliaryObjective()
    for cell in row.cells {
      objective.coefficients[cell.symbol] = cell.coefficient
      auxiliaryCandidates.insert(cell.symbol)
    }
    objective.constant = row.constant
    auxiliary = objective
    auxiliaryMode = .artificial
    if try optimizeAuxiliary() != nil {
      throw .numericalFailure("the artificial objective is unbounded")
    }
    let final = auxiliary ?? AuxiliaryObjective()
    auxiliary = nil
    if final.constant > valueTolerance * 10 {
      var symbols: [SymbolID] = []
      for (symbol, coefficient) in final.coefficients where abs(coefficient) > Tolerance.coefficient {
        symbols.append(symbol)
      }
      symbols.sort()
      var conflict: [Constraint] = []
      for symbol in symbols {
        if let owner = owners[Int(symbol)], owner.isRequired, owner !== constraint {
          conflict.append(owner)
        }
      }
      conflict.append(constraint)
      throw .unsatisfiable(conflict: conflict)
    }
    if var artificialRow = rows[Int(artificial)] {
      if artificialRow.cells.isEmpty {
        removeRow(artificial)
      } else {
        // The artificial symbol is basic at 0: exchange it for any other symbol of its row,
        // preferring a slack or error over a dummy.
        artificialRow.constant = 0
        replaceRow(artificial, artificialRow)
        var entering = artificialRow.cells[0].symbol
        for cell in artificialRow.cells where kinds[Int(cell.symbol)] != .dummy {
          entering = cell.symbol
          break
        }
        try pivot(entering: entering, leaving: artificial)
      }
    }
    // Now parametric at 0: erasing it everywhere enforces the new constraint.
    eraseColumn(artificial)
  }

  // MARK: - Removing a constraint

  mutating func remove(_ record: ConstraintRecord, of constraint: Constraint) throws(SolverError) {
    beginTransaction()
    do throws(SolverError) {
      try removeBody(record, of: constraint)
    } catch {
      rollback()
      throw error
    }
    commit()
    let key = ObjectIdentifier(constraint)
    if recording { undoLog.append(.record(key, records[key])) }
    records[key] = nil
    if !constraint.isRequired, let level = levelIndex(for: constraint.priority) {
      if recording { undoLog.append(.members(level: level, levels[level].members)) }
      levels[level].members -= 1
      // Inside a probe an empty level stays (its coefficients are all 0, so it decides
      // nothing): the log refers to the levels by position.
      if levels[level].members <= 0 && !recording {
        journalLevel(level)
        levels.remove(at: level)
      }
    }
  }

  mutating func removeBody(_ record: ConstraintRecord, of constraint: Constraint) throws(SolverError) {
    // 1. Take the error symbols out of the objective.
    if !constraint.isRequired, let level = levelIndex(for: constraint.priority) {
      var errors: [SymbolID] = []
      if constraint.relation == .equal { errors.append(record.marker) }
      if record.other >= 0 { errors.append(record.other) }
      for error in errors {
        if let row = rows[Int(error)] {
          addToLevel(level, row, factor: -1)
        } else {
          addObjectiveCoefficient(level: level, symbol: error, -1)
        }
      }
    }
    // 2. Make the marker basic and drop its row.
    let marker = record.marker
    if rows[Int(marker)] != nil {
      removeRow(marker)
    } else {
      while let leaving = markerLeavingRow(for: marker) {
        // A definition row is expanded first, so that the marker's new row (substituted
        // into other rows) refers to parametric symbols only and no reference cycle can
        // form. Expanding can cancel the marker, so the choice is made again.
        if kinds[Int(leaving)] == .external, let row = rows[Int(leaving)],
          hasDefinitionReferences(row)
        {
          replaceRow(leaving, expanded(row))
          continue
        }
        try pivot(entering: marker, leaving: leaving)
        removeRow(marker)
        break
      }
    }
    eraseColumn(marker)
    // 3. The other error symbol no longer takes part in any constraint.
    if record.other >= 0 {
      if rows[Int(record.other)] != nil {
        removeRow(record.other)
      }
      eraseColumn(record.other)
    }
    // 4. Re-optimise: removing error terms can make reduced costs negative.
    try optimizeMain()
  }

  /// The row to exchange with a parametric marker that is being removed.
  ///
  /// Precedence: (1) a dummy row (keeps dummy rows free of other symbols); (2) a restricted
  /// row with a negative coefficient, least ratio; (3) a restricted row with a positive
  /// coefficient, least ratio; (4) an external row. Ties go to the smallest id. Classes 2
  /// and 3 keep every other restricted row feasible.
  mutating func markerLeavingRow(for marker: SymbolID) -> SymbolID? {
    var dummyRow: SymbolID = -1
    var negative: SymbolID = -1
    var negativeRatio = Double.infinity
    var positive: SymbolID = -1
    var positiveRatio = Double.infinity
    var external: SymbolID = -1
    for basic in liveColumn(marker) {
      guard let row = rows[Int(basic)] else { continue }
      let coefficient = row.coefficient(of: marker)
      if coefficient == 0 { continue }
      switch kinds[Int(basic)] {
      case .dummy:
        if dummyRow < 0 || basic < dummyRow { dummyRow = basic }
      case .external:
        if external < 0 || basic < external { external = basic }
      case .slack, .error, .artificial:
        if coefficient < 0 {
          let ratio = max(row.constant, 0) / -coefficient
          if ratio < negativeRatio || (ratio == negativeRatio && basic < negative) {
            negative = basic
            negativeRatio = ratio
          }
        } else {
          let ratio = max(row.constant, 0) / coefficient
          if ratio < positiveRatio || (ratio == positiveRatio && basic < positive) {
            positive = basic
            positiveRatio = ratio
          }
        }
      }
    }
    for candidate in [dummyRow, negative, positive, external] where candidate >= 0 {
      return candidate
    }
    return nil
  }

  // MARK: - Edit variables

  mutating func addEdit(_ variable: Variable, priority: Double) throws(SolverError) {
    let current = existingSymbol(for: variable).map { currentValue(of: $0) } ?? 0
    let constraint = Constraint(
      Expression(variable), .equal, Expression(current), priority: priority)
    try add(constraint, isEdit: true)
    edits[ObjectIdentifier(variable)] = EditRecord(constraint: constraint, constant: current)
  }

  mutating func removeEdit(_ variable: Variable) throws(SolverError) {
    let key = ObjectIdentifier(variable)
    guard let edit = edits[key], let record = records[ObjectIdentifier(edit.constraint)] else {
      throw .unknownEditVariable(variable)
    }
    try remove(record, of: edit.constraint)
    edits[key] = nil
  }

  /// Moves the target of an edit and re-optimises with the dual simplex.
  ///
  /// The edit is `v − k = e⁺ − e⁻`. Moving k by δ is the same as renaming e⁺ to e⁺ + δ, so
  /// only constants change: the row of e⁺ if it is basic, else every row (and objective
  /// level) that contains e⁺, found through the column index.
  /// Adds `coefficient of marker · delta` to the constant of every row that contains `marker`.
  mutating func shiftConstants(ofRowsContaining marker: SymbolID, by delta: Double) {
    for basic in liveColumn(marker) {
      guard var row = rows[Int(basic)] else { continue }
      let coefficient = row.coefficient(of: marker)
      logRow(basic, row)
      row.constant = Tolerance.sum(row.constant, coefficient * delta)
      advanceEpoch()
      rows[Int(basic)] = row
      if row.constant < -valueTolerance && kinds[Int(basic)].isRestricted {
        infeasible.insert(basic)
      }
    }
  }

  mutating func suggest(_ value: Double, for variable: Variable) throws(SolverError) {
    let key = ObjectIdentifier(variable)
    guard var edit = edits[key], let record = records[ObjectIdentifier(edit.constraint)] else {
      throw .unknownEditVariable(variable)
    }
    let delta = value - edit.constant
    if delta == 0 { return }
    beginTransaction()
    valueScale = max(valueScale, abs(value))
    let marker = record.marker
    let level = levelIndex(for: edit.constraint.priority)
    if var row = rows[Int(marker)] {
      row.constant = Tolerance.sum(row.constant, -delta)
      replaceRow(marker, row)
      if row.constant < -valueTolerance { infeasible.insert(marker) }
      if let level { addLevelConstant(level: level, -delta) }
      // Deferred rows of external symbols may still refer to the basic marker (see
      // `defersExternalRows`); the renaming shifts them as it shifts parametric references.
      shiftConstants(ofRowsContaining: marker, by: delta)
    } else {
      shiftConstants(ofRowsContaining: marker, by: delta)
      // The objective is the sum of the new errors: e⁺ (new) = e⁺ (old) − δ, so the edit's
      // own level loses δ besides the shift of its parametric e⁺.
      for index in levels.indices {
        var coefficient = levels[index].coefficient(of: marker)
        if index == level { coefficient -= 1 }
        if coefficient != 0 { addLevelConstant(level: index, coefficient * delta) }
      }
    }
    do throws(SolverError) {
      defersExternalRows = true
      try dualOptimize()
      defersExternalRows = false
    } catch {
      rollback()
      throw error
    }
    commit()
    edit.constant = value
    edits[key] = edit
  }
}

