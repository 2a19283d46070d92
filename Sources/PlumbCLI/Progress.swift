import Dispatch
import Foundation

/// The progress line of a long `plumb check` on a terminal: after `delay` seconds, standard
/// error shows `plumb check: 120 of 2000 files` on one line, redrawn ten times a second and
/// erased before each part of the report written meanwhile and when the run ends, so it never
/// mixes with the output. Nothing is drawn when standard error is not a terminal, with
/// `--quiet`, or for a run shorter than the delay.
final class Progress: @unchecked Sendable {
  private let lock = NSLock()
  private var done = 0
  private let total: Int
  private let write: (String) -> Void
  private var drawn = false
  private var finished = false
  private let timer: DispatchSourceTimer

  init(total: Int, delay: Double, write: @escaping (String) -> Void) {
    self.total = total
    self.write = write
    timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
    timer.schedule(deadline: .now() + delay, repeating: 0.1)
    timer.setEventHandler { [weak self] in self?.draw() }
    timer.resume()
    if delay <= 0 { draw() }
  }

  /// One more file checked.
  func advance() {
    lock.lock()
    done += 1
    lock.unlock()
  }

  private func draw() {
    lock.lock()
    defer { lock.unlock() }
    guard !finished else { return }
    drawn = true
    write("\r\u{1B}[Kplumb check: \(done) of \(total) file\(total == 1 ? "" : "s")")
  }

  /// Erases the line, if it is drawn, before `body` writes the report's next part; the next
  /// tick draws it again below what was written.
  func writeAbove(_ body: () -> Void) {
    lock.lock()
    defer { lock.unlock() }
    if drawn && !finished { write("\r\u{1B}[K") }
    body()
  }

  /// Stops drawing and erases the line.
  func finish() {
    timer.cancel()
    lock.lock()
    defer { lock.unlock() }
    finished = true
    if drawn { write("\r\u{1B}[K") }
  }
}
