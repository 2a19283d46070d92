import Foundation

/// Fixed slots that parallel workers fill, one slot each, read back in slot order: work
/// spread over cores with results in a stable order.
public final class ResultSlots<Value>: @unchecked Sendable {
  private var storage: [Value?]
  private let lock = NSLock()

  public init(count: Int) {
    storage = [Value?](repeating: nil, count: count)
  }

  public func set(_ index: Int, _ value: Value) {
    lock.lock()
    storage[index] = value
    lock.unlock()
  }

  /// The value of one slot (nil while it is empty), without copying the others.
  public func value(at index: Int) -> Value? {
    lock.lock()
    defer { lock.unlock() }
    return storage.indices.contains(index) ? storage[index] : nil
  }

  /// The filled slots' values, in slot order.
  public var values: [Value] {
    lock.lock()
    defer { lock.unlock() }
    return storage.compactMap { $0 }
  }
}
