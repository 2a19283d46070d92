import Dispatch
import EditorFeatures
import Foundation
import JSONRPC
import LayoutAnalysis
import LayoutSyntax

/// The version the command line reports, and the JSON output's schema version.
public let plumbVersion = "0.1.0"
let outputSchemaVersion = 1

/// One checked file, as the reporters need it: where it came from, what was found and the
/// text it was found in — not the analysis, which is freed once the file is checked.
struct FileReport {
  /// The path as given (or as found in a directory), `<stdin>` for standard input.
  var path: String
  /// The file's text (the document's: an Interface Builder file's decoded XML), cut into lines.
  var lines: LineIndex
  var diagnostics: [Diagnostic]
  /// The names of the file's canvases.
  var canvases: [String] = []
  /// Each finding's subject (`Baseline.subject`), computed while the text's language is at
  /// hand, for the baselines and GitLab's fingerprints; nil when no format or option asks.
  var subjects: [String]? = nil
  /// The path relative to the configuration's folder (nil for standard input).
  var relativePath: String? = nil
  /// The layouts solved, kept only for the formats that draw them (`html`).
  var layouts: [SolvedLayout] = []

  init(
    path: String, lines: LineIndex, diagnostics: [Diagnostic], canvases: [String] = [], subjects: [String]? = nil,
    relativePath: String? = nil, layouts: [SolvedLayout] = []
  ) {
    self.path = path
    self.lines = lines
    self.diagnostics = diagnostics
    self.canvases = canvases
    self.subjects = subjects
    self.relativePath = relativePath
    self.layouts = layouts
  }

  /// A report of `document`'s text.
  init(path: String, document: LayoutDocument, diagnostics: [Diagnostic]) {
    self.init(path: path, lines: document.lineIndex, diagnostics: diagnostics)
  }
}

/// A format of `plumb check`'s report, written a file at a time: what comes before the first
/// file, each file's part in the order the files were given, and what comes after the last,
/// with the totals. A format that needs the totals before the files (JUnit, HTML) keeps each
/// file's part, already rendered, and writes them at the end, one after the other.
protocol CheckReporter {
  mutating func begin() -> String
  mutating func add(_ report: FileReport) -> String
  /// The text `add(_:)` returns, written in parts through `write`: the formats that can write
  /// a file's part a finding at a time do, so that no file's whole part is held as one text.
  mutating func add(_ report: FileReport, write: (String) -> Void)
  /// Writes what comes after the last file, in parts, through `write`.
  mutating func finish(_ summary: Summary, write: (String) -> Void)
}

extension CheckReporter {
  mutating func add(_ report: FileReport, write: (String) -> Void) {
    write(add(report))
  }

  /// The whole report of `reports`, as the parts written one after the other give it.
  mutating func render(_ reports: [FileReport]) -> String {
    var output = begin()
    var summary = Summary()
    for report in reports {
      summary.add(report)
      output += add(report)
    }
    finish(summary) { output += $0 }
    return output
  }
}

/// How much of a file's part a streaming format gathers before writing it.
let writtenPartSize = 1 << 16

/// Writes what `buffer` gathered and empties it, once it holds a part's worth.
func writeIfFull(_ buffer: inout String, _ write: (String) -> Void) {
  guard buffer.utf8.count >= writtenPartSize else { return }
  write(buffer)
  buffer = ""
}

/// A part of the text format's output gathered as UTF-8 bytes.
struct TextPart {
  var bytes: [UInt8] = []

  var text: String { String(decoding: bytes, as: UTF8.self) }

  mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// `path:LINE:COL` of `offset` (byte columns, as `utf8Position` counts them), appended:
  /// the location of the text format (`textLocation`).
  mutating func appendLocation(_ path: String, _ offset: Int, in index: LineIndex) {
    let position = index.utf8Position(of: offset)
    bytes.append(contentsOf: path.utf8)
    bytes.append(UInt8(ascii: ":"))
    append(String(position.line + 1))
    bytes.append(UInt8(ascii: ":"))
    append(String(position.column + 1))
  }

  /// Writes what was gathered and empties it, once it holds a part's worth (as `writeIfFull`).
  mutating func writeIfFull(_ write: (String) -> Void) {
    guard bytes.count >= writtenPartSize else { return }
    write(text)
    bytes.removeAll(keepingCapacity: true)
  }
}

