@testable import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// Where UIKit measures a constraint: in the bounds of its container (the nearest common
/// ancestor of its items), whose edges are those of the container's alignment rectangle.
/// Frames are read as `plumb frames` reads them (`PlaceSolver.solvedView`).
final class ContainerCoordinatesTests: XCTestCase {
  private func solve(_ text: String) -> SolvedLayout {
    SolvedLayout(document: LayoutDocument(text: text, kind: .layout), solveWithErrors: true)
  }

  private func view(_ layout: SolvedLayout, _ name: String, direction: LayoutDirection = .ltr) -> SolvedView? {
    layout.place(canvas: nil, direction: direction)?.solvedView(name)
  }

  /// A 280-point-wide `P` at x = 100 in a 400-point-wide root, 200 high at y = 50, holding `body`.
  private func inP(_ body: String, direction: String = "both") -> String {
    "canvas wide 400x700\ndirection \(direction)\nview P {\n\(body)\n}\nH:|-100-[P(280)]\nV:|-50-[P(200)]\n"
  }

  // MARK: - Multiplied positions

  func testAMultipliedPositionIsMeasuredInTheSuperview() {
    let layout = solve(inP("  view a\n  a.leading == super.trailing * 0.5\n  a.width == 40\n  V:|[a(10)]"))
    XCTAssertEqual(layout.diagnostics.map(\.message), [])
    // Half of P's own width, not half of P's right edge in the root (190, i.e. 90 in P).
    XCTAssertEqual(view(layout, "a")?.frame, Rect(x: 140, y: 0, width: 40, height: 10))
    XCTAssertEqual(view(layout, "a")?.absoluteAlignment.x, 240)
    // Right to left, the mirror image: P starts at 20 and a ends 140 points from P's right edge.
    XCTAssertEqual(view(layout, "P", direction: .rtl)?.frame, Rect(x: 20, y: 50, width: 280, height: 200))
    XCTAssertEqual(view(layout, "a", direction: .rtl)?.frame, Rect(x: 100, y: 0, width: 40, height: 10))
  }

  func testEveryKindOfPositionIsMeasuredInTheContainer() {
    let cases: [(String, Rect)] = [
      ("a.left == super.right * 0.5\na.top == super.top", Rect(x: 140, y: 0, width: 40, height: 10)),
      ("a.centerX == super.centerX * 0.5\na.top == super.top", Rect(x: 50, y: 0, width: 40, height: 10)),
      ("a.leading == super.trailingMargin * 0.5\na.top == super.top", Rect(x: 136, y: 0, width: 40, height: 10)),
      ("a.leading == super.leading\na.top == super.bottom * 0.5", Rect(x: 0, y: 100, width: 40, height: 10)),
      ("a.leading == super.leading\na.centerY == super.centerY * 1.5", Rect(x: 0, y: 145, width: 40, height: 10)),
      ("a.leading == super.leading\na.bottom == super.bottomMargin * 0.5", Rect(x: 0, y: 86, width: 40, height: 10)),
    ]
    for (constraints, expected) in cases {
      let layout = solve(inP("  view a\n  a.width == 40\n  a.height == 10\n" + constraints, direction: "ltr"))
      XCTAssertEqual(layout.diagnostics.map(\.message), [], constraints)
      XCTAssertEqual(view(layout, "a")?.frame, expected, constraints)
    }
  }

  func testSiblingsAreMeasuredInTheirSuperview() {
    let layout = solve(
      inP("  view b\n  view c\n  H:|[b]|\n  c.leading == b.trailing * 0.5\n  c.width == 40\n  V:|[b(10)][c(10)]"))
    XCTAssertEqual(layout.diagnostics.map(\.message), [])
    XCTAssertEqual(view(layout, "c")?.frame, Rect(x: 140, y: 10, width: 40, height: 10))
  }

  func testALayoutGuideBelongsToItsView() {
    let layout = solve(inP("  view a\n  a.leading == super.safeArea.trailing * 0.5\n  a.width == 40\n  V:|[a(10)]"))
    XCTAssertEqual(layout.diagnostics.map(\.message), [])
    XCTAssertEqual(view(layout, "a")?.frame, Rect(x: 140, y: 0, width: 40, height: 10))
  }

