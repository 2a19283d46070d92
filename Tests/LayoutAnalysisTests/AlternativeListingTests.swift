@testable import CassowarySolver
@testable import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// A place that does not follow updates asks for alternatives that list only what its findings
/// read (`AlternativeListing`: every view's size, and the view's own variables and its
/// superviews', which a finding a content priority may explain lists in an alternative of its
/// own when it is completed). Its findings (alternative frames, ranges), trading partners and the values it
/// lists must be exactly those of the alternatives that list every variable they move, bit for
/// bit, on rows of labels and random layouts, in both directions.
final class AlternativeListingTests: XCTestCase {
  /// Every field of a finding, numbers by their shortest round-trip spelling.
  func describe(_ findings: [AmbiguityFinding]) -> [String] {
    findings.map { String(describing: $0) }
  }

  /// Compares every place of the document solved twice: listing what is read, and listing
  /// everything. Returns how many size alternatives were compared and how many listed fewer
  /// variables than the whole one.
  func compare(_ text: String, seed: UInt64) -> (compared: Int, shorter: Int) {
    var compared = 0
    var shorter = 0
    for (listed, whole) in Self.placesSolvedTwice(text) {
      whole.listsWholeAlternatives = true
      let findings = listed.ambiguities()
      XCTAssertEqual(describe(findings), describe(whole.ambiguities()), "seed \(seed)\n\(text)")
      for finding in findings where finding.size {
        XCTAssertEqual(
          listed.sizeTradingPartners(of: finding.view, axis: finding.axis),
          whole.sizeTradingPartners(of: finding.view, axis: finding.axis), "seed \(seed) \(finding.view)\n\(text)")
        guard let few = listed.sizeAlternative(of: finding.view, axis: finding.axis),
          let all = whole.sizeAlternative(of: finding.view, axis: finding.axis)
        else {
          XCTFail("seed \(seed) \(finding.view): no alternative")
          continue
        }
        compared += 1
        if few.changes.count < all.changes.count { shorter += 1 }
        // What it lists, it lists with the same value; what it leaves out, no finding reads.
        // (The two places have variables of their own: they are compared by name.)
        let allByName = Dictionary(uniqueKeysWithValues: all.changes.map { ($0.key.name, $0.value) })
        let fewByName = Dictionary(uniqueKeysWithValues: few.changes.map { ($0.key.name, $0.value) })
        for (name, value) in fewByName {
          XCTAssertEqual(allByName[name]?.bitPattern, value.bitPattern, "seed \(seed) \(name)\n\(text)")
        }
        // A view whose open size a content priority may explain (an intrinsic size on the axis)
        // has its alternative frame worked out when the finding is completed, from an
        // alternative of its own that lists its frame's variables: its size alternative lists
        // only the sizes, which the trading partners read.
        let node = listed.model.views[finding.view]
        let framedLater = (finding.axis == .horizontal ? node?.intrinsicWidth : node?.intrinsicHeight) != nil
        for name in allByName.keys
        where name.hasSuffix(".width") || name.hasSuffix(".height") || (!framedLater && name.hasPrefix(finding.view + ".")) {
          XCTAssertNotNil(fewByName[name], "seed \(seed) \(finding.view): \(name) left out\n\(text)")
        }
      }
    }
    return (compared, shorter)
  }

  /// Every place of the text solved twice, as two places of their own whose ambiguity nothing
  /// has asked yet, for the tests that set one of them otherwise and compare the two.
  static func placesSolvedTwice(_ text: String) -> [(PlaceSolver, PlaceSolver)] {
    let document = LayoutDocument(text: text, kind: .layout)
    let places = SolvedLayout.places(of: document.model)
    let models = document.models(for: places)
    return places.enumerated().map { index, place in
      (PlaceSolver(model: models[index], place: place), PlaceSolver(model: models[index], place: place))
    }
  }

  func testListedAlternativesReadAsWholeOnRowsOfLabels() {
    var compared = 0
    var shorter = 0
    withEverySeed(0..<300) { random, seed in
      var text = TradingPartnerTests.labels(&random)
      if !text.contains("direction both") { text = "direction both\n" + text }
      let counts = compare(text, seed: seed)
      compared += counts.compared
      shorter += counts.shorter
    }
    XCTAssertGreaterThan(compared, 300)
    // The shortcut is taken: most alternatives of a label move the x of labels it does not read.
    XCTAssertGreaterThan(shorter, 100)
  }

  func testListedAlternativesReadAsWholeOnRandomLayouts() {
    var compared = 0
    withEveryRandomLayout(0..<200) { text, seed in
      compared += compare(text, seed: seed).compared
    }
    XCTAssertGreaterThan(compared, 50)
  }

  /// Labels inside a container inside the root, right to left too: the frame reads the
  /// superviews' variables, which the listing must hold.
  func testListedAlternativesReadAsWholeInNestedViews() {
    var compared = 0
    withEverySeed(0..<100) { random, seed in
      let count = Int.random(in: 1...8, using: &random)
      var lines = ["canvas wide \(Int.random(in: 200...900, using: &random))x300", "direction both", "view box {"]
      lines += (0..<count).map { "  label v\($0) intrinsic \(Int.random(in: 5...90, using: &random))x21" }
      lines.append("  H:|-[v0]" + (1..<count).map { "-[v\($0)]" }.joined() + "-|")
      lines += (0..<count).map { "  V:|-8-[v\($0)]" }
      lines.append("}")
      // Pinned at the trailing edge only, the box's x moves with its labels' widths.
      switch Int.random(in: 0..<5, using: &random) {
      case 0: lines.append("H:|-(>=10)-[box]-(>=10)-|")
      case 1: lines.append("H:|-10-[box]")
      case 2: lines.append("H:[box]-10-|")
      case 3: lines.append("H:|-(>=10)-[box]-10-|")
      default: lines.append("H:|-10-[box]-10-|")
      }
      lines.append("V:|-[box(100)]")
      compared += compare(lines.joined(separator: "\n") + "\n", seed: seed).compared
    }
    XCTAssertGreaterThan(compared, 50)
  }
}
