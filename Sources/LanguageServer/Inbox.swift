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

  /// Adds an event (from the reader thread, or a test).
  func deliver(_ event: IncomingEvent) {
    if case .message(let message) = event {
      switch message {
      case .request(let id, _, _):
        cancellation.received(id)
      case .notification("$/cancelRequest", let params):
        if let rawID = params?["id"], let id = RequestID(json: rawID) { cancellation.cancel(id) }
      default:
        break
      }
    }
    condition.lock()
    events.append(event)
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
}
