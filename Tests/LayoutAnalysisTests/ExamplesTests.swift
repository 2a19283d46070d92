import Foundation
import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// The examples are part of the documentation: `Examples/clean` must get no finding at all,
/// and each file of `Examples/problems` gets exactly the findings recorded for it in
/// `Tests/Fixtures/examples/` (frames included).
final class ExamplesTests: XCTestCase {
  private func examples(_ folder: String) -> [URL] {
    fixtureFiles(in: packageRoot().appendingPathComponent("Examples").appendingPathComponent(folder), extensions: ["layout", "vfl"])
  }

  private func solve(_ url: URL) throws -> SolvedLayout {
    let kind = FileKind(pathExtension: url.pathExtension) ?? .layout
    return SolvedLayout(document: LayoutDocument(bytes: [UInt8](try Data(contentsOf: url)), kind: kind))
  }

  func testCleanExamplesHaveNoFindings() throws {
    let files = examples("clean")
    XCTAssertGreaterThan(files.count, 5)
    for url in files {
      let layout = try solve(url)
      XCTAssertEqual(layout.diagnostics.map { "\($0.code): \($0.message)" }, [], url.lastPathComponent)
    }
  }

  func testProblemExamplesMatchTheirRecordedFindings() throws {
    for url in examples("problems") + examples("clean") {
      let layout = try solve(url)
      let folder = url.deletingLastPathComponent().lastPathComponent
      let expected = fixturesDirectory("examples").appendingPathComponent(folder)
        .appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".expected")
      assertGolden(render(layout), path: expected.path)
      if folder == "problems" {
        XCTAssertFalse(layout.diagnostics.isEmpty, url.lastPathComponent)
      }
    }
  }

  private func render(_ layout: SolvedLayout) -> String {
    let document = layout.document
    let index = document.lineIndex
    func position(_ offset: Int) -> String {
      let position = index.utf8Position(of: offset)
      return "\(position.line + 1):\(position.column + 1)"
    }
    var lines: [String] = ["diagnostics:"]
    for diagnostic in layout.diagnostics {
      let place = [diagnostic.canvas, diagnostic.direction].compactMap { $0 }.joined(separator: " ")
      lines.append("  \(position(diagnostic.range.start)) \(diagnostic.severity.rawValue)[\(diagnostic.code)]\(place.isEmpty ? "" : " {\(place)}") \(diagnostic.message)")
      for related in diagnostic.related {
        lines.append("    related \(position(related.range.start)): \(related.message)")
      }
      for fix in diagnostic.fixes {
        lines.append("    fix: \(fix.title)")
      }
    }
    lines.append("frames:")
    for solver in layout.places {
      lines.append("  \(solver.place)")
      let ambiguities = solver.ambiguities()
      for name in document.model.viewOrder {
        guard let view = solver.solvedView(name) else { continue }
        let f = view.frame
        var line = "    \(name) (\(formatNumber(f.x)) \(formatNumber(f.y)); \(formatNumber(f.width)) \(formatNumber(f.height)))"
        // Each place's own ranges (a merged finding quotes the first place's).
        for finding in ambiguities where finding.view == name {
          let horizontal = finding.axis == .horizontal
          let parts = [
            finding.position ? "\(horizontal ? "x" : "y") \(finding.positionRange?.text ?? "?")" : nil,
            finding.size ? "\(horizontal ? "width" : "height") \(finding.sizeRange?.text ?? "?")" : nil,
          ].compactMap { $0 }
          line += " ambiguous \(horizontal ? "horizontal" : "vertical"): \(parts.joined(separator: ", "))"
        }
        lines.append(line)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
