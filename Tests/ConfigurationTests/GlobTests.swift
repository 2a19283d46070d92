import Configuration
import XCTest

final class GlobTests: XCTestCase {
  private func matches(_ pattern: String, _ path: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
    do {
      return try Glob(pattern).matches(path)
    } catch {
      XCTFail("'\(pattern)': \(error.message)", file: file, line: line)
      return false
    }
  }

  func testStarsQuestionMarksAndSets() {
    XCTAssertTrue(matches("*.xib", "Card.xib"))
    XCTAssertTrue(matches("Screens/*.xib", "Screens/Card.xib"))
    XCTAssertFalse(matches("Screens/*.xib", "Screens/Old/Card.xib"))
    XCTAssertTrue(matches("Screens/**/*.xib", "Screens/Card.xib"))
    XCTAssertTrue(matches("Screens/**/*.xib", "Screens/Old/Deep/Card.xib"))
    XCTAssertTrue(matches("**/Legacy/*.layout", "a/b/Legacy/x.layout"))
    XCTAssertTrue(matches("Card?.xib", "Card2.xib"))
    XCTAssertFalse(matches("Card?.xib", "Card.xib"))
    XCTAssertTrue(matches("Card[0-9].xib", "Card7.xib"))
    XCTAssertFalse(matches("Card[0-9].xib", "CardA.xib"))
    XCTAssertTrue(matches("Card[!0-9].xib", "CardA.xib"))
    XCTAssertTrue(matches("Card[^ab].xib", "Cardc.xib"))
    XCTAssertFalse(matches("Card[^ab].xib", "Carda.xib"))
    XCTAssertTrue(matches("[]]x", "]x"))
    XCTAssertTrue(matches("a\\*b", "a*b"))
    XCTAssertFalse(matches("a\\*b", "aXb"))
    XCTAssertFalse(matches("*.xib", "Card.storyboard"))
  }

  /// A name alone matches at any depth, and a folder matches what is in it (as `.gitignore`).
  func testNamesMatchAtAnyDepthAndFoldersMatchTheirFiles() {
    XCTAssertTrue(matches("Pods/", "Pods/Lib/View.xib"))
    XCTAssertTrue(matches("Pods", "ios/Pods/Lib/View.xib"))
    XCTAssertFalse(matches("Pods/", "PodsExtra/View.xib"))
    XCTAssertTrue(matches("Screens/Old", "Screens/Old/Card.xib"))
    XCTAssertFalse(matches("Screens/Old", "App/Screens/Old/Card.xib"), "a pattern with a / is anchored")
    XCTAssertTrue(matches("./Screens/Old/", "Screens/Old/Card.xib"))
    XCTAssertTrue(matches("./Pods", "Pods/Lib/View.xib"))
    XCTAssertFalse(matches("./Pods", "ios/Pods/Lib/View.xib"), "a leading ./ anchors a name")
  }

  /// `.` is the configuration's folder: `"include": ["."]` checks everything, and `.` parts
  /// inside a pattern are skipped.
  func testDotIsTheConfigurationsFolder() {
    XCTAssertTrue(matches(".", "Main.storyboard"))
    XCTAssertTrue(matches(".", "App/Screens/Card.xib"))
    XCTAssertTrue(matches("./", "App/Card.xib"))
    XCTAssertTrue(matches("./.", "App/Card.xib"))
    XCTAssertTrue(matches("App/./Screens", "App/Screens/Card.xib"))
    XCTAssertFalse(matches("App/./Screens", "Other/App/Screens/Card.xib"))
  }

  /// Many `*` in a part, or many `**`, against a long name or a deep path: matching used to
  /// backtrack through every way of splitting the name (a 21-character pattern and a
  /// 40-character file name kept `plumb check` busy for minutes).
  func testManyStarsDoNotBacktrackExponentially() {
    let name = String(repeating: "a", count: 200)
    XCTAssertFalse(matches(String(repeating: "*a", count: 30) + "*b", name))
    XCTAssertTrue(matches(String(repeating: "*a", count: 30) + "*", name))
    XCTAssertFalse(matches(String(repeating: "*a", count: 30) + "*", String(repeating: "a", count: 29)))
    let deep = Array(repeating: "a", count: 60).joined(separator: "/")
    XCTAssertFalse(matches(Array(repeating: "**/a", count: 20).joined(separator: "/") + "/**/b", deep))
    XCTAssertTrue(matches(Array(repeating: "**/a", count: 20).joined(separator: "/"), deep))
    // Backtracking to the last `*` still finds a later match.
    XCTAssertTrue(matches("*ab*cd", "xxabyabzcd"))
    XCTAssertTrue(matches("a*?c", "abbc"))
    XCTAssertFalse(matches("a*?c", "ac"))
    XCTAssertTrue(matches("**/x/**", "x"))
    XCTAssertTrue(matches("**", ""))
  }

  func testBadPatternsAreRefused() {
    for pattern in ["", "/", "Card[0-9.xib", "a\\", "[z-a]"] {
      XCTAssertThrowsError(try Glob(pattern), pattern)
    }
  }
}
