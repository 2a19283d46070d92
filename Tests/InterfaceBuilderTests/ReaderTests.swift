import Foundation
import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

@testable import InterfaceBuilder

final class ReaderTests: XCTestCase {
  func testMultiplierSpellings() {
    XCTAssertEqual(Elements.multiplier("1:2"), 0.5)
    XCTAssertEqual(Elements.multiplier("5:4"), 1.25)
    XCTAssertEqual(Elements.multiplier("1/3") ?? 0, 1.0 / 3, accuracy: 1e-12)
    XCTAssertEqual(Elements.multiplier("0.5"), 0.5)
    XCTAssertEqual(Elements.multiplier("4"), 4)
    XCTAssertNil(Elements.multiplier("1:0"))
    XCTAssertNil(Elements.multiplier("half"))
    XCTAssertNil(Elements.multiplier("1:2:3"))
  }

  /// A vertical difference whose top and bottom edges each move by nothing or by a bar's height
  /// (20, 44, 49, 64 pt) is a bar drawn otherwise; any other difference is not.
  /// A view is dragged when its saved frame has the solved size within the tolerance and lies
  /// more than the distance (3 pt here, at least the tolerance) from the solved one in x and in
  /// y; a difference of exactly the distance does not count, and a move along one axis is no drag.
  func testMisplacementDraggedAtItsSize() {
    func dragged(_ solved: Rect, distance: Double = 3) -> Bool {
      Misplacement(view: "V", declared: Rect(x: 20, y: 100, width: 200, height: 40), solved: solved, canvas: "C")
        .movesAlongBothAxesAtItsSize(tolerance: 1, distance: distance)
    }
    XCTAssertTrue(dragged(Rect(x: 32, y: 120, width: 200, height: 40)))  // 12 right, 20 down
    XCTAssertTrue(dragged(Rect(x: 8, y: 88, width: 200, height: 40)))  // up and to the left
    XCTAssertTrue(dragged(Rect(x: 32, y: 120, width: 200.5, height: 39.5)))  // half a point off in size: at its size
    XCTAssertTrue(dragged(Rect(x: 23.5, y: 103.5, width: 200, height: 40)))  // just over the distance each way
    XCTAssertFalse(dragged(Rect(x: 23, y: 120, width: 200, height: 40)))  // x exactly at the distance: not moved in x
    XCTAssertFalse(dragged(Rect(x: 32, y: 97, width: 200, height: 40)))  // y exactly at the distance
    XCTAssertFalse(dragged(Rect(x: 22.5, y: 120, width: 200, height: 40)))  // x 2.5 off: within Plumb's uncertainty
    XCTAssertTrue(dragged(Rect(x: 22.5, y: 120, width: 200, height: 40), distance: 0))  // the tolerance is the least
    XCTAssertFalse(dragged(Rect(x: 21, y: 120, width: 200, height: 40), distance: 0))  // x exactly at the tolerance
    XCTAssertFalse(dragged(Rect(x: 20, y: 120, width: 200, height: 40)))  // along y only
    XCTAssertFalse(dragged(Rect(x: 32, y: 100, width: 200, height: 40)))  // along x only
    XCTAssertFalse(dragged(Rect(x: 32, y: 120, width: 201.5, height: 40)))  // another width
    XCTAssertFalse(dragged(Rect(x: 32, y: 120, width: 200, height: 38.5)))  // another height
    XCTAssertFalse(dragged(Rect(x: 20, y: 100, width: 200, height: 40)))  // where it was saved
  }

  func testMisplacementByBarHeights() {
    func byBars(_ solved: Rect) -> Bool {
      Misplacement(view: "V", declared: Rect(x: 20, y: 100, width: 200, height: 40), solved: solved, canvas: "C")
        .differsVerticallyByBarHeights(tolerance: 1)
    }
    XCTAssertTrue(byBars(Rect(x: 20, y: 144, width: 200, height: 40)))  // a navigation bar: both edges 44 lower
    XCTAssertTrue(byBars(Rect(x: 20, y: 36, width: 200, height: 40)))  // 64 higher
    XCTAssertTrue(byBars(Rect(x: 20, y: 100.5, width: 200, height: 20.5)))  // the bottom edge 19 higher, within the tolerance
    XCTAssertTrue(byBars(Rect(x: 20, y: 120, width: 200, height: 20)))  // the top edge 20 lower, the bottom edge stays
    XCTAssertTrue(byBars(Rect(x: 20, y: 100, width: 200, height: 89)))  // a tab bar below: the bottom edge 49 lower
    XCTAssertFalse(byBars(Rect(x: 20, y: 130, width: 200, height: 40)))  // 30 pt: no bar
    XCTAssertFalse(byBars(Rect(x: 20, y: 144, width: 200, height: 70)))  // the top 44 lower, the bottom 74
    XCTAssertFalse(byBars(Rect(x: 30, y: 144, width: 200, height: 40)))  // along both axes
    XCTAssertFalse(byBars(Rect(x: 20, y: 100, width: 200, height: 40)))  // not misplaced at all
  }

