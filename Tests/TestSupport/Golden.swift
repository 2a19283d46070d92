import Foundation
import XCTest

/// Golden-file comparison: `actual` must equal the contents of `path`.
///
/// With `UPDATE_GOLDEN=1` in the environment the file is rewritten instead, and the
/// assertion fails so that a recording run is never mistaken for a passing one.
public func assertGolden(
  _ actual: String, path: String, file: StaticString = #filePath, line: UInt = #line
) {
  let url = URL(fileURLWithPath: path)
  if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try actual.write(to: url, atomically: true, encoding: .utf8)
      XCTFail("recorded \(path); run again without UPDATE_GOLDEN", file: file, line: line)
    } catch {
      XCTFail("could not record \(path): \(error)", file: file, line: line)
    }
    return
  }
  guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
    XCTFail("missing golden file \(path); run with UPDATE_GOLDEN=1 to record it", file: file, line: line)
    return
  }
  if expected != actual {
    XCTFail(
      "\(path) differs:\n\(firstDifference(expected: expected, actual: actual))\n(UPDATE_GOLDEN=1 rewrites it)",
      file: file, line: line)
  }
}

/// The first differing line of two texts, for a readable failure.
public func firstDifference(expected: String, actual: String) -> String {
  let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
  for index in 0..<max(expectedLines.count, actualLines.count) {
    let left = index < expectedLines.count ? String(expectedLines[index]) : "<end of file>"
    let right = index < actualLines.count ? String(actualLines[index]) : "<end of file>"
    if left != right {
      return "line \(index + 1):\n  expected: \(left)\n  actual:   \(right)"
    }
  }
  return "(texts differ only in line endings)"
}

/// The folder `Tests/Fixtures/<name>` of this package, found from this source file.
public func fixturesDirectory(_ name: String, file: String = #filePath) -> URL {
  URL(fileURLWithPath: file)
    .deletingLastPathComponent()  // TestSupport
    .deletingLastPathComponent()  // Tests
    .appendingPathComponent("Fixtures")
    .appendingPathComponent(name)
}

/// The files under `directory` (recursively) with one of `extensions`, sorted by path.
public func fixtureFiles(in directory: URL, extensions: Set<String>) -> [URL] {
  guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
  else { return [] }
  var result: [URL] = []
  for case let url as URL in enumerator where extensions.contains(url.pathExtension) {
    result.append(url)
  }
  return result.sorted { $0.path < $1.path }
}

/// The root folder of this package.
public func packageRoot(file: String = #filePath) -> URL {
  URL(fileURLWithPath: file)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()
}
