@testable import CassowarySolver
import TestSupport
import XCTest

/// The solver's compact storage: a constraint record keeps no reference of its own (the
/// constraint is the owner of its marker, an edit's flag the sign of the stored marker), and a
/// constraint built against nothing keeps the terms it was given. None of it changes what the
/// solver holds, lists or removes.
final class CompactStorageTests: XCTestCase {
  func testRecordIsSixteenBytesAndRoundTrips() {
    XCTAssertLessThanOrEqual(MemoryLayout<ConstraintRecord>.stride, 16)
    for marker: SymbolID in [0, 1, 7, 1 << 20, SymbolID.max] {
      for isEdit in [false, true] {
        let record = ConstraintRecord(sequence: 42, marker: marker, other: -1, isEdit: isEdit)
        XCTAssertEqual(record.marker, marker)
        XCTAssertEqual(record.isEdit, isEdit)
        XCTAssertEqual(record.sequence, 42)
        XCTAssertEqual(record.other, -1)
      }
    }
  }

  /// Every record's constraint is found through its marker, through adds, removes, edits and
  /// rolled-back probes; the solver lists exactly the constraints it holds, in order.
  func testRecordsFindTheirConstraints() throws {
    try withEverySeed(0..<30) { random, seed in
      let variables = (0..<(4 + Int(random.next() % 12))).map { Variable("v\($0)") }
      let solver = Solver()
      var held: [Constraint] = []
      for step in 0..<(6 * variables.count) {
        let first = variables[Int(random.next() % UInt64(variables.count))]
        let second = variables[Int(random.next() % UInt64(variables.count))]
        if !held.isEmpty && random.next() % 4 == 0 {
          let victim = held.remove(at: Int(random.next() % UInt64(held.count)))
          XCTAssertNoThrow(try solver.remove(victim), "seed \(seed)")
          XCTAssertFalse(solver.contains(victim))
          continue
        }
        let priority = step % 3 == 0 ? Priority.required : [250, 500, 750][Int(random.next() % 3)]
        let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][Int(random.next() % 3)]
        let constraint = Constraint(Expression(first) - Expression(second) + Double(Int(random.next() % 21) - 10), relation, priority: priority)
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

  /// `Constraint(lhs, relation)` keeps `lhs` as it is, exactly as `lhs - Expression()` would
  /// make it (terms and constant bit for bit, also for a constant of -0), without copying the
  /// terms; a right side that is not nothing is still subtracted.
  func testConstraintAgainstNothingKeepsItsTerms() {
    let x = Variable("x")
    let y = Variable("y")
    for constant in [0.0, -0.0, 3.5, -2] {
      let lhs = Expression(terms: [Term(x, 2), Term(y, -1)], constant: constant)
      for rhs in [Expression(), Expression(-0.0), Expression(1), Expression(y)] {
        let built = Constraint(lhs, .equal, rhs)
        let reference = lhs + (-rhs)
        XCTAssertEqual(built.expression.constant.bitPattern, reference.constant.bitPattern, "\(constant) \(rhs)")
        XCTAssertEqual(built.expression.terms.map(\.coefficient), reference.terms.map(\.coefficient))
        XCTAssertEqual(
          built.expression.terms.map { ObjectIdentifier($0.variable) }, reference.terms.map { ObjectIdentifier($0.variable) })
      }
      let alone = Constraint(lhs, .lessThanOrEqual)
      lhs.terms.withUnsafeBufferPointer { given in
        alone.expression.terms.withUnsafeBufferPointer { kept in XCTAssertEqual(given.baseAddress, kept.baseAddress) }
      }
    }
  }
}
