import EditorFeatures
import Foundation
import LayoutSyntax
import SourceCode
import TestSupport
import XCTest

/// The real-world formats of `../shared/corpus/vfl-realworld.txt` (read where they are, at test
/// time; they are not part of the repository), embedded in generated Swift and Objective-C
/// calls: every one checks without an error, through escapes and joined literals, and a
/// misspelt view put into each is reported at its exact place in the generated source.
final class RealWorldFormatTests: XCTestCase {
  private func corpus() throws -> [String] {
    let url = packageRoot().deletingLastPathComponent().appendingPathComponent("shared/corpus/vfl-realworld.txt")
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw XCTSkip("the VFL corpus is not at \(url.path); it lives outside the repository")
    }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
    return lines.map { String($0.split(separator: "\t", maxSplits: 1).first ?? $0) }
  }

  /// The names of a format: those in brackets are views, the others metrics.
  private func names(of format: String) -> (views: [String], metrics: [String]) {
    var views: [String] = []
    var all: [String] = []
    var word = ""
    var inBracketName = false
    for character in format + " " {
      if character == "_" || character.isLetter || (character.isNumber && !word.isEmpty) {
        word.append(character)
        continue
      }
      if !word.isEmpty {
        if inBracketName, !views.contains(word) { views.append(word) }
        if !all.contains(word) { all.append(word) }
        word = ""
      }
      inBracketName = character == "["
    }
    // `H:` and `V:` are no names.
    let metrics = all.filter { !views.contains($0) && !(($0 == "H" || $0 == "V") && format.hasPrefix($0 + ":")) }
    return (views, metrics)
  }

  /// A call of `dialect` around `format`, cut into two joined literals at its middle and with
  /// every `|` written as an escape; also returns the source offset of each format character.
  private func call(_ format: String, dialect: SourceDialect) -> (source: String, offsets: [Int]) {
    let (views, metrics) = names(of: format)
    let characters = Array(format.utf8)
    let middle = characters.count / 2
    var source = dialect == .swift
      ? "import UIKit\n\nfunc layOut() {\n  _ = NSLayoutConstraint.constraints(\n    withVisualFormat: \""
      : "#import <UIKit/UIKit.h>\n\n- (void)layOut {\n  [NSLayoutConstraint constraintsWithVisualFormat:@\""
    var offsets: [Int] = []
    for (index, byte) in characters.enumerated() {
      if index == middle {
        source += dialect == .swift ? "\"\n      + \"" : "\"\n    @\""
      }
      offsets.append(source.utf8.count)
      if byte == UInt8(ascii: "|") {
        source += dialect == .swift ? "\\u{7C}" : "\\174"
      } else {
        source += String(UnicodeScalar(byte))
      }
    }
    source += "\""
    if dialect == .swift {
      let metricList = metrics.isEmpty ? "nil" : "[" + metrics.map { "\"\($0)\": 8" }.joined(separator: ", ") + "]"
      let viewList = views.isEmpty ? "[:]" : "[" + views.map { "\"\($0)\": \($0)" }.joined(separator: ", ") + "]"
      source += ",\n    options: [], metrics: \(metricList), views: \(viewList))\n}\n"
    } else {
      let metricList = metrics.isEmpty ? "nil" : "@{" + metrics.map { "@\"\($0)\": @8" }.joined(separator: ", ") + "}"
      source +=
        " options:0 metrics:\(metricList)\n      views:NSDictionaryOfVariableBindings(\(views.joined(separator: ", ")))];\n}\n"
    }
    return (source, offsets)
  }

  func testEveryRealWorldFormatChecksWithoutAnErrorInBothDialects() throws {
    let formats = try corpus()
    XCTAssertEqual(formats.count, 268)
    for dialect in [SourceDialect.swift, .objectiveC] {
      for format in formats {
        let (source, _) = call(format, dialect: dialect)
        let analysis = SourceCodeAnalysis(bytes: Array(source.utf8), dialect: dialect, functions: [])
        XCTAssertEqual(analysis.calls.count, 1, "\(dialect): \(source)")
        guard case .literal(let text)? = analysis.calls.first?.call.format else {
          XCTFail("\(dialect): the format is not read as a literal: \(source)")
          continue
        }
        XCTAssertEqual(String(decoding: text.characters, as: UTF8.self), format)
        XCTAssertEqual(analysis.diagnostics.map(\.message), [], "\(dialect): \(source)")
        XCTAssertFalse(analysis.calls.first?.lowering?.constraints.isEmpty ?? true, "\(dialect): \(format)")
      }
    }
  }

  func testAMisspeltViewIsReportedAtItsPlaceInTheSource() throws {
    let formats = try corpus()
    for dialect in [SourceDialect.swift, .objectiveC] {
      for format in formats {
        // Misspell the first view: `[name` becomes `[nameQ`; it is no key of the dictionary,
        // which is built from the original format.
        guard let bracket = format.firstIndex(of: "[") else { continue }
        let nameStart = format.index(after: bracket)
        let nameEnd = format[nameStart...].firstIndex { !($0 == "_" || $0.isLetter || $0.isNumber) } ?? format.endIndex
        let name = String(format[nameStart..<nameEnd])
        let mutated = String(format[..<nameEnd]) + "Q" + String(format[nameEnd...])
        let (original, _) = call(format, dialect: dialect)
        var (source, offsets) = call(mutated, dialect: dialect)
        // The same dictionaries as the original's.
        let originalTail = original[original.range(of: dialect == .swift ? ",\n    options:" : " options:")!.lowerBound...]
        let tail = source.range(of: dialect == .swift ? ",\n    options:" : " options:")!
        source = String(source[..<tail.lowerBound]) + originalTail
        let analysis = SourceCodeAnalysis(bytes: Array(source.utf8), dialect: dialect, functions: [])
        let unknown = analysis.diagnostics.filter { $0.code == .unknownView }
        XCTAssertEqual(unknown.count, 1, "\(dialect): \(source)")
        guard let diagnostic = unknown.first else { continue }
        let start = format.utf8.distance(from: format.startIndex, to: nameStart)
        let end = start + name.utf8.count + 1
        XCTAssertEqual(diagnostic.range.start, offsets[start], "\(dialect): \(mutated)")
        XCTAssertEqual(diagnostic.range.end, offsets[end - 1] + 1, "\(dialect): \(mutated)")
        XCTAssertEqual(diagnostic.message.hasPrefix("\(name)Q is not a key in the views dictionary"), true, diagnostic.message)
      }
    }
  }
}
