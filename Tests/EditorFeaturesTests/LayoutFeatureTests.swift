import Foundation
import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

@testable import EditorFeatures

final class FormatterTests: XCTestCase {
  /// The constraints a text lowers to, without their ranges: what formatting must keep.
  private func meaning(_ bytes: [UInt8], _ kind: FileKind) -> [String] {
    let document = LayoutDocument(bytes: bytes, kind: kind)
    return document.model.constraints.map(\.description) + document.diagnostics.map { "\($0.code): \($0.message)" }
  }

  private func format(_ text: String, _ kind: FileKind) -> [UInt8] {
    let bytes = Array(text.utf8)
    return LayoutFormatter.format(bytes: bytes, kind: kind).formatted
  }

  func testReindentsAndTrims() {
    let text = "view A {   \n\t\tview B {\n view C\n   }\n      A.width == 10  \n  \n}\r\nH:|[A]|\t\n"
    let formatted = String(decoding: format(text, .layout), as: UTF8.self)
    XCTAssertEqual(formatted, "view A {\n  view B {\n    view C\n  }\n  A.width == 10\n\n}\r\nH:|[A]|\n")
  }

  func testSyntaxErrorsOnlyTrim() {
    let text = "view A {  \n      A.width == == 3   \n}\n"
    let formatted = String(decoding: format(text, .layout), as: UTF8.self)
    XCTAssertEqual(formatted, "view A {\n      A.width == == 3\n}\n")
    let result = LayoutFormatter.format(bytes: Array(text.utf8), kind: .layout)
    XCTAssertEqual(result.syntaxErrors.count, 1)
  }

  /// Lines are the lexer's, whatever the editor shows: a lone carriage return is white space
  /// inside a line, and a quoted format runs on past it, so the formatter leaves the white
  /// space around it alone (reindenting there would edit the inside of a string).
  func testALoneCarriageReturnIsWhiteSpaceInsideALine() {
    let quoted = "label a\nlabel b\n\"H:|[a]  \r  [b]|\"   \n"
    let formatted = format(quoted, .layout)
    XCTAssertEqual(String(decoding: formatted, as: UTF8.self), "label a\nlabel b\n\"H:|[a]  \r  [b]|\"\n")
    XCTAssertEqual(meaning(formatted, .layout), meaning(Array(quoted.utf8), .layout))
    let positions = { (bytes: [UInt8]) in LayoutDocument(bytes: bytes, kind: .layout).diagnostics.map(\.range) }
    XCTAssertEqual(positions(formatted), positions(Array(quoted.utf8)))
    let nested = "view A {\r   view B\r}\r"
    XCTAssertEqual(String(decoding: format(nested, .layout), as: UTF8.self), nested)
  }

  /// Every example and fixture: formatting twice changes nothing more, and keeps the meaning.
  func testIdempotentAndMeaningPreservingOnEveryFixture() throws {
    var files = fixtureFiles(in: packageRoot().appendingPathComponent("Examples"), extensions: ["layout", "vfl"])
    files += fixtureFiles(in: fixturesDirectory("syntax"), extensions: ["layout", "vfl"])
    files += fixtureFiles(in: fixturesDirectory("analysis"), extensions: ["layout", "vfl"])
    files += fixtureFiles(in: fixturesDirectory("stacks"), extensions: ["layout"])
    XCTAssertGreaterThan(files.count, 10)
    for file in files {
      let kind = FileKind(pathExtension: file.pathExtension) ?? .layout
      let bytes = [UInt8](try Data(contentsOf: file))
      // Indent every line oddly first, so there is something to undo.
      var messy: [UInt8] = []
      for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
        if index > 0 { messy.append(0x0A) }
        messy += [UInt8](repeating: index % 2 == 0 ? 0x20 : 0x09, count: index % 3) + line
        if index % 4 == 0 { messy += [0x20, 0x20] }
      }
      let once = LayoutFormatter.format(bytes: messy, kind: kind).formatted
      let twice = LayoutFormatter.format(bytes: once, kind: kind).formatted
      XCTAssertEqual(once, twice, "\(file.lastPathComponent): not idempotent")
      XCTAssertEqual(meaning(once, kind), meaning(bytes, kind), "\(file.lastPathComponent): meaning changed")
    }
  }
}

