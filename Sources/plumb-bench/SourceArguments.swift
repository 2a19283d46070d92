import EditorFeatures
import Foundation
import SourceCode

/// The arguments of `plumb-bench scan` and `mutate`: folders (or files) of real source code and
/// `--function SPEC` wrappers, spelt as `plumb check --vfl-function` spells them.
struct SourceArguments {
  /// Every `.swift`, `.m` and `.mm` file under the paths, sorted.
  var files: [String] = []
  var functions: [VisualFormatFunction]

  init(_ arguments: [String]) {
    functions = LanguageSettings.standard.visualFormatFunctions
    var paths: [String] = []
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if argument == "--function", let value = rest.popFirst() {
        guard let function = VisualFormatFunction(specification: value) else {
          fail("plumb-bench: '\(value)' is not \(VisualFormatFunction.specificationSyntax)")
        }
        functions.append(function)
      } else {
        paths.append(argument)
      }
    }
    for path in paths {
      if let enumerator = FileManager.default.enumerator(atPath: path) {
        while let relative = enumerator.nextObject() as? String {
          if ["swift", "m", "mm"].contains((relative as NSString).pathExtension.lowercased()) {
            files.append(path + "/" + relative)
          }
        }
      } else {
        files.append(path)
      }
    }
    files.sort()
  }
}
