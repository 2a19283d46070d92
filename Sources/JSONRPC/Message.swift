/// The id of a request: an integer or a string, as JSON-RPC allows.
public enum RequestID: Hashable, Sendable, CustomStringConvertible {
  case int(Int)
  case string(String)

  /// Reads an id; nil for anything but an integer or a string.
  public init?(json: JSONValue) {
    if let value = json.intValue {
      self = .int(value)
    } else if let value = json.stringValue {
      self = .string(value)
    } else {
      return nil
    }
  }

  public var json: JSONValue {
    switch self {
    case .int(let value): .int(value)
    case .string(let value): .string(value)
    }
  }

  public var description: String {
    switch self {
    case .int(let value): String(value)
    case .string(let value): "\"\(value)\""
    }
  }
}

/// One JSON-RPC 2.0 message.
public enum Message: Sendable, Equatable {
  /// A call that expects exactly one response with the same id.
  case request(id: RequestID, method: String, params: JSONValue?)
  /// A call that is never answered.
  case notification(method: String, params: JSONValue?)
  /// The answer to a request: a result or an error. The id is nil only for an error about a
  /// message whose id could not be read.
  case response(id: RequestID?, result: Result<JSONValue, ResponseError>)

  public static func == (lhs: Message, rhs: Message) -> Bool { lhs.json == rhs.json }

  /// The message as a JSON object, `jsonrpc` first.
  public var json: JSONValue {
    var members: [(String, JSONValue)] = [("jsonrpc", "2.0")]
    switch self {
    case .request(let id, let method, let params):
      members.append(("id", id.json))
      members.append(("method", .string(method)))
      if let params { members.append(("params", params)) }
    case .notification(let method, let params):
      members.append(("method", .string(method)))
      if let params { members.append(("params", params)) }
    case .response(let id, let result):
      members.append(("id", id?.json ?? .null))
      switch result {
      case .success(let value): members.append(("result", value))
      case .failure(let error): members.append(("error", error.json))
      }
    }
    return .object(members)
  }

  /// The message framed for the wire: `Content-Length: N\r\n\r\n` and the compact JSON body.
  public var framed: [UInt8] {
    let body = Array(json.compactText.utf8)
    return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
  }
}

/// Why an incoming message cannot be handled, and how to answer it.
public struct MessageDecodingFailure: Error, Sendable, Equatable {
  /// The request's id when it could be read; the error response carries it (or null).
  public var id: RequestID?
  public var error: ResponseError
  /// Whether the message should be answered: JSON-RPC answers every invalid message with an
  /// error, except a well-formed notification, which is never answered.
  public var shouldRespond: Bool

  public init(id: RequestID?, error: ResponseError, shouldRespond: Bool = true) {
    self.id = id
    self.error = error
    self.shouldRespond = shouldRespond
  }
}

extension Message {
  /// Reads a message from a frame's body. Total: any bytes give a message or a failure.
  public static func decode(_ body: [UInt8]) -> Result<Message, MessageDecodingFailure> {
    let value: JSONValue
    do {
      value = try JSONValue.parse(body)
    } catch {
      // The answer carries the request's id when a shallow scan can still find it, so a
      // client waiting for it is not left waiting; otherwise null, as JSON-RPC says.
      return .failure(
        MessageDecodingFailure(id: salvageID(from: body), error: .parseError("invalid JSON: \(error.description)")))
    }
    return decode(value)
  }