final class CompletionContextTests: XCTestCase {
  func testContexts() {
    let cases: [(String, FileKind, CompletionContext)] = [
      ("", .layout, .statement),
      ("  ", .layout, .statement),
      ("  Title.", .layout, .attribute(allowGuide: true, item: "Title")),
      ("A.top == super.safeArea.", .layout, .attribute(allowGuide: false, item: "safeArea")),
      ("A.top == super.margins.", .layout, .attribute(allowGuide: false, item: "margins")),
      ("A.top == super.readable.", .layout, .attribute(allowGuide: false, item: "readable")),
      ("A.top == super.to", .layout, .attribute(allowGuide: true, item: "super")),
      ("A.width == 10 @", .layout, .priority),
      ("A.width == 10 @hi", .layout, .priority),
      ("H:|[", .layout, .formatView),
      ("H:|[Ti", .layout, .formatView),
      ("H:|-(", .layout, .formatPredicate),
      ("H:|[a(>=", .layout, .formatPredicate),
      ("H:|[a]-", .layout, .formatPredicate),
      ("H:|[a]-[b] ", .layout, .formatOption),
      ("\"H:|[a]-[b]\" .align", .layout, .formatOption),
      ("[a]-[", .vfl, .formatView),
      ("label Title ", .layout, .property(isStack: false)),
      ("label Title intrinsic 10x10 h", .layout, .property(isStack: false)),
      ("stack Row ", .layout, .property(isStack: true)),
      ("  stack Row spacing 8 dis", .layout, .property(isStack: true)),
      ("stack Row axis ", .layout, .stackValue(option: "axis", axis: .horizontal)),
      ("stack Row axis vertical alignment lea", .layout, .stackValue(option: "alignment", axis: .vertical)),
      ("stack Row distribution ", .layout, .stackValue(option: "distribution", axis: .horizontal)),
      ("stack Row spacing ", .layout, .stackValue(option: "spacing", axis: .horizontal)),
      ("view v axis ", .layout, .property(isStack: false)),
      ("label Titl", .layout, .expression),
      ("direction ", .layout, .direction),
      ("A.width == ", .layout, .expression),
    ]
    for (prefix, kind, expected) in cases {
      XCTAssertEqual(CompletionAnalyzer.context(linePrefix: prefix, kind: kind), expected, prefix)
    }
  }
}

/// A hover indexes only the statements around the cursor; it must find what the whole
/// file's index finds, at every offset.
final class LocalNameIndexTests: XCTestCase {
  func testTheNamesNearAnOffsetAreTheWholeIndexs() throws {
    let root = packageRoot()
    var checked = 0
    for folder in ["Examples/clean", "Examples/problems"] {
      let directory = root.appendingPathComponent(folder)
      for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() {
        guard let kind = FileKind(pathExtension: (name as NSString).pathExtension) else { continue }
        let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
        let snapshot = try XCTUnwrap(
          LayoutLanguage(kind: kind).makeAnalyzer().analyse(bytes: bytes, lines: LineIndex(bytes, breaks: .newlineOrReturn), change: nil) as? LayoutSnapshot)
        let whole = NameIndex(statements: snapshot.syntax.statements.array, model: snapshot.model)
        for offset in 0...bytes.count {
          let near = NameIndex(syntax: snapshot.syntax, model: snapshot.model, near: offset)
          let expected = whole.occurrence(at: offset).map { "\($0.kind) \($0.name) \($0.range)" }
          let actual = near.occurrence(at: offset).map { "\($0.kind) \($0.name) \($0.range)" }
          XCTAssertEqual(actual, expected, "\(name) at \(offset)")
          XCTAssertEqual(
            near.superReference(at: offset).map { "\($0.range) \($0.view)" },
            whole.superReference(at: offset).map { "\($0.range) \($0.view)" }, "\(name) at \(offset)")
          checked += 1
        }
      }
    }
    XCTAssertGreaterThan(checked, 5_000)
  }
}


/// Lines are the caller's: lines cut from another text make no query trap.
final class ForeignLinesTests: XCTestCase {
  func testLinesOfALongerTextAreClamped() throws {
    let bytes = Array("view A {\n  view B\n}\n".utf8)
    let longer = LineIndex(Array("view A {\n  view B\n}\n# one\n# two\n# three, a longer text\n".utf8), breaks: .newlineOrReturn)
    let formatted = LayoutFormatter.format(bytes: bytes, kind: .layout)
    XCTAssertEqual(formatted.formatted, bytes)
    let snapshot = try XCTUnwrap(LayoutLanguage.layout.makeAnalyzer().analyse(bytes: bytes, lines: longer, change: nil) as? LayoutSnapshot)
    XCTAssertEqual(snapshot.foldingRanges()?.filter(\.isComment), [])
    XCTAssertFalse(snapshot.semanticTokens(overlapping: nil)?.isEmpty ?? true)
    XCTAssertNotNil(snapshot.completions(at: 1_000))
  }
}
