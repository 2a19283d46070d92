import ConstraintLog
import Foundation
import TestSupport
import XCTest

/// The explanations of hand-written logs (`Tests/Fixtures/explain/logs`), in the shapes
/// UIKit prints: the minimal set, the arithmetic, the broken constraint and the causes.
final class ExplainTests: XCTestCase {
  func explain(_ name: String) throws -> LogExplanation {
    let url = fixturesDirectory("explain").appendingPathComponent("logs").appendingPathComponent(name)
    return Explainer.explain([UInt8](try Data(contentsOf: url)))
  }

  func minimal(_ explanation: Explanation) -> [String] {
    explanation.constraintMembers.map { explanation.block.constraints[$0].address }
  }

  func testCellHeightAgainstAChain() throws {
    let report = try explain("cell-height.log")
    let explanation = try XCTUnwrap(report.explanations.first)
    XCTAssertEqual(report.explanations.count, 1)
    XCTAssertTrue(explanation.block.isComplete)
    XCTAssertEqual(explanation.outcome, .conflict)
    XCTAssertEqual(minimal(explanation), ["0x600002d1c0a0", "0x600002d1c140", "0x600002d1c1e0", "0x600002d1c5f0"])
    let arithmetic = try XCTUnwrap(explanation.arithmetic)
    XCTAssertEqual(arithmetic.terms, [8, 200, 8])
    XCTAssertEqual(arithmetic.total, 216)
    XCTAssertEqual(arithmetic.needed, .equal)
    XCTAssertEqual(arithmetic.value, 44)
    XCTAssertEqual(explanation.broken, .listed(1, inMinimalSet: true))
    XCTAssertEqual(explanation.causes.count, 1)
    guard case .encapsulatedSize(_, horizontal: false, value: 44) = explanation.causes.first else {
      return XCTFail("\(explanation.causes)")
    }
    let text = ExplanationText.render(report)
    XCTAssertTrue(text.contains("8 + 200 + 8 = 216 points"), text)
    XCTAssertTrue(text.contains("lower one vertical constraint"), text)
  }

  func testAutoresizingMaskWithAViewsOwnSize() throws {
    let explanation = try XCTUnwrap(try explain("autoresizing.log").explanations.first)
    XCTAssertEqual(explanation.outcome, .conflict)
    XCTAssertEqual(minimal(explanation).count, 3)
    XCTAssertTrue(explanation.members.contains { if case .nonNegativeSize(_, true) = $0 { true } else { false } })
    XCTAssertEqual(explanation.arithmetic?.terms, [16, 16])
    XCTAssertEqual(explanation.arithmetic?.needed, .greaterThanOrEqual)
    guard case .autoresizingMask(let view, let mask?, systemView: false) = explanation.causes.first else {
      return XCTFail("\(explanation.causes)")
    }
    XCTAssertEqual(view.className, "Recipes.BannerView")
    XCTAssertEqual(mask.horizontal, "--&")
    XCTAssertTrue(ExplanationText.fixText(explanation.causes[0]).contains("bannerView.translatesAutoresizingMaskIntoConstraints = false"))
  }

  func testHiddenArrangedView() throws {
    let explanation = try XCTUnwrap(try explain("hidden-arranged-view.log").explanations.first)
    XCTAssertEqual(explanation.outcome, .conflict)
    XCTAssertEqual(explanation.causes.count, 1)
    guard case .hiddenArrangedView(_, horizontal: false) = explanation.causes.first else {
      return XCTFail("\(explanation.causes)")
    }
  }

  func testTemporaryWidthAndABrokenConstraintOutsideTheSet() throws {
    let explanation = try XCTUnwrap(try explain("temporary-width.log").explanations.first)
    XCTAssertEqual(explanation.outcome, .conflict)
    // The stack's own minimum width is not needed for the clash: margins and a size of 0 are.
    XCTAssertEqual(minimal(explanation), ["0x600003b40c80", "0x600003b40d20", "0x600003b47ac0"])
    XCTAssertEqual(explanation.broken, .listed(2, inMinimalSet: false))
    XCTAssertTrue(explanation.members.contains { if case .assumedMargin(_, .left, 8) = $0 { true } else { false } })
    guard case .transientZeroSize(_, horizontal: true) = explanation.causes.first else {
      return XCTFail("\(explanation.causes)")
    }
  }

