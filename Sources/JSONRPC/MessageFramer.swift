/// What the framer found in the bytes it was given.
public enum FrameEvent: Sendable, Equatable {
  /// A complete message body.
  case body([UInt8])
  /// Bytes that were dropped, and why (for the log): reported once per bad stretch, at its
  /// start.
  case skipped(String)
}

/// Splits a byte stream into `Content-Length` framed messages.
///
/// A frame is a header block (lines ending in `\r\n`, then an empty line) and a body of
/// exactly `Content-Length` bytes. Header names are matched case-insensitively and headers
/// other than `Content-Length` are ignored. The framer is a state machine fed with whatever
/// a read returned, so a header or a body may arrive in any number of pieces.
///
/// Lines may also end in a bare `\n`: a header line cannot contain a line feed, so cutting
/// header lines at `\n` (and dropping a `\r` before it) is unambiguous, and the body starts
/// right after the `\n` of the empty line. Empty lines before a header block are ignored.
///
/// Bad input never stops it, and never makes it deaf: a header block that is not a header
/// block (garbage), or has no usable `Content-Length` (missing, not a number, negative,
/// more than `maximumBodyLength`), starts a *bad stretch*, reported once; the framer then
/// looks for the next `Content-Length:` (case-insensitively, wherever it starts, so garbage
/// that does not end with a line break is skipped too) and reads a header block from there.
/// A declared length above `maximumBodyLength` is rejected at once, so no length can make
/// the framer wait for, or skip, more than that.
///
/// A declared length larger than the message that was sent swallows the start of the next
/// frame. Two rules recover from it, both unambiguous because valid JSON followed by more
/// than white space is never a valid body:
/// - while a body is read, if a `Content-Length:` appears in it and the bytes before it are a
///   complete JSON value (and white space), the body ends there, at once;
/// - when a body is complete, is not valid JSON and has a `Content-Length:` in it, the body
///   ends there (its first part is handed on, to be answered as invalid JSON) and the rest
///   is read as the next frame.
public struct MessageFramer: Sendable {
  /// The largest body accepted: 64 MiB, far beyond any layout file.
  public static let defaultMaximumBodyLength = 64 << 20
  /// The longest header block accepted before it is given up as garbage.
  public static let maximumHeaderLength = 16 << 10
  /// The header name the framer resynchronises on, in lower case.
  static let headerName = Array("content-length:".utf8)

  private enum State: Sendable {
    /// Reading a header block that starts at `blockStart`.
    case header
    /// Reading a body that starts at `start`.
    case body(length: Int)
    /// In a bad stretch: looking for the next `Content-Length:`.
    case resync
  }

  public let maximumBodyLength: Int
  /// The room a buffer keeps between messages however large one was (64 KB, the reader's chunk).
  static let keptCapacity = 64 << 10
  /// The room of the buffer (for the tests).
  var bufferCapacity: Int { buffer.capacity }
  /// How many times `compact` replaced the buffer to give back its room (for tests).
  private(set) var bufferReplacements = 0
  private var state = State.header
  /// Bytes received and not yet consumed start at `start`.
  private var buffer: [UInt8] = []
  private var start = 0
  /// Where the next header line starts (header state).
  private var lineStart = 0
  private var sawHeaderLine = false
  private var declaredLength: Int?
  /// Where to resume the search for a header name inside a body being read.
  private var bodySearchFrom = 0
  /// The shape of the body read so far, to tell where a complete JSON value ends.
  private var bodyShape = JSONShape(from: 0)
  /// Whether a bad stretch has been reported and no frame has been read since.
  private var inBadStretch = false
  /// Bytes looked at so far by the searches for a header name, the bracket reading of bodies
  /// and the parses of candidate bodies: what the framer's work is, counted so that tests can
  /// hold it in proportion to its input without timing it.
  private(set) var bytesExamined = 0

  public init(maximumBodyLength: Int = MessageFramer.defaultMaximumBodyLength) {
    self.maximumBodyLength = max(0, maximumBodyLength)
  }

  /// Whether the framer holds no part of a message (for a clean end of input); a bad
  /// stretch, already reported, counts as idle.
  public var isIdle: Bool {
    switch state {
    case .header: return buffer[start...].allSatisfy { $0 == 0x0D || $0 == 0x0A || $0 == 0x20 || $0 == 0x09 }
    case .body: return false
    case .resync: return true
    }
  }

  /// Feeds bytes and returns every event they complete, in order.
  public mutating func append(_ bytes: some Collection<UInt8>) -> [FrameEvent] {
    buffer.append(contentsOf: bytes)
    var events: [FrameEvent] = []
    while step(&events) {}
    compact()
    return events
  }

