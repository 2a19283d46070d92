@testable import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// A place that does not follow updates leaves out the ranges of the findings a content
/// priority may explain (an open size of a view with an intrinsic size on the axis) until they
/// are asked for (`PlaceSolver.withRanges`, `ambiguities()`), and the ambiguity check asks only
/// for the findings it reports as `ambiguous`. The ranges it then gets must be those of a place
/// that computes every range at once, bit for bit, and a row of labels that all tie on hugging
/// must ask its solver for no range at all (each was two face LPs over a row as long as the
/// labels after the label: the square of the row).
final class DeferredRangeTests: XCTestCase {
  /// Every field of a finding, numbers by their shortest round-trip spelling.
  func describe(_ findings: [AmbiguityFinding]) -> [String] {
    findings.map { String(describing: $0) }
  }

  /// Solves every place of the text twice, deferring and not, and compares the findings: each
  /// completed alone after the trading partners were asked for (as the check asks), and all of
  /// them through `ambiguities()`. Returns how many findings had their ranges left out.
  func compare(_ text: String, seed: UInt64) -> Int {
    var deferredCount = 0
    for (deferring, eager) in AlternativeListingTests.placesSolvedTwice(text) {
      eager.defersRanges = false
      let expected = eager.ambiguities()
      let partial = deferring.ambiguitiesWithDeferredRanges()
      XCTAssertEqual(partial.count, expected.count, "seed \(seed)\n\(text)")
      for finding in partial where finding.size {
        _ = deferring.sizeTradingPartners(of: finding.view, axis: finding.axis)
      }
      for (finding, whole) in zip(partial, expected) {
        if describe([finding]) != describe([whole]) { deferredCount += 1 }
        XCTAssertEqual(describe([deferring.withRanges(finding)]), describe([whole]), "seed \(seed)\n\(text)")
      }
      XCTAssertEqual(describe(deferring.ambiguities()), describe(expected), "seed \(seed)\n\(text)")
      // Once completed, nothing is left out.
      XCTAssertEqual(describe(deferring.ambiguitiesWithDeferredRanges()), describe(expected), "seed \(seed)\n\(text)")
    }
    return deferredCount
  }

  func testDeferredRangesEqualTheEagerOnesOnRowsOfLabels() {
    var deferred = 0
    withEverySeed(0..<300) { random, seed in
      deferred += compare(TradingPartnerTests.labels(&random), seed: seed)
    }
    // The deferral is taken: most rows have labels with room to spare or too little.
    XCTAssertGreaterThan(deferred, 300)
  }

  func testDeferredRangesEqualTheEagerOnesOnRandomLayouts() {
    withEveryRandomLayout(0..<200) { text, seed in
      _ = compare(text, seed: seed)
    }
  }

  /// The check's findings with and without deferral: the same diagnostics, in the same order
  /// (a live layout's places follow updates and never defer).
  func testTheCheckReportsTheSameAsAPlaceThatComputesEveryRange() {
    withEverySeed(0..<150) { random, seed in
      let text = TradingPartnerTests.labels(&random)
      let document = LayoutDocument(text: text, kind: .layout)
      let fresh = SolvedLayout(document: document, findingsOnly: true)
      let live = LiveLayout().update(document)
      XCTAssertEqual(
        fresh.diagnostics.map { "\($0.range) \($0.code) \($0.message)" },
        live.diagnostics.map { "\($0.range) \($0.code) \($0.message)" }, "seed \(seed)\n\(text)")
    }
  }

  /// A row of labels that tie on hugging, with room to spare: every label's width is explained
  /// by the content priorities, so the check asks for no range; the eager place asked two for
  /// every label but the first (its x and its width, the width's from its alternative).
  /// A row of `count` labels of the same intrinsic size, tied on hugging, with room to spare
  /// (the `labels` shape of `plumb-bench cliff`).
  static func tiedRow(_ count: Int) -> String {
    var lines = ["canvas wide \(40 + 68 * count)x100"]
    lines += (0..<count).map { "label v\($0) intrinsic 60x21" }
    lines.append("H:|" + (0..<count).map { "-[v\($0)]" }.joined() + "-|")
    lines += (0..<count).map { "V:|-8-[v\($0)]" }
    return lines.joined(separator: "\n") + "\n"
  }

  func testARowOfTiedLabelsAsksForNoRange() {
    let count = 60
    let text = Self.tiedRow(count)
    let layout = SolvedLayout(document: LayoutDocument(text: text, kind: .layout))
    XCTAssertEqual(layout.diagnostics.filter { $0.code == .contentPriorityAmbiguity }.count, count - 1)
    XCTAssertFalse(layout.diagnostics.contains { $0.code == .ambiguous })
    XCTAssertEqual(layout.places.map(\.rangeQueries), [0, 0])

    let document = LayoutDocument(text: text, kind: .layout)
    let place = SolvedLayout.places(of: document.model)[0]
    let eager = PlaceSolver(model: document.models(for: [place])[0], place: place)
    eager.defersRanges = false
    _ = eager.ambiguities()
    XCTAssertGreaterThanOrEqual(eager.rangeQueries, count - 1)
  }

  /// The same row: the alternatives of the labels' widths list only the sizes (their frames
  /// are worked out for the findings reported as `ambiguous`, none here), so each reads a few
  /// symbols (10 a label). Listing each label's frame made its alternative walk and evaluate
  /// every x up to the label's own (the first label's width moves, and with it every x after
  /// it): the square of the row, which the eager place still reads. Reading the cells of the
  /// row that shares the spare room (one a label) for every alternative fails it too.
  func testARowOfTiedLabelsReadsAFewSymbolsPerAlternative() {
    let count = 120
    let text = Self.tiedRow(count)
    let document = LayoutDocument(text: text, kind: .layout)
    let place = SolvedLayout.places(of: document.model)[0]
    let model = document.models(for: [place])[0]
    let deferring = PlaceSolver(model: model, place: place)
    let eager = PlaceSolver(model: model, place: place)
    eager.defersRanges = false
    for solver in [deferring, eager] {
      for finding in solver.ambiguitiesWithDeferredRanges() where finding.size {
        _ = solver.sizeTradingPartners(of: finding.view, axis: finding.axis)
      }
    }
    XCTAssertEqual(deferring.ambiguitiesWithDeferredRanges().count, count)
    XCTAssertLessThan(deferring.alternativeSymbolsRead, UInt64(16 * count))
    XCTAssertGreaterThan(eager.alternativeSymbolsRead, UInt64(count * count / 2))
    // Completed, the findings are the eager place's.
    XCTAssertEqual(describe(deferring.ambiguities()), describe(eager.ambiguities()))

    let layout = SolvedLayout(document: LayoutDocument(text: text, kind: .layout))
    XCTAssertEqual(layout.diagnostics.filter { $0.code == .contentPriorityAmbiguity }.count, count - 1)
    XCTAssertLessThan(layout.places[0].alternativeSymbolsRead, UInt64(16 * count))
  }
}
