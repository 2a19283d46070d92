// The `.layout` parser: total on any bytes, every range inside the text, top-level statements
// in order, and an incremental parse (`Parser.reparse`) equal to a full parse of the edited text.
import FuzzCheck
import LayoutSyntax

func checkRanges(_ file: LayoutFile, _ count: Int) {
  var previousStart = 0
  for statement in file.statements {
    let range = statement.range
    check(within(range.start, range.end, count), "statement range \(range) outside 0..<\(count)")
    check(range.start >= previousStart, "statement at \(range) before the previous one")
    previousStart = range.start
  }
  for diagnostic in file.diagnostics {
    check(within(diagnostic.range.start, diagnostic.range.end, count), "diagnostic range \(diagnostic.range) outside 0..<\(count)")
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = bytes(data, size)
  let file = Parser.parse(input, kind: .layout)
  checkRanges(file, input.count)

  // An edit of the input: the first three bytes say where, how many bytes go and how many of
  // the text's last bytes come in their place.
  guard input.count > 3 else { return 0 }
  let old = Array(input[3...])
  let start = Int(input[0]) % (old.count + 1)
  let removed = min(Int(input[1]) % 9, old.count - start)
  let inserted = Array(old.suffix(Int(input[2]) % 9))
  var new = old
  new.replaceSubrange(start..<(start + removed), with: inserted)
  let change = TextChange(start: start, oldEnd: start + removed, newEnd: start + inserted.count)
  let oldFile = Parser.parse(old, kind: .layout)
  checkRanges(oldFile, old.count)
  let full = Parser.parse(new, kind: .layout)
  checkRanges(full, new.count)
  let incremental = Parser.reparse(oldFile, bytes: new, change: change).file
  checkRanges(incremental, new.count)
  let index = LineIndex(new)
  check(incremental.dump(index) == full.dump(index), "the incremental parse differs from a full parse")
  return 0
}

runFuzzer(fuzz)
