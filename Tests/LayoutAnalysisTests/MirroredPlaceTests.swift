import LayoutSyntax
import TestSupport
import XCTest

@testable import LayoutAnalysis

/// A right-to-left place that solves the same system as its left-to-right twin
/// (`PlaceSolver.mirrors`) is asked no question about fixes, and its conflicts and ambiguity
/// findings are its twin's codes and keys (`SolvedLayout.solveInParallel`, `init(document:
/// places:mirrors:)`). Every finding, fix, frame and range must be what checking every place
/// on its own gives. Replay one seed with `PLUMB_SEED=n`.
final class MirroredPlaceTests: XCTestCase {
  /// Checks `text` both ways and compares; returns how many places mirrored their twin.
  @discardableResult
  private func compare(_ text: String, kind: FileKind = .layout, label: String) -> Int {
    let document = LayoutDocument(text: text, kind: kind)
    let wanted = SolvedLayout.places(of: document.model)
    let models = document.models(for: wanted)
    let (solvers, mirrors) = SolvedLayout.solveInParallel(wanted, models: models)
    let (plainSolvers, none) = SolvedLayout.solveInParallel(wanted, models: models, detectsMirrors: false)
    XCTAssertTrue(none.isEmpty)
    let mirrored = SolvedLayout(document: document, places: solvers, mirrors: mirrors)
    let plain = SolvedLayout(document: document, places: plainSolvers)
    XCTAssertEqual(mirrored.diagnostics, plain.diagnostics, "\(label)\n\(text)")
    let eager = SolvedLayout(document: document)
    XCTAssertEqual(eager.diagnostics, plain.diagnostics, "\(label)\n\(text)")
    // As `plumb check` solves: each mirrored place let go once its own findings are made,
    // and every answer cached by the checks let go after them. The same findings, and each
    // place, when read, answers as the eager layout's does (frames, ambiguities, ranges,
    // alternatives, constraints, conflicts, unsatisfied constraints).
    let lean = SolvedLayout(document: document, findingsOnly: true)
    XCTAssertEqual(lean.diagnostics, plain.diagnostics, "\(label)\n\(text)")
    // A text with errors is not solved (`wanted` are the places it would have).
    XCTAssertEqual(lean.placeList, eager.places.map(\.place))
    XCTAssertTrue(lean.placeList.isEmpty || lean.placeList == wanted)
    for index in lean.placeList.indices {
      XCTAssertEqual(lean.holdsSolver(at: index), mirrors[index] == nil, "\(label): place \(index)\n\(text)")
    }
    for (index, (place, eagerPlace)) in zip(lean.places, eager.places).enumerated() {
      XCTAssertTrue(lean.holdsSolver(at: index))
      XCTAssertEqual(place.place, eagerPlace.place)
      XCTAssertEqual(
        place.analysisDescription(fresh: false), eagerPlace.analysisDescription(fresh: false),
        "\(label): \(place.place)\n\(text)")
      XCTAssertEqual(place.constraints, eagerPlace.constraints, "\(label): \(place.place)")
      XCTAssertEqual(place.conflicts, eagerPlace.conflicts, "\(label): \(place.place)")
      XCTAssertEqual(place.failure, eagerPlace.failure, "\(label): \(place.place)")
      XCTAssertEqual(
        place.unsatisfied().map { "\($0.constraint) \($0.error.bitPattern)" },
        eagerPlace.unsatisfied().map { "\($0.constraint) \($0.error.bitPattern)" }, "\(label): \(place.place)")
    }
    for (place, plainPlace) in zip(mirrored.places, plain.places) {
      XCTAssertEqual(place.place, plainPlace.place)
      XCTAssertEqual(place.ambiguities(), plainPlace.ambiguities(), "\(label): \(place.place)\n\(text)")
      XCTAssertEqual(
        place.allSolvedViews().views, plainPlace.allSolvedViews().views, "\(label): \(place.place)\n\(text)")
    }
    for (index, twin) in mirrors {
      XCTAssertEqual(wanted[index].direction, .rtl)
      XCTAssertEqual(wanted[twin].direction, .ltr)
      XCTAssertEqual(wanted[index].canvas, wanted[twin].canvas)
    }
    return mirrors.count
  }

