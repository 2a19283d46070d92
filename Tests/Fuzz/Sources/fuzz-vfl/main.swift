// The `.vfl` parser and the Visual Format parser on its own: total on any bytes, every range
// inside the text (the format's, its views', the diagnostics'), and a format with an error
// yields nothing.
import FuzzCheck
import LayoutSyntax

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = bytes(data, size)
  let count = input.count
  let file = Parser.parse(input, kind: .vfl)
  for statement in file.statements {
    check(within(statement.range.start, statement.range.end, count), "statement range \(statement.range) outside 0..<\(count)")
  }
  for diagnostic in file.diagnostics {
    check(within(diagnostic.range.start, diagnostic.range.end, count), "diagnostic range \(diagnostic.range) outside 0..<\(count)")
  }

  // The whole input as one format, and a part of it (the first byte says where it starts).
  let starts = [0, count == 0 ? 0 : Int(input[0]) % (count + 1)]
  for start in starts {
    let range = SourceRange(start: start, end: count)
    let (format, diagnostics) = VisualFormatParser.parse(input, range: range)
    check(format == nil || diagnostics.allSatisfy { $0.severity != .error }, "a format with an error yields a format")
    check(format != nil || !diagnostics.isEmpty, "a format that did not parse says why")
    for diagnostic in diagnostics {
      check(within(diagnostic.range.start, diagnostic.range.end, count), "format diagnostic range \(diagnostic.range) outside 0..<\(count)")
    }
    if let format {
      check(within(format.range.start, format.range.end, count), "format range \(format.range) outside 0..<\(count)")
      for view in format.views {
        check(
          view.range.start >= range.start && view.range.end <= range.end && view.range.start <= view.range.end,
          "view range \(view.range) outside the format's \(range)")
      }
    }
  }
  return 0
}

runFuzzer(fuzz)