  /// The container is the nearest common ancestor, however deep the items are.
  func testAViewRelatedToAnAncestorIsMeasuredInTheAncestor() {
    let layout = solve(
      inP("  view Q {\n    view a\n  }\n  H:|-30-[Q]|\n  V:|[Q]|\n  a.leading == P.trailing * 0.5\n  a.width == 40\n"
        + "  a.top == Q.top\n  a.height == 10"))
    XCTAssertEqual(layout.diagnostics.map(\.message), [])
    // 140 in P is 110 in Q.
    XCTAssertEqual(view(layout, "a")?.frame, Rect(x: 110, y: 0, width: 40, height: 10))
    // Views in different branches are measured in the root.
    let apart = solve(
      inP("  view a\n  a.leading == Side.trailing * 0.5\n  a.width == 40\n  V:|[a(10)]", direction: "ltr")
        + "view Side\nH:|-20-[Side(100)]\nV:|[Side(10)]\n")
    XCTAssertEqual(view(apart, "a")?.frame, Rect(x: -40, y: 0, width: 40, height: 10))
  }

  /// Right to left, a constraint between a leading or trailing edge and a centre is read in
  /// the mirror image, the centre included.
  func testLeadingAndCentreMeetInTheContainerRightToLeft() {
    let layout = solve(inP("  view a\n  a.leading == super.centerX\n  a.width == 40\n  V:|[a(10)]"))
    XCTAssertEqual(view(layout, "a")?.frame, Rect(x: 140, y: 0, width: 40, height: 10))
    // a's leading (right) edge at P's centre.
    XCTAssertEqual(view(layout, "a", direction: .rtl)?.frame, Rect(x: 100, y: 0, width: 40, height: 10))
  }

  /// Siblings: b's leading edge at a's centre, a constant further along the reading
  /// direction, and its trailing edge at c's centre; right to left b runs leftward from a's
  /// centre (a stack's equal-centring spacers are built this way).
  func testLeadingAndTrailingMeetSiblingCentresRightToLeft() {
    let body = """
        view a
        view b
        view c
        H:|[a(40)]
        H:[c(100)]
        c.centerX == super.centerX
        b.leading == a.centerX + 10
        b.trailing == c.centerX
        V:|[a(10)]
        V:|[b(10)]
        V:|[c(10)]
      """
    let layout = solve(inP(body))
    XCTAssertEqual(layout.diagnostics.map(\.message), [])
    XCTAssertEqual(view(layout, "b")?.frame, Rect(x: 30, y: 0, width: 110, height: 10))
    // Right to left: a at 240...280 (centre 260), c at 90...190 (centre 140).
    XCTAssertEqual(view(layout, "a", direction: .rtl)?.frame, Rect(x: 240, y: 0, width: 40, height: 10))
    XCTAssertEqual(view(layout, "b", direction: .rtl)?.frame, Rect(x: 140, y: 0, width: 110, height: 10))
  }

  func testAMultiplierOfOneNeedsNoContainer() {
    let layout = solve(inP("  view a\n  a.leading == super.trailing - 100\n  a.width == 40\n  V:|[a(10)]"))
    XCTAssertEqual(view(layout, "a")?.frame, Rect(x: 180, y: 0, width: 40, height: 10))
    XCTAssertEqual(view(layout, "a", direction: .rtl)?.frame, Rect(x: 60, y: 0, width: 40, height: 10))
  }

  // MARK: - The superview's alignment insets

  /// `S` has alignment insets (5, 10, 15, 20): its alignment rectangle (200 × 100) starts
  /// 10 points right of and 5 points below its frame's origin, where its bounds start.
  private func inS(_ body: String, insets: String = "(5, 10, 15, 20)") -> String {
    "canvas phone 375x667\nview S insets \(insets) {\n\(body)\n}\nH:|-10-[S(200)]\nV:|-50-[S(100)]\n"
  }