  /// Compares the model-level test (`MirrorTest`, which solves no right-to-left place) with the
  /// comparison of the solved places (`PlaceSolver.mirrors`) for each canvas of `text`, laid
  /// out in both directions whatever the file asks for: whenever the model test says a place
  /// mirrors, the solved comparison must say so too. Returns how many places each says mirror.
  @discardableResult
  private func compareModelTest(_ text: String, kind: FileKind = .layout, label: String) -> (model: Int, solved: Int) {
    let document = LayoutDocument(text: text, kind: kind)
    let places = document.model.effectiveCanvases.flatMap { canvas in
      [LayoutPlace(canvas: canvas, direction: .ltr), LayoutPlace(canvas: canvas, direction: .rtl)]
    }
    let models = document.models(for: places)
    var counts = (model: 0, solved: 0)
    for twin in stride(from: 0, to: places.count - 1, by: 2) {
      // A constraint of vertical and size attributes only is taken to lower alike unlowered.
      let test = MirrorTest(model: models[twin], canvas: places[twin].canvas)
      for constraint in models[twin].implicitConstraints(for: places[twin].canvas) + Array(models[twin].constraints)
      where MirrorTest.independentOfDirection(constraint) {
        XCTAssertEqual(test.loweredVerdict(constraint), .same(movesRootX: false), "\(label): \(constraint)\n\(text)")
      }
      let left = PlaceSolver(model: models[twin], place: places[twin])
      let right = PlaceSolver(model: models[twin + 1], place: places[twin + 1])
      let solved = right.mirrors(left)
      let model = left.failure == nil && MirrorTest.mirrors(model: models[twin + 1], canvas: places[twin + 1].canvas)
      if model {
        XCTAssertTrue(solved, "\(label): the model test says \(places[twin + 1]) mirrors\n\(text)")
        counts.model += 1
        // Its frames are the twin's mirrored, bit for bit.
        func bits(_ views: [SolvedView?]) -> [String] {
          views.map { view in
            guard let view else { return "nil" }
            return [view.frame, view.alignment, view.absoluteAlignment].flatMap { [$0.x, $0.y, $0.width, $0.height] }
              .map { String($0.bitPattern, radix: 16) }.joined(separator: " ") + " \(view.name) \(view.superview ?? "-")"
          }
        }
        XCTAssertEqual(
          bits(left.mirroredViews(in: places[twin + 1])), bits(right.allSolvedViews().views),
          "\(label): the frames of \(places[twin + 1])\n\(text)")
      }
      if solved { counts.solved += 1 }
    }
    return counts
  }

  /// Appends a declaration to `lines`, opening a body when `opening`, and now and then closes
  /// the innermost body open.
  private static func declare(
    _ line: String, opening: Bool, in lines: inout [String], open: inout Int, _ random: inout SeededRandom
  ) {
    lines.append(opening ? line + " {" : line)
    if opening { open += 1 }
    if open > 0, Int.random(in: 0..<3, using: &random) == 0 {
      lines.append("}")
      open -= 1
    }
  }

