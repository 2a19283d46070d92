import Foundation
import LayoutSyntax
import TestSupport
import XCTest

@testable import InterfaceBuilder

final class ElementIndexTests: XCTestCase {
  private func text(_ bytes: [UInt8], _ range: SourceRange) -> String {
    String(decoding: bytes[range.start..<range.end], as: UTF8.self)
  }

  /// On a well-formed file the index has the parser's elements, with the same start tags.
  func testAgreesWithTheParserOnEveryFixture() throws {
    var files = fixtureFiles(in: fixturesDirectory("interface-builder"), extensions: ["storyboard", "xib"])
    files += fixtureFiles(in: fixturesDirectory("lsp"), extensions: ["storyboard", "xib"])
    var compared = 0
    for url in files {
      let bytes = Array(try Data(contentsOf: url))
      let tree = XMLTree.parse(bytes)
      guard !tree.nodes.isEmpty else { continue }
      // The tree's ranges are in the document's bytes: the file's, or their UTF-8 transcoding.
      let index = XMLElementIndex(bytes: tree.bytes)
      XCTAssertEqual(index.elements.count, tree.nodes.count, url.lastPathComponent)
      for (element, node) in zip(index.elements, tree.nodes) {
        XCTAssertEqual(element.name, node.name, url.lastPathComponent)
        XCTAssertEqual(element.tagRange, node.tagRange, url.lastPathComponent)
        XCTAssertEqual(element.parent, node.parent, url.lastPathComponent)
        XCTAssertEqual(Dictionary(element.attributes.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a }), node.attributes)
      }
      compared += 1
    }
    XCTAssertGreaterThan(compared, 5)
  }

  func testRangesOfAttributesAndWholeElements() {
    let xml = #"<a id="x1"><b key='k' text="Tom &amp; Jerry &#x263A;"/><c>text</c></a>"#
    let bytes = Array(xml.utf8)
    let index = XMLElementIndex(bytes: bytes)
    XCTAssertEqual(index.elements.map(\.name), ["a", "b", "c"])
    XCTAssertEqual(text(bytes, index.elements[0].range), xml)
    XCTAssertEqual(text(bytes, index.elements[1].range), #"<b key='k' text="Tom &amp; Jerry &#x263A;"/>"#)
    XCTAssertEqual(text(bytes, index.elements[2].range), "<c>text</c>")
    XCTAssertEqual(index.elements[1].attribute("text"), "Tom & Jerry ☺")
    XCTAssertEqual(index.elements[1].attribute("key"), "k")
    XCTAssertEqual(index.idRange(of: 0).map { text(bytes, $0) }, "x1")
    XCTAssertEqual(index.elements[0].children, [1, 2])
    XCTAssertEqual(index.elements[2].parent, 0)
    // Positions: in a start tag (its end included), in a value (its quotes included), outside.
    XCTAssertEqual(index.element(inTagAt: 0), 0)
    XCTAssertEqual(index.element(inTagAt: 10), 0)
    XCTAssertEqual(index.element(inTagAt: 11), 1)
    XCTAssertNil(index.element(inTagAt: xml.utf8.count - 6))
    XCTAssertEqual(index.element(containing: xml.utf8.count - 6)!, 2)
    XCTAssertEqual(index.attribute(at: 7)?.attribute, 0)
    XCTAssertEqual(index.attribute(at: 3)?.attribute, nil)
  }

  /// Ids are found in any attribute, except that a plain number must be in an attribute that
  /// holds ids (a `tag="1"` names nothing).
  func testReferences() {
    let xml = """
      <document initialViewController="vc-1"><objects>
      <viewController id="vc-1"><view id="1" tag="1"><constraints>
      <constraint firstItem="v-2" firstAttribute="top" secondItem="1" secondAttribute="top" id="c-1"/>
      </constraints></view></viewController>
      <view id="v-2" userLabel="v-2"/>
      <segue destination="vc-1" id="s-1"/><segue destination="missing" id="s-2"/>
      </objects></document>
      """
    let bytes = Array(xml.utf8)
    let index = XMLElementIndex(bytes: bytes)
    let uses = index.references.map { "\(index.elements[$0.element].name).\(index.elements[$0.element].attributes[$0.attribute].name)->\(index.elements[$0.target].id ?? "")" }
    XCTAssertEqual(uses, ["document.initialViewController->vc-1", "constraint.firstItem->v-2", "constraint.secondItem->1", "segue.destination->vc-1"])
    // An element's own attributes never refer to itself.
    XCTAssertFalse(uses.contains("view.userLabel->v-2"))
    guard let target = index.elementsByID["vc-1"] else { return XCTFail("no vc-1") }
    XCTAssertEqual(index.references(to: target).count, 2)
  }

  /// Broken XML while typing: every element is still found, unfinished tags and values end
  /// where their text ends, and unclosed elements end with what encloses them.
  func testBrokenXML() {
    let xml = "<a id=\"1\">\n  <b id=\"unfinished\n  <c id=\"c-1\"/>\n  <d>\n</a>\n</zzz><e"
    let bytes = Array(xml.utf8)
    let index = XMLElementIndex(bytes: bytes)
    XCTAssertEqual(index.elements.map(\.name), ["a", "b", "c", "d", "e"])
    XCTAssertEqual(index.elements[1].attribute("id"), "unfinished")
    XCTAssertEqual(text(bytes, index.elements[1].tagRange), "<b id=\"unfinished")
    XCTAssertEqual(index.elements[2].parent, 0)
    XCTAssertEqual(index.elements[2].attribute("id"), "c-1")
    // <d> is never closed: it ends where </a> starts.
    XCTAssertEqual(text(bytes, index.elements[3].range), "<d>\n")
    XCTAssertEqual(text(bytes, index.elements[0].range), "<a id=\"1\">\n  <b id=\"unfinished\n  <c id=\"c-1\"/>\n  <d>\n</a>")
    XCTAssertNil(index.elements[4].parent)
    XCTAssertEqual(text(bytes, index.elements[4].range), "<e")
  }

  func testAnyBytesAndAnyOffset() {
    var generator = SeededRandom(seed: 7)
    let alphabet = Array("<>/=\"' ab&;#x!-?[]\n".utf8)
    for _ in 0..<300 {
      let bytes = (0..<Int.random(in: 0..<200, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
      let index = XMLElementIndex(bytes: bytes)
      for element in index.elements {
        XCTAssertTrue(element.tagRange.start >= 0 && element.tagRange.end <= bytes.count)
        XCTAssertTrue(element.range.start == element.tagRange.start && element.range.end <= bytes.count)
        for attribute in element.attributes {
          XCTAssertTrue(attribute.valueRange.start >= element.tagRange.start && attribute.valueRange.end <= element.tagRange.end)
        }
      }
      for offset in -2...(bytes.count + 2) {
        _ = index.element(inTagAt: offset)
        _ = index.element(containing: offset)
        _ = index.attribute(at: offset)
      }
    }
  }

  func testIntrinsicSizeSources() {
    let xml = """
      <document><objects><view id="r"><subviews>
      <label text="a" id="l"/><view placeholderIntrinsicWidth="10" id="p"/><imageView image="logo" id="i"/>
      <imageView image="other" id="j"/><view id="v"/><slider id="s"/><view id="d"/><pickerView id="k"/>
      <imageView id="f"><imageReference key="image" image="flame" catalog="system"/></imageView>
      <imageView id="g"><imageReference key="image" image="logo"/></imageView>
      <imageView id="n"><imageReference key="highlightedImage" image="logo"/></imageView>
      </subviews></view></objects>
      <designables><designable name="d"><size key="intrinsicContentSize" width="5" height="5"/></designable></designables>
      <resources><image name="logo" width="1" height="1"/></resources></document>
      """
    let index = XMLElementIndex(bytes: Array(xml.utf8))
    func source(_ id: String) -> XMLElementIndex.IntrinsicSizeSource {
      index.elementsByID[id].map { index.intrinsicSizeSource(of: $0) } ?? .none
    }
    XCTAssertEqual(source("l"), .estimated)
    XCTAssertEqual(source("p"), .placeholder)
    XCTAssertEqual(source("i"), .image)
    XCTAssertEqual(source("j"), .estimated)
    XCTAssertEqual(source("v"), .none)
    XCTAssertEqual(source("s"), .estimated)
    XCTAssertEqual(source("d"), .designable)
    XCTAssertEqual(source("k"), .uikit)
    // An image written as an `<imageReference key="image">` element is the view's image.
    XCTAssertEqual(source("f"), .estimated)
    XCTAssertEqual(source("g"), .image)
    XCTAssertEqual(source("n"), .none)
  }

  func testIntrinsicSizeSourcesOfAppKitViews() {
    let xml = """
      <document targetRuntime="MacOSX.Cocoa"><objects><customView id="r"><subviews>
      <popUpButton id="p"/><customView id="c"/><progressIndicator id="g"/><matrix id="m"/>
      </subviews></customView></objects></document>
      """
    let index = XMLElementIndex(bytes: Array(xml.utf8))
    func source(_ id: String) -> XMLElementIndex.IntrinsicSizeSource {
      index.elementsByID[id].map { index.intrinsicSizeSource(of: $0) } ?? .none
    }
    XCTAssertEqual(source("p"), .estimated)
    XCTAssertEqual(source("c"), .none)
    XCTAssertEqual(source("g"), .estimated)
    // A matrix is its saved size (`AppKit.intrinsic`), as its cells, rows and spacing make it.
    XCTAssertEqual(source("m"), .estimated)
  }
}
