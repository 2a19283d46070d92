// The Swift and Objective-C readers (the first byte picks the dialect: even Swift, odd
// Objective-C): total on any bytes; every literal's decoded bytes come from offsets inside the
// text; every call's range, format and findings inside the text, whatever its dictionaries.
import FuzzCheck
import LayoutAnalysis
import LayoutSyntax
import SourceCode

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let all = bytes(data, size)
  guard let first = all.first else { return 0 }
  let dialect: SourceDialect = first % 2 == 0 ? .swift : .objectiveC
  let input = Array(all.dropFirst())
  let count = input.count

  let lexed = SourceLexer.tokens(of: input, dialect: dialect)
  for token in lexed.tokens {
    check(within(token.range.start, token.range.end, count), "token range \(token.range) outside 0..<\(count)")
  }
  for literal in lexed.literals {
    check(literal.characters.count == literal.offsets.count, "a literal has \(literal.characters.count) bytes and \(literal.offsets.count) offsets")
    check(literal.offsets.allSatisfy { $0 >= 0 && $0 < count }, "a literal byte comes from outside the text")
  }

  // Every wrapper form, so that the input's calls of any name are read.
  let functions = [
    VisualFormatFunction.addConstraintsWithFormat, VisualFormatFunction(name: "f", views: .dictionary(label: "views")),
    VisualFormatFunction(name: "g", views: .positional(label: "v", prefix: "x")),
  ]
  // The selector appended, so that the prefilter never skips the input.
  let text = input + Array(" constraintsWithVisualFormat".utf8)
  let total = text.count
  for call in VisualFormatCallFinder.calls(in: text, dialect: dialect, functions: functions) {
    check(within(call.range.start, call.range.end, total), "call range \(call.range) outside the text")
    guard case .literal(let literal) = call.format else { continue }
    check(literal.characters.count == literal.offsets.count, "a format's bytes and offsets differ in number")
    let (format, diagnostics) = VisualFormatParser.parse(
      decoded: literal.characters, offsets: literal.offsets, range: literal.range, bytes: text)
    for diagnostic in diagnostics {
      check(within(diagnostic.range.start, diagnostic.range.end, total), "format diagnostic \(diagnostic.range) outside the text")
    }
    guard let format else { continue }
    func keys(_ dictionary: NameDictionary) -> [DictionaryKey]? {
      if case .known(let keys, _) = dictionary { return keys }
      return nil
    }
    var options: [Identifier]?
    if case .known(let names) = call.options { options = names }
    let environment = CodeFormatEnvironment(
      views: keys(call.views)?.map(\.name), metrics: keys(call.metrics)?.map { (name: $0.name, value: $0.value) },
      options: options, superviewSpacing: .margins)
    let lowering = CodeFormatLowering(format: format, environment: environment, source: text)
    for diagnostic in lowering.diagnostics {
      check(within(diagnostic.range.start, diagnostic.range.end, total), "lowering diagnostic \(diagnostic.range) outside the text")
    }
  }
  return 0
}

runFuzzer(fuzz)
