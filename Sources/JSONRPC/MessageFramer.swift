/// What the framer found in the bytes it was given.
public enum FrameEvent: Sendable, Equatable {
  /// A complete message body.
  case body([UInt8])
  /// Bytes that were dropped, and why (for the log).
  case skipped(String)
}

/// Splits a byte stream into `Content-Length` framed messages.
///
/// A frame is a header block (lines ending in `\r\n`, then an empty line) and a body of
/// exactly `Content-Length` bytes. Header names are matched case-insensitively and headers
/// other than `Content-Length` are ignored. The framer is a state machine fed with whatever
/// a read returned, so a header or a body may arrive in any number of pieces.
///
/// Bad input never stops it: a header block without a usable length is reported and
/// skipped, a body longer than `maximumBodyLength` is skipped without being buffered, and
/// a header block that never ends is dropped once it exceeds `maximumHeaderLength`.
public struct MessageFramer: Sendable {
  /// The largest body accepted: 64 MiB, far beyond any layout file.
  public static let defaultMaximumBodyLength = 64 << 20
  /// The longest header block accepted before it is given up as garbage.
  public static let maximumHeaderLength = 16 << 10

  private enum State: Sendable {
    case header
    case body(length: Int)
    case skipping(remaining: Int)
  }

  public let maximumBodyLength: Int
  private var state = State.header
  private var buffer: [UInt8] = []
  /// Where to resume the search for the end of the header block.
  private var searchFrom = 0

  public init(maximumBodyLength: Int = MessageFramer.defaultMaximumBodyLength) {
    self.maximumBodyLength = max(0, maximumBodyLength)
  }

  /// Whether the framer holds part of a message (for a clean end of input).
  public var isIdle: Bool {
    if case .header = state { return buffer.allSatisfy { $0 == 0x0D || $0 == 0x0A || $0 == 0x20 } }
    return false
  }

  /// Feeds bytes and returns every event they complete, in order.
  public mutating func append(_ bytes: some Collection<UInt8>) -> [FrameEvent] {
    var events: [FrameEvent] = []
    var input = ArraySlice(bytes)
    while !input.isEmpty {
      switch state {
      case .skipping(let remaining):
        let count = min(remaining, input.count)
        input = input.dropFirst(count)
        state = remaining == count ? .header : .skipping(remaining: remaining - count)
      case .body(let length):
        let needed = length - buffer.count
        let count = min(needed, input.count)
        buffer.append(contentsOf: input.prefix(count))
        input = input.dropFirst(count)
        guard buffer.count == length else { return events }
        events.append(.body(buffer))
        buffer = []
        searchFrom = 0
        state = .header
      case .header:
        buffer.append(contentsOf: input)
        input = []
        guard let end = headerEnd() else {
          if buffer.count > MessageFramer.maximumHeaderLength {
            events.append(.skipped("a header block longer than \(MessageFramer.maximumHeaderLength) bytes"))
            // Keep the last bytes: they may be the start of a real header's terminator.
            buffer = Array(buffer.suffix(3))
            searchFrom = 0
          }
          return events
        }
        let header = Array(buffer[..<end])
        let rest = Array(buffer[(end + 4)...])
        buffer = []
        searchFrom = 0
        switch MessageFramer.contentLength(in: header) {
        case .failure(let reason):
          events.append(.skipped(reason.description))
          state = .header
        case .success(let length) where length > maximumBodyLength:
          events.append(.skipped("a message of \(length) bytes, more than the \(maximumBodyLength) accepted"))
          state = .skipping(remaining: length)
        case .success(let length):
          state = .body(length: length)
          if length == 0 {
            events.append(.body([]))
            state = .header
          }
        }
        input = ArraySlice(rest)
      }
    }
    return events
  }

  /// The offset of `\r\n\r\n` in the buffer, searching only bytes not searched before.
  private mutating func headerEnd() -> Int? {
    let count = buffer.count
    var index = max(0, searchFrom - 3)
    while index + 3 < count {
      if buffer[index] == 0x0D, buffer[index + 1] == 0x0A, buffer[index + 2] == 0x0D, buffer[index + 3] == 0x0A {
        return index
      }
      index += 1
    }
    searchFrom = count
    return nil
  }

  /// The value of the `Content-Length` header of a header block.
  static func contentLength(in header: [UInt8]) -> Result<Int, FrameSkipReason> {
    let text = String(decoding: header, as: UTF8.self)
    var length: Int?
    for line in text.split(separator: "\r\n", omittingEmptySubsequences: true) {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].trimmingSpaces.lowercased()
      guard name == "content-length" else { continue }
      let value = line[line.index(after: colon)...].trimmingSpaces
      guard !value.isEmpty, value.count <= 18, value.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(value)
      else {
        return .failure(FrameSkipReason("a header block with an invalid Content-Length '\(value.prefix(40))'"))
      }
      length = number
    }
    guard let length else {
      return .failure(FrameSkipReason("a header block without Content-Length: '\(text.prefix(80))'"))
    }
    return .success(length)
  }
}

/// Why a header block was skipped.
public struct FrameSkipReason: Error, Sendable, CustomStringConvertible {
  public var description: String
  init(_ description: String) { self.description = description }
}

extension StringProtocol {
  fileprivate var trimmingSpaces: String {
    var slice = Substring(self)
    while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
    while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
    return String(slice)
  }
}
