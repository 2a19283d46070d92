/// What the structure of the optimal tableau says about one variable.
enum StructuralAnswer {
  /// Every symbol the variable depends on is fixed on the optimal face.
  case determined
  /// The variable moves with a free external symbol (itself, if it is parametric): it is
  /// unbounded in both directions. `coefficient` is the variable's rate of change along it.
  case unbounded(direction: SymbolID, coefficient: Double)
  /// The variable depends on a restricted symbol with zero reduced costs; the face may or
  /// may not let it move (degeneracy), so a ratio test or an LP decides. `row` is the
  /// variable's expanded row.
  case candidate(row: Row)
}

/// The extreme value of a variable over the optimal face, and the solution that attains it.
struct FaceExtreme {
  /// The extreme value; `nil` when unbounded.
  var value: Double?
  /// The external symbols whose values differ at that solution, with their new values.
  var changes: [SymbolID: Double]
}

extension Tableau {
  /// Whether a parametric symbol cannot move without leaving the optimal face: a dummy, or
  /// a restricted symbol with a nonzero (so lexicographically positive) reduced-cost vector.
  func isFixedOnFace(_ symbol: SymbolID) -> Bool {
    switch kinds[Int(symbol)] {
    case .dummy, .artificial: return true
    case .external: return false
    case .slack, .error: return !hasZeroReducedCosts(symbol)
    }
  }

  /// `isFixedOnFace`, remembered for the rest of one query: the same parametric symbols
  /// appear in many rows, and their reduced costs do not change during a query.
  func isFixedOnFace(_ symbol: SymbolID, cache: inout StructuralCache) -> Bool {
    if let known = cache.fixedOnFace(symbol) { return known }
    let fixed = isFixedOnFace(symbol)
    cache.setFixedOnFace(symbol, fixed)
    return fixed
  }

  /// The cheap test of ambiguity (solver.md §4.2), run on the variable's row.
  ///
  /// If the row and, through definition rows, everything it refers to, depend only on fixed
  /// symbols, the variable is determined; this is decided without expanding any row, with
  /// a per-call cache. Otherwise the expanded row is classified: free external symbols move
  /// both ways without limit; restricted symbols with zero reduced costs make it a
  /// candidate for the ratio test or the LPs.
  mutating func structuralAnswer(for symbol: SymbolID, cache: inout StructuralCache)
    -> StructuralAnswer
  {
    // Most variables were settled on the way to an earlier one.
    if cache[symbol] == true { return .determined }
    guard let row = rows[Int(symbol)] else {
      return .unbounded(direction: symbol, coefficient: 1)
    }
    // A view's position along a chain of definition rows: the one free symbol its expansion
    // keeps, told by the chain (walked once for all the views along it) without expanding.
    if let sole = soleExternal(of: row) {
      return .unbounded(direction: sole.symbol, coefficient: sole.coefficient)
    }
    if dependsOnFixedSymbolsOnly(symbol, cache: &cache) { return .determined }
    let full = expanded(row)
    var candidate = false
    for cell in full.cells {
      switch kinds[Int(cell.symbol)] {
      case .external:
        return .unbounded(direction: cell.symbol, coefficient: cell.coefficient)
      case .dummy, .artificial:
        continue
      case .slack, .error:
        if !candidate && hasZeroReducedCosts(cell.symbol) { candidate = true }
      }
    }
    return candidate ? .candidate(row: full) : .determined
  }

  /// Whether a basic external symbol depends, through definition rows, on fixed parametric
  /// symbols only. Iterative, so long chains cannot overflow the stack.
  func dependsOnFixedSymbolsOnly(_ symbol: SymbolID, cache: inout StructuralCache) -> Bool {
    if let known = cache[symbol] { return known }
    let finished = walkDefinitions(from: symbol, cache: &cache, isSettled: { top, cache in cache[top] != nil }) {
      top, stack, cache in
      guard let row = rows[Int(top)] else {
        cache[top] = false
        return .settled
      }
      var pending = false
      var fixed = true
      for cell in row.cells {
        let kind = kinds[Int(cell.symbol)]
        if kind == .external {
          if rows[Int(cell.symbol)] == nil {
            fixed = false
            break
          }
          if let known = cache[cell.symbol] {
            if !known {
              fixed = false
              break
            }
          } else {
            pending = true
            stack.append(cell.symbol)
          }
        } else if !isFixedOnFace(cell.symbol, cache: &cache) {
          fixed = false
          break
        }
      }
      if !fixed {
        cache[top] = false
        return .settled
      }
      if pending { return .waiting }
      cache[top] = true
      return .settled
    }
    guard finished else { return false }
    return cache[symbol] ?? false
  }

  /// What `walkDefinitions`'s visit did with the symbol on top of the stack.
  enum DefinitionWalkStep {
    /// It pushed the symbols it waits for; it is visited again after them.
    case waiting
    /// Its answer is known (stored in the cache): it is popped.
    case settled
    /// The walk ends without an answer.
    case stop
  }

  /// Walks the definition rows reachable from `symbol` depth first, each symbol after those it
  /// pushed (`visit`), with the cache's scratch stack (taken so that a query allocates it
  /// once): a symbol on top that `isSettled` says is known is popped without a visit. False
  /// when a visit says stop or the walk takes more steps than a budget proportional to the
  /// tableau (the rows hold no cycle, so only a broken tableau reaches it). Iterative, so long
  /// chains cannot overflow the stack.
  func walkDefinitions(
    from symbol: SymbolID, cache: inout StructuralCache,
    isSettled: (SymbolID, inout StructuralCache) -> Bool,
    visit: (SymbolID, inout [SymbolID], inout StructuralCache) -> DefinitionWalkStep
  ) -> Bool {
    var stack = cache.takeStack()
    defer { cache.returnStack(stack) }
    stack.append(symbol)
    var budget = 4 * kinds.count + 16
    while let top = stack.last {
      budget -= 1
      if budget < 0 { return false }
      if isSettled(top, &cache) {
        stack.removeLast()
        continue
      }
      switch visit(top, &stack, &cache) {
      case .waiting: continue
      case .settled: stack.removeLast()
      case .stop: return false
      }
    }
    return true
  }

  /// Whether one free restricted symbol of the (expanded) row can increase by a positive
  /// step without making any restricted row negative. Such a step keeps every objective
  /// level at its optimum and changes the variable, so it proves ambiguity without an LP.
  mutating func hasNondegenerateFreeStep(in row: Row) -> Bool {
    for cell in row.cells where hasNondegenerateFreeStep(cell) { return true }
    return false
  }

  /// The test of `hasNondegenerateFreeStep(in:)` for one cell of an expanded row: its symbol
  /// is a restricted symbol with zero reduced costs that can increase by a step that moves
  /// the row by more than the tolerance.
  mutating func hasNondegenerateFreeStep(_ cell: Cell) -> Bool {
    let kind = kinds[Int(cell.symbol)]
    guard kind == .slack || kind == .error, hasZeroReducedCosts(cell.symbol) else { return false }
    // The least ratio of the rows that block it (the same arithmetic as the loop over its
    // column that was here: `max(constant, 0) / -coefficient`, the least of them).
    let step = blockingRatio(of: cell.symbol).ratio
    return step * abs(cell.coefficient) > valueTolerance * 100
  }

  /// The symbol of the last cell (highest id) of an expanded row that passes
  /// `hasNondegenerateFreeStep(_:)`, if any: `hasNondegenerateFreeStep(in:)` is true exactly
  /// when there is one.
  mutating func lastNondegenerateFreeStep(in row: Row) -> SymbolID? {
    for cell in row.cells.reversed() where hasNondegenerateFreeStep(cell) { return cell.symbol }
    return nil
  }

