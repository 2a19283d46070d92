import Foundation
import LayoutSyntax
import TestSupport
import XCTest

@testable import LayoutAnalysis

/// A document updated from its previous version must equal the document built from scratch:
/// the same tree, model (every range included) and diagnostics, edit after edit.
final class IncrementalDocumentTests: XCTestCase {
  /// Everything a document says, ranges included, as text.
  private func describe(_ document: LayoutDocument) -> String {
    var text = ""
    dump(document.syntax.statements.array, to: &text)
    dump(document.diagnostics, to: &text)
    let model = document.model
    dump(model.constraints.array, to: &text)
    dump(model.viewOrder, to: &text)
    for name in model.viewOrder {
      if let node = model.views[name] {
        var properties = node
        properties.propertyRanges = [:]
        dump(properties, to: &text)
        dump(node.propertyRanges.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }, to: &text)
      }
    }
    dump(model.metrics.sorted { $0.key < $1.key }.map(\.value), to: &text)
    dump(model.canvases, to: &text)
    dump(model.directions, to: &text)
    dump(model.spacing, to: &text)
    if let lowering = document.lowering {
      dump(lowering.declarationDiagnostics, to: &text)
      dump(lowering.settingsDiagnosticCount, to: &text)
      dump(lowering.statementEnds.map { "\($0.constraints)/\($0.diagnostics)" }, to: &text)
      dump(lowering.diagnostics, to: &text)
    }
    return text
  }

  private func sources() throws -> [(String, FileKind, [UInt8])] {
    var result: [(String, FileKind, [UInt8])] = []
    let root = packageRoot()
    for folder in ["Examples/clean", "Examples/problems", "Tests/Fixtures/syntax/ok"] {
      let directory = root.appendingPathComponent(folder)
      for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() {
        guard let kind = FileKind(pathExtension: (name as NSString).pathExtension) else { continue }
        result.append(("\(folder)/\(name)", kind, try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))))
      }
    }
    return result
  }

  /// Mostly what typing in constraints does, sometimes what breaks declarations.
  private let insertions: [String] = [
    "1", "5", "0", " ", "\n", "-", "@", "750", "a", "x", ";", "(", ")", "[", "]", "|", "==", ">=", "#",
    "H:|-[a]-|\n", "V:|-8-[b(44)]\n", "a.width == 100\n", "a.leading == b.trailing + 8 @999\n",
    "title.width == 2 * header.width\n", "nope.width == 3\n", "metric m = 4\n", "label q intrinsic 10x10\n",
    "view w {\n", "}\n", "canvas c 320x480\n", "direction both\n", "spacing 8\n",
    "when wC {\n", "when wR hC {\n", "when hR { view z }\n", " traits wR hR", "wC", "z.width == a.width\n",
    "a.leading == a.readable.leading\n", "x.width == a.readable.width\n", " hidden", "guide g\n", "g.width == 10\n",
    "stack s spacing 4 {\n", " baseline first 12 last 4",
  ]

  /// One random edit, and the change it made as an editor reports it (the replaced range and
  /// the new text's length, not narrowed to the bytes that differ).
  private func edit(_ bytes: [UInt8], _ random: inout SeededRandom) -> ([UInt8], TextChange) {
    var result = bytes
    // Most edits land on a digit, as when a number is being typed.
    let digits = result.indices.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(result[$0]) }
    let position =
      !digits.isEmpty && Bool.random(using: &random)
      ? digits[Int.random(in: 0..<digits.count, using: &random)]
      : Int.random(in: 0...result.count, using: &random)
    switch Int.random(in: 0..<4, using: &random) {
    case 0:
      let end = min(result.count, position + Int.random(in: 1...8, using: &random))
      result.removeSubrange(position..<end)
      return (result, TextChange(start: position, oldEnd: end, newEnd: position))
    case 1:
      let end = min(result.count, position + 1)
      let text = Array(String(Int.random(in: 0..<100, using: &random)).utf8)
      result.replaceSubrange(position..<end, with: text)
      return (result, TextChange(start: position, oldEnd: end, newEnd: position + text.count))
    default:
      let text = Array(insertions[Int.random(in: 0..<insertions.count, using: &random)].utf8)
      result.insert(contentsOf: text, at: position)
      return (result, TextChange(start: position, oldEnd: position, newEnd: position + text.count))
    }
  }

  /// One or two random edits, and, for half the seeds, the change that covers them (as the
  /// server hands a burst of edits to the document); for the others nil, so that the document
  /// compares the texts.
  private func edits(_ bytes: [UInt8], _ random: inout SeededRandom, seed: UInt64) -> ([UInt8], TextChange?) {
    var (edited, change) = edit(bytes, &random)
    if Int.random(in: 0..<3, using: &random) == 0 {
      let (again, next) = edit(edited, &random)
      edited = again
      change = change.followed(by: next)
    }
    return (edited, seed % 2 == 0 ? change : nil)
  }

  /// Edits each source `steps` times at random, each version updated from the previous one,
  /// and checks it against a full build; returns how many versions were lowered in part.
  @discardableResult
  private func checkRandomEdits(_ sources: [(String, FileKind, [UInt8])], seeds: Range<UInt64>, steps: Int) -> Int {
    var relowered = 0
    withEverySeed(seeds) { random, seed in
      guard let (name, kind, original) = sources.randomElement(using: &random) else { return }
      var document = LayoutDocument(bytes: original, kind: kind)
      for step in 0..<steps {
        let (edited, change) = edits(document.bytes, &random, seed: seed)
        let updated = LayoutDocument(bytes: edited, kind: kind, previous: document, change: change)
        let (actual, expected) = (describe(updated), describe(LayoutDocument(bytes: edited, kind: kind)))
        XCTAssertEqual(
          actual, expected,
          "seed \(seed), \(name), step \(step), \(String(describing: change)):\n\(String(decoding: edited, as: UTF8.self))\nafter:\n\(String(decoding: document.bytes, as: UTF8.self))")
        if actual != expected { return }
        if case .relowered = updated.origin { relowered += 1 }
        document = updated
      }
    }
    return relowered
  }

  func testRandomEditsGiveTheDocumentOfAFullBuild() throws {
    let relowered = checkRandomEdits(try sources(), seeds: 0..<120, steps: 15)
    // The edits must exercise the path that lowers only what changed.
    XCTAssertGreaterThan(relowered, 300)
  }

  /// A document of many chunks of statements and constraints (`StatementList`,
  /// `ConstraintList`), edited many times over: the statements and constraints after each edit
  /// are moved by their chunk's offset, which accumulates edit after edit, and must equal a
  /// full build, ranges and fixes included; so must the live layout's analysis.
  func testManyEditsToALargeDocumentGiveTheDocumentOfAFullBuild() {
    var text = "canvas phone 375x2000\nmetric gap = 8\n"
    for row in 0..<40 {
      let views = (0..<3).map { "v\(row)_\($0)" }
      for view in views { text += "label \(view) intrinsic 60x21\n" }
      text += "H:|-gap-[\(views[0])]-gap-[\(views[1])(==\(views[0]))]-gap-[\(views[2])]-(>=gap)-|\n"
      for view in views { text += "V:|-\(8 + 30 * row)-[\(view)(22)]\n" }
      if row % 5 == 0 { text += "\(views[2]).left == \(views[1]).right + 8 @750\n" }
      if row % 7 == 3 { text += "\(views[0]).width == 61\n" }
    }
    let original = Array(text.utf8)
    let first = LayoutDocument(bytes: original, kind: .layout)
    XCTAssertGreaterThan(first.syntax.statements.count, 3 * 64)
    XCTAssertGreaterThan(first.model.constraints.count, 3 * 256)
    XCTAssertEqual(first.diagnostics.filter { $0.severity == .error }.map(\.message), [])
    var relowered = 0
    withEverySeed(0..<4) { random, seed in
      var document = first
      let live = LiveLayout()
      _ = live.update(document)
      for step in 0..<25 {
        let (edited, change) = edits(document.bytes, &random, seed: seed)
        let updated = LayoutDocument(bytes: edited, kind: .layout, previous: document, change: change)
        let fresh = LayoutDocument(bytes: edited, kind: .layout)
        let (actual, expected) = (describe(updated), describe(fresh))
        XCTAssertEqual(actual, expected, "seed \(seed), step \(step), \(String(describing: change))")
        if actual != expected { return }
        XCTAssertEqual(updated.model.constraints.map(\.range), fresh.model.constraints.map(\.range))
        if case .relowered = updated.origin { relowered += 1 }
        document = updated
        if step % 5 == 4 {
          let solved = live.update(document)
          let incremental = describe(live.settle() ?? solved)
          let whole = describe(SolvedLayout(document: fresh, solveWithErrors: true))
          XCTAssertEqual(incremental, whole, "seed \(seed), step \(step)")
          if incremental != whole { return }
        } else {
          _ = live.update(document)
        }
      }
    }
    XCTAssertGreaterThan(relowered, 40)
  }

  /// What a solved layout says, ranges included.
  private func describe(_ layout: SolvedLayout) -> String {
    var lines = layout.diagnostics.map { "\($0.range) \($0.code) \($0.message) \($0.fixes)" }
    // With errors in the text nothing is reported, and a view whose frame is not determined
    // may rest anywhere its constraints allow.
    let hasErrors = layout.document.diagnostics.contains { $0.severity == .error }
    for solver in layout.places {
      var ambiguous = hasErrors ? Set(solver.ambiguities().map(\.view)) : []
      // A subview's place on the canvas follows its superview's.
      let model = layout.document.model
      for name in model.viewOrder where model.views[name]?.superview.map(ambiguous.contains) == true {
        ambiguous.insert(name)
      }
      lines.append("\(solver.place) \(solver.constraints.map { "\($0) \($0.range)" })")
      lines.append("\(solver.place) broken \(solver.brokenConstraints.map { "\($0) \($0.range)" })")
      for name in layout.document.model.viewOrder {
        if !ambiguous.contains(name), let view = solver.solvedView(name) {
          // Numbers as the output shows them (0 and -0 alike).
          let rects = [view.frame, view.absoluteAlignment].map { rect in
            [rect.x, rect.y, rect.width, rect.height].map { formatNumber($0) }.joined(separator: " ")
          }
          lines.append("\(solver.place) \(name) \(rects)")
        }
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The language server's path: documents updated from their previous version, solved by a
  /// live layout that is told which constraints changed, equal a fresh solve of the text.
  func testLiveLayoutsOfUpdatedDocumentsAgreeWithAFreshSolve() throws {
    checkLiveLayouts(try sources().filter { $0.1 == .layout }, seeds: 0..<40)
  }

  /// Edits in and around `when` blocks: each place lays out only what its canvas installs.
  func testEditsAroundWhenBlocksAgreeWithAFreshBuildAndSolve() throws {
    let conditional = try sources().filter { $0.1 == .layout && String(decoding: $0.2, as: UTF8.self).contains("when ") }
    XCTAssertGreaterThanOrEqual(conditional.count, 2)
    checkRandomEdits(conditional, seeds: 0..<60, steps: 12)
    checkLiveLayouts(conditional, seeds: 0..<40)
  }

  private func checkLiveLayouts(_ all: [(String, FileKind, [UInt8])], seeds: Range<UInt64>) {
    withEverySeed(seeds) { random, seed in
      guard let (name, kind, original) = all.randomElement(using: &random) else { return }
      var document = LayoutDocument(bytes: original, kind: kind)
      let live = LiveLayout()
      _ = live.update(document)
      for step in 0..<10 {
        let (edited, change) = edits(document.bytes, &random, seed: seed)
        document = LayoutDocument(bytes: edited, kind: kind, previous: document, change: change)
        let updated = live.update(document)
        let incremental = describe(live.settle() ?? updated)
        let fresh = describe(SolvedLayout(document: LayoutDocument(bytes: edited, kind: kind), solveWithErrors: true))
        if incremental != fresh {
          let pairs = zip(incremental.split(separator: "\n"), fresh.split(separator: "\n"))
          let difference = pairs.first { $0 != $1 }.map { "live:  \($0)\nfresh: \($1)" } ?? "(lengths differ)"
          XCTFail("seed \(seed), \(name), step \(step):\n\(difference)\n\(String(decoding: edited, as: UTF8.self))")
          return
        }
      }
    }
  }

  /// A `.vfl` file declares its views by their first use: an edit to a line whose views were
  /// all used before lowers that line only; one that adds a view or moves a first use builds
  /// the model again. Both give the document of a full build.
  func testVisualFormatFilesLowerALineWhenItDeclaresNothing() {
    var text = "spacing 8\n"
    for row in 0..<20 { text += "H:|-[a\(row)]-[b\(row)(==a\(row))]-|\n" }
    for row in 0..<20 { text += "V:|-\(row * 30)-[a\(row)(20)]\nV:|-\(row * 30)-[b\(row)(20)]\n" }
    let document = LayoutDocument(text: text, kind: .vfl)
    let height = text.replacingOccurrences(of: "[a7(20)]", with: "[a7(25)]")
    let updated = LayoutDocument(bytes: Array(height.utf8), kind: .vfl, previous: document)
    guard case .relowered = updated.origin else { return XCTFail("\(updated.origin)") }
    XCTAssertEqual(describe(updated), describe(LayoutDocument(text: height, kind: .vfl)))
    // A new view: declared by this line, so the model is built again.
    let added = height.replacingOccurrences(of: "V:|-210-[a7(25)]", with: "V:|-210-[a7(25)]-[c]")
    let declared = LayoutDocument(bytes: Array(added.utf8), kind: .vfl, previous: updated)
    XCTAssertEqual(declared.origin, .reparsed)
    XCTAssertEqual(describe(declared), describe(LayoutDocument(text: added, kind: .vfl)))
    // Random edits of such a file agree with full builds.
    checkRandomEdits([("generated.vfl", .vfl, Array(text.utf8))], seeds: 0..<10, steps: 8)
  }

  func testTypingANumberLowersOneStatement() {
    var text = "canvas phone 375x667\nmetric gap = 8\n"
    for index in 0..<50 { text += "label v\(index) intrinsic 60x21\n" }
    for index in 0..<50 { text += "H:|-gap-[v\(index)]\nV:|-\(index * 30)-[v\(index)(44)]\n" }
    let document = LayoutDocument(text: text, kind: .layout)
    let edited = text.replacingOccurrences(of: "[v25(44)]", with: "[v25(45)]")
    let updated = LayoutDocument(bytes: Array(edited.utf8), kind: .layout, previous: document)
    guard case .relowered(let statements) = updated.origin else { return XCTFail("\(updated.origin)") }
    XCTAssertLessThanOrEqual(statements, 3)
    XCTAssertEqual(describe(updated), describe(LayoutDocument(text: edited, kind: .layout)))
    // A view's properties: the view is declared again, its statement lowered again.
    let resized = edited.replacingOccurrences(of: "label v7 intrinsic 60x21", with: "label v7 intrinsic 605x21 hug 1001")
    let redeclared = LayoutDocument(bytes: Array(resized.utf8), kind: .layout, previous: updated)
    guard case .relowered = redeclared.origin else { return XCTFail("\(redeclared.origin)") }
    XCTAssertEqual(describe(redeclared), describe(LayoutDocument(text: resized, kind: .layout)))
    XCTAssertTrue(redeclared.diagnostics.contains { $0.code == .invalidPriority })
    // A declaration changes what everything else means: the model is built again.
    let declared = resized.replacingOccurrences(of: "metric gap = 8", with: "metric gap = 9")
    let rebuilt = LayoutDocument(bytes: Array(declared.utf8), kind: .layout, previous: redeclared)
    XCTAssertEqual(rebuilt.origin, .reparsed)
    XCTAssertEqual(describe(rebuilt), describe(LayoutDocument(text: declared, kind: .layout)))
    // No change, no work.
    XCTAssertEqual(LayoutDocument(bytes: Array(declared.utf8), kind: .layout, previous: rebuilt).origin, .reparsed)
  }

  /// A moved model leaves alone the views it finds out of the change's reach: for random
  /// views and changes (insertions, deletions, replacements, at and around the ranges' ends),
  /// every range of a view `reaches` calls unreached is one `TextChange.map` keeps.
  func testViewsOutOfAChangesReachKeepTheirRanges() {
    var random = SeededRandom(seed: 18)
    func range() -> SourceRange {
      let start = Int.random(in: 0...40, using: &random)
      return SourceRange(start: start, end: start + Int.random(in: 0...6, using: &random))
    }
    var unreached = 0
    for _ in 0..<20_000 {
      var node = ViewNode(name: "v", kind: .view, superview: nil)
      node.nameRange = Bool.random(using: &random) ? range() : nil
      node.declarationRange = Bool.random(using: &random) ? range() : nil
      for key in ["hidden", "intrinsic", "frame"] where Int.random(in: 0..<3, using: &random) == 0 {
        node.propertyRanges[key] = range()
      }
      let start = Int.random(in: 0...46, using: &random)
      let change = TextChange(
        start: start, oldEnd: start + Int.random(in: 0...3, using: &random),
        newEnd: start + Int.random(in: 0...3, using: &random))
      var moved = node
      moved.move(by: change)
      guard !node.reaches(change) else { continue }
      unreached += 1
      XCTAssertEqual(moved.nameRange, node.nameRange, "\(node) \(change)")
      XCTAssertEqual(moved.declarationRange, node.declarationRange, "\(node) \(change)")
      XCTAssertEqual(moved.propertyRanges, node.propertyRanges, "\(node) \(change)")
    }
    XCTAssertGreaterThan(unreached, 1_000)
  }
}
