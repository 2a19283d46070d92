@testable import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// What a solved document keeps, kept once and at its own size: places of one canvas share
/// the engine's constraints (both directions build the same), and the model's constraints are
/// kept without the room their appends left, after a full build and after edits. None of it
/// changes a constraint, a frame or a finding.
final class CompactStorageTests: XCTestCase {
  private let sizeClasses = """
    canvas phone 375x667
    canvas pad 768x1024
    when wR {
      view side
      side.width == 100
      V:|[side(20)]
    }
    view main
    main.leading == side.trailing
    main.width == 10
    H:|-[main]
    V:|-[main(30)]
    """

  /// Each place of a solved document holds exactly the constraints, and solves to exactly the
  /// frames, of a place solved on its own (which builds its own engine constraints): a place
  /// given another canvas's, or another model's, would not.
  func testPlacesSharingEngineConstraintsMatchPlacesSolvedAlone() throws {
    let putta = try String(contentsOf: packageRoot().appendingPathComponent("Examples/clean/putta.layout"), encoding: .utf8)
    for text in [putta, sizeClasses, CompactStorageTests.form(rows: 3)] {
      let document = LayoutDocument(text: text, kind: .layout)
      let layout = SolvedLayout(document: document)
      let places = layout.places.map(\.place)
      XCTAssertGreaterThan(places.count, 1)
      let models = document.models(for: places)
      for (index, solver) in layout.places.enumerated() {
        let alone = PlaceSolver(model: models[index], place: places[index])
        XCTAssertEqual(solver.constraints, alone.constraints, "\(places[index])")
        XCTAssertEqual(solver.allSolvedViews().views, alone.allSolvedViews().views, "\(places[index])")
        XCTAssertEqual(solver.ambiguities(), alone.ambiguities(), "\(places[index])")
      }
    }
  }

  func testModelConstraintsKeepNoSpareRoom() {
    let text = CompactStorageTests.form(rows: 60)
    var document = LayoutDocument(text: text, kind: .layout)
    let count = document.model.constraints.count
    XCTAssertGreaterThan(count, 1000)
    // Room for the rest of the last chunk, and the allocator's rounding of chunks rebuilt at
    // their size; an array that doubled as it grew would have up to `count` more.
    XCTAssertLessThanOrEqual(document.model.constraints.capacity, count + count / 8 + ConstraintList.chunkSize)
    // Edits that add and remove constraints (a row gains a view, then loses it again): the
    // model built around each edit is kept at its size too, and equals a full build.
    var bytes = Array(text.utf8)
    for (old, new) in [("[v5(==v0)]", "[v5(==v0)]-gap-[x(==v0)]"), ("-gap-[x(==v0)]", ""), ("(44)", "(45)")] {
      guard let range = String(decoding: bytes, as: UTF8.self).range(of: old) else { return XCTFail(old) }
      let string = String(decoding: bytes, as: UTF8.self)
      let start = string.utf8.distance(from: string.startIndex, to: range.lowerBound)
      let change = TextChange(start: start, oldEnd: start + old.utf8.count, newEnd: start + new.utf8.count)
      bytes.replaceSubrange(start..<(start + old.utf8.count), with: Array(new.utf8))
      document = LayoutDocument(bytes: bytes, kind: .layout, previous: document, change: change)
      let constraints = document.model.constraints
      XCTAssertLessThanOrEqual(
        constraints.capacity, constraints.count + constraints.count / 8 + ConstraintList.chunkSize, old)
      XCTAssertEqual(constraints, LayoutDocument(bytes: bytes, kind: .layout).model.constraints, old)
    }
  }

  /// A place solved once keeps no constraint keys; when it is updated after all, it computes
  /// them then, and every update matches exactly the constraints that a place keeping its keys
  /// from the start matches (the same counts removed and added), to the same solution.
  func testKeysComputedAtTheFirstUpdateMatchKeysKeptFromTheStart() {
    var text = CompactStorageTests.form(rows: 4)
    let edits: [(String, String)] = [
      ("V:|-8-[v3(44)]", "V:|-8-[v3(45)]"),
      ("[v5(==v0)]", "[v5(==v0)]-gap-[extra(==v0)]"),
      ("label v0 intrinsic", "view spare\nlabel v0 intrinsic"),
      ("V:|[x(1)]", "V:|[x(2)]\nx.width == 3 @750"),
      ("-gap-[extra(==v0)]", ""),
    ]
    let first = LayoutDocument(text: text, kind: .layout)
    let place = SolvedLayout.places(of: first.model)[0]
    let once = PlaceSolver(model: first.model, place: place)
    let following = PlaceSolver(model: first.model, place: place, followsUpdates: true)
    for (old, new) in edits {
      guard let range = text.range(of: old) else { return XCTFail(old) }
      text.replaceSubrange(range, with: new)
      let model = LayoutDocument(text: text, kind: .layout).model
      XCTAssertEqual(once.update(model: model), following.update(model: model), old)
      XCTAssertEqual(once.lastUpdate.removed, following.lastUpdate.removed, old)
      XCTAssertEqual(once.lastUpdate.added, following.lastUpdate.added, old)
      XCTAssertEqual(once.lastUpdate.rebuilt, following.lastUpdate.rebuilt, old)
      XCTAssertEqual(once.constraints, following.constraints, old)
      XCTAssertEqual(once.allSolvedViews().views, following.allSolvedViews().views, old)
      XCTAssertEqual(once.ambiguities(), following.ambiguities(), old)
      XCTAssertEqual(once.conflicts, following.conflicts, old)
    }
  }

