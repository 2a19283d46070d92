@testable import CassowarySolver
import TestSupport
import XCTest

/// A conflict read from its certificate (`Solver.certifiedConflict`) must be the deletion
/// filter's conflict, member for member and in the same order, whenever it answers; and the
/// answers of `certifiedRelaxations` must be those of a probe that takes each set away.
final class CertifiedConflictTests: XCTestCase {
  private static let coefficients: [Double] = [1, -1, 2, -2, 0.5, 3, 0.1, -0.3]

  private func relation(_ random: inout SeededRandom, equalities: UInt64) -> Relation {
    switch random.next() % (2 + equalities) {
    case 0: return .greaterThanOrEqual
    case 1: return .lessThanOrEqual
    default: return .equal
    }
  }

  /// A random sparse constraint over one to three of the variables.
  private func sparseConstraint(_ variables: [Variable], _ random: inout SeededRandom) -> Constraint {
    var expression = Expression(Double(Int(random.next() % 41) - 20))
    for _ in 0..<(1 + Int(random.next() % 3)) {
      let variable = variables[Int(random.next() % UInt64(variables.count))]
      let coefficient = Self.coefficients[Int(random.next() % UInt64(Self.coefficients.count))]
      expression = expression + Expression(variable) * coefficient
    }
    return Constraint(expression, relation(&random, equalities: 1), Expression())
  }

  /// A chain `x₀ = 0`, `xᵢ₊₁ = xᵢ + wᵢ + gap`, `wᵢ ≥ 0`, closed by `x_n (op) total`, with
  /// some gaps and widths written as inequalities, some unrelated constraints on other
  /// variables and some on the widths (members the conflict does not need).
  private func chain(_ random: inout SeededRandom) -> [Constraint] {
    let n = 2 + Int(random.next() % 25)
    let xs = (0...n).map { Variable("x\($0)") }
    let ws = (0..<n).map { Variable("w\($0)") }
    let others = (0..<3).map { Variable("o\($0)") }
    var constraints: [Constraint] = [Expression(xs[0]) == 0]
    for index in 0..<n {
      let gap = Double(random.next() % 9)
      let op = random.next() % 4 == 0 ? Relation.greaterThanOrEqual : Relation.equal
      constraints.append(Constraint(Expression(xs[index + 1]) - Expression(xs[index]) - Expression(ws[index]) - gap, op, Expression()))
      constraints.append(Expression(ws[index]) * (random.next() % 3 == 0 ? 2 : 1) >= 0)
      if random.next() % 5 == 0 {
        constraints.append(Expression(others[Int(random.next() % 3)]) - Expression(ws[index]) >= Double(random.next() % 5))
      }
      if random.next() % 6 == 0 { constraints.append(sparseConstraint(others, &random)) }
    }
    let total = Double(Int(random.next() % 40) - 10)
    constraints.append(Expression(xs[n]) == total)
    return constraints
  }

  /// `wᵢ₊₁ = wᵢ + step` around a cycle, with some widths bounded and some steps inequalities.
  private func cycle(_ random: inout SeededRandom) -> [Constraint] {
    let n = 2 + Int(random.next() % 25)
    let ws = (0..<n).map { Variable("w\($0)") }
    var constraints: [Constraint] = []
    for index in 0..<n {
      let step = Double(Int(random.next() % 5) - 1)
      let op = random.next() % 5 == 0 ? Relation.greaterThanOrEqual : Relation.equal
      constraints.append(Constraint(Expression(ws[(index + 1) % n]) - Expression(ws[index]) - step, op, Expression()))
      if random.next() % 4 == 0 { constraints.append(Expression(ws[index]) >= 0) }
    }
    return constraints
  }

  private func sparse(_ random: inout SeededRandom) -> [Constraint] {
    let variables = (0..<(3 + Int(random.next() % 6))).map { Variable("v\($0)") }
    return (0..<(4 + Int(random.next() % 14))).map { _ in sparseConstraint(variables, &random) }
  }

  private struct Tally {
    var conflicts = 0
    var answered = 0
    var refused = 0
    var relaxationsAnswered = 0
    var relaxationsRefused = 0
  }

