import ConstraintLog
import Foundation
import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

/// The shared corpus of real conflict logs (outside this repository: `../shared/corpus`, or
/// `PLUMB_CONFLICT_LOGS`), explained and summarised against a golden file of Plumb's own
/// output, and every complete log's reproduction checked by the layout analysis.
///
/// The golden holds no text of the logs: items are numbered (`v1`, `v2`), and each report is
/// summed up by what was read, the minimal set (by address), the arithmetic's numbers, the
/// broken constraint and the causes' patterns.
final class CorpusTests: XCTestCase {
  static var corpusURL: URL {
    if let path = ProcessInfo.processInfo.environment["PLUMB_CONFLICT_LOGS"] { return URL(fileURLWithPath: path) }
    return URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()  // the package
      .deletingLastPathComponent()  // where the package lives
      .appendingPathComponent("shared/corpus/uikit-conflict-logs.txt")
  }

  /// The logs of the corpus file: sections after `=====` lines, without the source and status lines.
  static func corpusLogs() throws -> [String] {
    guard let text = try? String(contentsOf: corpusURL, encoding: .utf8) else {
      throw XCTSkip("the shared corpus is not at \(corpusURL.path)")
    }
    var logs: [String] = []
    for section in text.components(separatedBy: "=====\n").dropFirst()
    where !section.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      let lines = section.split(separator: "\n", omittingEmptySubsequences: false)
      logs.append(lines.dropFirst(2).joined(separator: "\n"))
    }
    return logs
  }

  func testCorpusGolden() throws {
    let logs = try Self.corpusLogs()
    XCTAssertEqual(logs.count, 24)
    var summary = ""
    var totals = (entries: 0, read: 0, complete: 0, explained: 0, brokenNamed: 0)
    for (number, log) in logs.enumerated() {
      let report = Explainer.explain(Array(log.utf8))
      summary += "log \(number + 1)\n" + Self.summarise(report)
      for explanation in report.explanations {
        totals.entries += explanation.block.entries.count
        totals.read += explanation.block.constraints.count
        if explanation.block.isComplete && !explanation.block.isRedacted {
          totals.complete += 1
          if explanation.outcome == .conflict { totals.explained += 1 }
          if case .listed = explanation.broken { totals.brokenNamed += 1 }
        }
      }
    }
    summary += """
      entries read: \(totals.read) of \(totals.entries)
      complete reports: \(totals.complete), with a minimal conflicting set: \(totals.explained), broken constraint named: \(totals.brokenNamed)

      """
    assertGolden(summary, path: fixturesDirectory("explain").appendingPathComponent("corpus.golden").path)
  }

  /// What a report comes to, without quoting the log.
  static func summarise(_ report: LogExplanation) -> String {
    if let problem = report.log.problem { return "  problem: \(problem)\n" }
    var text = ""
    for explanation in report.explanations {
      let block = explanation.block
      var numbers: [String: String] = [:]
      func item(_ item: LogItem) -> String {
        if let known = numbers[item.key] { return known }
        let name = item.superviewOf != nil ? "s\(numbers.count + 1)" : (item.isLayoutGuide ? "g" : "v") + "\(numbers.count + 1)"
        numbers[item.key] = name
        return name
      }
      func equation(_ constraint: LogConstraint) -> String {
        var text = item(constraint.first.item) + "." + constraint.first.attribute.rawValue + " " + constraint.relation.rawValue
        if let second = constraint.second {
          if constraint.multiplier != 1 { text += " " + formatNumber(constraint.multiplier) + " *" }
          text += " " + item(second.item) + "." + second.attribute.rawValue
          if constraint.constant != 0 { text += " + " + formatNumber(constraint.constant) }
        } else {
          text += " " + formatNumber(constraint.constant)
        }
        if !constraint.isRequired { text += " @" + formatNumber(constraint.priority) }
        return text
      }
      text += "  report at line \(block.line + 1): \(block.constraints.count) of \(block.entries.count) entries read"
      if !block.missing.isEmpty { text += "; missing: \(block.missing.map { "\($0)" }.joined(separator: ", "))" }
      text += "\n"
      for entry in block.entries {
        switch entry {
        case .constraint(let constraint):
          text += "    \(constraint.address) \(constraint.kind.rawValue): \(equation(constraint))\n"
        case .unreadable(let line, _, let reason):
          text += "    line \(line + 1) not read: \(reason)\n"
        }
      }
      text += "    outcome: \(explanation.outcome)\n"
      if explanation.outcome == .conflict {
        let addresses = explanation.constraintMembers.map { block.constraints[$0].address }
        text += "    minimal: \(addresses.joined(separator: " ")) (+\(explanation.members.count - addresses.count) from the engine)\n"
      }
      if let arithmetic = explanation.arithmetic {
        text +=
          "    arithmetic: \(arithmetic.terms.map(formatNumber).joined(separator: " + ")) = \(formatNumber(arithmetic.total)) (\(arithmetic.needed.rawValue)) against \(arithmetic.relation.rawValue) \(formatNumber(arithmetic.value)) of \(block.constraints[arithmetic.reference].address)\n"
      }
      switch explanation.broken {
      case .unknown: text += "    broken: unknown\n"
      case .listed(let index, let inSet):
        text += "    broken: \(block.constraints[index].address)\(explanation.outcome == .conflict ? (inSet ? ", in the set" : ", not in the set") : "")\n"
      case .notListed(let address): text += "    broken: \(address), not listed\n"
      }
      if !explanation.causes.isEmpty {
        text += "    causes: \(explanation.causes.map(ExplanationText.patternName).joined(separator: ", "))\n"
      }
    }
    return text
  }

  /// Each complete log of the corpus and each hand-written log with a conflict, written as a
  /// `.layout` file, is reported by the layout analysis as a conflict of the same constraints.
  func testReproductionsConflictAlike() throws {
    var inputs: [(String, String)] = []
    if let logs = try? Self.corpusLogs() {
      inputs += logs.enumerated().map { ("corpus log \($0.offset + 1)", $0.element) }
    }
    let folder = fixturesDirectory("explain").appendingPathComponent("logs")
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
      inputs.append((name, try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)))
    }
    var checked = 0
    for (name, log) in inputs {
      for (number, explanation) in Explainer.explain(Array(log.utf8)).explanations.enumerated()
      where explanation.outcome == .conflict && explanation.block.missing.allSatisfy({ $0 == .header }) {
        let reproduction = Reproduction.layout(explanation)
        let document = LayoutDocument(text: reproduction.text, kind: .layout)
        let errors = document.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.count, 0, "\(name) #\(number + 1): \(errors)\n\(reproduction.text)")
        let layout = SolvedLayout(document: document)
        let conflicts = layout.diagnostics.filter { $0.code == .conflict }
        XCTAssertEqual(conflicts.count, 1, "\(name) #\(number + 1):\n\(reproduction.text)")
        guard let conflict = conflicts.first else { continue }
        let lines = document.lineIndex
        let addressOfLine = Dictionary(
          uniqueKeysWithValues: reproduction.lineOfConstraint.map { ($0.value, explanation.block.constraints[$0.key].address) })
        let reported = ([conflict.range] + conflict.related.map(\.range)).compactMap {
          addressOfLine[lines.utf8Position(of: $0.start).line]
        }
        let expected = explanation.constraintMembers.map { explanation.block.constraints[$0].address }
        XCTAssertEqual(Set(reported), Set(expected), "\(name) #\(number + 1):\n\(reproduction.text)")
        checked += 1
      }
    }
    XCTAssertGreaterThanOrEqual(checked, 7)
  }
}
