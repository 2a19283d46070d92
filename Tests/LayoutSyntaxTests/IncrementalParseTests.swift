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
    dump(file.statements.array, to: &text)
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

  /// A file of many chunks of statements (`StatementList`), edited many times over, keeps
  /// every range and the statements about left and right of a full parse: the statements
  /// after each edit are moved by their chunk's offset, which accumulates edit after edit.
  func testManyEditsToAFileOfManyChunksParseAsAFullParseDoes() {
    var text = "canvas phone 375x667\nmetric gap = 8\n"
    for index in 0..<120 {
      text += "label v\(index) intrinsic 60x21\n"
      switch index % 6 {
      case 0: text += "H:|-gap-[v\(index)]-(>=gap)-|\n"
      case 1: text += "V:|-[v\(index)(44)]\n"
      case 2: text += "v\(index).left == v\(index - 1).right + 8\n"
      case 3: text += "V:[v\(index - 1)]-[v\(index)]|-(alignAllLeft)\n"
      case 4: text += "view box\(index) {\n  label w\(index) intrinsic 10x10\n  w\(index).leading == super.leading\n}\n"
      default: text += "when wC {\n  v\(index).width == 20\n}\n"
      }
    }
    let original = Array(text.utf8)
    XCTAssertGreaterThan(Parser.parse(original, kind: .layout).statements.count, 3 * 64)
    withEverySeed(0..<6) { random, seed in
      var bytes = original
      var file = Parser.parse(bytes, kind: .layout)
      for step in 0..<30 {
        var edited = randomEdit(bytes, &random)
        // Now and then a long stretch goes, so that chunks shrink and join.
        if step % 10 == 9, edited.count > 600 {
          let start = Int.random(in: 0..<(edited.count - 500), using: &random)
          edited.removeSubrange(start..<(start + Int.random(in: 100...500, using: &random)))
        }
        guard let change = TextChange.between(bytes, edited) else { continue }
        let incremental = Parser.reparse(file, bytes: edited, change: change).file
        let full = Parser.parse(edited, kind: .layout)
        let expected = describe(full)
        let actual = describe(incremental)
        XCTAssertEqual(actual, expected, "seed \(seed), step \(step)")
        // Read one at a time, by range and by iteration, the statements are the same.
        XCTAssertEqual(
          (0..<incremental.statements.count).map { incremental.statements.range(at: $0) },
          full.statements.array.map(\.range), "seed \(seed), step \(step)")
        if step % 5 == 4 {
          var iterated = ""
          dump(Array(incremental.statements), to: &iterated)
          var fullText = ""
          dump(full.statements.array, to: &fullText)
          XCTAssertEqual(iterated, fullText, "seed \(seed), step \(step)")
          var sides = ""
          dump(incremental.statements.mayUseLeftOrRight, to: &sides)
          var fullSides = ""
          dump(full.statements.array.filter(\.mayUseLeftOrRight), to: &fullSides)
          XCTAssertEqual(sides, fullSides, "seed \(seed), step \(step)")
        }
        if actual != expected { return }
        bytes = edited
        file = incremental
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
