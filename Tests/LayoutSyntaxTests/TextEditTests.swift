import LayoutSyntax
import TestSupport
import XCTest

/// The arithmetic of edits: composing changes, narrowing them, and a line table updated with
/// each edit, against answers computed from the whole texts.
final class TextEditTests: XCTestCase {
  /// Edits apply in any order, those at one offset in the order given, and ranges past the
  /// end are clamped.
  func testApplyingEdits() {
    let text = Array("view a\nview b\n".utf8)
    func edit(_ start: Int, _ end: Int, _ newText: String) -> TextEdit {
      TextEdit(range: SourceRange(start: start, end: end), newText: newText)
    }
    let edits = [edit(12, 13, "c"), edit(5, 6, "x"), edit(0, 0, "# 1\n"), edit(0, 0, "# 2\n"), edit(14, 99, "!")]
    XCTAssertEqual(String(decoding: TextEdit.apply(edits, to: text), as: UTF8.self), "# 1\n# 2\nview x\nview c\n!")
    XCTAssertEqual(TextEdit.apply([], to: text), text)
  }

  /// Bytes with every kind of line ending and multi-byte characters.
  private let alphabet: [[UInt8]] = ["a", "b", "\n", "\r", "\r\n", "é", "😀", " "].map { Array($0.utf8) }

  private func randomText(_ random: inout SeededRandom, length: ClosedRange<Int>) -> [UInt8] {
    var bytes: [UInt8] = []
    for _ in 0..<Int.random(in: length, using: &random) {
      bytes += alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
    }
    return bytes
  }

  /// A random replacement in `bytes` (offsets may split a character: editors send byte ranges
  /// here only after conversion, but the arithmetic must not care).
  private func randomEdit(_ bytes: [UInt8], _ random: inout SeededRandom) -> (SourceRange, [UInt8]) {
    let start = Int.random(in: 0...bytes.count, using: &random)
    let end = min(bytes.count, start + Int.random(in: 0...4, using: &random))
    return (SourceRange(start: start, end: end), randomText(&random, length: 0...3))
  }

  /// Whether `change` describes `old` → `new`: the bytes before its start and after its ends agree.
  private func fits(_ change: TextChange, _ old: [UInt8], _ new: [UInt8]) -> Bool {
    change.start <= change.oldEnd && change.start <= change.newEnd && change.oldEnd <= old.count
      && change.newEnd <= new.count && old.count - change.oldEnd == new.count - change.newEnd
      && old[0..<change.start] == new[0..<change.start] && old[change.oldEnd...] == new[change.newEnd...]
  }

  func testChangesComposeIntoOneThatCoversBoth() {
    withEverySeed(0..<2_000) { random, seed in
      var text = randomText(&random, length: 0...12)
      let original = text
      var covering: TextChange?
      for _ in 0..<Int.random(in: 1...5, using: &random) {
        let (range, insert) = randomEdit(text, &random)
        text.replaceSubrange(range.start..<range.end, with: insert)
        let change = TextChange(start: range.start, oldEnd: range.end, newEnd: range.start + insert.count)
        covering = covering.map { $0.followed(by: change) } ?? change
      }
      guard let covering else { return XCTFail("seed \(seed): no change") }
      XCTAssertTrue(fits(covering, original, text), "seed \(seed): \(covering)")
      // Narrowed, it still fits, and is no wider than the smallest change the texts allow.
      let narrowed = TextChange.narrowed(covering, old: original, new: text)
      let smallest = TextChange.between(original, text)
      XCTAssertEqual(narrowed == nil, smallest == nil, "seed \(seed)")
      if let narrowed, let smallest {
        XCTAssertTrue(fits(narrowed, original, text), "seed \(seed): \(narrowed)")
        XCTAssertEqual(narrowed.oldEnd - narrowed.start, smallest.oldEnd - smallest.start, "seed \(seed)")
      }
    }
  }

  func testAChangeThatDoesNotFitTheTextsIsFoundByComparingThem() {
    let old = Array("width == 10".utf8)
    let new = Array("width == 120".utf8)
    let wrong = TextChange(start: 0, oldEnd: 40, newEnd: 3)
    XCTAssertEqual(TextChange.narrowed(wrong, old: old, new: new), TextChange.between(old, new))
    XCTAssertNil(TextChange.narrowed(TextChange(start: 2, oldEnd: 4, newEnd: 4), old: old, new: old))
  }

