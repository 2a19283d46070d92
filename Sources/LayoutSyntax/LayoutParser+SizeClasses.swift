// Size classes: a canvas's `traits` and `when` blocks.

extension LayoutParser {
  /// `when TRAIT [TRAIT] {`: returns the block open, for its body to follow.
  mutating func parseWhen(depth: Int) throws(StatementError) -> ParsedStatement {
    let keyword = current
    advance()
    let traits = try parseTraitWords(
      after: "'when'", example: "when wC {", allowsOne: true)
    guard current.kind == .leftBrace else {
      throw StatementError(
        message: "expected '{' after the traits of 'when', as in 'when \(TraitCondition.describe(traits)) {', but found \(describe(current))",
        range: current.range)
    }
    var block = OpenWhen(keyword: keyword.range, traits: traits, openBrace: current.range)
    advance()
    if depth >= Parser.maximumNestingDepth {
      let close = skipTooDeepBody(openBrace: block.openBrace)
      let node = block.block(closedAt: close ?? SourceRange(at: current.range.end))
      finishStatement("the 'when' block")
      return .complete(.when(node))
    }
    block.body.reserveCapacity(4)
    return .openedWhen(block)
  }

  /// The trait words at the current token: two, one of each axis (a canvas's `traits`), or
  /// one or two of different axes (`when`).
  mutating func parseTraitWords(after what: String, example: String, allowsOne: Bool) throws(StatementError) -> [TraitWord] {
    var traits: [TraitWord] = []
    while current.kind == .identifier {
      let word = text(current)
      guard let trait = TraitWord.parse(word, range: current.range) else {
        if let suggestion = closestWord(to: word, among: TraitWord.all) {
          throw StatementError(
            message: "unknown trait '\(word)'; did you mean '\(suggestion)'? A trait is wC, wR, hC or hR",
            range: current.range)
        }
        break
      }
      if traits.contains(where: { $0.isHorizontal == trait.isHorizontal }) {
        throw StatementError(
          message: "'\(word)' gives the \(trait.isHorizontal ? "horizontal" : "vertical") size class a second time; give at most one w… and one h…",
          range: current.range)
      }
      traits.append(trait)
      advance()
    }
    let needed = allowsOne ? "one or two traits (wC, wR, hC, hR)" : "two traits, one w… and one h… (wC or wR, hC or hR)"
    if traits.isEmpty || (!allowsOne && traits.count < 2) {
      throw StatementError(
        message: "expected \(needed) after \(what), as in '\(example)', but found \(describe(current))", range: current.range)
    }
    return traits
  }
}

extension TraitCondition {
  /// The traits as written in a message.
  static func describe(_ traits: [TraitWord]) -> String {
    traits.map { "\($0.isHorizontal ? "w" : "h")\($0.sizeClass.letter)" }.joined(separator: " ")
  }
}
