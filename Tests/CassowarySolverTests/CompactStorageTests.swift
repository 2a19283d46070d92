@testable import CassowarySolver
import TestSupport
import XCTest

/// The solver's compact storage: a constraint record keeps no reference of its own (the
/// constraint is the owner of its marker; the edit flag and whether there is an other symbol
/// are bits beside the marker, and the order of addition is 32 bits, renumbered before it
/// outgrows them), and a constraint keeps its first two terms in the object. None of it
/// changes what the solver holds, lists or removes.
final class CompactStorageTests: XCTestCase {
  func testRecordIsEightBytesAndRoundTrips() {
    XCTAssertLessThanOrEqual(MemoryLayout<ConstraintRecord>.stride, 8)
    for marker: SymbolID in [0, 1, 7, 1 << 20, (1 << 30) - 2] {
      for isEdit in [false, true] {
        for other in [-1, marker + 1] {
          for sequence in [0, 42, Int(UInt32.max)] {
            let record = ConstraintRecord(sequence: sequence, marker: marker, other: other, isEdit: isEdit)
            XCTAssertEqual(record.marker, marker)
            XCTAssertEqual(record.isEdit, isEdit)
            XCTAssertEqual(record.sequence, sequence)
            XCTAssertEqual(record.other, other)
            XCTAssertEqual(record.renumbered(5).sequence, 5)
            XCTAssertEqual(record.renumbered(5).marker, marker)
            XCTAssertEqual(record.renumbered(5).other, other)
            XCTAssertEqual(record.renumbered(5).isEdit, isEdit)
          }
        }
      }
    }
  }

  /// The order of addition is renumbered before it outgrows a record's 32 bits (here, with a
  /// limit of 8, at every ninth addition outside a probe): the constraints are listed in the
  /// same order, conflicts name the same constraints in the same order, and what the solver
  /// answers is what a solver that never renumbered answers.
  func testRenumberingKeepsTheOrderOfAddition() throws {
    try withEverySeed(0..<30) { random, seed in
      let variables = drawVariables(3, spread: 6, &random)
      let renumbering = Solver()
      renumbering.tableau.sequenceLimit = 8
      let plain = Solver()
      for step in 0..<(8 * variables.count) {
        let (first, second) = drawPair(variables, &random)
        if step % 5 == 4, let victim = plain.constraints.first(where: { _ in random.next() % 3 == 0 }) {
          XCTAssertNoThrow(try plain.remove(victim))
          XCTAssertNoThrow(try renumbering.remove(victim))
          continue
        }
        let constraint = drawConstraint(first, second, step: step, priorities: [250, 750], spread: 7, &random)
        func conflict(adding constraint: Constraint, to solver: Solver) -> [ObjectIdentifier]? {
          do throws(SolverError) {
            try solver.add(constraint)
          } catch {
            if case .unsatisfiable(let members) = error { return members.map(ObjectIdentifier.init) }
          }
          return nil
        }
        let plainConflict = conflict(adding: constraint, to: plain)
        let renumberedConflict = conflict(adding: constraint, to: renumbering)
        XCTAssertEqual(plainConflict, renumberedConflict, "seed \(seed) step \(step)")
        _ = renumbering.probe { probe in try? probe.add(Expression(first) == 5) }
        _ = plain.probe { probe in try? probe.add(Expression(first) == 5) }
        XCTAssertEqual(
          renumbering.constraints.map(ObjectIdentifier.init), plain.constraints.map(ObjectIdentifier.init), "seed \(seed) step \(step)")
        // Renumbered at the next addition once past the limit: from the constraints held.
        XCTAssertLessThanOrEqual(renumbering.tableau.nextSequence, max(8, renumbering.constraints.count + 2), "seed \(seed)")
      }
      XCTAssertEqual(renumbering.checkInvariants(), [], "seed \(seed)")
      for variable in variables {
        XCTAssertEqual(renumbering.value(of: variable).bitPattern, plain.value(of: variable).bitPattern, "seed \(seed)")
      }
    }
  }

