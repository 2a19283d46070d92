/// The id of a tableau symbol. Ids come from one increasing counter, so ordering by id is
/// ordering by creation, which keeps every choice deterministic.
typealias SymbolID = Int32

/// What a tableau symbol stands for.
enum SymbolKind: UInt8 {
  /// A client variable; unrestricted in sign.
  case external
  /// The slack of an inequality; restricted to be ≥ 0. Marker of inequalities.
  case slack
  /// An error variable of an optional constraint; restricted to be ≥ 0.
  case error
  /// The marker of a required equality; fixed at 0 and never chosen to enter the basis.
  case dummy
  /// The temporary variable of the artificial phase of `add`; restricted to be ≥ 0.
  case artificial

  /// Whether the simplex keeps the symbol ≥ 0.
  var isRestricted: Bool {
    switch self {
    case .slack, .error, .artificial: return true
    case .external, .dummy: return false
    }
  }

  /// The one-letter prefix used in dumps.
  var prefix: String {
    switch self {
    case .external: return "v"
    case .slack: return "s"
    case .error: return "e"
    case .dummy: return "d"
    case .artificial: return "a"
    }
  }
}

/// One nonzero entry of a sparse row: twelve bytes, aligned to four.
///
/// A symbol of 4 bytes beside a `Double` would be padded to 16 (the `Double` aligned to 8);
/// the coefficient is kept as the two halves of its bit pattern instead, so a row's cells take
/// 12 bytes each. Reading and writing the coefficient moves the same 64 bits: the values are
/// the same, bit for bit.
struct Cell {
  var symbol: SymbolID
  /// The low and high 32 bits of the coefficient's bit pattern.
  private var low: UInt32
  private var high: UInt32

  @inline(__always)
  init(symbol: SymbolID, coefficient: Double) {
    self.symbol = symbol
    let bits = coefficient.bitPattern
    low = UInt32(truncatingIfNeeded: bits)
    high = UInt32(truncatingIfNeeded: bits >> 32)
  }

  var coefficient: Double {
    @inline(__always) get { Double(bitPattern: UInt64(high) << 32 | UInt64(low)) }
    @inline(__always) set {
      let bits = newValue.bitPattern
      low = UInt32(truncatingIfNeeded: bits)
      high = UInt32(truncatingIfNeeded: bits >> 32)
    }
  }
}

/// A sparse linear form `constant + Σ coefficient · symbol`.
///
/// In the tableau a row defines its basic symbol: `basic = constant + Σ cells`.
/// The cells are sorted by symbol id and hold no zero coefficient. Sixteen bytes: the rank of
/// a row of an external symbol (when it was inserted) is kept by the tableau, by external
/// slot (`Tableau.rowRanks`), not in every row of the symbols' array.
struct Row {
  var cells: [Cell]
  var constant: Double

  init(constant: Double = 0, cells: [Cell] = []) {
    self.constant = constant
    self.cells = cells
  }

