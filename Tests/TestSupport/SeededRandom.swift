import XCTest

/// A small, fast, replayable pseudo-random generator (SplitMix64).
///
/// Tests that draw random inputs take a seed, print it when they fail, and give the same
/// inputs for the same seed on every machine.
public struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed &+ 0x9E37_79B9_7F4A_7C15
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

/// Runs `body` once for each seed, and names the seed of any failure it records.
///
/// Set `PLUMB_SEED=N` to replay a single seed.
public func withEverySeed(
  _ seeds: Range<UInt64>, file: StaticString = #filePath, line: UInt = #line,
  _ body: (inout SeededRandom, UInt64) throws -> Void
) rethrows {
  var chosen = seeds
  if let text = ProcessInfo.processInfo.environment["PLUMB_SEED"], let seed = UInt64(text) {
    chosen = seed..<(seed + 1)
  }
  for seed in chosen {
    var generator = SeededRandom(seed: seed)
    do {
      try body(&generator, seed)
    } catch {
      XCTFail("seed \(seed): \(error) (replay with PLUMB_SEED=\(seed))", file: file, line: line)
      throw error
    }
  }
}

/// Runs `body` on the random layout of each seed (`RandomLayout.text`, with problems at even
/// seeds), as `withEverySeed` runs it.
public func withEveryRandomLayout(
  _ seeds: Range<UInt64>, file: StaticString = #filePath, line: UInt = #line, _ body: (String, UInt64) -> Void
) {
  withEverySeed(seeds, file: file, line: line) { random, seed in
    body(RandomLayout.text(&random, problems: seed % 2 == 0), seed)
  }
}