  /// A move along y only keeps x, width and height within the tolerance and moves y beyond it.
  func testMisplacementAlongYOnly() {
    func alongY(_ solved: Rect) -> Bool {
      Misplacement(view: "V", declared: Rect(x: 20, y: 100, width: 200, height: 40), solved: solved, canvas: "C")
        .movesVerticallyOnly(tolerance: 1)
    }
    XCTAssertTrue(alongY(Rect(x: 20, y: 160, width: 200, height: 40)))
    XCTAssertTrue(alongY(Rect(x: 20.5, y: 88, width: 200.5, height: 40.5)))  // within the tolerance elsewhere
    XCTAssertFalse(alongY(Rect(x: 20, y: 100.5, width: 200, height: 40)))  // y within the tolerance too
    XCTAssertFalse(alongY(Rect(x: 32, y: 160, width: 200, height: 40)))  // and along x
    XCTAssertFalse(alongY(Rect(x: 20, y: 160, width: 200, height: 60)))  // and in height
    XCTAssertFalse(alongY(Rect(x: 20, y: 100, width: 180, height: 40)))  // in width only
  }

  /// An AppKit control's frame whose height is finite but beyond any integer (the alignment
  /// insets are chosen by the height in whole points) is read without a crash.
  func testAppKitControlOfAHugeHeightIsRead() throws {
    let url = fixturesDirectory("interface-builder").appendingPathComponent("clean-appkit-legacy-checkboxes.xib")
    let text = try String(contentsOf: url, encoding: .utf8)
    let huge = text.replacingOccurrences(
      of: #"<rect key="frame" x="18" y="62" width="120" height="18"/>"#,
      with: #"<rect key="frame" x="18" y="62" width="120" height="1e300"/>"#)
    XCTAssertNotEqual(huge, text)
    let file = InterfaceBuilderFile.read(text: huge)
    XCTAssertFalse(file.units.isEmpty)
    _ = file.analyse()
  }

  /// The mark by which Plumb keeps the views a superview places at their saved frames is its
  /// own: written in a file, it does not fix the view (nor spare it its findings).
  func testArrangedMarkInAFileIsIgnored() throws {
    let url = fixturesDirectory("interface-builder").appendingPathComponent("appkit-window.xib")
    let text = try String(contentsOf: url, encoding: .utf8)
    let preview = #"<customView translatesAutoresizingMaskIntoConstraints="NO" id="prv-01" userLabel="Preview">"#
    let marked = text.replacingOccurrences(
      of: preview,
      with: #"<customView translatesAutoresizingMaskIntoConstraints="NO" id="prv-01" userLabel="Preview" "#
        + #"\#(AppKit.arrangedMark)="YES">"#)
    XCTAssertNotEqual(marked, text)
    func misplaced(_ text: String) -> [String] {
      InterfaceBuilderFile.read(text: text).analyse().diagnostics.compactMap {
        $0.code == .misplaced ? $0.finding.view : nil
      }
    }
    XCTAssertEqual(misplaced(text), ["Preview"])
    XCTAssertEqual(misplaced(marked), ["Preview"])
  }

  /// The content of a container laid out by its frame is ambiguous only in files of the builds
  /// of Interface Builder seen to mark it (12121 to 15505), not just outside them.
  func testFixedContainerContentByBuild() throws {
    let url = fixturesDirectory("interface-builder").appendingPathComponent("appkit-fixed-container-content.xib")
    let text = try String(contentsOf: url, encoding: .utf8)
    func ambiguousViews(_ build: String) -> Set<String> {
      let saved = text.replacingOccurrences(of: "toolsVersion=\"15505\"", with: "toolsVersion=\"\(build)\"")
      XCTAssertEqual(saved.contains("toolsVersion=\"\(build)\""), true)
      let findings = InterfaceBuilderFile.read(text: saved).analyse().diagnostics
      return Set(findings.compactMap { $0.code == .ambiguous ? $0.finding.view : nil })
    }
    let marked: Set<String> = ["Text Clip", "Text", "List Clip", "Swatch Content", "Quiet Content"]
    XCTAssertEqual(ambiguousViews("12121"), marked)
    XCTAssertEqual(ambiguousViews("15505"), marked)
    XCTAssertEqual(ambiguousViews("12118"), [])
    XCTAssertEqual(ambiguousViews("15506"), [])
    XCTAssertEqual(ambiguousViews("16096"), [])
  }

  /// Symbols and emoji get no estimated width; the ideographs beyond them (U+20000 on), which
  /// `ems` measures a whole em each, still do.
  func testGlyphsOfOtherFonts() {
    XCTAssertTrue(UnitBuilder.hasGlyphsOfOtherFonts("★★★☆☆"))
    XCTAssertTrue(UnitBuilder.hasGlyphsOfOtherFonts("Go →"))
    XCTAssertTrue(UnitBuilder.hasGlyphsOfOtherFonts("Hi 😀"))
    XCTAssertTrue(UnitBuilder.hasGlyphsOfOtherFonts("🇫🇷"))
    XCTAssertFalse(UnitBuilder.hasGlyphsOfOtherFonts("Résumé"))
    XCTAssertFalse(UnitBuilder.hasGlyphsOfOtherFonts("漢字"))
    XCTAssertFalse(UnitBuilder.hasGlyphsOfOtherFonts("\u{20BB7}野家"))
    XCTAssertEqual(UnitBuilder.ems("\u{20BB7}"), 1)
  }

  /// Xcode 7 and 8 name the design device in their default simulated metrics.
  func testSimulatedScreenMetricsNameTheDevice() {
    XCTAssertEqual(Device.simulated("retina4_7.fullscreen")?.id, "retina4_7")
    XCTAssertEqual(Device.simulated("retina47")?.id, "retina4_7")
    XCTAssertEqual(Device.simulated("retina4")?.id, "retina4_0")
    XCTAssertEqual(Device.simulated("retina55")?.height, 736)
    XCTAssertNil(Device.simulated("freeform"))
    XCTAssertNil(Device.simulated(""))
  }

  /// A constraint without firstItem belongs to the view that holds it; defaults fill the rest.
  func testConstraintDefaultsAndOwner() {
    let file = InterfaceBuilderFile.read(text: xib(subviews: "", constraints: """
      <constraint firstAttribute="height" constant="44" id="c1"/>
      <constraint firstAttribute="width" secondItem="top" secondAttribute="height" multiplier="2:1" relation="greaterThanOrEqual" priority="750" identifier="wide" id="c2"/>
      """))
    let constraints = file.units.first?.model.constraints.filter { $0.origin == .explicit } ?? []
    XCTAssertEqual(constraints.map(\.description), ["root.height == 44", "'wide' root.width >= 2*root.height @750"])
  }

  /// Interface Builder lays its canvas out with placeholder constraints ("remove at build
  /// time"); the app never has them, so no finding about the app's languages is reported on one.
  func testPlaceholderConstraintsCountAtDesignTimeOnly() {
    let file = InterfaceBuilderFile.read(text: xib(subviews: "", constraints: """
      <constraint firstAttribute="height" constant="44" placeholder="YES" id="c1"/>
      <constraint firstAttribute="width" constant="100" placeholder="YES" id="c2"/>
      <constraint firstAttribute="right" secondItem="top" secondAttribute="right" placeholder="YES" id="c3"/>
      """))
    let constraints = file.units.first?.model.constraints.filter { $0.origin == .explicit } ?? []
    XCTAssertEqual(constraints.map(\.description), ["root.height == 44", "root.width == 100", "root.right == root.right"])
    XCTAssertFalse(file.analyse().diagnostics.contains { $0.code == .leftRight })
  }

  func testUnknownItemIsAWarningNotACrash() {
    let file = InterfaceBuilderFile.read(text: xib(subviews: "", constraints: """
      <constraint firstItem="nope" firstAttribute="height" constant="44" id="c1"/>
      <constraint firstAttribute="sideways" constant="44" id="c2"/>
      <constraint firstAttribute="height" constant="44" priority="0" id="c3"/>
      """))
    XCTAssertEqual(file.analyse().diagnostics.map(\.code), [.interfaceBuilderConstraint, .interfaceBuilderConstraint, .interfaceBuilderConstraint])
  }

  func testBillionLaughsIsRefusedQuickly() {
    var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n"
    for level in 1...9 {
      text += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">\n"
    }
    text += "]>\n<document><objects><label text=\"&lol9;\" id=\"x\"/></objects></document>\n"
    let start = Date()
    let file = InterfaceBuilderFile.read(text: text)
    XCTAssertLessThan(Date().timeIntervalSince(start), 1)
    XCTAssertEqual(file.diagnostics.map(\.code), [.interfaceBuilderRefused])
    XCTAssertEqual(file.document.lineIndex.utf8Position(of: file.diagnostics.first?.range.start ?? -1).line, 1)
  }

  func testExternalEntitiesAreNeverRead() {
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE document SYSTEM "file:///etc/passwd">
      <document/>
      """
    XCTAssertEqual(InterfaceBuilderFile.read(text: text).diagnostics.map(\.code), [.interfaceBuilderRefused])
  }

  func testDeepNestingStops() {
    let depth = 5000
    let text = "<document>" + String(repeating: "<view>", count: depth) + String(repeating: "</view>", count: depth)
      + "</document>"
    let start = Date()
    let file = InterfaceBuilderFile.read(text: text)
    XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    XCTAssertEqual(file.diagnostics.map(\.code), [.interfaceBuilderRefused])
  }

  func testOversizedFilesAreRefused() {
    var bytes = Array("<document>".utf8)
    bytes += [UInt8](repeating: UInt8(ascii: " "), count: XMLTree.maximumSize)
    bytes += Array("</document>".utf8)
    let file = InterfaceBuilderFile.read(bytes: bytes)
    XCTAssertEqual(file.diagnostics.map(\.code), [.interfaceBuilderRefused])
  }

  func testNotXMLAtAll() {
    let file = InterfaceBuilderFile.read(text: "view a { }\n")
    XCTAssertEqual(file.diagnostics.map(\.code), [.interfaceBuilderXML])
    XCTAssertTrue(file.units.isEmpty)
  }

  func testHandlesPathsAndURIs() {
    XCTAssertTrue(InterfaceBuilderFile.handles(path: "Main.storyboard"))
    XCTAssertTrue(InterfaceBuilderFile.handles(path: "file:///a/b/Cell.XIB"))
    XCTAssertTrue(InterfaceBuilderFile.handles(path: "file:///a/Cell.xib?version=2"))
    XCTAssertFalse(InterfaceBuilderFile.handles(path: "a.layout"))
    XCTAssertFalse(InterfaceBuilderFile.handles(path: "storyboard"))
    XCTAssertFalse(InterfaceBuilderFile.handles(path: "a.xib/readme"))
  }

  /// A titled button whose file names no font has its baseline in UIKit's default button font
  /// (the system font at 15 pt); one whose file names a font Plumb does not measure (a named
  /// font), one without a title, one with a configuration and a tvOS button do not take that
  /// default.
  func testDefaultButtonFontIsOnlyForButtonsWithoutAFont() {
    func baseline(_ button: String, tvOS: Bool = false) -> Double? {
      var text = xib(subviews: button, constraints: "")
      if tvOS { text = text.replacingOccurrences(of: #"version="3.0""#, with: #"version="3.0" targetRuntime="AppleTV""#) }
      let file = InterfaceBuilderFile.read(text: text)
      // The unit's one view inside its root.
      return file.units.first?.model.views.values.first { $0.superview != nil }?.baselineOffset
    }
    let frame = #"<rect key="frame" x="20" y="20" width="46" height="30"/>"#
    // (30 - 1.1934 × 15) / 2 + 0.2416 × 15: a 15-pt line centred in a 30-pt button.
    XCTAssertEqual(
      baseline(#"<button buttonType="system" id="b">\#(frame)<state key="normal" title="Done"/></button>"#) ?? 0,
      (30 - 1.1934 * 15) / 2 + 0.2416 * 15, accuracy: 1e-9)
    XCTAssertEqual(
      baseline(#"""
        <button buttonType="system" id="b">\#(frame)<state key="normal" title="Done"/>
        <fontDescription key="fontDescription" name="Avenir-Heavy" family="Avenir" pointSize="15"/></button>
        """#), 0)
    XCTAssertEqual(baseline(#"<button buttonType="system" id="b">\#(frame)<state key="normal"/></button>"#), 0)
    XCTAssertEqual(
      baseline(#"""
        <button buttonType="system" id="b">\#(frame)<state key="normal" title="Done"/>
        <buttonConfiguration key="configuration" style="plain" title="Done"/></button>
        """#), 0)
    XCTAssertEqual(
      baseline(#"<button buttonType="system" id="b">\#(frame)<state key="normal" title="Done"/></button>"#, tvOS: true), 0)
  }

  /// A top-level view of 375 × 100 holding the given subviews and constraints.
  private func xib(subviews: String, constraints: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" useAutolayout="YES">
      <objects>
        <view contentMode="scaleToFill" id="top">
          <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
          <subviews>\(subviews)</subviews>
          <constraints>
            \(constraints)
          </constraints>
        </view>
      </objects>
    </document>
    """
  }
}
