import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// The incremental layout of the language server must always agree with a fresh check of
/// the same text, whatever edits led to it, and must not rebuild for small edits.
final class LiveLayoutTests: XCTestCase {
  private let base = """
    canvas phone 375x667
    canvas pad 768x1024
    metric pad = 12
    view header
    label title intrinsic 120x21
    view body {
      view inner
      H:|-[inner]-|
      V:|-[inner]-|
    }
    H:|-pad-[header]-pad-|
    V:|-20-[header(44)]-8-[body]-|
    H:|[body]|
    title.centerX == header.centerX
    title.centerY == header.centerY

    """

  private func snapshot(_ layout: SolvedLayout) -> String {
    var lines = layout.diagnostics.map { "\($0.range) \($0.code) \($0.message)" }
    for solver in layout.places {
      // What the solver holds, with the ranges of the current text.
      lines.append("\(solver.place) constraints \(solver.constraints.map { "\($0) \($0.range)" })")
      lines.append("\(solver.place) broken \(solver.brokenConstraints.map { "\($0) \($0.range)" })")
      lines.append("\(solver.place) unsatisfied \(solver.unsatisfied().map { "\($0.constraint) \($0.constraint.range)" })")
      for name in layout.document.model.viewOrder {
        if let view = solver.solvedView(name) {
          lines.append("\(solver.place) \(name) \(view.frame)")
        }
      }
    }
    return lines.joined(separator: "\n")
  }

  func testTheBaseIsClean() {
    XCTAssertEqual(SolvedLayout(document: LayoutDocument(text: base, kind: .layout)).diagnostics.map(\.message), [])
  }

  func testOneCharacterEditTouchesOneConstraint() throws {
    let live = LiveLayout()
    _ = live.update(LayoutDocument(text: base, kind: .layout))
    let edited = base.replacingOccurrences(of: "[header(44)]", with: "[header(45)]")
    let layout = live.update(LayoutDocument(text: edited, kind: .layout))
    for solver in layout.places {
      XCTAssertFalse(solver.lastUpdate.rebuilt, "\(solver.place)")
      XCTAssertEqual(solver.lastUpdate.removed, 1)
      XCTAssertEqual(solver.lastUpdate.added, 1)
    }
    XCTAssertEqual(snapshot(layout), snapshot(SolvedLayout(document: LayoutDocument(text: edited, kind: .layout))))
  }

  func testMovingTextAroundNeedsNoSolverWork() {
    let live = LiveLayout()
    _ = live.update(LayoutDocument(text: base, kind: .layout))
    let layout = live.update(LayoutDocument(text: "# a comment first\n\n" + base, kind: .layout))
    for solver in layout.places {
      XCTAssertEqual(solver.lastUpdate.removed, 0)
      XCTAssertEqual(solver.lastUpdate.added, 0)
    }
    // Ranges follow the text even though nothing was re-added.
    let fresh = SolvedLayout(document: LayoutDocument(text: "# a comment first\n\n" + base, kind: .layout))
    XCTAssertEqual(layout.places.first?.constraints.map(\.range), fresh.places.first?.constraints.map(\.range))
  }

  /// An edit to a layout whose solution is not unique is answered at once from the solver as
  /// it is; settling solves the ambiguous place again so that it reports what `plumb check`
  /// reports, and is needed only then.
  func testAmbiguousLayoutsSettleToAFreshSolve() {
    let text = "canvas phone 375x667\nview a\nview b\nH:|-[a]-[b]-|\nV:|-[a(40)]\nV:|-[b(40)]\n"
    let live = LiveLayout()
    _ = live.update(LayoutDocument(text: text, kind: .layout))
    XCTAssertFalse(live.needsSettling, "a fresh solve is settled")
    let edited = text.replacingOccurrences(of: "[a(40)]", with: "[a(41)]")
    let updated = live.update(LayoutDocument(text: edited, kind: .layout))
    XCTAssertTrue(updated.diagnostics.contains { $0.code == .ambiguous })
    XCTAssertTrue(live.needsSettling)
    guard let settled = live.settle() else { return XCTFail("nothing settled") }
    XCTAssertFalse(live.needsSettling)
    XCTAssertNil(live.settle())
    XCTAssertEqual(snapshot(settled), snapshot(SolvedLayout(document: LayoutDocument(text: edited, kind: .layout))))
    // A layout whose solution is unique needs no settling after an edit.
    let unique = "canvas phone 375x667\nview a\nH:|-[a(100)]\nV:|-[a(40)]\n"
    _ = live.update(LayoutDocument(text: unique, kind: .layout))
    _ = live.update(LayoutDocument(text: unique.replacingOccurrences(of: "(40)", with: "(41)"), kind: .layout))
    XCTAssertFalse(live.needsSettling)
  }