  /// Drops the consumed bytes when they are most of the buffer. A buffer that grew past four
  /// times `keptCapacity` for a large message and holds less than a quarter of its room after the
  /// drop is replaced by one with room for what is left: the room of the largest message read
  /// (a document opened, 0.7 MB at 10,000 views, in a buffer of 1 MB) is not kept for the
  /// server's lifetime. Below that the room is kept: full reads of many small messages take
  /// the buffer past `keptCapacity` (a read's bytes beside the part of a message left over, in
  /// an array that doubles), and replacing it there would make it again on every other read.
  private mutating func compact() {
    guard start > 0, start >= buffer.count / 2 || start > 1 << 20 else { return }
    if buffer.capacity > 4 * MessageFramer.keptCapacity, 4 * (buffer.count - start) < buffer.capacity {
      buffer = Array(buffer[start...])
      bufferReplacements += 1
    } else {
      buffer.removeFirst(start)
    }
    lineStart -= start
    bodySearchFrom -= start
    bodyShape.shift(by: -start)
    start = 0
  }

  /// Advances the state machine; false when it needs more bytes.
  private mutating func step(_ events: inout [FrameEvent]) -> Bool {
    switch state {
    case .resync: return resync()
    case .header: return readHeaderLine(&events)
    case .body(let length): return readBody(length: length, &events)
    }
  }

  /// Starts (or continues) a bad stretch after the bad header block at `start`: the search
  /// for the next header name starts one byte after it.
  private mutating func fail(_ reason: String, _ events: inout [FrameEvent]) {
    if !inBadStretch {
      events.append(.skipped(reason))
      inBadStretch = true
    }
    start = min(start + 1, buffer.count)
    state = .resync
  }

  private mutating func resync() -> Bool {
    let found = MessageFramer.findHeaderName(in: buffer, from: start)
    bytesExamined += (found ?? buffer.count) - start
    if let found {
      start = found
      beginHeader()
      return true
    }
    // Keep only what may be the start of a header name cut by the read.
    start = max(start, buffer.count - (MessageFramer.headerName.count - 1))
    return false
  }

  private mutating func beginHeader() {
    state = .header
    lineStart = start
    sawHeaderLine = false
    declaredLength = nil
  }

