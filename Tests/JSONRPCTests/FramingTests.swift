import Foundation
@testable import JSONRPC
import TestSupport
import XCTest

final class FramingTests: XCTestCase {
  private func frame(_ body: String) -> [UInt8] {
    Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
  }

  private func bodies(_ events: [FrameEvent]) -> [String] {
    events.compactMap { event in
      if case .body(let bytes) = event { return String(decoding: bytes, as: UTF8.self) }
      return nil
    }
  }

  private func skips(_ events: [FrameEvent]) -> Int {
    events.filter { if case .skipped = $0 { true } else { false } }.count
  }

  func testOneFrameAtOnce() {
    var framer = MessageFramer()
    XCTAssertEqual(bodies(framer.append(frame("{\"a\":1}"))), ["{\"a\":1}"])
    XCTAssertTrue(framer.isIdle)
  }

  func testEveryByteSeparately() {
    // Headers and bodies split at every possible point, across several frames.
    let stream = frame("{\"a\":1}") + frame("[\"é😀\"]") + frame("{}")
    var framer = MessageFramer()
    var events: [FrameEvent] = []
    for byte in stream { events += framer.append([byte]) }
    XCTAssertEqual(bodies(events), ["{\"a\":1}", "[\"é😀\"]", "{}"])
    XCTAssertEqual(skips(events), 0)
  }

  func testRandomSplits() {
    let messages = (0..<20).map { "{\"n\":\($0),\"pad\":\"\(String(repeating: "x", count: $0 * 7))\"}" }
    let stream = messages.flatMap(frame)
    withEverySeed(0..<50) { random, seed in
      var framer = MessageFramer()
      var events: [FrameEvent] = []
      var offset = 0
      while offset < stream.count {
        let length = Int.random(in: 1...40, using: &random)
        let end = min(stream.count, offset + length)
        events += framer.append(stream[offset..<end])
        offset = end
      }
      XCTAssertEqual(bodies(events), messages, "seed \(seed)")
    }
  }

  func testHeaderNamesAreCaseInsensitiveAndOtherHeadersIgnored() {
    var framer = MessageFramer()
    let bytes = Array("content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}".utf8)
    XCTAssertEqual(bodies(framer.append(bytes)), ["{}"])
    XCTAssertEqual(bodies(framer.append(Array("CONTENT-LENGTH:2\r\n\r\n[]".utf8))), ["[]"])
  }

  func testMissingOrBadLengthIsSkippedAndReadingGoesOn() {
    var framer = MessageFramer()
    var events = framer.append(Array("Content-Type: text\r\n\r\n".utf8))
    events += framer.append(Array("Content-Length: abc\r\n\r\n".utf8))
    events += framer.append(Array("Content-Length: -5\r\n\r\n".utf8))
    events += framer.append(Array("Content-Length: 99999999999999999999999\r\n\r\n".utf8))
    events += framer.append(frame("{\"ok\":true}"))
    // One bad stretch, reported once.
    XCTAssertEqual(skips(events), 1)
    XCTAssertEqual(bodies(events), ["{\"ok\":true}"])
    // A good frame ends the stretch: the next bad one is reported again.
    events = framer.append(Array("Content-Length: x\r\n\r\n".utf8) + frame("[]"))
    XCTAssertEqual(skips(events), 1)
    XCTAssertEqual(bodies(events), ["[]"])
  }

  func testGarbageWithoutALineBreakIsSkippedToTheNextHeader() {
    for garbage in [[0x00, 0xFF, 0xFE, 0x7B], Array("garbage".utf8), Array("{\"half\":".utf8), Array("x y\r\n".utf8)] {
      var framer = MessageFramer()
      let events = framer.append(garbage + frame("{\"a\":1}") + frame("{}"))
      XCTAssertEqual(bodies(events), ["{\"a\":1}", "{}"], "\(garbage)")
      XCTAssertEqual(skips(events), 1, "\(garbage)")
    }
  }

