import Foundation
import LayoutSyntax
import TestSupport
import XCTest

/// The parser is total: arbitrary bytes give a tree and in-bounds diagnostics, quickly.
final class RandomInputTests: XCTestCase {
  /// Pieces of the language, glued at random to reach deep into the grammar.
  private let fragments: [String] = [
    "view", "label", "button", "image", "field", "switch", "canvas", "direction", "spacing", "metric",
    "intrinsic", "hug", "resist", "frame", "insets", "baseline", "margins", "transform", "rotate", "scale",
    "safe", "ltr", "rtl", "both", "super", "safeArea", "width", "height", "centerX", "leading", "top",
    "required", "high", "low", "fitting", "options:", "NSLayoutFormatAlignAllTop", ".alignAllLeft",
    "a", "b", "_x1", "H:", "V:", "H", "V", "|", "[", "]", "(", ")", "{", "}", "-", "--", "@", ",", ";",
    ":", ".", "*", "/", "+", "=", "==", ">=", "<=", ">", "<", "\"", "#", "# comment", "\n", "\r\n",
    "\r", " ", "\t", "0", "8", "-8", "0.5", ".5", "9/16", "375x667", "120x-", "-x21", "1e2", "0x1p3",
    "é", "中", "😀", "\u{0}",
  ]

  private func checkTotal(_ bytes: [UInt8], kind: FileKind, seed: UInt64) {
    let file = Parser.parse(bytes, kind: kind)
    for diagnostic in file.diagnostics {
      XCTAssertTrue(
        diagnostic.range.start >= 0 && diagnostic.range.start <= diagnostic.range.end
          && diagnostic.range.end <= bytes.count,
        "seed \(seed): range \(diagnostic.range) outside 0..<\(bytes.count)")
      XCTAssertEqual(diagnostic.code, .syntax)
    }
    for statement in file.statements {
      XCTAssertTrue(statement.range.end <= bytes.count, "seed \(seed): statement range \(statement.range)")
    }
    // The dump must not trap either.
    _ = file.dump(LineIndex(bytes))
  }

  func testRandomBytes() {
    withEverySeed(0..<1500) { random, seed in
      let length = Int.random(in: 0..<200, using: &random)
      var bytes: [UInt8] = []
      for _ in 0..<length {
        // Mostly printable ASCII, with some control bytes and invalid UTF-8.
        if Int.random(in: 0..<4, using: &random) == 0 {
          bytes.append(UInt8.random(in: 0...255, using: &random))
        } else {
          bytes.append(UInt8.random(in: 0x20...0x7E, using: &random))
        }
      }
      checkTotal(bytes, kind: seed % 2 == 0 ? .layout : .vfl, seed: seed)
    }
  }

  func testRandomMixesOfTokens() {
    withEverySeed(0..<2000) { random, seed in
      let count = Int.random(in: 0..<60, using: &random)
      var text = ""
      for _ in 0..<count {
        text += fragments[Int.random(in: 0..<fragments.count, using: &random)]
        if Bool.random(using: &random) { text += " " }
      }
      checkTotal(Array(text.utf8), kind: seed % 3 == 0 ? .vfl : .layout, seed: seed)
    }
  }

  func testMutationsOfFixtures() throws {
    var sources: [(bytes: [UInt8], kind: FileKind)] = []
    for (folder, kind) in [("syntax", FileKind.layout), ("vfl", FileKind.vfl)] {
      for url in fixtureFiles(in: fixturesDirectory(folder), extensions: [kind.rawValue]) {
        sources.append(([UInt8](try Data(contentsOf: url)), kind))
      }
    }
    XCTAssertFalse(sources.isEmpty)
    withEverySeed(0..<1500) { random, seed in
      let source = sources[Int(seed) % sources.count]
      var bytes = source.bytes
      let edits = Int.random(in: 1...8, using: &random)
      for _ in 0..<edits {
        let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0 where !bytes.isEmpty:
          bytes.remove(at: position)
        case 1:
          bytes.insert(UInt8.random(in: 0...255, using: &random), at: position)
        case 2 where !bytes.isEmpty:
          let punctuation = Array("{}[]()|-@:;\"#\n.=<>".utf8)
          bytes[position] = punctuation[Int.random(in: 0..<punctuation.count, using: &random)]
        default:
          let fragment = Array(fragments[Int.random(in: 0..<fragments.count, using: &random)].utf8)
          bytes.insert(contentsOf: fragment, at: position)
        }
      }
      checkTotal(bytes, kind: source.kind, seed: seed)
    }
  }
}
