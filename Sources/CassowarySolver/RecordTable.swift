/// The records of the constraints a tableau holds, by the constraint's identity: an
/// open-addressing table with linear probing, filled up to seven eighths.
///
/// A `Dictionary` keeps its load under three quarters, so 100,004 records took 262,144
/// entries of 16 bytes (4.2 MB a place); this table takes 131,072 for them. The probe starts
/// where a hash that mixes every bit of the address puts it (the finaliser of MurmurHash3:
/// addresses of objects share their low bits and lie in runs, which a multiplication alone
/// leaves in long clusters), and a removal shifts back the entries after it, so no tombstone
/// is ever left. Nothing the solver computes reads the order of the entries: every listing
/// sorts the records by their order of addition.
struct RecordTable: Sequence {
  /// One entry; `key` is the constraint's address, 0 when the entry is empty (no object lives
  /// at address 0).
  struct Slot {
    var key: UInt
    var record: ConstraintRecord
  }

  private(set) var slots: [Slot] = []
  /// How many entries hold a record.
  private(set) var count = 0

  init() {}

  var isEmpty: Bool { count == 0 }

  /// How many records the table holds before it grows.
  var capacity: Int { slots.count / 8 * 7 }

  /// Where the probe for `key` starts.
  @inline(__always)
  private static func home(_ key: UInt, mask: Int) -> Int {
    var bits = UInt64(key)
    bits ^= bits &>> 33
    bits &*= 0xff51_afd7_ed55_8ccd
    bits ^= bits &>> 33
    bits &*= 0xc4ce_b9fe_1a85_ec53
    bits ^= bits &>> 33
    return Int(truncatingIfNeeded: bits) & mask
  }

  /// The entry holding `key`, or nil.
  @inline(__always)
  private func position(of key: UInt) -> Int? {
    if count == 0 { return nil }
    let mask = slots.count - 1
    return slots.withUnsafeBufferPointer { buffer -> Int? in
      var index = Self.home(key, mask: mask)
      while true {
        let found = buffer[index].key
        if found == key { return index }
        if found == 0 { return nil }
        index = (index + 1) & mask
      }
    }
  }

  /// The record of a constraint (by its `ObjectIdentifier`); setting nil removes it.
  subscript(identifier: ObjectIdentifier) -> ConstraintRecord? {
    get {
      guard let index = position(of: UInt(bitPattern: identifier)) else { return nil }
      return slots[index].record
    }
    set {
      let key = UInt(bitPattern: identifier)
      if let newValue {
        insert(key, newValue)
      } else if let index = position(of: key) {
        removeEntry(at: index)
      }
    }
  }

  /// Sets the record of `key`; the table grows only for a new key (a replacement, such as
  /// `renumberSequences` makes of every record, never grows a full table).
  private mutating func insert(_ key: UInt, _ record: ConstraintRecord) {
    if (count + 1) * 8 > slots.count * 7, position(of: key) == nil { resize(toHold: count + 1) }
    let mask = slots.count - 1
    var index = Self.home(key, mask: mask)
    while true {
      let found = slots[index].key
      if found == key {
        slots[index].record = record
        return
      }
      if found == 0 {
        slots[index] = Slot(key: key, record: record)
        count += 1
        return
      }
      index = (index + 1) & mask
    }
  }

  /// Empties an entry and moves back every later entry of the run that may move, so that
  /// each stays reachable from its home without a tombstone.
  private mutating func removeEntry(at removed: Int) {
    let mask = slots.count - 1
    var hole = removed
    var index = removed
    while true {
      index = (index + 1) & mask
      let key = slots[index].key
      if key == 0 { break }
      let home = Self.home(key, mask: mask)
      // The entry may fill the hole when its home is not cyclically within (hole, index].
      let reachable = hole <= index ? (home <= hole || home > index) : (home <= hole && home > index)
      if reachable {
        slots[hole] = slots[index]
        hole = index
      }
    }
    slots[hole] = Slot(key: 0, record: .vacant)
    count -= 1
  }

  /// Room for `minimumCapacity` records without growing.
  mutating func reserveCapacity(_ minimumCapacity: Int) {
    if minimumCapacity * 8 > slots.count * 7 { resize(toHold: minimumCapacity) }
  }

  /// Moves the entries into a table of the least power of two (at least 16) that holds
  /// `needed` records at seven eighths.
  private mutating func resize(toHold needed: Int) {
    var size = 16
    while needed * 8 > size * 7 { size *= 2 }
    let old = slots
    slots = [Slot](repeating: Slot(key: 0, record: .vacant), count: size)
    count = 0
    for slot in old where slot.key != 0 { insert(slot.key, slot.record) }
  }

  /// Every record.
  var values: [ConstraintRecord] {
    var result: [ConstraintRecord] = []
    result.reserveCapacity(count)
    for slot in slots where slot.key != 0 { result.append(slot.record) }
    return result
  }

  struct Iterator: IteratorProtocol {
    let slots: [Slot]
    var index = 0

    mutating func next() -> (key: ObjectIdentifier, value: ConstraintRecord)? {
      while index < slots.count {
        let slot = slots[index]
        index += 1
        if slot.key != 0 { return (unsafeBitCast(slot.key, to: ObjectIdentifier.self), slot.record) }
      }
      return nil
    }
  }

  func makeIterator() -> Iterator { Iterator(slots: slots) }

  var underestimatedCount: Int { count }
}
