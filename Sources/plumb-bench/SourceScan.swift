import EditorFeatures
import Foundation
import LayoutSyntax
import SourceCode

/// `plumb-bench scan PATH…`: what the source-code language finds in real files — calls, formats
/// checked and skipped (and why), dictionaries read or not — and every finding, for evaluating
/// the reader on public code. Prints one line per finding and a JSON summary.
enum SourceScan {
  static func run(_ arguments: [String]) -> String {
    let parsed = SourceArguments(arguments)
    let (files, functions) = (parsed.files, parsed.functions)
    var calls = 0
    var literal = 0
    var skipped: [String: Int] = [:]
    var viewsKnown = 0
    var metricsKnown = 0
    var optionsKnown = 0
    var findings = 0
    var filesWithCalls = 0
    var selectorMentions = 0
    var report = ""
    let verbose = ProcessInfo.processInfo.environment["PLUMB_SCAN_VERBOSE"] != nil
    for file in files {
      guard let data = FileManager.default.contents(atPath: file) else { continue }
      let bytes = [UInt8](data)
      let dialect: SourceDialect = file.hasSuffix(".swift") ? .swift : .objectiveC
      let text = String(decoding: bytes, as: UTF8.self)
      selectorMentions += text.components(separatedBy: "ithVisualFormat").count - 1
      let mentions = text.components(separatedBy: "ithVisualFormat").count - 1
      let analysis = SourceCodeAnalysis(
        bytes: bytes, dialect: dialect, functions: functions)
      if !analysis.calls.isEmpty { filesWithCalls += 1 }
      if verbose, mentions != analysis.calls.count {
        report += "\(file): \(mentions) mentions of the selector, \(analysis.calls.count) calls\n"
      }
      let lines = LineIndex(bytes)
      for checked in analysis.calls {
        calls += 1
        switch checked.call.format {
        case .literal: literal += 1
        case .dynamic(let range, let reason):
          skipped[reason.rawValue, default: 0] += 1
          if verbose {
            let position = lines.utf8Position(of: range.start)
            report += "\(file):\(position.line + 1):\(position.column + 1): not checked (\(reason.rawValue))\n"
          }
        }
        if case .known = checked.call.views { viewsKnown += 1 }
        if case .known = checked.call.metrics { metricsKnown += 1 }
        if case .known = checked.call.options { optionsKnown += 1 }
      }
      for diagnostic in analysis.diagnostics {
        findings += 1
        let position = lines.utf8Position(of: diagnostic.range.start)
        report += "\(file):\(position.line + 1):\(position.column + 1): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code.rawValue)]\n"
      }
    }
    let skippedText = skipped.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",")
    report += "{\"files\":\(files.count),\"files_with_calls\":\(filesWithCalls),\"selector_mentions\":\(selectorMentions),"
    report += "\"calls\":\(calls),\"formats_checked\":\(literal),\"formats_skipped\":{\(skippedText)},"
    report += "\"views_known\":\(viewsKnown),\"metrics_known\":\(metricsKnown),\"options_known\":\(optionsKnown),\"findings\":\(findings)}"
    return report
  }
}
