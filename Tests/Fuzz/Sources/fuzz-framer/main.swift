// The Content-Length framer and the message reader over in-memory bytes. The framer gives the
// same events however the input is cut into pieces (the first byte says how), never returns
// more body bytes than it was given, and the reader reaches the end of the input within a
// bounded number of events (it never hangs).
import FuzzCheck
import JSONRPC

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard size > 0 else { return 0 }
  let all = bytes(data, size)
  let piece = Int(all[0]) % 17 + 1
  let input = Array(all[1...])
  // A small maximum body length, so that skipping an over-long body is exercised too.
  let maximum = all[0] & 0x80 == 0 ? MessageFramer.defaultMaximumBodyLength : 64

  var whole = MessageFramer(maximumBodyLength: maximum)
  let once = whole.append(input)
  var pieces = MessageFramer(maximumBodyLength: maximum)
  var cut: [FrameEvent] = []
  var offset = 0
  while offset < input.count {
    let end = min(offset + piece, input.count)
    cut += pieces.append(input[offset..<end])
    offset = end
  }
  check(once == cut, "the events depend on how the input was cut (\(piece)-byte pieces)")
  check(whole.isIdle == pieces.isIdle, "idleness depends on how the input was cut")
  var bodyBytes = 0
  for event in once {
    if case .body(let body) = event { bodyBytes += body.count }
  }
  check(bodyBytes <= input.count, "\(bodyBytes) body bytes from \(input.count) bytes of input")

  let pipe = BytePipe()
  pipe.write(input)
  pipe.close()
  let reader = MessageReader(source: pipe, maximumBodyLength: maximum)
  reader.chunkSize = piece
  var events = 0
  while true {
    if case .endOfInput = reader.next() { break }
    events += 1
    check(events <= input.count + 2, "more events than bytes: the reader does not advance")
  }
  check(reader.next() == .endOfInput, "after the end of the input, the end again")
  return 0
}

runFuzzer(fuzz)
