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
      return .failure(MessageDecodingFailure(id: nil, error: .parseError("invalid JSON: \(error.description)")))
    }
    return decode(value)
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
    if rawID != nil, id == nil { return invalid("'id' must be an integer or a string") }
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