  /// Every record's constraint is found through its marker, through adds, removes, edits and
  /// rolled-back probes; the solver lists exactly the constraints it holds, in order.
  func testRecordsFindTheirConstraints() throws {
    try withEverySeed(0..<30) { random, seed in
      let variables = drawVariables(4, spread: 12, &random)
      let solver = Solver()
      var held: [Constraint] = []
      for step in 0..<(6 * variables.count) {
        let (first, second) = drawPair(variables, &random)
        if !held.isEmpty && random.next() % 4 == 0 {
          let victim = held.remove(at: Int(random.next() % UInt64(held.count)))
          XCTAssertNoThrow(try solver.remove(victim), "seed \(seed)")
          XCTAssertFalse(solver.contains(victim))
          continue
        }
        let constraint = drawConstraint(first, second, step: step, priorities: [250, 500, 750], spread: 10, &random)
        if (try? solver.add(constraint)) != nil { held.append(constraint) }
        if step == 2 * variables.count {
          XCTAssertNoThrow(try solver.addEditVariable(first, priority: Priority.medium))
          XCTAssertNoThrow(try solver.suggestValue(33, for: first))
        }
      }
      XCTAssertEqual(solver.checkInvariants(), [], "seed \(seed)")
      XCTAssertEqual(solver.constraints.map(ObjectIdentifier.init), held.map(ObjectIdentifier.init), "seed \(seed)")
      for record in solver.tableau.records.values {
        XCTAssertNotNil(solver.tableau.constraint(of: record), "seed \(seed)")
      }
      // The storage measured in docs/performance.md: every cell of a row is one live entry of
      // its symbol's column, and nothing takes less room than it holds.
      let storage = solver.tableau.storageStatistics()
      XCTAssertEqual(storage.cells, storage.live, "seed \(seed)")
      XCTAssertGreaterThanOrEqual(storage.cellCapacity, storage.cells)
      XCTAssertGreaterThanOrEqual(storage.entries, storage.live)
      XCTAssertGreaterThanOrEqual(storage.entryCapacity, storage.entries)
      for unsatisfied in solver.unsatisfiedConstraints() {
        XCTAssertTrue(held.contains { $0 === unsatisfied.constraint }, "seed \(seed)")
      }
    }
  }

  /// `Constraint(lhs, relation, rhs)` holds the terms and constant of `lhs - rhs` (the terms of
  /// `lhs`, then those of `rhs` negated), bit for bit, without building them: for 0 to 3 terms a
  /// side, negative zeros, infinities and subnormals; `lhs` itself when `rhs` is nothing
  /// (`Expression()` or a constant of +0, not -0).
  func testConstraintIsLhsMinusRhsBitForBit() {
    let variables = (0..<6).map { Variable("v\($0)") }
    let numbers: [Double] = [1, -0.0, 0, 2.5, -1e-310, .infinity, -.greatestFiniteMagnitude, 0.1]
    func expression(_ count: Int, _ offset: Int, constant: Double) -> CassowarySolver.Expression {
      Expression(
        terms: (0..<count).map { Term(variables[($0 + offset) % 6], numbers[($0 * 3 + offset) % numbers.count]) },
        constant: constant)
    }
    var compared = 0
    for left in 0...3 {
      for right in 0...3 {
        for (index, constant) in numbers.enumerated() {
          let lhs = expression(left, index, constant: constant)
          for rhsConstant in [0.0, -0.0, constant] {
            let rhs = expression(right, index + 1, constant: rhsConstant)
            let built = Constraint(lhs, .lessThanOrEqual, rhs)
            let reference = right == 0 && rhsConstant.bitPattern == 0 ? lhs : lhs - rhs
            XCTAssertEqual(built.constant.bitPattern, reference.constant.bitPattern)
            XCTAssertEqual(built.terms.map(\.coefficient.bitPattern), reference.terms.map(\.coefficient.bitPattern))
            XCTAssertEqual(
              built.terms.map { ObjectIdentifier($0.variable) }, reference.terms.map { ObjectIdentifier($0.variable) })
            XCTAssertEqual(built.expression.terms.count, reference.terms.count)
            compared += 1
          }
        }
      }
    }
    XCTAssertEqual(compared, 4 * 4 * numbers.count * 3)
  }

