import Foundation
#if canImport(FoundationXML)
  import FoundationXML
#endif
import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

@testable import EditorFeatures

/// The pictures of `plumb render`, `plumb check --format html` and `plumb/render`: well-formed
/// SVG, one group per view, the findings' classes on the right views, stable text.
final class LayoutPictureTests: XCTestCase {
  /// Text in the pictures, the HTML report and the XML reports: markup as entities, line
  /// breaks and tabs as references, characters XML cannot hold as U+FFFD.
  func testXMLEscape() {
    XCTAssertEqual(xmlEscape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;")
    XCTAssertEqual(xmlEscape("1\n2\r3\t4"), "1&#10;2&#13;3&#9;4")
    XCTAssertEqual(xmlEscape("x\u{0}y\u{1B}z\u{FFFE}"), "x\u{FFFD}y\u{FFFD}z\u{FFFD}")
    XCTAssertEqual(xmlEscape("é ✓ 😀"), "é ✓ 😀")
  }

  /// The SVG of a file, solved by its language.
  private func render(_ url: URL, canvas: String? = nil, direction: LayoutDirection? = nil, constraints: Bool = false)
    throws -> (svg: String, picture: LayoutPicture)
  {
    let bytes = [UInt8](try Data(contentsOf: url))
    let language = try XCTUnwrap(EditorLanguages.language(forPath: url.path), url.path)
    let solved = language.solve(bytes: bytes, canvas: nil, solveWithErrors: true)
    let picture = LayoutPicture(
      solved.layouts, diagnostics: solved.diagnostics, canvas: canvas, direction: direction, constraints: constraints)
    return (picture.svg(PictureStyle(title: url.lastPathComponent)), picture)
  }

  private func render(text: String, kind: FileKind = .layout, constraints: Bool = false) -> String {
    let language: LayoutLanguage = kind == .layout ? .layout : .visualFormat
    let solved = language.solve(bytes: Array(text.utf8), canvas: nil, solveWithErrors: true)
    return LayoutPicture(solved.layouts, diagnostics: solved.diagnostics, constraints: constraints).svg()
  }

  /// The elements of an SVG text, as Foundation's XML parser reads them; fails the test when
  /// the text is not well-formed.
  private final class Elements: NSObject, XMLParserDelegate {
    var views: [(name: String, classes: [String])] = []
    var titlesInViews = 0
    var stack: [String] = []
    var texts: [String] = []
    private var inView = 0

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      stack.append(name)
      if name == "g", let view = attributes["data-view"] {
        views.append((view, (attributes["class"] ?? "").split(separator: " ").map(String.init)))
        inView = stack.count
      }
      if name == "title", inView > 0, stack.count == inView + 1 { titlesInViews += 1 }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      if stack.count == inView { inView = 0 }
      stack.removeLast()
    }
  }

  private func parse(_ svg: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) -> Elements {
    let parser = XMLParser(data: Data(svg.utf8))
    let elements = Elements()
    parser.delegate = elements
    XCTAssertTrue(parser.parse(), "\(what): not well-formed XML: \(String(describing: parser.parserError))", file: file, line: line)
    return elements
  }

  func testEveryExampleAndInterfaceBuilderFixtureIsWellFormedWithAGroupAndTitlePerView() throws {
    var files = fixtureFiles(in: packageRoot().appendingPathComponent("Examples"), extensions: ["layout", "vfl"])
    files += fixtureFiles(in: fixturesDirectory("interface-builder"), extensions: ["storyboard", "xib"])
    XCTAssertGreaterThan(files.count, 30)
    for url in files {
      let (svg, picture) = try render(url, constraints: true)
      let elements = parse(svg, url.lastPathComponent)
      let drawn = picture.panels.flatMap { $0.views.map(\.name) }
      XCTAssertEqual(elements.views.map(\.name), drawn, url.lastPathComponent)
      XCTAssertEqual(elements.titlesInViews, drawn.count, "a <title> per view: \(url.lastPathComponent)")
      XCTAssertTrue(elements.views.allSatisfy { $0.classes.first == "view" }, url.lastPathComponent)
      // Each panel draws each view once.
      for panel in picture.panels {
        XCTAssertEqual(Set(panel.views.map(\.name)).count, panel.views.count, "\(url.lastPathComponent) \(panel.title)")
      }
    }
  }