  func testASubviewPinnedToItsSuperviewsEdgesFollowsItsAlignmentRectangle() {
    let layout = solve(inS("  view In\n  H:|[In]|\n  V:|[In]|"))
    XCTAssertEqual(layout.diagnostics.map(\.message), [])
    XCTAssertEqual(view(layout, "S")?.frame, Rect(x: 0, y: 45, width: 230, height: 120))
    XCTAssertEqual(view(layout, "In")?.frame, Rect(x: 10, y: 5, width: 200, height: 100))
    XCTAssertEqual(view(layout, "In")?.absoluteAlignment, Rect(x: 10, y: 50, width: 200, height: 100))
    XCTAssertEqual(view(layout, "In", direction: .rtl)?.frame, Rect(x: 10, y: 5, width: 200, height: 100))
    // The same as equations.
    let explicit = solve(inS("  view In\n  In.leading == S.leading\n  In.trailing == super.trailing\n"
      + "  In.top == S.top\n  In.bottom == S.bottom"))
    XCTAssertEqual(view(explicit, "In")?.frame, Rect(x: 10, y: 5, width: 200, height: 100))
  }

  func testBothViewsAlignmentRectanglesMeet() {
    // sub.frame.x + sub.insets.left = S.insets.left.
    let layout = solve(inS("  view In insets (1, 2, 3, 4)\n  H:|[In]|\n  V:|[In]|"))
    XCTAssertEqual(view(layout, "In")?.frame, Rect(x: 8, y: 4, width: 206, height: 104))
    XCTAssertEqual(view(layout, "In")?.alignment, Rect(x: 10, y: 5, width: 200, height: 100))
  }

  func testGapsToTheSuperviewCountFromItsAlignmentRectangle() {
    let layout = solve(inS("  view In\n  H:|-8-[In(50)]\n  V:|-8-[In(20)]"))
    XCTAssertEqual(view(layout, "In")?.frame, Rect(x: 18, y: 13, width: 50, height: 20))
    // Right to left, 8 points inside the alignment rectangle's right edge (at 210).
    XCTAssertEqual(view(layout, "In", direction: .rtl)?.frame, Rect(x: 152, y: 13, width: 50, height: 20))
  }

  func testAMultipliedPositionCountsTheContainersInsets() {
    // S's trailing edge is 210 points into its bounds: 10 of insets and 200 of alignment rectangle.
    let layout = solve(inS("  view a\n  a.leading == super.trailing * 0.5\n  a.width == 40\n  V:|[a(10)]"))
    XCTAssertEqual(view(layout, "a")?.frame, Rect(x: 105, y: 5, width: 40, height: 10))
  }

  /// A layout guide has no alignment insets: the safe area of a view (other than the root) is
  /// its bounds, the whole frame.
  func testTheSafeAreaOfAnInsetViewIsItsBounds() {
    let layout = solve(inS("  view In\n  H:|[In]|\n  In.top == S.safeArea.top\n  In.bottom == S.safeArea.bottom"))
    XCTAssertEqual(view(layout, "In")?.frame, Rect(x: 10, y: 0, width: 200, height: 120))
  }

  /// A view kept at an offset by a missing-constraints fix lands where it was.
  func testTheMissingConstraintsFixKeepsTheFrameInsideAnInsetSuperview() throws {
    let text = inS("  view In frame (30 20; 50 40)\n  In.width == 50\n  In.height == 40")
    let layout = SolvedLayout(document: LayoutDocument(text: text, kind: .layout))
    let fix = try XCTUnwrap(layout.diagnostics.first { $0.code == .ambiguous }?.fixes.first)
    XCTAssertTrue(fix.title.contains("In.leading == super.leading + 20"), fix.title)
    let fixed = LayoutDocument(bytes: TextEdit.apply(fix.edits, to: Array(text.utf8)), kind: .layout)
    let again = SolvedLayout(document: fixed)
    XCTAssertEqual(view(again, "In")?.frame.x, 30)
  }

