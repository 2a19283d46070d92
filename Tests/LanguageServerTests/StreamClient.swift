import Foundation
import JSONRPC
import XCTest

@testable import LanguageServer

/// A client that talks to a server through real `Content-Length` framing: the server's
/// entry point on a thread of its own over in-memory pipes, or a process.
final class StreamClient: @unchecked Sendable {
  let toServer: ByteSink
  private let fromServer: ByteSource
  private var framer = MessageFramer()
  private var received: [JSONValue] = []
  private let readQueue = DispatchQueue(label: "stream-client-reader")
  private let condition = NSCondition()
  private var ended = false

  init(toServer: ByteSink, fromServer: ByteSource) {
    self.toServer = toServer
    self.fromServer = fromServer
    // Read the server's output on a thread of its own, so a test can wait with a timeout.
    let source = fromServer
    readQueue.async { [weak self] in
      while true {
        let bytes = source.read(maximumLength: 65536)
        guard let self else { return }
        self.condition.lock()
        if bytes.isEmpty {
          self.ended = true
        } else {
          for event in self.framer.append(bytes) {
            if case .body(let body) = event, let value = try? JSONValue.parse(body) { self.received.append(value) }
          }
        }
        self.condition.broadcast()
        self.condition.unlock()
        if bytes.isEmpty { return }
      }
    }
  }

  func sendRaw(_ bytes: [UInt8]) {
    toServer.write(bytes)
  }

  func send(_ text: String) {
    let body = Array(text.utf8)
    sendRaw(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
  }

  func send(_ value: JSONValue) {
    send(value.compactText)
  }

  /// `textDocument/didOpen` of a `.layout` document at version 1.
  func openDocument(uri: String, text: String) {
    send(
      JSONValue.object([
        ("jsonrpc", "2.0"), ("method", "textDocument/didOpen"),
        (
          "params",
          .object([
            ("textDocument", .object([("uri", .string(uri)), ("languageId", "layout"), ("version", 1), ("text", .string(text))]))
          ])
        ),
      ]))
  }

  /// Waits until a message satisfying `predicate` has arrived and returns it (nil after
  /// `timeout` seconds or at the end of the output).
  func wait(timeout: Double = 20, for predicate: (JSONValue) -> Bool) -> JSONValue? {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let found = received.first(where: predicate) { return found }
      if ended { return nil }
      if !condition.wait(until: deadline) { return nil }
    }
  }

  /// The response to the request `id`.
  func response(to id: JSONValue, timeout: Double = 20) -> JSONValue? {
    wait(timeout: timeout) { $0["id"] == id && $0["method"] == nil }
  }

  /// Every message received so far, for a predicate of `wait` (which holds the lock).
  var messagesUnlocked: [JSONValue] { received }

  /// Every message received so far.
  var messages: [JSONValue] {
    condition.lock()
    defer { condition.unlock() }
    return received
  }

  /// Waits for the end of the server's output.
  func waitForEnd(timeout: Double = 20) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while !ended {
      if !condition.wait(until: deadline) { return ended }
    }
    return true
  }
}

/// The server's entry point running on a thread, over pipes.
final class ThreadedServer: @unchecked Sendable {
  let input = BytePipe()
  let output = BytePipe()
  let client: StreamClient
  private let done = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var status: Int32?
  private var logLines: [String] = []

  init() {
    client = StreamClient(toServer: input, fromServer: output)
    let input = self.input
    let output = self.output
    Thread { [self] in
      let result = runLanguageServer(input: input, output: output) { [self] line in
        self.lock.lock()
        self.logLines.append(line)
        self.lock.unlock()
      }
      self.lock.lock()
      self.status = result
      self.lock.unlock()
      output.close()
      self.done.signal()
    }.start()
  }

  /// Waits for the server to return and gives its exit status (nil on timeout).
  func exitStatus(timeout: Double = 20) -> Int32? {
    guard done.wait(timeout: .now() + timeout) == .success else { return nil }
    lock.lock()
    defer { lock.unlock() }
    return status
  }

  var log: [String] {
    lock.lock()
    defer { lock.unlock() }
    return logLines
  }

  deinit {
    input.close()
  }
}