  /// A constraint keeps its first two terms in the object: one of two terms or fewer holds no
  /// array (one of more holds one of its own for the terms after the second), and none holds
  /// the array it was built from, which its builder can then change in place (a constraint
  /// that kept the given terms, as one built against nothing did, makes that a copy). The
  /// object and an array of two terms took a 64-byte and an 80-byte block of the allocator;
  /// the object alone takes a 96-byte block.
  func testConstraintOfTwoTermsKeepsNoArray() {
    let variables = (0..<5).map { Variable("v\($0)") }
    for count in 0...5 {
      var terms = (0..<count).map { Term(variables[$0], Double($0) + 0.5) }
      let given = terms.withUnsafeBufferPointer { $0.baseAddress }
      let built = Constraint(Expression(terms: terms, constant: 1), .equal)
      for constraint in [built, built.withPriority(500)] {
        XCTAssertEqual(constraint.keepsTermArray, count > 2, "\(count) terms")
        XCTAssertEqual(constraint.terms.count, count)
      }
      guard count > 0 else { continue }
      terms[0].coefficient = 7
      XCTAssertEqual(terms.withUnsafeBufferPointer { $0.baseAddress }, given, "\(count) terms: the array was kept")
      XCTAssertEqual(built.terms[0].coefficient, 0.5)
    }
  }

  /// `terms`, `constant` and `evaluate`, which the solver reads instead of `expression`, give
  /// what `expression` holds (the terms in their order, variables and coefficients bit for bit,
  /// the sum in the same order), also after `withPriority`, for 0 to 5 terms.
  func testConstraintTermsReadWhatTheExpressionHolds() {
    let variables = (0..<5).map { Variable("v\($0)") }
    let coefficients = [1.0, -0.0, -2.5, 1e-300, .greatestFiniteMagnitude]
    for count in 0...5 {
      let given = (0..<count).map { Term(variables[$0], coefficients[$0]) }
      let expression = Expression(terms: given, constant: -0.0)
      for relation in Relation.allCases {
        let constraint = Constraint(expression, relation, priority: 750, tag: count)
        for read in [constraint, constraint.withPriority(250), constraint ~ 1] {
          XCTAssertEqual(read.terms.count, count)
          XCTAssertEqual(read.expression.terms.count, count)
          for (index, term) in given.enumerated() {
            XCTAssertTrue(read.terms[index].variable === term.variable)
            XCTAssertEqual(read.terms[index].coefficient.bitPattern, term.coefficient.bitPattern)
            XCTAssertTrue(read.expression.terms[index].variable === term.variable)
            XCTAssertEqual(read.expression.terms[index].coefficient.bitPattern, term.coefficient.bitPattern)
          }
          XCTAssertEqual(Array(read.terms.map(\.coefficient.bitPattern)), given.map(\.coefficient.bitPattern))
          XCTAssertEqual(read.constant.bitPattern, (-0.0).bitPattern)
          XCTAssertEqual(read.relation, relation)
          XCTAssertEqual(read.tag, count)
          let value: (Variable) -> Double = { variable in Double(variables.firstIndex { $0 === variable } ?? 0) + 0.1 }
          XCTAssertEqual(read.evaluate(value).bitPattern, expression.evaluate(value).bitPattern)
        }
        XCTAssertEqual(constraint.description, "\(expression) \(relation.rawValue) 0 @750")
      }
    }
  }

  /// A cell is twelve bytes (a symbol and the two halves of its coefficient's bits, no
  /// padding), and its coefficient reads back bit for bit what was written, NaN payloads and
  /// negative zero included.
  func testCellIsTwelveBytesAndKeepsItsCoefficientBitForBit() {
    XCTAssertEqual(MemoryLayout<Cell>.size, 12)
    XCTAssertEqual(MemoryLayout<Cell>.stride, 12)
    let values: [Double] = [
      0, -0.0, 1, -1, .pi, 1e-310, -.leastNonzeroMagnitude, .greatestFiniteMagnitude, .infinity,
      Double(bitPattern: 0x7FF8_0000_DEAD_BEEF), Double(bitPattern: 0xFFF0_0000_0000_0001),
    ]
    for (index, value) in values.enumerated() {
      var cell = Cell(symbol: SymbolID(index), coefficient: value)
      XCTAssertEqual(cell.symbol, SymbolID(index))
      XCTAssertEqual(cell.coefficient.bitPattern, value.bitPattern)
      cell.coefficient = -value
      XCTAssertEqual(cell.coefficient.bitPattern, (-value).bitPattern)
      XCTAssertEqual(cell.symbol, SymbolID(index))
    }
  }

