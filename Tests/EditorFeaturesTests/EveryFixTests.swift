import Foundation
import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

import EditorFeatures

/// Every quick fix Plumb offers, applied: on every example, every analysis and Interface
/// Builder fixture, and seeded random layouts. A fix passes when, once its edits are applied
/// and the text is analysed again,
///
/// - the finding it was offered for is gone: fewer findings of the same code about the same
///   subject remain (`FindingSubject`), and
/// - no new error appears: no error's subject is reported more often than before.
///
/// A finding's subject is what it is about, not the numbers it quotes, so that a finding
/// that moves elsewhere (to the twin of a constraint written twice) still counts as the same
/// finding, and one whose frame changed because the fix moved another view does not count as
/// new:
///
/// - a conflict: the constraint UIKit breaks, by where it is written (an offset of the text
///   before the fix is followed through the fix's edits; one the fix deleted, or rewrote
///   from before it, matches nothing). The other members may change when a fix adds
///   constraints: it is still the conflict that breaks that constraint;
/// - a finding about a view's frame (ambiguous, zero-size, misplaced, offscreen): the view and
///   the axis; a content-priority tie: its views, axis and priority;
/// - `unsatisfied`, `extreme-value`, `inaccurate`: the text of the constraint quoted;
/// - an unknown name: the name (not the suggestion, which a fix that declares a name may
///   change);
/// - anything else: the finding itself.
///
/// A fix that ends the text's last error lets the layout be solved, which it is not while the
/// text has errors: the layout's errors it then reveals were there, unreported, before. They
/// do not count as new; the finding the fix was offered for must still be gone.
final class EveryFixTests: XCTestCase {
  /// Fixes applied over every run of `check`, and the descriptions of those that failed.
  private var applied = 0
  private var failures: [String] = []

  private func analyse(_ bytes: [UInt8], language: any EditorLanguage) -> any EditorSnapshot {
    language.makeAnalyzer().analyse(bytes: bytes, lines: LineIndex(bytes, breaks: .newlineOrReturn), change: nil)
  }

  /// Applies every quick fix of a text, one at a time, and records each fix that fails.
  private func check(_ bytes: [UInt8], language: any EditorLanguage, name: String) {
    let before = analyse(bytes, language: language)
    let actions =
      before.codeActions(in: SourceRange(start: 0, end: bytes.count), only: [CodeActionKind.quickFix.rawValue]) ?? []
    let textHadErrors = before.diagnostics.contains { $0.severity == .error && !$0.code.isLayoutFinding }
    for action in actions {
      XCTAssertFalse(action.diagnostics.isEmpty, "\(name): '\(action.title)' fixes no finding")
      applied += 1
      let fixedBytes = TextEdit.apply(action.edits, to: bytes)
      let after = analyse(fixedBytes, language: language).diagnostics
      let moved = { (offset: Int) in mapped(offset, through: action.edits) }
      let beforeSubjects = FindingSubject.counts(before.diagnostics, offset: moved)
      let beforeErrors = FindingSubject.counts(before.diagnostics.filter { $0.severity == .error }, offset: moved)
      let afterSubjects = FindingSubject.counts(after)
      var problems: [String] = []
      for diagnostic in action.diagnostics {
        let subject = FindingSubject(diagnostic, offset: moved)
        if afterSubjects[subject, default: 0] >= beforeSubjects[subject, default: 0] {
          problems.append("kept \(diagnostic.code): \(diagnostic.message)")
        }
      }
      let textHasErrors = after.contains { $0.severity == .error && !$0.code.isLayoutFinding }
      let afterErrors = FindingSubject.counts(after.filter { $0.severity == .error })
      for error in after where error.severity == .error {
        if textHadErrors && !textHasErrors && error.code.isLayoutFinding { continue }
        let subject = FindingSubject(error)
        if afterErrors[subject, default: 0] > beforeErrors[subject, default: 0] {
          problems.append("new \(error.code): \(error.message)")
        }
      }
      if !problems.isEmpty {
        let text = String(decoding: bytes, as: UTF8.self)
        let fixed = String(decoding: fixedBytes, as: UTF8.self)
        failures.append(
          "\(name): '\(action.title)' \(problems.joined(separator: "; "))\n--- before\n\(text)--- after\n\(fixed)")
      }
    }
  }

