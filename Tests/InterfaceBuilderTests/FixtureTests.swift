import Foundation
import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

@testable import InterfaceBuilder

/// Runs every file of `Tests/Fixtures/interface-builder/`: its findings and frames against
/// `<file>.expected`, Xcode's markers in it against Plumb's findings, and clean files clean.
final class FixtureTests: XCTestCase {
  static var fixtures: [URL] {
    fixtureFiles(in: fixturesDirectory("interface-builder"), extensions: ["storyboard", "xib"])
  }

  func read(_ url: URL) throws -> InterfaceBuilderFile {
    InterfaceBuilderFile.read(bytes: [UInt8](try Data(contentsOf: url)))
  }

  func testEveryFixtureMatchesItsExpectedOutput() throws {
    XCTAssertFalse(Self.fixtures.isEmpty)
    for url in Self.fixtures {
      let file = try read(url)
      assertGolden(render(file), path: url.path + ".expected")
    }
  }

  /// Xcode writes `ambiguous="YES"` and `misplaced="YES"` on the views its engine flags;
  /// Plumb must report the same finding on the marker's line, except a `misplaced` marker where
  /// an iOS file's misplacements are not reported (files of Xcode 9 and 10, of Xcode 14 and
  /// later, and cells of Xcode 8 files) or are reported only for views dragged away at their size
  /// (files of Xcode 11 to 13): there Xcode's own verdict may be alone, as `xcode-marker`.
  func testXcodeMarkersAreFoundOnTheirLines() throws {
    var markers = 0
    var found = 0
    var leftToXcode = 0
    for url in Self.fixtures {
      let file = try read(url)
      let diagnostics = file.analyse().diagnostics
      let index = file.document.lineIndex
      var codesOnLine: [Int: Set<String>] = [:]
      for diagnostic in diagnostics {
        codesOnLine[index.line(containing: diagnostic.range.start), default: []].insert(diagnostic.code.rawValue)
      }
      let text = String(decoding: file.bytes, as: UTF8.self)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      let iOS = text.contains("targetRuntime=\"iOS.CocoaTouch")
      let build = toolsVersion(of: text)
      var cellDepth = 0
      for (number, line) in lines.enumerated() {
        let codes = codesOnLine[number] ?? []
        if line.contains("<tableViewCell ") || line.contains("<collectionViewCell ") { cellDepth += 1 }
        if line.contains("</tableViewCell>") || line.contains("</collectionViewCell>") { cellDepth -= 1 }
        let misplacementsUnreported =
          iOS && (build >= 13000 || (cellDepth > 0 && 11000..<13000 ~= build))
        if line.contains("ambiguous=\"YES\"") {
          markers += 1
          if !codes.isDisjoint(with: ["ambiguous", "content-priority-ambiguity"]) {
            found += 1
          } else {
            XCTFail("\(url.lastPathComponent):\(number + 1): Xcode's ambiguous marker has no ambiguity finding")
          }
        }
        if line.contains("misplaced=\"YES\"") {
          markers += 1
          if codes.contains("misplaced") {
            found += 1
          } else if misplacementsUnreported, codes.contains("xcode-marker") {
            found += 1
            leftToXcode += 1
          } else {
            XCTFail("\(url.lastPathComponent):\(number + 1): Xcode's misplaced marker has no misplaced finding")
          }
        }
      }
    }
    XCTAssertGreaterThan(markers, 8)
    XCTAssertGreaterThan(markers - leftToXcode, 8)
    XCTAssertEqual(found, markers)
  }

  /// The integer part of a document's `toolsVersion`, or for a placeholder (30000 and above,
  /// `32700.99.1234`) the Cocoa Touch plug-in's version, as `SimulatedBars.toolsVersion` reads
  /// it (0 when neither is written).
  private func toolsVersion(of text: String) -> Int {
    func integer(after prefix: String) -> Int? {
      guard let start = text.range(of: prefix)?.upperBound else { return nil }
      return Int(text[start...].prefix(while: { $0.isNumber }))
    }
    let build = integer(after: "toolsVersion=\"") ?? 0
    if build >= 30000 { return integer(after: "IBCocoaTouchPlugin\" version=\"") ?? build }
    return build
  }

