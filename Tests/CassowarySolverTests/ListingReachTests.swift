// The walk of an alternative with a listing follows only the rows something listed may
// depend on (`Tableau.listingReach`). On seeded random chains (the chains of
// `CertainAddsTests`: unit and other coefficients, diamonds, bounded, pinned and optional
// widths), with random listings asked again and again (the reach is kept for the epoch), inside
// probes and after edits, every listed change must be the change of the alternative that lists
// everything, bit for bit, and nothing listed may be left out. Replay one seed with
// `PLUMB_SEED=n`.

@testable import CassowarySolver
import TestSupport
import XCTest

final class ListingReachTests: XCTestCase {
  /// Compares, for every variable, the alternative listing `listing` plus the variable and a
  /// few others with the alternative listing everything; returns how many alternatives were
  /// compared and how many left something out.
  fileprivate func compare(
    _ solver: Solver, _ variables: [Variable], _ listing: AlternativeListing, _ random: inout SeededRandom,
    label: String
  ) -> (compared: Int, shorter: Int) {
    var compared = 0
    var shorter = 0
    for variable in variables {
      let own = [variable] + (0..<Int.random(in: 0...2, using: &random)).compactMap { _ in variables.randomElement(using: &random) }
      let listed = listing.adding(own, in: solver)
      let few = solver.ambiguity(of: variable, listing: listed)
      let all = solver.ambiguity(of: variable, listing: nil)
      switch (few, all) {
      case (.determined(let a), .determined(let b)):
        XCTAssertEqual(a.bitPattern, b.bitPattern, "\(label): \(variable.name)")
      case (.ambiguous(let minA, let maxA, let a), .ambiguous(let minB, let maxB, let b)):
        XCTAssertEqual(minA?.bitPattern, minB?.bitPattern, "\(label): \(variable.name)")
        XCTAssertEqual(maxA?.bitPattern, maxB?.bitPattern, "\(label): \(variable.name)")
        compared += 1
        if a.changes.count < b.changes.count { shorter += 1 }
        for (changed, value) in b.changes {
          let isListed = own.contains { $0 === changed } || listing.contains(symbolOf(changed, in: solver))
          if isListed {
            XCTAssertEqual(a.changes[changed]?.bitPattern, value.bitPattern, "\(label): \(variable.name) lists \(changed.name)")
          }
        }
        for (changed, value) in a.changes {
          XCTAssertEqual(b.changes[changed]?.bitPattern, value.bitPattern, "\(label): \(variable.name) lists \(changed.name)")
        }
      default:
        XCTFail("\(label): \(variable.name) answered differently")
      }
    }
    return (compared, shorter)
  }

  fileprivate func symbolOf(_ variable: Variable, in solver: Solver) -> SymbolID {
    solver.tableau.existingSymbol(for: variable) ?? -1
  }

  func testListedAlternativesAreThoseOfTheWholeOnRandomChains() throws {
    var compared = 0
    var shorter = 0
    try withEverySeed(0..<300) { random, seed in
      let (solver, variables) = try CertainAddsTests.chain(&random)
      let known = variables.filter { solver.tableau.existingSymbol(for: $0) != nil }
      let mask = known.filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
      let listing = solver.alternativeListing(mask)
      var found = compare(solver, known, listing, &random, label: "seed \(seed)")
      _ = solver.probe { solver -> Bool in
        if let pinned = known.randomElement(using: &random) { try? solver.add(pinned == 7) }
        let inner = self.compare(solver, known, listing, &random, label: "seed \(seed), in a probe")
        found.compared += inner.compared
        found.shorter += inner.shorter
        return true
      }
      if let x = known.dropFirst().first, (try? solver.addEditVariable(x, priority: 750)) != nil {
        try? solver.suggestValue(Double(Int.random(in: -50...200, using: &random)), for: x)
        let edited = compare(solver, known, listing, &random, label: "seed \(seed), after an edit")
        found.compared += edited.compared
        found.shorter += edited.shorter
      }
      compared += found.compared
      shorter += found.shorter
    }
    XCTAssertGreaterThan(compared, 1000)
    XCTAssertGreaterThan(shorter, compared / 10)
  }
}
