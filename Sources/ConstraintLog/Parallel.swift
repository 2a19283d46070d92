import Foundation

/// `(0..<count).map(transform)` spread over the cores in chunks, results in order.
func parallelMap<Value: Sendable>(count: Int, chunk: Int, _ transform: @escaping @Sendable (Int) -> Value) -> [Value] {
  guard count > chunk else { return (0..<count).map(transform) }
  let chunks = (count + chunk - 1) / chunk
  let slots = ChunkSlots<Value>(count: chunks)
  DispatchQueue.concurrentPerform(iterations: chunks) { task in
    slots.set(task, (task * chunk..<min(count, (task + 1) * chunk)).map(transform))
  }
  return slots.values
}

/// The chunks' results, each set once by its task.
final class ChunkSlots<Value>: @unchecked Sendable {
  private var storage: [[Value]]
  private let lock = NSLock()

  init(count: Int) {
    storage = Array(repeating: [], count: count)
  }

  func set(_ index: Int, _ values: [Value]) {
    lock.lock()
    storage[index] = values
    lock.unlock()
  }

  var values: [Value] {
    lock.lock()
    defer { lock.unlock() }
    return storage.flatMap { $0 }
  }
}