  /// A place keeps no keys: an update computes the keys of the entries it matches again from
  /// the model they came from, with the signatures they were added with. Were they read from
  /// the new model, or with the new signatures, constraints whose meaning did not change would
  /// be removed and added again (or different ones kept); here only what changed is.
  func testUpdatesMatchOnlyWhatChangedWithoutKeptKeys() {
    var text = CompactStorageTests.form(rows: 4)
    let place = SolvedLayout.places(of: LayoutDocument(text: text, kind: .layout).model)[0]
    let solver = PlaceSolver(
      model: LayoutDocument(text: text, kind: .layout).model, place: place, followsUpdates: true)
    // (old text, new text, removed, added): a constant; a view declared among the others
    // with a constraint before every other (the views change, so every entry is matched
    // again: only the view's engine constraints and its constraint are added, though every
    // other entry moved); a constraint added at the top; a constant again.
    let edits: [(String, String, Int, Int)] = [
      ("V:|-8-[v3(44)]", "V:|-8-[v3(45)]", 1, 1),
      ("view x\n", "view x\nview spare\nspare.height == 7\n", 0, -1),
      ("metric gap = 8\n", "metric gap = 8\nspare.width == 5\n", 0, 1),
      ("V:|-8-[v3(45)]", "V:|-8-[v3(44)]", 1, 1),
    ]
    let rebuilt = PlaceSolver(model: LayoutDocument(text: text, kind: .layout).model, place: place)
    var engineOfSpare = 0
    for (old, new, removed, added) in edits {
      guard let range = text.range(of: old) else { return XCTFail(old) }
      text.replaceSubrange(range, with: new)
      let model = LayoutDocument(text: text, kind: .layout).model
      let before = solver.constraints.count
      XCTAssertTrue(solver.update(model: model), old)
      XCTAssertFalse(solver.lastUpdate.rebuilt, old)
      XCTAssertEqual(solver.lastUpdate.removed, removed, old)
      if added < 0 {
        engineOfSpare = solver.constraints.count - before - 1
        XCTAssertGreaterThan(engineOfSpare, 0, old)
        XCTAssertEqual(solver.lastUpdate.added, engineOfSpare + 1, old)
      } else {
        XCTAssertEqual(solver.lastUpdate.added, added, old)
      }
      rebuilt.update(model: model)
      rebuilt.solveAgain()
      XCTAssertEqual(solver.constraints, rebuilt.constraints, old)
      XCTAssertEqual(solver.allSolvedViews().views, rebuilt.allSolvedViews().views, old)
      XCTAssertEqual(solver.ambiguities(), rebuilt.ambiguities(), old)
    }
  }

  /// The residual check's index (constraints by tag from the smallest, and a chain of links
  /// per variable) lists, for every variable, exactly the file's required constraints over it,
  /// through edits that add, remove and move constraints: a value that changes makes the
  /// check read all of them again and no other.
  func testResidualIndexListsEveryRequiredConstraintOverEachVariable() throws {
    var text = CompactStorageTests.form(rows: 3)
    let live = LiveLayout()
    var document = LayoutDocument(text: text, kind: .layout)
    var updated = live.update(document)
    let edits: [(String, String)] = [
      ("V:|-8-[v3(44)]", "V:|-8-[v3(45)]"),
      ("[v5(==v0)]", "[v5(==v0)]-gap-[v6b(==v0)]"),
      ("V:|[x(1)]", "V:|[x(2)]\nv3.width == 2 * v4.width\nv3.height == v4.height + 1"),
      ("V:|-8-[v3(45)]", ""),
      ("v3.width == 2 * v4.width", "v4.width == v3.width"),
    ]
    for (old, new) in edits {
      for place in updated.places { _ = place.violatedRequiredConstraints(scale: 1200) }
      guard let range = text.range(of: old) else { return XCTFail(old) }
      text.replaceSubrange(range, with: new)
      document = LayoutDocument(bytes: Array(text.utf8), kind: .layout, previous: document)
      updated = live.update(document)
      var checked = 0
      for place in updated.places {
        guard let index = place.residualIndex() else { continue }
        checked += 1
        XCTAssertEqual(index.kept, index.expected, old)
        XCTAssertGreaterThan(index.expected.filter { $0.count > 1 }.count, 0, old)
      }
      XCTAssertGreaterThan(checked, 0, old)
    }
  }

  /// `plumb-bench lsp|live --direction ltr` appends `direction ltr` to the form, so that every
  /// line keeps its number: the line, last in the file, makes each canvas one place.
  func testADirectionAtTheEndOfTheFormMakesOnePlace() {
    let both = LayoutDocument(text: Self.form(rows: 2), kind: .layout)
    XCTAssertEqual(SolvedLayout.places(of: both.model).map(\.direction), [.ltr, .rtl])
    for (line, direction) in [("direction ltr", LayoutDirection.ltr), ("direction rtl", .rtl)] {
      let one = LayoutDocument(text: Self.form(rows: 2) + line + "\n", kind: .layout)
      XCTAssertTrue(one.diagnostics.isEmpty, line)
      XCTAssertEqual(SolvedLayout.places(of: one.model).map(\.direction), [direction], line)
    }
  }

  /// The form of `plumb-bench check`: rows of ten labels.
  static func form(rows: Int) -> String {
    var text = "canvas wide 1200x\(16 + 52 * rows)\nmetric gap = 8\nview x\n"
    for index in 0..<(10 * rows) { text += "label v\(index) intrinsic 60x21\n" }
    text += "V:|[x(1)]\nH:|[x(1)]\n"
    for row in 0..<rows {
      let first = row * 10
      var format = "H:|-gap-[v\(first)]"
      for index in (first + 1)..<(first + 10) { format += "-gap-[v\(index)(==v\(first))]" }
      text += format + "-(>=gap)-|\n"
      for index in first..<(first + 10) { text += "V:|-\(8 + 52 * row)-[v\(index)(44)]\n" }
    }
    return text
  }
}