  func testAnyBadLengthResynchronisesAtTheNextHeader() {
    // Each bad header block is followed at once by a good frame, with no blank line or
    // padding to help: the good frame is read without waiting for more bytes.
    for header in [
      "Content-Length: twelve", "Content-Length: -5", "Content-Length: 1000000000", "Content-Length: 99999999999999999999",
      "Content-Length:", "Content-Type: text/plain", "Content-Length: 0x10", "Content-Length: 1.5",
    ] {
      var framer = MessageFramer()
      let events = framer.append(Array("\(header)\r\n\r\n".utf8) + frame("{\"ok\":1}"))
      XCTAssertEqual(bodies(events), ["{\"ok\":1}"], header)
      XCTAssertEqual(skips(events), 1, header)
      XCTAssertTrue(framer.isIdle, header)
    }
  }

  func testHugeDeclaredLengthIsRejectedAtOnce() {
    var framer = MessageFramer()
    // A gigabyte declared: rejected, not waited for nor skipped.
    var events = framer.append(Array("Content-Length: 1000000000\r\n\r\n{\"jsonrpc\":\"2.0\"}".utf8))
    XCTAssertEqual(skips(events), 1)
    events = framer.append(frame("{\"next\":1}"))
    XCTAssertEqual(bodies(events), ["{\"next\":1}"])
  }

  func testLineFeedOnlySeparators() {
    var framer = MessageFramer()
    var events = framer.append(Array("Content-Length: 7\n\n{\"a\":1}".utf8))
    events += framer.append(Array("Content-Type: x\nContent-Length: 2\r\n\n[]".utf8))
    events += framer.append(Array("\n\r\nContent-Length: 2\n\r\n{}".utf8))
    XCTAssertEqual(bodies(events), ["{\"a\":1}", "[]", "{}"])
    XCTAssertEqual(skips(events), 0)
    // Byte by byte too.
    var second = MessageFramer()
    var split: [FrameEvent] = []
    for byte in Array("Content-Length: 7\n\n{\"a\":1}Content-Length: 2\n\n{}".utf8) { split += second.append([byte]) }
    XCTAssertEqual(bodies(split), ["{\"a\":1}", "{}"])
  }

  func testLengthLongerThanTheMessageEndsAtTheNextHeader() {
    // The message is complete JSON and a header follows: the body ends there, at once.
    var framer = MessageFramer()
    var events = framer.append(Array("Content-Length: 500\r\n\r\n{\"a\":1}\r\n".utf8) + frame("{\"b\":2}"))
    XCTAssertEqual(bodies(events), ["{\"a\":1}\r\n", "{\"b\":2}"])
    XCTAssertTrue(framer.isIdle)
    // The message is cut short: once the declared length has arrived, the body is not JSON
    // and a header is inside it, so the rest is the next frame.
    framer = MessageFramer()
    events = framer.append(Array("Content-Length: 30\r\n\r\n{\"a\":".utf8) + frame("{\"b\":2}"))
    XCTAssertEqual(bodies(events), ["{\"a\":", "{\"b\":2}"])
    // A header name inside a JSON string is part of the body.
    framer = MessageFramer()
    events = framer.append(frame("{\"t\":\"Content-Length: 3\\r\\n\\r\\n{}\"}") + frame("[]"))
    XCTAssertEqual(bodies(events), ["{\"t\":\"Content-Length: 3\\r\\n\\r\\n{}\"}", "[]"])
  }

  func testBigBodyQuotingTheHeaderNameIsReadInLinearWork() {
    // 8 MiB in reads of 64 KiB, with the header name quoted every 100 bytes.
    let piece = "Content-Length: 9\\r\\n\\r\\n" + String(repeating: "y", count: 73)
    let body = "{\"t\":\"" + String(repeating: piece, count: 8 << 20 / 100) + "\"}"
    let stream = frame(body) + frame("{}")
    var framer = MessageFramer()
    var events: [FrameEvent] = []
    var offset = 0
    while offset < stream.count {
      let end = min(stream.count, offset + 65536)
      events += framer.append(stream[offset..<end])
      offset = end
    }
    XCTAssertEqual(bodies(events).count, 2)
    XCTAssertEqual(bodies(events).first?.utf8.count, body.utf8.count)
    // Each byte is searched, bracket-read and (once, at the end) parsed a bounded number of
    // times: a framer that re-read the body at every quoted header name would examine
    // about 80,000 times the body.
    XCTAssertGreaterThan(framer.bytesExamined, stream.count)
    XCTAssertLessThan(framer.bytesExamined, 6 * stream.count)
  }

