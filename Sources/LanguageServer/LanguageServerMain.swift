import Foundation
import JSONRPC

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the language server until the client says `exit` or the input ends.
///
/// One thread reads and frames messages and hands them to the calling thread, which
/// handles them in order; `$/cancelRequest` takes effect as soon as it is read. Messages
/// that arrive together are handled together, and diagnostics are published once the
/// burst is handled, so a burst of edits costs one analysis.
///
/// - Parameters:
///   - input: where the client's messages come from.
///   - output: where the server's messages go; nothing else is written there.
///   - log: where log lines go (standard error).
/// - Returns: the exit status: 0 after `shutdown` then `exit` (or the end of the input
///   after `shutdown`), 1 for `exit` or the end of the input without `shutdown`.
public func runLanguageServer(input: ByteSource, output: ByteSink, log: @escaping @Sendable (String) -> Void) -> Int32 {
  let writer = MessageWriter(sink: output)
  let inbox = Inbox()
  let server = Server(cancellation: inbox.cancellation, send: { writer.send($0) }, log: log)

  let reader = Thread {
    let messages = MessageReader(source: input)
    while true {
      let event = messages.next()
      inbox.deliver(event)
      if case .endOfInput = event { return }
      // The reader stops after `exit`: nothing after it would be read.
      if case .message(.notification("exit", _)) = event { return }
    }
  }
  reader.name = "plumb-lsp-reader"
  reader.start()

  let watchdog = ParentWatchdog(inbox: inbox)

  var deferredFlushes = 0
  while true {
    let events = inbox.takeAll(wait: true)
    server.process(events)
    if let status = server.exitStatus {
      watchdog.stop()
      return status
    }
    if let pid = server.parentProcessID { watchdog.watch(pid) }
    // More messages already waiting: handle them first, so that a burst of edits is
    // analysed once; publish when the inbox is empty, or after a while of constant input.
    if inbox.isEmpty || deferredFlushes >= 32 {
      server.flush()
      deferredFlushes = 0
      if inbox.isEmpty { server.settle() }
    } else {
      deferredFlushes += 1
    }
  }
}

/// Runs the language server on the process's standard streams and returns its exit status.
///
/// Standard output is reserved for the protocol: the real descriptor is duplicated for the
/// server's messages and descriptor 1 is pointed at standard error, so a stray `print`
/// cannot corrupt the stream. SIGPIPE is ignored, so a client that goes away ends the
/// server through the end of its input rather than a signal.
public func runLanguageServerOnStandardStreams() -> Int32 {
  signal(SIGPIPE, SIG_IGN)
  let protocolOutput = dup(STDOUT_FILENO)
  let outputDescriptor: Int32
  if protocolOutput >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 {
    outputDescriptor = protocolOutput
  } else {
    outputDescriptor = STDOUT_FILENO
  }
  let errorSink = FileDescriptorSink(descriptor: STDERR_FILENO)
  return runLanguageServer(
    input: FileDescriptorSource(descriptor: STDIN_FILENO),
    output: FileDescriptorSink(descriptor: outputDescriptor),
    log: { line in errorSink.write(Array((line + "\n").utf8)) })
}

/// Ends the server when the client process named in `initialize` is gone, so an editor
/// that crashes leaves no server behind.
final class ParentWatchdog: @unchecked Sendable {
  private let inbox: Inbox
  private let lock = NSLock()
  private var started = false
  private var stopped = false

  init(inbox: Inbox) {
    self.inbox = inbox
  }

  func watch(_ pid: Int32) {
    lock.lock()
    defer { lock.unlock() }
    guard !started else { return }
    started = true
    let thread = Thread { [weak self] in
      while true {
        Thread.sleep(forTimeInterval: 3)
        guard let self else { return }
        if self.isStopped { return }
        if kill(pid, 0) != 0, errno == ESRCH {
          self.inbox.deliver(.skipped("nothing: the client process \(pid) is gone"))
          self.inbox.deliver(.endOfInput)
          return
        }
      }
    }
    thread.name = "plumb-lsp-watchdog"
    thread.start()
  }

  private var isStopped: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopped
  }

  func stop() {
    lock.lock()
    stopped = true
    lock.unlock()
  }
}