  /// The storage of the columns, rows and external symbols, through adds, removes, edits,
  /// probes with new variables and queries whose alternatives roll back: a column that no row
  /// holds keeps no storage and a column of one row keeps it inline (both as the solver would
  /// find them by reading every row), a row that grew has no spare room beyond the allocator's
  /// rounding, and only external symbols have a slot in the arrays kept for them, numbered in
  /// order of creation (`checkInvariants` checks the slots and the columns entry by entry).
  func testColumnsRowsAndExternalSlotsKeepNoSpareStorage() throws {
    try withEverySeed(0..<40) { random, seed in
      let variables = drawVariables(4, spread: 12, &random)
      let solver = Solver()
      var held: [Constraint] = []
      for step in 0..<(6 * variables.count) {
        let (first, second) = drawPair(variables, &random)
        switch random.next() % 6 {
        case 0 where !held.isEmpty:
          let victim = held.remove(at: Int(random.next() % UInt64(held.count)))
          XCTAssertNoThrow(try solver.remove(victim), "seed \(seed)")
        case 1:
          // A probe with a variable of its own: its symbols, slot included, go with the rollback.
          let fresh = Variable("fresh")
          _ = solver.probe { probe in
            (try? probe.add(Expression(fresh) == Expression(first) + 3)) != nil ? probe.ambiguity(of: fresh) : nil
          }
        case 2:
          _ = solver.ambiguity(of: first)
          _ = solver.range(of: Expression(second) - Expression(first))
        default:
          let constraint = drawConstraint(first, second, step: step, priorities: [250, 500, 750], spread: 10, &random)
          if (try? solver.add(constraint)) != nil { held.append(constraint) }
        }
        if step == 2 * variables.count {
          XCTAssertNoThrow(try solver.addEditVariable(first, priority: Priority.medium))
          XCTAssertNoThrow(try solver.suggestValue(21, for: first))
        }
        let tableau = solver.tableau
        XCTAssertEqual(solver.checkInvariants(), [], "seed \(seed) step \(step)")
        for index in tableau.columns.indices {
          switch tableau.columns[index] {
          case .none:
            XCTAssertEqual(tableau.columnLive[index], 0, "seed \(seed) step \(step)")
          case .one(let basic):
            XCTAssertEqual(tableau.columnLive[index], 1, "seed \(seed) step \(step)")
            XCTAssertNotNil(tableau.rows[Int(basic)]?.index(of: SymbolID(index)), "seed \(seed) step \(step)")
          case .many(let list):
            XCTAssertGreaterThanOrEqual(list.count, 2, "seed \(seed) step \(step)")
            XCTAssertGreaterThan(tableau.columnLive[index], 0, "seed \(seed) step \(step)")
          }
        }
        let externals = tableau.kinds.filter { $0 == .external }.count
        XCTAssertEqual(tableau.variables.count, externals, "seed \(seed) step \(step)")
        for variable in variables {
          guard let symbol = tableau.existingSymbol(for: variable) else { continue }
          XCTAssertTrue(tableau.variable(ofSymbol: symbol) === variable, "seed \(seed) step \(step)")
        }
      }
    }
  }

  /// A row that grows in a substitution gets room for its cells, not the doubling of an
  /// append: four cells growing to five take five (eight before), with the same cells.
  func testARowThatGrowsGetsRoomForItsCellsOnly() {
    var tableau = Tableau()
    let symbols = (0..<8).map { _ in tableau.newSymbol(.slack) }
    let basic = symbols[0]
    let cells = (1...4).map { Cell(symbol: symbols[$0], coefficient: Double($0)) }
    tableau.insertRow(basic, Row(constant: 1, cells: cells))
    XCTAssertEqual(tableau.rows[Int(basic)]?.cells.capacity, 4)
    tableau.substitute(
      symbols[1], with: Row(constant: 2, cells: [Cell(symbol: symbols[5], coefficient: 1), Cell(symbol: symbols[6], coefficient: -1)]),
      intoRowOf: basic)
    guard let row = tableau.rows[Int(basic)] else { return XCTFail("no row") }
    XCTAssertEqual(row.cells.map(\.symbol), [2, 3, 4, 5, 6].map { symbols[$0] })
    XCTAssertEqual(row.cells.map(\.coefficient), [2, 3, 4, 1, -1])
    XCTAssertEqual(row.constant, 3)
    XCTAssertLessThan(row.cells.capacity, 8)
    // The columns: the substituted symbol's only row is gone, so its column keeps nothing; the
    // others list the row inline.
    guard case .none = tableau.columns[Int(symbols[1])] else { return XCTFail("column of s1 kept") }
    for index in 2...6 {
      guard case .one(basic) = tableau.columns[Int(symbols[index])] else { return XCTFail("column \(index)") }
    }
  }