  func testEveryViewButLayoutGuidesIsDrawnInEveryPlace() {
    let text = """
      canvas phone 375x667
      direction both
      view Card {
        label Title
      }
      guide Gap
      H:|-[Card]-|
      V:|-[Card(100)]
      H:|-[Title]-|
      V:|-[Title]-|
      Gap.width == 10
      """
    let elements = parse(render(text: text), "views")
    XCTAssertEqual(elements.views.map(\.name), ["root", "Card", "Title", "root", "Card", "Title"])
  }

  func testFindingsAreClassesOfTheirViews() throws {
    let examples = packageRoot().appendingPathComponent("Examples/problems")
    func classes(_ file: String, _ view: String) throws -> Set<String> {
      let (svg, _) = try render(examples.appendingPathComponent(file), direction: .ltr)
      let elements = parse(svg, file)
      return Set(try XCTUnwrap(elements.views.first { $0.name == view }, "\(file): no \(view)").classes)
    }
    XCTAssertTrue(try classes("conflict.layout", "Banner").contains("conflict"))
    XCTAssertTrue(try classes("ambiguous.layout", "Left").contains("ambiguous"))
    XCTAssertTrue(try classes("ambiguous.layout", "Banner").isSuperset(of: ["ambiguous", "zero-size"]))
    XCTAssertTrue(try classes("misplaced.layout", "Card").contains("misplaced"))
    XCTAssertTrue(try classes("offscreen.layout", "Panel").contains("offscreen"))
    XCTAssertEqual(try classes("offscreen.layout", "root"), ["view", "root"])
  }

  func testAConflictMarksItsMembersAndTheBrokenConstraint() {
    let svg = render(text: "canvas phone 375x667\nview A\nview B\nH:|-8-[A(100)]-8-[B]-8-|\nV:|[A(20)]\nV:|[B(20)]\nB.width == 300\n")
    let elements = parse(svg, "conflict")
    let conflicted = Set(elements.views.filter { $0.classes.contains("conflict") }.map(\.name))
    XCTAssertEqual(conflicted, ["A", "B"])
    XCTAssertTrue(svg.contains("<g class=\"strut broken\"><title>B.width == 300</title>"), svg)
    XCTAssertTrue(svg.contains("class=\"cross\""))
  }

  func testAnAmbiguousViewHasItsAlternativeAndRangeDrawn() {
    let text = "canvas c 300x300\nview Chip\nChip.width == 50\nChip.height == 50\nV:|[Chip]\nChip.leading >= super.leading + 10\n"
    let solved = LayoutLanguage.layout.solve(bytes: Array(text.utf8), canvas: nil, solveWithErrors: true)
    let picture = LayoutPicture(solved.layouts, diagnostics: solved.diagnostics, direction: .ltr)
    let chip = picture.panels.first?.views.first { $0.name == "Chip" }
    XCTAssertEqual(chip?.codes, [.ambiguous])
    let ambiguity = chip?.ambiguities.first
    XCTAssertEqual(ambiguity?.axis, "horizontal")
    XCTAssertEqual(ambiguity?.range.x, 10)
    // Unbounded to the right: the shaded stretch reaches the canvas's edge (and the view's width past it).
    XCTAssertGreaterThanOrEqual((ambiguity?.range.x ?? 0) + (ambiguity?.range.width ?? 0), 300)
    let svg = picture.svg()
    XCTAssertTrue(svg.contains("class=\"ghost\"") && svg.contains("class=\"range\""))
  }

  func testASilencedFindingIsNotDrawn() {
    let text = "canvas c 300x300\nview Chip # plumb: ignore ambiguous\nChip.width == 50\nChip.height == 50\nV:|[Chip]\n"
    let solved = LayoutLanguage.layout.solve(bytes: Array(text.utf8), canvas: nil, solveWithErrors: true)
    let chip = LayoutPicture(solved.layouts, diagnostics: solved.diagnostics).panels.first?.views.first { $0.name == "Chip" }
    XCTAssertEqual(chip?.codes, [])
    XCTAssertEqual(chip?.ambiguities, [])
    // The same layout with the finding reported is drawn ambiguous.
    let reported = LayoutLanguage.layout.solve(
      bytes: Array(text.replacingOccurrences(of: " # plumb: ignore ambiguous", with: "").utf8), canvas: nil, solveWithErrors: true)
    let drawn = LayoutPicture(reported.layouts, diagnostics: reported.diagnostics).panels.first?.views.first { $0.name == "Chip" }
    XCTAssertEqual(drawn?.codes, [.ambiguous])
  }