  /// Whether the bulk test's answer for a basic external symbol is "ambiguous", told without
  /// expanding its row: the expansion keeps `cache.stepTarget`, a restricted symbol whose free
  /// step moves it (`hasNondegenerateFreeStep(_:)`), with a coefficient the definition rows
  /// give exactly (`stepTargetCoefficient`). Then the structural test cannot say determined
  /// (the target is not fixed on the face and is reached), and its expansion either keeps a
  /// free external symbol (unbounded) or is a candidate whose ratio test passes on the
  /// target's cell: ambiguous either way, as the bulk test says after expanding.
  ///
  /// A row of labels: the x of label i expands to the slacks of every label after it (the
  /// first label's width holds the spare room, over every other label's slack, and the widths
  /// of the labels before i cancel theirs), which made the bulk test quadratic; the last
  /// label's slack is reached from every x along one path of unit coefficients.
  mutating func hasFreeStepWitness(_ symbol: SymbolID, cache: inout StructuralCache) -> Bool {
    let target = cache.stepTarget
    guard target >= 0, rows[Int(symbol)] != nil,
      let coefficient = stepTargetCoefficient(symbol, cache: &cache)
    else { return false }
    return hasNondegenerateFreeStep(Cell(symbol: target, coefficient: coefficient))
  }

  /// The coefficient `expanded` gives `cache.stepTarget` in the expansion of a basic external
  /// symbol's row, when the definition rows tell it exactly: the target is reached along
  /// exactly one path of references (counting every path through the rows `expanded`
  /// substitutes), every reference on it has coefficient 1 or -1, and the row holding the
  /// target gives it a coefficient of at least `Tolerance.coefficient`. Along a single path
  /// each symbol receives one contribution, a product by 1 or -1, which is exact: nothing is
  /// summed, so nothing cancels (`definitionWitness` makes the same argument for free
  /// external symbols). `nil` when they do not tell. Remembered for the rest of the query,
  /// per target; iterative, so long chains cannot overflow the stack.
  mutating func stepTargetCoefficient(_ symbol: SymbolID, cache: inout StructuralCache) -> Double? {
    let target = cache.stepTarget
    if let known = cache.targetPaths(symbol) { return known.coefficient }
    let finished = walkDefinitions(from: symbol, cache: &cache, isSettled: { top, cache in cache.targetPaths(top) != nil }) {
      top, stack, cache in
      guard let row = rows[Int(top)] else { return .stop }
      var pending = false
      for cell in row.cells {
        let index = Int(cell.symbol)
        if kinds[index] == .external, rows[index] != nil, cache.targetPaths(cell.symbol) == nil {
          stack.append(cell.symbol)
          pending = true
        }
      }
      if pending { return .waiting }
      var paths = 0
      var found: Double?
      for cell in row.cells {
        if cell.symbol == target {
          paths += 1
          found = abs(cell.coefficient) >= Tolerance.coefficient ? cell.coefficient : nil
        } else if kinds[Int(cell.symbol)] == .external, rows[Int(cell.symbol)] != nil,
          let below = cache.targetPaths(cell.symbol)
        {
          guard below.paths > 0 else { continue }
          paths += below.paths
          let unit = cell.coefficient == 1 || cell.coefficient == -1
          found = unit ? below.coefficient.map { cell.coefficient * $0 } : nil
        }
        if paths > 1 { break }
      }
      cache.setTargetPaths(top, paths: min(paths, 2), coefficient: paths == 1 ? found : nil)
      return .settled
    }
    guard finished else { return nil }
    return cache.targetPaths(symbol)?.coefficient
  }

  /// The basic external symbols whose values can depend on the given symbols: the seeds
  /// themselves and, through the column index, every external row that refers to them,
  /// transitively.
  ///
  /// The visited set is a round of the expansion's marks (no expansion runs meanwhile):
  /// a hashed set cost more than the walk itself.
  ///
  /// With `reach`, a row is not followed when nothing listed can depend on it (one the
  /// mask does not depend on, numbered above `extraTopology`): the walk then finds every affected symbol that is
  /// listed, or that a listed one depends on, and no other.
  mutating func affectedExternals(from seeds: [SymbolID], reach: ListingReach? = nil, extraTopology: Int32 = -1)
    -> [SymbolID]
  {
    let round = nextExpansionRound()
    var queue = seeds
    var result: [SymbolID] = []
    var position = 0
    // Read once: the loop then indexes local arrays.
    let reachesMask = reach?.reachesMask ?? []
    let topology = reach?.topology ?? []
    let known = reach == nil ? 0 : min(reachesMask.count, topology.count)
    while position < queue.count {
      let symbol = queue[position]
      position += 1
      let index = Int(symbol)
      guard index >= 0, index < expansionMarks.count, expansionMarks[index] != round else { continue }
      expansionMarks[index] = round
      alternativeSymbolsRead &+= 1
      if kinds[index] == .external { result.append(symbol) }
      if reach != nil {
        for basic in liveColumn(symbol) where kinds[Int(basic)] == .external {
          // Not followed: a row the mask does not depend on, after every row of the listing's own.
          let other = Int(basic)
          if other < known && !reachesMask[other] && topology[other] > extraTopology { continue }
          queue.append(basic)
        }
      } else {
        for basic in liveColumn(symbol) where kinds[Int(basic)] == .external {
          queue.append(basic)
        }
      }
    }
    return result.sorted()
  }

  /// What the rows of external symbols say about a listing, worked out once for the epoch
  /// the current transaction began at (the same for every alternative of a bulk pass, which
  /// rolls each back): valid as long as the references between rows of external symbols
  /// are those of that epoch, which an alternative's changes keep (they move constants, and
  /// pivot restricted symbols only, whose rows hold no external symbol).
  mutating func listingReach(for listing: AlternativeListing) -> ListingReach? {
    guard let restored = frames.last?.epoch else { return nil }
    if let known = reachCache, known.token === listing.token, known.epoch == restored, known.count == kinds.count {
      return known.prunes ? known : nil
    }
    let count = kinds.count
    // A topological order of the rows of external symbols: every reference goes to a lower
    // number (depth first, iteratively; the references form no cycle, and the budget only
    // guards against a broken invariant).
    var topology = [Int32](repeating: -1, count: count)
    var order: [SymbolID] = []
    var stack: [(symbol: SymbolID, expanded: Bool)] = []
    var budget = 4 * (count + cellBudgetForReach()) + 64
    for start in 0..<count where kinds[start] == .external && rows[start] != nil && topology[start] < 0 {
      stack.append((SymbolID(truncatingIfNeeded: start), false))
      while let (symbol, expanded) = stack.popLast() {
        budget -= 1
        if budget < 0 { return nil }
        let index = Int(symbol)
        if expanded {
          if topology[index] < 0 {
            topology[index] = Int32(order.count)
            order.append(symbol)
          }
          continue
        }
        // -2: on the stack, waiting for what its row refers to.
        if topology[index] != -1 { continue }
        topology[index] = -2
        stack.append((symbol, true))
        guard let row = rows[index] else { continue }
        for cell in row.cells where kinds[Int(cell.symbol)] == .external && rows[Int(cell.symbol)] != nil {
          let other = Int(cell.symbol)
          if topology[other] == -2 { return nil }
          if topology[other] == -1 { stack.append((cell.symbol, false)) }
        }
      }
    }
    // Whether a listed symbol depends on each row: its own, or that of a row referring to it
    // (rows in decreasing order, so every row that refers to one comes before it).
    var reaches = [Bool](repeating: false, count: count)
    for index in 0..<min(count, listing.mask.count) where listing.mask[index] { reaches[index] = true }
    for symbol in order.reversed() where reaches[Int(symbol)] {
      guard let row = rows[Int(symbol)] else { continue }
      for cell in row.cells where kinds[Int(cell.symbol)] == .external { reaches[Int(cell.symbol)] = true }
    }
    // When the mask depends on every row (a row of labels, whose first width holds every
    // other label's slack), only the listing's own symbols could prune the walk, and only
    // the rows after all of theirs.
    let prunes = order.contains { !reaches[Int($0)] }
    let reach = ListingReach(
      token: listing.token, epoch: restored, count: count, topology: topology, reachesMask: reaches, prunes: prunes)
    reachCache = reach
    return prunes ? reach : nil
  }

