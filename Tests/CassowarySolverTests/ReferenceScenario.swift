import CassowarySolver

/// A seeded series of adds (with conflicts), removes, edits, probes and range queries, and
/// what the solver answers through it folded into one number (FNV-1a over 64-bit words):
/// values, ranges and errors bit for bit, the constraints listed in their order, and the
/// members of every conflict, by their place in the series (the number holds no address).
/// Also the invariant problems found at the end of each seed's series.
func referenceScenarioDigest(seeds: Range<UInt64>) -> (digest: UInt64, problems: [String]) {
  var digest: UInt64 = 0xcbf2_9ce4_8422_2325
  func add(_ word: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) {
      digest ^= (word >> UInt64(shift)) & 0xff
      digest &*= 0x100_0000_01b3
    }
  }
  var problems: [String] = []
  for seed in seeds {
    // SplitMix64, as `SeededRandom`.
    var state = seed &+ 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var value = state
      value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
      value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
      return value ^ (value >> 31)
    }
    let count = 6 + Int(next() % 10)
    let variables = (0..<count).map { Variable("v\($0)") }
    var made: [Constraint] = []
    var held: [Constraint] = []
    let solver = Solver()
    var edited: Variable?
    func index(_ constraint: Constraint) -> UInt64 {
      UInt64(bitPattern: Int64(made.firstIndex { $0 === constraint } ?? -1))
    }
    let steps = seed % 8 == 0 ? 400 : 60
    for step in 0..<steps {
      let first = variables[Int(next() % UInt64(count))]
      let second = variables[Int(next() % UInt64(count))]
      if !held.isEmpty && next() % 4 == 0 {
        let victim = held.remove(at: Int(next() % UInt64(held.count)))
        do { try solver.remove(victim) } catch { add(0xBAD) }
        add(index(victim))
        continue
      }
      let priority = step % 3 == 0 ? Priority.required : [250, 500, 750][Int(next() % 3)]
      let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][Int(next() % 3)]
      let constant = Double(Int(next() % 41) - 20)
      let constraint = Constraint(Expression(first) - 0.5 * Expression(second) + constant, relation, priority: priority)
      made.append(constraint)
      do throws(SolverError) {
        try solver.add(constraint)
        held.append(constraint)
      } catch {
        if case .unsatisfiable(let members) = error {
          add(UInt64(members.count))
          for member in members { add(index(member)) }
        } else {
          add(0xDEAD)
        }
      }
      if step == 20 {
        do {
          try solver.addEditVariable(first, priority: Priority.medium)
          try solver.suggestValue(33, for: first)
        } catch { add(0xED17) }
        edited = first
      }
      if step > 20 && step % 17 == 0, let edited {
        do { try solver.suggestValue(Double(step % 50) - 10, for: edited) } catch { add(0xED17) }
      }
      if step % 10 == 9 {
        let probed = solver.probe { probe -> Double in
          _ = try? probe.add(Expression(second) == Double(step))
          return probe.value(of: first)
        }
        add(probed.bitPattern)
        for variable in variables { add(solver.value(of: variable).bitPattern) }
      }
    }
    for constraint in solver.constraints { add(index(constraint)) }
    for unsatisfied in solver.unsatisfiedConstraints() { add(index(unsatisfied.constraint)) }
    for (priority, error) in solver.errorsByPriority() {
      add(priority.bitPattern)
      add(error.bitPattern)
    }
    for variable in variables {
      add(solver.value(of: variable).bitPattern)
      let range = solver.range(of: Expression(variable))
      add(range?.minimum?.bitPattern ?? 1)
      add(range?.maximum?.bitPattern ?? 2)
    }
    problems += solver.checkInvariants().map { "seed \(seed): \($0)" }
  }
  return (digest, problems)
}
