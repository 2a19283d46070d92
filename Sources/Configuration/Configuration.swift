import JSONRPC
import LayoutAnalysis
import LayoutSyntax
import SourceCode

/// What a `.plumb.json` file says (docs/configuration.md): the level of each rule, which files
/// are checked, and which findings of Interface Builder files are silenced.
///
/// Every setting is one entry of `Configuration.settings`: its key, and how its value is read
/// into this structure. A new setting is a new field here and a new entry there.
public struct Configuration: Sendable {
  /// The file read, as given or found; nil for the defaults (no file).
  public var file: String?
  /// The folder that patterns are relative to: the file's.
  public var folder: String
  /// Each rule's level, for the codes the file names.
  public var rules: [DiagnosticCode: RuleLevel] = [:]
  /// When not empty, only files matching one of these are checked.
  public var include: [Glob] = []
  /// Files matching one of these are not checked (with the defaults, unless `defaultExcludes` is false).
  public var exclude: [Glob] = []
  /// Whether `Configuration.defaultExcludes` apply.
  public var useDefaultExcludes = true
  /// Findings silenced by the file they are in, the ids of their elements and their codes.
  public var ignore: [IgnoreEntry] = []
  /// Functions of the project whose first argument is a Visual Format string, checked as
  /// UIKit's method (docs/vfl-in-code.md); added to those of `--vfl-function`.
  public var visualFormatFunctions: [VisualFormatFunction] = []

  /// Folders no team checks: dependencies and build products.
  public static let defaultExcludes: [Glob] = ["Pods/", "Carthage/", ".build/", "DerivedData/"].compactMap {
    try? Glob($0)
  }

  /// The defaults: no file, patterns relative to `folder`.
  public init(folder: String) {
    self.folder = folder
  }

  /// The level a rule is set to, nil when the file leaves it at its own.
  public enum RuleLevel: String, Sendable, CaseIterable {
    case off, info, warning, error

    var severity: Severity? {
      switch self {
      case .off: nil
      case .info: .info
      case .warning: .warning
      case .error: .error
      }
    }
  }

  /// One entry of `ignore`: the findings of the files matching `path` (every file when nil)
  /// whose element has one of `ids` (any element when empty) and whose code is one of `codes`
  /// (any code when empty).
  public struct IgnoreEntry: Sendable {
    public var path: Glob?
    public var ids: Set<String> = []
    public var codes: Set<DiagnosticCode> = []
  }
}

// MARK: - Applying

extension Configuration {
  /// Whether the file at `relativePath` (relative to `folder`) is checked.
  public func includes(relativePath: String) -> Bool {
    if !include.isEmpty, !include.contains(where: { $0.matches(relativePath) }) { return false }
    if exclude.contains(where: { $0.matches(relativePath) }) { return false }
    if useDefaultExcludes, Configuration.defaultExcludes.contains(where: { $0.matches(relativePath) }) { return false }
    return true
  }

  /// The findings of a file as the configuration has them: those of rules set to `off` and
  /// those an `ignore` entry names are left out, and the others take the level their rule is
  /// set to. This is the one place severities change; it reads codes and data, never text.
  /// - Parameters:
  ///   - relativePath: the file's path relative to `folder`, nil when it has none (standard input).
  ///   - identifiers: the ids of the elements a finding is on (Interface Builder files).
  public func apply(
    to diagnostics: [Diagnostic], relativePath: String?, identifiers: (Diagnostic) -> [String]
  ) -> [Diagnostic] {
    let entries = ignore.filter { entry in entry.path.map { glob in relativePath.map(glob.matches) ?? false } ?? true }
    guard !rules.isEmpty || !entries.isEmpty else { return diagnostics }
    var result: [Diagnostic] = []
    for var diagnostic in diagnostics {
      if let level = rules[diagnostic.code] {
        guard let severity = level.severity else { continue }
        diagnostic.severity = severity
      }
      if !entries.isEmpty {
        let ids = entries.contains { !$0.ids.isEmpty } ? Set(identifiers(diagnostic)) : []
        let silenced = entries.contains { entry in
          (entry.codes.isEmpty || entry.codes.contains(diagnostic.code))
            && (entry.ids.isEmpty || !entry.ids.isDisjoint(with: ids))
        }
        if silenced { continue }
      }
      result.append(diagnostic)
    }
    return result
  }
}