  /// The cells of the rows of external symbols, for the walk's budget.
  func cellBudgetForReach() -> Int {
    var cells = 0
    for index in rows.indices where kinds[index] == .external {
      cells += rows[index]?.cells.count ?? 0
    }
    return cells
  }

  /// The highest topological number among the rows of a listing's own symbols (-1 if none):
  /// a row with a higher number cannot be one they depend on.
  func extraTopology(of listing: AlternativeListing, reach: ListingReach) -> Int32 {
    var highest: Int32 = -1
    for symbol in listing.extra where Int(symbol) < reach.count {
      highest = max(highest, reach.topology[Int(symbol)])
    }
    return highest
  }

  /// Moves the parametric symbol `direction` by `step` inside the current transaction (the
  /// same renaming as in `suggest`: only constants change) and returns the seeds to
  /// re-evaluate.
  mutating func shift(_ direction: SymbolID, by step: Double) -> [SymbolID] {
    var seeds: [SymbolID] = [direction]
    for basic in liveColumn(direction) {
      guard var row = rows[Int(basic)] else { continue }
      logRow(basic, row)
      row.constant += row.coefficient(of: direction) * step
      advanceEpoch()
      rows[Int(basic)] = row
      seeds.append(basic)
    }
    return seeds
  }

  /// The values of the external symbols that differ between the current (changed) state
  /// and the state `rollback()` restores; performs the rollback.
  ///
  /// With a `listing`, only the symbols it lists are reported, and only they and the affected
  /// symbols before the last of them are evaluated (the walk still finds every affected
  /// symbol).
  mutating func changesAndRollback(seeds: [SymbolID], moved: SymbolID?, step: Double, listing: AlternativeListing? = nil)
    -> [SymbolID: Double]
  {
    var allSeeds = seeds
    for entry in currentLog {
      if case .row(let basic, _) = entry { allSeeds.append(basic) }
    }
    // With a listing, rows on which nothing listed depends are not followed: the listed
    // affected symbols, and every affected one they depend on (all the evaluation reads),
    // are found all the same.
    let reach = listing.flatMap { listingReach(for: $0) }
    var affected = affectedExternals(
      from: allSeeds, reach: reach,
      extraTopology: reach.flatMap { reach in listing.map { extraTopology(of: $0, reach: reach) } } ?? -1)
    let reached = expansionRound
    // With a listing, the symbols evaluated are the listed ones and the others before the
    // last of them, in id order: along a chain of definitions each then takes one step from
    // the one before it, where a listed symbol evaluated alone walks the chain back with a
    // stack. (Values are a function of the rows, cached or not: the same values either way.)
    var evaluated = affected
    if let listing {
      affected.removeAll { !listing.contains($0) }
      let last = affected.last ?? -1
      evaluated.removeAll { $0 > last }
    }
    // The symbols the walk did not reach keep their values: their rows did not change and
    // refer to nothing that did. Those the affected rows refer to and whose values were
    // read before the transaction (the epoch it restores) are valid now too, so evaluating
    // the affected rows stops at them instead of walking every chain of definitions back to
    // its start (the same values, read instead of evaluated again with the same arithmetic).
    let restored = frames.last?.epoch
    // Rows that refer to no basic symbol have their constants for values, and nothing to
    // promote: told without reading their cells (the row that shares the spare room of a row
    // of N labels holds a cell for every label, and every label's alternative moves it).
    let free = referenceFreeRows()
    func isReferenceFree(_ symbol: SymbolID) -> Bool {
      guard let free, Int(symbol) < free.count else { return false }
      return free[Int(symbol)]
    }
    var promoted: [SymbolID] = []
    for symbol in evaluated where restored != nil {
      if isReferenceFree(symbol) { continue }
      guard let row = rows[Int(symbol)] else { continue }
      alternativeSymbolsRead &+= UInt64(row.cells.count)
      for cell in row.cells {
        let index = Int(cell.symbol)
        let slot = Int(externalSlots[index])
        guard slot >= 0, rows[index] != nil, expansionMarks[index] != reached, cachedEpochs[slot] == restored
        else { continue }
        cachedEpochs[slot] = epoch
        promoted.append(cell.symbol)
      }
    }
    alternativeSymbolsRead &+= UInt64(evaluated.count)
    var after: [Double] = []
    after.reserveCapacity(affected.count)
    var next = 0
    for symbol in evaluated {
      // A moved parametric external is 0 in the tableau; its new value is the step.
      let value: Double
      if symbol == moved {
        value = step
      } else if isReferenceFree(symbol) {
        value = referenceFreeValue(of: symbol)
      } else {
        value = currentValue(of: symbol)
      }
      if next < affected.count && affected[next] == symbol {
        after.append(value)
        next += 1
      }
    }
    rollback()
    // Back to the epoch their values were read in.
    if let restored {
      for symbol in promoted where Int(symbol) < externalSlots.count {
        let slot = Int(externalSlots[Int(symbol)])
        if slot >= 0 && slot < cachedEpochs.count { cachedEpochs[slot] = restored }
      }
    }
    var changes: [SymbolID: Double] = [:]
    for (index, symbol) in affected.enumerated() {
      // The rows are those the transaction began with, which `free` describes (the value the
      // transaction evaluated took the symbol's cache).
      let before = isReferenceFree(symbol) ? referenceFreeValue(of: symbol) : currentValue(of: symbol)
      if abs(after[index] - before) > valueTolerance * 10 { changes[symbol] = after[index] }
    }
    return changes
  }

  /// By symbol id, whether the row of a basic external symbol holds no cell of a basic symbol
  /// (`nil` outside a transaction, or while rows are deferred or held back by an edit in a
  /// probe, whose pending rows may refer to a restricted symbol an alternative's pivot makes
  /// parametric): worked out once for the epoch the current transaction began at, like
  /// `listingReach`, and valid through it. An alternative's
  /// transaction moves constants and pivots restricted symbols only: a pivot substitutes the
  /// entering symbol out of every row and brings in the leaving row's symbols, which are
  /// parametric (restricted rows hold no external symbol), so the basic symbols an external
  /// row refers to stay those it referred to when the transaction began.
  mutating func referenceFreeRows() -> [Bool]? {
    guard usesReferenceFreeRows, !defersExternalRows, deferredRows.isEmpty, let restored = frames.last?.epoch else { return nil }
    if let known = referenceFreeCache, known.epoch == restored, known.count == kinds.count { return known.free }
    let count = kinds.count
    var free = [Bool](repeating: false, count: count)
    for index in 0..<min(count, rows.count) where kinds[index] == .external {
      guard let row = rows[index] else { continue }
      free[index] = !row.cells.contains { rows[Int($0.symbol)] != nil }
    }
    referenceFreeCache = ReferenceFreeRows(epoch: restored, count: count, free: free)
    return free
  }

  /// `currentValue(of:)` of a basic external symbol whose row refers to no basic symbol
  /// (`referenceFreeRows()`): `uncachedValue` adds nothing to the constant (every cell is
  /// parametric), so the value is the constant, cached as it caches it.
  mutating func referenceFreeValue(of symbol: SymbolID) -> Double {
    let index = Int(symbol)
    guard let constant = rows[index]?.constant else { return 0 }
    let slot = Int(externalSlots[index])
    if slot >= 0 {
      if cachedEpochs[slot] == epoch { return cachedValues[slot] }
      cachedValues[slot] = constant
      cachedEpochs[slot] = epoch
    }
    return constant
  }

