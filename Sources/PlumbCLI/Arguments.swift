import LayoutAnalysis

/// The parsed arguments of one subcommand: its flags, its options with values, and the rest.
struct Arguments {
  var flags: Set<String> = []
  var options: [String: String] = [:]
  /// Every value of each option, in order, for options that may be repeated (`options` keeps the last).
  var allValues: [String: [String]] = [:]
  var positional: [String] = []

  /// Reads `arguments` for a command that knows `flags` (no value) and `options` (one value,
  /// as `--name value` or `--name=value`). `-` alone and anything after `--` are positional.
  init(_ arguments: [String], command: String, flags knownFlags: Set<String>, options knownOptions: Set<String>)
    throws(UsageError)
  {
    var index = 0
    var onlyPositional = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositional || argument == "-" || !argument.hasPrefix("-") {
        positional.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositional = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      if knownFlags.contains(name) {
        if inlineValue != nil { throw UsageError(message: "plumb \(command): '\(name)' takes no value") }
        flags.insert(name)
      } else if knownOptions.contains(name) {
        if let inlineValue {
          options[name] = inlineValue
          allValues[name, default: []].append(inlineValue)
        } else if index < arguments.count {
          options[name] = arguments[index]
          allValues[name, default: []].append(arguments[index])
          index += 1
        } else {
          throw UsageError(message: "plumb \(command): '\(name)' needs a value")
        }
      } else {
        let known = (knownFlags.union(knownOptions)).sorted()
        var message = "plumb \(command): unknown option '\(name)'"
        if let match = Suggestions.closest(to: name, among: known) { message += "; did you mean '\(match)'?" }
        throw UsageError(message: message + " (see 'plumb help \(command)')")
      }
    }
  }

  /// The value of an option restricted to `allowed`, or `defaultValue` when not given.
  func choice(_ name: String, allowed: [String], default defaultValue: String, command: String) throws(UsageError)
    -> String
  {
    guard let value = options[name] else { return defaultValue }
    guard allowed.contains(value) else {
      throw UsageError(
        message: "plumb \(command): '\(value)' is not a valid \(name); use \(allowed.joined(separator: ", "))")
    }
    return value
  }

  /// The one FILE a command reads; a usage error when there is none or more than one.
  func onlyFile(command: String) throws(UsageError) -> String {
    guard positional.count == 1, let path = positional.first else {
      throw UsageError(
        message: positional.isEmpty
          ? "plumb \(command): missing FILE (see 'plumb help \(command)')"
          : "plumb \(command): expected one FILE, got \(positional.count)")
    }
    return path
  }

  /// `--direction ltr|rtl`: one writing direction, or nil for both.
  func direction(command: String) throws(UsageError) -> LayoutDirection? {
    guard options["--direction"] != nil else { return nil }
    return LayoutDirection(rawValue: try choice("--direction", allowed: ["ltr", "rtl"], default: "ltr", command: command))
  }
}
