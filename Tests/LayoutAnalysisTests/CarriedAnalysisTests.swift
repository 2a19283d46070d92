import Foundation
import LayoutSyntax
import TestSupport
import XCTest

@testable import LayoutAnalysis

/// An update of a live place reads again only the frames and asks again only about the
/// ambiguity of what the solver says it changed, and carries the rest of the last analysis
/// over: the result must be the same, bit for bit, as the whole analysis of the same solver,
/// and the findings those of a fresh check of the text.
final class CarriedAnalysisTests: XCTestCase {
  /// Lines that make views ambiguous or determined, add and remove conflicts, change
  /// canvases, directions, priorities and content sizes.
  private let extras = [
    "v0.width == 100", "v0.width == 120 @750", "v1.height == 30", "v1.height == 31", "H:|-[v0]-[v1]-|",
    "H:|-[v0]-[v1]", "V:|-10-[v0]", "V:|-10-[v0(20)]-[v1(==v0)]-|", "v0.leading == v1.trailing + 4",
    "v1.width == v0.width * 2 + m @500", "v0.centerX == super.centerX", "v1.centerY == v0.centerY @250",
    "v2.width == 200", "v2.width == 201", "H:[v2(>=10)]-8-|", "V:[v2]-|", "v2.height == v0.height @999",
    "canvas c 200x300", "canvas d 900x900 safe (20, 0, 10, 0)", "direction rtl", "direction both",
    "direction ltr", "label v3 intrinsic 60x21", "H:|-[v3]-[v2]-|", "V:|-[v3]", "v3.width <= 40",
    "view v4 {\n  view v5\n  H:|-[v5]-|\n  V:|-[v5(10)]\n}", "v4.width == 50", "H:|-8-[v4]", "V:[v4(40)]-20-|",
    "v5.leading == v4.leading + 3 @600", "v0.width == 0", "v1.width >= 500", "v1.width <= 400",
    "v2.leading == v1.trailingMargin", "v2.lastBaseline == v1.lastBaseline", "v0.topMargin == v2.bottom",
  ]

  private let base = """
    canvas phone 375x667
    metric m = 8
    view v0
    label v1 intrinsic 80x21
    view v2
    H:|-m-[v0]-m-[v1]
    V:|-20-[v0(44)]
    V:|-20-[v1]
    v2.leading == v1.trailing + 8
    v2.top == v0.bottom + 8

    """