  func testSubviewsAreDrawnInCanvasCoordinates() {
    let text = "canvas c 300x300\nview Card {\n  view Dot\n}\nH:|-20-[Card(200)]\nV:|-30-[Card(100)]\nDot.leading == Card.leading + 5\nDot.top == Card.top + 6\n"
      + "Dot.width == 10\nDot.height == 10\n"
    let solved = LayoutLanguage.layout.solve(bytes: Array(text.utf8), canvas: nil, solveWithErrors: true)
    let picture = LayoutPicture(solved.layouts, diagnostics: solved.diagnostics, direction: .rtl)
    let dot = picture.panels.first?.views.first { $0.name == "Dot" }
    // Right to left: Card is 20 from the right edge (x 80), Dot 5 from Card's right edge.
    XCTAssertEqual(dot?.frame, Rect(x: 265, y: 36, width: 10, height: 10))
  }

  func testNamesDoNotOverlap() {
    // Twenty views stacked in one small spot: every name placed is clear of the others.
    var text = "canvas c 200x200\n"
    for index in 0..<20 { text += "view LongViewName\(index)\nLongViewName\(index).width == 40\nLongViewName\(index).height == 10\nH:|-10-[LongViewName\(index)]\nV:|-\(10 + index)-[LongViewName\(index)]\n" }
    let svg = render(text: text)
    var boxes: [(Double, Double, Double, Double)] = []
    let pattern = try? NSRegularExpression(pattern: "<rect class=\"name-bg\" x=\"([-0-9.]+)\" y=\"([-0-9.]+)\" width=\"([0-9.]+)\" height=\"([0-9.]+)\"")
    for match in pattern?.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)) ?? [] {
      let numbers = (1...4).compactMap { Range(match.range(at: $0), in: svg).flatMap { Double(svg[$0]) } }
      if numbers.count == 4 { boxes.append((numbers[0], numbers[1], numbers[2], numbers[3])) }
    }
    XCTAssertGreaterThan(boxes.count, 5)
    for (i, a) in boxes.enumerated() {
      for b in boxes[(i + 1)...] {
        let overlaps = a.0 < b.0 + b.2 && b.0 < a.0 + a.2 && a.1 < b.1 + b.3 && b.1 < a.1 + a.3
        XCTAssertFalse(overlaps, "\(a) overlaps \(b)")
      }
    }
  }

  func testTextIsEscapedAndOutputIsStable() throws {
    let url = fixturesDirectory("interface-builder").appendingPathComponent("profile-issues.storyboard")
    let first = try render(url).svg
    let second = try render(url).svg
    XCTAssertEqual(first, second)
    XCTAssertTrue(first.contains("data-view=\"&quot;Title&quot;\""))
  }

  /// Golden SVGs (`UPDATE_GOLDEN=1` records them; inspect them in a browser before committing).
  func testGoldenPictures() throws {
    let root = packageRoot()
    let cases: [(file: String, golden: String, canvas: String?, direction: LayoutDirection?, constraints: Bool)] = [
      ("Examples/problems/conflict.layout", "conflict.svg", nil, .ltr, true),
      ("Examples/problems/ambiguous.layout", "ambiguous.svg", nil, nil, false),
      ("Examples/problems/misplaced.layout", "misplaced.svg", nil, .ltr, false),
      ("Examples/problems/offscreen.layout", "offscreen.svg", nil, .ltr, false),
      ("Examples/clean/login.layout", "login-constraints.svg", nil, .ltr, true),
      ("Examples/clean/toolbar.vfl", "toolbar.svg", nil, .rtl, false),
      ("Tests/Fixtures/interface-builder/profile-issues.storyboard", "profile-issues.svg", nil, nil, false),
    ]
    for item in cases {
      let svg = try render(
        root.appendingPathComponent(item.file), canvas: item.canvas, direction: item.direction, constraints: item.constraints
      ).svg
      assertGolden(svg, path: fixturesDirectory("render").appendingPathComponent(item.golden).path)
    }
  }
}
