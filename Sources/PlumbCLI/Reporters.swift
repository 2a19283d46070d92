import EditorFeatures
import JSONRPC
import LayoutAnalysis
import LayoutSyntax

// The formats of CI services: GitHub Actions' workflow commands, GitLab's Code Quality
// report, JUnit XML and Checkstyle XML (docs/cli.md). Each writes every finding with its
// file, 1-based line and column (UTF-16 code units, as SARIF), code, severity and message.

/// The place of a finding, 1-based, columns in UTF-16 code units.
private func place(_ range: SourceRange, in index: LineIndex) -> (line: Int, column: Int, endLine: Int, endColumn: Int) {
  let start = index.utf16Position(of: range.start)
  let end = index.utf16Position(of: range.end)
  return (start.line + 1, start.column + 1, end.line + 1, end.column + 1)
}

/// The message with its related places, one per line, as the text output notes them.
private func fullMessage(_ diagnostic: Diagnostic, path: String, index: LineIndex) -> String {
  var text = diagnostic.message
  for related in diagnostic.related {
    text += "\n\(textLocation(path, related.range.start, in: index)): note: \(related.message)"
  }
  return text
}

// MARK: - GitHub Actions

/// Workflow commands (`::error file=…,line=…::message`), which GitHub shows on the pull
/// request's lines. Data escapes `%`, `\r` and `\n`; properties also `:` and `,`.
struct GitHubReporter: CheckReporter {
  func begin() -> String { "" }

  func add(_ report: FileReport) -> String {
    var output = ""
    let index = report.lines
    for diagnostic in report.diagnostics {
      let command =
        switch diagnostic.severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
      let at = place(diagnostic.range, in: index)
      let properties = [
        ("file", report.path), ("line", "\(at.line)"), ("col", "\(at.column)"), ("endLine", "\(at.endLine)"),
        ("endColumn", "\(at.endColumn)"), ("title", "plumb \(diagnostic.code)"),
      ].map { "\($0.0)=\(gitHubProperty($0.1))" }.joined(separator: ",")
      output += "::\(command) \(properties)::\(gitHubData(fullMessage(diagnostic, path: report.path, index: index)))\n"
    }
    return output
  }

  func finish(_ summary: Summary, write: (String) -> Void) {}
}

func gitHubData(_ text: String) -> String {
  text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
    .replacingOccurrences(of: "\n", with: "%0A")
}

func gitHubProperty(_ text: String) -> String {
  gitHubData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
}

// MARK: - GitLab

/// A Code Quality report: a JSON array of issues, each with a description, the check's name,
/// a fingerprint (stable for the same finding: file, code, subject and how many such came
/// before, as a baseline matches them), a severity and a location.
struct GitLabReporter: CheckReporter {
  /// The folder the fingerprints' paths are relative to (the current directory).
  let folder: String
  private var issues = StreamedJSONArray(level: 0)
  private var seen: [Baseline.Key: Int] = [:]

  init(folder: String) {
    self.folder = folder
  }

  func begin() -> String { issues.open() }

  mutating func add(_ report: FileReport) -> String {
    var output = ""
    let index = report.lines
    let keys = Baseline.keys(of: report, baselineFolder: folder, currentDirectory: folder)
    for (diagnostic, key) in zip(report.diagnostics, keys) {
      let occurrence = seen[key, default: 0]
      seen[key] = occurrence + 1
      let severity =
        switch diagnostic.severity {
        case .error: "major"
        case .warning: "minor"
        case .info: "info"
        }
      let at = place(diagnostic.range, in: index)
      output += issues.element(
        .object([
          ("description", .string(diagnostic.message)),
          ("check_name", .string(diagnostic.code.rawValue)),
          ("fingerprint", .string(fingerprint("\(key.path)\u{0}\(key.code)\u{0}\(key.subject)\u{0}\(occurrence)"))),
          ("severity", .string(severity)),
          ("location", .object([("path", .string(report.path)), ("lines", .object([("begin", .int(at.line))]))])),
        ]))
    }
    return output
  }

  func finish(_ summary: Summary, write: (String) -> Void) { write(issues.close() + "\n") }
}

/// 32 hexadecimal digits: two 64-bit FNV-1a hashes of the text, with different offsets.
func fingerprint(_ text: String) -> String {
  func fnv(_ basis: UInt64) -> UInt64 {
    var hash = basis
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }
  func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
  return hex(fnv(0xCBF2_9CE4_8422_2325)) + hex(fnv(0x8422_2325_CBF2_9CE4))
}

// MARK: - XML

/// JUnit XML: one test suite per file; each finding is a test case that fails (its
/// `failure` has the severity as its type), and a file without findings has one passing case.
///
/// The header counts every test case, so each file's suite is kept, rendered, until the end.
struct JUnitReporter: CheckReporter {
  private var suites = ""
  private var total = 0
  private var failures = 0

  func begin() -> String { "" }

  mutating func add(_ report: FileReport) -> String {
    let index = report.lines
    let path = xmlEscape(report.path)
    let count = report.diagnostics.count
    total += max(count, 1)
    failures += count
    var output =
      "  <testsuite name=\"\(path)\" tests=\"\(max(count, 1))\" failures=\"\(count)\" errors=\"0\" skipped=\"0\">\n"
    if report.diagnostics.isEmpty {
      output += "    <testcase classname=\"\(path)\" name=\"plumb\"/>\n"
    }
    for diagnostic in report.diagnostics {
      let at = place(diagnostic.range, in: index)
      let location = textLocation(report.path, diagnostic.range.start, in: index)
      output += "    <testcase classname=\"\(path)\" name=\"\(diagnostic.code) at \(at.line):\(at.column)\">\n"
      output +=
        "      <failure type=\"\(diagnostic.severity.rawValue)\" message=\"\(xmlEscape(diagnostic.message))\">"
        + xmlEscape(
          "\(location): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code)]"
            + String(fullMessage(diagnostic, path: report.path, index: index).dropFirst(diagnostic.message.count)))
        + "</failure>\n"
      output += "    </testcase>\n"
    }
    output += "  </testsuite>\n"
    suites += output
    return ""
  }

  func finish(_ summary: Summary, write: (String) -> Void) {
    write(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<testsuites name=\"plumb\" tests=\"\(total)\" failures=\"\(failures)\" errors=\"0\">\n")
    write(suites)
    write("</testsuites>\n")
  }
}

/// Checkstyle XML: one `file` per file checked, one `error` element per finding, its
/// `source` the code (`plumb.unknown-view`).
struct CheckstyleReporter: CheckReporter {
  func begin() -> String { "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n" }

  func add(_ report: FileReport) -> String {
    let index = report.lines
    var output = "  <file name=\"\(xmlEscape(report.path))\">\n"
    for diagnostic in report.diagnostics {
      let at = place(diagnostic.range, in: index)
      output +=
        "    <error line=\"\(at.line)\" column=\"\(at.column)\" severity=\"\(diagnostic.severity.rawValue)\" "
        + "message=\"\(xmlEscape(diagnostic.message))\" source=\"plumb.\(diagnostic.code)\"/>\n"
    }
    return output + "  </file>\n"
  }

  func finish(_ summary: Summary, write: (String) -> Void) { write("</checkstyle>\n") }
}
