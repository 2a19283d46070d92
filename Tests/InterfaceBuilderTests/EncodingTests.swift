import Foundation
import LayoutSyntax
import TestSupport
import XCTest

@testable import InterfaceBuilder

/// The reader survives any bytes: what Foundation's XML parser traps on (a name, comment or
/// processing instruction that is not UTF-8) is refused before the parser runs, and UTF-16
/// and UTF-32 files read as the same file saved as UTF-8.
final class EncodingTests: XCTestCase {
  /// `line:column` (1-based, UTF-8 columns) and code of each finding, as `plumb check` shows them.
  private func findings(_ file: InterfaceBuilderFile) -> [String] {
    let index = file.document.lineIndex
    return file.analyse().diagnostics.map { diagnostic in
      let position = index.utf8Position(of: diagnostic.range.start)
      return "\(position.line + 1):\(position.column + 1) \(diagnostic.code.rawValue)"
    }
  }

  private func read(_ bytes: [UInt8]) -> InterfaceBuilderFile {
    InterfaceBuilderFile.read(bytes: bytes)
  }

  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  // MARK: - Hostile bytes

  /// Every input that trapped Foundation's parser (SIGILL in `_NSXMLParserStartElementNs` and
  /// its siblings on Linux) and the others tried: each is read and analysed in process, and
  /// each one that is not XML the reader takes is an `ib-xml` error at its first bad byte.
  func testHostileInputsAreFindingsNotTraps() {
    let cases: [(name: String, bytes: [UInt8], expected: [String])] = [
      // Invalid UTF-8 where the parser traps: names, end tags, namespace prefixes, comments,
      // processing instructions, entity references.
      ("attribute name", bytes("<a b") + [0xE9] + bytes("=\"1\"/>"), ["1:5 ib-xml"]),
      ("element name", bytes("<doc><a") + [0xE9] + bytes(" x=\"1\"/></doc>"), ["1:8 ib-xml"]),
      ("first name byte", bytes("<") + [0xE9] + bytes("/>"), ["1:2 ib-xml"]),
      ("end tag", bytes("<a") + [0xE9] + bytes("></a") + [0xE9] + bytes(">"), ["1:3 ib-xml"]),
      ("namespace prefix", bytes("<a xmlns:") + [0xE9] + bytes("=\"u\"/>"), ["1:10 ib-xml"]),
      ("comment", bytes("<a><!-- ") + [0xE9] + bytes(" --></a>"), ["1:9 ib-xml"]),
      ("comment before the root", bytes("<!-- ") + [0xE9] + bytes(" --><a/>"), ["1:6 ib-xml"]),
      ("instruction target", bytes("<a><?pi") + [0xE9] + bytes(" x?></a>"), ["1:8 ib-xml"]),
      ("entity reference", bytes("<a>&") + [0xE9] + bytes(";</a>"), ["1:5 ib-xml"]),
      ("entity reference in a value", bytes("<a b=\"&x") + [0xE9] + bytes(";\"/>"), ["1:9 ib-xml"]),
      ("0xFF in a name", bytes("<a b") + [0xFF] + bytes("=\"1\"/>"), ["1:5 ib-xml"]),
      ("after a UTF-8 byte-order mark", [0xEF, 0xBB, 0xBF] + bytes("<a b") + [0xE9] + bytes("=\"1\"/>"), ["1:8 ib-xml"]),
      ("on a later line", bytes("<a>\n  <b c") + [0xE9] + bytes("=\"1\"/>\n</a>"), ["2:7 ib-xml"]),
      // Invalid UTF-8 where the parser only stops: refused the same way, at the byte.
      ("attribute value", bytes("<a b=\"x") + [0xE9] + bytes("y\"/>"), ["1:8 ib-xml"]),
      ("text", bytes("<a>x") + [0xE9] + bytes("yz</a>"), ["1:5 ib-xml"]),
      ("character data", bytes("<a><![CDATA[") + [0xE9] + bytes("]]></a>"), ["1:13 ib-xml"]),
      ("instruction data", bytes("<a><?pi x") + [0xE9] + bytes("?></a>"), ["1:10 ib-xml"]),
      ("overlong slash", bytes("<a b") + [0xC0, 0xAE] + bytes("=\"1\"/>"), ["1:5 ib-xml"]),
      ("encoded surrogate", bytes("<a b") + [0xED, 0xA0, 0x80] + bytes("=\"1\"/>"), ["1:5 ib-xml"]),
      ("above U+10FFFF", bytes("<a b") + [0xF4, 0x90, 0x80, 0x80] + bytes("=\"1\"/>"), ["1:5 ib-xml"]),
      ("lone continuation byte", bytes("<a b") + [0x80] + bytes("=\"1\"/>"), ["1:5 ib-xml"]),
      ("truncated at the end", bytes("<a") + [0xE9], ["1:3 ib-xml"]),
      ("truncated after the root", bytes("<a/>") + [0xF0, 0x9F], ["1:5 ib-xml"]),
      // Well-formed UTF-8 the parser rejects without trapping: its own error, as before.
      ("NUL in text", bytes("<a>x\0y</a>"), ["1:1 ib-xml"]),
      ("NUL in a name", bytes("<a\0b/>"), ["1:1 ib-xml"]),
      ("NUL in a value", bytes("<a b=\"x\0y\"/>"), ["1:1 ib-xml"]),
      ("control character in text", bytes("<a>\u{1}\u{2}</a>"), ["1:1 ib-xml"]),
      ("control character in a name", bytes("<a\u{1}/>"), ["1:1 ib-xml"]),
      ("control character in a value", bytes("<a b=\"\u{1}\"/>"), ["1:1 ib-xml"]),
      ("reference to a surrogate", bytes("<a>&#xD800;</a>"), ["1:1 ib-xml"]),
      ("reference to a surrogate in a value", bytes("<a b=\"&#xD800;\"/>"), ["1:1 ib-xml"]),
      ("reference to NUL", bytes("<a>&#0;</a>"), ["1:1 ib-xml"]),
      ("reference to NUL in a value", bytes("<a b=\"&#0;\"/>"), ["1:1 ib-xml"]),
      ("reference beyond Unicode", bytes("<a>&#x1111111111111111111;</a>"), ["1:1 ib-xml"]),
      ("undeclared entity", bytes("<a>&foo;</a>"), ["1:1 ib-xml"]),
      ("duplicate attribute", bytes("<a b=\"1\" b=\"2\"/>"), ["1:1 ib-xml"]),
      ("late XML declaration", bytes("<a/><?xml version=\"1.0\"?>"), ["1:1 ib-xml"]),
      ("unbound prefix", bytes("<p:a/>"), ["1:1 ib-xml"]),
      // No XML at all: an error that says the file is empty.
      ("empty", [], ["1:1 ib-xml"]),
      ("white space only", bytes(" \n\t\r\n"), ["1:1 ib-xml"]),
      ("byte-order mark only", [0xEF, 0xBB, 0xBF], ["1:1 ib-xml"]),
      // UTF-16 and UTF-32 that cannot be decoded: at the replacement character.
      ("UTF-16 unpaired high surrogate", [0xFF, 0xFE] + utf16LE("<a b=\"") + [0x00, 0xD8] + utf16LE("\"/>"), ["1:7 ib-xml"]),
      ("UTF-16 unpaired low surrogate", [0xFE, 0xFF] + utf16BE("<a\nb") + [0xDC, 0x00] + utf16BE("=\"\"/>"), ["2:2 ib-xml"]),
      ("UTF-16 odd length", [0xFF, 0xFE] + utf16LE("<a/>") + [0x3C], ["1:5 ib-xml"]),
      ("UTF-32 beyond U+10FFFF", [0x00, 0x00, 0xFE, 0xFF] + utf32BE("<a>") + [0x00, 0x11, 0x00, 0x00] + utf32BE("</a>"), ["1:4 ib-xml"]),
      ("UTF-32 truncated", [0xFF, 0xFE, 0x00, 0x00] + utf32LE("<a/>") + [0x0A, 0x00], ["1:5 ib-xml"]),
      // Encodings.
      ("Shift_JIS", bytes("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<a b=\"") + [0x83, 0x65] + bytes("\"/>"), ["1:31 ib-xml"]),
      ("windows-1252 undefined byte", bytes("<?xml version=\"1.0\" encoding=\"windows-1252\"?>\n<a>") + [0x81] + bytes("</a>"), ["2:4 ib-xml"]),
      ("US-ASCII with a high byte", bytes("<?xml version=\"1.0\" encoding=\"US-ASCII\"?>\n<a>") + [0xE9] + bytes("</a>"), ["2:4 ib-xml"]),
    ]
    for (name, input, expected) in cases {
      XCTAssertEqual(findings(read(input)), expected, name)
    }
  }

