import Foundation
import JSONRPC

/// The requests received and not yet answered, and which of them the client cancelled.
///
/// The reader thread records requests and cancellations as they arrive, so that a cancel
/// is seen at once even while the analysis thread is busy; the analysis thread asks
/// before and after handling a request, and forgets it once answered. Only pending
/// requests can be cancelled, so a storm of cancels for unknown ids leaves nothing behind.
final class CancellationRegistry: @unchecked Sendable {
  private let lock = NSLock()
  /// How many requests with each id are pending (a client may reuse an id).
  private var pending: [RequestID: Int] = [:]
  private var cancelled: Set<RequestID> = []
  /// Set when the input ended during an analysis: every request counts as cancelled and
  /// the analysis stops at its next check.
  private var everything = false

  func received(_ id: RequestID) {
    lock.lock()
    pending[id, default: 0] += 1
    lock.unlock()
  }

  func cancel(_ id: RequestID) {
    lock.lock()
    if pending[id] != nil { cancelled.insert(id) }
    lock.unlock()
  }

  func isCancelled(_ id: RequestID) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return everything || cancelled.contains(id)
  }

  /// Cancels every request, pending or to come, and the analysis in progress.
  func cancelEverything() {
    lock.lock()
    everything = true
    lock.unlock()
  }

  var isCancelledEverything: Bool {
    lock.lock()
    defer { lock.unlock() }
    return everything
  }

  func answered(_ id: RequestID) {
    lock.lock()
    if let count = pending[id] {
      if count <= 1 {
        pending[id] = nil
        cancelled.remove(id)
      } else {
        pending[id] = count - 1
      }
    }
    lock.unlock()
  }

  var pendingCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return pending.values.reduce(0, +)
  }
}
