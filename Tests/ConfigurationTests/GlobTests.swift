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
  }

  func testBadPatternsAreRefused() {
    for pattern in ["", "/", "Card[0-9.xib", "a\\", "[z-a]"] {
      XCTAssertThrowsError(try Glob(pattern), pattern)
    }
  }
}