  func testOffscreenMeansOutsideTheSuperviewsBounds() {
    // Into S's insets but inside its bounds: not offscreen.
    let inside = solve(inS("  view In\n  H:|-(-10)-[In(50)]\n  V:|-(-5)-[In(20)]"))
    XCTAssertEqual(view(inside, "In")?.frame, Rect(x: 0, y: 0, width: 50, height: 20))
    XCTAssertEqual(inside.diagnostics.map(\.code), [])
    let outside = solve(inS("  view In\n  H:|-(-12)-[In(50)]\n  V:|[In(20)]"))
    XCTAssertEqual(outside.diagnostics.map(\.code), [.offscreen])
  }

  // MARK: - Edits

  private func frames(_ layout: SolvedLayout) -> [String] {
    layout.places.flatMap { solver in
      layout.document.model.viewOrder.map { "\(solver.place) \($0) \(solver.solvedView($0).map { "\($0.frame)" } ?? "-")" }
    }
  }

  /// An edit that moves a view to another superview changes the container of its constraints.
  func testMovingAViewToAnotherSuperviewMovesItsContainer() {
    let before = """
      canvas phone 375x667
      view P {
        view a
      }
      view Q {
      }
      H:|-100-[P(280)]
      H:|-20-[Q(300)]
      V:|-50-[P(200)]-10-[Q(200)]
      a.leading == P.trailing * 0.5
      a.width == 40
      a.top == P.top
      a.height == 10

      """
    let after = before.replacingOccurrences(of: "  view a\n}\nview Q {\n", with: "}\nview Q {\n  view a\n")
    let live = LiveLayout()
    let first = live.update(LayoutDocument(text: before, kind: .layout))
    XCTAssertEqual(view(first, "a")?.frame.x, 140)
    let document = LayoutDocument(bytes: Array(after.utf8), kind: .layout, previous: first.document)
    let updated = live.update(document)
    // Now measured in the root: 190, which is 170 in Q.
    XCTAssertEqual(view(updated, "a")?.frame.x, 170)
    XCTAssertEqual(frames(updated), frames(SolvedLayout(document: LayoutDocument(text: after, kind: .layout))))
  }

  /// An edit to a superview's insets moves the subviews pinned to its edges.
  func testChangingASuperviewsInsetsMovesItsSubviews() {
    let before = inS("  view In\n  H:|[In]|\n  V:|[In]|")
    let after = inS("  view In\n  H:|[In]|\n  V:|[In]|", insets: "(5, 30, 15, 20)")
    let live = LiveLayout()
    let first = live.update(LayoutDocument(text: before, kind: .layout))
    let document = LayoutDocument(bytes: Array(after.utf8), kind: .layout, previous: first.document)
    let updated = live.update(document)
    XCTAssertEqual(view(updated, "In")?.frame, Rect(x: 30, y: 5, width: 200, height: 100))
    XCTAssertEqual(frames(updated), frames(SolvedLayout(document: LayoutDocument(text: after, kind: .layout))))
  }

  /// A top-level view redeclared with other insets (the path that lowers only that
  /// declaration) is the container of the constraints that relate it to itself.
  func testRedeclaringAViewsInsetsReachesItsOwnConstraints() {
    let before = "canvas phone 375x667\nH:|-20-[S]\nview S insets (0, 10, 0, 0)\nS.trailing == S.leading * 3\nV:|[S(10)]\n"
    let after = before.replacingOccurrences(of: "(0, 10, 0, 0)", with: "(0, 30, 0, 0)")
    let live = LiveLayout()
    let first = live.update(LayoutDocument(text: before, kind: .layout))
    // In its own bounds S's leading edge is at 10, so its trailing edge is at 30: 20 wide.
    XCTAssertEqual(view(first, "S")?.alignment.width, 20)
    let document = LayoutDocument(bytes: Array(after.utf8), kind: .layout, previous: first.document)
    guard case .relowered = document.origin else { return XCTFail("\(document.origin): not the path under test") }
    let updated = live.update(document)
    XCTAssertEqual(view(updated, "S")?.alignment.width, 60)
    XCTAssertEqual(frames(updated), frames(SolvedLayout(document: LayoutDocument(text: after, kind: .layout))))
  }
}