  /// A row solved for one of its symbols, and a row whose basic external symbols are expanded,
  /// get room for their cells only: the subject's cell goes (and the replacement's comes),
  /// and the symbols expanded away, whose values end at 0, take no room.
  /// An array of `count` cells asked for with room for them alone: its capacity is what the
  /// allocator's block for exactly that many holds. glibc may hand out a block up to 31 bytes
  /// larger than the one asked for (it does not split off less than its smallest chunk), and
  /// rounds to 16 bytes, so a 12-byte cell can see up to three more cells of room, depending on
  /// the heap's state; a row that reserved room for more cells than it holds sees more.
  private func assertRoomForCellsOnly(_ cells: [Cell], count: Int, file: StaticString = #filePath, line: UInt = #line) {
    let slack = (31 + 15) / MemoryLayout<Cell>.stride
    XCTAssertEqual(cells.count, count, file: file, line: line)
    XCTAssertGreaterThanOrEqual(cells.capacity, count, file: file, line: line)
    XCTAssertLessThanOrEqual(cells.capacity, count + slack, file: file, line: line)
  }

  func testSolvedAndExpandedRowsGetRoomForTheirCellsOnly() {
    var tableau = Tableau()
    let symbols = (0..<6).map { _ in tableau.newSymbol(.slack) }
    let row = Row(constant: 2, cells: (1...4).map { Cell(symbol: symbols[$0], coefficient: Double($0)) })
    let solved = row.solved(for: symbols[2])
    XCTAssertEqual(solved.cells.map(\.symbol), [1, 3, 4].map { symbols[$0] })
    XCTAssertEqual(solved.cells.map(\.coefficient), [-0.5, -1.5, -2])
    assertRoomForCellsOnly(solved.cells, count: 3)
    let pivoted = row.solved(for: symbols[2], adding: symbols[5])
    XCTAssertEqual(pivoted.cells.map(\.symbol), [1, 3, 4, 5].map { symbols[$0] })
    assertRoomForCellsOnly(pivoted.cells, count: 4)

    let x = tableau.newSymbol(.external)
    let y = tableau.newSymbol(.external)
    let z = tableau.newSymbol(.external)
    tableau.insertRow(x, Row(constant: 1, cells: [Cell(symbol: y, coefficient: 1)]))
    let expanded = tableau.expanded(Row(constant: 0, cells: [Cell(symbol: x, coefficient: 2), Cell(symbol: z, coefficient: 1)]))
    XCTAssertEqual(expanded.cells.map(\.symbol), [y, z])
    XCTAssertEqual(expanded.cells.map(\.coefficient), [2, 1])
    XCTAssertEqual(expanded.constant, 2)
    assertRoomForCellsOnly(expanded.cells, count: 2)
  }

