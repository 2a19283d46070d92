/// A JSON value whose objects keep their keys in order.
///
/// Plumb writes JSON that people and scripts read (the command line's output, the
/// protocol), so key order is stable and numbers print without noise. Parsing is total:
/// bad input gives a `JSONParseError` with the byte offset, never a trap, and nesting is
/// bounded so a hostile message cannot overflow the stack.
public enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  /// Keys in order; a key appears at most once.
  case object([(String, JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let value): hasher.combine(value)
    case .number(let value): hasher.combine(value)
    case .string(let value): hasher.combine(value)
    case .array(let values): hasher.combine(values)
    case .object(let members):
      for (key, value) in members {
        hasher.combine(key)
        hasher.combine(value)
      }
    }
  }

  // MARK: - Access

  /// The member named `key` of an object; nil for anything else.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  /// The element at `index` of an array; nil when out of range or not an array.
  public subscript(index: Int) -> JSONValue? {
    guard case .array(let values) = self, index >= 0, index < values.count else { return nil }
    return values[index]
  }

  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  public var doubleValue: Double? {
    if case .number(let value) = self { return value }
    return nil
  }

  /// The number as an integer, when it is one exactly.
  public var intValue: Int? {
    guard case .number(let value) = self, value.rounded() == value, abs(value) < 9e15 else { return nil }
    return Int(value)
  }

  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  public var arrayValue: [JSONValue]? {
    if case .array(let values) = self { return values }
    return nil
  }

  public var objectValue: [(String, JSONValue)]? {
    if case .object(let members) = self { return members }
    return nil
  }

  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// A copy of an object with `key` set (replaced in place, or appended).
  public func setting(_ key: String, to value: JSONValue) -> JSONValue {
    guard case .object(var members) = self else { return self }
    if let index = members.firstIndex(where: { $0.0 == key }) {
      members[index].1 = value
    } else {
      members.append((key, value))
    }
    return .object(members)
  }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByNilLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  public init(floatLiteral value: Double) { self = .number(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(nilLiteral: ()) { self = .null }
}

extension JSONValue {
  /// A string, or null when nil.
  public static func string(_ value: String?) -> JSONValue {
    value.map { .string($0) } ?? .null
  }

  /// An integer number.
  public static func int(_ value: Int) -> JSONValue { .number(Double(value)) }
}

// MARK: - Writing

extension JSONValue {
  /// Compact JSON text (no spaces), as the protocol sends it.
  public var compactText: String {
    var output = ""
    write(to: &output, indent: nil, level: 0)
    return output
  }

  /// JSON text indented by two spaces per level, as the command line prints it.
  public var prettyText: String { prettyText(level: 0) }

  /// The text `prettyText` writes for this value where it is nested `level` deep in a larger
  /// value (its lines after the first indented accordingly), so that a document can be
  /// written a part at a time.
  public func prettyText(level: Int) -> String {
    var output = ""
    write(to: &output, indent: "  ", level: max(level, 0))
    return output
  }

  private func write(to output: inout String, indent: String?, level: Int) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let value): output += JSONValue.numberText(value)
    case .string(let value): JSONValue.writeString(value, to: &output)
    case .array(let values):
      if values.isEmpty {
        output += "[]"
        return
      }
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        newline(&output, indent: indent, level: level + 1)
        value.write(to: &output, indent: indent, level: level + 1)
      }
      newline(&output, indent: indent, level: level)
      output += "]"
    case .object(let members):
      if members.isEmpty {
        output += "{}"
        return
      }
      output += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output += "," }
        newline(&output, indent: indent, level: level + 1)
        JSONValue.writeString(key, to: &output)
        output += indent == nil ? ":" : ": "
        value.write(to: &output, indent: indent, level: level + 1)
      }
      newline(&output, indent: indent, level: level)
      output += "}"
    }
  }

  private func newline(_ output: inout String, indent: String?, level: Int) {
    guard let indent else { return }
    output += "\n"
    for _ in 0..<level { output += indent }
  }

  /// Integers print without a fraction; other numbers in the shortest form that reads
  /// back exactly; values JSON cannot carry (NaN, infinities) print as null.
  static func numberText(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 {
      return String(Int64(value))
    }
    return "\(value)"
  }

  static func writeString(_ value: String, to output: inout String) {
    output += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }
}

// MARK: - Parsing