  /// Adds the constraints in order to a solver with the certificate and one without; every
  /// conflict must be the same, and at each conflict the certificate over every constraint
  /// in the solver must be the filter's conflict over the same set when it answers.
  private func compare(_ constraints: [Constraint], seed: UInt64, tally: inout Tally) {
    let certified = Solver()
    let filtered = Solver()
    filtered.usesCertifiedConflicts = false
    for constraint in constraints {
      var first: SolverError?
      var second: SolverError?
      do throws(SolverError) { try certified.add(constraint) } catch { first = error }
      do throws(SolverError) { try filtered.add(constraint) } catch { second = error }
      guard case .unsatisfiable(let one)? = first, case .unsatisfiable(let other)? = second else {
        XCTAssertEqual(first == nil, second == nil, "seed \(seed)")
        continue
      }
      tally.conflicts += 1
      XCTAssertTrue(one.count == other.count && zip(one, other).allSatisfy { $0 === $1 }, "seed \(seed): \(one) vs \(other)")
      let members = filtered.constraints.filter(\.isRequired)
      if let conflict = Solver.certifiedConflict(members, adding: constraint) {
        tally.answered += 1
        let expected = Solver.filteredConflict(members, adding: constraint)
        XCTAssertNotNil(expected, "seed \(seed)")
        if let expected {
          XCTAssertTrue(
            conflict.count == expected.count && zip(conflict, expected).allSatisfy { $0 === $1 },
            "seed \(seed): \(conflict) vs \(expected)")
        }
      } else {
        tally.refused += 1
      }
      compareRelaxations(filtered, adding: constraint, seed: seed, tally: &tally)
    }
  }

  /// Each required constraint of the solver taken away alone, `constraint` required: the
  /// certificate's answer against a probe's.
  private func compareRelaxations(_ solver: Solver, adding constraint: Constraint, seed: UInt64, tally: inout Tally) {
    let required = solver.constraints.filter(\.isRequired)
    guard required.count > 1 else { return }
    // Sometimes one is left out of every case, as the analysis leaves out the broken one.
    let excluded = seed % 2 == 0 ? [] : [required[0]]
    let sets = required.dropFirst(excluded.count).map { [$0] }
    guard let answers = solver.certifiedRelaxations(sets, excluding: excluded, adding: constraint) else {
      tally.relaxationsRefused += 1
      return
    }
    tally.relaxationsAnswered += 1
    for (set, answer) in zip(sets, answers) {
      let probed = solver.probe { solver -> Bool in
        for member in excluded + set { guard (try? solver.remove(member)) != nil else { return false } }
        return (try? solver.add(constraint)) != nil
      }
      XCTAssertEqual(answer, probed, "seed \(seed): without \(set[0]) and \(excluded), adding \(constraint)")
    }
  }

  func testTheCertificateIsTheFiltersConflictOnRandomSystems() {
    var tallies: [String: Tally] = [:]
    withEverySeed(0..<300) { random, seed in
      var tally = tallies["chain", default: Tally()]
      compare(chain(&random), seed: seed, tally: &tally)
      tallies["chain"] = tally
      tally = tallies["cycle", default: Tally()]
      compare(cycle(&random), seed: seed, tally: &tally)
      tallies["cycle"] = tally
      tally = tallies["sparse", default: Tally()]
      compare(sparse(&random), seed: seed, tally: &tally)
      tallies["sparse"] = tally
    }
    // Every kind reaches conflicts; the certificate answers many and refuses some (peeling
    // stuck, or a check that fails) of each kind but the chains.
    for (kind, tally) in tallies {
      XCTAssertGreaterThan(tally.conflicts, 50, kind)
      XCTAssertGreaterThan(tally.answered, 20, kind)
      XCTAssertGreaterThan(tally.relaxationsAnswered, 10, kind)
    }
    XCTAssertGreaterThan(tallies["sparse"]?.refused ?? 0, 20)
    XCTAssertGreaterThan(tallies["cycle"]?.refused ?? 0, 10)
    XCTAssertGreaterThan(tallies["sparse"]?.relaxationsRefused ?? 0, 20)
  }

  func testAChainAndACycleAreAnswered() {
    let xs = (0...300).map { Variable("x\($0)") }
    let ws = (0..<300).map { Variable("w\($0)") }
    var members: [Constraint] = [Expression(xs[0]) == 0]
    for index in 0..<300 {
      members.append(Expression(xs[index + 1]) == Expression(xs[index]) + Expression(ws[index]) + 8)
      members.append(Expression(ws[index]) >= 0)
    }
    let closing = Expression(xs[300]) == 375
    XCTAssertEqual(Solver.certificateSupport(members, adding: closing)?.count, members.count + 1)
    let cycle = (0..<300).map { index in Expression(ws[(index + 1) % 300]) == Expression(ws[index]) + 1 }
    XCTAssertEqual(Solver.certifiedConflict(Array(cycle.dropLast()), adding: cycle[299])?.count, 300)
  }