  /// One optimal solution that moves a free external symbol by `step`.
  mutating func rayChanges(along direction: SymbolID, step: Double, listing: AlternativeListing? = nil)
    -> [SymbolID: Double]
  {
    beginTransaction()
    let seeds = shift(direction, by: step)
    let moved: SymbolID? = rows[Int(direction)] == nil ? direction : nil
    return changesAndRollback(seeds: seeds, moved: moved, step: step, listing: listing)
  }

  /// Minimises or maximises a variable (given by its expanded row) over the optimal face,
  /// in place, and rolls everything back before returning.
  ///
  /// The face is the set of feasible points where every parametric symbol with a nonzero
  /// reduced-cost vector (and every dummy) stays at 0. The primal simplex runs with only the
  /// other restricted symbols allowed to enter; the main objective is not updated, so
  /// "zero reduced costs" keeps meaning "at the start".
  ///
  /// With a `floor`, the face is that of the levels of priority above it only: the solutions
  /// that are optimal for those levels, whatever they cost below.
  /// With `computesChanges` false only the value is found: the changed values are not
  /// collected, which saves following the column index through every row the LP touched.
  mutating func faceExtreme(
    of row: Row, maximize: Bool, unboundedStep: Double, floor: Double = 0, computesChanges: Bool = true,
    listing: AlternativeListing? = nil
  )
    throws(SolverError) -> FaceExtreme
  {
    let sign: Double = maximize ? -1 : 1
    faceFloor = floor
    defer { faceFloor = 0 }
    beginTransaction()
    updatesMainObjective = false
    var objective = AuxiliaryObjective()
    for cell in row.cells {
      objective.coefficients[cell.symbol] = cell.coefficient * sign
      auxiliaryCandidates.insert(cell.symbol)
    }
    objective.constant = row.constant * sign
    auxiliary = objective
    auxiliaryMode = .face
    let unbounded: SymbolID?
    do throws(SolverError) {
      unbounded = try optimizeAuxiliary()
    } catch {
      rollback()
      throw error
    }
    let final = auxiliary ?? AuxiliaryObjective()
    auxiliary = nil
    if !computesChanges {
      rollback()
      return FaceExtreme(value: unbounded == nil ? final.constant * sign : nil, changes: [:])
    }
    if let direction = unbounded {
      // Nothing blocks `direction`: move it far enough to change the variable by the step.
      let rate = abs(final.coefficient(of: direction))
      let step = rate > 0 ? unboundedStep / rate : unboundedStep
      let seeds = shift(direction, by: step)
      return FaceExtreme(value: nil, changes: changesAndRollback(seeds: seeds, moved: nil, step: 0, listing: listing))
    }
    let value = final.constant * sign
    return FaceExtreme(value: value, changes: changesAndRollback(seeds: [], moved: nil, step: 0, listing: listing))
  }
}

/// Which rows of external symbols refer to no basic symbol (`Tableau.referenceFreeRows()`), for
/// the rows of the epoch a transaction began at.
struct ReferenceFreeRows {
  var epoch: UInt64
  var count: Int
  var free: [Bool]
}

/// What `faceExtremeValueWithoutPivoting` found: the value `faceExtreme` would return, or
/// that the LP takes more than one pivot (then only the LP knows).
enum ShortcutExtreme: Equatable {
  /// The LP's answer: the extreme value, `nil` when unbounded.
  case value(Double?)
  /// The LP's answer after its one pivot: `entering` rises to the end, the row of `leaving`
  /// reaches 0, and every row holding `entering` moves its constant by its coefficient
  /// times `step` (the constant of the leaving row solved for `entering`).
  case pivoted(value: Double, entering: SymbolID, leaving: SymbolID, step: Double)
  /// The LP needs a second pivot, or its pivot budget is below one pivot.
  case needsLP
}

extension Tableau {
  /// The value `faceExtreme(of:maximize:floor:computesChanges: false)` returns, found by
  /// reading rows instead of pivoting, when that LP stops after at most one pivot (the usual
  /// case on layouts: a free error variable enters and the one row that bounds it leaves).
  ///
  /// It replays the LP's steps with the same arithmetic: the entering symbol is the one
  /// Bland's rule takes from the row (smallest id with a negative auxiliary cost that may
  /// move on the face); the leaving row is `primalLeavingRow`; the auxiliary objective after
  /// the pivot is `objective + factor · (leaving row solved for the entering symbol)`, added
  /// cell by cell with `Tolerance.coefficientSum` and `Tolerance.sum` exactly as
  /// `substituteInAuxiliary` adds it. If some symbol could then enter, the LP would pivot
  /// again and the answer is `.needsLP`. Nothing in the tableau changes (a pivot and its
  /// rollback rewrite every row holding the entering symbol, and the leaving row is as long
  /// as the chain of views it bounds: that made each range query linear in the layout).
  ///
  /// Whether a symbol could enter after the pivot is decided with the leaving row's cells
  /// that may enter kept sorted by coefficient (`LeavingCandidates`, kept while the leaving
  /// row and the objective levels are the same): the cells of the objective are read one by
  /// one, and of the others only the one whose cost after the pivot is least. `merging`
  /// reads every cell of the leaving row instead (the tests compare the two).
  mutating func faceExtremeValueWithoutPivoting(
    of row: Row, maximize: Bool, floor: Double = 0, merging: Bool = false
  ) -> ShortcutExtreme {
    let sign: Double = maximize ? -1 : 1
    let budget = pivotLimit ?? (10_000 + 20 * rowCount)
    // The LP's first step: Bland's entering symbol among the row's cells.
    let enteringPosition = faceEnteringPosition(in: row, sign: sign, floor: floor)
    pivotCount = 0
    pivotBudget = budget
    let constant = row.constant * sign
    guard enteringPosition >= 0 else { return .value(constant * sign) }
    let entering = row.cells[enteringPosition].symbol
    guard let leaving = blockingRatio(of: entering).leaving else { return .value(nil) }
    guard budget >= 1, let leavingRow = rows[Int(leaving)] else { return .needsLP }
    let pivot = leavingRow.coefficient(of: entering)
    guard pivot != 0 else { return .needsLP }
    let factor = row.cells[enteringPosition].coefficient * sign
    let scale = -1 / pivot
    if !merging {
      guard
        !canEnterAfterPivot(
          objective: row.cells, sign: sign, entering: entering, leaving: leaving, leavingRow: leavingRow,
          pivot: pivot, factor: factor, floor: floor)
      else { return .needsLP }
      pivotCount = 1
      let step = leavingRow.constant * scale
      let final = Tolerance.sum(constant, step * factor)
      return .pivoted(value: final * sign, entering: entering, leaving: leaving, step: step)
    }
    // The auxiliary objective after the pivot, symbol by symbol (both lists are sorted).
    // A symbol is a candidate to enter again if the pivot changed its cost (it is in the
    // solved row) or the first step had not reached it yet (a larger id than the entering).
    let objective = row.cells
    var i = 0
    var leavingDone = false
    func qualifies(_ symbol: SymbolID, _ cost: Double) -> Bool {
      mayEnterAfterPivot(symbol, cost: cost, entering: entering, leaving: leaving, floor: floor)
    }
    let solvedCells = leavingRow.cells
    // The solved row: the leaving row's cells other than the entering one, times `scale`,
    // and the leaving symbol with `1 / pivot`, in symbol order.
    var k = 0
    while true {
      // The next cell of the solved row, if any.
      var nextSymbol: SymbolID = .max
      var nextCoefficient = 0.0
      while k < solvedCells.count && solvedCells[k].symbol == entering { k += 1 }
      if !leavingDone && (k >= solvedCells.count || leaving < solvedCells[k].symbol) {
        nextSymbol = leaving
        nextCoefficient = 1 / pivot
      } else if k < solvedCells.count {
        nextSymbol = solvedCells[k].symbol
        nextCoefficient = solvedCells[k].coefficient * scale
      }
      // Objective cells before it keep their cost.
      while i < objective.count && objective[i].symbol < nextSymbol {
        let symbol = objective[i].symbol
        if symbol > entering && qualifies(symbol, objective[i].coefficient * sign) { return .needsLP }
        i += 1
      }
      if nextSymbol == .max { break }
      var old = 0.0
      if i < objective.count && objective[i].symbol == nextSymbol {
        old = objective[i].coefficient * sign
        i += 1
      }
      let cost = Tolerance.coefficientSum(old, nextCoefficient * factor)
      if qualifies(nextSymbol, cost) { return .needsLP }
      if nextSymbol == leaving && !leavingDone { leavingDone = true } else { k += 1 }
    }
    pivotCount = 1
    let step = leavingRow.constant * scale
    let final = Tolerance.sum(constant, step * factor)
    return .pivoted(value: final * sign, entering: entering, leaving: leaving, step: step)
  }

