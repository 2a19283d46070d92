import Foundation

/// The `plumb` executable the package built, for the tests that run it as a process: beside
/// the test bundle (on Linux the bundle is the build folder itself), else beside the bundle's
/// folder (the .xctest inside it elsewhere). The path may not exist when it was not built.
public var builtPlumbURL: URL {
  let bundle = Bundle(for: BuiltPlumbMarker.self).bundleURL
  let beside = bundle.appendingPathComponent("plumb")
  if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
  return bundle.deletingLastPathComponent().appendingPathComponent("plumb")
}

/// A class of the test bundle, to find the bundle by.
private final class BuiltPlumbMarker {}
