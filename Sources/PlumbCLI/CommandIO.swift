import Foundation

/// Everything a command does to the outside world, so tests can run commands in process.
public struct CommandIO: @unchecked Sendable {
  /// Reads a whole file.
  public var readFile: (String) throws -> [UInt8]
  /// Replaces a file's contents (in place: the file keeps its permissions and links).
  public var writeFile: (String, [UInt8]) throws -> Void
  /// Whether a path is a directory (nil when nothing is there).
  public var isDirectory: (String) -> Bool?
  /// The paths of the files below a directory, recursively.
  public var listDirectory: (String) -> [String]
  /// Reads standard input to its end.
  public var readStandardInput: () -> [UInt8]
  public var writeOutput: (String) -> Void
  /// Writes bytes to standard output as they are (text that may not be UTF-8); nil writes
  /// them through `writeOutput`, decoded.
  public var writeOutputBytes: (([UInt8]) -> Void)?
  public var writeError: (String) -> Void
  /// Whether standard output is a terminal (colour is only used there).
  public var outputIsTerminal: Bool
  public var environment: [String: String]

  public init(
    readFile: @escaping (String) throws -> [UInt8], isDirectory: @escaping (String) -> Bool?,
    listDirectory: @escaping (String) -> [String], readStandardInput: @escaping () -> [UInt8],
    writeOutput: @escaping (String) -> Void, writeError: @escaping (String) -> Void,
    outputIsTerminal: Bool, environment: [String: String],
    writeFile: @escaping (String, [UInt8]) throws -> Void = { _, _ in throw CocoaError(.fileWriteNoPermission) },
    writeOutputBytes: (([UInt8]) -> Void)? = nil
  ) {
    self.writeOutputBytes = writeOutputBytes
    self.readFile = readFile
    self.writeFile = writeFile
    self.isDirectory = isDirectory
    self.listDirectory = listDirectory
    self.readStandardInput = readStandardInput
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.outputIsTerminal = outputIsTerminal
    self.environment = environment
  }

  /// The real process: files, standard streams and environment.
  public static var process: CommandIO {
    CommandIO(
      readFile: { path in
        let url = URL(fileURLWithPath: path)
        return [UInt8](try Data(contentsOf: url))
      },
      isDirectory: { path in
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        return isDirectory.boolValue
      },
      listDirectory: { path in
        guard let enumerator = FileManager.default.enumerator(atPath: path) else { return [] }
        var result: [String] = []
        while let relative = enumerator.nextObject() as? String {
          result.append(path.hasSuffix("/") ? path + relative : path + "/" + relative)
        }
        return result
      },
      readStandardInput: { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) },
      // A closed pipe makes a write fail (SIGPIPE is ignored): the output is dropped quietly
      // rather than trapping, as `FileHandle.write(_: Data)` would.
      writeOutput: { text in try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8)) },
      writeError: { text in try? FileHandle.standardError.write(contentsOf: Data(text.utf8)) },
      outputIsTerminal: isatty(1) == 1,
      environment: ProcessInfo.processInfo.environment,
      writeFile: { path, bytes in try Data(bytes).write(to: URL(fileURLWithPath: path)) },
      writeOutputBytes: { bytes in try? FileHandle.standardOutput.write(contentsOf: Data(bytes)) })
  }
}

extension CommandIO {
  /// Writes bytes to standard output, byte for byte when the IO can.
  func writeOutput(bytes: [UInt8]) {
    if let writeOutputBytes { writeOutputBytes(bytes) } else { writeOutput(String(decoding: bytes, as: UTF8.self)) }
  }
}

/// A usage error or an unreadable file: a one-line message and exit status 2.
struct UsageError: Error {
  var message: String
}

/// Describes a file error the way a person would say it.
func describe(_ error: Error) -> String {
  let nsError = error as NSError
  if nsError.domain == NSCocoaErrorDomain {
    switch nsError.code {
    case NSFileReadNoSuchFileError: return "No such file or directory"
    case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "Permission denied"
    default: break
    }
  }
  if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
    let code = POSIXErrorCode(rawValue: Int32(underlying.code))
  {
    return String(cString: strerror(code.rawValue))
  }
  return nsError.localizedDescription
}