/// A JSON array in a larger document, written an element at a time: the document is rendered
/// with a marker in the array's place, the text around the marker is what comes before and
/// after the array, and each element is indented as `prettyText` indents it there.
struct StreamedJSONArray {
  /// The marker value; the documents that hold it have no other string like it.
  static let marker: JSONValue = .string("plumb:streamed-array")
  /// How deep the array is nested (0 for a document that is the array).
  let level: Int
  private(set) var count = 0

  init(level: Int) {
    self.level = level
  }

  /// The text of `document` before and after the marker.
  static func split(_ document: JSONValue) -> (before: String, after: String) {
    let text = document.prettyText
    guard let range = text.range(of: StreamedJSONArray.marker.compactText) else { return (text, "") }
    return (String(text[..<range.lowerBound]), String(text[range.upperBound...]))
  }

  /// The opening bracket.
  func open() -> String { "[" }

  /// The next element, with the separator before it.
  mutating func element(_ value: JSONValue) -> String {
    defer { count += 1 }
    return (count > 0 ? ",\n" : "\n") + String(repeating: "  ", count: level + 1) + value.prettyText(level: level + 1)
  }

  /// The next element, as `element(_:)` writes it, cut before and after the marker (an object's
  /// last member that is the marker), whose place an array fills an element at a time: the
  /// array returned, as deep as that member's value.
  mutating func elementAroundMarker(_ object: JSONValue) -> (before: String, array: StreamedJSONArray, after: String) {
    let text = element(object)
    let marker = StreamedJSONArray.marker.compactText
    guard let range = text.range(of: marker, options: .backwards) else { return (text, StreamedJSONArray(level: level + 2), "") }
    return (String(text[..<range.lowerBound]), StreamedJSONArray(level: level + 2), String(text[range.upperBound...]))
  }

  /// The closing bracket (`[]` for an array without elements, as `prettyText` writes it).
  func close() -> String {
    count == 0 ? "]" : "\n" + String(repeating: "  ", count: level) + "]"
  }
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

  /// Counts one more file and its findings.
  mutating func add(_ report: FileReport) {
    files += 1
    for diagnostic in report.diagnostics {
      switch diagnostic.severity {
      case .error: errors += 1
      case .warning: warnings += 1
      case .info: infos += 1
      }
    }
  }
}

/// `--format json`: the files' findings, then the totals.
struct JSONReporter: CheckReporter {
  private var files = StreamedJSONArray(level: 1)

  private static func document(files: JSONValue, summary: Summary) -> JSONValue {
    .object([
      ("version", .int(outputSchemaVersion)),
      ("files", files),
      (
        "summary",
        .object([
          ("files", .int(summary.files)), ("errors", .int(summary.errors)), ("warnings", .int(summary.warnings)),
          ("infos", .int(summary.infos)),
        ])
      ),
    ])
  }

  mutating func begin() -> String {
    StreamedJSONArray.split(Self.document(files: StreamedJSONArray.marker, summary: Summary())).before + files.open()
  }

  mutating func add(_ report: FileReport) -> String {
    var output = ""
    add(report) { output += $0 }
    return output
  }

  /// A file's part, a finding at a time: the text `.array(diagnostics)` would give, without
  /// the JSON values and text of every finding of the file held at once.
  mutating func add(_ report: FileReport, write: (String) -> Void) {
    let lines = report.lines
    let (before, array, after) = files.elementAroundMarker(
      .object([("path", .string(report.path)), ("diagnostics", StreamedJSONArray.marker)]))
    var diagnostics = array
    var buffer = before + diagnostics.open()
    for diagnostic in report.diagnostics {
      buffer += diagnostics.element(jsonDiagnostic(diagnostic, in: lines))
      writeIfFull(&buffer, write)
    }
    write(buffer + diagnostics.close() + after)
  }

  mutating func finish(_ summary: Summary, write: (String) -> Void) {
    write(files.close() + StreamedJSONArray.split(Self.document(files: StreamedJSONArray.marker, summary: summary)).after + "\n")
  }
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
  var part = TextPart()
  part.appendLocation(path, offset, in: index)
  return part.text
}

/// The text format: one line per finding (`path:LINE:COL: severity: message [code]`), its
/// notes and fixes indented below it, and the totals.
struct TextReporter: CheckReporter {
  var style: Style
  var showSummary = true

  func begin() -> String { "" }

  func add(_ report: FileReport) -> String {
    var output = ""
    add(report) { output += $0 }
    return output
  }

