import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

@testable import EditorFeatures

/// What an editor offers and shows for layout guides and first and last baselines.
final class LayoutGuideFeatureTests: XCTestCase {
  private func snapshot(_ text: String) throws -> LayoutSnapshot {
    let bytes = Array(text.utf8)
    return try XCTUnwrap(
      LayoutLanguage(kind: .layout).makeAnalyzer().analyse(
        bytes: bytes, lines: LineIndex(bytes, breaks: .newlineOrReturn), change: nil) as? LayoutSnapshot)
  }

  private func labels(_ text: String) throws -> [String] {
    try XCTUnwrap(try snapshot(text).completions(at: text.utf8.count)).map(\.label)
  }

  func testCompletionOffersGuidesAndTheirAttributes() throws {
    let view = try labels("view a\nguide G\na.top == super.")
    XCTAssertTrue(["safeArea", "margins", "readable", "firstBaseline", "topMargin"].allSatisfy(view.contains))
    // A guide, and a view's guide, have no baselines, no margins and no guides of their own.
    for text in ["view a\nguide G\na.top == G.", "view a\na.top == super.readable.", "view a\na.top == super.margins."] {
      let attributes = try labels(text)
      XCTAssertTrue(attributes.contains("top"), text)
      XCTAssertFalse(attributes.contains { ["lastBaseline", "baseline", "topMargin", "margins", "safeArea"].contains($0) }, text)
    }
    // Statements start with `guide`, and guides are named like views.
    let statement = try labels("guide Spacer\n")
    XCTAssertTrue(statement.contains("guide"))
    XCTAssertTrue(statement.contains("Spacer"))
  }

  func testTokensOutlineAndFrames() throws {
    let text = "guide G\nview a\nG.leading == super.margins.leading\n"
    let layout = try snapshot(text)
    let tokens = try XCTUnwrap(layout.semanticTokens(overlapping: nil))
    func token(at needle: String) -> SemanticTokenType? {
      guard let range = text.range(of: needle) else { return nil }
      let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
      return tokens.first { $0.range.start == start }?.type
    }
    XCTAssertEqual(token(at: "guide"), .keyword)
    XCTAssertEqual(token(at: "margins"), .property)
    let symbols = try XCTUnwrap(layout.documentSymbols())
    XCTAssertEqual(symbols.first?.name, "G")
    XCTAssertEqual(symbols.first?.detail, "guide")
    let frames = LayoutFrames([SolvedLayout(document: LayoutDocument(text: text, kind: .layout), solveWithErrors: true)])
    XCTAssertTrue(frames.text.contains("  G (guide): frame = (8 0; 0 0)"), frames.text)
    XCTAssertTrue(frames.text.contains("  a: frame"), frames.text)
  }

  /// The formatter indents a guide like any declaration and leaves its line alone otherwise.
  func testFormattingIndentsGuidesAndBaselines() {
    let text = "view P {\nguide G\n      label t baseline first 12 last 4  \nG.top == super.readable.top\n}\n"
    let formatted = String(decoding: LayoutFormatter.format(bytes: Array(text.utf8), kind: .layout).formatted, as: UTF8.self)
    XCTAssertEqual(
      formatted, "view P {\n  guide G\n  label t baseline first 12 last 4\n  G.top == super.readable.top\n}\n")
  }
}