/// Why a JSON text could not be read.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String
  /// The byte offset at which reading stopped.
  public var offset: Int

  public var description: String { "\(message) at byte \(offset)" }
}

extension JSONValue {
  /// The deepest nesting of arrays and objects the parser accepts.
  public static let maximumDepth = 512

  /// Parses a complete JSON text (RFC 8259); surrounding white space is allowed.
  public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    try parse(Array(text.utf8))
  }

  /// Parses a complete JSON text from UTF-8 bytes.
  public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    var reader = JSONReader(bytes: bytes)
    return try reader.readDocument()
  }

  /// Parses a complete JSON text and records where each value is: for an object's member,
  /// the offset of its key; for an array's element, the offset of the element. Files people
  /// write (the configuration) use it to say on which line a bad value is.
  public static func parseWithPositions(_ bytes: [UInt8]) throws(JSONParseError) -> (JSONValue, JSONPositions) {
    var reader = JSONReader(bytes: bytes)
    reader.positions = JSONPositions()
    let value = try reader.readDocument()
    return (value, reader.positions ?? JSONPositions())
  }
}

/// One step of a path into a JSON value: an object's member or an array's element.
public enum JSONPathElement: Hashable, Sendable, CustomStringConvertible {
  case key(String)
  case index(Int)

  public var description: String {
    switch self {
    case .key(let key): key
    case .index(let index): "[\(index)]"
    }
  }
}

/// Where the values of a parsed JSON text are, by their path from the root.
public struct JSONPositions: Sendable {
  public var offsets: [[JSONPathElement]: Int] = [:]

  public init() {}

  /// The byte offset of the value at `path` (its key, for a member); nil for the root or an
  /// unknown path.
  public func offset(of path: [JSONPathElement]) -> Int? { offsets[path] }
}

private struct JSONReader {
  let bytes: [UInt8]
  var offset = 0
  /// Where each value is, when asked for (`parseWithPositions`), and the path being read.
  var positions: JSONPositions?
  var path: [JSONPathElement] = []

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  mutating func readDocument() throws(JSONParseError) -> JSONValue {
    skipWhitespace()
    let value = try readValue(depth: 0)
    skipWhitespace()
    if offset != bytes.count {
      throw JSONParseError(message: "unexpected text after the JSON value", offset: offset)
    }
    return value
  }

  func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

