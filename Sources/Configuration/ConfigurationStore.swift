import Foundation

/// Finds the configuration of a file: the `.plumb.json` in its folder or the nearest folder
/// above it, as swift-format finds `.swift-format`; the defaults when there is none.
///
/// Files are read through `FileAccess`, so the command line reads them through its own IO and
/// tests need no disk. A file is read again when its modification time changes (the language
/// server keeps one store for its lifetime); a folder is searched again on every question
/// unless `remembersFolders` is set (the command line, which runs once).
public final class ConfigurationStore: @unchecked Sendable {
  /// The file name searched for.
  public static let fileName = ".plumb.json"

  /// How the store reaches files.
  public struct FileAccess: Sendable {
    /// The modification time of a regular file, or nil when there is none at the path.
    public var modificationTime: @Sendable (String) -> Double?
    public var read: @Sendable (String) throws -> [UInt8]

    public init(modificationTime: @escaping @Sendable (String) -> Double?, read: @escaping @Sendable (String) throws -> [UInt8]) {
      self.modificationTime = modificationTime
      self.read = read
    }

    /// The real file system.
    public static let disk = FileAccess(
      modificationTime: { path in
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
          return nil
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      },
      read: { path in [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) })
  }

  private let access: FileAccess
  private let remembersFolders: Bool
  /// How a found file is named in messages.
  private let displayPath: @Sendable (String) -> String
  private let lock = NSLock()
  private var parsed: [String: (time: Double, result: Result<Configuration, ConfigurationError>)] = [:]
  private var folders: [String: String?] = [:]

  public init(
    access: FileAccess = .disk, remembersFolders: Bool = false, displayPath: @escaping @Sendable (String) -> String = { $0 }
  ) {
    self.access = access
    self.remembersFolders = remembersFolders
    self.displayPath = displayPath
  }

  /// The configuration for the file at `absolutePath`: the nearest `.plumb.json` at or above
  /// its folder, or the defaults (patterns relative to `defaultFolder`).
  public func configuration(forFile absolutePath: String, defaultFolder: String) throws(ConfigurationError) -> Configuration {
    guard let file = nearestFile(above: ConfigurationStore.folder(of: absolutePath)) else {
      return Configuration(folder: defaultFolder)
    }
    return try load(file, displayPath: displayPath(file))
  }

  /// Reads the file at `path` (`plumb check --config`), named `displayPath` in messages.
  public func load(_ path: String, displayPath: String) throws(ConfigurationError) -> Configuration {
    guard let time = access.modificationTime(path) else {
      throw ConfigurationError(message: "\(displayPath): no such configuration file")
    }
    lock.lock()
    let cached = parsed[path]
    lock.unlock()
    if let cached, cached.time == time { return try cached.result.get() }
    let result: Result<Configuration, ConfigurationError>
    do {
      let bytes = try access.read(path)
      result = Result { () throws(ConfigurationError) in
        try Configuration.read(bytes: bytes, path: displayPath, folder: ConfigurationStore.folder(of: path))
      }
    } catch {
      result = .failure(ConfigurationError(message: "\(displayPath): cannot read the configuration: \(error.localizedDescription)"))
    }
    lock.lock()
    parsed[path] = (time, result)
    lock.unlock()
    return try result.get()
  }

  /// The path of the nearest `.plumb.json` at or above `folder`.
  public func nearestFile(above folder: String) -> String? {
    if remembersFolders {
      lock.lock()
      let known = folders[folder]
      lock.unlock()
      if let known { return known }
    }
    var current = folder
    var found: String?
    while true {
      let candidate = current == "/" ? "/" + ConfigurationStore.fileName : current + "/" + ConfigurationStore.fileName
      if access.modificationTime(candidate) != nil {
        found = candidate
        break
      }
      if remembersFolders {
        lock.lock()
        let known = folders[current]
        lock.unlock()
        if let known, current != folder {
          found = known
          break
        }
      }
      let parent = ConfigurationStore.folder(of: current)
      if parent == current { break }
      current = parent
    }
    if remembersFolders {
      lock.lock()
      folders[folder] = .some(found)
      lock.unlock()
    }
    return found
  }

  /// Where a `.plumb.json` for files in `folder` may be: in it and in every folder above it.
  public static func candidates(above folder: String) -> [String] {
    var result: [String] = []
    var current = folder
    while true {
      result.append((current == "/" ? "" : current) + "/" + fileName)
      let parent = self.folder(of: current)
      if parent == current { break }
      current = parent
    }
    return result
  }

  /// The folder of an absolute path (`/` for `/` and for a file at the root).
  public static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// `path` relative to `folder` when it is inside it, nil otherwise.
  public static func relativePath(_ path: String, to folder: String) -> String? {
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    guard path.hasPrefix(prefix) else { return nil }
    return String(path.dropFirst(prefix.count))
  }

  /// An absolute path with `.` and `..` parts resolved (symbolic links are left alone).
  public static func absolute(_ path: String, in currentDirectory: String) -> String {
    let joined = path.hasPrefix("/") ? path : currentDirectory + "/" + path
    var parts: [Substring] = []
    for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == ".." {
        if !parts.isEmpty { parts.removeLast() }
        continue
      }
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }
}
