extension Solver {
  /// Whether adding `constraints`, in this order, would certainly succeed, told from the rows
  /// without adding them: true only when every one is a required `±v + c == 0` on a variable of
  /// its own, and the rows show that `add` would take one of the cases below for each, none of
  /// which can fail; false when that is not known (the caller then asks in a probe).
  ///
  /// - `v` is parametric, or unknown to the solver: `v` itself is the new row's subject (a new
  ///   definition, or an external subject, which only rows of external symbols refer to).
  /// - `v`'s definition rows keep exactly one free external symbol `f` (`soleExternal`: one
  ///   path of references with coefficients ±1, so the expansion keeps `f` with a coefficient
  ///   of at least the tolerance, and no other external): `f` is the subject, and nothing but
  ///   rows of external symbols changes.
  /// - `v`'s row is `k + c·y`, one restricted symbol `y` that no restricted row holds and the
  ///   objective does not hold at any level, and the sign of the new row's constant lets `y`
  ///   take the row (`existingRestrictedSubject`): substituting `y` changes rows of external
  ///   symbols only.
  ///
  /// In every case the restricted rows and the objective stay as they are, so the tableau,
  /// optimal before, is optimal after without a pivot. Each case is decided on the rows as
  /// they are now, and holds after the earlier ones: a subject made basic (`v` or `f`) is
  /// used by no later constraint, a substituted `y` by no later row of the second kind, and
  /// the substitutions bring no external symbol into any row.
  public func certainlyAccepts(_ constraints: [Constraint]) -> Bool {
    tableau.restoreDeferredRows()
    guard tableau.deferredRows.isEmpty else { return false }
    return tableau.certainlyAccepts(constraints)
  }
}

extension Tableau {
  mutating func certainlyAccepts(_ constraints: [Constraint]) -> Bool {
    // The symbols an earlier constraint makes basic or substitutes: no later one may use them.
    // Hashed when the list is long (the pins of every view of a layout at once).
    var used = Membership<SymbolID>(expected: constraints.count)
    var variables = Membership<ObjectIdentifier>(expected: constraints.count)
    for constraint in constraints {
      guard constraint.isRequired, constraint.relation == .equal, records[ObjectIdentifier(constraint)] == nil,
        constraint.constant.isFinite, let term = Self.soleTerm(of: constraint.terms)
      else { return false }
      guard term.coefficient == 1 || term.coefficient == -1 else { return false }
      let key = ObjectIdentifier(term.variable)
      guard variables.insert(key) else { return false }
      // A variable the solver has not seen gets a new symbol, whose definition the row is.
      guard let symbol = existingSymbol(for: term.variable) else { continue }
      guard !used.contains(symbol) else { return false }
      guard let row = rows[Int(symbol)] else {
        used.insert(symbol)
        continue
      }
      if row.cells.count == 1 {
        let cell = row.cells[0]
        let kind = kinds[Int(cell.symbol)]
        guard kind == .slack || kind == .error, !used.contains(cell.symbol), isSubstitutableAlone(cell.symbol)
        else { return false }
        // The new row as `makeRow` builds it: `±v + constant`, with `v` replaced by its row.
        let constant = Tolerance.sum(constraint.constant, term.coefficient * row.constant)
        let coefficient = cell.coefficient * term.coefficient
        guard abs(coefficient) >= Tolerance.coefficient else { return false }
        // The row is negated when its constant is negative; `y` must then have a negative
        // coefficient, so that its value is not negative.
        guard constant == 0 || (constant < 0 ? -coefficient < 0 : coefficient < 0) else { return false }
        used.insert(cell.symbol)
        continue
      }
      guard let sole = soleExternal(of: row), !used.contains(sole.symbol) else { return false }
      used.insert(sole.symbol)
    }
    return true
  }

  /// The one variable left in a constraint's terms once each variable's coefficients are summed as
  /// `makeRow` sums them (in the order given, a sum of 0 dropping the variable), with its
  /// coefficient; nil when none or several are left, or a coefficient is not finite.
  static func soleTerm(of terms: Constraint.Terms) -> (variable: Variable, coefficient: Double)? {
    var totals: [(variable: Variable, total: Double?)] = []
    for term in terms where term.coefficient != 0 {
      guard term.coefficient.isFinite else { return nil }
      let value = term.coefficient
      if let index = totals.firstIndex(where: { $0.variable === term.variable }) {
        if let sum = totals[index].total {
          let combined = Tolerance.coefficientSum(sum, value)
          totals[index].total = combined == 0 ? nil : combined
        } else if abs(value) >= Tolerance.coefficient {
          totals[index].total = value
        }
      } else {
        totals.append((term.variable, abs(value) >= Tolerance.coefficient ? value : nil))
      }
    }
    var sole: (variable: Variable, coefficient: Double)?
    for entry in totals {
      guard let total = entry.total else { continue }
      guard sole == nil else { return nil }
      sole = (entry.variable, total)
    }
    return sole
  }

  /// Whether `y` is in no restricted row and has no coefficient at any level of the
  /// objective: solving a row for it and substituting it changes neither.
  func isSubstitutableAlone(_ y: SymbolID) -> Bool {
    for level in levels where level.coefficient(of: y) != 0 { return false }
    for entry in columns[Int(y)] {
      let index = Int(entry)
      guard index < rows.count, kinds[index].isRestricted, let other = rows[index] else { continue }
      if other.index(of: y) != nil { return false }
    }
    return true
  }
}

/// Which elements were seen: a list scanned while it is short (a few pins), a set for long
/// lists, whose scans would take time quadratic in their length.
private struct Membership<Element: Hashable> {
  private var list: [Element] = []
  private var set: Set<Element>?

  init(expected count: Int) {
    if count > 16 { set = Set(minimumCapacity: count) }
  }

  func contains(_ element: Element) -> Bool {
    set?.contains(element) ?? list.contains(element)
  }

  /// Adds `element`; whether it was not there yet.
  @discardableResult
  mutating func insert(_ element: Element) -> Bool {
    if var hashed = set {
      set = nil  // uniquely referenced while it is changed
      let inserted = hashed.insert(element).inserted
      set = hashed
      return inserted
    }
    guard !list.contains(element) else { return false }
    list.append(element)
    return true
  }
}