  /// The position in `row` of the symbol the face LP on it (`faceExtreme`, the auxiliary
  /// objective `sign · row`) enters first: Bland's rule, the smallest id among the nonbasic
  /// slack and error symbols with a negative cost that may move on the face above `floor`
  /// (`nextAuxiliaryEntering`'s tests); -1 when none may, and the LP is at its optimum.
  func faceEnteringPosition(in row: Row, sign: Double, floor: Double) -> Int {
    for (position, cell) in row.cells.enumerated() {
      let index = Int(cell.symbol)
      guard index < kinds.count, rows[index] == nil else { continue }
      let kind = kinds[index]
      guard kind == .slack || kind == .error else { continue }
      guard cell.coefficient * sign < -Tolerance.reducedCost else { continue }
      guard hasZeroReducedCosts(cell.symbol, above: floor) else { continue }
      return position
    }
    return -1
  }

  /// The ray `faceExtreme(of:maximize:unboundedStep:)` follows when its LP is unbounded at its
  /// first step (nothing blocks the symbol it enters, so it stops there without a pivot): that
  /// symbol, and the step it moves by, `unboundedStep` over the rate of the objective along it,
  /// computed as the LP computes them. `nil` otherwise (no symbol enters, or a row blocks it).
  mutating func unboundedFirstStep(of row: Row, maximize: Bool, unboundedStep: Double)
    -> (direction: SymbolID, step: Double)?
  {
    let sign: Double = maximize ? -1 : 1
    let position = faceEnteringPosition(in: row, sign: sign, floor: 0)
    guard position >= 0 else { return nil }
    let cell = row.cells[position]
    guard blockingRatio(of: cell.symbol).leaving == nil else { return nil }
    // The LP's auxiliary objective holds `coefficient · sign` for the symbol, unchanged
    // without a pivot; its rate is the magnitude of that.
    let rate = abs(cell.coefficient * sign)
    return (cell.symbol, rate > 0 ? unboundedStep / rate : unboundedStep)
  }

  /// `rayCache` when it holds the ray along `direction` by `step`, read from these rows.
  func rememberedRay(along direction: SymbolID, step: Double) -> RayAlternative? {
    guard let known = rayCache, known.epoch == epoch, known.symbolCount == kinds.count,
      known.valueScale.bitPattern == valueScale.bitPattern, known.direction == direction,
      known.step.bitPattern == step.bitPattern
    else { return nil }
    return known
  }

  /// Whether a query of these rows has asked about the ray along `direction` by `step` before
  /// (it is in `rayCache`, or `raysAsked` holds it): only then is it worth following for every
  /// row (`rayAlternative(along:step:)`). Otherwise remembers it.
  mutating func repeatsRay(along direction: SymbolID, step: Double) -> Bool {
    if rememberedRay(along: direction, step: step) != nil { return true }
    if raysAsked.epoch != epoch || raysAsked.symbolCount != kinds.count
      || raysAsked.valueScale != valueScale.bitPattern
    {
      raysAsked = RaysAsked(epoch: epoch, symbolCount: kinds.count, valueScale: valueScale.bitPattern)
    }
    let key = RaysAsked.Key(direction: direction, step: step.bitPattern)
    return !raysAsked.keys.insert(key).inserted
  }

  /// The values of the external symbols that differ when the parametric symbol `direction`
  /// moves by `step` (`shift`, then `changesAndRollback` listing everything: what the face LP
  /// collects at the end of an unbounded ray), remembered for the rows it was read from (their
  /// epoch, the symbols and the value scale): in a cycle of widths, the alternative of every
  /// width is the same ray along the one slack all their rows hold, and each moved every row of
  /// the cycle and read every width (one that changes few values is not remembered).
  /// `generation` names the answer (a new one each time it is computed).
  mutating func rayAlternative(along direction: SymbolID, step: Double)
    -> (generation: UInt64, changes: [SymbolID: Double])
  {
    if let known = rememberedRay(along: direction, step: step) {
      pivotCount = 0
      rayAlternativeHits += 1
      return (known.generation, known.changes)
    }
    let start = (epoch: epoch, symbolCount: kinds.count, valueScale: valueScale)
    beginTransaction()
    let seeds = shift(direction, by: step)
    let changes = changesAndRollback(seeds: seeds, moved: nil, step: 0, listing: nil)
    rayGeneration &+= 1
    // A ray that moves a few values is followed again (remembering it would displace a long one).
    guard changes.count >= Int(longColumn) else { return (rayGeneration, changes) }
    rayCache = RayAlternative(
      epoch: start.epoch, symbolCount: start.symbolCount, valueScale: start.valueScale, direction: direction,
      step: step, generation: rayGeneration, changes: changes)
    return (rayGeneration, changes)
  }

  /// Whether `symbol`, with reduced cost `cost` after the pivot of `entering` into the row of
  /// `leaving`, could enter next: a nonbasic slack or error symbol (the leaving one included)
  /// whose cost is negative and which may move on the optimal face above `floor`.
  func mayEnterAfterPivot(_ symbol: SymbolID, cost: Double, entering: SymbolID, leaving: SymbolID, floor: Double)
    -> Bool
  {
    guard symbol != entering else { return false }
    let index = Int(symbol)
    guard index < kinds.count, symbol == leaving || rows[index] == nil else { return false }
    let kind = kinds[index]
    guard kind == .slack || kind == .error else { return false }
    guard cost < -Tolerance.reducedCost else { return false }
    return hasZeroReducedCosts(symbol, above: floor)
  }