  /// The `id` member of a top-level object in text that is not valid JSON as a whole (bad
  /// nesting, invalid UTF-8 elsewhere): an integer or a string of plain characters, found
  /// without parsing the rest. Nil when there is no such member.
  public static func salvageID(from body: [UInt8]) -> RequestID? {
    var index = 0
    func skipSpaces() {
      while index < body.count, [0x20, 0x09, 0x0A, 0x0D].contains(body[index]) { index += 1 }
    }
    /// Reads a string from the opening quote; nil when it has escapes or invalid UTF-8.
    func readString() -> String? {
      index += 1
      let start = index
      while index < body.count, body[index] != UInt8(ascii: "\"") {
        if body[index] == UInt8(ascii: "\\") {
          index += 2
          continue
        }
        index += 1
      }
      guard index < body.count else { return nil }
      let bytes = body[start..<index]
      index += 1
      guard !bytes.contains(UInt8(ascii: "\\")) else { return nil }
      return String(validating: bytes, as: UTF8.self)
    }
    skipSpaces()
    guard index < body.count, body[index] == UInt8(ascii: "{") else { return nil }
    index += 1
    var depth = 1
    var expectingKey = true
    while index < body.count {
      let byte = body[index]
      if byte == UInt8(ascii: "\"") {
        let isKey = depth == 1 && expectingKey
        let text = readString()
        guard isKey, text == "id" else { continue }
        skipSpaces()
        guard index < body.count, body[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        skipSpaces()
        guard index < body.count else { return nil }
        if body[index] == UInt8(ascii: "\"") { return readString().map { .string($0) } }
        let start = index
        while index < body.count, body[index] == UInt8(ascii: "-") || (body[index] >= 0x30 && body[index] <= 0x39) {
          index += 1
        }
        if index < body.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(body[index]) {
          return nil
        }
        guard let number = Int(String(decoding: body[start..<index], as: UTF8.self)) else { return nil }
        return .int(number)
      }
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
      case UInt8(ascii: ","): if depth == 1 { expectingKey = true }
      case UInt8(ascii: ":"): if depth == 1 { expectingKey = false }
      default: break
      }
      if depth <= 0 { return nil }
      index += 1
    }
    return nil
  }

  /// Reads a message from a parsed JSON value.
  public static func decode(_ value: JSONValue) -> Result<Message, MessageDecodingFailure> {
    guard value.objectValue != nil else {
      let what = value.arrayValue != nil ? "batches are not supported" : "a message must be a JSON object"
      return .failure(MessageDecodingFailure(id: nil, error: .invalidRequest(what)))
    }
    let rawID = value["id"]
    let id = rawID.flatMap(RequestID.init(json:))
    func invalid(_ message: String) -> Result<Message, MessageDecodingFailure> {
      .failure(MessageDecodingFailure(id: id, error: .invalidRequest(message)))
    }
    guard value["jsonrpc"]?.stringValue == "2.0" else { return invalid("'jsonrpc' must be \"2.0\"") }
    // Only an error response may have a null id (the answer to a message whose id was unreadable).
    let isNullResponseID = rawID?.isNull == true && value["method"] == nil && value["error"] != nil
    if rawID != nil, id == nil, !isNullResponseID { return invalid("'id' must be an integer or a string") }
    if let rawMethod = value["method"] {
      guard let method = rawMethod.stringValue else { return invalid("'method' must be a string") }
      // `params: null` is read as no params: clients send it for `shutdown` and `exit`.
      var params = value["params"]
      if params?.isNull == true { params = Optional.none }
      if let params, params.objectValue == nil, params.arrayValue == nil {
        guard let id else {
          // A notification is never answered, even when it is malformed.
          return .failure(
            MessageDecodingFailure(id: nil, error: .invalidParams("'params' must be an object or an array"), shouldRespond: false))
        }
        return .failure(MessageDecodingFailure(id: id, error: .invalidParams("'params' must be an object or an array")))
      }
      if let id { return .success(.request(id: id, method: method, params: params)) }
      return .success(.notification(method: method, params: params))
    }
    // A response to one of our own requests.
    if let result = value["result"] {
      return .success(.response(id: id, result: .success(result)))
    }
    if let error = value["error"] {
      guard let responseError = ResponseError(json: error) else { return invalid("'error' must have a code and a message") }
      return .success(.response(id: id, result: .failure(responseError)))
    }
    return invalid("a message needs a 'method', a 'result' or an 'error'")
  }
}
