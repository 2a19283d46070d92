@testable import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// The layout findings, each on the smallest layout that shows it.
final class SolvedLayoutTests: XCTestCase {
  private func solve(_ text: String, kind: FileKind = .layout) -> SolvedLayout {
    SolvedLayout(document: LayoutDocument(text: text, kind: kind))
  }

  private func line(_ layout: SolvedLayout, _ range: SourceRange) -> Int {
    layout.document.lineIndex.utf8Position(of: range.start).line + 1
  }

  private func frame(_ layout: SolvedLayout, _ view: String, canvas: String? = nil, direction: LayoutDirection? = nil)
    -> Rect?
  {
    layout.place(canvas: canvas, direction: direction)?.solvedView(view)?.frame
  }

  // MARK: - Frames

  func testPuttaBarsAtBothWidths() throws {
    let text = try String(contentsOf: packageRoot().appendingPathComponent("Examples/clean/putta.layout"), encoding: .utf8)
    let layout = solve(text)
    XCTAssertEqual(layout.diagnostics.map(\.code), [])
    XCTAssertEqual(frame(layout, "Player0", canvas: "small", direction: .ltr), Rect(x: 0, y: 273, width: 273, height: 47))
    XCTAssertEqual(frame(layout, "Place", canvas: "small", direction: .ltr), Rect(x: 47, y: 47, width: 226, height: 226))
    XCTAssertEqual(frame(layout, "Player3", canvas: "small", direction: .ltr), Rect(x: 273, y: 47, width: 47, height: 273))
    XCTAssertEqual(frame(layout, "Player0", canvas: "large", direction: .ltr), Rect(x: 0, y: 311, width: 311, height: 85))
    // Right to left, the pinwheel mirrors: the bottom bar runs from the right edge.
    XCTAssertEqual(frame(layout, "Player0", canvas: "small", direction: .rtl), Rect(x: 47, y: 273, width: 273, height: 47))
  }

  func testRightToLeftMirrorsLeadingAndTrailingButNotLeftAndRight() {
    let layout = solve("view a\nview b\nH:|-20-[a(100)]\nb.left == super.left + 20\nb.width == 50\nV:|[a(10)][b(10)]\n")
    XCTAssertEqual(frame(layout, "a", direction: .ltr), Rect(x: 20, y: 0, width: 100, height: 10))
    XCTAssertEqual(frame(layout, "a", direction: .rtl), Rect(x: 255, y: 0, width: 100, height: 10))
    XCTAssertEqual(frame(layout, "b", direction: .rtl), Rect(x: 20, y: 10, width: 50, height: 10))
  }

  func testMultipliersMirrorToo() {
    let layout = solve("direction rtl\nview a\na.leading == super.trailing * 0.5\na.width == 10\nV:|[a(10)]\n")
    // Left to right, a would start at the middle; mirrored, it ends there.
    XCTAssertEqual(frame(layout, "a"), Rect(x: 177.5, y: 0, width: 10, height: 10))
  }

  func testFramesAreRelativeToTheSuperviewAndGrownByInsets() {
    let text = "view box { image pic insets (1, 2, 3, 4) }\nH:|-10-[box(100)]\nV:|-20-[box(100)]\n"
      + "pic.leading == box.leading + 5\npic.top == box.top + 5\npic.width == 50\npic.height == 40\n"
    let layout = solve(text)
    XCTAssertEqual(layout.diagnostics.map(\.code), [])
    let pic = layout.place()?.solvedView("pic")
    XCTAssertEqual(pic?.alignment, Rect(x: 5, y: 5, width: 50, height: 40))
    XCTAssertEqual(pic?.frame, Rect(x: 3, y: 4, width: 56, height: 44))
    XCTAssertEqual(pic?.absoluteAlignment, Rect(x: 15, y: 25, width: 50, height: 40))
  }

  // MARK: - Conflicts