  /// Whether some symbol could enter after the pivot of `entering` into the row of `leaving`
  /// (the auxiliary objective being `objective · sign`): the test the merge in
  /// `faceExtremeValueWithoutPivoting(merging: true)` makes cell by cell, with the same
  /// arithmetic for every cost it computes.
  ///
  /// A cell of the leaving row that is not in the objective has the cost
  /// `coefficientSum(0, (coefficient · scale) · factor)` after the pivot, and it can enter when
  /// that cost is below `-Tolerance.reducedCost` (and it may move on the face, which does not
  /// depend on the objective). Rounded products by a fixed number are monotone in the
  /// coefficient, and `coefficientSum(0, x)` is `x` or 0, so if any such cell can enter, the one
  /// with the least (or, when `scale · factor` is negative, the greatest) coefficient among
  /// those not in the objective can: only that one is computed.
  mutating func canEnterAfterPivot(
    objective: [Cell], sign: Double, entering: SymbolID, leaving: SymbolID, leavingRow: Row, pivot: Double,
    factor: Double, floor: Double
  ) -> Bool {
    let scale = -1 / pivot
    func qualifies(_ symbol: SymbolID, _ cost: Double) -> Bool {
      mayEnterAfterPivot(symbol, cost: cost, entering: entering, leaving: leaving, floor: floor)
    }
    // The objective's cells: those in the solved row with the cost the pivot gives them,
    // the others (after the entering symbol in Bland's order) with their own.
    let round = nextExpansionRound()
    var leavingInObjective = false
    for cell in objective {
      let index = Int(cell.symbol)
      if index >= 0 && index < expansionMarks.count { expansionMarks[index] = round }
      let old = cell.coefficient * sign
      if cell.symbol == leaving {
        leavingInObjective = true
        if qualifies(leaving, Tolerance.coefficientSum(old, (1 / pivot) * factor)) { return true }
      } else if cell.symbol != entering, let position = leavingRow.index(of: cell.symbol) {
        let next = leavingRow.cells[position].coefficient * scale
        if qualifies(cell.symbol, Tolerance.coefficientSum(old, next * factor)) { return true }
      } else if cell.symbol > entering && qualifies(cell.symbol, old) {
        return true
      }
    }
    if !leavingInObjective && qualifies(leaving, Tolerance.coefficientSum(0, (1 / pivot) * factor)) { return true }
    // The leaving row's other cells, from the end where the cost after the pivot is least.
    let candidates = leavingCandidates(of: leaving, row: leavingRow, floor: floor)
    let ascending = (scale < 0) == (factor < 0)
    var position = ascending ? 0 : candidates.count - 1
    while position >= 0 && position < candidates.count {
      let cell = candidates[position]
      position += ascending ? 1 : -1
      let index = Int(cell.symbol)
      if cell.symbol == entering || (index < expansionMarks.count && expansionMarks[index] == round) { continue }
      return qualifies(cell.symbol, Tolerance.coefficientSum(0, (cell.coefficient * scale) * factor))
    }
    return false
  }

  /// The cells of the row of `leaving` that may enter on the face above `floor` whatever
  /// their cost (parametric slack or error symbols with zero reduced costs above it), sorted
  /// by coefficient; kept while the row is the same (the cache holds its cells, so a row
  /// changed since has other storage) and the objective levels have not changed.
  mutating func leavingCandidates(of leaving: SymbolID, row: Row, floor: Double) -> [Cell] {
    let identity = row.cells.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    if let known = leavingCandidatesCache, known.leaving == leaving, known.floor == floor,
      known.levelsVersion == levelsVersion, known.cells.count == row.cells.count,
      known.cells.withUnsafeBufferPointer({ UInt(bitPattern: $0.baseAddress) }) == identity
    {
      return known.candidates
    }
    var candidates: [Cell] = []
    for cell in row.cells {
      let index = Int(cell.symbol)
      guard index < kinds.count, rows[index] == nil else { continue }
      let kind = kinds[index]
      guard kind == .slack || kind == .error, hasZeroReducedCosts(cell.symbol, above: floor) else { continue }
      candidates.append(cell)
    }
    candidates.sort { $0.coefficient < $1.coefficient || ($0.coefficient == $1.coefficient && $0.symbol < $1.symbol) }
    leavingCandidatesCache = LeavingCandidates(
      leaving: leaving, floor: floor, levelsVersion: levelsVersion, cells: row.cells, candidates: candidates)
    return candidates
  }

  /// `faceExtreme(of:maximize:unboundedStep:)` with the alternative solution, without
  /// pivoting when the LP stops after its one pivot: the solution at that end is the current
  /// one with every row that holds the entering symbol moved as the pivot's substitution
  /// moves it (`Tolerance.sum(constant, coefficient · step)`, the same arithmetic), and only
  /// constants change, so the values read before the rollback are those the LP reads.
  mutating func faceExtremeWithChanges(
    of row: Row, maximize: Bool, unboundedStep: Double, listing: AlternativeListing? = nil
  ) throws(SolverError) -> FaceExtreme {
    guard case .pivoted(let value, let entering, let leaving, let step) =
      faceExtremeValueWithoutPivoting(of: row, maximize: maximize)
    else {
      return try faceExtreme(of: row, maximize: maximize, unboundedStep: unboundedStep, listing: listing)
    }
    beginTransaction()
    var seeds: [SymbolID] = [entering, leaving]
    for basic in liveColumn(entering) where basic != leaving {
      guard var moved = rows[Int(basic)], let position = moved.index(of: entering) else { continue }
      logRow(basic, moved)
      moved.constant = Tolerance.sum(moved.constant, moved.cells[position].coefficient * step)
      advanceEpoch()
      rows[Int(basic)] = moved
      seeds.append(basic)
    }
    let changes = changesAndRollback(seeds: seeds, moved: nil, step: 0, listing: listing)
    pivotCount = 1  // As the LP counts its one pivot (`Solver.lastPivotCount`).
    return FaceExtreme(value: value, changes: changes)
  }

  /// `faceExtreme(of:maximize:floor:computesChanges: false).value`, without pivoting when
  /// the LP takes at most one pivot (`faceExtremeValueWithoutPivoting`).
  mutating func faceExtremeValue(of row: Row, maximize: Bool, floor: Double = 0) throws(SolverError) -> Double? {
    switch faceExtremeValueWithoutPivoting(of: row, maximize: maximize, floor: floor) {
    case .value(let value): return value
    case .pivoted(let value, _, _, _): return value
    case .needsLP: break
    }
    return try faceExtreme(of: row, maximize: maximize, unboundedStep: 0, floor: floor, computesChanges: false).value
  }
}

extension Tableau {
  /// An expression of the variables as a row over parametric symbols: each variable is
  /// replaced by its row, and definition rows are expanded. `nil` when the expression moves
  /// with a variable the solver has never seen (such a variable can take any value).
  mutating func expandedRow(of expression: Expression) -> Row? {
    guard let row = combinedRow(of: expression) else { return nil }
    // Every symbol here is external: basic ones are replaced by their rows.
    return expanded(row)
  }

  /// An expression of the variables as a row over their symbols (basic ones not replaced by
  /// their rows); `nil` when it moves with a variable the solver has never seen.
  mutating func combinedRow(of expression: Expression) -> Row? {
    var known: [(symbol: SymbolID, order: Int, coefficient: Double)] = []
    known.reserveCapacity(expression.terms.count)
    var unknown: [ObjectIdentifier: Double] = [:]
    for term in expression.terms where term.coefficient != 0 {
      if let symbol = existingSymbol(for: term.variable) {
        known.append((symbol, known.count, term.coefficient))
      } else {
        unknown[ObjectIdentifier(term.variable), default: 0] += term.coefficient
      }
    }
    if unknown.values.contains(where: { abs($0) >= Tolerance.coefficient }) { return nil }
    // The terms by symbol (ties in the order given), summed as `makeRow` sums them.
    known.sort { $0.symbol != $1.symbol ? $0.symbol < $1.symbol : $0.order < $1.order }
    var row = Row(constant: expression.constant)
    var position = 0
    while position < known.count {
      let symbol = known[position].symbol
      var total = 0.0
      while position < known.count && known[position].symbol == symbol {
        total = Tolerance.coefficientSum(total, known[position].coefficient)
        position += 1
      }
      if total != 0 { row.cells.append(Cell(symbol: symbol, coefficient: total)) }
    }
    return row
  }

