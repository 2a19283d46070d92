import Foundation
import JSONRPC
import TestSupport
import XCTest

@testable import LanguageServer

/// One step of a transcript: messages the client sends together, and the messages the
/// server must send in answer, in order.
struct TranscriptStep {
  var line: Int
  var sent: [JSONValue]
  var expected: [JSONValue]
}

/// A protocol transcript: `-->` lines are client messages, `<--` lines the server's,
/// each a JSON value that may continue on the following lines. `#` starts a comment line.
/// `exit N` at the end states the exit status. In a client message, the string
/// `"@fixture NAME"` stands for the text of `Tests/Fixtures/lsp/NAME`.
///
/// Consecutive `-->` messages arrive together (as a burst would), and the `<--` messages
/// after them are everything the server sends in answer: no more, no fewer.
struct Transcript {
  var steps: [TranscriptStep] = []
  var exitStatus: Int32?

  init(_ text: String) throws {
    enum Direction { case sent, received }
    var pending: (direction: Direction, text: String, line: Int)?
    var step = TranscriptStep(line: 1, sent: [], expected: [])
    var parsedSteps: [TranscriptStep] = []
    func finish() throws {
      guard let current = pending else { return }
      pending = nil
      let value: JSONValue
      do {
        value = try JSONValue.parse(current.text)
      } catch {
        throw TranscriptError(message: "line \(current.line): \(error)")
      }
      switch current.direction {
      case .sent:
        if !step.expected.isEmpty {
          parsedSteps.append(step)
          step = TranscriptStep(line: current.line, sent: [], expected: [])
        }
        if step.sent.isEmpty { step.line = current.line }
        step.sent.append(value)
      case .received:
        step.expected.append(value)
      }
    }
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = String(rawLine)
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("-->") || trimmed.hasPrefix("<--") {
        try finish()
        pending = (trimmed.hasPrefix("-->") ? .sent : .received, String(trimmed.dropFirst(3)), index + 1)
      } else if trimmed.hasPrefix("exit ") {
        try finish()
        exitStatus = Int32(trimmed.dropFirst(5).trimmingCharacters(in: .whitespaces))
      } else if trimmed.isEmpty || trimmed.hasPrefix("#") {
        try finish()
      } else if pending != nil {
        pending?.text += "\n" + line
      } else {
        throw TranscriptError(message: "line \(index + 1): expected '-->', '<--', 'exit' or a comment")
      }
    }
    try finish()
    if !step.sent.isEmpty || !step.expected.isEmpty { parsedSteps.append(step) }
    steps = parsedSteps
  }
}

struct TranscriptError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// A server in process, driven message by message with no threads: each burst is handled
/// and flushed before the next, so transcripts are deterministic.
final class InProcessServer {
  let inbox = Inbox()
  private(set) var server: Server!
  private var outgoing: [JSONValue] = []
  var logLines: [String] = []

  init() {
    server = Server(
      cancellation: inbox.cancellation, send: { [unowned self] in self.outgoing.append($0.json) },
      log: { [unowned self] in self.logLines.append($0) })
  }

  /// Delivers client messages together and returns what the server sent in answer.
  @discardableResult
  func send(_ messages: [JSONValue]) -> [JSONValue] {
    for message in messages {
      switch Message.decode(message) {
      case .success(let decoded): inbox.deliver(.message(decoded))
      case .failure(let failure): inbox.deliver(.invalid(failure))
      }
    }
    return deliver()
  }

  /// Delivers raw events (as the reader would) and returns what the server sent.
  @discardableResult
  func deliver(_ events: [IncomingEvent] = []) -> [JSONValue] {
    for event in events { inbox.deliver(event) }
    server.process(inbox.takeAll(wait: false))
    if server.exitStatus == nil {
      server.flush()
      // The inbox is empty: what the server does when it waits for input.
      server.settle()
    }
    defer { outgoing = [] }
    return outgoing
  }

  @discardableResult
  func send(_ message: JSONValue) -> [JSONValue] { send([message]) }

