import Foundation

/// The files a command reads: each PATH as given (`-` too), and each directory's files,
/// recursively, that `wanted` accepts, sorted by path. Hidden folders (`.git`, `.build`) and
/// the folders of dependency managers and build products (`Pods`, `Carthage`, `DerivedData`)
/// are skipped: they hold no layouts or code of the project's own. With no PATH, the current
/// directory.
func expandPaths(_ arguments: [String], io: CommandIO, wanted: (String) -> Bool) -> [String] {
  var paths: [String] = []
  for path in arguments.isEmpty ? ["."] : arguments {
    if path != "-", io.isDirectory(path) == true {
      paths += io.listDirectory(path).filter { candidate in
        !candidate.dropFirst(path.count).split(separator: "/").contains(where: { $0.hasPrefix(".") || skippedFolders.contains(String($0)) })
          && wanted(candidate) && io.isDirectory(candidate) == false
      }.sorted()
    } else {
      paths.append(path)
    }
  }
  return paths
}

/// Folders a directory's walk does not enter: dependencies and build products.
let skippedFolders: Set<String> = ["Pods", "Carthage", "DerivedData"]

/// The extension of a path, without the dot (empty when it has none).
func pathExtension(_ path: String) -> String {
  (path as NSString).pathExtension
}
