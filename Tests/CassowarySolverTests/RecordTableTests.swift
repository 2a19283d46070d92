@testable import CassowarySolver
import TestSupport
import XCTest

/// The constraint records' table (`RecordTable`): an open-addressing table with linear probing
/// and removal by shifting back, filled up to seven eighths. It must hold exactly what a
/// `Dictionary` holds through any series of insertions, replacements and removals, stay
/// short-probed on the addresses of real objects, and take about half a dictionary's room.
final class RecordTableTests: XCTestCase {
  private func record(_ value: UInt64) -> ConstraintRecord {
    let marker = SymbolID(truncatingIfNeeded: value % (1 << 29))
    return ConstraintRecord(sequence: Int(value % 1_000_003), marker: marker, other: value % 2 == 0 ? -1 : marker + 1, isEdit: value % 3 == 0)
  }

  private func assertSame(_ a: ConstraintRecord?, _ b: ConstraintRecord?, _ message: String) {
    XCTAssertEqual(a?.sequence, b?.sequence, message)
    XCTAssertEqual(a?.marker, b?.marker, message)
    XCTAssertEqual(a?.other, b?.other, message)
    XCTAssertEqual(a?.isEdit, b?.isEdit, message)
  }

  /// Random insertions, replacements and removals, on keys that are the addresses of live
  /// objects and on keys that lie in one run (so that removals shift long runs back): every
  /// lookup, the count and the listed entries equal a `Dictionary`'s.
  func testHoldsWhatADictionaryHolds() {
    withEverySeed(0..<40) { random, seed in
      let objects = (0..<(50 + Int(random.next() % 400))).map { _ in Variable() }
      var keys = objects.map(ObjectIdentifier.init)
      if seed % 2 == 1 {
        // Addresses 64 bytes apart in one run, as objects allocated one after another lie.
        let base = UInt(bitPattern: keys[0]) & ~UInt(0xfff)
        keys = (0..<keys.count).map { unsafeBitCast(base + 64 * UInt($0 + 1), to: ObjectIdentifier.self) }
      }
      var table = RecordTable()
      if seed % 4 == 0 { table.reserveCapacity(keys.count) }
      var reference: [ObjectIdentifier: ConstraintRecord] = [:]
      for step in 0..<(8 * keys.count) {
        let key = keys[Int(random.next() % UInt64(keys.count))]
        if random.next() % 3 == 0 {
          table[key] = nil
          reference[key] = nil
        } else {
          let value = record(random.next())
          table[key] = value
          reference[key] = value
        }
        if step % 37 == 0 || step == 8 * keys.count - 1 {
          XCTAssertEqual(table.count, reference.count, "seed \(seed) step \(step)")
          for probe in keys { assertSame(table[probe], reference[probe], "seed \(seed) step \(step)") }
          var listed = Set<ObjectIdentifier>()
          for (key, value) in table {
            XCTAssertTrue(listed.insert(key).inserted, "seed \(seed): listed twice")
            assertSame(value, reference[key], "seed \(seed) step \(step)")
          }
          XCTAssertEqual(listed.count, reference.count, "seed \(seed) step \(step)")
          XCTAssertEqual(table.values.count, reference.count, "seed \(seed) step \(step)")
          XCTAssertLessThanOrEqual(table.count * 8, table.slots.count * 7, "seed \(seed): over seven eighths")
        }
      }
      for key in keys { table[key] = nil }
      XCTAssertTrue(table.isEmpty, "seed \(seed)")
      XCTAssertTrue(table.slots.allSatisfy { $0.key == 0 }, "seed \(seed): an entry left behind")
    }
  }

  /// 100,004 records (the form's constraints in one place) take 131,072 entries of 16 bytes,
  /// where a `Dictionary` reserved 262,144; and on the addresses of constraints allocated one
  /// after another, no probe walks a long run (a hash that mixes the address poorly put them in
  /// runs of thousands, which made each insertion of an edit walk them).
  func testRoomAndProbesForAPlaceOfTheForm() {
    XCTAssertEqual(MemoryLayout<RecordTable.Slot>.stride, 16)
    var table = RecordTable()
    table.reserveCapacity(100_004)
    XCTAssertEqual(table.slots.count, 131_072)
    XCTAssertGreaterThanOrEqual(table.capacity, 100_004)
    let x = Variable("x")
    let constraints = (0..<100_004).map { Constraint(Expression(x), .equal, Expression(Double($0))) }
    for (position, constraint) in constraints.enumerated() {
      table[ObjectIdentifier(constraint)] = ConstraintRecord(sequence: position, marker: SymbolID(position), other: -1, isEdit: false)
    }
    XCTAssertEqual(table.slots.count, 131_072, "grew although reserved")
    // The longest run of occupied entries.
    var longest = 0
    var run = 0
    for slot in table.slots + table.slots {
      run = slot.key == 0 ? 0 : run + 1
      longest = max(longest, min(run, table.slots.count))
    }
    XCTAssertLessThan(longest, 1_000, "a run of \(longest) occupied entries")
    for (position, constraint) in constraints.enumerated() {
      guard table[ObjectIdentifier(constraint)]?.sequence == position else {
        XCTFail("constraint \(position) lost")
        return
      }
    }
    for constraint in constraints { table[ObjectIdentifier(constraint)] = nil }
    XCTAssertTrue(table.isEmpty)
  }

  /// A table filled to its capacity grows for one more record, not for a record replaced
  /// (`renumberSequences` replaces every record: a growth there doubled the table).
  func testReplacingInAFullTableDoesNotGrowIt() {
    var table = RecordTable()
    let objects = (0..<14).map { _ in Variable() }
    for (position, object) in objects.enumerated() { table[ObjectIdentifier(object)] = record(UInt64(position)) }
    XCTAssertEqual(table.slots.count, 16)
    XCTAssertEqual(table.count, table.capacity)
    for (position, object) in objects.enumerated() { table[ObjectIdentifier(object)] = record(UInt64(position + 100)) }
    XCTAssertEqual(table.slots.count, 16, "grew for a replacement")
    for (position, object) in objects.enumerated() {
      assertSame(table[ObjectIdentifier(object)], record(UInt64(position + 100)), "replaced")
    }
    let extra = Variable()
    table[ObjectIdentifier(extra)] = record(7)
    XCTAssertEqual(table.slots.count, 32)
    assertSame(table[ObjectIdentifier(extra)], record(7), "added after growing")
    for (position, object) in objects.enumerated() {
      assertSame(table[ObjectIdentifier(object)], record(UInt64(position + 100)), "kept when growing")
    }
  }

  /// A solver reserves its records at their count: 100,004 constraints, 131,072 entries.
  func testSolverReservesTheRecordsAtTheirSize() {
    let solver = Solver()
    solver.reserveCapacity(variables: 40_000, requiredConstraints: 80_000, optionalConstraints: 20_004)
    XCTAssertEqual(solver.tableau.records.slots.count, 131_072)
  }
}
