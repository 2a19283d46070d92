// `Solver.takeChanges()`: every variable whose value or ambiguity differs after an operation
// must be listed; what is not listed must answer as before, bit for bit. Seeded random
// systems of chains (so that some parts are coupled on the optimal face and others not),
// with adds, removes, edits, probes and queries between the changes taken (a probe or a face
// LP changes rows and rolls them back, which must count for nothing).

import CassowarySolver
import TestSupport
import XCTest

final class ChangeTrackingTests: XCTestCase {
  /// What `ambiguity(of:)` answers about one variable, numbers as bits.
  private struct Answer {
    var text: String
    /// The alternative's values, by variable.
    var moved: [(Variable, UInt64)]

    /// The answer as text, with the alternative's values of the variables `keep` accepts
    /// (an alternative lists absolute values: those of listed variables may differ).
    func described(keeping keep: (Variable) -> Bool) -> String {
      text + " " + moved.filter { keep($0.0) }.map { "\($0.0.name)=\($0.1)" }.sorted().joined(separator: ",")
    }
  }

  private func answer(_ solver: Solver, _ variable: Variable) -> Answer {
    func bits(_ value: Double?) -> String { value.map { String($0.bitPattern, radix: 16) } ?? "nil" }
    switch solver.ambiguity(of: variable) {
    case .determined(let value):
      return Answer(text: "determined \(bits(value))", moved: [])
    case .ambiguous(let minimum, let maximum, let alternative):
      return Answer(
        text: "ambiguous \(bits(minimum)) \(bits(maximum))", moved: alternative.changes.map { ($0.key, $0.value.bitPattern) })
    }
  }

  private struct State {
    var values: [UInt64]
    var answers: [Answer]
    var ambiguous: Set<Variable>
  }

  private func state(_ solver: Solver, _ variables: [Variable]) -> State {
    State(
      values: variables.map { solver.value(of: $0).bitPattern },
      answers: variables.map { answer(solver, $0) },
      ambiguous: solver.ambiguousVariables(among: variables))
  }

  func testEveryChangedValueAndAmbiguityIsReported() throws {
    var checked = 0
    var unlistedChecked = 0
    var operations = 0
    try withEverySeed(0..<300) { random, seed in
      let count = Int.random(in: 4...12, using: &random)
      let variables = (0..<count).map { Variable("x\($0)") }
      let solver = Solver()
      var held: [Constraint] = []
      var tag = 0
      func randomConstraint() -> Constraint {
        // Mostly between neighbours, so that the system falls into chains and parts.
        let first = Int.random(in: 0..<count, using: &random)
        var terms = [Term(variables[first], 1)]
        if Bool.random(using: &random) {
          let second = min(count - 1, max(0, first + Int.random(in: -2...2, using: &random)))
          if second != first {
            terms.append(Term(variables[second], Double([-2, -1, 1, 2].randomElement(using: &random) ?? 1)))
          }
        }
        let relation = [Relation.equal, .greaterThanOrEqual, .lessThanOrEqual].randomElement(using: &random) ?? .equal
        let priority = [1000, 1000, 750, 500, 250].randomElement(using: &random) ?? 1000
        tag += 1
        return Constraint(
          Expression(terms: terms, constant: Double(Int.random(in: -30...30, using: &random))), relation,
          priority: Double(priority), tag: tag)
      }
      for _ in 0..<Int.random(in: 2...(2 * count), using: &random) {
        let constraint = randomConstraint()
        if (try? solver.add(constraint)) != nil { held.append(constraint) }
      }
      solver.tracksChanges = true
      var edited: Variable?
      for step in 0..<25 {
        let before = state(solver, variables)
        // Queries and probes between two takes change nothing.
        if Bool.random(using: &random), let variable = variables.randomElement(using: &random) {
          _ = solver.range(of: Expression(variable) + Expression(variables[0]))
          _ = solver.probe { probe in
            if let constraint = held.randomElement(using: &random) { try? probe.remove(constraint) }
            _ = probe.ambiguity(of: variable)
          }
        }
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<4:
          let constraint = randomConstraint()
          if (try? solver.add(constraint)) != nil { held.append(constraint) }
        case 4..<7 where !held.isEmpty:
          let index = Int.random(in: 0..<held.count, using: &random)
          if (try? solver.remove(held[index])) != nil { held.remove(at: index) }
        case 7:
          if let variable = edited {
            try? solver.suggestValue(Double(Int.random(in: -40...40, using: &random)), for: variable)
          } else if let variable = variables.randomElement(using: &random) {
            try? solver.addEditVariable(variable, priority: 100)
            edited = variable
          }
        default:
          break  // Only the queries above: nothing may be reported as changed in value.
        }
        operations += 1
        let changes = solver.takeChanges()
        let values = Set(changes.values)
        let ambiguity = Set(changes.ambiguity)
        XCTAssertTrue(values.isSubset(of: ambiguity), "seed \(seed), step \(step)")
        if changes.all { continue }
        let unlisted = { (variable: Variable) in !ambiguity.contains(variable) }
        let after = state(solver, variables)
        for (index, variable) in variables.enumerated() {
          checked += 1
          if before.values[index] != after.values[index] {
            XCTAssertTrue(values.contains(variable), "seed \(seed), step \(step): \(variable.name)'s value changed unlisted")
          }
          guard !ambiguity.contains(variable) else { continue }
          unlistedChecked += 1
          XCTAssertEqual(
            before.ambiguous.contains(variable), after.ambiguous.contains(variable),
            "seed \(seed), step \(step): \(variable.name)'s ambiguity changed unlisted")
          XCTAssertEqual(
            before.answers[index].described(keeping: unlisted), after.answers[index].described(keeping: unlisted),
            "seed \(seed), step \(step): \(variable.name)'s answer changed unlisted")
        }
        if let failure = solver.checkInvariants().first { return XCTFail("seed \(seed): \(failure)") }
      }
      // Nothing changes between two takes without an operation.
      let quiet = solver.takeChanges()
      XCTAssertTrue(quiet.values.isEmpty && quiet.ambiguity.isEmpty && !quiet.all, "seed \(seed)")
    }
    XCTAssertGreaterThan(operations, 5_000)
    XCTAssertGreaterThan(unlistedChecked, checked / 4, "most variables should be left out of the changes")
  }
}
