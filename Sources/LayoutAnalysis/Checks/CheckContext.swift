import LayoutSyntax

/// What the checks of one layout share across its places: the places themselves (a quick fix
/// must work in each), the answers about fixes worked out so far, and which findings an earlier
/// place already made.
final class CheckContext {
  let places: [PlaceSolver]
  private var made: Set<String> = []
  private var relaxations: [[Int]: Bool] = [:]
  /// The positions of the file's constraints by equation; built when first needed.
  private var copiesByEquation: [ConflictCheck.Equation: [Int]]?

  init(places: [PlaceSolver]) {
    self.places = places
  }

  /// Whether no earlier place made the finding of this code and key. Merging keeps the first
  /// place's copy of a finding (`SolvedLayout.merge`), so only that one needs its fixes and
  /// explanations worked out. Asked once per finding.
  func isFirst(_ code: DiagnosticCode, key: String) -> Bool {
    made.insert("\(code.rawValue)|\(key)").inserted
  }

  /// Whether making the file's constraints at `positions` optional (or removing them) is a fix
  /// in every place (`PlaceSolver.accepts`).
  func resolvesConflicts(relaxing positions: [Int]) -> Bool {
    if let answer = relaxations[positions] { return answer }
    let answer = places.allSatisfy { $0.accepts(ConstraintChange(relaxed: positions)) }
    relaxations[positions] = answer
    return answer
  }

  /// Works out `resolvesConflicts(relaxing:)` for each set of positions at once (each place
  /// answers them together, `PlaceSolver.acceptsEach`), so that the later questions are answered
  /// from what is known. The sets must be pairwise disjoint.
  func prepareRelaxations(_ sets: [[Int]]) {
    var unique: [[Int]] = []
    var seen = Set<[Int]>()
    for positions in sets where relaxations[positions] == nil && seen.insert(positions).inserted {
      unique.append(positions)
    }
    guard unique.count > 1 else { return }
    var answers = [Bool](repeating: true, count: unique.count)
    for place in places {
      let asked = unique.indices.filter { answers[$0] }
      guard !asked.isEmpty else { break }
      let found = place.acceptsEach(relaxing: asked.map { unique[$0] })
      for (offset, index) in asked.enumerated() where !found[offset] { answers[index] = false }
    }
    for (positions, answer) in zip(unique, answers) { relaxations[positions] = answer }
  }

  /// The positions of every constraint of the model with the same equation as the one at
  /// `position` (that one included), in file order.
  func copies(of position: Int, in model: LayoutModel) -> [Int] {
    let table =
      copiesByEquation ?? {
        var table: [ConflictCheck.Equation: [Int]] = [:]
        for (index, constraint) in model.constraints.enumerated() {
          table[ConflictCheck.Equation(constraint), default: []].append(index)
        }
        copiesByEquation = table
        return table
      }()
    return table[ConflictCheck.Equation(model.constraints[position])] ?? [position]
  }
}
