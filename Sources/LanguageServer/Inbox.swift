import Foundation
import JSONRPC

/// The messages received and not yet handled, in order, shared by the thread that reads
/// them and the thread that handles them.
///
/// Delivering a message records requests and cancellations in the registry at once, so a
/// `$/cancelRequest` takes effect for a request still waiting in the inbox.
final class Inbox: @unchecked Sendable {
  private let condition = NSCondition()
  private var events: [IncomingEvent] = []
  let cancellation = CancellationRegistry()
  /// Set when the end of the input (or of the client process) is delivered.
  private var inputEnded = false
  /// The analysis thread's exit status, once it is done.
  private var finishedStatus: Int32?
  /// Whether a `shutdown` request was read (for the status when the input ends during an
  /// analysis, before the request could be handled).
  private var shutdownRequested = false

  /// Adds an event (from the reader thread, or a test).
  func deliver(_ event: IncomingEvent) {
    if case .message(let message) = event {
      switch message {
      case .request(let id, let method, _):
        cancellation.received(id)
        if method == "shutdown" {
          condition.lock()
          shutdownRequested = true
          condition.unlock()
        }
      case .notification("$/cancelRequest", let params):
        if let rawID = params?["id"], let id = RequestID(json: rawID) { cancellation.cancel(id) }
      default:
        break
      }
    }
    condition.lock()
    events.append(event)
    if case .endOfInput = event { inputEnded = true }
    condition.broadcast()
    condition.unlock()
  }

  /// Every event waiting, taken at once; waits for one when `wait` and there is none.
  func takeAll(wait: Bool) -> [IncomingEvent] {
    condition.lock()
    defer { condition.unlock() }
    while wait && events.isEmpty { condition.wait() }
    let taken = events
    events = []
    return taken
  }

  var isEmpty: Bool {
    condition.lock()
    defer { condition.unlock() }
    return events.isEmpty
  }

  var sawShutdownRequest: Bool {
    condition.lock()
    defer { condition.unlock() }
    return shutdownRequested
  }

  /// Records the analysis thread's exit status.
  func finish(_ status: Int32) {
    condition.lock()
    finishedStatus = status
    condition.broadcast()
    condition.unlock()
  }

  /// Waits until the analysis thread finished (its status) or the input ended and it did
  /// not finish within `grace` seconds after that (nil).
  func waitForFinishOrEndOfInput(grace: Double) -> Int32? {
    condition.lock()
    defer { condition.unlock() }
    while finishedStatus == nil && !inputEnded { condition.wait() }
    if let finishedStatus { return finishedStatus }
    let deadline = Date(timeIntervalSinceNow: grace)
    while finishedStatus == nil {
      if !condition.wait(until: deadline) { break }
    }
    return finishedStatus
  }
}
