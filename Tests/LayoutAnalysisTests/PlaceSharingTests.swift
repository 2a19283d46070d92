@testable import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// What the places of a live layout share (the engine's constraints and the views' signatures
/// of a canvas, the table of signature ids) and how compactly a place keeps its entries: none
/// of it changes a constraint, a match, a frame or a finding.
final class PlaceSharingTests: XCTestCase {
  /// An entry keeps whether it is broken in the sign of its tag: through random writes of the
  /// flag, the tag and the flag read back exactly as a plain pair would hold them.
  func testEntriesKeepTheirTagAndBrokenFlagInSixteenBytes() {
    XCTAssertEqual(MemoryLayout<PlaceSolver.Entry>.stride, 16)
    var random = SeededRandom(seed: 18)
    for _ in 0..<2_000 {
      let tag =
        Bool.random(using: &random) ? Int.random(in: 0..<64, using: &random) : Int.random(in: 0...Int.max, using: &random)
      var plain = (tag: tag, broken: Bool.random(using: &random))
      var entry = PlaceSolver.Entry(tag: tag, solverConstraint: nil, isBroken: plain.broken)
      for _ in 0..<Int.random(in: 0..<6, using: &random) {
        XCTAssertEqual(entry.tag, plain.tag)
        XCTAssertEqual(entry.isBroken, plain.broken)
        plain.broken = Bool.random(using: &random)
        entry.isBroken = plain.broken
      }
      XCTAssertEqual(entry.tag, plain.tag)
      XCTAssertEqual(entry.isBroken, plain.broken)
      XCTAssertNil(entry.solverConstraint)
    }
  }

