// The JSON parser: total (a value or an error with an offset inside the text), and a value it
// reads, written compactly, reads back as the same value.
import FuzzCheck
import JSONRPC

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = bytes(data, size)
  do {
    let value = try JSONValue.parse(input)
    let text = value.compactText
    do {
      let again = try JSONValue.parse(text)
      check(again == value, "\(text) reads back as \(again.compactText)")
    } catch {
      check(false, "the written value \(text.prefix(200)) does not read back: \(error)")
    }
  } catch {
    check(error.offset >= 0 && error.offset <= input.count, "error offset \(error.offset) outside 0...\(input.count)")
  }
  return 0
}

runFuzzer(fuzz)