  /// The least and greatest value of an expanded row over the optimal face (`nil` bounds
  /// are unbounded), the tableau unchanged.
  ///
  /// A free external symbol in the row moves it both ways without limit; a row over fixed
  /// symbols only is its constant; otherwise two LPs on the face decide (`faceExtreme`,
  /// without collecting an alternative solution).
  mutating func faceRange(of row: Row) throws(SolverError) -> (minimum: Double?, maximum: Double?) {
    var movable = false
    for cell in row.cells {
      switch kinds[Int(cell.symbol)] {
      case .external:
        return (nil, nil)
      case .dummy, .artificial:
        continue
      case .slack, .error:
        if !movable && hasZeroReducedCosts(cell.symbol) { movable = true }
      }
    }
    guard movable else { return (row.constant, row.constant) }
    let low = try faceExtremeValue(of: row, maximize: false)
    let high = try faceExtremeValue(of: row, maximize: true)
    guard let low, let high else { return (low, high) }
    // Rounding may leave the two ends a hair apart in the wrong order.
    return high < low ? ((low + high) / 2, (low + high) / 2) : (low, high)
  }

  /// The least total error an optional constraint can have over the solutions that are
  /// optimal for every level of higher priority than its own, and one solution that attains
  /// it; nil for a required constraint or one the solver does not hold. Rolled back.
  mutating func leastError(of constraint: Constraint, unboundedStep: Double) throws(SolverError) -> FaceExtreme? {
    guard !constraint.isRequired, let record = records[ObjectIdentifier(constraint)], !record.isEdit else {
      return nil
    }
    // An equality's error is e⁺ + e⁻; an inequality's, its error symbol.
    let errors = constraint.relation == .equal ? [record.marker, record.other] : [record.other]
    var objective = Row()
    for symbol in errors where symbol >= 0 {
      let row = rows[Int(symbol)] ?? Row(cells: [Cell(symbol: symbol, coefficient: 1)])
      objective = Self.sum(objective, row)
    }
    return try faceExtreme(of: objective, maximize: false, unboundedStep: unboundedStep, floor: constraint.priority)
  }

  /// `a + b`, for rows over parametric symbols.
  static func sum(_ a: Row, _ b: Row) -> Row {
    var cells: [Cell] = []
    cells.reserveCapacity(a.cells.count + b.cells.count)
    var i = 0
    var j = 0
    while i < a.cells.count || j < b.cells.count {
      if j >= b.cells.count || (i < a.cells.count && a.cells[i].symbol < b.cells[j].symbol) {
        cells.append(a.cells[i])
        i += 1
      } else if i >= a.cells.count || b.cells[j].symbol < a.cells[i].symbol {
        cells.append(b.cells[j])
        j += 1
      } else {
        let value = Tolerance.coefficientSum(a.cells[i].coefficient, b.cells[j].coefficient)
        if value != 0 { cells.append(Cell(symbol: a.cells[i].symbol, coefficient: value)) }
        i += 1
        j += 1
      }
    }
    return Row(constant: a.constant + b.constant, cells: cells)
  }
}

/// What the structural test has found out about symbols during one query: a flat table
/// indexed by symbol, since symbols are dense small integers.
struct StructuralCache {
  /// 0: not known yet; 1: depends on fixed symbols only; 2: does not.
  private var states: [UInt8]
  /// The same encoding for whether a parametric symbol is fixed on the optimal face.
  private var fixed: [UInt8]
  /// Per symbol, the `generation` its `states` and `fixed` entries were written in: an entry of
  /// another generation reads 0 (not known), so that a cache reused for the next query
  /// (`reset(symbolCount:)`) starts empty without clearing its arrays, which cost every query
  /// the number of symbols (a row of N labels asks N queries).
  private var stamps: [UInt32]
  private var generation: UInt32 = 1
  /// The symbols `fixed` holds entries for: those the solver had when the query began.
  private var fixedLimit: Int
  /// A stack the structural test reuses between variables.
  private var scratch: [SymbolID] = []
  /// The restricted symbol `Tableau.hasFreeStepWitness` looks for (-1: none yet): the last
  /// one whose free step made an expanded definition row ambiguous.
  private(set) var stepTarget: SymbolID = -1
  /// Per symbol, for `stepTarget`: how many paths of references reach it (0, 1, or 2 for
  /// two or more) and, for one, the coefficient the expansion gives it (`nil`: not exact);
  /// valid where `pathStamps` holds the current `pathGeneration`.
  private var pathCounts: [UInt8] = []
  private var pathCoefficients: [Double] = []
  private var pathStamps: [UInt32] = []
  private var pathGeneration: UInt32 = 0

  /// Looks for `target` from now on; what was found about the previous target is forgotten.
  mutating func setStepTarget(_ target: SymbolID) {
    guard target != stepTarget else { return }
    stepTarget = target
    pathGeneration &+= 1
    if pathGeneration == 0 {
      for index in pathStamps.indices { pathStamps[index] = 0 }
      pathGeneration = 1
    }
  }

  func targetPaths(_ symbol: SymbolID) -> (paths: Int, coefficient: Double?)? {
    let index = Int(symbol)
    guard index >= 0, index < pathStamps.count, pathStamps[index] == pathGeneration, pathGeneration != 0 else {
      return nil
    }
    let coefficient = pathCoefficients[index]
    return (Int(pathCounts[index]), coefficient.isNaN ? nil : coefficient)
  }

  mutating func setTargetPaths(_ symbol: SymbolID, paths: Int, coefficient: Double?) {
    let index = Int(symbol)
    guard index >= 0 else { return }
    if index >= pathStamps.count {
      let count = max(index + 1, states.count)
      pathStamps += [UInt32](repeating: 0, count: count - pathStamps.count)
      pathCounts += [UInt8](repeating: 0, count: count - pathCounts.count)
      pathCoefficients += [Double](repeating: .nan, count: count - pathCoefficients.count)
    }
    pathStamps[index] = pathGeneration
    pathCounts[index] = UInt8(min(paths, 2))
    pathCoefficients[index] = coefficient ?? .nan
  }

  mutating func takeStack() -> [SymbolID] {
    var stack = scratch
    scratch = []
    stack.removeAll(keepingCapacity: true)
    return stack
  }

  mutating func returnStack(_ stack: [SymbolID]) {
    scratch = stack
  }

  init(symbolCount: Int) {
    let count = max(symbolCount, 0)
    states = [UInt8](repeating: 0, count: count)
    fixed = [UInt8](repeating: 0, count: count)
    stamps = [UInt32](repeating: 1, count: count)
    fixedLimit = count
  }

  /// Empties the cache for a query of a solver with `symbolCount` symbols: what
  /// `init(symbolCount:)` would make, keeping the storage (entries of earlier queries are of
  /// another generation, and so is what was found for a step target).
  mutating func reset(symbolCount: Int) {
    let count = max(symbolCount, 0)
    generation &+= 1
    if generation == 0 {
      for index in stamps.indices { stamps[index] = 0 }
      generation = 1
    }
    if count > states.count {
      let more = count - states.count
      states += [UInt8](repeating: 0, count: more)
      fixed += [UInt8](repeating: 0, count: more)
      stamps += [UInt32](repeating: 0, count: more)
    }
    fixedLimit = count
    stepTarget = -1
    pathGeneration &+= 1
    if pathGeneration == 0 {
      for index in pathStamps.indices { pathStamps[index] = 0 }
      pathGeneration = 1
    }
    scratch.removeAll(keepingCapacity: true)
  }

  /// Makes the entries of `index` this generation's (both unknown) if they are not.
  private mutating func stamp(_ index: Int) {
    guard stamps[index] != generation else { return }
    stamps[index] = generation
    states[index] = 0
    fixed[index] = 0
  }

