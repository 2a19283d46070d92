import Configuration
import JSONRPC
import LayoutSyntax

/// A record of the findings a project accepts for now (`plumb check --write-baseline FILE`),
/// so that `--baseline FILE` reports only new ones (docs/cli.md#baselines).
///
/// A finding is matched by its file (relative to the baseline's folder), its code and its
/// subject — the id of the element it is on (an Interface Builder object), the constraint it
/// quotes (a conflict's broken constraint), or else the text it is on (a view's name, a
/// constraint as written) with white space collapsed — never by its
/// line, so edits elsewhere in the file do not wake it. Equal keys are counted: a baseline
/// with two `ambiguous` findings on `Card` hides two, and a third is new.
struct Baseline {
  static let version = 1

  struct Key: Hashable {
    var path: String
    var code: String
    var subject: String
  }

  var counts: [Key: Int] = [:]

  /// The key of each finding of a report, in order.
  static func keys(of report: FileReport, baselineFolder: String, currentDirectory: String) -> [Key] {
    let path: String
    if report.path == "<stdin>" {
      path = report.path
    } else {
      let absolute = ConfigurationStore.absolute(report.path, in: currentDirectory)
      path = ConfigurationStore.relativePath(absolute, to: baselineFolder) ?? absolute
    }
    let subjects =
      report.subjects ?? Baseline.subjects(of: report.diagnostics, bytes: report.lines.bytes, identifiers: { _ in [] })
    return zip(report.diagnostics, subjects).map { diagnostic, subject in
      Key(path: path, code: diagnostic.code.rawValue, subject: subject)
    }
  }

  /// The subject of each finding in a file's text; `identifiers` gives the ids of the
  /// elements a finding is on (the file's language knows them).
  static func subjects(of diagnostics: [Diagnostic], bytes: [UInt8], identifiers: (Diagnostic) -> [String]) -> [String] {
    diagnostics.map { subject(of: $0, bytes: bytes, identifiers: identifiers) }
  }

  private static func subject(of diagnostic: Diagnostic, bytes: [UInt8], identifiers: (Diagnostic) -> [String]) -> String {
    if let id = identifiers(diagnostic).first { return id }
    // A constraint the finding quotes is its subject (a Visual Format piece such as `]|` is
    // not one); otherwise the text the finding is on.
    switch diagnostic.finding {
    case .conflict(let conflict): return conflict.broken.text
    case .unsatisfied(let quote, _, _), .extremeValue(let quote, _): return quote.text
    case .inaccurate(.multiplier(let quote, _)), .inaccurate(.constant(let quote, _)), .inaccurate(.violated(let quote, _)):
      return quote.text
    default: break
    }
    let start = min(max(diagnostic.range.start, 0), bytes.count)
    let end = min(max(diagnostic.range.end, start), min(bytes.count, start + 400))
    let text = String(decoding: bytes[start..<end], as: UTF8.self)
    return text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).joined(separator: " ")
  }

  init() {}

  /// Counts the keys of one more report.
  mutating func add(_ keys: [Key]) {
    for key in keys { counts[key, default: 0] += 1 }
  }

  /// The baseline file's JSON, sorted so that it diffs well.
  var json: JSONValue {
    let findings = counts.sorted { ($0.key.path, $0.key.code, $0.key.subject) < ($1.key.path, $1.key.code, $1.key.subject) }
    return .object([
      ("version", .int(Baseline.version)),
      (
        "findings",
        .array(
          findings.map { key, count in
            .object([
              ("path", .string(key.path)), ("code", .string(key.code)), ("subject", .string(key.subject)),
              ("count", .int(count)),
            ])
          })
      ),
    ])
  }

  /// Reads a baseline file; `path` names it in messages.
  init(bytes: [UInt8], path: String) throws(UsageError) {
    let value: JSONValue
    do {
      value = try JSONValue.parse(bytes)
    } catch {
      let position = LineIndex(bytes).utf8Position(of: error.offset)
      throw UsageError(
        message: "plumb check: \(path):\(position.line + 1):\(position.column + 1): not valid JSON: \(error.message)")
    }
    guard value["version"]?.intValue == Baseline.version, let findings = value["findings"]?.arrayValue else {
      throw UsageError(
        message: "plumb check: \(path) is not a baseline of version \(Baseline.version) (write one with --write-baseline)")
    }
    for (index, finding) in findings.enumerated() {
      guard let filePath = finding["path"]?.stringValue, let code = finding["code"]?.stringValue,
        let subject = finding["subject"]?.stringValue
      else {
        throw UsageError(message: "plumb check: \(path): findings[\(index)] needs a path, a code and a subject")
      }
      let count = max(finding["count"]?.intValue ?? 1, 0)
      // Saturating: a file may repeat a key with counts that add up past Int.max.
      let key = Key(path: filePath, code: code, subject: subject)
      let (sum, overflow) = counts[key, default: 0].addingReportingOverflow(count)
      counts[key] = overflow ? Int.max : sum
    }
  }

  /// Leaves out of a report the findings the baseline still holds (as many of each key as
  /// it counts, the reports taken in order); returns how many it left out.
  mutating func filter(_ report: inout FileReport, keys: [Key]) -> Int {
    var hidden = 0
    var kept: [Diagnostic] = []
    var keptSubjects: [String] = []
    for (offset, (diagnostic, key)) in zip(report.diagnostics, keys).enumerated() {
      if let count = counts[key], count > 0 {
        counts[key] = count - 1
        hidden += 1
      } else {
        kept.append(diagnostic)
        if let subjects = report.subjects, offset < subjects.count { keptSubjects.append(subjects[offset]) }
      }
    }
    report.diagnostics = kept
    if report.subjects != nil { report.subjects = keptSubjects }
    return hidden
  }
}
