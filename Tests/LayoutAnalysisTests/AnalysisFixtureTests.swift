import Foundation
import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// Golden tests of the analysis: every `.layout` and `.vfl` file under
/// `Tests/Fixtures/analysis/` has a sibling `.expected` listing the constraints it lowers to
/// and its diagnostics. Files under `ok/` must have no diagnostic; files under `err/` at least one.
final class AnalysisFixtureTests: XCTestCase {
  func testFixtures() throws {
    let files = fixtureFiles(in: fixturesDirectory("analysis"), extensions: ["layout", "vfl"])
    XCTAssertFalse(files.isEmpty)
    for url in files {
      let document = try load(url)
      let expected = url.deletingPathExtension().appendingPathExtension("expected")
      assertGolden(render(document), path: expected.path)
      if url.path.contains("/ok/") {
        XCTAssertEqual(document.diagnostics.map(\.code), [], url.lastPathComponent)
      } else {
        XCTAssertFalse(document.diagnostics.isEmpty, "\(url.lastPathComponent) should have a diagnostic")
      }
    }
  }

  private func load(_ url: URL) throws -> LayoutDocument {
    let kind = FileKind(pathExtension: url.pathExtension) ?? .layout
    return LayoutDocument(bytes: [UInt8](try Data(contentsOf: url)), kind: kind)
  }

  private func render(_ document: LayoutDocument) -> String {
    let index = document.lineIndex
    func position(_ offset: Int) -> String {
      let position = index.utf8Position(of: offset)
      return "\(position.line + 1):\(position.column + 1)"
    }
    func range(_ range: SourceRange) -> String { "\(position(range.start))-\(position(range.end))" }
    var lines = ["constraints:"]
    for constraint in document.model.constraints {
      lines.append("  \(constraint)  [\(constraint.origin.rawValue) \(range(constraint.range))]")
    }
    lines.append("diagnostics:")
    for diagnostic in document.diagnostics {
      lines.append("  \(range(diagnostic.range)) \(diagnostic.severity.rawValue)[\(diagnostic.code)] \(diagnostic.message)")
      for related in diagnostic.related {
        lines.append("    related \(range(related.range)): \(related.message)")
      }
      for fix in diagnostic.fixes {
        let edits = fix.edits.map { "\(range($0.range)) \($0.newText.debugDescription)" }.joined(separator: ", ")
        lines.append("    fix\(fix.isPreferred ? " (preferred)" : ""): \(fix.title): \(edits)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

