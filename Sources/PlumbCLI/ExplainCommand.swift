import ConstraintLog
import JSONRPC
import LanguageServer

/// `plumb explain [FILE|-] [--format text|json] [--emit-layout FILE] [--conflict N]`.
enum ExplainCommand {
  static func run(_ arguments: [String], io: CommandIO) throws(UsageError) -> Int32 {
    let parsed = try Arguments(arguments, command: "explain", flags: [], options: ["--format", "--emit-layout", "--conflict"])
    let format = try parsed.choice("--format", allowed: ["text", "json"], default: "text", command: "explain")
    guard parsed.positional.count <= 1 else {
      throw UsageError(message: "plumb explain: expected at most one FILE, got \(parsed.positional.count)")
    }
    var chosen: Int?
    if let text = parsed.options["--conflict"] {
      guard let number = Int(text), number >= 1 else {
        throw UsageError(message: "plumb explain: '--conflict' takes a number from 1 (the conflict's place in the log)")
      }
      chosen = number
    }
    let path = parsed.positional.first ?? "-"
    let bytes: [UInt8]
    if path == "-" {
      bytes = io.readStandardInput()
    } else {
      if io.isDirectory(path) == true {
        throw UsageError(message: "plumb explain: cannot read '\(path)': it is a directory")
      }
      do {
        bytes = try io.readFile(path)
      } catch {
        throw UsageError(message: "plumb explain: cannot read '\(path)': \(describe(error))")
      }
    }
    let report = Explainer.explain(bytes)
    if let target = parsed.options["--emit-layout"] {
      let candidates = report.explanations.enumerated().filter { chosen == nil ? $0.element.outcome == .conflict : true }
      guard let (offset, explanation) = chosen.map({ number in report.explanations.indices.contains(number - 1) ? (number - 1, report.explanations[number - 1]) : nil }) ?? candidates.first.map({ ($0.offset, $0.element) })
      else {
        if let chosen {
          io.writeError("plumb explain: the log has no conflict \(chosen); it has \(report.explanations.count)\n")
        } else {
          io.writeError("plumb explain: no conflict to write as a layout: \(reason(report))\n")
        }
        return 1
      }
      let layout = Reproduction.layout(explanation)
      if target == "-" {
        io.writeOutput(layout.text)
      } else {
        do {
          try io.writeFile(target, Array(layout.text.utf8))
        } catch {
          throw UsageError(message: "plumb explain: cannot write '\(target)': \(describe(error))")
        }
        io.writeError("plumb explain: wrote conflict \(offset + 1) (line \(explanation.block.line + 1)) to \(target)\n")
      }
      if target == "-" { return 0 }
    }
    var shown = report
    if let chosen {
      guard report.explanations.indices.contains(chosen - 1) else {
        io.writeError("plumb explain: the log has no conflict \(chosen); it has \(report.explanations.count)\n")
        return 1
      }
      shown.explanations = [report.explanations[chosen - 1]]
    }
    if format == "json" {
      io.writeOutput(ExplainJSON.encode(shown).prettyText + "\n")
    } else if report.log.problem == nil {
      io.writeOutput(ExplanationText.render(report, only: chosen))
    }
    if report.log.problem != nil {
      io.writeError("plumb explain: \(reason(report))\n")
      return 1
    }
    return 0
  }

  static func reason(_ report: LogExplanation) -> String {
    if let problem = report.log.problem { return ExplanationText.message(for: problem) }
    return "no report in the log has a conflict Plumb could find"
  }
}
