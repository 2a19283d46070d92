// The whole analysis of a layout text: parse, model, lowering, solving in every canvas and
// direction, the checks. Inputs are bounded (4 KiB) so that one run stays fast; the first byte
// picks the kind of file. Every diagnostic's range is inside the text.
import FuzzCheck
import LayoutAnalysis
import LayoutSyntax

let maximumLength = 4096

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard size > 0, size <= maximumLength + 1 else { return 0 }
  let input = bytes(data, size)
  let kind: FileKind = input[0] & 1 == 0 ? .layout : .vfl
  let text = Array(input[1...])
  let document = LayoutDocument(bytes: text, kind: kind)
  let layout = SolvedLayout(document: document)
  for diagnostic in document.diagnostics + layout.diagnostics {
    check(
      within(diagnostic.range.start, diagnostic.range.end, text.count),
      "diagnostic \(diagnostic.code) at \(diagnostic.range) outside 0..<\(text.count)")
  }
  // Solving anyway (as `plumb frames` does) must not trap either.
  if document.diagnostics.contains(where: { $0.severity == .error }) {
    _ = SolvedLayout(document: document, solveWithErrors: true)
  }
  return 0
}

runFuzzer(fuzz)
