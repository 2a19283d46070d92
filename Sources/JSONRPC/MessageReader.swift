/// What the reader got from the input.
public enum IncomingEvent: Sendable, Equatable {
  /// A well-formed message.
  case message(Message)
  /// A frame whose body is not a valid message; answered with an error when `shouldRespond`.
  case invalid(MessageDecodingFailure)
  /// Bytes dropped by the framer, with the reason, for the log.
  case skipped(String)
  /// The input ended.
  case endOfInput
}

/// Reads framed messages from a byte source, one at a time.
///
/// Total: the source's bytes, whatever they are, give messages, failures to report and
/// skipped stretches, and finally `.endOfInput`.
public final class MessageReader {
  private let source: ByteSource
  private var framer: MessageFramer
  private var queued: [IncomingEvent] = []
  private var headIndex = 0
  private var ended = false
  /// How much one read asks for.
  public var chunkSize = 64 << 10

  public init(source: ByteSource, maximumBodyLength: Int = MessageFramer.defaultMaximumBodyLength) {
    self.source = source
    framer = MessageFramer(maximumBodyLength: maximumBodyLength)
  }

  /// The next event; after `.endOfInput`, always `.endOfInput`.
  public func next() -> IncomingEvent {
    while true {
      if headIndex < queued.count {
        let event = queued[headIndex]
        headIndex += 1
        if headIndex == queued.count {
          queued = []
          headIndex = 0
        }
        return event
      }
      if ended { return .endOfInput }
      let bytes = source.read(maximumLength: chunkSize)
      if bytes.isEmpty {
        ended = true
        if !framer.isIdle { queued.append(.skipped("an incomplete message at the end of the input")) }
        queued.append(.endOfInput)
        continue
      }
      for frame in framer.append(bytes) {
        switch frame {
        case .skipped(let reason): queued.append(.skipped(reason))
        case .body(let body):
          switch Message.decode(body) {
          case .success(let message): queued.append(.message(message))
          case .failure(let failure): queued.append(.invalid(failure))
          }
        }
      }
    }
  }
}