// MARK: - Reading

/// A configuration file that cannot be used: the message names the file, the line and
/// column, and the key.
public struct ConfigurationError: Error, Hashable, Sendable {
  public var message: String

  public init(message: String) {
    self.message = message
  }
}

extension Configuration {
  /// One setting of the file: its key and how its value is read.
  public struct Setting: Sendable {
    public let key: String
    /// A short description, for messages and docs.
    public let summary: String
    let read: @Sendable (JSONValue, inout Configuration, SettingReader) throws(ConfigurationError) -> Void
  }

  /// Every setting a `.plumb.json` may have. A key that is not here is an error.
  public static let settings: [Setting] = [
    Setting(key: "rules", summary: "the level of each rule: off, info, warning or error") { value, configuration, reader throws(ConfigurationError) in
      for (code, level) in try reader.members(value, at: ["rules"]) {
        guard let diagnosticCode = DiagnosticCode(rawValue: code) else {
          throw reader.error(
            "'\(code)' is not a diagnostic code\(reader.hint(code, among: DiagnosticCode.allCases.map(\.rawValue)))",
            at: ["rules", .key(code)])
        }
        let name = try reader.string(level, at: ["rules", .key(code)])
        guard let ruleLevel = RuleLevel(rawValue: name) else {
          throw reader.error(
            "'\(name)' is not a level for '\(code)'; use off, info, warning or error", at: ["rules", .key(code)])
        }
        configuration.rules[diagnosticCode] = ruleLevel
      }
    },
    Setting(key: "include", summary: "only the files matching these patterns are checked") { value, configuration, reader throws(ConfigurationError) in
      configuration.include = try reader.globs(value, at: ["include"])
    },
    Setting(key: "exclude", summary: "the files matching these patterns are not checked") { value, configuration, reader throws(ConfigurationError) in
      configuration.exclude = try reader.globs(value, at: ["exclude"])
    },
    Setting(key: "defaultExcludes", summary: "whether Pods/, Carthage/, .build/ and DerivedData/ are excluded") { value, configuration, reader throws(ConfigurationError) in
      configuration.useDefaultExcludes = try reader.bool(value, at: ["defaultExcludes"])
    },
    Setting(key: "ignore", summary: "findings silenced by file, element id and code") { value, configuration, reader throws(ConfigurationError) in
      for (index, item) in try reader.array(value, at: ["ignore"]).enumerated() {
        let at: [JSONPathElement] = ["ignore", .index(index)]
        var entry = IgnoreEntry()
        for (key, member) in try reader.members(item, at: at) {
          switch key {
          case "path":
            entry.path = try reader.glob(member, at: at + [.key(key)])
          case "ids":
            entry.ids = Set(try reader.strings(member, at: at + [.key(key)]))
          case "codes":
            for (position, name) in try reader.strings(member, at: at + [.key(key)]).enumerated() {
              guard let code = DiagnosticCode(rawValue: name) else {
                throw reader.error(
                  "'\(name)' is not a diagnostic code\(reader.hint(name, among: DiagnosticCode.allCases.map(\.rawValue)))",
                  at: at + [.key(key), .index(position)])
              }
              entry.codes.insert(code)
            }
          default:
            throw reader.error(
              "'\(key)' is not a key of an ignore entry\(reader.hint(key, among: ["path", "ids", "codes"])); use path, ids and codes",
              at: at + [.key(key)])
          }
        }
        if entry.path == nil, entry.ids.isEmpty, entry.codes.isEmpty {
          throw reader.error("an ignore entry needs a path, ids or codes: this one would silence every finding", at: at)
        }
        configuration.ignore.append(entry)
      }
    },
    Setting(key: "visualFormatFunctions", summary: "functions of the project that take a Visual Format string") { value, configuration, reader throws(ConfigurationError) in
      for (index, text) in try reader.strings(value, at: ["visualFormatFunctions"]).enumerated() {
        guard let function = VisualFormatFunction(specification: text) else {
          throw reader.error(
            "'\(text)' is not \(VisualFormatFunction.specificationSyntax)", at: ["visualFormatFunctions", .index(index)])
        }
        configuration.visualFormatFunctions.append(function)
      }
    },
  ]