  /// One random edit of the lines: a number changed (as typing does), a line added from the
  /// extras or removed, or a line duplicated.
  private func edit(_ lines: inout [String], _ random: inout SeededRandom) {
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<4:
      let numbered = lines.indices.filter { lines[$0].contains { $0.isNumber } }
      guard let index = numbered.randomElement(using: &random) else { fallthrough }
      var characters = Array(lines[index])
      let digits = characters.indices.filter { characters[$0].isNumber }
      guard let position = digits.randomElement(using: &random) else { return }
      switch Int.random(in: 0..<3, using: &random) {
      case 0: characters.insert(Character(String(Int.random(in: 0...9, using: &random))), at: position + 1)
      case 1 where digits.count > 1: characters.remove(at: position)
      default: characters[position] = Character(String(Int.random(in: 0...9, using: &random)))
      }
      lines[index] = String(characters)
    case 4..<7:
      let line = extras[Int.random(in: 0..<extras.count, using: &random)]
      lines.insert(line, at: Int.random(in: min(2, lines.count)...lines.count, using: &random))
    case 7 where lines.count > 3:
      lines.remove(at: Int.random(in: 2..<lines.count, using: &random))
    case 8:
      // A view's properties: hidden, a design-time frame (the misplaced check reads it), or
      // ones that change how the view is laid out (margins, alignment insets, baselines).
      let declarations = lines.indices.filter { lines[$0].hasPrefix("view ") || lines[$0].hasPrefix("label ") }
      guard let index = declarations.randomElement(using: &random), !lines[index].hasSuffix("{") else { return }
      let properties = [
        " hidden", " frame (8 20; 40 44)", " margins (4, 30, 4, 12)", " insets (2, 6, 4, 9)", " baseline 7",
      ]
      let property = properties[Int.random(in: 0..<properties.count, using: &random)]
      if lines[index].hasSuffix(property) {
        lines[index].removeLast(property.count)
      } else {
        lines[index] += property
      }
    default:
      if let index = lines.indices.randomElement(using: &random) { lines.insert(lines[index], at: index) }
    }
  }

  /// What the findings say, ranges included.
  private func findings(_ layout: SolvedLayout) -> String {
    layout.diagnostics.map { "\($0.range) \($0.code) \($0.message) \($0.fixes)" }.joined(separator: "\n")
  }

  /// Thousands of random edits, as the server makes them (each document updated from the
  /// previous one): after each, every place's carried analysis equals the whole analysis of
  /// its solver, and the settled findings those of a fresh check.
  func testCarriedAnalysisEqualsAWholeOneOverRandomEdits() {
    var carried = 0
    var updates = 0
    var ambiguousCarried = 0
    withEverySeed(0..<150) { random, seed in
      var lines: [String]
      if seed % 3 == 0 {
        lines = RandomLayout.text(&random, problems: true).split(separator: "\n", omittingEmptySubsequences: false)
          .map(String.init)
      } else {
        lines = base.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      }
      var document = LayoutDocument(text: lines.joined(separator: "\n"), kind: .layout)
      let live = LiveLayout()
      _ = live.update(document)
      for step in 0..<20 {
        edit(&lines, &random)
        let text = lines.joined(separator: "\n")
        document = LayoutDocument(bytes: Array(text.utf8), kind: .layout, previous: document)
        let updated = live.update(document)
        for place in updated.places {
          updates += 1
          guard let carry = place.lastCarry else { continue }
          carried += 1
          if !place.ambiguities().isEmpty { ambiguousCarried += 1 }
          let (kept, whole) = (place.analysisDescription(fresh: false), place.analysisDescription(fresh: true))
          if kept != whole {
            let pairs = zip(kept.split(separator: "\n"), whole.split(separator: "\n"))
            let difference = pairs.first { $0 != $1 }.map { "carried: \($0)\nwhole:   \($1)" } ?? "(lengths differ)"
            XCTFail("seed \(seed), step \(step), \(place.place), \(carry):\n\(difference)\n\(text)")
            return
          }
        }
        // The findings of the updated places (before settling) are those of their analysis.
        let settled = live.settle() ?? updated
        let fresh = SolvedLayout(document: LayoutDocument(text: text, kind: .layout), solveWithErrors: true)
        XCTAssertEqual(findings(settled), findings(fresh), "seed \(seed), step \(step):\n\(text)")
        if findings(settled) != findings(fresh) { return }
      }
    }
    // The edits must exercise carrying over, on ambiguous layouts too.
    XCTAssertGreaterThan(carried, updates / 3, "\(carried) of \(updates) updates carried over")
    XCTAssertGreaterThan(ambiguousCarried, 300)
  }

  /// Where numbers are large the residuals of the required constraints are read; after an
  /// update only those of constraints added or over variables whose values changed, and the
  /// answer must be that of reading them all. Frames that are not finite are kept likewise.
  func testCarriedResidualsEqualReadingEveryConstraint() {
    let large = [
      "v0.width == 1000000000000 * v1.width + 0.000000000001", "v1.width == 0.000000000001 * v2.width",
      "v2.width == 300", "v1.width == 1000000000000000", "v2.width == v1.width * 0.000000000000001",
      "v0.height == 100000000000 * v2.height", "v2.height == 0.00000000001 * v0.height + 3",
      "H:|-[v0(123456789)]", "v1.leading == v0.trailing * 1000000 + 1",
      // Frames that are not finite.
      "H:|[v0(1.7e308)]-(1.7e308)-[v1(10)]", "V:|[v2(1.7e308)]-(1.7e308)-[v0(10)]",
    ]
    var notFinite = 0
    var read = 0
    withEverySeed(0..<80) { random, seed in
      var lines = base.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      lines[0] = "canvas phone 20000x30000"
      var document = LayoutDocument(text: lines.joined(separator: "\n"), kind: .layout)
      let live = LiveLayout()
      _ = live.update(document)
      for step in 0..<20 {
        if Bool.random(using: &random) {
          lines.insert(large[Int.random(in: 0..<large.count, using: &random)], at: Int.random(in: 2...lines.count, using: &random))
        } else {
          edit(&lines, &random)
        }
        let text = lines.joined(separator: "\n")
        document = LayoutDocument(bytes: Array(text.utf8), kind: .layout, previous: document)
        let updated = live.update(document)
        for place in updated.places {
          // The scale of the check itself, so that what it read carries over.
          let largest = NumericRangeCheck.Numbers(document.model).largestConstant
          let scale = max(place.place.canvas.width, place.place.canvas.height, largest)
          let (kept, whole) = (place.residualDescription(scale: scale, fresh: false), place.residualDescription(scale: scale, fresh: true))
          if !whole.isEmpty { read += 1 }
          XCTAssertEqual(kept, whole, "seed \(seed), step \(step), \(place.place):\n\(text)")
          if kept != whole { return }
          if !place.viewsWithFramesNotFinite().isEmpty { notFinite += 1 }
          XCTAssertEqual(
            place.analysisDescription(fresh: false), place.analysisDescription(fresh: true),
            "seed \(seed), step \(step), \(place.place):\n\(text)")
        }
      }
    }
    XCTAssertGreaterThan(read, 200, "updates that found residuals")
    XCTAssertGreaterThan(notFinite, 100, "updates with frames that are not finite")
  }

  /// The geometry check reads each view's declaration by position, kept while the views are
  /// declared as before: a design-time frame or `hidden` typed on a declaration must count.
  func testPropertiesTypedOnADeclarationReachTheGeometryCheck() {
    let text = "canvas phone 375x667\nview a\nview b\nH:|-10-[a(100)]\nV:|-20-[a(40)]\nH:|-300-[b(100)]\nV:|-20-[b(40)]\n"
    let live = LiveLayout()
    var document = LayoutDocument(text: text, kind: .layout)
    func codes(_ edited: String) -> [String] {
      document = LayoutDocument(bytes: Array(edited.utf8), kind: .layout, previous: document)
      let codes = live.update(document).diagnostics.map { "\($0.code)" }
      XCTAssertEqual(codes, SolvedLayout(document: LayoutDocument(text: edited, kind: .layout)).diagnostics.map { "\($0.code)" })
      return codes
    }
    XCTAssertEqual(codes(text), ["offscreen"])
    let framed = text.replacingOccurrences(of: "view a\n", with: "view a frame (0 0; 50 50)\n")
    XCTAssertEqual(codes(framed), ["misplaced", "offscreen"])
    XCTAssertEqual(codes(framed.replacingOccurrences(of: "view b\n", with: "view b hidden\n")), ["misplaced"])
    XCTAssertEqual(codes(text), ["offscreen"])
  }

  /// A number typed in a view's declaration (its intrinsic size, margins, insets, baseline,
  /// frame) declares the view again: the places carry their analysis over, comparing only
  /// that view's layout, and the frames, findings and fixes equal a fresh analysis's.
  func testPropertiesTypedInADeclarationCarryTheAnalysisOver() {
    var text = """
      canvas phone 375x667
      canvas pad 1024x768
      view a
      label b intrinsic 60x21 margins (8, 8, 8, 8) insets (1, 2, 3, 4) baseline 5
      view c
      H:|-[a]-[b]-[c(>=10)]
      V:|-20-[a(40)]
      a.leading == b.leadingMargin - 100 @700
      c.lastBaseline == b.lastBaseline
      c.top == b.topMargin
      V:[c(30)]

      """
    let live = LiveLayout()
    var document = LayoutDocument(text: text, kind: .layout)
    _ = live.update(document)
    // Whether each edit leaves the view laid out as before (its margins, insets and baselines
    // are how it is laid out: those edits start from the whole analysis).
    let typings = [
      ("intrinsic 60x", "intrinsic 605x", true), ("margins (8, 8,", "margins (8, 38,", false),
      ("insets (1, 2,", "insets (1, 12,", false), ("baseline 5", "baseline 15", false),
      ("x21 ", "x21 frame (0 0; 9 9) ", true), ("frame (0 0; 9 9)", "frame (0 0; 99 9)", true),
      ("margins (8, 38, 8, 8)", "margins (8, 38, 8, 48)", false), ("x21 ", "x21 hidden ", true),
      ("intrinsic 605x21", "intrinsic 605x2", true),
    ]
    for (old, new, carries) in typings {
      text = text.replacingOccurrences(of: old, with: new)
      document = LayoutDocument(bytes: Array(text.utf8), kind: .layout, previous: document)
      XCTAssertNotNil(document.declarationEdit, old)
      let updated = live.update(document)
      for place in updated.places {
        XCTAssertEqual(place.lastCarry != nil, carries, "\(old): \(place.place)")
        XCTAssertEqual(place.analysisDescription(fresh: false), place.analysisDescription(fresh: true), old)
        let whole = PlaceSolver(model: document.model, place: place.place)
        XCTAssertEqual(
          place.allSolvedViews().views.map { $0?.frame }, whole.allSolvedViews().views.map { $0?.frame }, old)
      }
      let fresh = SolvedLayout(document: LayoutDocument(text: text, kind: .layout), solveWithErrors: true)
      XCTAssertEqual(findings(live.settle() ?? updated), findings(fresh), "\(old):\n\(text)")
    }
  }

  /// A frame that overflows, and the same frame finite again after an edit that keeps the
  /// largest number (so the update carries the analysis over).
  func testFramesThatStopOverflowingAreFiniteAgain() throws {
    let text = "canvas phone 375x667\nview v0\nview v1\nH:|[v0(1.7e308)]-(1.7e308)-[v1(10)]\nV:|[v0(10)]\nV:|[v1(10)]\n"
    let live = LiveLayout()
    var document = LayoutDocument(text: text, kind: .layout)
    _ = live.update(document)
    for (old, new, count) in [("-(1.7e308)-", "-(1)-", 0), ("-(1)-", "-(1.7e308)-", 1)] {
      let edited = String(decoding: document.bytes, as: UTF8.self).replacingOccurrences(of: old, with: new)
      document = LayoutDocument(bytes: Array(edited.utf8), kind: .layout, previous: document)
      let layout = live.update(document)
      for place in layout.places {
        XCTAssertNotNil(place.lastCarry, "\(place.place)")
        XCTAssertEqual(place.viewsWithFramesNotFinite().count, count, "\(place.place)")
        XCTAssertEqual(place.analysisDescription(fresh: false), place.analysisDescription(fresh: true))
      }
      let fresh = SolvedLayout(document: LayoutDocument(text: edited, kind: .layout))
      XCTAssertEqual(findings(layout), findings(fresh))
    }
  }

  /// Typing a view's height in a layout of 400 views reads the frames of that view and asks
  /// about its ambiguity only; making it ambiguous and determined again, a few views more.
  func testAKeystrokeReadsOnlyWhatItChanged() throws {
    var text = "canvas wide 1200x2000\n"
    for index in 0..<400 { text += "label v\(index) intrinsic 60x21\n" }
    for row in 0..<40 {
      let first = row * 10
      var format = "H:|-8-[v\(first)]"
      for index in (first + 1)..<(first + 10) { format += "-8-[v\(index)(==v\(first))]" }
      text += format + "-(>=8)-|\n"
      for index in first..<(first + 10) { text += "V:|-\(8 + 48 * row)-[v\(index)(44)]\n" }
    }
    let live = LiveLayout()
    var document = LayoutDocument(text: text, kind: .layout)
    _ = live.update(document)
    func type(_ old: String, _ new: String) throws -> SolvedLayout {
      let edited = String(decoding: document.bytes, as: UTF8.self).replacingOccurrences(of: old, with: new)
      document = LayoutDocument(bytes: Array(edited.utf8), kind: .layout, previous: document)
      return live.update(document)
    }
    // The places the live layout keeps: the right-to-left place mirrors its twin, and is let go.
    func held(_ layout: SolvedLayout) -> [PlaceSolver] {
      XCTAssertEqual(layout.placeList.indices.map { live.holdsSolver(at: $0) }, [true, false])
      return layout.placeList.indices.filter { live.holdsSolver(at: $0) }.map { layout.solver(at: $0) }
    }
    let typed = try type("[v205(44)]", "[v205(445)]")
    XCTAssertEqual(typed.diagnostics.map(\.message), [])
    for place in held(typed) {
      let carry = try XCTUnwrap(place.lastCarry, "\(place.place)")
      XCTAssertLessThanOrEqual(carry.frames, 1, "\(place.place)")
      XCTAssertLessThanOrEqual(carry.ambiguity, 4, "\(place.place)")
      XCTAssertEqual(place.solvedView("v205")?.frame.height, 445)
    }
    // Without its top the view is ambiguous vertically, and then determined again.
    let top = "V:|-\(8 + 48 * 20)-"
    for (old, new, ambiguous) in [(top + "[v205(445)]", "V:[v205(44)]", 1), ("V:[v205(44)]", top + "[v205(44)]", 0)] {
      let layout = try type(old, new)
      XCTAssertEqual(layout.diagnostics.filter { $0.code == .ambiguous }.count, ambiguous)
      for place in held(layout) {
        let carry = try XCTUnwrap(place.lastCarry, "\(place.place)")
        XCTAssertLessThanOrEqual(carry.frames, 1, "\(place.place)")
        XCTAssertLessThanOrEqual(carry.ambiguity, 4, "\(place.place)")
      }
    }
    // A width in a row of views moves the row: its ten views, not the other 390.
    let wider = try type("H:|-8-[v200]", "H:|-8-[v200(70)]")
    for place in held(wider) {
      let carry = try XCTUnwrap(place.lastCarry, "\(place.place)")
      XCTAssertLessThanOrEqual(carry.frames, 10, "\(place.place)")
      XCTAssertLessThanOrEqual(carry.ambiguity, 40, "\(place.place)")
      XCTAssertEqual(place.analysisDescription(fresh: false), place.analysisDescription(fresh: true))
    }
  }
}