  /// The objective levels and the change journal keep a number by symbol up to the largest
  /// symbol they have seen: within the room the tableau reserved, they take no more (neither
  /// half again nor the doubling of an append), and the solution is the same as a solver's
  /// that reserved nothing.
  func testLevelsAndJournalStayWithinTheReservedRoom() throws {
    let count = 300
    let variables = (0..<count).map { Variable("v\($0)") }
    func solve(reserving: Bool) throws -> Solver {
      let solver = Solver()
      solver.tableau.tracksChanges = true
      if reserving { solver.reserveCapacity(variables: count, requiredConstraints: count, optionalConstraints: 2 * count) }
      for (index, variable) in variables.enumerated() {
        try solver.add(Expression(variable) >= Expression(Double(index)))
        try solver.add(Expression(variable) == Expression(Double(2 * index)) ~ 500)
        try solver.add(Expression(variable) == Expression(Double(index) + 0.5) ~ 250)
      }
      return solver
    }
    let reserved = try solve(reserving: true)
    let plain = try solve(reserving: false)
    let tableau = reserved.tableau
    // The allocator may round a block up by a few bytes, which the array counts as room.
    let room = tableau.kinds.capacity
    XCTAssertEqual(tableau.levels.count, 2)
    for level in tableau.levels {
      XCTAssertGreaterThan(level.coefficients.count, count)
      XCTAssertLessThanOrEqual(level.coefficients.capacity, room + 2)
    }
    XCTAssertGreaterThan(tableau.changes.rowMarks.count, count)
    XCTAssertLessThanOrEqual(tableau.changes.rowMarks.capacity, room + 4)
    XCTAssertLessThanOrEqual(tableau.changes.costMarks.capacity, room + 4)
    for variable in variables {
      XCTAssertEqual(reserved.value(of: variable).bitPattern, plain.value(of: variable).bitPattern)
    }
  }

  /// A row is 16 bytes: the rank of an external symbol's row is kept by slot
  /// (`Tableau.rowRanks`). Every probe and every failed addition rolls the ranks back with the
  /// rows: after them each basic external symbol's row has the rank it had (ranks order the
  /// expansion of definition rows, so a rank not restored changes the order of later sums),
  /// and the ranks of the rows held are distinct and below `nextRank`.
  func testRowRanksByExternalSlotRollBackWithTheRows() throws {
    XCTAssertEqual(MemoryLayout<Row>.stride, 16)
    XCTAssertEqual(MemoryLayout<Row?>.stride, 16)
    var reinserted = 0
    try withEverySeed(0..<60) { random, seed in
      let variables = drawVariables(4, spread: 10, &random)
      let solver = Solver()
      var held: [Constraint] = []
      func ranks() -> [SymbolID: Int] {
        var result: [SymbolID: Int] = [:]
        for index in solver.tableau.kinds.indices
        where solver.tableau.kinds[index] == .external && solver.tableau.rows[index] != nil {
          result[SymbolID(index)] = solver.tableau.rowRank(of: SymbolID(index))
        }
        return result
      }
      for step in 0..<(5 * variables.count) {
        let (first, second) = drawPair(variables, &random)
        let constraint = drawConstraint(first, second, step: step, priorities: [250, 750], spread: 10, &random)
        let before = ranks()
        let nextRank = solver.tableau.nextRank
        if (try? solver.add(constraint)) != nil {
          held.append(constraint)
        } else {
          XCTAssertEqual(ranks(), before, "seed \(seed) step \(step): a failed addition")
          XCTAssertEqual(solver.tableau.nextRank, nextRank, "seed \(seed)")
        }
        let settled = ranks()
        let settledNext = solver.tableau.nextRank
        _ = solver.probe { probe in
          if let victim = held.randomElement(using: &random) { try? probe.remove(victim) }
          try? probe.add(Expression(second) == Double(step))
          try? probe.add(Expression(first) - Expression(second) >= 3)
          // Rows held before the probe that it took out and put back with a new rank.
          reinserted += settled.filter { symbol, rank in
            probe.tableau.rows[Int(symbol)] != nil && probe.tableau.rowRank(of: symbol) != rank
          }.count
        }
        XCTAssertEqual(ranks(), settled, "seed \(seed) step \(step): a probe")
        XCTAssertEqual(solver.tableau.nextRank, settledNext, "seed \(seed)")
        _ = solver.ambiguity(of: first)
        XCTAssertEqual(ranks(), settled, "seed \(seed) step \(step): an ambiguity query")
        let held = Array(settled.values)
        XCTAssertEqual(Set(held).count, held.count, "seed \(seed): ranks shared")
        XCTAssertTrue(held.allSatisfy { $0 < settledNext }, "seed \(seed)")
      }
      XCTAssertEqual(solver.checkInvariants(), [], "seed \(seed)")
    }
    // The probes did insert rows of external symbols again (what the ranks' undo covers).
    XCTAssertGreaterThan(reinserted, 20)
  }

