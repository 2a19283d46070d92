import LayoutSyntax
import TestSupport
import XCTest

@testable import LayoutAnalysis

/// The findings of a layout's places are merged as each place makes them (`FindingMerger`),
/// holding the first copy of each finding and only the places of the later ones. The result
/// must be what merging every place's findings held together gives: the groups in the order
/// of their first findings, each the first copy with every copy's place, in order.
final class FindingMergerTests: XCTestCase {
  /// The merge as it was before findings were merged as they came: every finding held,
  /// grouped by code and key.
  private func referenceMerge(_ findings: [PlacedFinding], allPlaces: [LayoutPlace], directions: WritingDirections)
    -> [Diagnostic]
  {
    struct Key: Hashable {
      var code: DiagnosticCode
      var key: String
    }
    var order: [Key] = []
    var groups: [Key: [PlacedFinding]] = [:]
    for finding in findings {
      let key = Key(code: finding.diagnostic.code, key: finding.key)
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(finding)
    }
    return order.compactMap { key in
      guard let group = groups[key], let first = group.first?.diagnostic else { return nil }
      return SolvedLayout.merged(first, places: group.map(\.place), allPlaces: allPlaces, directions: directions)
    }
  }

  func testMergingAsFindingsComeEqualsMergingThemAllAtOnce() {
    let canvases = [
      Canvas(name: "default", width: 375, height: 667, range: nil),
      Canvas(name: "wide", width: 900, height: 400, range: SourceRange(start: 0, end: 4)),
      Canvas(name: "tall", width: 300, height: 900, range: SourceRange(start: 5, end: 9)),
    ]
    let codes: [DiagnosticCode] = [.conflict, .ambiguous, .zeroSize, .misplaced, .unsatisfied]
    withEverySeed(0..<400) { random, _ in
      let directions: WritingDirections = [.ltr, .rtl, .both][Int.random(in: 0..<3, using: &random)]
      let canvasCount = Int.random(in: 1...canvases.count, using: &random)
      var allPlaces: [LayoutPlace] = []
      for canvas in canvases.prefix(canvasCount) {
        for direction in SolvedLayout.directions(directions) {
          allPlaces.append(LayoutPlace(canvas: canvas, direction: direction))
        }
      }
      // Each place makes findings in turn, some of them twice, and the places a finding is
      // made in vary: some in every place, some in one.
      var findings: [PlacedFinding] = []
      let keys = Int.random(in: 0...12, using: &random)
      for place in allPlaces {
        for _ in 0..<Int.random(in: 0...16, using: &random) {
          let key = keys == 0 ? "" : "k\(Int.random(in: 0..<keys, using: &random))"
          let code = codes[Int.random(in: 0..<codes.count, using: &random)]
          let offset = Int.random(in: 0..<100, using: &random)
          let diagnostic = Diagnostic(
            code: code, severity: code == .conflict ? .error : .warning, finding: .syntax("\(key) \(offset)"),
            range: SourceRange(start: offset, end: offset + 1))
          findings.append(PlacedFinding(key: key, diagnostic: diagnostic, place: place))
        }
      }
      var merger = FindingMerger()
      // Added one at a time and in runs, as the checks hand them over.
      var index = 0
      while index < findings.count {
        let run = Int.random(in: 1...4, using: &random)
        let end = min(index + run, findings.count)
        if run == 1 { merger.add(findings[index]) } else { merger.add(Array(findings[index..<end])) }
        index = end
      }
      let merged = merger.merged(allPlaces: allPlaces, directions: directions)
      XCTAssertEqual(merged, referenceMerge(findings, allPlaces: allPlaces, directions: directions))
      XCTAssertEqual(
        SolvedLayout.merge(findings, allPlaces: allPlaces, directions: directions),
        referenceMerge(findings, allPlaces: allPlaces, directions: directions))
    }
  }