  func testConflictNamesTheWholeSetOnTheBrokenConstraint() {
    let layout = solve("view a\nH:|-8-[a]\nV:|-[a(80)]\na.width == 360\na.width == 140\n")
    let conflict = layout.diagnostics.first { $0.code == .conflict }
    XCTAssertEqual(layout.diagnostics.map(\.code), [.conflict])
    XCTAssertEqual(conflict.map { line(layout, $0.range) }, 5)
    XCTAssertEqual(conflict?.related.map { line(layout, $0.range) }, [4])
    XCTAssertEqual(conflict?.canvas, "default")
    XCTAssertNil(conflict?.direction, "it happens in both directions")
    XCTAssertEqual(conflict?.fixes.map(\.title), [
      "Lower 'a.width == 140' to priority 999", "Remove 'a.width == 140'",
      "Lower 'a.width == 360' to priority 999", "Remove 'a.width == 360'",
    ])
    // Recovery keeps the broken constraint as close as it can: here it cannot matter.
    XCTAssertEqual(frame(layout, "a")?.width, 360)
  }

  /// A constraint written twice: lowering or removing one copy would leave its twin in the
  /// conflict, so the fixes take every copy.
  func testConflictFixesTakeEveryCopyOfAConstraint() throws {
    let text = "view a\nH:|-[a]\nV:|-[a(20)]\na.width == 100\na.width == 100\na.width == 200\n"
    let layout = solve(text)
    let conflict = try XCTUnwrap(layout.diagnostics.first { $0.code == .conflict })
    XCTAssertEqual(conflict.fixes.map(\.title), [
      "Lower 'a.width == 200' to priority 999", "Remove 'a.width == 200'",
      "Lower 'a.width == 100' to priority 999 and remove its duplicate", "Remove 'a.width == 100' and its duplicate",
    ])
    for fix in conflict.fixes {
      let fixed = solve(String(decoding: TextEdit.apply(fix.edits, to: Array(text.utf8)), as: UTF8.self))
      XCTAssertEqual(fixed.diagnostics.filter { $0.severity == .error }.map(\.message), [], fix.title)
    }
    // A copy in a Visual Format string cannot be removed: it is lowered instead.
    let vfl = solve("view a\nH:|-[a(100)]\nV:|-[a(20)]\na.width == 100\na.width == 200\n")
    XCTAssertEqual(vfl.diagnostics.first { $0.code == .conflict }?.fixes.map(\.title), [
      "Lower 'a.width == 200' to priority 999", "Remove 'a.width == 200'",
      "Lower 'a.width == 100' to priority 999 and remove its duplicate",
    ])
    let written = solve("view a\na.width == 100\nH:|-[a(100)]\nV:|-[a(20)]\na.width == 200\n")
    XCTAssertEqual(written.diagnostics.first { $0.code == .conflict }?.fixes.map(\.title), [
      "Lower 'a.width == 200' to priority 999", "Remove 'a.width == 200'",
      "Lower 'a.width == 100' and its duplicate to priority 999",
    ])
  }

  /// Lowering a constraint that holds lets the one it broke hold instead, which may break a
  /// third: such a fix is not offered.
  func testNoConflictFixThatBreaksAnotherConstraint() throws {
    let layout = solve("view a\nH:|-[a]\nV:|-[a(20)]\na.width == 200\na.width == 100\na.width >= 150\n")
    let conflict = try XCTUnwrap(layout.diagnostics.first { $0.code == .conflict })
    XCTAssertEqual(line(layout, conflict.range), 5)
    XCTAssertEqual(conflict.fixes.map(\.title), ["Lower 'a.width == 100' to priority 999", "Remove 'a.width == 100'"])
  }

  func testConflictWithTheEngineIncludesTheCanvasAndSizes() {
    let layout = solve("canvas phone 375x667\nview a\nH:|-[a(400)]-|\nV:|[a]|\n")
    let conflict = layout.diagnostics.first { $0.code == .conflict }
    XCTAssertNotNil(conflict)
    let relatedLines = Set(conflict?.related.map { line(layout, $0.range) } ?? [])
    XCTAssertTrue(relatedLines.contains(1), "the canvas is part of the set: \(conflict?.related ?? [])")
  }

  func testNegativeSizeConflictsWithNonNegativeSizes() {
    let layout = solve("view a\nview b\nH:|[a][b]|\na.width == b.width + 500\nV:|[a]|\nV:|[b]|\n")
    let conflict = layout.diagnostics.first { $0.code == .conflict }
    XCTAssertTrue(conflict?.related.contains { $0.message.contains("never negative") } ?? false, "\(layout.diagnostics)")
  }