  func testMarginsGuidePrintedInTheLog() throws {
    let explanation = try XCTUnwrap(try explain("margins-guide.log").explanations.first)
    XCTAssertEqual(explanation.outcome, .conflict)
    // The margins are the guide's, 11 points, not the default 8.
    XCTAssertFalse(explanation.members.contains { if case .assumedMargin = $0 { true } else { false } })
    XCTAssertEqual(explanation.arithmetic?.total, 114)
  }

  /// The inferred superviews among the members.
  func links(_ explanation: Explanation) -> [SuperviewLink] {
    explanation.members.compactMap { if case .inferredSuperview(let link) = $0 { link } else { nil } }
  }

  /// A report of these entries, the last one broken.
  func report(_ entries: [String]) -> LogExplanation {
    let list = entries.map { "    \"<\($0)>\"" }.joined(separator: ",\n")
    let text = """
      Unable to simultaneously satisfy constraints.
      (
      \(list)
      )

      Will attempt to recover by breaking constraint 
      <\(entries.last ?? "")>

      """
    return Explainer.explain(Array(text.utf8))
  }

  func testAnAutoresizingConstraintIsMeasuredInTheSuperviewAnEdgeNames() throws {
    let report = try explain("autoresizing-superview.log")
    let explanation = try XCTUnwrap(report.explanations.first)
    XCTAssertEqual(explanation.outcome, .conflict)
    XCTAssertEqual(minimal(explanation), ["0x600003f08c30", "0x600003f07a50"])
    let link = try XCTUnwrap(links(explanation).first)
    XCTAssertEqual(link.placeholder.superviewOf, "0x7f8a1e30a120")
    XCTAssertEqual(link.superview.address, "0x7f8a1e309e80")
    XCTAssertEqual(link.evidence, ["0x600003f07a50"])
    XCTAssertFalse(link.bySpacing)
    let text = ExplanationText.render(report)
    XCTAssertTrue(
      text.contains("(superview of 0x7f8a1e30a120) is UIView:0x7f8a1e309e80   (inferred from 0x600003f07a50:"), text)
  }

  func testViewsSpacedInAVisualFormatEntryShareTheirSuperview() throws {
    let explanation = try XCTUnwrap(try explain("sibling-autoresizing.log").explanations.first)
    XCTAssertEqual(explanation.outcome, .conflict)
    XCTAssertEqual(minimal(explanation).count, 5)
    let link = try XCTUnwrap(links(explanation).first)
    XCTAssertEqual(link.placeholder.superviewOf, "0x7f8a1d204b60")
    XCTAssertEqual(link.superview.className, "Recipes.RecipeHeader")
    XCTAssertEqual(link.evidence, ["0x600001c2e0a0", "0x600001c2e1e0"])
    XCTAssertTrue(link.bySpacing)
    XCTAssertEqual(explanation.broken, .listed(2, inMinimalSet: true))
    guard case .autoresizingMask(let view, _, systemView: false) = explanation.causes.first else {
      return XCTFail("\(explanation.causes)")
    }
    XCTAssertEqual(view.address, "0x7f8a1d204b60")
  }

  func testSiblingsWithoutANamedSuperviewShareAnUnknownOne() {
    // Two views spaced 8 apart, each placed by its frame in a superview no entry names.
    let explanation = report([
      "NSAutoresizingMaskLayoutConstraint:0x6000001 h=--& v=--& UIView:0x7f01.minX == 0",
      "NSAutoresizingMaskLayoutConstraint:0x6000002 h=--& v=--& UIView:0x7f01.width == 100",
      "NSAutoresizingMaskLayoutConstraint:0x6000003 h=--& v=--& UIView:0x7f02.minX == 100",
      "NSLayoutConstraint:0x6000004 H:[UIView:0x7f01]-(8)-[UIView:0x7f02]",
    ]).explanations[0]
    XCTAssertEqual(explanation.outcome, .conflict)
    let link = links(explanation).first
    XCTAssertEqual(link?.placeholder.superviewOf, "0x7f02")
    XCTAssertEqual(link?.superview.superviewOf, "0x7f01")
    XCTAssertEqual(link.map { ExplanationText.memberText(.inferredSuperview($0), constraints: []) }?.contains("taken to share a superview"), true)
  }