  /// Sizes and depths the parser handles itself, or the reader bounds: no trap, a finding.
  func testLongAndDeepInputs() {
    let long = 2_000_000
    let longName = bytes("<a") + [UInt8](repeating: UInt8(ascii: "x"), count: long) + bytes("/>")
    XCTAssertEqual(findings(read(longName)).map { $0.hasSuffix("ib-xml") || $0.hasSuffix("ib-unsupported") }, [true])
    let longValue = bytes("<document b=\"") + [UInt8](repeating: UInt8(ascii: "x"), count: long) + bytes("\"/>")
    XCTAssertEqual(findings(read(longValue)), [])
    let longText = bytes("<document>") + [UInt8](repeating: UInt8(ascii: "x"), count: 12_000_000) + bytes("</document>")
    XCTAssertEqual(findings(read(longText)), ["1:1 ib-xml"])
    let deep = bytes(String(repeating: "<a>", count: 20_000) + String(repeating: "</a>", count: 20_000))
    XCTAssertEqual(findings(read(deep)), ["1:\(256 * 3 + 2) ib-refused"])
  }

  /// Random bytes spliced into a fixture, with and without a UTF-16 transcoding: read and
  /// analysed without trapping (the seeded generator replays with `PLUMB_SEED=N`).
  func testRandomBytesNeverTrap() throws {
    let fixtures = try FixtureTests.fixtures.filter { $0.lastPathComponent.hasPrefix("clean-") }
      .map { Array(try Data(contentsOf: $0).prefix(3000)) }
    XCTAssertFalse(fixtures.isEmpty)
    let splices: [[UInt8]] = [
      [0xE9], [0xFF], [0x80], [0xC0, 0xAE], [0xED, 0xA0, 0x80], [0], [1], [0x3C], [0x3E], [0x22], [0x26],
      bytes("<!--"), bytes("&#xD800;"), bytes("<?"), bytes("xmlns:"), [0xFF, 0xFE], [0x00, 0xD8],
    ]
    withEverySeed(0..<40) { random, _ in
      guard var input = fixtures.randomElement(using: &random) else { return }
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let at = Int.random(in: 0...input.count, using: &random)
        input.insert(contentsOf: splices.randomElement(using: &random) ?? [], at: at)
      }
      _ = read(input).analyse()
      _ = read([0xFF, 0xFE] + input.flatMap { [$0, 0] }).analyse()
    }
  }

  // MARK: - Transcoding

  /// UTF-16 (with and without a byte-order mark), UTF-32 and a declaration naming UTF-16 read
  /// exactly as the UTF-8 original: the same findings, messages and line:column, in UTF-8 and
  /// UTF-16 columns, and the same frames.
  func testWideEncodingsReadAsTheUTF8Original() throws {
    var files = fixtureFiles(in: fixturesDirectory("interface-builder"), extensions: ["storyboard", "xib"])
    files += fixtureFiles(in: fixturesDirectory("lsp"), extensions: ["storyboard", "xib"])
    var compared = 0
    for url in files {
      let original = Array(try Data(contentsOf: url))
      guard let text = String(validating: original, as: UTF8.self) else { continue }
      // A UTF-16 file says so in its declaration; the name is as long as `UTF-8` plus one
      // character, after which line 1 holds no finding.
      let declared = text.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
      let variants: [(String, [UInt8])] = [
        ("UTF-16LE with a byte-order mark", [0xFF, 0xFE] + utf16LE(text)),
        ("UTF-16BE without one, declared", utf16BE(declared)),
        ("UTF-16LE without one, declared", utf16LE(declared)),
        ("UTF-32BE with a byte-order mark", [0x00, 0x00, 0xFE, 0xFF] + utf32BE(text)),
        ("UTF-32LE without one", utf32LE(text)),
      ]
      for (name, bytes) in variants {
        let file = read(bytes)
        let lineOneToo = !name.hasSuffix("declared")
        let expected = describe(read(original), lineOneToo: lineOneToo)
        XCTAssertEqual(describe(file, lineOneToo: lineOneToo), expected, "\(url.lastPathComponent): \(name)")
        if lineOneToo { XCTAssertEqual(file.bytes, original, "\(url.lastPathComponent): \(name)") }
        if !expected.isEmpty { compared += 1 }
      }
    }
    XCTAssertGreaterThan(compared, 100)
  }

  /// Each finding as code, message and positions, then each layout's frames.
  private func describe(_ file: InterfaceBuilderFile, lineOneToo: Bool) -> [String] {
    let analysis = file.analyse()
    let index = file.document.lineIndex
    var lines: [String] = []
    for diagnostic in analysis.diagnostics {
      let utf8 = index.utf8Position(of: diagnostic.range.start)
      let utf16 = index.utf16Position(of: diagnostic.range.start)
      if !lineOneToo, utf8.line == 0 { continue }
      lines.append(
        "\(utf8.line + 1):\(utf8.column + 1) (\(utf16.column + 1)) \(diagnostic.code.rawValue) \(diagnostic.message)")
    }
    for layout in analysis.layouts {
      for solver in layout.places {
        for name in layout.document.model.viewOrder {
          guard let frame = solver.solvedView(name)?.frame else { continue }
          lines.append("\(solver.place.canvas.name) \(name): \(frame)")
        }
      }
    }
    return lines
  }

  /// An ISO-8859-1 file reads as its UTF-8 transcoding: its names decoded, its columns those
  /// of the transcoding.
  func testLatin1IsTranscoded() {
    let file = read(bytes("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<document><!--") + [0xE9] + bytes("--><x/></document>"))
    XCTAssertEqual(file.bytes, bytes("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<document><!--é--><x/></document>"))
    XCTAssertEqual(findings(file), [])
  }

  /// A text an editor sends is UTF-8 even when its declaration names the file's encoding on
  /// disk: it is read as UTF-8, unchanged.
  func testUTF8UnderAnotherNameIsReadAsUTF8() {
    for name in ["UTF-16", "ISO-8859-1", "windows-1252", "US-ASCII"] {
      let text = "<?xml version=\"1.0\" encoding=\"\(name)\"?>\n<document><!--é--></document>"
      let file = read(bytes(text))
      XCTAssertEqual(file.bytes, bytes(text), name)
      XCTAssertEqual(findings(file), [], name)
    }
    // Another encoding's name on ASCII bytes: every such encoding agrees with UTF-8 on them.
    XCTAssertEqual(findings(read(bytes("<?xml version=\"1.0\" encoding=\"ISO-8859-15\"?>\n<document/>"))), [])
    // But not on other bytes.
    XCTAssertEqual(
      findings(read(bytes("<?xml version=\"1.0\" encoding=\"ISO-8859-15\"?>\n<document><!--é--></document>"))), ["1:31 ib-xml"])
  }

  /// Valid UTF-8 is given to the parser byte for byte, declaration included.
  func testUTF8IsUnchanged() throws {
    for url in FixtureTests.fixtures {
      let original = Array(try Data(contentsOf: url))
      guard String(validating: original, as: UTF8.self) != nil else { continue }
      let text = XMLText.decode(original)
      XCTAssertEqual(text.bytes, original, url.lastPathComponent)
      XCTAssertEqual(text.parserBytes, original, url.lastPathComponent)
      XCTAssertNil(text.problem.map(\.finding), url.lastPathComponent)
    }
  }

  func testFirstInvalidUTF8() {
    XCTAssertNil(XMLText.firstInvalidUTF8(bytes("aé€😀")))
    XCTAssertEqual(XMLText.firstInvalidUTF8([0x61, 0xE2, 0x82]), 1)
    XCTAssertEqual(XMLText.firstInvalidUTF8([0x61, 0xE0, 0x80, 0x80]), 1)
    XCTAssertEqual(XMLText.firstInvalidUTF8([0xC1, 0xBF]), 0)
    XCTAssertEqual(XMLText.firstInvalidUTF8([0x61, 0x62, 0xF5, 0x80, 0x80, 0x80]), 2)
    XCTAssertEqual(XMLText.firstInvalidUTF8([0xF4, 0x8F, 0xBF, 0xBF, 0xBF]), 4)
  }

  // MARK: - Encoders

  private func utf16LE(_ text: String) -> [UInt8] { text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
  private func utf16BE(_ text: String) -> [UInt8] { text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
  private func utf32LE(_ text: String) -> [UInt8] {
    text.unicodeScalars.flatMap { scalar in (0..<4).map { UInt8((scalar.value >> (8 * $0)) & 0xFF) } }
  }
  private func utf32BE(_ text: String) -> [UInt8] {
    text.unicodeScalars.flatMap { scalar in (0..<4).reversed().map { UInt8((scalar.value >> (8 * $0)) & 0xFF) } }
  }
}

/// Texts whose encoding is not UTF-8 on its face: an editor's text is never transcoded, and a
/// declaration after a byte-order mark is found again where the transcoding put it.
final class EncodingEdgeTests: XCTestCase {
  func testAnEditorsTextIsReadAsItIs() {
    // The pattern of UTF-16 (`<` then NUL), which a client can send as JSON `\u0000`.
    let text: [UInt8] = Array("<\0?\0x\0m\0l\0>".utf8)
    let file = InterfaceBuilderFile.read(bytes: text, isUTF8: true)
    XCTAssertEqual(file.document.bytes, text)
    for diagnostic in file.diagnostics { XCTAssertLessThanOrEqual(diagnostic.range.end, text.count) }
    // Read from disk, the same bytes are taken for UTF-16.
    XCTAssertNotEqual(InterfaceBuilderFile.read(bytes: text).document.bytes, text)
  }

  func testALatin1DeclarationAfterAByteOrderMarkIsBlankedWhereItIs() {
    let raw: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"<?xml version="1.0" encoding="ISO-8859-1"?>"#.utf8) + [0x0A]
      + Array("<a>".utf8) + [0xE9] + Array("</a>".utf8)
    let file = InterfaceBuilderFile.read(bytes: raw)
    // Read as Latin-1: the only finding is about the root element, not the XML.
    XCTAssertEqual(file.diagnostics.map(\.code), [.interfaceBuilderUnsupported], "\(file.diagnostics.map(\.message))")
  }
}
