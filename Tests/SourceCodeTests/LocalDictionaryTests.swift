import EditorFeatures
import SourceCode
import XCTest

/// The views dictionary of a call held in a local: found by walking back to its declaration,
/// the walk of a later call stopping at the last call that named the same local. These cases
/// pin what that shortcut must keep: shadowing in inner blocks, a declaration that no longer
/// encloses the call, another function, and many calls over one local.
final class LocalDictionaryTests: XCTestCase {
  private func viewKeys(_ text: String, _ dialect: SourceDialect = .swift) -> [[String]?] {
    SourceCodeAnalysis(bytes: Array(text.utf8), dialect: dialect, functions: []).calls.map { checked in
      if case .known(let keys, _) = checked.call.views { return keys.map(\.name) }
      return nil
    }
  }

  private func call(_ format: String) -> String {
    "NSLayoutConstraint.constraints(withVisualFormat: \"\(format)\", options: [], metrics: nil, views: views)\n"
  }

  func testShadowingAndTheEndOfABlock() {
    let text =
      "func layOut() {\n  let views = [\"a\": a]\n" + call("H:|[a]|")
      + "  if wide {\n    let views = [\"b\": b]\n" + call("H:|[b]|") + call("V:|[b]|") + "  }\n"
      + call("V:|[a]|") + "}\n"
      + "func other() {\n" + call("H:|[c]|") + "}\n"
    XCTAssertEqual(viewKeys(text), [["a"], ["b"], ["b"], ["a"], nil])
  }

  func testADeclarationInABlockThatHasClosed() {
    let text =
      "func layOut() {\n  do {\n    let views = [\"a\": a]\n" + call("H:|[a]|") + "  }\n"
      + "  do {\n" + call("H:|[a]|") + "  }\n}\n"
    XCTAssertEqual(viewKeys(text), [["a"], nil])
  }

  func testAVariableChangedBetweenCalls() {
    let text =
      "func layOut() {\n  var views = [\"a\": a]\n" + call("H:|[a]|") + "  views[\"b\"] = b\n" + call("H:|[a][b]|") + "}\n"
    XCTAssertEqual(viewKeys(text), [["a"], nil])
  }

  /// A thousand calls over one local: each finds the declaration, and the file is read in
  /// about the time of a thousand calls with literal dictionaries (the walk back to the
  /// declaration is not repeated for each call).
  func testManyCallsOverOneLocal() {
    let text = "func layOut() {\n  let views = [\"a\": a]\n" + String(repeating: call("H:|[a]|"), count: 1000) + "}\n"
    let keys = viewKeys(text)
    XCTAssertEqual(keys.count, 1000)
    XCTAssertTrue(keys.allSatisfy { $0 == ["a"] })
  }

  func testObjectiveCFunctions() {
    let text = """
      - (void)layOut {
        NSDictionary *views = @{@"a": a};
        [NSLayoutConstraint constraintsWithVisualFormat:@"H:|[a]|" options:0 metrics:nil views:views];
        [NSLayoutConstraint constraintsWithVisualFormat:@"V:|[a]|" options:0 metrics:nil views:views];
      }
      - (void)other {
        [NSLayoutConstraint constraintsWithVisualFormat:@"H:|[a]|" options:0 metrics:nil views:views];
      }

      """
    XCTAssertEqual(viewKeys(text, .objectiveC), [["a"], ["a"], nil])
  }
}
