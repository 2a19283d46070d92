// The Interface Builder reader (`.storyboard`, `.xib`) and the analysis of every unit it reads.
// Inputs are bounded (64 KiB). Every diagnostic's range is inside the document's text.
import FuzzCheck
import InterfaceBuilder

let maximumLength = 64 << 10


@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard size <= maximumLength else { return 0 }
  let input = bytes(data, size)
  let file = InterfaceBuilderFile.read(bytes: input)
  let analysis = file.analyse()
  // Ranges are in the document's text: the file's bytes, or their UTF-8 transcoding for a file
  // in UTF-16, UTF-32 or Latin-1.
  let count = file.document.bytes.count
  for diagnostic in file.diagnostics + analysis.diagnostics {
    check(
      within(diagnostic.range.start, diagnostic.range.end, count),
      "diagnostic \(diagnostic.code) at \(diagnostic.range) outside 0..<\(count)")
  }
  return 0
}

runFuzzer(fuzz)