  private mutating func readHeaderLine(_ events: inout [FrameEvent]) -> Bool {
    guard let newline = buffer[lineStart...].firstIndex(of: 0x0A) else {
      if buffer.count - start > MessageFramer.maximumHeaderLength {
        fail("a header block longer than \(MessageFramer.maximumHeaderLength) bytes", &events)
        return true
      }
      return false
    }
    var end = newline
    if end > lineStart, buffer[end - 1] == 0x0D { end -= 1 }
    let line = buffer[lineStart..<end]
    lineStart = newline + 1
    if newline + 1 - start > MessageFramer.maximumHeaderLength {
      fail("a header block longer than \(MessageFramer.maximumHeaderLength) bytes", &events)
      return true
    }
    if line.isEmpty {
      guard sawHeaderLine else {
        // An empty line between frames.
        start = lineStart
        return true
      }
      guard let length = declaredLength else {
        fail("a header block without Content-Length: '\(MessageFramer.quote(buffer[start..<lineStart]))'", &events)
        return true
      }
      start = lineStart
      bodySearchFrom = start
      bodyShape = JSONShape(from: start)
      state = .body(length: length)
      return true
    }
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
      line[line.startIndex..<colon].allSatisfy(MessageFramer.isTokenByte)
    else {
      fail("bytes that are not a header: '\(MessageFramer.quote(line))'", &events)
      return true
    }
    sawHeaderLine = true
    let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self).lowercased()
    guard name == "content-length" else { return true }
    let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces
    guard !value.isEmpty, value.count <= 18, value.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(value)
    else {
      fail("a header block with an invalid Content-Length '\(value.prefix(40))'", &events)
      return true
    }
    guard number <= maximumBodyLength else {
      fail("a message of \(number) bytes, more than the \(maximumBodyLength) accepted", &events)
      return true
    }
    if let declaredLength, declaredLength != number {
      fail("a header block with two different Content-Lengths", &events)
      return true
    }
    declaredLength = number
    return true
  }

  private mutating func readBody(length: Int, _ events: inout [FrameEvent]) -> Bool {
    let available = buffer.count - start
    // A header name inside the body, after a complete JSON value: the length was wrong.
    let searchEnd = min(buffer.count, start + length)
    while let found = MessageFramer.findHeaderName(in: buffer, from: bodySearchFrom, before: searchEnd) {
      bytesExamined += found + 1 - bodySearchFrom
      bodySearchFrom = found + 1
      // Only where an object (or a batch) has just closed, outside any string, can the value
      // be complete: the shape is followed as the bytes come, so a body that quotes the header
      // name many times is not parsed again for each (it is parsed at most once).
      bytesExamined += max(0, found - bodyShape.position)
      bodyShape.advance(over: buffer, to: found)
      if bodyShape.endsAValue, parsesAsJSON(buffer[start..<found]) {
        deliver(buffer[start..<found], &events)
        start = found
        beginHeader()
        return true
      }
    }
    bytesExamined += max(0, searchEnd - bodySearchFrom)
    bodySearchFrom = max(bodySearchFrom, searchEnd - (MessageFramer.headerName.count - 1))
    guard available >= length else { return false }
    let body = buffer[start..<(start + length)]
    let inside = MessageFramer.findHeaderName(in: buffer, from: start, before: start + length)
    bytesExamined += (inside ?? start + length) - start
    if let found = inside, !parsesAsJSON(body)
    {
      // Not JSON, and a frame starts inside it: the body ends there.
      let head = buffer[start..<found]
      if head.allSatisfy(MessageFramer.isSpace) {
        fail("a body shorter than its Content-Length", &events)
        start = found
        beginHeader()
      } else {
        deliver(head, &events)
        start = found
        beginHeader()
      }
      return true
    }
    deliver(body, &events)
    start += length
    beginHeader()
    return true
  }

  /// `isJSON`, its bytes counted as examined.
  private mutating func parsesAsJSON(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytesExamined += bytes.count
    return MessageFramer.isJSON(bytes)
  }

  private mutating func deliver(_ body: ArraySlice<UInt8>, _ events: inout [FrameEvent]) {
    events.append(.body(Array(body)))
    inBadStretch = false
  }

  /// The offset of the next `Content-Length:` (any case) in `bytes[from..<before]`.
  static func findHeaderName(in bytes: [UInt8], from: Int, before: Int? = nil) -> Int? {
    let name = headerName
    let end = (before ?? bytes.count) - name.count
    var index = max(0, from)
    while index <= end {
      if bytes[index] | 0x20 == name[0] {
        var matched = 1
        while matched < name.count {
          let byte = bytes[index + matched]
          let lowered = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
          if lowered != name[matched] { break }
          matched += 1
        }
        if matched == name.count { return index }
      }
      index += 1
    }
    return nil
  }

  /// Whether the bytes are one JSON value (with white space around it).
  static func isJSON(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard bytes.contains(where: { !isSpace($0) }) else { return false }
    return (try? JSONValue.parse(Array(bytes))) != nil
  }

  static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

  /// A header name's bytes: visible ASCII but the separators.
  static func isTokenByte(_ byte: UInt8) -> Bool {
    guard byte > 0x20, byte < 0x7F else { return false }
    return !Array("()<>@,;:\\\"/[]?={}".utf8).contains(byte)
  }

  static func quote(_ bytes: ArraySlice<UInt8>) -> String {
    String(decoding: bytes.prefix(80), as: UTF8.self).unicodeScalars.map { scalar in
      scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xFFFD
        ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
    }.joined()
  }
}

extension StringProtocol {
  fileprivate var trimmingSpaces: String {
    var slice = Substring(self)
    while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
    while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
    return String(slice)
  }
}

/// The bracket structure of a JSON text read so far: depth, strings and escapes, enough to
/// tell where a top-level object or array closes, one byte at a time and never again.
struct JSONShape {
  private(set) var position: Int
  private var depth = 0
  private var inString = false
  private var escaped = false
  /// Whether the first value closed and only white space followed it; false once anything
  /// else did, or the text did not open with `{` or `[`.
  private(set) var endsAValue = false
  private var spoiled = false

  init(from start: Int) {
    position = start
  }

  mutating func shift(by delta: Int) {
    position += delta
  }

  /// Reads `bytes[position..<end]`.
  mutating func advance(over bytes: [UInt8], to end: Int) {
    let limit = min(end, bytes.count)
    while position < limit {
      let byte = bytes[position]
      position += 1
      if spoiled { continue }
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      if endsAValue {
        if !MessageFramer.isSpace(byte) {
          endsAValue = false
          spoiled = true
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 { endsAValue = true } else if depth < 0 { spoiled = true }
      case UInt8(ascii: "\""):
        if depth == 0 { spoiled = true } else { inString = true }
      default:
        // A top-level value must be an object or an array.
        if depth == 0, !MessageFramer.isSpace(byte) { spoiled = true }
      }
    }
  }
}