  /// A conflict made only in the right-to-left places of a file checked both ways becomes an
  /// `rtl-conflict`; made twice by one place of two, it is still not everywhere.
  func testPlacesOfRepeatedAndRightToLeftFindings() {
    let canvas = Canvas(name: "default", width: 375, height: 667, range: nil)
    let ltr = LayoutPlace(canvas: canvas, direction: .ltr)
    let rtl = LayoutPlace(canvas: canvas, direction: .rtl)
    func finding(_ key: String, _ place: LayoutPlace) -> PlacedFinding {
      PlacedFinding(
        key: key,
        diagnostic: Diagnostic(code: .conflict, severity: .error, finding: .syntax(key), range: SourceRange(at: 0)),
        place: place)
    }
    var merger = FindingMerger()
    merger.add([finding("a", ltr), finding("a", ltr), finding("b", rtl), finding("a", rtl), finding("c", ltr)])
    let merged = merger.merged(allPlaces: [ltr, rtl], directions: .both)
    XCTAssertEqual(merged.map(\.code), [.conflict, .rtlConflict, .conflict])
    XCTAssertEqual(merged.map(\.places), [.everywhere, .everywhere, .everyCanvas(.ltr)])
    XCTAssertEqual(merged.map(\.direction), [nil, "rtl", "ltr"])
  }

  /// A place's findings hold it by reference, one object a place (not a copy of the canvas
  /// each), which follows the place when an update moves it to another canvas.
  func testFindingsShareTheirPlace() {
    let text = "canvas a 300x400\ncanvas b 500x400\ndirection both\nview v0\nview v1\nview v2\nH:|-[v0]-[v1]-[v2]\n"
    let document = LayoutDocument(text: text, kind: .layout)
    let layout = SolvedLayout(document: document)
    XCTAssertEqual(layout.places.count, 4)
    let context = CheckContext(places: layout.places)
    for solver in layout.places {
      let findings = AmbiguityCheck.findings(solver, document: document, context: context)
      XCTAssertFalse(findings.isEmpty)
      for finding in findings {
        XCTAssertTrue(finding.placeReference === solver.placeReference)
        XCTAssertEqual(finding.place, solver.place)
      }
    }
    XCTAssertLessThan(MemoryLayout<PlacedFinding>.size, MemoryLayout<Diagnostic>.size + 32)
    // An update that moves the canvases' declarations (their ranges) keeps the places, whose
    // findings then name the moved canvas.
    let live = LiveLayout()
    let first = live.update(document)
    let place = first.places[0]
    let before = place.place
    let moved = LayoutDocument(text: "# moved\n" + text, kind: .layout)
    let second = live.update(moved)
    XCTAssertTrue(second.places.contains { $0 === place }, "the place is updated, not built again")
    XCTAssertNotEqual(place.place, before)
    for solver in second.places {
      XCTAssertEqual(solver.placeReference.place, solver.place)
      let after = AmbiguityCheck.findings(solver, document: moved, context: CheckContext(places: second.places))
      XCTAssertFalse(after.isEmpty)
      XCTAssertTrue(after.allSatisfy { $0.place == solver.place })
    }
  }

  /// The ambiguity check returns its findings in room for exactly them: ambiguous views, and
  /// views whose sizes fall to 0 (a chain squeezed into a canvas too small for its gaps), not
  /// in an array grown by doubling.
  func testAmbiguityFindingsHaveRoomForThemOnly() {
    for count in [3, 17, 40] {
      let views = (0..<count).map { "view v\($0)" }.joined(separator: "\n")
      let chain = "H:|[v0]" + (1..<count).map { "-[v\($0)]" }.joined() + "|"
      let document = LayoutDocument(text: "canvas c 100x100\n\(views)\n\(chain)\n", kind: .layout)
      let layout = SolvedLayout(document: document)
      let context = CheckContext(places: layout.places)
      for solver in layout.places {
        let findings = AmbiguityCheck.findings(solver, document: document, context: context)
        let codes = Set(findings.map(\.diagnostic.code))
        XCTAssertTrue(codes.contains(.ambiguous) && codes.contains(.zeroSize), "\(count): \(codes)")
        // (The allocator may round the room up by a few bytes: less than a finding.)
        XCTAssertLessThanOrEqual(findings.capacity, findings.count + 1, "\(count) views")
      }
    }
  }
}
