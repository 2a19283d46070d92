@testable import LayoutAnalysis
import LayoutSyntax
import XCTest

/// Numbers outside the range UIKit's engine handles sensibly are reported (`extreme-value`),
/// and a layout whose numbers the solver cannot resolve says so (`inaccurate`) instead of
/// reporting its wrong values as facts (docs/language.md#numbers).
final class NumericRangeTests: XCTestCase {
  private func solve(_ text: String, kind: FileKind = .layout) -> SolvedLayout {
    SolvedLayout(document: LayoutDocument(text: text, kind: kind))
  }

  private func findings(_ layout: SolvedLayout, _ code: DiagnosticCode) -> [Finding] {
    layout.diagnostics.filter { $0.code == code }.map(\.finding)
  }

  /// The views reported with zero width (the axis of the reproducers' numbers).
  private func zeroSizeViews(_ layout: SolvedLayout, axis: AttributeAxis = .horizontal) -> [String] {
    layout.diagnostics.compactMap { diagnostic in
      guard case .zeroSize(let view, axis, _, _) = diagnostic.finding else { return nil }
      return view
    }
  }

  // MARK: - The campaign's reproducers

  /// `a = 1e12 × b + 1e-12` with `b = 1e-12 × c` and `c = 300` gives `a` ≈ 300; the solver
  /// takes the coefficient 1e-12 for 0 and finds 0. Plumb must not call that a zero width
  /// the constraints force.
  func testTinyAndHugeMultipliersAreNotASilentZero() throws {
    let layout = solve(
      """
      view a
      view b
      view c
      a.width == 1000000000000 * b.width + 0.000000000001
      b.width == 0.000000000001 * c.width
      c.width == 300
      """)
    let width = try XCTUnwrap(layout.place()?.solvedView("a")?.frame.width)
    let inaccurate = findings(layout, .inaccurate)
    // Either the right value or an explicit word that the value is not reliable.
    if abs(width - 300) > 1 {
      XCTAssertFalse(inaccurate.isEmpty, "a's width is \(width), with no finding saying it is unreliable")
      XCTAssertFalse(zeroSizeViews(layout).contains("a"), "a zero width reported as a fact: \(layout.diagnostics)")
      XCTAssertFalse(zeroSizeViews(layout).contains("b"))
    }
    XCTAssertEqual(
      inaccurate.compactMap { finding -> Double? in
        guard case .inaccurate(.multiplier(_, let value)) = finding else { return nil }
        return value
      }, [1e12, 1e-12])
    XCTAssertEqual(
      findings(layout, .extremeValue).map { finding -> String in
        guard case .extremeValue(let quote, .multiplier) = finding else { return "\(finding)" }
        return quote.text
      }, ["a.width == 1000000000000 * b.width + 0.000000000001", "b.width == 0.000000000001 * c.width"])
    // The heights are zero because nothing determines them: those findings stay.
    XCTAssertEqual(zeroSizeViews(layout, axis: .vertical), ["a", "b", "c"])
  }

  /// `b.width == a.width * 1e-15` with `a = 1e15`: `b` is 1, not 0.
  func testAHugeConstantWithATinyMultiplierIsNotASilentZero() throws {
    let layout = solve(
      "view a\nview b\na.width == 1000000000000000\nb.width == a.width * 0.000000000000001\n")
    let width = try XCTUnwrap(layout.place()?.solvedView("b")?.frame.width)
    if abs(width - 1) > 0.01 {
      XCTAssertFalse(findings(layout, .inaccurate).isEmpty)
      XCTAssertFalse(zeroSizeViews(layout).contains("b"), "\(layout.diagnostics)")
    }
    XCTAssertEqual(
      findings(layout, .extremeValue).map { finding -> ExtremeValue? in
        guard case .extremeValue(_, let value) = finding else { return nil }
        return value
      }, [.constant(1e15), .multiplier(1e-15)])
    // The view 1e15 points wide is not reported as offscreen: that number is not reliable.
    XCTAssertEqual(findings(layout, .offscreen), [])
  }

  /// `1e308` is finite: no syntax error, a warning, and never `inf` in a message.
  func testAConstantNearTheLargestDouble() {
    let layout = solve("view a\na.width == 1" + String(repeating: "0", count: 308) + "\n")
    XCTAssertEqual(findings(layout, .syntax), [])
    XCTAssertEqual(findings(layout, .extremeValue).count, 1)
    XCTAssertEqual(findings(layout, .inaccurate).count, 1)
    for diagnostic in layout.diagnostics {
      XCTAssertFalse(diagnostic.message.contains("inf"), diagnostic.message)
    }
  }

  /// Sums that overflow: a frame that is not finite has a finding that says so.
  func testAFrameThatOverflowsIsReported() {
    let layout = solve("H:|[a(1.7e308)]-(1.7e308)-[b(10)]\n", kind: .vfl)
    XCTAssertTrue(findings(layout, .inaccurate).contains(.inaccurate(.notFinite(view: "b"))), "\(layout.diagnostics)")
  }

  // MARK: - The range

  func testTheBoundsOfTheRange() {
    let inside = solve(
      "view a\nview b\na.width == 10000000\nb.width == 0.000001 * a.width\nb.height == 1000000 * a.height\n"
        + "a.height == 0 * b.width + 1\n")
    XCTAssertEqual(findings(inside, .extremeValue), [])
    XCTAssertEqual(findings(inside, .inaccurate), [])
    let outside = solve("view a\nview b\na.width == 10000001\nb.width == 0.0000009 * a.width\nb.height == -1000001 * a.height\n")
    XCTAssertEqual(
      findings(outside, .extremeValue).map { finding -> ExtremeValue? in
        guard case .extremeValue(_, let value) = finding else { return nil }
        return value
      }, [.constant(10_000_001), .multiplier(0.0000009), .multiplier(-1_000_001)])
    XCTAssertEqual(findings(outside, .inaccurate), [])
    for diagnostic in outside.diagnostics where diagnostic.code == .extremeValue {
      XCTAssertEqual(diagnostic.severity, .warning)
    }
  }

  /// Constraints that come from properties and Visual Format strings are checked too, and so
  /// are canvases.
  func testIntrinsicSizesVisualFormatsAndCanvases() {
    let layout = solve("canvas huge 20000000x600\nlabel a intrinsic 30000000x20\nH:|-(50000000)-[a]\nV:|[a]\n")
    let constants = findings(layout, .extremeValue).compactMap { finding -> Double? in
      guard case .extremeValue(_, .constant(let value)) = finding else { return nil }
      return value
    }
    XCTAssertEqual(constants.sorted(), [20_000_000, 30_000_000, 50_000_000])
  }

  /// A constraint with both numbers out of range gets a warning for each.
  func testBothNumbersOfOneConstraint() {
    let layout = solve("view a\nview b\na.width == 0.0000001 * b.width + 20000000\nb.width == 10\n")
    XCTAssertEqual(
      findings(layout, .extremeValue).map { finding -> ExtremeValue? in
        guard case .extremeValue(_, let value) = finding else { return nil }
        return value
      }, [.multiplier(0.0000001), .constant(20_000_000)])
  }

  /// An ordinary layout has neither finding.
  func testAnOrdinaryLayoutHasNone() {
    let layout = solve(
      "canvas phone 375x667\nview a\nview b\nH:|-16-[a]-8-[b(==a)]-16-|\nV:|-20-[a(44)]\nb.height == a.height * 9/16\n")
    XCTAssertEqual(findings(layout, .extremeValue), [])
    XCTAssertEqual(findings(layout, .inaccurate), [])
  }
}
