import Foundation
import LayoutAnalysis
import LayoutSyntax
import XCTest

@testable import EditorFeatures

/// Editor features of size classes: `when` blocks and a canvas's `traits`.
final class SizeClassFeatureTests: XCTestCase {
  private let text = """
    canvas phone 375x667 traits wC hR
    view a {
    when wR {
    view b
    }
    }

    """

  private func snapshot(_ text: String) throws -> LayoutSnapshot {
    let bytes = Array(text.utf8)
    return try XCTUnwrap(
      LayoutLanguage(kind: .layout).makeAnalyzer().analyse(
        bytes: bytes, lines: LineIndex(bytes, breaks: .newlineOrReturn), change: nil) as? LayoutSnapshot)
  }

  func testHoverOnAWhenBlockNamesTheCanvasesThatLayItOut() throws {
    let text = """
      canvas phone 375x667
      canvas pad 1024x768 traits wR hR
      view Panel {
        when wR {
          view Side
        }
      }
      when wC hC { view Never }

      """
    let snapshot = try snapshot(text)
    let bytes = Array(text.utf8)
    func offset(of needle: String) throws -> Int {
      let range = try XCTUnwrap(text.range(of: needle))
      return text.utf8.distance(from: text.startIndex, to: range.lowerBound)
    }
    let block = try XCTUnwrap(snapshot.hover(at: try offset(of: "when wR") + 6, preferences: FramePreferences()))
    XCTAssertEqual(block.markdown, "**when** wR\n\nlaid out in `pad` (wR hR)\n\nleft out of `phone` (wC hR)")
    XCTAssertEqual(String(decoding: bytes[block.range.start..<block.range.end], as: UTF8.self), "when wR")
    let never = try XCTUnwrap(snapshot.hover(at: try offset(of: "when wC"), preferences: FramePreferences()))
    XCTAssertEqual(
      never.markdown, "**when** wC hC\n\nlaid out in no canvas of this file\n\nleft out of `phone` (wC hR), `pad` (wR hR)")
    let derived = try XCTUnwrap(snapshot.hover(at: try offset(of: "phone"), preferences: FramePreferences()))
    XCTAssertEqual(derived.markdown, "**canvas** `phone` 375 × 667, size classes wC hR (derived from its size)")
    let written = try XCTUnwrap(snapshot.hover(at: try offset(of: "traits wR"), preferences: FramePreferences()))
    XCTAssertEqual(written.markdown, "**canvas** `pad` 1024 × 768, size classes wR hR (as written)")
    // Inside the block's body, a view's hover as before.
    let side = try XCTUnwrap(snapshot.hover(at: try offset(of: "Side"), preferences: FramePreferences()))
    XCTAssertTrue(side.markdown.hasPrefix("**view** `Side` in `Panel`"), side.markdown)
  }

  func testFormattingIndentsWhenBlocks() {
    let formatted = LayoutFormatter.format(bytes: Array(text.utf8), kind: .layout).formatted
    XCTAssertEqual(
      String(decoding: formatted, as: UTF8.self),
      "canvas phone 375x667 traits wC hR\nview a {\n  when wR {\n    view b\n  }\n}\n")
  }

  func testOutlineAndFoldingShowWhenBlocks() throws {
    let snapshot = try snapshot(text)
    let symbols = try XCTUnwrap(snapshot.documentSymbols())
    let view = try XCTUnwrap(symbols.first { $0.name == "a" })
    XCTAssertEqual(view.children.map(\.name), ["when wR"])
    XCTAssertEqual(view.children.first?.children.map(\.name), ["b"])
    let folds = try XCTUnwrap(snapshot.foldingRanges()).filter { !$0.isComment }
    XCTAssertEqual(folds.map(\.startLine), [1, 2])
  }

  func testSemanticTokensColourTraitsAndWhen() throws {
    let snapshot = try snapshot(text)
    let tokens = try XCTUnwrap(snapshot.semanticTokens(overlapping: nil))
    let bytes = Array(text.utf8)
    let words = tokens.map { (String(decoding: bytes[$0.range.start..<$0.range.end], as: UTF8.self), $0.type) }
    XCTAssertTrue(words.contains { $0 == ("traits", .keyword) })
    XCTAssertTrue(words.contains { $0 == ("wC", .enumMember) })
    XCTAssertTrue(words.contains { $0 == ("hR", .enumMember) })
    XCTAssertTrue(words.contains { $0 == ("when", .keyword) })
    XCTAssertTrue(words.contains { $0 == ("wR", .enumMember) })
  }

  func testCompletionOffersTraitsAndWhen() {
    XCTAssertEqual(CompletionAnalyzer.context(linePrefix: "when ", kind: .layout), .traits(given: []))
    XCTAssertEqual(CompletionAnalyzer.context(linePrefix: "  when wC ", kind: .layout), .traits(given: ["wC"]))
    XCTAssertEqual(CompletionAnalyzer.context(linePrefix: "canvas a 375x667 ", kind: .layout), .canvasOption)
    XCTAssertEqual(
      CompletionAnalyzer.context(linePrefix: "canvas a 375x667 safe (1, 2, 3, 4) ", kind: .layout), .canvasOption)
    XCTAssertEqual(
      CompletionAnalyzer.context(linePrefix: "canvas a 375x667 traits hR ", kind: .layout), .traits(given: ["hR"]))
  }

  func testCompletionItems() throws {
    let snapshot = try snapshot("view a\nwhen wC \n\n")
    let afterWhen = try XCTUnwrap(snapshot.completions(at: "view a\nwhen wC ".utf8.count)).map(\.label)
    XCTAssertEqual(afterWhen, ["hC", "hR"])
    let statement = try XCTUnwrap(snapshot.completions(at: "view a\nwhen wC \n".utf8.count)).map(\.label)
    XCTAssertTrue(statement.contains("when"))
  }

  func testFramesHeadingNamesTheTraits() throws {
    let document = LayoutDocument(text: "canvas pad 1024x768\nview a\n", kind: .layout)
    let layout = SolvedLayout(document: document, solveWithErrors: true)
    XCTAssertTrue(LayoutFrames([layout]).text.hasPrefix("pad (1024 × 768, wR hR), left-to-right"))
  }
}
