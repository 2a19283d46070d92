/// Sizes of the tableau, for benchmarks and tests.
public struct TableauStatistics: Sendable, Equatable {
  /// Basic symbols (rows).
  public var rows: Int
  /// Nonzero cells over all rows.
  public var cells: Int
  /// The longest row.
  public var widestRow: Int
  /// Nonzero reduced costs over all objective levels.
  public var objectiveTerms: Int
  /// Symbols ever allocated (variables, slacks, errors, dummies).
  public var symbols: Int
}

extension Solver {
  /// The size of the tableau.
  public var statistics: TableauStatistics {
    tableau.restoreDeferredRows()
    var cells = 0
    var widest = 0
    for row in tableau.rows {
      guard let row else { continue }
      cells += row.cells.count
      widest = max(widest, row.cells.count)
    }
    let objectiveTerms = tableau.levels.reduce(0) { $0 + $1.nonzeroCells.count }
    return TableauStatistics(
      rows: tableau.rowCount, cells: cells, widestRow: widest, objectiveTerms: objectiveTerms,
      symbols: tableau.kinds.count)
  }

  /// How many pivots the last operation made (for benchmarks and tests).
  public var lastPivotCount: Int { tableau.pivotCount }

  /// A deterministic text of the whole state: constraints, edits, rows (by basic symbol)
  /// and objective levels, with every number in full precision.
  ///
  /// Symbols print as `name#id` for variables and `s`, `e`, `d` + id for slacks, errors
  /// and dummies. Two solvers with equal dumps are in the same state.
  public func dump() -> String {
    tableau.restoreDeferredRows()
    var lines: [String] = []
    lines.append("symbols: \(tableau.kinds.count)  rows: \(tableau.rowCount)")
    lines.append("constraints:")
    for record in sortedRecords() {
      let other = record.other >= 0 ? " other=\(symbolName(record.other))" : ""
      let edit = record.isEdit ? " (edit)" : ""
      lines.append(
        "  #\(record.sequence) \(tableau.constraint(of: record).map { "\($0)" } ?? "?")\(edit) marker=\(symbolName(record.marker))\(other)")
    }
    let editLines = tableau.edits.values.compactMap { edit -> (Int, String)? in
      guard let record = tableau.records[ObjectIdentifier(edit.constraint)] else { return nil }
      let name = edit.constraint.terms.first?.variable.name ?? "?"
      return (record.sequence, "  \(name) @\(edit.constraint.priority) target=\(edit.constant)")
    }.sorted { $0.0 < $1.0 }
    if !editLines.isEmpty {
      lines.append("edits:")
      lines.append(contentsOf: editLines.map(\.1))
    }
    lines.append("rows:")
    for (index, row) in tableau.rows.enumerated() {
      guard let row else { continue }
      lines.append("  \(symbolName(SymbolID(index))) = \(format(row))")
    }
    for level in tableau.levels {
      let cells = level.nonzeroCells
      lines.append(
        "objective @\(level.priority) (\(level.members)): \(format(Row(constant: level.constant, cells: cells)))"
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func symbolName(_ symbol: SymbolID) -> String {
    let index = Int(symbol)
    guard index >= 0, index < tableau.kinds.count else { return "?\(symbol)" }
    let kind = tableau.kinds[index]
    if kind == .external, let variable = tableau.variable(ofSymbol: symbol) {
      return "\(variable.name)#\(symbol)"
    }
    return "\(kind.prefix)\(symbol)"
  }

  func format(_ row: Row) -> String {
    var text = "\(row.constant == 0 ? 0 : row.constant)"
    for cell in row.cells {
      text += " + \(cell.coefficient)*\(symbolName(cell.symbol))"
    }
    return text
  }
}
