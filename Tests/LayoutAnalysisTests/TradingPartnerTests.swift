@testable import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// `PlaceSolver.sizeTradingPartners` reads only the variables an alternative moved, placed by
/// the map of view variables; it must list the same views, in the same order, as reading
/// every view's size in that alternative (`sizeTradingPartnersByScan`).
final class TradingPartnerTests: XCTestCase {
  /// A row of labels (`H:|-[v0]-[v1]-…-|`, sometimes with plain views and a second row) with
  /// random intrinsic widths and priorities (often tied), in a canvas with room, exactly
  /// enough or too little, in one or both directions.
  static func labels(_ random: inout SeededRandom) -> String {
    let count = Int.random(in: 1...24, using: &random)
    var lines: [String] = []
    if Bool.random(using: &random) { lines.append("direction both") }
    var widths: [Int] = []
    for index in 0..<count {
      let width = Int.random(in: 5...90, using: &random)
      widths.append(width)
      var line = "label v\(index) intrinsic \(width)x21"
      switch Int.random(in: 0..<5, using: &random) {
      case 0: line += " hug \([250, 251, 500].randomElement(using: &random) ?? 250)"
      case 1: line += " resist \([749, 750, 751].randomElement(using: &random) ?? 750)"
      case 2: lines.append("view v\(index)")
        widths[index] = 0
        continue
      default: break
      }
      lines.append(line)
    }
    let needed = widths.reduce(0, +) + 8 * (count + 1)
    let width: Int
    switch Int.random(in: 0..<3, using: &random) {
    case 0: width = needed
    case 1: width = needed + Int.random(in: 1...400, using: &random)
    default: width = max(needed - Int.random(in: 1...200, using: &random), 10)
    }
    lines.insert("canvas wide \(width)x\(Int.random(in: 30...200, using: &random))", at: 0)
    lines.append("H:|" + (0..<count).map { "-[v\($0)]" }.joined() + "-|")
    for index in 0..<count { lines.append("V:|-8-[v\(index)]") }
    if count > 2 && Bool.random(using: &random) {
      lines.append("V:[v0]-[v1]-[v2]-|")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func testPartnersEqualTheScanOnRowsOfLabels() {
    var compared = 0
    var nonempty = 0
    withEverySeed(0..<300) { random, seed in
      let text = Self.labels(&random)
      let document = LayoutDocument(text: text, kind: .layout)
      let layout = SolvedLayout(document: document, solveWithErrors: true)
      for solver in layout.places {
        for ambiguity in solver.ambiguities() where ambiguity.size {
          guard let solution = solver.sizeAlternative(of: ambiguity.view, axis: ambiguity.axis) else { continue }
          let fast = solver.sizeTradingPartners(of: ambiguity.view, axis: ambiguity.axis)
          let scanned = solver.sizeTradingPartnersByScan(of: ambiguity.view, axis: ambiguity.axis, solution: solution)
          XCTAssertEqual(fast, scanned, "seed \(seed): \(ambiguity.view) \(ambiguity.axis)\n\(text)")
          compared += 1
          if !fast.isEmpty { nonempty += 1 }
        }
      }
    }
    XCTAssertGreaterThan(compared, 300)
    XCTAssertGreaterThan(nonempty, 100)
  }

  func testPartnersEqualTheScanOnRandomLayouts() {
    var compared = 0
    withEveryRandomLayout(0..<200) { text, seed in
      let layout = SolvedLayout(document: LayoutDocument(text: text, kind: .layout), solveWithErrors: true)
      for solver in layout.places {
        for ambiguity in solver.ambiguities() where ambiguity.size {
          guard let solution = solver.sizeAlternative(of: ambiguity.view, axis: ambiguity.axis) else { continue }
          XCTAssertEqual(
            solver.sizeTradingPartners(of: ambiguity.view, axis: ambiguity.axis),
            solver.sizeTradingPartnersByScan(of: ambiguity.view, axis: ambiguity.axis, solution: solution),
            "seed \(seed): \(ambiguity.view) \(ambiguity.axis)\n\(text)")
          compared += 1
        }
      }
    }
    XCTAssertGreaterThan(compared, 50)
  }
}