  func testConflictOnlyRightToLeft() {
    let text = "view badge\nbadge.leading == super.leading + 20\nbadge.left == super.left + 20\nbadge.width == 100\nV:|[badge(30)]\n"
    let layout = solve(text)
    // The left-right warning sits on line 3; the conflict on the width, which is added last.
    XCTAssertEqual(layout.diagnostics.map(\.code), [.leftRight, .rtlConflict])
    let conflict = layout.diagnostics.first { $0.code == .rtlConflict }
    XCTAssertEqual(conflict?.direction, "rtl")
    XCTAssertEqual(conflict.map { line(layout, $0.range) }, 4)
  }

  // MARK: - Ambiguity

  func testUnderConstrainedWidthFallsToZero() {
    let layout = solve("view a\nH:|-16-[a]\nV:|-100-[a(1)]\n")
    XCTAssertEqual(layout.diagnostics.map(\.code), [.ambiguous, .zeroSize])
    let ambiguous = layout.diagnostics[0]
    XCTAssertTrue(ambiguous.message.contains("width"), ambiguous.message)
    XCTAssertFalse(ambiguous.message.contains("horizontal position and"), ambiguous.message)
    XCTAssertEqual(frame(layout, "a")?.width, 0)
    XCTAssertEqual(ambiguous.fixes.count, 1)
  }

  /// Position and size left open together but moving as one (a view pinned by its trailing
  /// edge): pinning both to the declared frame would conflict, so the fix pins the size.
  func testMissingConstraintsThatWouldConflictAreNotAdded() throws {
    let text = "view a frame (10 20; 50 30)\na.trailing == super.trailing - 16\nV:|-[a(30)]\n"
    let layout = solve(text)
    let ambiguous = try XCTUnwrap(layout.diagnostics.first { $0.code == .ambiguous })
    XCTAssertEqual(ambiguous.fixes.map(\.title), ["Add missing constraints for 'a' (a.width == 50)"])
    let fixed = solve(String(decoding: TextEdit.apply(ambiguous.fixes[0].edits, to: Array(text.utf8)), as: UTF8.self))
    XCTAssertFalse(
      fixed.diagnostics.contains { $0.code == .ambiguous || $0.severity == .error }, "\(fixed.diagnostics)")
  }

  /// Zero size, by cause: undetermined (above), forced while only the position is open, and
  /// left by a conflict whose broken constraint asked for a negative size.
  func testZeroSizeSaysWhy() throws {
    let positionOnly = solve("view a\na.width == 0 @900\nV:|-[a(20)]\n")
    let forced = positionOnly.diagnostics.first { $0.code == .zeroSize }?.finding
    guard case .zeroSize(_, .horizontal, _, .constraints)? = forced else {
      return XCTFail("\(positionOnly.diagnostics.map(\.message))")
    }
    XCTAssertTrue(positionOnly.diagnostics.contains { $0.code == .ambiguous }, "the position is open")
    let collapsed = solve("canvas phone 375x667\nview a\nH:|-200-[a]-200-|\nV:|-[a(20)]\n")
    let zero = try XCTUnwrap(collapsed.diagnostics.first { $0.code == .zeroSize })
    guard case .zeroSize("a", .horizontal, _, .brokenConstraint(let broken)) = zero.finding else {
      return XCTFail("\(zero.finding)")
    }
    XCTAssertEqual(broken.text, "root.trailing == a.trailing + 200")
    XCTAssertTrue(zero.message.contains("follows from the conflict"), zero.message)
  }

  func testWidthRatiosForceZero() {
    let layout = solve("view l\nview r\nH:|[l]-(>=0)-[r]|\nV:|[l(40)]\nV:|[r(40)]\nl.width == 2 * r.width\nr.width == 2 * l.width\n")
    XCTAssertEqual(layout.diagnostics.map(\.code), [.zeroSize, .zeroSize])
    XCTAssertTrue(layout.diagnostics[0].message.contains("which its constraints force"), layout.diagnostics[0].message)
  }

  /// A required `width == 0` (or `height == 0`) collapses a view on purpose: no `zero-size`
  /// on that axis, whichever view or axis the other constraints leave at 0.
  func testASizeSetToZeroOnPurposeIsNotReported() {
    let layout = solve("view a\nview b\nH:|[a]\nV:|[a(20)]\na.width == 0\nH:|[b(30)]\nV:|[b]\nb.height == 0\n")
    XCTAssertEqual(layout.diagnostics.map(\.code), [])
    // The height is set to 0 on purpose, the width only by an optional constraint.
    let other = solve("view a\nH:|[a]\nV:|[a]\na.height == 0\na.width == 0 @750\n")
    XCTAssertEqual(other.diagnostics.map(\.code), [.zeroSize])
    XCTAssertTrue(other.diagnostics.first?.message.contains("zero width") ?? false, other.diagnostics.first?.message ?? "")
  }

