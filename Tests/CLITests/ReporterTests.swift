import Foundation
import JSONRPC
import PlumbCLI
import TestSupport
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The CI formats, each checked against its documented shape, and the colour options.
final class ReporterTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-reporters-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    // A conflict (with related places, so a multi-line message), a misspelt name whose message
    // quotes a '%', and a clean file; a path with ',' and ':' that properties must escape.
    try "view a\nview b\na.width == 10\na.width == 20\n".write(
      to: directory.appendingPathComponent("odd,name:1.layout"), atomically: true, encoding: .utf8)
    try "view a\nH:|[a][Bb]|\n".write(to: directory.appendingPathComponent("names.layout"), atomically: true, encoding: .utf8)
    try "view a\nH:|[a(10)]\nV:|[a(10)]\n".write(
      to: directory.appendingPathComponent("clean.layout"), atomically: true, encoding: .utf8)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  private func diagnostics() throws -> [(path: String, code: String, severity: String, message: String, line: Int)] {
    let json = try JSONValue.parse(runPlumb(["check", "--format", "json", "."], in: directory).stdout)
    var result: [(String, String, String, String, Int)] = []
    for file in json["files"]?.arrayValue ?? [] {
      for diagnostic in file["diagnostics"]?.arrayValue ?? [] {
        result.append(
          (
            file["path"]?.stringValue ?? "", diagnostic["code"]?.stringValue ?? "",
            diagnostic["severity"]?.stringValue ?? "", diagnostic["message"]?.stringValue ?? "",
            (diagnostic["range"]?["start"]?["line"]?.intValue ?? -1) + 1
          ))
      }
    }
    return result
  }

  private func unescape(_ text: String) -> String {
    text.replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(of: "%0D", with: "\r")
      .replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
      .replacingOccurrences(of: "%25", with: "%")
  }

  /// `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message`, one per finding.
  func testGitHubWorkflowCommands() throws {
    let expected = try diagnostics()
    let result = runPlumb(["check", "--format", "github", "."], in: directory)
    XCTAssertEqual(result.status, 1)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    XCTAssertEqual(lines.count, expected.count)
    for (line, finding) in zip(lines, expected) {
      let match = try XCTUnwrap(
        line.wholeMatch(of: /::(error|warning|notice) ([^:]*)::(.*)/), "not a workflow command: \(line)")
      let command = String(match.1)
      XCTAssertEqual(command, ["error": "error", "warning": "warning", "info": "notice"][finding.severity])
      // Properties: no raw ',' or ':' inside a value, so splitting is safe.
      var properties: [String: String] = [:]
      for pair in match.2.split(separator: ",") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        XCTAssertEqual(parts.count, 2, "\(pair)")
        properties[String(parts[0])] = unescape(String(parts[1]))
      }
      XCTAssertEqual(Set(properties.keys), ["file", "line", "col", "endLine", "endColumn", "title"])
      XCTAssertEqual(properties["file"], finding.path)
      XCTAssertEqual(properties["line"], "\(finding.line)")
      XCTAssertEqual(properties["title"], "plumb \(finding.code)")
      // The data: no raw line break; unescaped, the message first.
      XCTAssertFalse(match.3.contains("\n") || match.3.contains("\r"))
      XCTAssertTrue(unescape(String(match.3)).hasPrefix(finding.message), "\(match.3)")
    }
    XCTAssertTrue(result.stdout.contains("file=odd%2Cname%3A1.layout,"), result.stdout)
    // The conflict's related place is on a line of its own: an escaped line break.
    XCTAssertTrue(result.stdout.contains("%0Aodd,name:1.layout:3:1: note: in conflict"), result.stdout)
  }

  func testGitHubEscapesPercentAndLineBreaks() {
    XCTAssertEqual(
      runPlumb(["check", "--format", "github", "-"], in: directory, stdin: Array("view a%\n".utf8)).stdout
        .contains("%25"), true)
  }

  /// GitLab's Code Quality report: an array of issues with description, check_name,
  /// fingerprint, severity, location.path and location.lines.begin.
  func testGitLabCodeQuality() throws {
    let expected = try diagnostics()
    let result = runPlumb(["check", "--format", "gitlab", "."], in: directory)
    let issues = try XCTUnwrap(JSONValue.parse(result.stdout).arrayValue)
    XCTAssertEqual(issues.count, expected.count)
    var fingerprints = Set<String>()
    for (issue, finding) in zip(issues, expected) {
      XCTAssertEqual(issue["description"]?.stringValue, finding.message)
      XCTAssertEqual(issue["check_name"]?.stringValue, finding.code)
      XCTAssertEqual(issue["location"]?["path"]?.stringValue, finding.path)
      XCTAssertEqual(issue["location"]?["lines"]?["begin"]?.intValue, finding.line)
      XCTAssertTrue(["info", "minor", "major", "critical", "blocker"].contains(issue["severity"]?.stringValue ?? ""))
      let fingerprint = try XCTUnwrap(issue["fingerprint"]?.stringValue)
      XCTAssertEqual(fingerprint.count, 32)
      fingerprints.insert(fingerprint)
    }
    XCTAssertEqual(fingerprints.count, issues.count, "fingerprints are unique")
    // Stable: the same run gives the same fingerprints.
    XCTAssertEqual(runPlumb(["check", "--format", "gitlab", "."], in: directory).stdout, result.stdout)
  }

  /// Collects elements and their attributes with Foundation's XML parser.
  private final class Collector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var text = ""
    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      elements.append((elementName, attributes))
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
  }

  private func parseXML(_ text: String) throws -> Collector {
    let parser = XMLParser(data: Data(text.utf8))
    let collector = Collector()
    parser.delegate = collector
    XCTAssertTrue(parser.parse(), "not well-formed: \(String(describing: parser.parserError))\n\(text)")
    return collector
  }

  func testJUnitIsWellFormedWithOneFailingCasePerFinding() throws {
    let expected = try diagnostics()
    let result = runPlumb(["check", "--format", "junit", "."], in: directory)
    let xml = try parseXML(result.stdout)
    XCTAssertEqual(xml.elements.first?.name, "testsuites")
    XCTAssertEqual(xml.elements.first?.attributes["failures"], "\(expected.count)")
    XCTAssertEqual(xml.elements.first?.attributes["tests"], "\(expected.count + 1)", "a passing case for the clean file")
    let suites = xml.elements.filter { $0.name == "testsuite" }
    XCTAssertEqual(suites.map { $0.attributes["name"] }, ["clean.layout", "names.layout", "odd,name:1.layout"])
    let failures = xml.elements.filter { $0.name == "failure" }
    XCTAssertEqual(failures.map { $0.attributes["message"] }, expected.map(\.message))
    XCTAssertEqual(failures.map { $0.attributes["type"] }, expected.map(\.severity))
    XCTAssertEqual(xml.elements.filter { $0.name == "testcase" }.count, expected.count + 1)
  }

  func testCheckstyleIsWellFormedWithOneErrorPerFinding() throws {
    let expected = try diagnostics()
    let result = runPlumb(["check", "--format", "checkstyle", "."], in: directory)
    let xml = try parseXML(result.stdout)
    XCTAssertEqual(xml.elements.first?.name, "checkstyle")
    XCTAssertEqual(xml.elements.filter { $0.name == "file" }.map { $0.attributes["name"] }, ["clean.layout", "names.layout", "odd,name:1.layout"])
    let errors = xml.elements.filter { $0.name == "error" }
    XCTAssertEqual(errors.map { $0.attributes["message"] }, expected.map(\.message))
    XCTAssertEqual(errors.map { $0.attributes["line"] }, expected.map { "\($0.line)" })
    XCTAssertEqual(errors.map { $0.attributes["severity"] }, expected.map(\.severity))
    XCTAssertEqual(errors.map { $0.attributes["source"] }, expected.map { "plumb.\($0.code)" })
  }

  func testXMLEscapesMarkupAndControlCharacters() throws {
    // A label with markup characters in a message.
    let xml = try parseXML(
      runPlumb(["check", "--format", "checkstyle", "-"], in: directory, stdin: Array("view a <&\"'>\n".utf8)).stdout)
    XCTAssertTrue(xml.elements.contains { $0.attributes["message"]?.contains("<&\"'>") == true || $0.attributes["message"]?.contains("'<'") == true })
  }

  func testColourOptionsAndEnvironment() {
    let file = ["check", "odd,name:1.layout"]
    func coloured(_ arguments: [String], terminal: Bool, _ environment: [String: String] = [:]) -> Bool {
      runPlumb(file + arguments, in: directory, terminal: terminal, environment: environment).stdout.contains("\u{1B}[")
    }
    XCTAssertTrue(coloured([], terminal: true))
    XCTAssertFalse(coloured([], terminal: false))
    XCTAssertTrue(coloured(["--color", "always"], terminal: false))
    XCTAssertFalse(coloured(["--color=never"], terminal: true))
    XCTAssertFalse(coloured([], terminal: true, ["NO_COLOR": "1"]))
    XCTAssertTrue(coloured([], terminal: true, ["NO_COLOR": ""]), "an empty NO_COLOR does not count")
    XCTAssertFalse(coloured([], terminal: true, ["TERM": "dumb"]))
    XCTAssertTrue(coloured(["--color", "always"], terminal: true, ["TERM": "dumb"]))
    XCTAssertEqual(runPlumb(file + ["--color", "sometimes"], in: directory).status, 2)
  }
}
