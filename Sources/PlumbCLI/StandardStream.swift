import Foundation
import JSONRPC

/// Standard output or standard error, written with write(2).
///
/// A reader that goes away (`plumb check big.layout | head -1`) makes write(2) fail with EPIPE
/// (SIGPIPE is ignored by the executable's entry point): the stream is then closed for good,
/// every later write is dropped, and the command runs to its end and exits with its own
/// status, printing nothing about it — as other Unix tools end quietly when the pipe closes.
/// Any other write error closes the stream the same way.
public final class StandardStream: @unchecked Sendable {
  public var descriptor: Int32 { sink.descriptor }
  /// The writes themselves (complete, retried on EINTR), shared with the language server.
  private let sink: FileDescriptorSink
  private let lock = NSLock()
  private var closed = false

  public init(descriptor: Int32) {
    sink = FileDescriptorSink(descriptor: descriptor)
  }

  public static let output = StandardStream(descriptor: 1)
  public static let error = StandardStream(descriptor: 2)

  /// Whether a write failed (the reader went away); later writes are dropped.
  public var isClosed: Bool {
    lock.lock()
    defer { lock.unlock() }
    return closed
  }

  /// Writes all of `bytes`; false when the stream is closed.
  @discardableResult
  public func write(_ bytes: [UInt8]) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard !closed else { return false }
    if !sink.write(bytes) { closed = true }
    return !closed
  }

  public func write(_ text: String) {
    write(Array(text.utf8))
  }
}