  func testRandomGarbageNeverMakesTheFramerDeaf() {
    withEverySeed(0..<30) { random, seed in
      var framer = MessageFramer(maximumBodyLength: 1 << 16)
      var events: [FrameEvent] = []
      let garbage = (0..<Int.random(in: 0...3000, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
      var stream = garbage + frame("{\"n\":1}")
      var offset = 0
      stream += frame("{\"n\":2}")
      while offset < stream.count {
        let end = min(stream.count, offset + Int.random(in: 1...200, using: &random))
        events += framer.append(stream[offset..<end])
        offset = end
      }
      XCTAssertEqual(Array(bodies(events).suffix(2)), ["{\"n\":1}", "{\"n\":2}"], "seed \(seed)")
    }
  }

  func testOversizedBodyIsSkippedWithoutBuffering() {
    var framer = MessageFramer(maximumBodyLength: 10)
    var events = framer.append(Array("Content-Length: 1000\r\n\r\n".utf8))
    for _ in 0..<10 { events += framer.append([UInt8](repeating: 0x41, count: 100)) }
    events += framer.append(frame("{}"))
    XCTAssertEqual(skips(events), 1)
    XCTAssertEqual(bodies(events), ["{}"])
  }

  /// A large message (a document opened) read in the reader's chunks leaves the buffer with
  /// room for what is left only, not the megabyte it grew to; what follows is read as before,
  /// also a message whose start came in the large message's last chunk.
  func testTheRoomOfALargeMessageIsNotKept() {
    let large = "{\"text\":\"" + String(repeating: "v", count: 1 << 20) + "\"}"
    let small = (0..<3).map { "{\"n\":\($0)}" }
    let stream = frame(large) + frame(small[0]) + Array(frame(small[1]).prefix(9))
    var framer = MessageFramer()
    var events: [FrameEvent] = []
    var offset = 0
    while offset < stream.count {
      let end = min(offset + (64 << 10), stream.count)
      events += framer.append(stream[offset..<end])
      offset = end
    }
    XCTAssertEqual(bodies(events), [large, small[0]])
    XCTAssertLessThanOrEqual(framer.bufferCapacity, MessageFramer.keptCapacity)
    events = framer.append(frame(small[1]).dropFirst(9) + frame(small[2]))
    XCTAssertEqual(bodies(events), [small[1], small[2]])
    XCTAssertTrue(framer.isIdle)
  }

  /// Full reads of many small messages take the buffer just past `keptCapacity`; its room is
  /// kept rather than given back and made again on every read.
  func testFullReadsOfSmallMessagesKeepTheBuffer() {
    let messages = (0..<6_000).map { "{\"id\":\($0),\"method\":\"textDocument/hover\"}" }
    let stream = messages.flatMap { frame($0) }
    var framer = MessageFramer()
    var events: [FrameEvent] = []
    var offset = 0
    var reads = 0
    while offset < stream.count {
      let end = min(offset + (64 << 10), stream.count)
      events += framer.append(stream[offset..<end])
      offset = end
      reads += 1
    }
    XCTAssertGreaterThan(reads, 3)
    XCTAssertEqual(bodies(events), messages)
    XCTAssertEqual(framer.bufferReplacements, 0)
  }

  func testEndlessHeaderIsDropped() {
    var framer = MessageFramer()
    var events: [FrameEvent] = []
    for _ in 0..<100 { events += framer.append([UInt8](repeating: 0x7A, count: 1000)) }
    XCTAssertGreaterThan(skips(events), 0)
    events = framer.append(Array("\r\n\r\n".utf8) + frame("{}"))
    XCTAssertEqual(bodies(events), ["{}"])
  }

  func testZeroLengthGivesAnEmptyBody() {
    var framer = MessageFramer()
    XCTAssertEqual(framer.append(Array("Content-Length: 0\r\n\r\n".utf8)), [.body([])])
  }

  func testPartialMessageIsNotIdle() {
    var framer = MessageFramer()
    _ = framer.append(Array("Content-Length: 10\r\n\r\n{\"a\"".utf8))
    XCTAssertFalse(framer.isIdle)
  }

  func testReaderReportsEveryKindOfEvent() {
    let pipe = BytePipe()
    pipe.write(frame("{\"jsonrpc\":\"2.0\",\"method\":\"x\"}"))
    pipe.write(Array("Content-Length: 2\r\n\r\n{]".utf8))
    pipe.write(Array("Bogus: 1\r\n\r\n".utf8))
    pipe.write(Array("Content-Length: 50\r\n\r\n{".utf8))
    pipe.close()
    let reader = MessageReader(source: pipe)
    reader.chunkSize = 3
    XCTAssertEqual(reader.next(), .message(.notification(method: "x", params: nil)))
    guard case .invalid(let failure) = reader.next() else { return XCTFail("expected an invalid message") }
    XCTAssertEqual(failure.error.code, ErrorCode.parseError)
    XCTAssertNil(failure.id)
    guard case .skipped = reader.next() else { return XCTFail("expected a skipped header") }
    guard case .skipped = reader.next() else { return XCTFail("expected the incomplete message") }
    XCTAssertEqual(reader.next(), .endOfInput)
    XCTAssertEqual(reader.next(), .endOfInput)
  }

  func testWriterFramesWholeMessages() {
    let pipe = BytePipe()
    let writer = MessageWriter(sink: pipe)
    writer.send(.response(id: .int(1), result: .success(.null)))
    let text = String(decoding: pipe.takeAll(), as: UTF8.self)
    XCTAssertEqual(text, "Content-Length: 38\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":null}")
  }
}

final class MessageTests: XCTestCase {
  private func decode(_ text: String) -> Result<Message, MessageDecodingFailure> {
    Message.decode(Array(text.utf8))
  }

  func testRoundTrips() throws {
    let messages: [Message] = [
      .request(id: .int(7), method: "textDocument/hover", params: .object([("a", 1)])),
      .request(id: .string("x-1"), method: "shutdown", params: nil),
      .notification(method: "exit", params: nil),
      .notification(method: "$/cancelRequest", params: .object([("id", 3)])),
      .response(id: .int(1), result: .success(.array([1, "two", nil]))),
      .response(id: .string("a"), result: .failure(ResponseError(code: -32601, message: "no", data: .bool(true)))),
      .response(id: nil, result: .failure(.parseError("bad"))),
    ]
    for message in messages {
      let text = message.json.compactText
      XCTAssertEqual(try decode(text).get(), message, text)
    }
  }

  func testIdsAreIntegersOrStrings() {
    for text in [
      #"{"jsonrpc":"2.0","id":1.5,"method":"m"}"#, #"{"jsonrpc":"2.0","id":true,"method":"m"}"#,
      #"{"jsonrpc":"2.0","id":[1],"method":"m"}"#, #"{"jsonrpc":"2.0","id":null,"method":"m"}"#,
    ] {
      guard case .failure(let failure) = decode(text) else { return XCTFail(text) }
      XCTAssertEqual(failure.error.code, ErrorCode.invalidRequest, text)
      XCTAssertNil(failure.id)
      XCTAssertTrue(failure.shouldRespond)
    }
  }

  func testMalformedNotificationIsNotAnswered() {
    guard case .failure(let failure) = decode(#"{"jsonrpc":"2.0","method":"m","params":3}"#) else { return XCTFail() }
    XCTAssertFalse(failure.shouldRespond)
    guard case .failure(let request) = decode(#"{"jsonrpc":"2.0","id":4,"method":"m","params":3}"#) else {
      return XCTFail()
    }
    XCTAssertEqual(request.id, .int(4))
    XCTAssertEqual(request.error.code, ErrorCode.invalidParams)
  }

  func testNullParamsAreNoParams() throws {
    XCTAssertEqual(
      try decode(#"{"jsonrpc":"2.0","id":1,"method":"shutdown","params":null}"#).get(),
      .request(id: .int(1), method: "shutdown", params: nil))
  }

  func testInvalidJSONAndUTF8() {
    for bytes: [UInt8] in [[], Array("{".utf8), [0xFF, 0xFE], Array("{\"a\":\"".utf8) + [0xC3] + Array("\"}".utf8)] {
      guard case .failure(let failure) = Message.decode(bytes) else { return XCTFail("\(bytes)") }
      XCTAssertEqual(failure.error.code, ErrorCode.parseError)
    }
  }

  func testDeepNestingIsAnErrorNotACrash() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    guard case .failure(let failure) = decode(deep) else { return XCTFail() }
    XCTAssertEqual(failure.error.code, ErrorCode.parseError)
  }
}

final class SalvagedIDTests: XCTestCase {
  func testIDOfInvalidJSONIsFoundWhenItCanBe() {
    func id(_ text: String) -> RequestID? { Message.salvageID(from: Array(text.utf8)) }
    XCTAssertEqual(id(#"{"jsonrpc":"2.0","id":12,"params":[[[["#), .int(12))
    XCTAssertEqual(id(#" { "params": {"id": 5}, "id" : "abc", "x": ["#), .string("abc"))
    XCTAssertEqual(id(#"{"method":"m","params":{"text":"\"id\":3"},"id":-4,"#), .int(-4))
    XCTAssertNil(id(#"{"params":{"id":5}"#))
    XCTAssertNil(id(#"[{"id":5}]"#))
    XCTAssertNil(id(#"{"id":1.5"#))
    XCTAssertNil(id(#"{"id":"#))
    XCTAssertNil(id(""))
    XCTAssertEqual(Message.salvageID(from: Array(#"{"id":7,"x":""#.utf8) + [0xFF]), .int(7))
  }
}

/// Bodies that quote the header name, and a writer that must not wait for a blocked write.
final class FramingRecoveryCostTests: XCTestCase {
  /// A body quoting `}Content-Length:` many times is one message, read in one pass: the shape
  /// of the body is followed as it comes, not parsed again at each quoted header.
  func testABodyQuotingTheHeaderNameManyTimesIsOneMessage() throws {
    let quoted = String(repeating: "}Content-Length: ", count: 20_000)
    let body = Array(#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"x":"\#(quoted)"}}"#.utf8)
    let next = Array(#"{"jsonrpc":"2.0","id":2,"method":"m"}"#.utf8)
    var framer = MessageFramer()
    var events: [FrameEvent] = []
    // Fed in pieces, as a pipe delivers it.
    let stream = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body + Array("Content-Length: \(next.count)\r\n\r\n".utf8) + next
    var offset = 0
    while offset < stream.count {
      let end = min(stream.count, offset + 4_096)
      events += framer.append(stream[offset..<end])
      offset = end
    }
    XCTAssertEqual(events, [.body(body), .body(next)])
  }

  func testTheShapeOfAJSONTextTellsWhereItsValueEnds() {
    func ends(_ text: String) -> Bool {
      var shape = JSONShape(from: 0)
      let bytes = Array(text.utf8)
      shape.advance(over: bytes, to: bytes.count)
      return shape.endsAValue
    }
    XCTAssertTrue(ends(#"{"a":[1,{"b":"}]"}]}  "#))
    XCTAssertTrue(ends("[1,2]\r\n"))
    XCTAssertFalse(ends(#"{"a":"}"#))
    XCTAssertFalse(ends(#"{"a":"\"}"#))
    XCTAssertFalse(ends(#"{"a":1} x"#))
    XCTAssertFalse(ends(#"}{"a":1}"#))
    XCTAssertFalse(ends(#""s" {}"#))
    XCTAssertFalse(ends("12"))
  }

  /// A sink whose write blocks until released, as a pipe does when the client reads nothing.
  private final class BlockingSink: ByteSink, @unchecked Sendable {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    func write(_ bytes: [UInt8]) -> Bool {
      entered.signal()
      release.wait()
      return true
    }
  }

  func testClosingAWriterDoesNotWaitForABlockedWrite() {
    let sink = BlockingSink()
    let writer = MessageWriter(sink: sink)
    let sent = DispatchSemaphore(value: 0)
    Thread {
      writer.send(.notification(method: "m", params: nil))
      sent.signal()
    }.start()
    sink.entered.wait()
    let closed = DispatchSemaphore(value: 0)
    Thread {
      writer.close()
      closed.signal()
    }.start()
    XCTAssertEqual(closed.wait(timeout: .now() + 5), .success, "close waited for the blocked write")
    sink.release.signal()
    XCTAssertEqual(sent.wait(timeout: .now() + 5), .success)
    // Closed: nothing more reaches the sink.
    writer.send(.notification(method: "m", params: nil))
    XCTAssertEqual(sink.entered.wait(timeout: .now() + 0.2), .timedOut)
  }
}