  private func report(atLeast minimum: Int) {
    for failure in failures { print("FAILED FIX " + (failure.split(separator: "\n").first.map(String.init) ?? "")) }
    for failure in failures.prefix(20) { XCTFail(failure) }
    if failures.count > 20 { XCTFail("… and \(failures.count - 20) more failing fixes") }
    XCTAssertGreaterThanOrEqual(applied, minimum)
    print("EveryFixTests: applied \(applied) fixes, \(failures.count) failed")
  }

  func testEveryFixOfEveryExampleAndFixture() throws {
    var files = fixtureFiles(in: packageRoot().appendingPathComponent("Examples"), extensions: ["layout", "vfl"])
    files += fixtureFiles(in: fixturesDirectory("analysis"), extensions: ["layout", "vfl"])
    files += fixtureFiles(in: fixturesDirectory("interface-builder"), extensions: ["storyboard", "xib"])
    XCTAssertGreaterThan(files.count, 40)
    for url in files {
      let language = try XCTUnwrap(EditorLanguages.language(forPath: url.path))
      check([UInt8](try Data(contentsOf: url)), language: language, name: url.lastPathComponent)
    }
    report(atLeast: 30)
  }

  func testEveryFixOfRandomLayouts() {
    withEverySeed(0..<600) { random, seed in
      let text = RandomLayout.text(&random, problems: true)
      check(Array(text.utf8), language: LayoutLanguage.layout, name: "seed \(seed)")
    }
    report(atLeast: 800)
  }
}

/// What a finding is about, for telling whether a fix removed it (see `EveryFixTests`).
struct FindingSubject: Hashable, CustomStringConvertible {
  var code: DiagnosticCode
  var about: String

  /// - Parameter offset: where an offset of the text the finding was made on is in the text
  ///   it is compared with; nil when nowhere.
  init(_ diagnostic: Diagnostic, offset: (Int) -> Int? = { $0 }) {
    code = diagnostic.code
    switch diagnostic.finding {
    case .conflict(let conflict):
      about = "breaks the constraint at " + (offset(conflict.broken.range.start).map(String.init) ?? "a rewritten place")
    case .ambiguous(let ambiguity):
      about = "\(ambiguity.view) \(ambiguity.axis)"
    case .zeroSize(let view, let axis, _, _):
      about = "\(view) \(axis)"
    case .contentPriorityTie(let tie):
      about = "\(tie.first) \(tie.second) \(tie.axis) \(tie.priority)"
    case .misplaced(let misplacement):
      about = misplacement.view
    case .offscreen(let overhang):
      about = overhang.view
    case .unsatisfied(let quote, _, _), .extremeValue(let quote, _):
      about = quote.text
    case .inaccurate(.multiplier(let quote, _)), .inaccurate(.constant(let quote, _)),
      .inaccurate(.violated(let quote, _)):
      about = quote.text
    case .inaccurate(.notFinite(let view)):
      about = view
    case .unknownView(let name, _), .unknownMetric(let name, _), .notAKeyInViews(let name, _),
      .unknownFormatMetric(let name, _), .unknownOption(let name, _):
      about = name
    default:
      about = String(describing: diagnostic.finding)
    }
  }

  static func counts(_ diagnostics: [Diagnostic], offset: (Int) -> Int? = { $0 }) -> [FindingSubject: Int] {
    var counts: [FindingSubject: Int] = [:]
    for diagnostic in diagnostics { counts[FindingSubject(diagnostic, offset: offset), default: 0] += 1 }
    return counts
  }

  var description: String { "\(code) \(about)" }
}

extension DiagnosticCode {
  /// Whether the code is a finding of the solved layout, which is reported only when the
  /// text has no error.
  fileprivate var isLayoutFinding: Bool {
    switch self {
    case .conflict, .rtlConflict, .ambiguous, .contentPriorityAmbiguity, .misplaced, .zeroSize, .offscreen,
      .unsatisfied, .unsolved, .inaccurate:
      true
    default:
      false
    }
  }
}

/// Where an offset of a text is once `edits` are applied: moved by the edits before it; nil
/// when an edit deleted it or replaced the text around it. Text rewritten from the offset on
/// (`alignAllLeft` as `alignAllLeading`) still starts there.
private func mapped(_ offset: Int, through edits: [TextEdit]) -> Int? {
  var shift = 0
  for edit in edits {
    let range = edit.range
    let rewritesFromHere = range.start == offset && !edit.newText.isEmpty
    if !range.isEmpty && range.start <= offset && offset < range.end && !rewritesFromHere { return nil }
    // Text inserted at the offset lands before what is there.
    if range.end <= offset { shift += edit.newText.utf8.count - (range.end - range.start) }
  }
  return offset + shift
}

