import EditorFeatures
import JSONRPC
import LayoutAnalysis
import LayoutSyntax

/// The version the command line reports, and the JSON output's schema version.
public let plumbVersion = "0.1.0"
let outputSchemaVersion = 1

/// One checked file: where it came from and what was found.
struct FileReport {
  /// The path as given (or as found in a directory), `<stdin>` for standard input.
  var path: String
  var document: LayoutDocument
  var diagnostics: [Diagnostic]
  /// The names of the file's canvases.
  var canvases: [String] = []
  /// The file's language, which knows the ids of the elements its findings are on.
  var language: (any EditorLanguage)? = nil
  /// The path relative to the configuration's folder (nil for standard input).
  var relativePath: String? = nil
  /// The layouts solved, kept only for the formats that draw them (`html`).
  var layouts: [SolvedLayout] = []
}

// MARK: - JSON

/// A range as LSP and the JSON output write it: 0-based lines, 0-based UTF-16 columns.
func jsonRange(_ range: SourceRange, in index: LineIndex) -> JSONValue {
  .object([
    ("start", jsonPosition(index.utf16Position(of: range.start))),
    ("end", jsonPosition(index.utf16Position(of: range.end))),
  ])
}

private func jsonPosition(_ position: LinePosition) -> JSONValue {
  .object([("line", .int(position.line)), ("character", .int(position.column))])
}

func jsonDiagnostic(_ diagnostic: Diagnostic, in index: LineIndex) -> JSONValue {
  .object([
    ("code", .string(diagnostic.code.rawValue)),
    ("severity", .string(diagnostic.severity.rawValue)),
    ("message", .string(diagnostic.message)),
    ("range", jsonRange(diagnostic.range, in: index)),
    ("canvas", .string(diagnostic.canvas)),
    ("direction", .string(diagnostic.direction)),
    (
      "related",
      .array(
        diagnostic.related.map {
          .object([("range", jsonRange($0.range, in: index)), ("message", .string($0.message))])
        })
    ),
    (
      "fixes",
      .array(
        diagnostic.fixes.map { fix in
          .object([
            ("title", .string(fix.title)),
            ("isPreferred", .bool(fix.isPreferred)),
            (
              "edits",
              .array(
                fix.edits.map {
                  .object([("range", jsonRange($0.range, in: index)), ("newText", .string($0.newText))])
                })
            ),
          ])
        })
    ),
  ])
}

struct Summary {
  var files = 0
  var errors = 0
  var warnings = 0
  var infos = 0

  init(_ reports: [FileReport]) {
    files = reports.count
    for diagnostic in reports.flatMap(\.diagnostics) {
      switch diagnostic.severity {
      case .error: errors += 1
      case .warning: warnings += 1
      case .info: infos += 1
      }
    }
  }
}

func renderJSON(_ reports: [FileReport]) -> String {
  let summary = Summary(reports)
  let value: JSONValue = .object([
    ("version", .int(outputSchemaVersion)),
    (
      "files",
      .array(
        reports.map { report in
          let lines = report.document.lineIndex
          return .object([
            ("path", .string(report.path)),
            ("diagnostics", .array(report.diagnostics.map { jsonDiagnostic($0, in: lines) })),
          ])
        })
    ),
    (
      "summary",
      .object([
        ("files", .int(summary.files)), ("errors", .int(summary.errors)), ("warnings", .int(summary.warnings)),
        ("infos", .int(summary.infos)),
      ])
    ),
  ])
  return value.prettyText + "\n"
}

// MARK: - Text

/// Whether the text output is coloured: `--color always|never`, or by default (`auto`) when
/// standard output is a terminal, `NO_COLOR` is unset or empty and `TERM` is not `dumb`.
func useColour(_ parsed: Arguments, io: CommandIO, command: String) throws(UsageError) -> Bool {
  switch try parsed.choice("--color", allowed: ["auto", "always", "never"], default: "auto", command: command) {
  case "always": return true
  case "never": return false
  default:
    return io.outputIsTerminal && (io.environment["NO_COLOR"] ?? "").isEmpty && io.environment["TERM"] != "dumb"
  }
}

/// ANSI styles: see `useColour`.
struct Style {
  var enabled: Bool