  /// Files named `clean-…` are laid out exactly as saved: no finding at all, least of all a conflict.
  func testCleanFixturesHaveNoFindings() throws {
    for url in Self.fixtures where url.lastPathComponent.hasPrefix("clean-") {
      let diagnostics = try read(url).analyse().diagnostics
      XCTAssertEqual(diagnostics.map(\.message), [], url.lastPathComponent)
    }
  }

  /// Every view's findings land on its start tag, every constraint's on its element, with
  /// byte offsets that hold across non-ASCII text.
  func testRangesPointAtStartTags() throws {
    for url in Self.fixtures {
      let file = try read(url)
      for unit in file.units {
        // A stack view's layout guides are no elements: they point at their stack's.
        for name in unit.model.viewOrder where unit.model.views[name]?.isLayoutGuide != true {
          guard let range = unit.model.views[name]?.nameRange else {
            XCTFail("\(url.lastPathComponent): '\(name)' has no range")
            continue
          }
          let text = unit.text(of: range)
          XCTAssertEqual(unit.text(of: SourceRange(start: range.start - 1, end: range.start)), "<", "\(name)")
          XCTAssertFalse(text.isEmpty || text.contains(" "), "\(url.lastPathComponent): '\(name)' points at '\(text)'")
        }
        for constraint in unit.model.constraints where constraint.origin == .explicit {
          XCTAssertTrue(unit.text(of: constraint.range).hasPrefix("<constraint "))
          XCTAssertTrue(unit.text(of: constraint.range).hasSuffix(">"))
        }
      }
    }
  }

  // MARK: - Rendering

  func render(_ file: InterfaceBuilderFile) -> String {
    let analysis = file.analyse()
    let index = file.document.lineIndex
    func position(_ offset: Int) -> String {
      let position = index.utf8Position(of: offset)
      return "\(position.line + 1):\(position.column + 1)"
    }
    var output = ""
    for diagnostic in analysis.diagnostics {
      output += "\(position(diagnostic.range.start)) \(diagnostic.severity.rawValue) [\(diagnostic.code)] \(diagnostic.message)\n"
      for related in diagnostic.related {
        output += "    \(position(related.range.start)) \(related.message)\n"
      }
      for fix in diagnostic.fixes {
        output += "    fix: \(fix.title)\n"
        for edit in fix.edits { output += "      \(position(edit.range.start)): \(edit.newText)\n" }
      }
    }
    if analysis.diagnostics.isEmpty { output += "no findings\n" }
    for layout in analysis.layouts {
      guard let solver = layout.places.first else { continue }
      let canvas = solver.place.canvas
      let safe = canvas.safeArea
      output += "\n\(canvas.name) (\(formatNumber(canvas.width)) × \(formatNumber(canvas.height)), safe area "
        + "\(formatNumber(safe.top)) \(formatNumber(safe.left)) \(formatNumber(safe.bottom)) \(formatNumber(safe.right)))\n"
      let ambiguous = Set(solver.ambiguities().map(\.view))
      func write(_ name: String, depth: Int) {
        guard let view = solver.solvedView(name), let node = layout.document.model.views[name] else { return }
        let frame = view.frame
        output += String(repeating: "  ", count: depth + 1)
          + "\(name): (\(formatNumber(frame.x)) \(formatNumber(frame.y)); \(formatNumber(frame.width)) \(formatNumber(frame.height)))"
          + (ambiguous.contains(name) ? " AMBIGUOUS" : "") + "\n"
        for child in node.subviews { write(child, depth: depth + 1) }
      }
      write(LayoutModel.rootName, depth: 0)
    }
    return output
  }
}
