@testable import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// The conflict fixes are decided for every member of a conflict at once
/// (`PlaceSolver.acceptsEach`); each answer must be the one a probe of that member alone gives.
final class FixProbeBatchTests: XCTestCase {
  /// For each conflict of `solver`, the sets a fix relaxes: the copies of each member's
  /// constraint, the broken one first, each set once.
  private static func relaxationSets(
    of solver: PlaceSolver, context: CheckContext, document: LayoutDocument
  ) -> [[[Int]]] {
    solver.conflicts.map { conflict in
      var sets: [[Int]] = []
      for entry in [conflict.brokenEntry] + conflict.otherEntries {
        guard let position = solver.modelPosition(ofEntry: entry) else { continue }
        let copies = context.copies(of: position, in: document.model)
        if !sets.contains(copies) { sets.append(copies) }
      }
      return sets
    }
  }

  private func checkBatchAgreesWithSingleProbes(_ text: String, label: String) -> Int {
    let document = LayoutDocument(text: text, kind: .layout)
    let layout = SolvedLayout(document: document, solveWithErrors: true)
    let context = CheckContext(places: layout.places)
    var compared = 0
    for solver in layout.places {
      for sets in Self.relaxationSets(of: solver, context: context, document: document) {
        let batch = solver.acceptsEach(relaxing: sets)
        let single = sets.map { solver.accepts(ConstraintChange(relaxed: $0)) }
        XCTAssertEqual(batch, single, "\(label): \(sets)\n\(text)")
        compared += sets.count
      }
    }
    return compared
  }

  func testBatchAgreesWithOneProbePerMember() {
    // Relaxing `a.width == 10` or `b.width == a.width` ends the first conflict, but the second
    // conflict (`b.width == 30` against `b.width <= 25`) keeps `b.width == 30` broken, so
    // relaxing a member the two share gives different answers.
    let text = """
      view a
      view b
      view c
      a.width == 10
      b.width == a.width
      b.width == 20
      b.width <= 25
      b.width == 30
      c.width == b.width
      c.width == 10
      c.width == 10
      """
    XCTAssertGreaterThan(checkBatchAgreesWithSingleProbes(text, label: "fixed"), 2)
  }

  func testBatchAgreesOnRandomLayouts() {
    var compared = 0
    withEverySeed(0..<150) { random, seed in
      compared += checkBatchAgreesWithSingleProbes(RandomLayout.text(&random), label: "seed \(seed)")
    }
    XCTAssertGreaterThan(compared, 20)
  }

  func testACycleOfRequiredWidthsOffersEveryMember() {
    let n = 12
    let lines = (0..<n).map { "view v\($0)" } + (0..<n).map { "v\(($0 + 1) % n).width == v\($0).width + 1" }
    let layout = SolvedLayout(document: LayoutDocument(text: lines.joined(separator: "\n") + "\n", kind: .layout))
    let conflict = layout.diagnostics.first { $0.code == .conflict }
    // Each of the n members can be lowered or removed.
    XCTAssertEqual(conflict?.fixes.count, 2 * n)
    XCTAssertGreaterThan(checkBatchAgreesWithSingleProbes(lines.joined(separator: "\n") + "\n", label: "cycle"), n - 1)
  }

  /// The batch with the certificate's answers (`PlaceSolver.certifiedLeaveOneOut`) against
  /// the batch of probes alone, on the same sets; returns how many batches the certificate
  /// answered.
  private func checkCertifiedAgreesWithProbes(_ text: String, kind: FileKind, label: String) -> Int {
    let document = LayoutDocument(text: text, kind: kind)
    let layout = SolvedLayout(document: document, solveWithErrors: true)
    let context = CheckContext(places: layout.places)
    var answered = 0
    for solver in layout.places {
      for sets in Self.relaxationSets(of: solver, context: context, document: document) {
        let before = solver.certifiedRelaxationCount
        solver.usesCertifiedRelaxations = true
        let certified = solver.acceptsEach(relaxing: sets)
        answered += solver.certifiedRelaxationCount - before
        solver.usesCertifiedRelaxations = false
        let probed = solver.acceptsEach(relaxing: sets)
        solver.usesCertifiedRelaxations = true
        XCTAssertEqual(certified, probed, "\(label): \(sets)\n\(text)")
      }
    }
    return answered
  }

  func testCertifiedAnswersAgreeWithProbes() {
    // Random layouts rarely have a unique certificate (equal widths, pinned sizes and their
    // `width >= 0` make rows dependent): they check that refusing leaves the probes' answers.
    withEverySeed(0..<150) { random, seed in
      _ = checkCertifiedAgreesWithProbes(RandomLayout.text(&random), kind: .layout, label: "seed \(seed)")
    }
    // VFL chains too narrow for their canvas: the certificate answers every one.
    withEverySeed(0..<40) { random, seed in
      let n = 2 + Int(random.next() % 120)
      let gaps = (1..<n).map { random.next() % 3 == 0 ? "-(\(random.next() % 30))-[v\($0)]" : "-[v\($0)]" }
      let text = "H:|[v0]" + gaps.joined() + "|\n"
      let count = checkCertifiedAgreesWithProbes(text, kind: .vfl, label: "chain seed \(seed)")
      if n > 50 { XCTAssertGreaterThan(count, 0, "chain seed \(seed)") }
    }
    let n = 30
    let cycle = (0..<n).map { "view v\($0)" } + (0..<n).map { "v\(($0 + 1) % n).width == v\($0).width + 1" }
    // A cycle of widths, each at least 0: answered with the bounds met by widening every view.
    XCTAssertGreaterThan(checkCertifiedAgreesWithProbes(cycle.joined(separator: "\n") + "\n", kind: .layout, label: "cycle"), 0)
  }
}