  func testEqualHuggingIsContentPriorityAmbiguity() {
    let layout = solve("label a intrinsic 80x21\nlabel b intrinsic 120x21\nH:|-[a]-[b]-|\nV:|-[a]\nV:|-[b]\n")
    XCTAssertEqual(layout.diagnostics.map(\.code), [.contentPriorityAmbiguity])
    let fix = layout.diagnostics.first?.fixes.first
    XCTAssertEqual(fix?.title, "Decrease horizontal hugging of 'b' from 251 to 250")
  }

  func testTiesBetweenEqualOptionalConstraintsAreAmbiguous() {
    let layout = solve("view a\nH:|[a]\nV:|[a(10)]\na.width == 100 @500\na.width == 200 @500\n")
    XCTAssertEqual(layout.diagnostics.map(\.code).filter { $0 == .ambiguous }, [.ambiguous])
  }

  func testHigherPriorityWinsOutright() {
    // Ten wishes at 250 never outweigh one at 251.
    var text = "view a\nH:|[a]\nV:|[a(10)]\na.width == 100 @251\n"
    for _ in 0..<10 { text += "a.width == 300 @250\n" }
    let layout = solve(text)
    XCTAssertEqual(frame(layout, "a")?.width, 100)
  }

  // MARK: - Geometry

  func testMisplacedFrameAndItsFix() throws {
    let text = "view card frame (20 20; 335 120)\nH:|-16-[card]-16-|\nV:|-20-[card(120)]\n"
    let layout = solve(text)
    XCTAssertEqual(layout.diagnostics.map(\.code), [.misplaced])
    let fix = try XCTUnwrap(layout.diagnostics.first?.fixes.first)
    XCTAssertEqual(fix.edits.first?.newText, "frame (16 20; 343 120)")
  }

  func testOffscreen() {
    let layout = solve("view p\nH:|-300-[p(200)]\nV:|-20-[p(100)]\n")
    XCTAssertEqual(layout.diagnostics.map(\.code), [.offscreen])
    XCTAssertTrue(layout.diagnostics[0].message.contains("125 points past the right edge"), layout.diagnostics[0].message)
  }

  func testTransformed() {
    let layout = solve("image arrow intrinsic 24x24 transform rotate 90\narrow.centerX == super.centerX\narrow.centerY == super.centerY\n")
    XCTAssertEqual(layout.diagnostics.map(\.code), [.transformed])
    XCTAssertEqual(layout.diagnostics[0].severity, .info)
  }

  func testUnsatisfiedOptionalConstraint() {
    let layout = solve("view f\nH:|-(>=16)-[f]-(>=16)-|\nf.width == 400 @750\nf.centerX == super.centerX\nV:|-20-[f(44)]\n")
    XCTAssertEqual(layout.diagnostics.map(\.code), [.unsatisfied])
    XCTAssertTrue(layout.diagnostics[0].message.contains("57 points"), layout.diagnostics[0].message)
  }

  /// An optional constraint that loses to one of its own priority says so, and names it.
  func testUnsatisfiedTellsATieFromAHigherPriority() throws {
    let tie = solve("view a\nH:|-[a]\nV:|-[a(20)]\na.width == 100 @500\na.width == 200 @500\n")
    let lost = try XCTUnwrap(tie.diagnostics.first { $0.code == .unsatisfied })
    guard case .unsatisfied(_, 100, .tie(500, let winners, 0)) = lost.finding,
      case .constraint(let winner)? = winners.first
    else { return XCTFail("\(lost.finding)") }
    XCTAssertEqual(winner.text, "a.width == 100 @500")
    XCTAssertEqual(winners.count, 1)
    // Higher priorities force part of the miss; the rest is lost to the tie.
    let partly = solve("view a\nH:|-[a]\nV:|-[a(20)]\na.width <= 150 @750\na.width == 100 @500\na.width == 400 @500\n")
    let missed = try XCTUnwrap(partly.diagnostics.first { $0.code == .unsatisfied })
    guard case .unsatisfied(let quote, 300, .tie(500, _, let forced)) = missed.finding else {
      return XCTFail("\(missed.finding)")
    }
    XCTAssertEqual(quote.text, "a.width == 400 @500")
    XCTAssertEqual(forced, 250, accuracy: 0.001)
    // A content size of the same priority is a rival too.
    let hugging = solve("label a intrinsic 80x20 hug 250\nH:|-[a]\nV:|-[a]\na.width == 200 @250\n")
    let contentTie = hugging.diagnostics.first { $0.code == .unsatisfied }?.finding
    guard case .unsatisfied(_, _, .tie(250, let rivals, _))? = contentTie, case .intrinsicSize(_, "a")? = rivals.first
    else { return XCTFail("\(hugging.diagnostics.map(\.message))") }
  }