  /// Peeling succeeds and the support is smaller than the set: `y ≥ 5` is not needed.
  func testASupportSmallerThanTheSet() {
    let x = Variable("x")
    let y = Variable("y")
    let a = Expression(x) >= 0
    let b = Expression(y) >= 5
    let c = Expression(x) + 1 <= 0
    let conflict = Solver.certifiedConflict([a, b], adding: c)
    XCTAssertEqual(conflict?.map(ObjectIdentifier.init), [a, c].map(ObjectIdentifier.init))
    XCTAssertEqual(Solver.filteredConflict([a, b], adding: c)?.map(ObjectIdentifier.init), [a, c].map(ObjectIdentifier.init))
  }

  /// The combination of the rows must vanish on every variable: here it leaves `y`, and the
  /// set can hold (x = y = 1).
  func testACombinationThatLeavesAVariableIsRefused() {
    let x = Variable("x")
    let y = Variable("y")
    XCTAssertNil(Solver.certifiedConflict([Expression(x) - Expression(y) == 0], adding: Expression(x) == 1))
    XCTAssertNil(Solver.certifiedConflict([Expression(x) >= 0], adding: Expression(y) == 1))
  }

  /// The multipliers' signs must fit the inequalities: `x ≥ 0` and `x ≥ 1` can hold.
  func testWrongSignsAreRefused() {
    let x = Variable("x")
    XCTAssertNil(Solver.certifiedConflict([Expression(x) >= 0], adding: Expression(x) - 1 >= 0))
    XCTAssertNil(Solver.certifiedConflict([Expression(x) <= 0, Expression(x) * 2 - 4 <= 0], adding: Expression(x) + 3 == 0))
    // The same rows with the signs that prove the conflict are answered.
    XCTAssertNotNil(Solver.certifiedConflict([Expression(x) >= 0], adding: Expression(x) + 1 <= 0))
  }

  /// A constant combination of 0 proves nothing: `x ≥ 0` and `x ≤ 0` hold at x = 0.
  func testAZeroConstantIsRefused() {
    let x = Variable("x")
    XCTAssertNil(Solver.certifiedConflict([Expression(x) >= 0], adding: Expression(x) <= 0))
  }

  /// Rows that share all their variables cannot be peeled.
  func testStuckPeelingIsRefused() {
    let x = Variable("x")
    let y = Variable("y")
    let members = [Expression(x) + Expression(y) == 2, Expression(x) - Expression(y) == 0, Expression(x) >= 0]
    XCTAssertNil(Solver.certifiedConflict(members, adding: Expression(x) == 5))
    XCTAssertNotNil(Solver.filteredConflict(members, adding: Expression(x) == 5))
  }

  /// The answers of `certifiedRelaxations` for each constraint of the solver taken away alone,
  /// and a probe's.
  private func relaxations(_ constraints: [Constraint], adding added: Constraint) throws -> (certified: [Bool]?, probed: [Bool]) {
    let solver = Solver()
    try solver.add(constraints)
    let sets = constraints.map { [$0] }
    let probed = sets.map { set in
      solver.probe { solver -> Bool in
        guard (try? solver.remove(set[0])) != nil else { return false }
        return (try? solver.add(added)) != nil
      }
    }
    return (solver.certifiedRelaxations(sets, excluding: [], adding: added), probed)
  }

  /// A cycle of required widths, each at least 0: the bounds are met by widening every view,
  /// so each member of the cycle can be taken away and each bound cannot.
  func testBoundsMetAlongAFreeDirection() throws {
    let ws = (0..<40).map { Variable("w\($0)") }
    var constraints = ws.map { Expression($0) >= 0 }
    constraints += (0..<39).map { Expression(ws[$0 + 1]) == Expression(ws[$0]) + 1 }
    let closing = Expression(ws[0]) == Expression(ws[39]) + 1
    let (certified, probed) = try relaxations(constraints, adding: closing)
    XCTAssertNotNil(certified)
    XCTAssertEqual(certified ?? [], probed)
    XCTAssertEqual(probed, [Bool](repeating: false, count: 40) + [Bool](repeating: true, count: 39))
  }

  /// `w1 − w0 = 1` and the added `w0 − w1 = 1` are the certificate without the bound, and
  /// taking the first away meets it; but `w1 = 0` kept leaves `w0 = 1` against `w0 ≤ 0`. No
  /// direction moves `w0` down without moving `w1`, so the certificate must not answer (it
  /// would say the first can go).
  func testABoundThatMakesASecondConflictIsRefused() throws {
    let w0 = Variable("w0")
    let w1 = Variable("w1")
    let constraints = [Expression(w1) - Expression(w0) - 1 == 0, Expression(w1) == 0, Expression(w0) <= 0]
    let (certified, probed) = try relaxations(constraints, adding: Expression(w0) - Expression(w1) - 1 == 0)
    XCTAssertEqual(probed, [false, false, false])
    XCTAssertNil(certified)
  }
}