  func testAViewsAutoresizingConstraintsShareOneUnknownSuperview() {
    let explanation = report([
      "NSAutoresizingMaskLayoutConstraint:0x6000001 h=--& v=--& UIView:0x7f01.minY == 10",
      "NSAutoresizingMaskLayoutConstraint:0x6000002 h=--& v=--& UIView:0x7f01.midY == + 40",
      "NSLayoutConstraint:0x6000003 V:[UIView:0x7f01(40)]",
    ]).explanations[0]
    XCTAssertEqual(explanation.outcome, .conflict)
    XCTAssertEqual(explanation.members.count, 3)
    XCTAssertTrue(links(explanation).isEmpty)
  }

  func testWithoutEvidenceTheSuperviewStaysUnknown() {
    // Nothing says where the second label's frame is measured from: no conflict is made up.
    let explanation = report([
      "NSLayoutConstraint:0x6000001 V:|-(12)-[UILabel:0x7f01]   (names: '|':UIView:0x7f00 )",
      "NSLayoutConstraint:0x6000002 V:[UILabel:0x7f01(20)]",
      "NSLayoutConstraint:0x6000003 UILabel:0x7f02.top == UILabel:0x7f01.bottom + 4",
      "NSLayoutConstraint:0x6000004 V:[UILabel:0x7f02(18)]",
      "NSAutoresizingMaskLayoutConstraint:0x6000005 h=--& v=--& UILabel:0x7f02.midY == + 50",
    ]).explanations[0]
    XCTAssertEqual(explanation.outcome, .consistent)
  }

  func testAViewIsNeverTakenForItsOwnSuperview() {
    // The spacing makes the two siblings, the second entry makes the first the second's
    // superview: no link of the first view to itself.
    let explanation = report([
      "NSLayoutConstraint:0x6000001 H:[UIView:0x7f01]-(8)-[UIView:0x7f02]",
      "NSLayoutConstraint:0x6000002 H:|-(16)-[UIView:0x7f02]   (names: '|':UIView:0x7f01 )",
      "NSAutoresizingMaskLayoutConstraint:0x6000003 h=--& v=--& UIView:0x7f01.minX == 5",
    ]).explanations[0]
    XCTAssertTrue(links(explanation).isEmpty)
    XCTAssertNotEqual(explanation.outcome, .unsolved(""))
    XCTAssertEqual(explanation.outcome, .consistent)
  }

  func testEntriesThatDisagreeKeepTheFirstSuperview() {
    // One view with two superviews (a mangled paste): the first is kept, and groups that name
    // different superviews are not joined.
    let explanation = report([
      "NSLayoutConstraint:0x6000001 H:|-(16)-[UIView:0x7f01]   (names: '|':UIView:0x7f00 )",
      "NSLayoutConstraint:0x6000002 H:|-(20)-[UIView:0x7f01]   (names: '|':UIView:0x7f09 )",
      "NSLayoutConstraint:0x6000003 H:|-(4)-[UIView:0x7f02]   (names: '|':UIView:0x7f08 )",
      "NSLayoutConstraint:0x6000004 H:[UIView:0x7f01]-(8)-[UIView:0x7f02]",
      "NSAutoresizingMaskLayoutConstraint:0x6000005 h=--& v=--& UIView:0x7f01.minX == 0",
    ]).explanations[0]
    XCTAssertEqual(explanation.outcome, .conflict)
    XCTAssertEqual(links(explanation).first?.superview.address, "0x7f00")
    XCTAssertEqual(minimal(explanation), ["0x6000001", "0x6000005"])
  }

  func testAnIncompleteListIsSaidToBeIncomplete() throws {
    let report = try explain("pasted-in-markdown.log")
    let explanation = try XCTUnwrap(report.explanations.first)
    XCTAssertEqual(explanation.block.constraints.count, 3)
    XCTAssertEqual(explanation.block.missing, [.endOfList, .brokenConstraint])
    XCTAssertEqual(explanation.outcome, .consistent)
    XCTAssertTrue(ExplanationText.render(report).contains("the list is incomplete"))
  }

  func testSeveralReportsAmongOtherLines() throws {
    let report = try explain("two-reports.log")
    XCTAssertEqual(report.explanations.map(\.block.line), [1, 17])
    XCTAssertEqual(report.explanations.map(\.outcome), [.conflict, .conflict])
    // A multiplier: width == 2 × height with width 300 needs a height of 150.
    XCTAssertEqual(report.explanations[0].arithmetic?.total, 150)
  }