  /// A fix that mirrors left and right is not offered where it would make the right-to-left
  /// layout conflict (another constraint still places the views by absolute edges).
  func testNoLeftRightFixThatMakesARightToLeftConflict() throws {
    let text = "direction rtl\nview a\nview b\nH:|-[a(100)]\nV:|-[a(20)]\nV:|-[b(20)]\nb.width == 100\n"
      + "b.right == a.left - 20\nb.centerX == a.centerX - 120\n"
    let layout = solve(text)
    XCTAssertFalse(layout.diagnostics.contains { $0.severity == .error }, "\(layout.diagnostics.map(\.message))")
    let leftRight = try XCTUnwrap(layout.diagnostics.first { $0.code == .leftRight })
    XCTAssertEqual(leftRight.fixes, [])
    // Without the other constraint, it is.
    let alone = solve(text.replacingOccurrences(of: "b.centerX == a.centerX - 120\n", with: ""))
    XCTAssertEqual(alone.diagnostics.first { $0.code == .leftRight }?.fixes.map(\.title), ["Use leading and trailing"])
  }

  func testLeftRightOnlyWhenRightToLeftIsChecked() {
    let text = "view a\na.left == super.left + 8\na.width == 10\nV:|[a(10)]\n\"H:[a]-(>=0)-|\" directionLeftToRight\n"
    XCTAssertEqual(solve(text).diagnostics.map(\.code), [.leftRight, .leftRight])
    XCTAssertEqual(solve("direction ltr\n" + text).diagnostics.map(\.code), [])
  }

  /// Either side of a constraint may be written with left or right (the check answers the
  /// others before building anything).
  func testLeftRightOnEitherSide() {
    let text = "view a\nview b\nH:|[a(10)]\nV:|[a(10)]\nV:|[b(10)]\nb.width == 10\nb.centerX == a.right + 8\n"
    let findings = solve(text).diagnostics.filter { $0.code == .leftRight }
    XCTAssertEqual(findings.map { $0.finding }, [.leftRightAttributes(["right"])])
    let first = solve(text.replacingOccurrences(of: "b.centerX == a.right + 8", with: "b.leftMargin == a.centerX + 8"))
    XCTAssertEqual(first.diagnostics.filter { $0.code == .leftRight }.map { $0.finding }, [.leftRightAttributes(["leftMargin"])])
    XCTAssertEqual(
      solve(text.replacingOccurrences(of: "b.centerX == a.right + 8", with: "b.centerX == a.trailing + 8")).diagnostics.map(\.code), [])
  }