  /// A file's part, written a few findings at a time.
  ///
  /// A file with many findings has their text made on two cores: each run of findings is
  /// cut in two halves, each half made into its own parts, and the parts of the first half
  /// written before those of the second, so the text is the same bytes as one thread's.
  func add(_ report: FileReport, write: (String) -> Void) {
    let (path, lines, diagnostics) = (report.path, report.lines, report.diagnostics)
    let half = 512
    guard diagnostics.count > 2 * half, ProcessInfo.processInfo.activeProcessorCount > 1 else {
      for part in parts(path, lines, diagnostics[...]) { write(part) }
      return
    }
    for start in stride(from: 0, to: diagnostics.count, by: 2 * half) {
      let middle = min(start + half, diagnostics.count)
      let halves = [start..<middle, middle..<min(middle + half, diagnostics.count)]
      let made = ResultSlots<[String]>(count: halves.count)
      DispatchQueue.concurrentPerform(iterations: halves.count) { index in
        made.set(index, parts(path, lines, diagnostics[halves[index]]))
      }
      for part in made.values.joined() { write(part) }
    }
  }

  /// The text of `diagnostics` of the file at `path`, in parts of about `writtenPartSize`
  /// bytes (none empty).
  private func parts(_ path: String, _ index: LineIndex, _ diagnostics: ArraySlice<Diagnostic>) -> [String] {
    // Gathered as UTF-8 bytes, each piece's bytes copied as they come: cheaper than appending
    // each piece to a text, which is made once a part.
    var output = TextPart()
    var parts: [String] = []
    let write = { (part: String) in parts.append(part) }
    for diagnostic in diagnostics {
      if style.enabled {
        output.append(style.apply("1", textLocation(path, diagnostic.range.start, in: index)))
      } else {
        output.appendLocation(path, diagnostic.range.start, in: index)
      }
      output.append(": ")
      output.append(style.severity(diagnostic.severity))
      output.append(": ")
      output.append(style.apply("1", diagnostic.message))
      output.append(" [")
      output.append(diagnostic.code.rawValue)
      output.append("]\n")
      for related in diagnostic.related {
        output.append("    ")
        output.appendLocation(path, related.range.start, in: index)
        output.append(": note: ")
        output.append(related.message)
        output.append("\n")
        output.writeIfFull(write)
      }
      for fix in diagnostic.fixes {
        output.append("    fix: ")
        output.append(fix.title)
        output.append("\n")
      }
      output.writeIfFull(write)
    }
    if !output.bytes.isEmpty { write(output.text) }
    return parts
  }

  func finish(_ summary: Summary, write: (String) -> Void) {
    guard showSummary, summary.errors + summary.warnings + summary.infos > 0 else { return }
    var parts: [String] = []
    if summary.errors > 0 { parts.append("\(summary.errors) error\(summary.errors == 1 ? "" : "s")") }
    if summary.warnings > 0 { parts.append("\(summary.warnings) warning\(summary.warnings == 1 ? "" : "s")") }
    if summary.infos > 0 { parts.append("\(summary.infos) info\(summary.infos == 1 ? "" : "s")") }
    write("\(parts.joined(separator: ", ")) in \(summary.files) file\(summary.files == 1 ? "" : "s")\n")
  }
}

func renderText(_ reports: [FileReport], style: Style, summary showSummary: Bool = true) -> String {
  var reporter = TextReporter(style: style, showSummary: showSummary)
  return reporter.render(reports)
}

// MARK: - SARIF

/// SARIF 2.1.0: one run, one rule per diagnostic code, regions in 1-based UTF-16 columns.
struct SARIFReporter: CheckReporter {
  private var results = StreamedJSONArray(level: 3)

  private static func log(results: JSONValue) -> JSONValue {
    let rules: [JSONValue] = DiagnosticCatalogue.all.map { entry in
      .object([
        ("id", .string(entry.code.rawValue)),
        ("shortDescription", .object([("text", .string(entry.summary))])),
        ("defaultConfiguration", .object([("level", .string(sarifLevel(entry.severity)))])),
      ])
    }
    return .object([
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
            ("results", results),
          ])
        ])
      ),
    ])
  }

  mutating func begin() -> String {
    StreamedJSONArray.split(Self.log(results: StreamedJSONArray.marker)).before + results.open()
  }

  mutating func add(_ report: FileReport) -> String {
    var output = ""
    let index = report.lines
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
      output += results.element(.object(members))
    }
    return output
  }

  mutating func finish(_ summary: Summary, write: (String) -> Void) {
    write(results.close() + StreamedJSONArray.split(Self.log(results: StreamedJSONArray.marker)).after + "\n")
  }
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