  func testRedactedAndFragments() {
    let redacted = Explainer.explain(
      Array(
        """
        [Layout] Unable to simultaneously satisfy constraints:
        <private>

        Will attempt to recover by breaking constraint 
        <private>
        """.utf8))
    XCTAssertEqual(redacted.explanations.map(\.outcome), [.redacted])
    XCTAssertTrue(redacted.explanations[0].block.isAppKit)
    let fragment = Explainer.explain(
      Array(
        """
        Will attempt to recover by breaking constraint 
        <NSLayoutConstraint:0x600001 UILabel:0x7f01'None'.bottom == UIView:0x7f02.bottom   (active)>
        """.utf8))
    XCTAssertEqual(fragment.explanations.map(\.outcome), [.nothingListed])
    XCTAssertEqual(fragment.explanations[0].broken, .notListed(address: "0x600001"))
    XCTAssertEqual(fragment.explanations[0].block.missing, [.header])
  }

  func testHostileInput() {
    XCTAssertEqual(LogReader.read([]).problem, .empty)
    XCTAssertEqual(LogReader.read("  \n\t\n").problem, .empty)
    XCTAssertEqual(LogReader.read([0x00, 0x01, 0x02, 0xFF, 0x7F]).problem, .binary)
    XCTAssertEqual(LogReader.read(Array(repeating: 0x41, count: 100), limit: 10).problem, .tooLarge(bytes: 100, limit: 10))
    XCTAssertEqual(LogReader.read("hello\nworld\n").problem, .noConflictLog)
    for problem in [InputProblem.empty, .binary, .noConflictLog, .tooLarge(bytes: 2, limit: 1)] {
      XCTAssertFalse(ExplanationText.message(for: problem).isEmpty)
    }
    // Invalid UTF-8 inside a log is read around.
    var bytes = Array("Unable to simultaneously satisfy constraints.\n(\n    \"<NSLayoutConstraint:0x61 UIView:0x71.width == 1>\",\n".utf8)
    bytes += [0xC3, 0x28, 0xFE, 0x0A]
    bytes += Array("    \"<NSLayoutConstraint:0x62 UIView:0x71.width == 2>\"\n)\n".utf8)
    let report = Explainer.explain(bytes)
    XCTAssertEqual(report.explanations.first?.outcome, .conflict)
  }

  /// Every prefix of a log, cut at any byte, gives an answer without trapping.
  func testHalfALogAtEveryCut() throws {
    let url = fixturesDirectory("explain").appendingPathComponent("logs/margins-guide.log")
    let bytes = [UInt8](try Data(contentsOf: url))
    for end in 0...bytes.count {
      let report = Explainer.explain(Array(bytes[0..<end]))
      XCTAssertFalse(ExplanationText.render(report).isEmpty)
    }
  }