  /// A vertical format aligned by left or right edges keeps them there in right-to-left
  /// languages; the fix aligns by leading or trailing, and removes the finding.
  func testLeftOrRightAlignmentOfAVerticalFormat() throws {
    let text = "view a\nview b\n\"V:|-[a(20)]-[b(20)]\" alignAllRight\nH:|-[a]-|\nH:[b(50)]\n"
    let layout = solve(text)
    let finding = try XCTUnwrap(layout.diagnostics.first { $0.code == .leftRight }, "\(layout.diagnostics.map(\.message))")
    XCTAssertEqual(layout.document.text(of: finding.range), "alignAllRight")
    let fix = try XCTUnwrap(finding.fixes.first)
    XCTAssertEqual(fix.title, "Use 'alignAllTrailing'")
    var bytes = Array(text.utf8)
    for edit in fix.edits.reversed() { bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.newText.utf8)) }
    let fixed = SolvedLayout(document: LayoutDocument(bytes: bytes, kind: .layout))
    XCTAssertEqual(fixed.diagnostics.map(\.code), [])
    let left = solve("view a\nview b\n\"V:|-[a(20)]-[b(20)]\" alignAllLeft\nH:|-[a]-|\nH:[b(50)]\n")
    let leftFinding = try XCTUnwrap(left.diagnostics.first { $0.code == .leftRight })
    XCTAssertEqual(left.document.text(of: leftFinding.range), "alignAllLeft")
    XCTAssertEqual(leftFinding.fixes.map(\.title), ["Use 'alignAllLeading'"])
    // A horizontal format aligned by its views' tops mirrors already.
    XCTAssertEqual(solve("view a\nview b\n\"H:|-[a(20)]-[b(20)]\" alignAllTop\nV:|-[a(30)]\nV:[b(30)]\n").diagnostics.map(\.code), [])
  }

  func testNoLayoutFindingsWhenTheTextHasErrors() {
    let layout = solve("view a\nview b\nH:|[a]-[zz]|\n")
    XCTAssertEqual(layout.diagnostics.map(\.code), [.unknownView])
  }

  func testMultiplePlacesAreNamed() {
    let layout = solve("canvas small 300x100\ncanvas big 600x100\ndirection ltr\nview a\nH:|-[a(400)]\nV:|[a]|\n")
    let offscreen = layout.diagnostics.filter { $0.code == .offscreen }
    XCTAssertEqual(offscreen.count, 1)
    XCTAssertEqual(offscreen.first?.canvas, "small")
    XCTAssertTrue(offscreen.first?.message.hasSuffix("(in small (wC hC))") ?? false, offscreen.first?.message ?? "")
  }
}

/// Every code is in the catalogue (which SARIF lists as rules) and in docs/diagnostics.md,
/// and each entry's code reads back from its text.
final class DiagnosticCatalogueTests: XCTestCase {
  func testEveryCodeIsCataloguedAndDocumented() throws {
    let documentation = try String(
      contentsOf: packageRoot().appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
    for code in DiagnosticCode.allCases {
      XCTAssertNotNil(DiagnosticCatalogue.entry(for: code), "\(code) is not in DiagnosticCatalogue.all")
      XCTAssertTrue(documentation.contains("## `\(code.rawValue)`"), "\(code) has no section in docs/diagnostics.md")
      XCTAssertTrue(
        documentation.contains("| [`\(code.rawValue)`](#\(code.rawValue)) |"), "\(code) is not in docs/diagnostics.md's table")
    }
    XCTAssertEqual(DiagnosticCatalogue.all.count, DiagnosticCode.allCases.count, "a code is catalogued twice")
  }

  func testEveryEntryRoundTripsItsRawValue() {
    for entry in DiagnosticCatalogue.all {
      XCTAssertEqual(DiagnosticCode(rawValue: entry.code.rawValue), entry.code)
      XCTAssertEqual("\(entry.code)", entry.code.rawValue, "output writes a code as its raw value")
    }
    XCTAssertEqual(DiagnosticCode.unknownView.rawValue, "unknown-view")
    XCTAssertEqual(DiagnosticCode.invalidVisualFormatOption.rawValue, "invalid-vfl-option")
    XCTAssertEqual(DiagnosticCode.interfaceBuilderConstraint.rawValue, "ib-constraint")
    XCTAssertNil(DiagnosticCode(rawValue: "unknownView"))
  }
}

/// When the solver's budget runs out, the layout says so instead of pretending.
final class SolverBudgetTests: XCTestCase {
  func testAnExhaustedBudgetIsReported() throws {
    // Optional constraints that pull against each other need pivots to settle.
    let text = "label a intrinsic 80x21\nlabel b intrinsic 90x21\nH:|-[a]-[b]-(>=8)-|\na.width == 300 @300\n"
      + "b.width == 300 @300\nV:|-[a]\nV:|-[b]\n"
    let document = LayoutDocument(text: text, kind: .layout)
    let place = LayoutPlace(canvas: .standard, direction: .ltr)
    let solver = PlaceSolver(model: document.model, place: place)
    XCTAssertNil(solver.failure)
    solver.pivotLimit = 0
    let failure = try XCTUnwrap(solver.failure)
    XCTAssertTrue(failure.contains("pivot"), failure)
    let layout = SolvedLayout(document: document, places: [solver])
    XCTAssertEqual(layout.diagnostics.first?.code, .unsolved)
  }
}