  mutating func skipWhitespace() {
    while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
      offset += 1
    }
  }

  func fail(_ message: String) -> JSONParseError { JSONParseError(message: message, offset: offset) }

  mutating func readValue(depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth <= JSONValue.maximumDepth else { throw fail("JSON nested deeper than \(JSONValue.maximumDepth) levels") }
    guard let byte = peek() else { throw fail("unexpected end of JSON") }
    switch byte {
    case UInt8(ascii: "{"): return try readObject(depth: depth)
    case UInt8(ascii: "["): return try readArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try readString())
    case UInt8(ascii: "t"): return try readLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try readLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try readLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
    default: throw fail("unexpected character in JSON")
    }
  }

  mutating func readLiteral(_ word: String, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
    for expected in word.utf8 {
      guard peek() == expected else { throw fail("invalid literal, expected '\(word)'") }
      offset += 1
    }
    return value
  }

  mutating func readObject(depth: Int) throws(JSONParseError) -> JSONValue {
    offset += 1
    var members: [(String, JSONValue)] = []
    var seen = Set<String>()
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      offset += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\"") else { throw fail("expected a string key in JSON object") }
      let keyOffset = offset
      let key = try readString()
      skipWhitespace()
      guard peek() == UInt8(ascii: ":") else { throw fail("expected ':' after a JSON object key") }
      offset += 1
      skipWhitespace()
      if positions != nil {
        path.append(.key(key))
        positions?.offsets[path] = keyOffset
      }
      let value = try readValue(depth: depth + 1)
      if positions != nil { path.removeLast() }
      // A repeated key keeps its last value, as most readers do.
      if seen.contains(key), let index = members.firstIndex(where: { $0.0 == key }) {
        members[index].1 = value
      } else {
        seen.insert(key)
        members.append((key, value))
      }
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "}"):
        offset += 1
        return .object(members)
      default: throw fail("expected ',' or '}' in JSON object")
      }
    }
  }

  mutating func readArray(depth: Int) throws(JSONParseError) -> JSONValue {
    offset += 1
    var values: [JSONValue] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      offset += 1
      return .array(values)
    }
    while true {
      skipWhitespace()
      if positions != nil {
        path.append(.index(values.count))
        positions?.offsets[path] = offset
      }
      values.append(try readValue(depth: depth + 1))
      if positions != nil { path.removeLast() }
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "]"):
        offset += 1
        return .array(values)
      default: throw fail("expected ',' or ']' in JSON array")
      }
    }
  }

  mutating func readNumber() throws(JSONParseError) -> Double {
    let start = offset
    if peek() == UInt8(ascii: "-") { offset += 1 }
    guard let first = peek(), first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
      throw fail("invalid number")
    }
    if first == UInt8(ascii: "0") {
      offset += 1
    } else {
      skipDigits()
    }
    if peek() == UInt8(ascii: ".") {
      offset += 1
      guard let digit = peek(), digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else {
        throw fail("invalid number: digits expected after '.'")
      }
      skipDigits()
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      offset += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
      guard let digit = peek(), digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else {
        throw fail("invalid number: digits expected in exponent")
      }
      skipDigits()
    }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    guard let value = Double(text) else { throw JSONParseError(message: "invalid number", offset: start) }
    // A number beyond a double's range (1e999) would become an infinity, which JSON cannot
    // carry: it would be written back as null.
    guard value.isFinite else { throw JSONParseError(message: "number out of range", offset: start) }
    return value
  }

  mutating func skipDigits() {
    while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { offset += 1 }
  }

  mutating func readString() throws(JSONParseError) -> String {
    offset += 1
    var scalars = String.UnicodeScalarView()
    var runStart = offset
    func flush(_ end: Int, into scalars: inout String.UnicodeScalarView) throws(JSONParseError) {
      guard end > runStart else { return }
      // Validate the raw run as UTF-8: invalid bytes are an error, not a silent replacement.
      var iterator = bytes[runStart..<end].makeIterator()
      var decoder = UTF8()
      while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): scalars.append(scalar)
        case .emptyInput: return
        case .error: throw JSONParseError(message: "invalid UTF-8 in JSON string", offset: runStart)
        }
      }
    }
    while true {
      guard let byte = peek() else { throw fail("unterminated JSON string") }
      if byte == UInt8(ascii: "\"") {
        try flush(offset, into: &scalars)
        offset += 1
        return String(scalars)
      }
      if byte < 0x20 { throw fail("control character in JSON string") }
      if byte == UInt8(ascii: "\\") {
        try flush(offset, into: &scalars)
        offset += 1
        try readEscape(into: &scalars)
        runStart = offset
        continue
      }
      offset += 1
    }
  }

  mutating func readEscape(into scalars: inout String.UnicodeScalarView) throws(JSONParseError) {
    guard let byte = peek() else { throw fail("unterminated escape in JSON string") }
    offset += 1
    switch byte {
    case UInt8(ascii: "\""): scalars.append("\"")
    case UInt8(ascii: "\\"): scalars.append("\\")
    case UInt8(ascii: "/"): scalars.append("/")
    case UInt8(ascii: "b"): scalars.append("\u{08}")
    case UInt8(ascii: "f"): scalars.append("\u{0C}")
    case UInt8(ascii: "n"): scalars.append("\n")
    case UInt8(ascii: "r"): scalars.append("\r")
    case UInt8(ascii: "t"): scalars.append("\t")
    case UInt8(ascii: "u"):
      let unit = try readHex4()
      if (0xD800..<0xDC00).contains(unit) {
        // A high surrogate must be followed by an escaped low surrogate.
        if peek() == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") {
          offset += 2
          let low = try readHex4()
          if (0xDC00..<0xE000).contains(low),
            let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
          {
            scalars.append(scalar)
            return
          }
        }
        scalars.append("\u{FFFD}")
      } else if let scalar = Unicode.Scalar(unit) {
        scalars.append(scalar)
      } else {
        scalars.append("\u{FFFD}")
      }
    default:
      throw JSONParseError(message: "invalid escape in JSON string", offset: offset - 1)
    }
  }

  mutating func readHex4() throws(JSONParseError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek() else { throw fail("unterminated \\u escape") }
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw fail("invalid \\u escape")
      }
      value = value * 16 + digit
      offset += 1
    }
    return value
  }
}