  /// The change journal keeps a row's rank beside the row (the rank is no longer part of
  /// `Row`): a row of an external symbol taken out and inserted again with the same cells and
  /// constant has a new rank, which orders the expansion of the definition rows that refer to
  /// it, so the changes taken list its variable. Comparing the rows alone fails it.
  func testARowInsertedAgainWithANewRankIsAChange() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    try solver.add(Expression(x) == Expression(y) + 10)
    try solver.add(Expression(y) >= 0)
    solver.tracksChanges = true
    _ = solver.takeChanges()
    let tableau = solver.tableau
    guard
      let index = tableau.kinds.indices.first(where: { tableau.kinds[$0] == .external && tableau.rows[$0] != nil }),
      let variable = tableau.variable(ofSymbol: SymbolID(index))
    else { return XCTFail("no row of an external symbol") }
    let basic = SymbolID(index)
    let rank = tableau.rowRank(of: basic)
    guard let row = solver.tableau.removeRow(basic) else { return XCTFail("no row") }
    solver.tableau.insertRow(basic, row)
    XCTAssertTrue(Tableau.same(solver.tableau.rows[index], row))
    XCTAssertNotEqual(solver.tableau.rowRank(of: basic), rank)
    let changes = solver.takeChanges()
    XCTAssertEqual(changes.changedRows, 1)
    XCTAssertTrue(changes.values.contains { $0 === variable }, "\(variable.name)")
    // Taken out and put back in a probe, the rank is restored: nothing changed.
    solver.probe { probe in
      guard let row = probe.tableau.removeRow(basic) else { return }
      probe.tableau.insertRow(basic, row)
    }
    XCTAssertEqual(solver.takeChanges().changedRows, 0)
  }

  /// A solver whose storage went through additions, failed additions and ambiguity queries
  /// (columns cleared and kept inline, rows grown, alternatives rolled back) gives the same
  /// values and ranges, bit for bit, as a fresh solver given the constraints it holds in the
  /// same order. (Both use this storage: a column or slot lost on the way shows as a value of
  /// the first that differs, not as a difference from the older storage.)
  func testValuesMatchAFreshSolverBitForBit() throws {
    try withEverySeed(0..<40) { random, seed in
      let variables = drawVariables(4, spread: 10, &random)
      let solver = Solver()
      var constraints: [Constraint] = []
      for step in 0..<(5 * variables.count) {
        let (first, second) = drawPair(variables, &random)
        let constraint = drawConstraint(first, second, step: step, priorities: [250, 750], spread: 10, &random)
        if (try? solver.add(constraint)) != nil { constraints.append(constraint) }
        _ = solver.ambiguity(of: first)
      }
      let fresh = Solver()
      for constraint in constraints { try fresh.add(constraint) }
      for variable in variables {
        XCTAssertEqual(solver.value(of: variable).bitPattern, fresh.value(of: variable).bitPattern, "seed \(seed)")
        XCTAssertEqual(solver.range(of: Expression(variable)), fresh.range(of: Expression(variable)), "seed \(seed)")
      }
    }
  }
}

/// Draws as these tests draw them, in the same order: `least` to `least + spread - 1` variables.
fileprivate func drawVariables(_ least: Int, spread: UInt64, _ random: inout SeededRandom) -> [Variable] {
  (0..<(least + Int(random.next() % spread))).map { Variable("v\($0)") }
}

/// Two of the variables, each any of them.
fileprivate func drawPair(_ variables: [Variable], _ random: inout SeededRandom) -> (Variable, Variable) {
  let first = variables[Int(random.next() % UInt64(variables.count))]
  let second = variables[Int(random.next() % UInt64(variables.count))]
  return (first, second)
}

/// `first - second + c (relation) 0`, required at every third step and otherwise at one of the
/// priorities, with any relation and a whole constant c from -spread to spread.
fileprivate func drawConstraint(
  _ first: Variable, _ second: Variable, step: Int, priorities: [Double], spread: Int, _ random: inout SeededRandom
) -> Constraint {
  let priority = step % 3 == 0 ? Priority.required : priorities[Int(random.next() % UInt64(priorities.count))]
  let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][Int(random.next() % 3)]
  let constant = Double(Int(random.next() % UInt64(2 * spread + 1)) - spread)
  return Constraint(Expression(first) - Expression(second) + constant, relation, priority: priority)
}
