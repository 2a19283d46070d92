import Foundation

/// Collects what a command writes to one of its streams, from any thread.
public final class Buffer: @unchecked Sendable {
  private var storage = ""
  private let lock = NSLock()

  public init() {}

  public func append(_ text: String) {
    lock.lock()
    storage += text
    lock.unlock()
  }

  public var text: String {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }
}
