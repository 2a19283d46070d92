import EditorFeatures
import LayoutSyntax
import SourceCode
import XCTest

/// What the editor gets in a source file, in byte offsets: hovers, completion inside formats,
/// and nothing else.
final class SourceCodeFeatureTests: XCTestCase {
  private func snapshot(_ text: String, _ dialect: SourceDialect = .swift) -> any EditorSnapshot {
    let language = EditorLanguages.language(forURI: dialect == .swift ? "file:///a.swift" : "file:///a.m", languageID: nil)
    XCTAssertEqual(language.name, dialect.rawValue)
    let bytes = Array(text.utf8)
    return language.makeAnalyzer().analyse(bytes: bytes, lines: LineIndex(bytes), change: nil)
  }

  private func offset(of needle: String, in text: String, plus extra: Int = 0) -> Int {
    guard let range = text.range(of: needle) else {
      XCTFail("no \(needle)")
      return 0
    }
    return text.utf8.distance(from: text.startIndex, to: range.lowerBound) + extra
  }

  func testCompletionOffersViewsInBracketsAndMetricsInPredicates() throws {
    let text = #"""
      let views = ["title": title, "icon": icon]
      _ = NSLayoutConstraint.constraints(withVisualFormat: "H:|-pad-[icon(w@p)]-[", options: [], metrics: ["pad": 8, "w": 20, "p": 750], views: views)
      """#
    let document = snapshot(text)
    let labels = { (offset: Int) in document.completions(at: offset)?.map(\.label) }
    // After `[`: the views.
    XCTAssertEqual(labels(offset(of: "[icon", in: text, plus: 1)), ["title", "icon"])
    // After `-`: the metrics; in a view's parentheses: metrics, then views.
    XCTAssertEqual(labels(offset(of: "pad-[", in: text)), ["pad", "w", "p"])
    XCTAssertEqual(labels(offset(of: "w@p", in: text)), ["pad", "w", "p", "title", "icon"])
    // Outside a format: nothing to offer.
    XCTAssertNil(document.completions(at: offset(of: "views =", in: text)))
  }

  func testHoverNotesWhatIsKnownOnlyAtRunTime() throws {
    let text = #"""
      func f(views: [String: UIView], gap: CGFloat, options: NSLayoutConstraint.FormatOptions) {
        _ = NSLayoutConstraint.constraints(withVisualFormat: "H:|-gap-[a]-(>=8@low)-[b]", options: options, metrics: ["gap": gap, "low": 250], views: views)
      }
      """#
    let document = snapshot(text)
    let hover = try XCTUnwrap(document.hover(at: offset(of: "[a]", in: text), preferences: FramePreferences()))
    XCTAssertEqual(
      hover.markdown,
      """
      **Visual Format**: 2 constraints, in UIKit's order

      ```
      a.leading == superview.leading
      b.leading >= a.trailing + 8 @250
      ```

      The views dictionary is built at run time: view names are not checked.
      Known only at run time (shown as 0, priorities not checked): `gap`.
      The options are set at run time: alignment constraints are not shown.
      """)
    // The hover covers the literal, quotes included.
    XCTAssertEqual(hover.range.start, offset(of: #""H:|-gap"#, in: text))
    // No other feature.
    XCTAssertNil(document.documentSymbols())
    XCTAssertNil(document.formattingEdits())
    XCTAssertNil(document.semanticTokens(overlapping: nil))
    XCTAssertNil(document.foldingRanges())
  }

  func testAppKitFilesUseTwentyPointsToTheSuperview() throws {
    let text = #"""
      #import <Cocoa/Cocoa.h>
      - (void)f { [NSLayoutConstraint constraintsWithVisualFormat:@"H:|-[a]-|" options:0 metrics:nil views:@{@"a": a}]; }
      """#
    let hover = try XCTUnwrap(snapshot(text, .objectiveC).hover(at: offset(of: "[a]", in: text), preferences: FramePreferences()))
    XCTAssertTrue(hover.markdown.contains("a.leading == superview.leading + 20"), hover.markdown)
    XCTAssertTrue(hover.markdown.contains("superview.trailing == a.trailing + 20"), hover.markdown)
  }
}