  /// Through edits of constraints and declarations, a conflict that makes the places rebuild and
  /// its removal, in a file of two canvases (one with a size-class block) laid out in both
  /// directions: the places of one canvas hold one array of engine constraints and the same
  /// signatures, and every place matches, holds and solves exactly as a place that follows the
  /// same models on its own (its own engine constraints and signature table). Engine constraints
  /// or signatures shared from another model or canvas would give other constraints (their
  /// ranges), and a table that gave an id to two signatures, or two ids to one, other matches.
  func testPlacesOfACanvasShareWhatDoesNotDependOnTheDirection() {
    var text = """
      canvas phone 375x667
      canvas pad 768x1024
      when wR {
        view side
        side.width == 100
        V:|[side(20)]
      }
      view top
      view main
      main.leading == top.trailing + 4
      H:|-[top(50)]
      V:|-[top(30)]-[main(30)]
      main.width == 40
      # A centre, measured from the left edge in both directions, keeps each right-to-left
      # place from mirroring its twin (a live layout lets a mirrored place go).
      top.centerX == super.centerX @200
      """
    let edits: [(String, String)] = [
      ("[main(30)]", "[main(31)]"),
      ("view main\n", "view main\nview extra\nextra.height == 7\nH:|[extra(9)]\nV:|[extra]\n"),
      ("H:|-[top(50)]", "H:|-[top(50)]\ntop.width == 60"),
      ("top.width == 60", "top.width == 61 @750"),
      ("view extra\n", "view extra\nview inside\ninside.top == extra.top\n"),
      ("view inside\n", "view inside {\n  view deep\n  H:|[deep(3)]|\n  V:|[deep(4)]|\n}\n"),
      ("[main(31)]", "[main(30)]"),
      ("main.leading == top.trailing + 4", "main.leading == top.trailing + 5"),
      ("view top\n", "view top\nview late\n"),
    ]
    var document = LayoutDocument(text: text, kind: .layout)
    XCTAssertTrue(document.diagnostics.allSatisfy { $0.severity != .error }, "\(document.diagnostics)")
    let live = LiveLayout()
    var alone: [String: PlaceSolver] = [:]
    func name(_ place: LayoutPlace) -> String { "\(place.canvas.name) \(place.direction)" }
    func check(_ layout: SolvedLayout, _ label: String, updated: Bool = true) {
      let places = layout.places.map(\.place)
      XCTAssertEqual(places.count, 4, label)
      let models = document.models(for: places)
      for (index, solver) in layout.places.enumerated() {
        let place = places[index]
        let own: PlaceSolver
        if let existing = alone[name(place)] {
          if updated {
            existing.update(model: models[index], place: place)
          } else {
            existing.solveAgain()
          }
          own = existing
        } else {
          own = PlaceSolver(model: models[index], place: place, followsUpdates: true)
          alone[name(place)] = own
        }
        XCTAssertEqual(solver.constraints, own.constraints, "\(label) \(name(place))")
        XCTAssertEqual(solver.constraints, PlaceSolver(model: models[index], place: place).constraints, label)
        if updated {
          XCTAssertEqual(solver.lastUpdate.removed, own.lastUpdate.removed, "\(label) \(name(place))")
          XCTAssertEqual(solver.lastUpdate.added, own.lastUpdate.added, "\(label) \(name(place))")
          XCTAssertEqual(solver.lastUpdate.rebuilt, own.lastUpdate.rebuilt, "\(label) \(name(place))")
        }
        XCTAssertEqual(solver.allSolvedViews().views, own.allSolvedViews().views, label)
        XCTAssertEqual(solver.ambiguities(), own.ambiguities(), label)
        XCTAssertEqual(solver.conflicts, own.conflicts, label)
        XCTAssertEqual(solver.brokenConstraints, own.brokenConstraints, label)
        // Ids differ between tables, but they are equal exactly where the views' are.
        let shared = solver.viewSignatures
        let separate = own.viewSignatures
        XCTAssertEqual(Set(shared.keys), Set(separate.keys), label)
        for (first, second) in zip(shared.keys, shared.keys.dropFirst()) {
          XCTAssertEqual(shared[first] == shared[second], separate[first] == separate[second], label)
        }
      }
      for first in layout.places.indices {
        for second in layout.places.indices where second > first {
          let one = layout.places[first]
          let other = layout.places[second]
          guard one.place.canvas == other.place.canvas else { continue }
          XCTAssertEqual(one.viewSignatures, other.viewSignatures, label)
          guard let oneEngine = one.engineConstraintsIfComputed, let otherEngine = other.engineConstraintsIfComputed
          else { continue }
          XCTAssertEqual(oneEngine, otherEngine, label)
          let a = oneEngine.withUnsafeBufferPointer { $0.baseAddress }
          let b = otherEngine.withUnsafeBufferPointer { $0.baseAddress }
          XCTAssertEqual(a, b, "\(label): the places of \(one.place.canvas.name) keep one array")
        }
      }
    }
    var layout = live.update(document)
    check(layout, "open")
    var sharedEngines = 0
    var incremental = 0
    for (old, new) in edits {
      guard let range = text.range(of: old) else { return XCTFail(old) }
      text.replaceSubrange(range, with: new)
      document = LayoutDocument(bytes: Array(text.utf8), kind: .layout, previous: document)
      layout = live.update(document)
      // The checks read the engine's constraints (conflicts name them): both places then have them.
      _ = layout.diagnostics
      for solver in layout.places { _ = solver.constraints }
      sharedEngines += layout.places.filter { $0.engineConstraintsIfComputed != nil }.count
      check(layout, old)
      incremental += layout.places.filter { !$0.lastUpdate.rebuilt }.count
      if old == "view top\n" {
        // A view declared before the others: every entry is matched again by its key, and
        // only the new view's engine constraints are added (ids shifted or reused wrongly
        // would remove and add others).
        for solver in layout.places {
          XCTAssertFalse(solver.lastUpdate.rebuilt, old)
          XCTAssertEqual(solver.lastUpdate.removed, 0, old)
          XCTAssertEqual(solver.lastUpdate.added, 2, old)
        }
      }
      if let settled = live.settle() { check(settled, "\(old), settled", updated: false) }
    }
    XCTAssertGreaterThan(sharedEngines, 0)
    XCTAssertGreaterThan(incremental, 20)
  }
}
