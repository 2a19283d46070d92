import TestSupport

/// Pieces of the random `.layout` texts the shortcut tests write, each drawing from `random`
/// in the order its lines are written (a seed gives the same text as before they were shared).
enum RandomLayoutLines {
  /// A line for one view, given its index.
  typealias Line = @Sendable (Int, inout SeededRandom) -> String

  /// Sometimes `direction both`, then a canvas of a random size.
  static func start(widths: ClosedRange<Int>, heights: ClosedRange<Int>, _ random: inout SeededRandom) -> [String] {
    var lines: [String] = []
    if Bool.random(using: &random) { lines.append("direction both") }
    lines.append("canvas wide \(Int.random(in: widths, using: &random))x\(Int.random(in: heights, using: &random))")
    return lines
  }

  /// `view vI` for each view, one in `framesOneIn` with `frame`, one in `insetsOneIn` with insets.
  static func views(
    _ count: Int, framesOneIn: Int, frame: Line, insetsOneIn: Int, _ random: inout SeededRandom
  ) -> [String] {
    var lines: [String] = []
    for index in 0..<count {
      var line = "view v\(index)"
      if Int.random(in: 0..<framesOneIn, using: &random) == 0 { line += frame(index, &random) }
      if Int.random(in: 0..<insetsOneIn, using: &random) == 0 { line += " insets (1, 2, 3, 4)" }
      lines.append(line)
    }
    return lines
  }

  /// For each view, one draw among `outOf` equally likely cases: the line of `choices` at
  /// that case, or none past their end.
  static func oneEach(_ count: Int, outOf: Int, _ choices: [Line], _ random: inout SeededRandom) -> [String] {
    var lines: [String] = []
    for index in 0..<count {
      let choice = Int.random(in: 0..<outOf, using: &random)
      if choice < choices.count { lines.append(choices[choice](index, &random)) }
    }
    return lines
  }

  /// The sum of `count(text, label)` over the texts of `withEveryRandomLayout(seeds)`, each
  /// labelled by its seed.
  static func total(
    overRandomLayouts seeds: Range<UInt64>, file: StaticString = #filePath, line: UInt = #line,
    _ count: (String, String) -> Int
  ) -> Int {
    var total = 0
    withEveryRandomLayout(seeds, file: file, line: line) { text, seed in total += count(text, "seed \(seed)") }
    return total
  }

  // Lines that size or place one view, for `oneEach`.
  static let widthPinned: Line = { index, random in "v\(index).width == \(Int.random(in: 0...50, using: &random))" }
  static let widthAtMost: Line = { index, random in "v\(index).width <= \(Int.random(in: 0...30, using: &random))" }
  static let widthAtLeast: Line = { index, random in "v\(index).width >= \(Int.random(in: 1...30, using: &random))" }
  static let widthWanted: Line = { index, _ in "v\(index).width == 30 @250" }
  static let leadingPinned: Line = { index, random in
    "v\(index).leading == super.leading + \(Int.random(in: -10...60, using: &random))"
  }
  static let trailingPinned: Line = { index, _ in "v\(index).trailing == super.trailing" }
  static let heightPinned: Line = { index, random in "v\(index).height == \(Int.random(in: 0...40, using: &random))" }
  static let topPinned: Line = { index, _ in "v\(index).top == super.top + 8" }
  static let leadingAtLeast: Line = { index, _ in "v\(index).leading >= super.leading + 4" }
}
