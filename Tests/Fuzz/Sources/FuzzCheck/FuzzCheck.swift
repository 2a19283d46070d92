import CFuzzerDriver

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Stops the run when an invariant does not hold: libFuzzer saves the input as a crash.
public func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
  if !condition() {
    let text = Array("invariant failed: \(message())\n".utf8)
    _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
  }
}

/// Whether `range` lies within a text of `count` bytes, start before end.
public func within(_ start: Int, _ end: Int, _ count: Int) -> Bool {
  0 <= start && start <= end && end <= count
}

/// A copy of libFuzzer's input.
public func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  guard let data, size > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Runs libFuzzer with the program's arguments over `target`, and exits with its status.
///
/// SwiftPM gives an executable target its own entry point on Linux, so libFuzzer's `main` is
/// not the program's: each target's `main.swift` calls this instead.
public func runFuzzer(_ target: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
  var argc = CommandLine.argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
  exit(LLVMFuzzerRunDriver(&argc, &argv, target))
}

/// Whether the environment variable `name` is set.
public func environmentFlag(_ name: String) -> Bool {
  getenv(name) != nil
}