  func testALineIndexUpdatedWithEachEditEqualsOneBuiltAnew() {
    for breaks in [LineBreaks.newline, .newlineOrReturn] {
      withEverySeed(0..<1_000) { random, seed in
        var index = LineIndex(randomText(&random, length: 0...20), breaks: breaks)
        for step in 0..<8 {
          let (range, insert) = randomEdit(index.bytes, &random)
          index.replace(range, with: insert)
          let fresh = LineIndex(index.bytes, breaks: breaks)
          guard index.lineStarts == fresh.lineStarts, index.lineEnds == fresh.lineEnds else {
            return XCTFail(
              "seed \(seed), step \(step), \(breaks): \(index.lineStarts)/\(index.lineEnds) against "
                + "\(fresh.lineStarts)/\(fresh.lineEnds) for \(index.bytes)")
          }
        }
      }
    }
  }

  /// A UTF-16 column is read as the byte column while the text is all ASCII; through edits
  /// that add and remove other characters it must be the UTF-16 length from the line's start.
  func testUTF16ColumnsThroughEditsThatAddAndRemoveOtherCharacters() {
    let pieces: [[UInt8]] = [Array("ab".utf8), Array("é".utf8), Array("😀".utf8), [0x0A], [0x0D], [0xFF], Array("xyz".utf8)]
    withEverySeed(0..<400) { random, seed in
      var index = LineIndex(randomText(&random, length: 0...20))
      for step in 0..<10 {
        let start = Int.random(in: 0...index.bytes.count, using: &random)
        let end = Int.random(in: start...min(index.bytes.count, start + 6), using: &random)
        var insert: [UInt8] = []
        for _ in 0..<Int.random(in: 0...3, using: &random) { insert += pieces.randomElement(using: &random) ?? [] }
        index.replace(SourceRange(start: start, end: end), with: insert)
        let fresh = LineIndex(index.bytes)
        for offset in 0...index.bytes.count {
          let position = index.utf16Position(of: offset)
          let content = index.contentRange(ofLine: position.line)
          let expected = index.utf16Length(from: content.start, to: min(offset, content.end))
          guard position.column == expected, fresh.utf16Position(of: offset) == position else {
            return XCTFail("seed \(seed), step \(step): column \(position.column) at \(offset), not \(expected), of \(index.bytes)")
          }
        }
      }
    }
  }

  func testLinesEndWhereTheirConventionSays() {
    let text = "a\r\nb\rc\nd"
    let command = LineIndex(text)
    XCTAssertEqual(command.lineStarts, [0, 3, 7])
    XCTAssertEqual(command.contentRange(ofLine: 0), SourceRange(start: 0, end: 1))
    XCTAssertEqual(command.contentRange(ofLine: 1), SourceRange(start: 3, end: 6))
    let protocolLines = LineIndex(text, breaks: .newlineOrReturn)
    XCTAssertEqual(protocolLines.lineStarts, [0, 3, 5, 7])
    XCTAssertEqual(protocolLines.contentRange(ofLine: 1), SourceRange(start: 3, end: 4))
    // Columns in UTF-8 bytes and UTF-16 units, and back, clamped to the line.
    let emoji = LineIndex("x😀y\nz")
    XCTAssertEqual(emoji.utf8Position(of: 5), LinePosition(line: 0, column: 5))
    XCTAssertEqual(emoji.utf16Position(of: 5), LinePosition(line: 0, column: 3))
    XCTAssertEqual(emoji.offset(of: LinePosition(line: 0, column: 3), countingUTF16: true), 5)
    XCTAssertEqual(emoji.offset(of: LinePosition(line: 0, column: 2), countingUTF16: true), 1)
    XCTAssertEqual(emoji.offset(of: LinePosition(line: 0, column: 99), countingUTF16: false), 6)
    XCTAssertEqual(emoji.offset(of: LinePosition(line: 9, column: 0), countingUTF16: false), 8)
  }
}
