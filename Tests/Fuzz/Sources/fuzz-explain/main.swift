// `plumb explain`'s reader and explainer on any bytes (at most 64 KiB): the reports found,
// their constraints solved again, the text and the `.layout` reproduction written. Every
// entry's line is a line of the input, every member of a minimal set is a listed constraint,
// and a reproduction of a conflict parses without errors.
import ConstraintLog
import FuzzCheck
import LayoutAnalysis
import LayoutSyntax

let maximumLength = 65_536

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard size <= maximumLength else { return 0 }
  let input = bytes(data, size)
  let lines = input.filter { $0 == 0x0A }.count + 1
  let report = Explainer.explain(input)
  check(!ExplanationText.render(report).isEmpty, "an empty explanation")
  for explanation in report.explanations {
    let constraints = explanation.block.constraints
    for entry in explanation.block.entries {
      check(entry.line >= 0 && entry.line < lines, "entry at line \(entry.line) of \(lines)")
    }
    for index in explanation.constraintMembers {
      check(index >= 0 && index < constraints.count, "member \(index) of \(constraints.count) constraints")
    }
    if explanation.outcome == .conflict {
      check(!explanation.members.isEmpty, "a conflict without members")
      let layout = Reproduction.layout(explanation)
      let document = LayoutDocument(text: layout.text, kind: .layout)
      let errors = document.diagnostics.filter { $0.severity == .error }
      check(errors.isEmpty, "the reproduction has errors: \(errors.map { "\($0.code)" })\n\(layout.text)")
    }
  }
  return 0
}

runFuzzer(fuzz)