  var exitStatus: Int32? { server.exitStatus }
}

/// A client message with each `"@fixture NAME"` string replaced by the fixture's text.
func substitutingFixtures(_ value: JSONValue) -> JSONValue {
  switch value {
  case .string(let text) where text.hasPrefix("@fixture "):
    let url = fixturesDirectory("lsp").appendingPathComponent(String(text.dropFirst("@fixture ".count)))
    guard let contents = try? String(contentsOf: url, encoding: .utf8) else {
      XCTFail("no fixture \(url.path)")
      return value
    }
    return .string(contents)
  case .array(let elements):
    return .array(elements.map(substitutingFixtures))
  case .object(let members):
    return .object(members.map { ($0.0, substitutingFixtures($0.1)) })
  default:
    return value
  }
}

// MARK: - Matching

/// Whether `actual` matches `expected`, where in `expected`:
/// - the string `"{...}"` matches any value;
/// - `[..]` inside a string matches any run of characters;
/// - an object member `"...": "..."` allows members not listed; otherwise members must be
///   exactly those listed (in any order);
/// - an array whose last element is `"..."` matches any array starting with the others.
/// Numbers match when equal within 1e-9.
func matches(_ actual: JSONValue, _ expected: JSONValue) -> Bool {
  switch expected {
  case .string("{...}"):
    return true
  case .string(let pattern) where pattern.contains("[..]"):
    guard let text = actual.stringValue else { return false }
    return wildcardMatch(text, pattern)
  case .object(let expectedMembers):
    guard let actualMembers = actual.objectValue else { return false }
    let open = expectedMembers.contains { $0.0 == "..." }
    let listed = expectedMembers.filter { $0.0 != "..." }
    if !open, Set(actualMembers.map(\.0)) != Set(listed.map(\.0)) { return false }
    return listed.allSatisfy { key, value in actual[key].map { matches($0, value) } ?? false }
  case .array(let expectedElements):
    guard let actualElements = actual.arrayValue else { return false }
    if let last = expectedElements.last, last == .string("...") {
      let prefix = expectedElements.dropLast()
      return actualElements.count >= prefix.count && zip(actualElements, prefix).allSatisfy { matches($0, $1) }
    }
    return actualElements.count == expectedElements.count && zip(actualElements, expectedElements).allSatisfy {
      matches($0, $1)
    }
  case .number(let number):
    guard let value = actual.doubleValue else { return false }
    return abs(value - number) <= 1e-9
  default:
    return actual == expected
  }
}

private func wildcardMatch(_ text: String, _ pattern: String) -> Bool {
  let parts = pattern.components(separatedBy: "[..]")
  guard let first = parts.first, let last = parts.last, text.hasPrefix(first) else { return false }
  var rest = Substring(text.dropFirst(first.count))
  for part in parts.dropFirst().dropLast() {
    guard let found = rest.range(of: part) else { return false }
    rest = rest[found.upperBound...]
  }
  return parts.count == 1 ? rest.isEmpty : rest.hasSuffix(last)
}

/// Runs a transcript against a fresh in-process server, failing the test at the first step
/// whose answers differ.
func runTranscript(_ transcript: Transcript, name: String, file: StaticString = #filePath, line: UInt = #line) {
  let server = InProcessServer()
  for step in transcript.steps {
    let answers = server.send(step.sent.map(substitutingFixtures))
    let mismatch =
      answers.count != step.expected.count || zip(answers, step.expected).contains { !matches($0, $1) }
    if mismatch {
      XCTFail(
        """
        \(name), step at line \(step.line): the server's answers differ.
        expected:
        \(step.expected.map(\.compactText).joined(separator: "\n"))
        actual:
        \(answers.map(\.compactText).joined(separator: "\n"))
        log:
        \(server.logLines.suffix(5).joined(separator: "\n"))
        """, file: file, line: line)
      return
    }
  }
  if let expectedStatus = transcript.exitStatus {
    XCTAssertEqual(server.exitStatus, expectedStatus, "\(name): exit status", file: file, line: line)
  }
}