  /// Reads a configuration file's bytes; `path` names it in messages, `folder` is where its
  /// patterns start.
  public static func read(bytes: [UInt8], path: String, folder: String) throws(ConfigurationError) -> Configuration {
    let lines = LineIndex(bytes)
    let location: @Sendable (Int) -> String = { offset in
      let position = lines.utf8Position(of: offset)
      return "\(path):\(position.line + 1):\(position.column + 1)"
    }
    let value: JSONValue
    let positions: JSONPositions
    do {
      // A UTF-8 byte-order mark is read as white space, so offsets (and columns) stay the file's.
      let hasMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
      (value, positions) = try JSONValue.parseWithPositions(hasMark ? [0x20, 0x20, 0x20] + bytes.dropFirst(3) : bytes)
    } catch {
      throw ConfigurationError(message: "\(location(error.offset)): not valid JSON: \(error.message)")
    }
    let reader = SettingReader(path: path, positions: positions, location: location)
    var configuration = Configuration(folder: folder)
    configuration.file = path
    for (key, member) in try reader.members(value, at: []) {
      guard let setting = settings.first(where: { $0.key == key }) else {
        throw reader.error(
          "'\(key)' is not a setting\(reader.hint(key, among: settings.map(\.key))); the settings are "
            + settings.map(\.key).joined(separator: ", "),
          at: [JSONPathElement.key(key)])
      }
      try setting.read(member, &configuration, reader)
    }
    return configuration
  }
}

extension JSONPathElement: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self = .key(value) }
}

/// Reads the values of a configuration file, and words the errors about them.
public struct SettingReader: Sendable {
  let path: String
  let positions: JSONPositions
  let location: @Sendable (Int) -> String

  /// An error at the value at `at`, the message prefixed with `file:line:column:` and the key.
  public func error(_ message: String, at path: [JSONPathElement]) -> ConfigurationError {
    let offset = positions.offset(of: path) ?? 0
    let key = path.isEmpty ? "" : " \(SettingReader.name(path)):"
    return ConfigurationError(message: "\(location(offset)):\(key) \(message)")
  }

  /// `rules.conflict`, `ignore[0].ids`.
  static func name(_ path: [JSONPathElement]) -> String {
    var text = ""
    for element in path {
      switch element {
      case .key(let key): text += text.isEmpty ? key : "." + key
      case .index: text += element.description
      }
    }
    return text
  }

  func hint(_ name: String, among names: [String]) -> String {
    Suggestions.closest(to: name, among: names).map { "; did you mean '\($0)'?" } ?? ""
  }

  public func members(_ value: JSONValue, at path: [JSONPathElement]) throws(ConfigurationError) -> [(String, JSONValue)] {
    guard case .object(let members) = value else {
      throw error(path.isEmpty ? "the file must hold a JSON object" : "expected an object", at: path)
    }
    return members
  }

  public func array(_ value: JSONValue, at path: [JSONPathElement]) throws(ConfigurationError) -> [JSONValue] {
    guard case .array(let values) = value else { throw error("expected an array", at: path) }
    return values
  }

  public func string(_ value: JSONValue, at path: [JSONPathElement]) throws(ConfigurationError) -> String {
    guard case .string(let text) = value else { throw error("expected a string", at: path) }
    return text
  }

  public func bool(_ value: JSONValue, at path: [JSONPathElement]) throws(ConfigurationError) -> Bool {
    guard case .bool(let flag) = value else { throw error("expected true or false", at: path) }
    return flag
  }

  public func strings(_ value: JSONValue, at path: [JSONPathElement]) throws(ConfigurationError) -> [String] {
    var result: [String] = []
    for (index, element) in try array(value, at: path).enumerated() {
      result.append(try string(element, at: path + [.index(index)]))
    }
    return result
  }

  public func glob(_ value: JSONValue, at path: [JSONPathElement]) throws(ConfigurationError) -> Glob {
    let pattern = try string(value, at: path)
    do {
      return try Glob(pattern)
    } catch {
      throw self.error("'\(pattern)' is not a pattern: \(error.message)", at: path)
    }
  }

  public func globs(_ value: JSONValue, at path: [JSONPathElement]) throws(ConfigurationError) -> [Glob] {
    var result: [Glob] = []
    for (index, element) in try array(value, at: path).enumerated() {
      result.append(try glob(element, at: path + [.index(index)]))
    }
    return result
  }
}
