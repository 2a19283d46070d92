import Configuration
import JSONRPC
import LayoutSyntax
import SourceCode
import XCTest

final class ConfigurationTests: XCTestCase {
  private func read(_ text: String) throws(ConfigurationError) -> Configuration {
    try Configuration.read(bytes: Array(text.utf8), path: "app/.plumb.json", folder: "/repo/app")
  }

  private func error(_ text: String) -> String? {
    do {
      _ = try read(text)
      return nil
    } catch {
      return error.message
    }
  }

  func testEverySetting() throws {
    let configuration = try read(
      """
      {
        "rules": {"ambiguous": "error", "left-right": "off", "xcode-marker": "info"},
        "include": ["Screens/**"],
        "exclude": ["Screens/Old/"],
        "defaultExcludes": false,
        "ignore": [{"path": "Screens/*.xib", "ids": ["Ab1-cd-002"], "codes": ["ambiguous"]}]
      }
      """)
    XCTAssertEqual(configuration.rules, [.ambiguous: .error, .leftRight: .off, .xcodeMarker: .info])
    XCTAssertEqual(configuration.include.map(\.pattern), ["Screens/**"])
    XCTAssertEqual(configuration.exclude.map(\.pattern), ["Screens/Old/"])
    XCTAssertFalse(configuration.useDefaultExcludes)
    XCTAssertEqual(configuration.ignore.count, 1)
    XCTAssertEqual(configuration.ignore.first?.ids, ["Ab1-cd-002"])
    XCTAssertEqual(configuration.file, "app/.plumb.json")
    XCTAssertEqual(configuration.folder, "/repo/app")
  }

  /// A file that starts with a UTF-8 byte-order mark is read, and its errors keep the file's
  /// columns (the mark's three bytes counted, as in layout files).
  func testAByteOrderMarkIsSkipped() throws {
    let marked = try Configuration.read(
      bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"rules": {"ambiguous": "off"}}"#.utf8), path: "app/.plumb.json", folder: "/repo/app")
    XCTAssertEqual(marked.rules, [.ambiguous: .off])
    do {
      _ = try Configuration.read(bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"rulez": {}}"#.utf8), path: "a.json", folder: "/")
      XCTFail("read a bad key")
    } catch {
      XCTAssertTrue(error.message.hasPrefix("a.json:1:5: rulez:"), error.message)
    }
  }

