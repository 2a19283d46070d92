import JSONRPC

/// A part of a message's params, read with errors that name the member at fault.
///
/// Every accessor either returns a value of the right type or throws an `invalidParams`
/// error saying which member is wrong: handlers never see a value of the wrong type.
struct Params {
  let value: JSONValue
  /// Where the value sits in the params, for messages: `textDocument.uri`.
  let path: String

  init(_ value: JSONValue, path: String = "params") {
    self.value = value
    self.path = path
  }

  private func child(_ key: String) -> String { path == "params" ? key : "\(path).\(key)" }

  /// The member `key`; throws when it is missing or null.
  func required(_ key: String) throws(ResponseError) -> Params {
    guard value.objectValue != nil else { throw .invalidParams("'\(path)' must be an object") }
    guard let member = value[key], !member.isNull else { throw .invalidParams("missing '\(child(key))'") }
    return Params(member, path: child(key))
  }

  /// The member `key`, or nil when it is missing or null (or this is not an object).
  func optional(_ key: String) -> Params? {
    guard let member = value[key], !member.isNull else { return nil }
    return Params(member, path: child(key))
  }

  func string() throws(ResponseError) -> String {
    guard let text = value.stringValue else { throw .invalidParams("'\(path)' must be a string") }
    return text
  }

  func int() throws(ResponseError) -> Int {
    guard let number = value.intValue else { throw .invalidParams("'\(path)' must be an integer") }
    return number
  }

  /// An integer the protocol declares unsigned.
  func unsigned() throws(ResponseError) -> Int {
    let number = try int()
    guard number >= 0 else { throw .invalidParams("'\(path)' must not be negative") }
    return number
  }

  func bool() throws(ResponseError) -> Bool {
    guard let flag = value.boolValue else { throw .invalidParams("'\(path)' must be a boolean") }
    return flag
  }

  func array() throws(ResponseError) -> [Params] {
    guard let elements = value.arrayValue else { throw .invalidParams("'\(path)' must be an array") }
    return elements.enumerated().map { Params($1, path: "\(path)[\($0)]") }
  }

  // MARK: - Protocol shapes

  /// `textDocument.uri`.
  func documentURI() throws(ResponseError) -> String {
    try required("textDocument").required("uri").string()
  }

  /// A `Position`.
  func position() throws(ResponseError) -> ProtocolPosition {
    ProtocolPosition(line: try required("line").unsigned(), character: try required("character").unsigned())
  }

  /// A `Range`: start and end positions, the start not after the end.
  func range() throws(ResponseError) -> (start: ProtocolPosition, end: ProtocolPosition) {
    let start = try required("start").position()
    let end = try required("end").position()
    guard (start.line, start.character) <= (end.line, end.character) else {
      throw .invalidParams("'\(path)' ends before it starts")
    }
    return (start, end)
  }
}

/// Builds JSON objects, leaving out members whose value is nil.
func object(_ members: [(String, JSONValue?)]) -> JSONValue {
  .object(members.compactMap { key, value in value.map { (key, $0) } })
}
