import Foundation

/// The files a command reads: each PATH as given (`-` too), and each directory's files,
/// recursively, that `wanted` accepts, sorted by path. Hidden folders (`.git`, `.build`) are
/// skipped: they hold no layouts worth reading. With no PATH, the current directory.
func expandPaths(_ arguments: [String], io: CommandIO, wanted: (String) -> Bool) -> [String] {
  var paths: [String] = []
  for path in arguments.isEmpty ? ["."] : arguments {
    if path != "-", io.isDirectory(path) == true {
      paths += io.listDirectory(path).filter { candidate in
        // The part below the directory (a listing of `.` may or may not start with `./`).
        let prefix = path.hasSuffix("/") ? path : path + "/"
        let below = candidate.hasPrefix(prefix) ? candidate.dropFirst(prefix.count) : candidate[...]
        return !below.split(separator: "/").contains(where: { $0.hasPrefix(".") })
          && wanted(candidate) && io.isDirectory(candidate) == false
      }.sorted()
    } else {
      paths.append(path)
    }
  }
  return paths
}

/// The extension of a path, without the dot (empty when it has none).
func pathExtension(_ path: String) -> String {
  (path as NSString).pathExtension
}
