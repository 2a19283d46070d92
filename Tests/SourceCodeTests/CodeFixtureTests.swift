import EditorFeatures
import Foundation
import LayoutSyntax
import SourceCode
import TestSupport
import XCTest

/// Every file of `Tests/Fixtures/code` (`.swift`, `.m`, `.mm`): each call found, what was read
/// of its arguments, the constraints its format makes, and every finding at its line and
/// column, against `<file>.expected`. `UPDATE_GOLDEN=1` records them.
final class CodeFixtureTests: XCTestCase {
  func testEveryFixture() throws {
    let files = fixtureFiles(in: fixturesDirectory("code"), extensions: ["swift", "m", "mm"])
    XCTAssertGreaterThanOrEqual(files.count, 5)
    for url in files {
      let bytes = [UInt8](try Data(contentsOf: url))
      let dialect: SourceDialect = url.pathExtension == "swift" ? .swift : .objectiveC
      let dump = CodeDump.text(of: bytes, name: url.lastPathComponent, dialect: dialect)
      assertGolden(dump, path: url.path + ".expected")
    }
  }

  /// Every quick fix offered on the fixtures, applied: the finding it was offered for is gone,
  /// and no new error appears.
  func testEveryFixRemovesItsFinding() throws {
    let files = fixtureFiles(in: fixturesDirectory("code"), extensions: ["swift", "m", "mm"])
    var applied = 0
    for url in files {
      let bytes = [UInt8](try Data(contentsOf: url))
      let dialect: SourceDialect = url.pathExtension == "swift" ? .swift : .objectiveC
      let analysis = SourceCodeAnalysis(bytes: bytes, dialect: dialect, functions: [.addConstraintsWithFormat])
      for diagnostic in analysis.diagnostics {
        for fix in diagnostic.fixes {
          var fixed = bytes
          for edit in fix.edits.sorted(by: { $0.range.start > $1.range.start }) {
            fixed.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.newText.utf8))
          }
          let after = SourceCodeAnalysis(bytes: fixed, dialect: dialect, functions: [.addConstraintsWithFormat])
          let name = "\(url.lastPathComponent): \(fix.title)"
          XCTAssertFalse(after.diagnostics.contains { $0.code == diagnostic.code && $0.finding == diagnostic.finding }, name)
          XCTAssertLessThan(
            after.diagnostics.filter { $0.severity == .error }.count,
            analysis.diagnostics.filter { $0.severity == .error }.count, name)
          applied += 1
        }
      }
    }
    XCTAssertGreaterThanOrEqual(applied, 6)
  }
}

/// A readable account of a source file's calls and findings.
enum CodeDump {
  static func text(of bytes: [UInt8], name: String, dialect: SourceDialect) -> String {
    let analysis = SourceCodeAnalysis(bytes: bytes, dialect: dialect, functions: LanguageSettings.standard.visualFormatFunctions)
    let lines = LineIndex(bytes)
    func at(_ offset: Int) -> String {
      let position = lines.utf8Position(of: offset)
      return "\(position.line + 1):\(position.column + 1)"
    }
    var out = ""
    for checked in analysis.calls {
      let call = checked.call
      out += "\(name):\(at(call.range.start)) \(call.function)\n"
      switch call.format {
      case .literal(let text):
        out += "  format \(at(text.range.start))-\(at(text.range.end)): \"\(String(decoding: text.characters, as: UTF8.self))\"\n"
      case .dynamic(let range, let reason):
        out += "  format \(at(range.start)): not checked (\(reason.rawValue))\n"
      }
      out += "  views: \(describe(call.views))\n"
      out += "  metrics: \(describe(call.metrics))\n"
      switch call.options {
      case .known(let names): out += "  options: [\(names.map(\.name).joined(separator: ", "))]\n"
      case .unknown: out += "  options: unknown\n"
      }
      if let lowering = checked.lowering, !checked.diagnostics.contains(where: { $0.severity == .error }) {
        for constraint in lowering.constraints { out += "    \(constraint)\n" }
      }
    }
    out += "findings:\n"
    for diagnostic in analysis.diagnostics {
      out += "  \(at(diagnostic.range.start))-\(at(diagnostic.range.end)) \(diagnostic.severity.rawValue) "
      out += "[\(diagnostic.code.rawValue)] \(diagnostic.message)\n"
      for fix in diagnostic.fixes {
        let edits = fix.edits.map { "\(at($0.range.start))-\(at($0.range.end)) \"\($0.newText)\"" }
        out += "    fix: \(fix.title): \(edits.joined(separator: "; "))\n"
      }
    }
    return out
  }

  static func describe(_ dictionary: NameDictionary) -> String {
    switch dictionary {
    case .unknown: return "unknown"
    case .known(let keys, let bindings):
      let names = keys.map { key in key.value.map { "\(key.name)=\(formatNumber($0))" } ?? key.name }
      return "[\(names.joined(separator: ", "))]" + (bindings == nil ? "" : " (NSDictionaryOfVariableBindings)")
    }
  }
}
