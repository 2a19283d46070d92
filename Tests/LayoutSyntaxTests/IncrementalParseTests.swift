import Foundation
import LayoutSyntax
import TestSupport
import XCTest

/// Parsing an edited file again from the statement before the change must give exactly the
/// tree and diagnostics of a full parse, whatever the edit, edit after edit.
final class IncrementalParseTests: XCTestCase {
  /// Every field of a tree, ranges included, as text.
  private func describe(_ file: LayoutFile) -> String {
    var text = ""
    dump(file.statements, to: &text)
    dump(file.diagnostics, to: &text)
    return text
  }

  /// Layout and VFL sources to edit: the parser fixtures and the examples.
  private func sources() throws -> [(String, FileKind, [UInt8])] {
    var result: [(String, FileKind, [UInt8])] = []
    let root = packageRoot()
    for folder in ["Tests/Fixtures/syntax/ok", "Tests/Fixtures/syntax/err", "Examples/clean", "Examples/problems"] {
      let directory = root.appendingPathComponent(folder)
      for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() {
        guard let kind = FileKind(pathExtension: (name as NSString).pathExtension) else { continue }
        let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
        result.append(("\(folder)/\(name)", kind, bytes))
      }
    }
    return result
  }

  /// What a person types, and what breaks a parse: braces, separators, quotes, comments.
  private let insertions: [String] = [
    "a", "x", "5", "0", " ", "\n", "\r\n", ";", "{", "}", "(", ")", "[", "]", "|", "-", "\"", "#", "# note\n",
    ".", "==", "@750", "H:|-[a]-|", "V:[b(44)]", "label z intrinsic 10x10\n", "view w {\n", "}\n",
    "a.width == b.width * 0.5 + 8\n", "metric m = 3\n", "canvas c 320x480\n", "é", "😀",
  ]

  private func randomEdit(_ bytes: [UInt8], _ random: inout SeededRandom) -> [UInt8] {
    var result = bytes
    let position = Int.random(in: 0...result.count, using: &random)
    switch Int.random(in: 0..<4, using: &random) {
    case 0:
      let end = min(result.count, position + Int.random(in: 1...12, using: &random))
      result.removeSubrange(position..<end)
    case 1:
      let end = min(result.count, position + Int.random(in: 0...6, using: &random))
      let text = insertions[Int.random(in: 0..<insertions.count, using: &random)]
      result.replaceSubrange(position..<end, with: Array(text.utf8))
    default:
      let text = insertions[Int.random(in: 0..<insertions.count, using: &random)]
      result.insert(contentsOf: Array(text.utf8), at: position)
    }
    return result
  }

  func testRandomEditsParseAsAFullParseDoes() throws {
    let all = try sources()
    XCTAssertGreaterThan(all.count, 20)
    withEverySeed(0..<150) { random, seed in
      guard let (name, kind, original) = all.randomElement(using: &random) else { return }
      var bytes = original
      var file = Parser.parse(bytes, kind: kind)
      for step in 0..<15 {
        let edited = randomEdit(bytes, &random)
        guard let change = TextChange.between(bytes, edited) else { continue }
        let incremental = Parser.reparse(file, bytes: edited, change: change)
        let full = Parser.parse(edited, kind: kind)
        let expected = describe(full)
        let actual = describe(incremental.file)
        XCTAssertEqual(
          actual, expected, "seed \(seed), \(name), step \(step):\n\(String(decoding: edited, as: UTF8.self))")
        if actual != expected { return }
        bytes = edited
        file = incremental.file
      }
    }
  }

  func testAnEditInsideOneStatementParsesOnlyItsNeighbourhood() {
    var text = "canvas phone 375x667\n"
    for index in 0..<200 { text += "label v\(index) intrinsic 60x21\nV:|-8-[v\(index)(44)]\n" }
    let bytes = Array(text.utf8)
    let file = Parser.parse(bytes, kind: .layout)
    let target = Array("[v100(44)]".utf8)
    guard let offset = (0..<bytes.count).first(where: { Array(bytes[$0..<min($0 + target.count, bytes.count)]) == target })
    else { return XCTFail("no target") }
    var edited = bytes
    edited[offset + 7] = UInt8(ascii: "5")
    guard let change = TextChange.between(bytes, edited) else { return XCTFail("no change") }
    let result = Parser.reparse(file, bytes: edited, change: change)
    XCTAssertLessThanOrEqual(result.newStatements.count, 4, "\(result.newStatements)")
    XCTAssertLessThanOrEqual(result.newSpan.count, 120)
    XCTAssertEqual(describe(result.file), describe(Parser.parse(edited, kind: .layout)))
  }

  func testChangesBetweenTexts() {
    XCTAssertNil(TextChange.between(Array("abc".utf8), Array("abc".utf8)))
    XCTAssertEqual(TextChange.between(Array("abc".utf8), Array("abxc".utf8)), TextChange(start: 2, oldEnd: 2, newEnd: 3))
    XCTAssertEqual(TextChange.between(Array("aaa".utf8), Array("aa".utf8)), TextChange(start: 2, oldEnd: 3, newEnd: 2))
    XCTAssertEqual(TextChange.between([], Array("a".utf8)), TextChange(start: 0, oldEnd: 0, newEnd: 1))
    let change = TextChange(start: 4, oldEnd: 6, newEnd: 9)
    XCTAssertEqual(change.map(3), 3)
    XCTAssertEqual(change.map(6), 9)
    XCTAssertEqual(change.map(10), 13)
  }
}
