import EditorFeatures
import Foundation
import LayoutSyntax
import SourceCode

/// `plumb-bench mutate PATH… [--function NAME[:views=LABEL][,positional=PREFIX]]`: for every format of real files that is
/// read as a literal, two mutations of the source, one at a time: a `~` after the format's
/// first `]` (UIKit: "Expected a view or '|'", at the `~`), and, when the views dictionary is
/// known, a `Q` after the first view's name (an unknown view, at the name). Each must be
/// reported at exactly that line and column; prints the misses and a JSON summary.
enum SourceMutation {
  static func run(_ arguments: [String]) -> String {
    let parsed = SourceArguments(arguments)
    let (files, functions) = (parsed.files, parsed.functions)
    var tried = 0
    var found = 0
    var report = ""
    for file in files.sorted() {
      guard let data = FileManager.default.contents(atPath: file) else { continue }
      let bytes = [UInt8](data)
      let dialect: SourceDialect = file.hasSuffix(".swift") ? .swift : .objectiveC
      let analysis = SourceCodeAnalysis(bytes: bytes, dialect: dialect, functions: functions)
      for checked in analysis.calls where checked.diagnostics.isEmpty {
        guard case .literal(let text) = checked.call.format else { continue }
        var mutations: [(insertAt: Int, text: String, expected: Int, code: DiagnosticCode)] = []
        if let index = text.characters.firstIndex(of: UInt8(ascii: "]")), bytes[text.offsets[index]] == UInt8(ascii: "]") {
          let offset = text.offsets[index] + 1
          mutations.append((offset, "~", offset, .syntax))
        }
        if case .known = checked.call.views, let view = checked.format?.views.first, view.name.range.length == view.name.name.utf8.count {
          mutations.append((view.name.range.end, "Q", view.name.range.start, .unknownView))
        }
        for mutation in mutations {
          tried += 1
          var mutated = bytes
          mutated.insert(contentsOf: Array(mutation.text.utf8), at: mutation.insertAt)
          let after = SourceCodeAnalysis(bytes: mutated, dialect: dialect, functions: functions)
          let lines = LineIndex(mutated)
          let expected = lines.utf8Position(of: mutation.expected)
          if after.diagnostics.contains(where: { $0.code == mutation.code && $0.range.start == mutation.expected }) {
            found += 1
          } else {
            let got = after.diagnostics.map { d -> String in
              let p = lines.utf8Position(of: d.range.start)
              return "\(p.line + 1):\(p.column + 1) \(d.code.rawValue)"
            }
            report += "\(file):\(expected.line + 1):\(expected.column + 1): expected \(mutation.code.rawValue), got \(got)\n"
          }
        }
      }
    }
    return report + "{\"mutations\":\(tried),\"reported_at_the_right_place\":\(found)}"
  }
}
