import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Somewhere bytes come from: standard input, a pipe, or a test's script.
public protocol ByteSource: AnyObject, Sendable {
  /// Blocks until some bytes are available and returns them; an empty array means the end
  /// of the input.
  func read(maximumLength: Int) -> [UInt8]
}

/// Somewhere bytes go: standard output, a pipe, or a test's buffer.
public protocol ByteSink: AnyObject, Sendable {
  /// Writes all the bytes; returns false when they could not be written (a closed pipe).
  @discardableResult
  func write(_ bytes: [UInt8]) -> Bool
}

/// Reads a file descriptor with read(2), retrying when a signal interrupts it.
public final class FileDescriptorSource: ByteSource {
  public let descriptor: Int32

  public init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  public func read(maximumLength: Int) -> [UInt8] {
    let length = max(1, maximumLength)
    var buffer = [UInt8](repeating: 0, count: length)
    while true {
      let count = buffer.withUnsafeMutableBytes { raw -> Int in
        guard let base = raw.baseAddress else { return -1 }
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
          return Foundation.read(descriptor, base, length)
        #else
          return -1
        #endif
      }
      if count > 0 { return Array(buffer.prefix(count)) }
      if count < 0, errno == EINTR { continue }
      return []
    }
  }
}

/// Writes to a file descriptor with write(2), completing partial writes.
///
/// A closed reader makes write(2) fail with EPIPE; SIGPIPE must be ignored for that, which
/// the server's entry point does.
public final class FileDescriptorSink: ByteSink {
  public let descriptor: Int32
  private let lock = NSLock()

  public init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  @discardableResult
  public func write(_ bytes: [UInt8]) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { raw -> Int in
        guard let base = raw.baseAddress else { return -1 }
        return Foundation.write(descriptor, base + offset, bytes.count - offset)
      }
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else {
        return false
      }
    }
    return true
  }
}

/// An in-memory pipe: one side writes bytes, the other reads them, in order.
///
/// Tests drive the server through it; `close()` ends the input.
public final class BytePipe: ByteSource, ByteSink, @unchecked Sendable {
  private let condition = NSCondition()
  private var pending: [UInt8] = []
  private var isClosed = false

  public init() {}

  @discardableResult
  public func write(_ bytes: [UInt8]) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard !isClosed else { return false }
    pending.append(contentsOf: bytes)
    condition.broadcast()
    return true
  }

  public func read(maximumLength: Int) -> [UInt8] {
    condition.lock()
    defer { condition.unlock() }
    while pending.isEmpty && !isClosed { condition.wait() }
    let count = min(max(1, maximumLength), pending.count)
    let bytes = Array(pending.prefix(count))
    pending.removeFirst(count)
    return bytes
  }

  /// Ends the input: reads return what is left, then the end.
  public func close() {
    condition.lock()
    isClosed = true
    condition.broadcast()
    condition.unlock()
  }

  /// Every byte written and not yet read, taken at once.
  public func takeAll() -> [UInt8] {
    condition.lock()
    defer { condition.unlock() }
    let bytes = pending
    pending = []
    return bytes
  }

  /// Waits until at least `count` bytes are pending or `timeout` seconds pass.
  public func waitForBytes(atLeast count: Int, timeout: Double) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while pending.count < count {
      if !condition.wait(until: deadline) { return pending.count >= count }
    }
    return true
  }
}

/// Writes framed messages, one whole frame at a time, from any thread.
public final class MessageWriter: @unchecked Sendable {
  private let sink: ByteSink
  /// Held for a whole frame's write, so frames never interleave.
  private let lock = NSLock()
  /// Guards `closed` only: never held during a write, so `close` never waits for one (a
  /// write blocks while the client reads nothing).
  private let closeLock = NSLock()
  private var closed = false
  /// Set once a write failed: the other side is gone.
  public private(set) var isBroken = false

  public init(sink: ByteSink) {
    self.sink = sink
  }

  /// Stops writing: later messages are dropped (the server is ending). Returns at once, even
  /// while another thread is blocked writing.
  public func close() {
    closeLock.lock()
    closed = true
    closeLock.unlock()
  }

  private var isClosed: Bool {
    closeLock.lock()
    defer { closeLock.unlock() }
    return closed
  }

  public func send(_ message: Message) {
    let frame = message.framed
    guard !isClosed else { return }
    lock.lock()
    defer { lock.unlock() }
    guard !isBroken, !isClosed else { return }
    if !sink.write(frame) { isBroken = true }
  }
}