  /// A stack's axis decides where its layout guides rest (the engine's own constraints), so
  /// turning a stack with the same views and guides makes the live layout lay them out anew.
  func testTurningAStackMovesItsGuidesAsAFreshSolve() {
    let text = """
      canvas phone 320x480
      stack Row axis horizontal spacing 8 alignment center {
        view a intrinsic 40x20
        view b intrinsic 60x30
      }
      Row.leading == super.leading + 10
      Row.top == super.top + 10

      """
    let live = LiveLayout()
    _ = live.update(LayoutDocument(text: text, kind: .layout))
    let turned = text.replacingOccurrences(of: "axis horizontal", with: "axis vertical")
    let layout = live.update(LayoutDocument(text: turned, kind: .layout))
    let fresh = SolvedLayout(document: LayoutDocument(text: turned, kind: .layout))
    XCTAssertEqual(snapshot(layout), snapshot(fresh))
    XCTAssertEqual(fresh.places.first?.solvedView("Row.alignmentSpanner")?.frame.description, "(0 0; 60 0)")
  }

  /// Random sequences of edits (lines deleted, duplicated, numbers changed, conflicts
  /// introduced and removed): after each, the live layout equals a fresh solve.
  func testRandomEditSequencesAgreeWithAFreshSolve() {
    let extras = [
      "header.width == 100", "header.width == 200 @750", "title.width == 300", "inner.height == 10 @500",
      "H:[title]-(>=8)-|", "body.height == body.width", "V:[inner(20)]", "direction rtl", "direction ltr",
      // Multiplied positions, measured in the container of their items, which edits change.
      "inner.leading == body.trailing * 0.5 @750", "inner.centerY == body.centerY * 1.5 @500",
      "header.centerX == title.centerX * 0.5 @300", "inner.trailing == header.trailing * 0.25 @200",
      // A superview with alignment insets, which move the edges its subviews are pinned to
      // (the insets change when a 44 does).
      "view boxed insets (2, 44, 4, 6) {\n  view plain insets (1, 20, 1, 0)\n  H:|-[plain]-|\n"
        + "  plain.leading == super.trailing * 0.5 @600\n  V:|[plain]|\n}",
    ]
    withEverySeed(0..<25) { random, seed in
      let live = LiveLayout()
      var lines = base.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      for step in 0..<12 {
        switch Int.random(in: 0..<4, using: &random) {
        case 0 where lines.count > 4:
          lines.remove(at: Int.random(in: 3..<lines.count, using: &random))
        case 1:
          lines.insert(extras[Int.random(in: 0..<extras.count, using: &random)], at: lines.count)
        case 2 where !lines.isEmpty:
          let index = Int.random(in: 0..<lines.count, using: &random)
          lines[index] = lines[index].replacingOccurrences(of: "44", with: String(Int.random(in: 1..<90, using: &random)))
        default:
          if let index = lines.indices.randomElement(using: &random) { lines.insert(lines[index], at: index) }
        }
        let text = lines.joined(separator: "\n")
        let document = LayoutDocument(text: text, kind: .layout)
        let updated = live.update(document)
        let incremental = snapshot(live.settle() ?? updated)
        let fresh = snapshot(SolvedLayout(document: document, solveWithErrors: true))
        XCTAssertEqual(incremental, fresh, "seed \(seed), step \(step):\n\(text)")
        if incremental != fresh { return }
      }
    }
  }
}