  func apply(_ code: String, _ text: String) -> String {
    enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  func severity(_ severity: Severity) -> String {
    switch severity {
    case .error: apply("1;31", "error")
    case .warning: apply("1;33", "warning")
    case .info: apply("1;36", "info")
    }
  }
}

/// `path:LINE:COL` with a 1-based line and a 1-based column in UTF-8 bytes, as compilers write it.
func textLocation(_ path: String, _ offset: Int, in index: LineIndex) -> String {
  let position = index.utf8Position(of: offset)
  return "\(path):\(position.line + 1):\(position.column + 1)"
}

func renderText(_ reports: [FileReport], style: Style, summary showSummary: Bool = true) -> String {
  var output = ""
  for report in reports {
    let index = report.document.lineIndex
    for diagnostic in report.diagnostics {
      output += style.apply("1", textLocation(report.path, diagnostic.range.start, in: index)) + ": "
        + style.severity(diagnostic.severity) + ": " + style.apply("1", diagnostic.message)
        + " [\(diagnostic.code)]\n"
      for related in diagnostic.related {
        output += "    \(textLocation(report.path, related.range.start, in: index)): note: \(related.message)\n"
      }
      for fix in diagnostic.fixes {
        output += "    fix: \(fix.title)\n"
      }
    }
  }
  let summary = Summary(reports)
  if showSummary, summary.errors + summary.warnings + summary.infos > 0 {
    var parts: [String] = []
    if summary.errors > 0 { parts.append("\(summary.errors) error\(summary.errors == 1 ? "" : "s")") }
    if summary.warnings > 0 { parts.append("\(summary.warnings) warning\(summary.warnings == 1 ? "" : "s")") }
    if summary.infos > 0 { parts.append("\(summary.infos) info\(summary.infos == 1 ? "" : "s")") }
    output += "\(parts.joined(separator: ", ")) in \(summary.files) file\(summary.files == 1 ? "" : "s")\n"
  }
  return output
}

// MARK: - SARIF

/// SARIF 2.1.0: one run, one rule per diagnostic code, regions in 1-based UTF-16 columns.
func renderSARIF(_ reports: [FileReport]) -> String {
  let rules: [JSONValue] = DiagnosticCatalogue.all.map { entry in
    .object([
      ("id", .string(entry.code.rawValue)),
      ("shortDescription", .object([("text", .string(entry.summary))])),
      ("defaultConfiguration", .object([("level", .string(sarifLevel(entry.severity)))])),
    ])
  }
  var results: [JSONValue] = []
  for report in reports {
    let index = report.document.lineIndex
    for diagnostic in report.diagnostics {
      var members: [(String, JSONValue)] = [
        ("ruleId", .string(diagnostic.code.rawValue)),
        ("level", .string(sarifLevel(diagnostic.severity))),
        ("message", .object([("text", .string(diagnostic.message))])),
        ("locations", .array([sarifLocation(report.path, diagnostic.range, index, message: nil)])),
      ]
      if !diagnostic.related.isEmpty {
        members.append(
          (
            "relatedLocations",
            .array(
              diagnostic.related.enumerated().map { offset, related in
                sarifLocation(report.path, related.range, index, message: related.message, id: offset + 1)
              })
          ))
      }
      var properties: [(String, JSONValue)] = []
      if let canvas = diagnostic.canvas { properties.append(("canvas", .string(canvas))) }
      if let direction = diagnostic.direction { properties.append(("direction", .string(direction))) }
      if !properties.isEmpty { members.append(("properties", .object(properties))) }
      results.append(.object(members))
    }
  }
  let log: JSONValue = .object([
    ("version", "2.1.0"),
    ("$schema", "https://json.schemastore.org/sarif-2.1.0.json"),
    (
      "runs",
      .array([
        .object([
          (
            "tool",
            .object([
              (
                "driver",
                .object([
                  ("name", "plumb"), ("version", .string(plumbVersion)),
                  ("rules", .array(rules)),
                ])
              )
            ])
          ),
          ("columnKind", "utf16CodeUnits"),
          ("results", .array(results)),
        ])
      ])
    ),
  ])
  return log.prettyText + "\n"
}

private func sarifLevel(_ severity: Severity) -> String {
  switch severity {
  case .error: "error"
  case .warning: "warning"
  case .info: "note"
  }
}

private func sarifLocation(_ path: String, _ range: SourceRange, _ index: LineIndex, message: String?, id: Int? = nil)
  -> JSONValue
{
  let start = index.utf16Position(of: range.start)
  let end = index.utf16Position(of: range.end)
  var members: [(String, JSONValue)] = []
  if let id { members.append(("id", .int(id))) }
  members.append(
    (
      "physicalLocation",
      .object([
        ("artifactLocation", .object([("uri", .string(path))])),
        (
          "region",
          .object([
            ("startLine", .int(start.line + 1)), ("startColumn", .int(start.column + 1)),
            ("endLine", .int(end.line + 1)), ("endColumn", .int(end.column + 1)),
          ])
        ),
      ])
    ))
  if let message { members.append(("message", .object([("text", .string(message))]))) }
  return .object(members)
}