  func fixedOnFace(_ symbol: SymbolID) -> Bool? {
    let index = Int(symbol)
    guard index >= 0, index < fixedLimit, index < fixed.count, stamps[index] == generation, fixed[index] != 0 else {
      return nil
    }
    return fixed[index] == 1
  }

  mutating func setFixedOnFace(_ symbol: SymbolID, _ value: Bool) {
    let index = Int(symbol)
    guard index >= 0, index < fixedLimit, index < fixed.count else { return }
    stamp(index)
    fixed[index] = value ? 1 : 2
  }

  subscript(symbol: SymbolID) -> Bool? {
    get {
      let index = Int(symbol)
      guard index >= 0, index < states.count, stamps[index] == generation else { return nil }
      switch states[index] {
      case 1: return true
      case 2: return false
      default: return nil
      }
    }
    set {
      let index = Int(symbol)
      guard index >= 0 else { return }
      if index >= states.count {
        let more = index + 1 - states.count
        states += [UInt8](repeating: 0, count: more)
        fixed += [UInt8](repeating: 0, count: more)
        stamps += [UInt32](repeating: 0, count: more)
      }
      stamp(index)
      states[index] = newValue.map { $0 ? 1 : 2 } ?? 0
    }
  }
}

/// What the definition rows below a basic external symbol say about the external symbols
/// its expansion keeps, without expanding it (`Tableau.definitionWitness(of:)`).
enum DefinitionWitness: Equatable {
  /// No parametric external symbol is reachable through its row: the expansion keeps none.
  case none
  /// Exactly one parametric external symbol is reachable, along exactly one path of
  /// references whose coefficients are all 1 or -1: the expansion keeps it, with the
  /// product of those coefficients (`negative`: -1) times the coefficient it is reached with.
  case one(SymbolID, negative: Bool)
  /// Anything else (several paths or symbols, other coefficients): only the expansion knows.
  case unknown
}

extension Tableau {
  /// `DefinitionWitness` of a basic external symbol, remembered for the current epoch (the
  /// same rows), so that a chain of definition rows is walked once for every query about
  /// the symbols along it rather than once a query. Iterative, so long chains cannot
  /// overflow the stack.
  ///
  /// Exact: on a single path each symbol receives one contribution, the coefficient built
  /// so far times 1 or -1, which is exact in floating point; nothing is summed, so nothing
  /// cancels, and the expansion keeps the symbol with exactly that coefficient.
  mutating func definitionWitness(of symbol: SymbolID) -> DefinitionWitness {
    if witnesses.count < variables.count {
      // Room for every external symbol (their slots), not the doubling of the appends.
      witnesses.reserveCapacity(variables.capacity)
      witnessEpochs.reserveCapacity(variables.capacity)
      witnesses.append(contentsOf: repeatElement(.unknown, count: variables.count - witnesses.count))
      witnessEpochs.append(contentsOf: repeatElement(0, count: variables.count - witnessEpochs.count))
    }
    let symbolSlot = Int(externalSlots[Int(symbol)])
    guard symbolSlot >= 0 else { return .unknown }
    let current = epoch
    if witnessEpochs[symbolSlot] == current { return witnesses[symbolSlot] }
    var stack = witnessStack
    witnessStack = []
    stack.removeAll(keepingCapacity: true)
    defer { witnessStack = stack }
    stack.append(symbol)
    // Definition references form no cycle; the budget only guards against a broken invariant.
    var budget = 4 * kinds.count + 16
    while let top = stack.last {
      budget -= 1
      if budget < 0 { return .unknown }
      let topSlot = Int(externalSlots[Int(top)])
      if witnessEpochs[topSlot] == current {
        stack.removeLast()
        continue
      }
      guard let row = rows[Int(top)] else { return .unknown }
      var pending = false
      for cell in row.cells {
        let index = Int(cell.symbol)
        let slot = Int(externalSlots[index])
        if slot >= 0, rows[index] != nil, witnessEpochs[slot] != current {
          stack.append(cell.symbol)
          pending = true
        }
      }
      if pending { continue }
      var reaching = 0
      var found = DefinitionWitness.unknown
      for cell in row.cells where kinds[Int(cell.symbol)] == .external {
        let unit = cell.coefficient == 1 || cell.coefficient == -1
        if rows[Int(cell.symbol)] == nil {
          reaching += 1
          found = unit ? .one(cell.symbol, negative: cell.coefficient < 0) : .unknown
        } else {
          switch witnesses[Int(externalSlots[Int(cell.symbol)])] {
          case .none:
            continue
          case .one(let reached, let negative):
            reaching += 1
            found = unit ? .one(reached, negative: negative != (cell.coefficient < 0)) : .unknown
          case .unknown:
            reaching += 1
            found = .unknown
          }
        }
        if reaching > 1 { break }
      }
      witnesses[topSlot] = reaching == 0 ? .none : reaching == 1 ? found : .unknown
      witnessEpochs[topSlot] = current
      stack.removeLast()
    }
    return witnesses[symbolSlot]
  }

  /// The one external symbol `expanded(row)` keeps and its coefficient there, when the
  /// definition rows tell without expanding: exactly one cell of the row reaches an external
  /// symbol, and it is that symbol or its `definitionWitness` is `.one` and its coefficient
  /// is at least `Tolerance.coefficient` (the expansion keeps ±1 times it). `nil` when they
  /// do not tell (the expansion decides).
  mutating func soleExternal(of row: Row) -> (symbol: SymbolID, coefficient: Double)? {
    var found: (symbol: SymbolID, coefficient: Double)?
    var reaching = 0
    for cell in row.cells where kinds[Int(cell.symbol)] == .external {
      if rows[Int(cell.symbol)] == nil {
        reaching += 1
        found = (cell.symbol, cell.coefficient)
      } else {
        switch definitionWitness(of: cell.symbol) {
        case .none:
          continue
        case .one(let reached, let negative):
          reaching += 1
          found = abs(cell.coefficient) >= Tolerance.coefficient
            ? (reached, negative ? -cell.coefficient : cell.coefficient) : nil
        case .unknown:
          return nil
        }
      }
      if reaching > 1 { return nil }
    }
    return found
  }
}

/// For the walk of an alternative with a listing: a topological number for every row of an
/// external symbol (every reference goes to a lower one; -1 for other symbols), and whether
/// a symbol of the listing's mask depends on each symbol (its own, or a row that refers to it,
/// transitively). A row the mask does not depend on, numbered above every row of the
/// listing's own symbols, is one nothing listed depends on.
struct ListingReach {
  let token: ListingToken
  let epoch: UInt64
  let count: Int
  let topology: [Int32]
  let reachesMask: [Bool]
  /// Whether some row is one the mask does not depend on (else the walk is not pruned).
  let prunes: Bool
}

/// The cells of one leaving row that may enter on the face (`Tableau.leavingCandidates`),
/// with what they were read from.
struct LeavingCandidates {
  var leaving: SymbolID
  var floor: Double
  var levelsVersion: UInt64
  /// The row's cells when they were read: holding them keeps their storage from being
  /// changed in place or reused, so the same storage means the same cells.
  var cells: [Cell]
  var candidates: [Cell]
}

/// The rays asked about of one state of the rows (`Tableau.repeatsRay(along:step:)`).
struct RaysAsked {
  struct Key: Hashable {
    var direction: SymbolID
    var step: UInt64
  }
  var epoch: UInt64 = 0
  var symbolCount = 0
  var valueScale: UInt64 = 0
  var keys: Set<Key> = []
}

/// One answer of `Tableau.rayAlternative(along:step:)` and the rows it was read from.
struct RayAlternative {
  var epoch: UInt64
  var symbolCount: Int
  var valueScale: Double
  var direction: SymbolID
  var step: Double
  var generation: UInt64
  var changes: [SymbolID: Double]
}
