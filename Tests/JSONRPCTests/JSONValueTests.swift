import Foundation
import JSONRPC
import TestSupport
import XCTest

final class JSONValueTests: XCTestCase {
  func testWritesKeysInOrderAndNumbersPlainly() {
    let value: JSONValue = .object([("z", 1), ("a", 2.5), ("s", "a\"b\\c\n"), ("n", nil), ("l", [true, false])])
    XCTAssertEqual(value.compactText, #"{"z":1,"a":2.5,"s":"a\"b\\c\n","n":null,"l":[true,false]}"#)
    XCTAssertEqual(JSONValue.number(-0.1).compactText, "-0.1")
    XCTAssertEqual(JSONValue.number(.nan).compactText, "null")
    XCTAssertEqual(JSONValue.string("\u{01}").compactText, #""\u0001""#)
  }

  func testPrettyText() {
    let value: JSONValue = .object([("a", [1, 2]), ("b", .object([])), ("c", [])])
    XCTAssertEqual(value.prettyText, "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {},\n  \"c\": []\n}")
  }

  func testRoundTrip() throws {
    let text = #"{"jsonrpc":"2.0","id":7,"params":{"text":"é😀\t","list":[1e3,-2.5,0,true,null]}}"#
    let value = try JSONValue.parse(text)
    XCTAssertEqual(value["params"]?["text"]?.stringValue, "é😀\t")
    XCTAssertEqual(value["params"]?["list"]?[0]?.doubleValue, 1000)
    XCTAssertEqual(value["id"]?.intValue, 7)
    XCTAssertEqual(try JSONValue.parse(value.compactText), value)
  }

  func testEscapes() throws {
    XCTAssertEqual(try JSONValue.parse(#""\ud83d\ude00\u00e9\/""#).stringValue, "😀é/")
    // A lone surrogate cannot be a scalar: it reads as the replacement character.
    XCTAssertEqual(try JSONValue.parse(#""\ud83d""#).stringValue, "\u{FFFD}")
  }

  func testRejectsBadInputWithOffsets() {
    let cases: [(String, Int)] = [
      ("", 0), ("{", 1), ("[1,]", 3), ("{\"a\" 1}", 5), ("01", 1), ("1.", 2), ("\"abc", 4), ("tru", 3),
      ("[1] x", 4), ("{\"a\":1,}", 7), ("\"\u{01}\"", 1), ("-", 1), ("\"\\x\"", 2),
    ]
    for (text, offset) in cases {
      XCTAssertThrowsError(try JSONValue.parse(text), "\(text)") { error in
        XCTAssertEqual((error as? JSONParseError)?.offset, offset, "offset for \(text.debugDescription)")
      }
    }
  }

  func testRejectsNumbersBeyondADouble() {
    // They would read as infinities, which JSON cannot carry (written back as null).
    for text in ["1e999", "-1e400", "[0, 123456789e400]"] {
      XCTAssertThrowsError(try JSONValue.parse(text), text) { error in
        XCTAssertEqual((error as? JSONParseError)?.message, "number out of range", text)
      }
    }
    XCTAssertEqual(try JSONValue.parse("1e308").doubleValue, 1e308)
    XCTAssertEqual(try JSONValue.parse("1e-400").doubleValue, 0)
  }

  /// The inputs the fuzz target `fuzz-json` found (Tests/Fixtures/fuzz/json, docs/fuzzing.md):
  /// each is read or rejected with an offset inside the text, and a value read back from its own
  /// text is the same value.
  func testFuzzRegressions() throws {
    let files = fixtureFiles(in: fixturesDirectory("fuzz/json"), extensions: ["json"])
    XCTAssertFalse(files.isEmpty)
    for url in files {
      let bytes = Array(try Data(contentsOf: url))
      do {
        let value = try JSONValue.parse(bytes)
        XCTAssertEqual(try JSONValue.parse(value.compactText), value, url.lastPathComponent)
      } catch {
        let offset = (error as? JSONParseError)?.offset ?? -1
        XCTAssertTrue((0...bytes.count).contains(offset), url.lastPathComponent)
      }
    }
  }

  func testRejectsInvalidUTF8() {
    XCTAssertThrowsError(try JSONValue.parse([0x22, 0xFF, 0xFE, 0x22]))
  }

  func testDeepNestingIsAnErrorNotACrash() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    XCTAssertThrowsError(try JSONValue.parse(deep)) { error in
      XCTAssertTrue("\(error)".contains("nested deeper"))
    }
    let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
    XCTAssertNoThrow(try JSONValue.parse(fine))
  }

  func testRandomBytesNeverTrap() {
    var random = SeededRandom(seed: 42)
    let alphabet = Array(#"{}[]":,.-+eE0123456789truefalsn \"#.utf8) + [0xFF, 0xC3, 0x80]
    for _ in 0..<2_000 {
      let length = Int.random(in: 0..<40, using: &random)
      let bytes = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
      if let value = try? JSONValue.parse(bytes) {
        // Whatever parses must write back to text that parses to the same value.
        XCTAssertEqual(try? JSONValue.parse(value.compactText), value)
      }
    }
  }
}