  /// The position of `symbol` in `cells`, by binary search.
  func index(of symbol: SymbolID) -> Int? {
    var low = 0
    var high = cells.count
    while low < high {
      let middle = (low + high) >> 1
      let found = cells[middle].symbol
      if found == symbol { return middle }
      if found < symbol { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  /// The coefficient of `symbol`, or 0.
  func coefficient(of symbol: SymbolID) -> Double {
    guard let position = index(of: symbol) else { return 0 }
    return cells[position].coefficient
  }

  /// Multiplies every coefficient and the constant by -1.
  mutating func negate() {
    constant = -constant
    for position in cells.indices {
      cells[position].coefficient = -cells[position].coefficient
    }
  }

  /// Solves `0 = self` for `subject` and returns `subject = …`.
  ///
  /// The coefficient of `subject` must be nonzero; `replacement`, if given, is a symbol that
  /// is added with coefficient `1 / a` (the basic symbol a pivot takes out of the basis:
  /// for `basic = c + a·subject + …` the result is `subject = (basic − c − …) / a`).
  func solved(for subject: SymbolID, adding replacement: SymbolID? = nil) -> Row {
    let pivot = coefficient(of: subject)
    // Room for exactly the cells of the result (the subject's cell goes, the replacement's
    // comes): the row is kept as long as its basic symbol stays basic.
    var result: [Cell] = []
    result.reserveCapacity(max(0, cells.count - 1 + (replacement == nil ? 0 : 1)))
    let scale = -1 / pivot
    var inserted = replacement == nil
    for cell in cells where cell.symbol != subject {
      if !inserted, let replacement, replacement < cell.symbol {
        result.append(Cell(symbol: replacement, coefficient: 1 / pivot))
        inserted = true
      }
      result.append(Cell(symbol: cell.symbol, coefficient: cell.coefficient * scale))
    }
    if !inserted, let replacement {
      result.append(Cell(symbol: replacement, coefficient: 1 / pivot))
    }
    return Row(constant: constant * scale, cells: result)
  }
}

// MARK: - Numeric tolerances

/// The tolerances of the solver, in one place.
enum Tolerance {
  /// A coefficient smaller than this is zero.
  static let coefficient = 1e-9
  /// A sum whose magnitude is below this fraction of its largest operand is zero
  /// (cancellation noise).
  static let relative = 1e-12
  /// Reduced costs smaller than this are zero.
  static let reducedCost = 1e-9
  /// Constants are compared against this fraction of the solver's value scale.
  static let value = 1e-10

  /// `a + b`, with cancellation noise flushed to zero.
  @inline(__always)
  static func sum(_ a: Double, _ b: Double) -> Double {
    let total = a + b
    if abs(total) <= relative * max(abs(a), abs(b)) { return 0 }
    return total
  }

  /// `a + b` for coefficients: cancellation noise and tiny values are zero.
  @inline(__always)
  static func coefficientSum(_ a: Double, _ b: Double) -> Double {
    let total = a + b
    if abs(total) < coefficient || abs(total) <= relative * max(abs(a), abs(b)) { return 0 }
    return total
  }
}

/// `a + factor · b` over sparse sorted cells, leaving out `skip`, written into the front
/// of `buffer`, whose storage is reused (it only ever grows; its count is its capacity).
/// `added` receives the symbols of the result that are not in `a`; `removed` receives the
/// symbols of `a` (other than `skip`) that cancelled out; both are written to their fronts
/// (reused the same way).
///
/// - Returns: how many cells, added symbols and removed symbols were written.
func combineCells(
  _ a: [Cell], skipping skip: SymbolID, _ b: [Cell], factor: Double, into buffer: inout [Cell],
  added: inout [SymbolID], removed: inout [SymbolID]
) -> (cells: Int, added: Int, removed: Int) {
  let countA = a.count
  let countB = b.count
  if buffer.count < countA + countB {
    buffer.append(
      contentsOf: repeatElement(
        Cell(symbol: -1, coefficient: 0), count: max(countA + countB, 2 * buffer.count) - buffer.count))
  }
  if added.count < countB {
    added.append(contentsOf: repeatElement(-1, count: max(countB, 2 * added.count) - added.count))
  }
  if removed.count < countA {
    removed.append(contentsOf: repeatElement(-1, count: max(countA, 2 * removed.count) - removed.count))
  }
  return a.withUnsafeBufferPointer { left in
    b.withUnsafeBufferPointer { right in
      buffer.withUnsafeMutableBufferPointer { output in
        added.withUnsafeMutableBufferPointer { addedOutput in
          removed.withUnsafeMutableBufferPointer { removedOutput in
            var i = 0
            var j = 0
            var k = 0
            var addedCount = 0
            var removedCount = 0
            while i < countA && j < countB {
              let symbolA = left[i].symbol
              let symbolB = right[j].symbol
              if symbolA < symbolB {
                if symbolA != skip {
                  output[k] = left[i]
                  k += 1
                }
                i += 1
              } else if symbolB < symbolA {
                let value = right[j].coefficient * factor
                if abs(value) >= Tolerance.coefficient {
                  output[k] = Cell(symbol: symbolB, coefficient: value)
                  k += 1
                  addedOutput[addedCount] = symbolB
                  addedCount += 1
                }
                j += 1
              } else {
                if symbolA == skip {
                  removedOutput[removedCount] = symbolA
                  removedCount += 1
                } else {
                  let value = Tolerance.coefficientSum(left[i].coefficient, right[j].coefficient * factor)
                  if value != 0 {
                    output[k] = Cell(symbol: symbolA, coefficient: value)
                    k += 1
                  } else {
                    removedOutput[removedCount] = symbolA
                    removedCount += 1
                  }
                }
                i += 1
                j += 1
              }
            }
            while i < countA {
              if left[i].symbol != skip {
                output[k] = left[i]
                k += 1
              }
              i += 1
            }
            while j < countB {
              let value = right[j].coefficient * factor
              if abs(value) >= Tolerance.coefficient {
                output[k] = Cell(symbol: right[j].symbol, coefficient: value)
                k += 1
                addedOutput[addedCount] = right[j].symbol
                addedCount += 1
              }
              j += 1
            }
            return (k, addedCount, removedCount)
          }
        }
      }
    }
  }
}

extension Array where Element == Cell {
  /// Whether both arrays are the same storage (so the same cells): a row changed only in its
  /// constant still shares its cells with the copy the undo log kept.
  func sharesStorage(with other: [Cell]) -> Bool {
    guard count == other.count else { return false }
    return withUnsafeBufferPointer { mine in
      other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
    }
  }
}
