import EditorFeatures
import LayoutSyntax

/// Lines as the language server cuts them (at `\n`, `\r\n` or a lone `\r`), for tests that
/// run the layer without the server.
struct TestLines: DocumentLines {
  let starts: [Int]
  let ends: [Int]
  let count: Int

  init(_ bytes: [UInt8]) {
    var starts = [0]
    var ends: [Int] = []
    var offset = 0
    while offset < bytes.count {
      if bytes[offset] == 0x0A {
        ends.append(offset)
        starts.append(offset + 1)
      } else if bytes[offset] == 0x0D {
        ends.append(offset)
        if offset + 1 < bytes.count, bytes[offset + 1] == 0x0A { offset += 1 }
        starts.append(offset + 1)
      }
      offset += 1
    }
    ends.append(bytes.count)
    self.starts = starts
    self.ends = ends
    count = bytes.count
  }

  init(_ text: String) {
    self.init(Array(text.utf8))
  }

  var lineCount: Int { starts.count }

  func line(containing offset: Int) -> Int {
    let clamped = min(max(offset, 0), count)
    return max(starts.partitionPoint { $0 <= clamped } - 1, 0)
  }

  func contentRange(ofLine line: Int) -> SourceRange {
    guard line >= 0, line < starts.count else { return SourceRange(at: count) }
    return SourceRange(start: starts[line], end: ends[line])
  }
}
