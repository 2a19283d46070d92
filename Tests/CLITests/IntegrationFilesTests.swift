import Foundation
import TestSupport
import XCTest

/// The files other tools read: they must name what Plumb reads and how it is installed.
final class IntegrationFilesTests: XCTestCase {
  private func read(_ path: String) throws -> String {
    try String(contentsOf: packageRoot().appendingPathComponent(path), encoding: .utf8)
  }

  /// Every hook of `.pre-commit-hooks.yaml` runs `plumb check` on every kind of file `plumb check` reads.
  func testPreCommitHooksMatchTheFilesPlumbReads() throws {
    let hooks = try read(".pre-commit-hooks.yaml")
    let ids = hooks.split(separator: "\n").filter { $0.hasPrefix("- id: ") }
    XCTAssertEqual(ids, ["- id: plumb", "- id: plumb-system"])
    let patterns = hooks.split(separator: "\n").filter { $0.hasPrefix("  files: ") }
    XCTAssertEqual(patterns.count, ids.count)
    for pattern in patterns {
      XCTAssertEqual(pattern, #"  files: \.(layout|vfl|storyboard|xib)$"#)
    }
    XCTAssertEqual(hooks.components(separatedBy: "  entry: plumb check\n").count - 1, ids.count)
  }

  /// `make install` honours PREFIX and DESTDIR, and installs the product `plumb`.
  func testTheMakefileInstallsIntoPrefix() throws {
    let makefile = try read("Makefile")
    XCTAssertTrue(makefile.contains("PREFIX ?= /usr/local"))
    XCTAssertTrue(makefile.contains("BINDIR ?= $(PREFIX)/bin"))
    XCTAssertTrue(makefile.contains(#"install -m 755 "$$($(SWIFT) build -c $(CONFIGURATION) $(SWIFTFLAGS) --show-bin-path)/plumb" "$(DESTDIR)$(BINDIR)/plumb""#))
    XCTAssertTrue(try read("LICENSE").contains("Apache License\n                           Version 2.0, January 2004"))
  }

  /// `swift package plumb`: the command plugin is listed, and the package still depends on nothing.
  func testTheCommandPluginIsListedWithoutDependencies() throws {
    let swift = ["/usr/bin/swift", "/opt/swift/usr/bin/swift"].first { FileManager.default.isExecutableFile(atPath: $0) }
      ?? ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map { "\($0)/swift" }
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    let tool = try XCTUnwrap(swift, "swift is not on PATH")
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-plugin-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    // A scratch path of its own, so the listing never waits for the build folder's lock.
    process.arguments = ["package", "--package-path", packageRoot().path, "--scratch-path", scratch.path, "plugin", "--list"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = Pipe()
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(String(decoding: data, as: UTF8.self), "‘plumb’ (plugin ‘PlumbCommand’ in package ‘Plumb’)\n")
    XCTAssertTrue(try read("Package.swift").contains("dependencies: [],"))
  }

  /// The release script reads the version the command reports, and writes checksums.
  func testTheReleaseScriptPacksTheReportedVersion() throws {
    let script = try read("scripts/release.sh")
    let rendering = try read("Sources/PlumbCLI/Rendering.swift")
    XCTAssertTrue(rendering.contains("\npublic let plumbVersion = \""), "the line release.sh reads the version from")
    XCTAssertTrue(script.contains(#"sed -n 's/^public let plumbVersion = "\(.*\)"$/\1/p' Sources/PlumbCLI/Rendering.swift"#))
    XCTAssertTrue(script.contains("--static-swift-stdlib"))
    XCTAssertTrue(script.contains("--arch arm64 --arch x86_64"))
    XCTAssertTrue(script.contains("SHA256SUMS"))
    let attributes = try FileManager.default.attributesOfItem(atPath: packageRoot().appendingPathComponent("scripts/release.sh").path)
    XCTAssertNotEqual(((attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0) & 0o111, 0, "release.sh is executable")
  }
}
