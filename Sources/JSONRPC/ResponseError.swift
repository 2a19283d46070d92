/// The error codes of JSON-RPC 2.0 and of the Language Server Protocol.
public enum ErrorCode {
  /// The message is not valid JSON.
  public static let parseError = -32700
  /// The JSON is not a valid request object.
  public static let invalidRequest = -32600
  /// The method does not exist or is not available.
  public static let methodNotFound = -32601
  /// The parameters are not what the method takes.
  public static let invalidParams = -32602
  /// The server failed while handling the request.
  public static let internalError = -32603
  /// A request arrived before `initialize`.
  public static let serverNotInitialized = -32002
  public static let unknownErrorCode = -32001
  /// The request was valid but could not be carried out (a rename to a taken name).
  public static let requestFailed = -32803
  /// The server cancelled the request.
  public static let serverCancelled = -32802
  /// The document changed so that the answer would be meaningless.
  public static let contentModified = -32801
  /// The client cancelled the request.
  public static let requestCancelled = -32800
}

/// The `error` member of a response: a code, a message and optional data.
public struct ResponseError: Error, Hashable, Sendable, CustomStringConvertible {
  public var code: Int
  public var message: String
  public var data: JSONValue?

  public init(code: Int, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  public var description: String { "error \(code): \(message)" }

  public static func parseError(_ message: String) -> ResponseError {
    ResponseError(code: ErrorCode.parseError, message: message)
  }

  public static func invalidRequest(_ message: String) -> ResponseError {
    ResponseError(code: ErrorCode.invalidRequest, message: message)
  }

  public static func methodNotFound(_ method: String) -> ResponseError {
    ResponseError(code: ErrorCode.methodNotFound, message: "method not found: \(method)")
  }

  public static func invalidParams(_ message: String) -> ResponseError {
    ResponseError(code: ErrorCode.invalidParams, message: message)
  }

  public static func internalError(_ message: String) -> ResponseError {
    ResponseError(code: ErrorCode.internalError, message: message)
  }

  public static func requestFailed(_ message: String) -> ResponseError {
    ResponseError(code: ErrorCode.requestFailed, message: message)
  }

  public static let serverNotInitialized = ResponseError(
    code: ErrorCode.serverNotInitialized, message: "the server is not initialized yet: send 'initialize' first")

  public static let cancelled = ResponseError(code: ErrorCode.requestCancelled, message: "request cancelled")

  /// The error as a JSON object.
  public var json: JSONValue {
    var members: [(String, JSONValue)] = [("code", .int(code)), ("message", .string(message))]
    if let data { members.append(("data", data)) }
    return .object(members)
  }

  /// Reads an `error` object; nil when it is not one.
  public init?(json: JSONValue) {
    guard let code = json["code"]?.intValue, let message = json["message"]?.stringValue else { return nil }
    self.init(code: code, message: message, data: json["data"])
  }
}