  /// `visualFormatFunctions` are spelt as `--vfl-function` is.
  func testVisualFormatFunctions() throws {
    let configuration = try read(#"{"visualFormatFunctions": ["pin", "stack:positional=item", "place:views=bindings"]}"#)
    XCTAssertEqual(
      configuration.visualFormatFunctions,
      [
        VisualFormatFunction(name: "pin", views: .dictionary(label: "views")),
        VisualFormatFunction(name: "stack", views: .positional(label: "views", prefix: "item")),
        VisualFormatFunction(name: "place", views: .dictionary(label: "bindings")),
      ])
    XCTAssertEqual(
      error(#"{"visualFormatFunctions": ["pin", "pin:colour=red"]}"#),
      "app/.plumb.json:1:35: visualFormatFunctions[1]: 'pin:colour=red' is not NAME[:views=LABEL][,positional=PREFIX]")
  }

  /// Errors name the file, the line and column of the key, and the key.
  func testErrorsNameTheFileLineAndKey() {
    XCTAssertEqual(
      error("{\n  \"rulez\": {}\n}"),
      "app/.plumb.json:2:3: rulez: 'rulez' is not a setting; did you mean 'rules'?; the settings are rules, include, exclude, defaultExcludes, ignore, visualFormatFunctions")
    XCTAssertEqual(
      error("{\n  \"rules\": {\n    \"conflict\": \"loud\"\n  }\n}"),
      "app/.plumb.json:3:5: rules.conflict: 'loud' is not a level for 'conflict'; use off, info, warning or error")
    XCTAssertEqual(
      error("{\"rules\": {\"ambigous\": \"off\"}}"),
      "app/.plumb.json:1:12: rules.ambigous: 'ambigous' is not a diagnostic code; did you mean 'ambiguous'?")
    XCTAssertEqual(
      error("{\"exclude\": [\"ok\", 3]}"), "app/.plumb.json:1:20: exclude[1]: expected a string")
    XCTAssertEqual(
      error("{\"exclude\": [\"[a-\"]}"),
      "app/.plumb.json:1:14: exclude[0]: '[a-' is not a pattern: '[' opens a set of characters that no ']' closes")
    XCTAssertEqual(
      error("{\"ignore\": [{\"id\": [\"x\"]}]}"),
      "app/.plumb.json:1:14: ignore[0].id: 'id' is not a key of an ignore entry; did you mean 'ids'?; use path, ids and codes")
    XCTAssertEqual(error("{\"rules\": {},\n}"), "app/.plumb.json:2:1: not valid JSON: expected a string key in JSON object")
    XCTAssertEqual(error("[]"), "app/.plumb.json:1:1: the file must hold a JSON object")
    XCTAssertEqual(error("{\"defaultExcludes\": \"no\"}"), "app/.plumb.json:1:2: defaultExcludes: expected true or false")
  }

  func testIncludeExcludeAndDefaults() throws {
    let defaults = Configuration(folder: "/repo")
    XCTAssertTrue(defaults.includes(relativePath: "App/Card.layout"))
    for excluded in ["Pods/X/a.xib", "ios/Carthage/Checkouts/b.storyboard", "DerivedData/c.xib", "x/.build/d.layout"] {
      XCTAssertFalse(defaults.includes(relativePath: excluded), excluded)
    }
    let configured = try read(#"{"include": ["Screens/", "*.vfl"], "exclude": ["Screens/Old"]}"#)
    XCTAssertTrue(configured.includes(relativePath: "Screens/Card.layout"))
    XCTAssertTrue(configured.includes(relativePath: "Other/row.vfl"))
    XCTAssertFalse(configured.includes(relativePath: "Other/Card.layout"))
    XCTAssertFalse(configured.includes(relativePath: "Screens/Old/Card.layout"))
    XCTAssertFalse(configured.includes(relativePath: "Screens/Pods/Card.layout"))
    let noDefaults = try read(#"{"defaultExcludes": false}"#)
    XCTAssertTrue(noDefaults.includes(relativePath: "Pods/X/a.xib"))
  }

  /// Levels change severities in one place; `off` and ignore entries leave findings out.
  func testApplyingLevelsAndIgnoreEntries() throws {
    let configuration = try read(
      #"{"rules": {"ambiguous": "error", "left-right": "off"}, "ignore": [{"path": "*.xib", "ids": ["v-1"], "codes": ["misplaced"]}, {"path": "Old/", "codes": ["conflict"]}]}"#
    )
    func finding(_ code: DiagnosticCode, _ severity: Severity, at offset: Int) -> Diagnostic {
      Diagnostic(code: code, severity: severity, finding: .leftToRightOption, range: SourceRange(at: offset))
    }
    let findings = [
      finding(.ambiguous, .warning, at: 0), finding(.leftRight, .warning, at: 1), finding(.misplaced, .warning, at: 2),
      finding(.misplaced, .warning, at: 3), finding(.conflict, .error, at: 4),
    ]
    let ids: (Diagnostic) -> [String] = { $0.range.start == 2 ? ["v-1"] : ["v-2"] }
    let inXIB = configuration.apply(to: findings, relativePath: "Card.xib", identifiers: ids)
    XCTAssertEqual(inXIB.map(\.range.start), [0, 3, 4])
    XCTAssertEqual(inXIB.map(\.severity), [.error, .warning, .error])
    let inOld = configuration.apply(to: findings, relativePath: "Old/a.layout", identifiers: ids)
    XCTAssertEqual(inOld.map(\.range.start), [0, 2, 3])
    XCTAssertEqual(configuration.apply(to: findings, relativePath: nil, identifiers: ids).count, 4)
  }

  /// The nearest file at or above a folder wins; a changed file is read again.
  func testTheStoreFindsTheNearestFileAndRereadsAChangedOne() throws {
    final class Disk: @unchecked Sendable {
      var files: [String: (time: Double, text: String)] = [:]
    }
    let disk = Disk()
    disk.files["/repo/.plumb.json"] = (1, #"{"rules": {"ambiguous": "off"}}"#)
    disk.files["/repo/app/sub/.plumb.json"] = (1, #"{"rules": {"conflict": "warning"}}"#)
    let store = ConfigurationStore(
      access: .init(
        modificationTime: { disk.files[$0]?.time },
        read: { path in Array((disk.files[path]?.text ?? "").utf8) }))
    let top = try store.configuration(forFile: "/repo/app/Card.layout", defaultFolder: "/")
    XCTAssertEqual(top.file, "/repo/.plumb.json")
    XCTAssertEqual(top.folder, "/repo")
    XCTAssertEqual(top.rules, [.ambiguous: .off])
    let nested = try store.configuration(forFile: "/repo/app/sub/deeper/Card.xib", defaultFolder: "/")
    XCTAssertEqual(nested.rules, [.conflict: .warning])
    let none = try store.configuration(forFile: "/elsewhere/Card.layout", defaultFolder: "/elsewhere")
    XCTAssertNil(none.file)
    disk.files["/repo/.plumb.json"] = (2, #"{"rules": {"ambiguous": "info"}}"#)
    XCTAssertEqual(try store.configuration(forFile: "/repo/app/Card.layout", defaultFolder: "/").rules, [.ambiguous: .info])
    disk.files["/repo/.plumb.json"] = (3, #"{"rules": 1}"#)
    XCTAssertThrowsError(try store.configuration(forFile: "/repo/app/Card.layout", defaultFolder: "/"))
  }

  func testPathsAreMadeAbsoluteAndRelative() {
    XCTAssertEqual(ConfigurationStore.absolute("a/../b/./c.layout", in: "/work"), "/work/b/c.layout")
    XCTAssertEqual(ConfigurationStore.absolute("/x//y", in: "/work"), "/x/y")
    XCTAssertEqual(ConfigurationStore.relativePath("/repo/app/a.xib", to: "/repo"), "app/a.xib")
    XCTAssertNil(ConfigurationStore.relativePath("/repository/a.xib", to: "/repo"))
    XCTAssertEqual(ConfigurationStore.relativePath("/a.xib", to: "/"), "a.xib")
  }
}
