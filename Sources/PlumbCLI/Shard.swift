import Configuration

/// `plumb check --shard I/N`: the I-th of N parts of the files, so that N machines can check
/// a large tree together and the union of their findings is one run's.
///
/// A file belongs to part `h mod N + 1`, where `h` is the 64-bit FNV-1a hash of its path
/// relative to the current directory (`./` and `..` resolved; a path outside the current
/// directory is hashed as its absolute path). The partition depends on nothing but the
/// paths, so every machine that runs the same command from the root of the same checkout
/// makes the same parts, whatever order or speed it checks in. Standard input (`-`) is in
/// the first part.
struct Shard: Equatable {
  /// From 1 to `count`.
  var index: Int
  var count: Int

  /// Reads `I/N` with 1 ≤ I ≤ N; nil for anything else.
  init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, index >= 1,
      index <= count, parts.allSatisfy({ $0.allSatisfy(\.isASCII) && !$0.hasPrefix("+") })
    else { return nil }
    self.index = index
    self.count = count
  }

  /// Whether the file at `path` is in this part.
  func contains(_ path: String, currentDirectory: String) -> Bool {
    if path == "-" { return index == 1 }
    let key = Shard.key(of: path, currentDirectory: currentDirectory)
    return Int(Shard.hash(key) % UInt64(count)) == index - 1
  }

  /// The path the partition hashes: relative to the current directory when inside it.
  static func key(of path: String, currentDirectory: String) -> String {
    let absolute = ConfigurationStore.absolute(path, in: currentDirectory)
    let root = ConfigurationStore.absolute(".", in: currentDirectory)
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
  }

  /// 64-bit FNV-1a of the UTF-8 bytes.
  static func hash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    return hash
  }
}
