import EditorFeatures
import JSONRPC
import LayoutAnalysis
import LayoutSyntax
import XCTest

@testable import PlumbCLI

/// The text and JSON formats write a file's part a few findings at a time; the parts must
/// make up the text the whole part once was, for files with many findings (many parts), one
/// finding and none, first in the report and after another file.
final class ReporterPartsTests: XCTestCase {
  /// Reports of a long `.vfl` chain (thousands of findings, a conflict with thousands of
  /// related places and fixes), a file with one finding, and one with none.
  private func reports() -> [FileReport] {
    let chain = "H:|" + (0..<700).map { "[v\($0)]" }.joined(separator: "-") + "|\n"
    let texts: [(String, String, FileKind)] = [
      ("chain.vfl", chain, .vfl),
      ("one.layout", "view a\nH:|-[a(100)]-|\nV:|-[a(40)]\n", .layout),
      ("clean.layout", "view a\nH:|-[a(100)]\nV:|-[a(40)]\n", .layout),
    ]
    return texts.map { path, text, kind in
      let document = LayoutDocument(text: text, kind: kind)
      return FileReport(path: path, document: document, diagnostics: SolvedLayout(document: document).diagnostics)
    }
  }

  func testJSONPartsMakeUpTheFilesArrayElement() {
    let reports = reports()
    XCTAssertGreaterThan(reports[0].diagnostics.count, 2000)
    XCTAssertEqual(reports[2].diagnostics.count, 0)
    for order in [[0, 1, 2], [2, 1, 0], [1, 0, 2]] {
      var reporter = JSONReporter()
      var expected = StreamedJSONArray(level: 1)
      _ = reporter.begin()
      for index in order {
        let report = reports[index]
        // The element as the whole array of the file's findings gives it.
        let whole = expected.element(
          .object([
            ("path", .string(report.path)),
            ("diagnostics", .array(report.diagnostics.map { jsonDiagnostic($0, in: report.lines) })),
          ]))
        var parts: [String] = []
        reporter.add(report) { parts.append($0) }
        XCTAssertEqual(parts.joined(), whole, "\(report.path)")
        if index == 0 { XCTAssertGreaterThan(parts.count, 10) }
      }
    }
  }

  /// Plain and coloured (the coloured location is made apart from the plain one's bytes); the
  /// chain's 2,101 findings are made on two cores, in runs of two halves.
  func testTextPartsMakeUpTheFilesText() {
    let reports = reports()
    for style in [Style(enabled: false), Style(enabled: true)] {
      for report in reports {
        // The text as one string, as the part was written before it was cut.
        var whole = ""
        let index = report.lines
        for diagnostic in report.diagnostics {
          whole += style.apply("1", textLocation(report.path, diagnostic.range.start, in: index)) + ": "
            + style.severity(diagnostic.severity) + ": " + style.apply("1", diagnostic.message)
            + " [\(diagnostic.code)]\n"
          for related in diagnostic.related {
            whole += "    \(textLocation(report.path, related.range.start, in: index)): note: \(related.message)\n"
          }
          for fix in diagnostic.fixes {
            whole += "    fix: \(fix.title)\n"
          }
        }
        let label = "\(report.path), coloured: \(style.enabled)"
        var parts: [String] = []
        TextReporter(style: style).add(report) { parts.append($0) }
        XCTAssertEqual(parts.joined(), whole, label)
        XCTAssertEqual(TextReporter(style: style).add(report), whole, label)
        if report.path == "chain.vfl" { XCTAssertGreaterThan(parts.count, 10) }
        XCTAssertFalse(parts.contains(""), label)
      }
    }
  }
}