  /// Layouts in both directions made of what does not depend on the direction (leading,
  /// trailing, sizes, vertical positions, Visual Format rows, priorities, conflicts, content
  /// sizes, nesting), with now and then what does (left, right, centre X, asymmetric insets,
  /// frames): a place must then not mirror, or mirror only when the lowering is the same.
  private static func layout(_ random: inout SeededRandom) -> String {
    var lines = ["direction both"]
    if Bool.random(using: &random) {
      lines.append("canvas a \(Int.random(in: 40...900, using: &random))x\(Int.random(in: 40...900, using: &random))")
    }
    if Int.random(in: 0..<3, using: &random) == 0 { lines.append("canvas b 320x480 safe (20, 0, 10, 0)") }
    if Int.random(in: 0..<4, using: &random) == 0 { lines.append("spacing 8 margins") }
    let count = Int.random(in: 1...7, using: &random)
    let names = (0..<count).map { "v\($0)" }
    var open = 0
    for name in names {
      var line = Bool.random(using: &random) ? "view \(name)" : "label \(name)"
      if line.hasPrefix("label") || Int.random(in: 0..<3, using: &random) == 0 {
        line += " intrinsic \(Int.random(in: 0...120, using: &random))x\(Int.random(in: 0...40, using: &random))"
      }
      switch Int.random(in: 0..<12, using: &random) {
      case 0: line += " insets (1, 2, 3, 4)"
      case 1: line += " insets (1, 3, 2, 3)"
      case 2: line += " frame (1 2; 30 40)"
      default: break
      }
      declare(line, opening: Int.random(in: 0..<4, using: &random) == 0, in: &lines, open: &open, &random)
    }
    lines += Array(repeating: "}", count: open)
    let attributes = ["leading", "trailing", "width", "height", "top", "bottom", "centerY", "leadingMargin"]
    let rare = ["left", "right", "centerX"]
    for _ in 0..<Int.random(in: 0...9, using: &random) {
      let a = names.randomElement(using: &random) ?? "v0"
      let b = (names + ["super"]).randomElement(using: &random) ?? "super"
      let pool = Int.random(in: 0..<10, using: &random) == 0 ? rare : attributes
      let first = pool.randomElement(using: &random) ?? "width"
      let second = attributes.randomElement(using: &random) ?? "width"
      let relation = ["==", ">=", "<="].randomElement(using: &random) ?? "=="
      let priority = Int.random(in: 0..<4, using: &random) == 0 ? " @\([250, 750, 999].randomElement(using: &random) ?? 750)" : ""
      switch Int.random(in: 0..<5, using: &random) {
      case 0:
        lines.append("\(a).\(first) \(relation) \(Int.random(in: -20...400, using: &random))\(priority)")
      case 1:
        let multiplier = ["", " * 2", " * 0.5"].randomElement(using: &random) ?? ""
        lines.append("\(a).\(first) \(relation) \(b).\(second)\(multiplier) + \(Int.random(in: -10...40, using: &random))\(priority)")
      case 2:
        let row = names.shuffled(using: &random).prefix(Int.random(in: 1...count, using: &random))
        let gaps = ["-", "-8-", "-(>=4)-", ""]
        var format = "H:" + (Bool.random(using: &random) ? "|" + (gaps.randomElement(using: &random) ?? "-") : "")
        format += row.map { "[\($0)\(Bool.random(using: &random) ? "(\(Int.random(in: 0...120, using: &random)))" : "")]" }
          .joined(separator: gaps.randomElement(using: &random) ?? "-")
        if Bool.random(using: &random) { format += (gaps.randomElement(using: &random) ?? "-") + "|" }
        lines.append(format)
      case 3:
        lines.append("V:|-\(Int.random(in: 0...40, using: &random))-[\(a)(\(Int.random(in: 0...80, using: &random)))]")
      default:
        lines.append("\(a).\(first) == \(b).\(first)\(priority)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func testMirroredPlacesFindWhatEveryPlaceOnItsOwnFinds() {
    var mirrored = 0
    withEverySeed(0..<300) { random, seed in
      mirrored += compare(Self.layout(&random), label: "seed \(seed)")
    }
    // Most of these layouts say nothing about left and right.
    XCTAssertGreaterThan(mirrored, 150)
  }

  /// Files of many canvases, their places handed over in random orders (with repeats): each
  /// right-to-left place's twin is the last left-to-right place of its canvas before it, as a
  /// search of the places before it finds it (`solveInParallel` keeps them by canvas instead,
  /// which a file of thousands of canvases needs), and the findings are those of every place
  /// on its own.
  func testManyCanvasesInAnyOrderFindTheirTwins() {
    var mirrored = 0
    withEverySeed(0..<60) { random, seed in
      var lines = Self.layout(&random).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let count = Int.random(in: 2...14, using: &random)
      // Some canvases of the same size under other names: equal sizes are different canvases.
      let canvases = (0..<count).map { index in
        "canvas m\(index) \(Int.random(in: 0..<3, using: &random) == 0 ? 320 : Int.random(in: 40...900, using: &random))x480"
      }
      lines.insert(contentsOf: canvases, at: 1)
      let text = lines.joined(separator: "\n")
      let document = LayoutDocument(text: text, kind: .layout)
      var wanted = SolvedLayout.places(of: document.model)
      wanted += wanted.prefix(Int.random(in: 0...3, using: &random))
      wanted.shuffle(using: &random)
      let models = document.models(for: wanted)
      let (solvers, mirrors) = SolvedLayout.solveInParallel(wanted, models: models)
      var expected: [Int: Int] = [:]
      for (index, place) in wanted.enumerated() where place.direction == .rtl {
        guard let twin = wanted[..<index].lastIndex(where: { $0.canvas == place.canvas && $0.direction == .ltr }),
          solvers[index].mirrors(solvers[twin])
        else { continue }
        expected[index] = twin
      }
      XCTAssertEqual(mirrors, expected, "seed \(seed)\n\(text)")
      mirrored += mirrors.count
      let (plainSolvers, _) = SolvedLayout.solveInParallel(wanted, models: models, detectsMirrors: false)
      XCTAssertEqual(
        SolvedLayout(document: document, places: solvers, mirrors: mirrors).diagnostics,
        SolvedLayout(document: document, places: plainSolvers).diagnostics, "seed \(seed)\n\(text)")
      if Int.random(in: 0..<4, using: &random) == 0 {
        compare(text, label: "seed \(seed)")
      }
    }
    XCTAssertGreaterThan(mirrored, 100)
  }

  func testRandomLayoutsFindTheSame() {
    withEveryRandomLayout(0..<150) { text, seed in
      compare(text, label: "random layout \(seed)")
    }
  }

  /// A horizontal Visual Format chain of some of `views` views, sized, spaced and ended at random.
  private static func chain(_ random: inout SeededRandom, views: ClosedRange<Int>) -> String {
    let count = Int.random(in: views, using: &random)
    let gaps = ["-", "-8-", "-(>=8)-", "", "-(0)-"]
    var format = "H:" + (Bool.random(using: &random) ? "|" : "")
    format += (0..<count).map { index in
      "[v\(index)\(["", "(20)", "(>=10)", "(==v0)"].randomElement(using: &random) ?? "")]"
    }.joined(separator: gaps.randomElement(using: &random) ?? "-")
    format += ["|", "-|", "-(>=0)-|", ""].randomElement(using: &random) ?? "|"
    return format
  }

  func testVisualFormatChainsFindTheSame() {
    var mirrored = 0
    withEverySeed(0..<80) { random, seed in
      let format = Self.chain(&random, views: 1...60)
      let vertical = Bool.random(using: &random) ? "\nV:|-[v0]-|" : ""
      mirrored += compare(format + vertical + "\n", kind: .vfl, label: "seed \(seed)")
    }
    XCTAssertGreaterThan(mirrored, 60)
  }

  /// The shapes the mirror is for mirror; a file that places a view by its left edge or its
  /// centre, or whose insets differ left and right, does not.
  func testWhichPlacesMirror() {
    let chain = "H:|" + (0..<200).map { "[v\($0)]" }.joined(separator: "-") + "|\n"
    XCTAssertEqual(compare(chain, kind: .vfl, label: "chain"), 1)
    let leading =
      "canvas wide 2000x100\n" + (0..<50).map { "view v\($0)\n" }.joined()
      + (1..<50).map { "v\($0).leading == v\($0 - 1).trailing + 1\n" }.joined()
    XCTAssertEqual(compare(leading, label: "leading"), 1)
    XCTAssertEqual(compare("direction both\nview a\na.left == super.left + 10\n", label: "left"), 0)
    XCTAssertEqual(compare("direction both\nview a\na.centerX == super.centerX\n", label: "centre"), 0)
    XCTAssertEqual(
      compare("direction both\nview a insets (0, 1, 0, 2) {\n  view b\n}\nb.leading == a.leading\n", label: "insets"), 0)
    // A declared frame is what the misplaced check compares with, in the first place only.
    XCTAssertEqual(compare("direction both\nview a frame (10 10; 40 40)\na.leading == super.leading\n", label: "frame"), 1)
    XCTAssertEqual(compare("direction ltr\nview a\na.leading == super.leading\n", label: "one direction"), 0)
    // Two optional constraints of one priority that cannot both hold: the twin works out the
    // tie, and the mirrored place (let go first for `plumb check`) only adds its place.
    let tie = "view a\nH:|-16-[a]\nV:|-20-[a(44)]\na.width == 200 @500\na.width == 300 @500\n"
    XCTAssertEqual(compare(tie, label: "tie"), 1)
  }

  /// Layouts that may depend on the direction, one shape each: every one must find what each
  /// place on its own finds, and those whose right-to-left lowering differs must not mirror.
  func testLayoutsThatMayDependOnTheDirection() {
    let size = "\nb.top == a.top\nb.height == 5\nV:|[a]|\na.width == 100\nb.width == 10\n"
    let cases: [(label: String, mirrors: Int, text: String)] = [
      // The leading safe-area inset is the right one right to left.
      ("safe area", 0, "canvas land 812x375 safe (0, 44, 21, 0)\nview a\na.leading == super.safeArea.leading\nV:|[a(10)]\na.width == 10\n"),
      ("safe area trailing", 0, "canvas land 812x375 safe (0, 44, 21, 0)\nview a\na.leading == super.leading\na.trailing <= super.safeArea.trailing\nV:|[a(10)]\n"),
      // Directional margins are the same leading and trailing in both directions.
      ("margins", 1, "view a margins (8, 2, 8, 30) {\n  view b\n}\nb.leading == a.leadingMargin" + size),
      ("readable", 0, "view a\na.leading == super.readable.leading\n"),
      ("multiplier", 0, "view a\na.leading == super.trailing * 0.5\n"),
      ("multiplier between views", 0, "view a\nview b\na.leading == b.trailing * 0.5 + 3\nb.leading == super.leading\n"),
      ("centre within margins", 0, "view a\na.centerXWithinMargins == super.centerXWithinMargins\n"),
      ("left inequality", 0, "view a\na.left >= super.left + 100\na.leading == super.leading\n"),
      // A conflict right to left only.
      ("right-to-left conflict", 0, "view a\na.width == 20\na.leading == super.leading + 10\na.left == super.left + 10\nV:|[a(10)]\n"),
      // A conflict in both, of leading edges only.
      ("conflict", 1, "view a\na.leading == super.leading + 10\na.leading == super.leading + 20\na.width == 5\nV:|[a(5)]\n"),
      // Insets that differ left and right: a view whose edge another is placed from does not
      // mirror; one that only sizes does not either (its frame is not its alignment rectangle
      // the same way in both).
      ("insets of a superview", 0, "view a insets (0, 1, 0, 2) {\n  view b\n}\nb.leading >= a.leading + 5" + size),
      ("insets of a leaf", 0, "view a insets (0, 1, 0, 2)\nview b\nb.leading >= a.trailing" + size),
      ("frame", 1, "view a frame (10 10; 40 40)\nview b\nb.leading == a.trailing\n"),
      ("trailing to a narrow canvas", 1, "canvas c 300x200\nview a\na.leading == super.leading + 10\na.trailing == super.trailing - 290\n"),
    ]
    for (label, mirrors, text) in cases {
      XCTAssertEqual(compare("direction both\n" + text, label: label), mirrors, label)
      // The model-level test decides each of these as the solved comparison does.
      XCTAssertEqual(compareModelTest("direction both\n" + text, label: label).model, mirrors, label)
    }
  }
  /// Shapes that reach the corners of the lowering: fractional and huge canvases, safe areas,
  /// insets and margins equal or not on the two sides, the margins, safe-area and readable
  /// guides, stacks, declared guides, multipliers, nesting, the root itself, and every attribute.
  private static func lowering(_ random: inout SeededRandom) -> String {
    func pick(_ options: [String]) -> String { options.randomElement(using: &random) ?? options[0] }
    var lines = ["direction both"]
    let safeAreas = ["", " safe (20, 0, 10, 0)", " safe (0, 44, 21, 44)", " safe (0, 44, 21, 0)", " safe (0, 0.1, 0, 0.1)"]
    for index in 0..<Int.random(in: 0...2, using: &random) {
      lines.append("canvas c\(index) \(pick(["320", "375.5", "333.3", "1000000", "0.1", "812"]))x480\(pick(safeAreas))")
    }
    var names: [String] = []
    var open = 0
    for index in 0..<Int.random(in: 1...7, using: &random) {
      let name = "v\(index)"
      var line: String
      switch Int.random(in: 0..<8, using: &random) {
      case 0: line = "guide \(name)"
      case 1: line = "stack \(name)\(pick(["", " axis vertical"])) spacing \(pick(["0", "8", "2.5"]))\(pick(["", " alignment leading", " alignment center", " alignment trailing", " distribution fillEqually"]))"
      case 2: line = "label \(name) intrinsic \(Int.random(in: 0...120, using: &random))x20"
      default: line = "view \(name)"
      }
      if !line.hasPrefix("guide") {
        switch Int.random(in: 0..<8, using: &random) {
        case 0: line += " insets (1, 2.5, 3, 2.5)"
        case 1: line += " insets (1, 2, 3, 4)"
        case 2: line += " margins (8, 2, 8, 30)"
        case 3: line += " margins (0.1, 0.3, 0, 0.3)"
        case 4: line += " frame (1 2; 30 40)"
        default: break
        }
      }
      names.append(name)
      let opening = line.hasPrefix("stack") || (!line.hasPrefix("guide") && Int.random(in: 0..<3, using: &random) == 0)
      declare(line, opening: opening, in: &lines, open: &open, &random)
    }
    lines += Array(repeating: "}", count: open)
    let attributes = [
      "leading", "trailing", "left", "right", "centerX", "centerXWithinMargins", "leadingMargin", "trailingMargin",
      "leftMargin", "rightMargin", "width", "height", "top", "bottom", "centerY", "firstBaseline",
    ]
    let horizontal = ["leading", "trailing", "leadingMargin", "trailingMargin", "width"]
    for _ in 0..<Int.random(in: 1...10, using: &random) {
      let a = pick(names + ["super"])
      let b = pick(names + ["super", "super.safeArea", "super.margins", "super.readable"])
      let pool = Int.random(in: 0..<3, using: &random) == 0 ? attributes : horizontal
      let first = pick(pool)
      let second = Int.random(in: 0..<3, using: &random) == 0 ? pick(pool) : first
      let relation = pick(["==", ">=", "<="])
      let multiplier = pick(["", "", "", " * 2", " * 0.5", " * 1"])
      let constant = pick(["", " + 8", " - 0.1", " + 0.3", " + 1000000", " - 12.5"])
      let priority = pick(["", "", "", " @750", " @999", " @250"])
      if Int.random(in: 0..<6, using: &random) == 0 {
        lines.append("\(a).\(pick(["width", "height", "leading", "trailing"])) \(relation) \(Int.random(in: 0...300, using: &random))\(priority)")
      } else {
        lines.append("\(a).\(first) \(relation) \(b).\(second)\(multiplier)\(constant)\(priority)")
      }
    }
    if Bool.random(using: &random), let name = names.randomElement(using: &random) {
      lines.append("H:|-\(pick(["", "8", "0.5"]))-[\(name)]\(pick(["", "-|", "-(>=4)-|"]))")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One edit of a layout of `layout(_:)`: a constraint on the left edge or the centre added, a
  /// constraint removed, turned from leading to left and back, its constant changed, insets
  /// that differ by side declared and taken back, a leading constraint appended, a view declared
  /// again (`redeclare`), and text typed or deleted above the canvases (`typeAboveCanvases`).
  private static func edit(_ lines: inout [String], _ random: inout SeededRandom) {
    let constraintLines = lines.indices.filter { lines[$0].contains("==") || lines[$0].contains(":") }
    let viewLines = lines.indices.filter { lines[$0].hasPrefix("view ") || lines[$0].hasPrefix("label ") }
    switch Int.random(in: 0..<9, using: &random) {
    case 8:
      typeAboveCanvases(&lines, &random)
    case 6, 7:
      if let index = viewLines.randomElement(using: &random) { redeclare(&lines[index], &random) }
    case 0:
      let line = ["v0.left == super.left + 3", "v0.centerX == super.centerX", "v0.right <= super.right"]
        .randomElement(using: &random) ?? ""
      lines.insert(line, at: constraintLines.randomElement(using: &random) ?? lines.count)
    case 1:
      if let index = constraintLines.randomElement(using: &random) { lines.remove(at: index) }
    case 2:
      if let index = constraintLines.randomElement(using: &random) {
        lines[index] =
          lines[index].contains("left")
          ? lines[index].replacingOccurrences(of: "left", with: "leading")
          : lines[index].replacingOccurrences(of: "leading", with: "left")
      }
    case 3:
      if let index = constraintLines.randomElement(using: &random) {
        lines[index] = lines[index].replacingOccurrences(of: " + ", with: " + 1")
      }
    case 4:
      if let index = viewLines.randomElement(using: &random) {
        lines[index] =
          lines[index].contains(" insets (1, 2, 3, 4)")
          ? lines[index].replacingOccurrences(of: " insets (1, 2, 3, 4)", with: "")
          : lines[index].replacingOccurrences(of: " {", with: " insets (1, 2, 3, 4) {")
      }
    default:
      lines.append("v0.leading == super.leading + \(Int.random(in: 0...9, using: &random))")
    }
  }

  /// Text typed or deleted above the canvases' declarations (on the first line, before any
  /// statement), which moves them and everything after them and changes no declaration: a
  /// comment line added, lengthened or taken away, or a blank line added or taken away.
  private static func typeAboveCanvases(_ lines: inout [String], _ random: inout SeededRandom) {
    let above = !lines.isEmpty && (lines[0].hasPrefix("#") || lines[0].isEmpty)
    switch Int.random(in: 0..<3, using: &random) {
    case 0 where above: lines.remove(at: 0)
    case 1 where above && lines[0].hasPrefix("#"): lines[0] += "\(Int.random(in: 0...9, using: &random))"
    case 2: lines.insert("", at: 0)
    default: lines.insert("# note", at: 0)
    }
  }

  /// A view's declaration edited in its numbers or properties: its intrinsic size changed,
  /// given or taken away, its frame moved, given or taken away, or insets the same on both
  /// sides or differing by side given or taken away (a declaration without a body is declared
  /// again in place: `DeclarationEdit`).
  private static func redeclare(_ line: inout String, _ random: inout SeededRandom) {
    func toggle(_ property: String) {
      if line.contains(property) {
        line = line.replacingOccurrences(of: property, with: "")
      } else if line.hasSuffix(" {") {
        line = String(line.dropLast(2)) + property + " {"
      } else {
        line += property
      }
    }
    switch Int.random(in: 0..<5, using: &random) {
    case 0, 1:
      if line.contains(" intrinsic ") {
        line = line.replacingOccurrences(of: " intrinsic ", with: " intrinsic \(Int.random(in: 1...9, using: &random))")
      } else {
        toggle(" intrinsic 30x20")
      }
    case 2:
      if Bool.random(using: &random), line.contains(" frame (1 2; 30 40)") {
        line = line.replacingOccurrences(of: " frame (1 2; 30 40)", with: " frame (7 2; 31 40)")
      } else {
        toggle(" frame (1 2; 30 40)")
      }
    case 3: if !line.contains(" insets (1, 2, 3, 4)") { toggle(" insets (1, 3, 2, 3)") }
    default: if !line.contains(" insets (1, 3, 2, 3)") { toggle(" insets (1, 2, 3, 4)") }
    }
  }

  /// The model-level test never says "mirrors" where the comparison of the solved places says
  /// it does not: on the layouts the tests above make, the random layouts, Visual Format
  /// chains, the shapes of the lowering's corners, and every example and fixture, each canvas
  /// in both directions. It also finds every mirror the solved comparison finds there.
  func testTheModelTestNeverSaysMirrorsWrongly() throws {
    var model = 0
    var solved = 0
    func add(_ counts: (model: Int, solved: Int)) {
      model += counts.model
      solved += counts.solved
    }
    withEverySeed(0..<300) { random, seed in add(compareModelTest(Self.layout(&random), label: "seed \(seed)")) }
    withEverySeed(0..<600) { random, seed in
      add(compareModelTest(Self.lowering(&random), label: "lowering seed \(seed)"))
    }
    withEveryRandomLayout(0..<150) { text, seed in add(compareModelTest(text, label: "random layout \(seed)")) }
    withEverySeed(0..<40) { random, seed in
      let format = Self.chain(&random, views: 1...40)
      add(compareModelTest(format + "\nV:|-[v0]-|\n", kind: .vfl, label: "chain seed \(seed)"))
    }
    let examples = packageRoot().appendingPathComponent("Examples")
    let files =
      ["clean", "problems"].flatMap {
        fixtureFiles(in: examples.appendingPathComponent($0), extensions: ["layout", "vfl"])
      } + ["analysis", "stacks", "guides"].flatMap { fixtureFiles(in: fixturesDirectory($0), extensions: ["layout", "vfl"]) }
    XCTAssertGreaterThan(files.count, 30)
    for url in files {
      let text = try String(contentsOf: url, encoding: .utf8)
      add(compareModelTest(text, kind: FileKind(pathExtension: url.pathExtension) ?? .layout, label: url.lastPathComponent))
    }
    XCTAssertGreaterThan(model, 500)
    XCTAssertEqual(model, solved)
  }
  /// The decisions a live layout would keep (`MirrorDecisions`) through seeded edits into and
  /// out of mirroring — a constraint on the left edge or the centre added, removed or turned
  /// back into leading, constants changed, insets that differ by side declared and taken back,
  /// views declared again with other intrinsic sizes, frames or insets, text typed above the
  /// canvases — are after every edit those of the model test on the text analysed afresh, and an
  /// edit of constraints only, or of declarations that leaves the views laid out alike, is
  /// decided from the constraints it changed, however far it moved the canvases' declarations.
  func testDecisionsKeptThroughEditsAreThoseOfTheTextAfresh() {
    var incremental = 0
    var throughDeclarations = 0
    var relaid = 0
    var movedCanvases = 0
    var intoMirroring = 0
    var outOfMirroring = 0
    withEverySeed(0..<150) { random, seed in
      var lines = Self.layout(&random).split(separator: "\n").map(String.init)
      let decisions = MirrorDecisions()
      var document = LayoutDocument(text: lines.joined(separator: "\n") + "\n", kind: .layout)
      var before = decisions.update(document).map(\.mirrors)
      for step in 0..<12 {
        Self.edit(&lines, &random)
        let text = lines.joined(separator: "\n") + "\n"
        let declaredAt = document.model.canvases.map(\.range)
        document = LayoutDocument(bytes: Array(text.utf8), kind: .layout, previous: document)
        let kept = decisions.update(document)
        let freshDocument = LayoutDocument(text: text, kind: .layout)
        let fresh = freshDocument.rightToLeftMirrorsWithoutSolving()
        XCTAssertEqual(kept.map(\.canvas), fresh.map(\.canvas), "seed \(seed) step \(step)\n\(text)")
        XCTAssertEqual(kept.map(\.mirrors), fresh.map(\.mirrors), "seed \(seed) step \(step)\n\(text)")
        if decisions.lastWasIncremental {
          incremental += 1
          if document.declarationEdit != nil { throughDeclarations += 1 }
          if decisions.lastRelaidViews > 0 { relaid += 1 }
          // An edit above a canvas moves its declaration: decided as the canvas it was.
          if !declaredAt.isEmpty, document.model.canvases.map(\.range) != declaredAt { movedCanvases += 1 }
          // Fewer verdicts than deciding afresh, which reads the engine's constraints too (a
          // view laid out otherwise has its own and those of the constraints that name it read
          // twice, old and new, which in a layout of a few views may be more; a view declared
          // again has its old and new content sizes read, which in a layout of a few views and
          // no other constraint may be as many).
          let afresh = MirrorDecisions()
          afresh.update(freshDocument)
          if decisions.lastRelaidViews == 0 {
            if document.declarationEdit == nil {
              XCTAssertLessThan(decisions.lastVerdicts, afresh.lastVerdicts, "seed \(seed) step \(step)\n\(text)")
            } else {
              XCTAssertLessThanOrEqual(decisions.lastVerdicts, afresh.lastVerdicts, "seed \(seed) step \(step)\n\(text)")
            }
          }
        }
        let after = kept.map(\.mirrors)
        if after.count == before.count {
          for (old, new) in zip(before, after) where old != new {
            if new { intoMirroring += 1 } else { outOfMirroring += 1 }
          }
        }
        before = after
      }
    }
    XCTAssertGreaterThan(incremental, 300)
    XCTAssertGreaterThan(throughDeclarations, 50)
    XCTAssertGreaterThan(relaid, 20)
    XCTAssertGreaterThan(movedCanvases, 15)
    XCTAssertGreaterThan(intoMirroring, 20)
    XCTAssertGreaterThan(outOfMirroring, 20)
  }

  /// The language server's live layout lets go of a right-to-left place that mirrors its twin
  /// (`MirrorDecisions`) and makes its findings of the twin's (`SolvedLayout.init(document:
  /// store:derived:)`): after every edit of seeded layouts (those of `edit(_:_:)`, and views
  /// pushed past their superviews' edges, sizes that tie or lose to a required one, numbers
  /// past the scale from which residuals are read), the
  /// live layout's findings, with every place each is found in, are those of a fresh check
  /// that solves every place on its own; what the editor features read of its twin instead
  /// (a view the twin finds determined, mirrored; the broken and unsatisfied constraints) is
  /// the place's own, and a place let go, when read, answers as a fresh one.
  func testTheLiveLayoutLetsGoOfMirroredPlacesAndFindsWhatAFreshCheckFinds() {
    let extras = [
      "v0.leading == super.leading - 40", "v0.top == super.top - 30", "v1.width == 5000 @700",
      "v0.width == 30 @600\nv0.width == 60 @600", "v1.trailing == super.trailing + 25", "v0.height == 40\nv0.height == 50",
      // Numbers past the scale from which the residuals of required constraints are read.
      "canvas tall 320x12000", "v1.height == 15000 @300", "v0.top == super.top + 11000",
    ]
    var letGo = 0
    var letGoPastResidualScale = 0
    var mirroredViews = 0
    var codes: [DiagnosticCode: Int] = [:]
    withEverySeed(0..<80) { random, seed in
      var lines = Self.layout(&random).split(separator: "\n").map(String.init)
      let live = LiveLayout()
      var document = LayoutDocument(text: lines.joined(separator: "\n") + "\n", kind: .layout)
      for step in 0..<10 {
        if step > 0 {
          if Int.random(in: 0..<3, using: &random) == 0 {
            let extra = extras[Int.random(in: 0..<extras.count, using: &random)]
            if extra.hasPrefix("canvas") {
              // Declared once: a second declaration is an error, and the layout's findings go.
              if !lines.contains(extra) { lines.insert(extra, at: 1) }
            } else {
              lines.append(extra)
            }
          } else {
            Self.edit(&lines, &random)
          }
          let text = lines.joined(separator: "\n") + "\n"
          document = LayoutDocument(bytes: Array(text.utf8), kind: .layout, previous: document)
        }
        let updated = live.update(document)
        let layout = live.settle() ?? updated
        let text = String(decoding: document.bytes, as: UTF8.self)
        let fresh = LayoutDocument(text: text, kind: .layout)
        let wanted = SolvedLayout.places(of: fresh.model)
        let models = fresh.models(for: wanted)
        let (solvers, none) = SolvedLayout.solveInParallel(wanted, models: models, detectsMirrors: false)
        XCTAssertTrue(none.isEmpty)
        let plain = SolvedLayout(document: fresh, places: solvers)
        XCTAssertEqual(layout.diagnostics, plain.diagnostics, "seed \(seed) step \(step)\n\(text)")
        let held = layout.placeList.indices.map { live.holdsSolver(at: $0) }
        guard held.contains(false) else { continue }
        letGo += held.filter { !$0 }.count
        let numbers = NumericRangeCheck.Numbers(document.model)
        if layout.placeList.contains(where: {
          max($0.canvas.width, $0.canvas.height, numbers.largestConstant) > NumericRangeCheck.residualScale
        }) {
          letGoPastResidualScale += 1
        }
        for diagnostic in layout.diagnostics { codes[diagnostic.code, default: 0] += 1 }
        // Read, a place let go is solved: its frames and ambiguities are a fresh solve's.
        XCTAssertEqual(layout.placeList, plain.placeList)
        for index in held.indices where !held[index] {
          XCTAssertEqual(layout.placeList[index].direction, .rtl)
          // What the editor features read of its twin instead: the views the twin finds
          // determined, mirrored, and the broken and unsatisfied constraints.
          guard let twin = layout.mirroredTwin(at: index) else {
            XCTFail("seed \(seed) step \(step): no twin")
            continue
          }
          let own = plain.solver(at: index)
          for name in fresh.model.viewOrder {
            guard let view = layout.mirroredView(name, at: index) else { continue }
            mirroredViews += 1
            XCTAssertEqual(view, own.solvedView(name), "seed \(seed) step \(step): \(name)")
          }
          XCTAssertEqual(twin.brokenConstraints, own.brokenConstraints, "seed \(seed) step \(step)")
          XCTAssertEqual(
            twin.unsatisfied().map { "\($0.constraint) \($0.error.bitPattern)" },
            own.unsatisfied().map { "\($0.constraint) \($0.error.bitPattern)" }, "seed \(seed) step \(step)")
          XCTAssertEqual(
            layout.solver(at: index).allSolvedViews().views, plain.solver(at: index).allSolvedViews().views,
            "seed \(seed) step \(step)")
          XCTAssertEqual(layout.solver(at: index).ambiguities(), plain.solver(at: index).ambiguities())
        }
      }
    }
    XCTAssertGreaterThan(letGo, 200)
    XCTAssertGreaterThan(letGoPastResidualScale, 20)
    XCTAssertGreaterThan(mirroredViews, 300)
    // Every kind of finding a mirrored place can make, in layouts with a place let go.
    for code in [DiagnosticCode.conflict, .ambiguous, .offscreen, .unsatisfied, .zeroSize] {
      XCTAssertGreaterThan(codes[code, default: 0], 5, "\(code)")
    }
  }
}