  /// Random bytes and random mixes of log fragments never trap and always say something.
  func testRandomInput() {
    let pieces = [
      "Unable to simultaneously satisfy constraints.", "(", ")", "\"<NSLayoutConstraint:0x6", " UIView:0x7f01", ".width",
      " == ", " >= ", "200", "   (active, names: '|':UIView:0x7f02 )>\",", "H:[", "V:|-(", ")-[", "]-(", "(>=", "@750",
      "'Title'", "Will attempt to recover by breaking constraint ", "\n", "\\<", "\\>", "> ", "h=--& v=--& ", "'UISV-hiding' ",
      "NSSpace(8)", "*", "0.5", ".leadingMargin", "<private>", "\u{0}", "é", "'|':",
    ]
    var random = SeededRandom(seed: 15)
    for _ in 0..<400 {
      var text = ""
      for _ in 0..<Int.random(in: 1...60, using: &random) {
        text += pieces[Int.random(in: 0..<pieces.count, using: &random)]
      }
      let report = Explainer.explain(Array(text.utf8))
      XCTAssertFalse(ExplanationText.render(report).isEmpty)
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...300, using: &random) { bytes.append(UInt8.random(in: 0...255, using: &random)) }
      XCTAssertFalse(ExplanationText.render(Explainer.explain(bytes)).isEmpty)
    }
  }

  /// A paste of many reports: every one is read.
  func testManyBlocks() {
    let block = """
      2026-03-02 13:00:01.204411+0100 App[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints.
      (
          "<NSLayoutConstraint:0x600001 UIView:0x7f01.width == 300   (active)>",
          "<NSLayoutConstraint:0x600002 UIView:0x7f01.width == 200   (active)>"
      )
      Will attempt to recover by breaking constraint 
      <NSLayoutConstraint:0x600002 UIView:0x7f01.width == 200   (active)>

      """
    let report = Explainer.explain(Array(String(repeating: block, count: 500).utf8))
    XCTAssertEqual(report.explanations.count, 500)
    XCTAssertTrue(report.explanations.allSatisfy { $0.outcome == .conflict && $0.broken == .listed(1, inMinimalSet: true) })
  }

  /// A right-to-left report: leading is the right edge, so a leading and a left constraint
  /// that agree left to right clash.
  func testRightToLeft() {
    func report(_ direction: String) -> Explanation? {
      Explainer.explain(
        Array(
          """
          Unable to simultaneously satisfy constraints.
          (
              "<NSLayoutConstraint:0x601 H:|-(20)-[UIView:0x7f01](\(direction))   (active, names: '|':UIView:0x7f02 )>",
              "<NSLayoutConstraint:0x602 UIView:0x7f01.left == UIView:0x7f02.left + 20   (active)>",
              "<NSLayoutConstraint:0x603 UIView:0x7f01.width == 100   (active)>",
              "<NSLayoutConstraint:0x604 UIView:0x7f02.width == 300   (active)>"
          )
          """.utf8)
      ).explanations.first
    }
    XCTAssertEqual(report("LTR")?.outcome, .consistent)
    guard let rtl = report("RTL") else { return XCTFail("no report") }
    XCTAssertEqual(rtl.outcome, .conflict)
    XCTAssertEqual(rtl.constraintMembers.count, 4)
    XCTAssertTrue(Reproduction.layout(rtl).text.contains("direction rtl"))
    XCTAssertEqual(rtl.causes, [.leftRightInRightToLeft(address: "0x602")])
  }

  /// A list longer than any UIKit prints still gets a conflicting set, the solver's own, said
  /// not to be minimal.
  func testVeryLongList() {
    var text = "Unable to simultaneously satisfy constraints.\n(\n"
    text += "    \"<NSLayoutConstraint:0x9000 H:|-(8)-[UIView:0x10000]   (active, names: '|':UIView:0xffff )>\",\n"
    for index in 1..<250 {
      text += "    \"<NSLayoutConstraint:0x9\(1000 + index) H:[UIView:0x\(10000 + index - 1)]-(8)-[UIView:0x\(10000 + index)]   (active)>\",\n"
      text += "    \"<NSLayoutConstraint:0x8\(1000 + index) UIView:0x\(10000 + index).width == 10   (active)>\",\n"
    }
    text += "    \"<NSLayoutConstraint:0x7000 H:[UIView:0x10249]-(8)-|   (active, names: '|':UIView:0xffff )>\",\n"
    text += "    \"<NSLayoutConstraint:0x7001 'UIView-Encapsulated-Layout-Width' UIView:0xffff.width == 375   (active)>\"\n)\n"
    guard let explanation = Explainer.explain(Array(text.utf8)).explanations.first else { return XCTFail("no report") }
    XCTAssertGreaterThan(explanation.block.constraints.count, Explainer.minimizationLimit)
    XCTAssertEqual(explanation.outcome, .conflict)
    XCTAssertFalse(explanation.isIrreducible)
    XCTAssertFalse(explanation.constraintMembers.isEmpty)
    XCTAssertNil(explanation.arithmetic)
    XCTAssertTrue(ExplanationText.body(explanation)[0].hasPrefix("Conflicting set (too long a list to make it minimal)"))
  }

  /// Numbers in reproductions are plain decimals the layout language reads back exactly.
  func testReproductionNumbers() {
    for value in [44, 87.5, -16, 0.5625, 6.6666666666666665e+44, 1e-6, 1.0 / 3] {
      XCTAssertFalse(Reproduction.number(value).contains("e"), "\(value)")
      XCTAssertEqual(Double(Reproduction.number(value)), value, "\(value)")
    }
    XCTAssertEqual(Reproduction.number(87.5), "87.5")
  }
}
