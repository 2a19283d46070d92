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
/// One thread reads and frames messages and hands them to an analysis thread, which
/// handles them in order; `$/cancelRequest` takes effect as soon as it is read. Messages
/// that arrive together are handled together, and diagnostics are published once the
/// burst is handled, so a burst of edits costs one analysis.
///
/// The calling thread only waits: for the analysis thread to finish, or for the end of the
/// input. When the input ends while an analysis is running, the server does not wait for
/// it: after a short grace (`LanguageServerSession.endGrace`) it cancels the analysis, stops
/// writing, and returns, leaving the analysis thread to wind down on its own.
///
/// - Parameters:
///   - input: where the client's messages come from.
///   - output: where the server's messages go; nothing else is written there.
///   - log: where log lines go (standard error).
/// - Returns: the exit status: 0 after `shutdown` then `exit` (or the end of the input
///   after `shutdown`), 1 for `exit` or the end of the input without `shutdown`.
public func runLanguageServer(input: ByteSource, output: ByteSink, log: @escaping @Sendable (String) -> Void) -> Int32 {
  LanguageServerSession.run(input: input, output: output, log: log).status
}

/// How a run of the server ended.
struct LanguageServerSession {
  /// How long the end of the input waits for the analysis thread to finish on its own.
  static let endGrace = 0.03

  let status: Int32
  /// Whether the analysis thread was still busy (it was cancelled, not waited for).
  let abandonedAnalysis: Bool

  static func run(input: ByteSource, output: ByteSink, log: @escaping @Sendable (String) -> Void) -> LanguageServerSession {
    let writer = MessageWriter(sink: output)
    let inbox = Inbox()
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
    let analysis = Thread {
      let server = Server(cancellation: inbox.cancellation, send: { writer.send($0) }, log: log)
      let status = serve(server: server, inbox: inbox, watchdog: watchdog)
      inbox.finish(status)
    }
    analysis.name = "plumb-lsp-analysis"
    // The calling thread's stack is no longer the one the analysis runs on.
    analysis.stackSize = 64 << 20
    analysis.start()

    if let status = inbox.waitForFinishOrEndOfInput(grace: endGrace) {
      watchdog.stop()
      return LanguageServerSession(status: status, abandonedAnalysis: false)
    }
    // The input ended during an analysis: cancel it and do not wait for it.
    inbox.cancellation.cancelEverything()
    writer.close()
    watchdog.stop()
    let status: Int32 = inbox.sawShutdownRequest ? 0 : 1
    log("plumb lsp: the input ended during an analysis; exiting without waiting for it")
    return LanguageServerSession(status: status, abandonedAnalysis: true)
  }

  /// The analysis thread's loop: handles the inbox until `exit` or the end of the input.
  private static func serve(server: Server, inbox: Inbox, watchdog: ParentWatchdog) -> Int32 {
    var deferredFlushes = 0
    while true {
      let events = inbox.takeAll(wait: true)
      server.process(events)
      if let status = server.exitStatus {
        return status
      }
      // Abandoned after the end of the input: analyse nothing more.
      if inbox.cancellation.isCancelledEverything { return 1 }
      if let pid = server.parentProcessID { watchdog.watch(pid) }
      // More messages already waiting: handle them first, so that a burst of edits is
      // analysed once; publish when the inbox is empty, or after a while of constant input.
      if inbox.isEmpty || deferredFlushes >= 32 {
        server.flush()
        deferredFlushes = 0
        if inbox.isEmpty, !inbox.cancellation.isCancelledEverything { server.settle() }
      } else {
        deferredFlushes += 1
      }
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
  let session = LanguageServerSession.run(
    input: FileDescriptorSource(descriptor: STDIN_FILENO),
    output: FileDescriptorSink(descriptor: outputDescriptor),
    log: { line in errorSink.write(Array((line + "\n").utf8)) })
  // An analysis still running would go on while the process runs its exit handlers: end
  // at once instead (every write went straight to its descriptor, nothing is buffered).
  if session.abandonedAnalysis { _exit(session.status) }
  return session.status
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
