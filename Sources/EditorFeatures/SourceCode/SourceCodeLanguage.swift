import LayoutAnalysis
import LayoutSyntax
import SourceCode

/// Swift (`.swift`) and Objective-C (`.m`, `.mm`) source files: the Visual Format strings of
/// their calls to `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`
/// (and to wrappers), checked as UIKit checks them when the call runs. A file yields only
/// these findings; the editor gets hovers, completion of names and quick fixes inside the
/// strings, and nothing else, so that the language's own server works beside it.
public struct SourceCodeLanguage: EditorLanguage {
  public let dialect: SourceDialect
  /// The wrappers whose first argument is a format, besides UIKit's method.
  public let functions: [VisualFormatFunction]

  public static let swift = SourceCodeLanguage(dialect: .swift)
  public static let objectiveC = SourceCodeLanguage(dialect: .objectiveC)

  public init(dialect: SourceDialect, functions: [VisualFormatFunction] = LanguageSettings.standard.visualFormatFunctions) {
    self.dialect = dialect
    self.functions = functions
  }

  public var name: String { dialect.rawValue }

  public var pathExtensions: [String] {
    switch dialect {
    case .swift: ["swift"]
    case .objectiveC: ["m", "mm"]
    }
  }

  public var languageIDs: [String] {
    switch dialect {
    case .swift: ["swift"]
    case .objectiveC: ["objective-c", "objective-cpp", "objc", "objcpp"]
    }
  }

  /// 16 MiB: a source file is only scanned, and most never lexed.
  public var maximumAnalysedLength: Int { 16 << 20 }

  public func makeAnalyzer() -> any DocumentAnalyzer {
    SourceCodeAnalyzer(language: self)
  }

  public func solve(bytes: [UInt8], canvas: String?, solveWithErrors: Bool) -> SolvedFile {
    let analysis = SourceCodeAnalysis(bytes: bytes, dialect: dialect, functions: functions)
    let document = LayoutDocument(
      bytes: bytes, kind: .layout, model: LayoutModel(kind: .layout), diagnostics: analysis.diagnostics)
    return SolvedFile(document: document, layouts: [], diagnostics: Self.reported(analysis.diagnostics, bytes: bytes))
  }

  /// A file's findings less those its `// plumb: ignore CODE` comments silence, with an
  /// `unused-suppression` for each name that silences nothing (docs/configuration.md).
  static func reported(_ diagnostics: [Diagnostic], bytes: [UInt8]) -> [Diagnostic] {
    Suppressions.apply(to: diagnostics, bytes: bytes, reportUnused: true, commentStart: "//")
  }
}

/// What the languages are configured with: plain values the command line (and a
/// configuration file) pass down.
public struct LanguageSettings: Sendable, Hashable {
  /// The functions whose first argument is a Visual Format string, besides UIKit's.
  public var visualFormatFunctions: [VisualFormatFunction]

  public init(visualFormatFunctions: [VisualFormatFunction]) {
    self.visualFormatFunctions = visualFormatFunctions
  }

  /// The helper idiom `addConstraintsWithFormat(_:views:)` only.
  public static let standard = LanguageSettings(visualFormatFunctions: [.addConstraintsWithFormat])

  /// The standard settings with more functions.
  public func adding(_ functions: [VisualFormatFunction]) -> LanguageSettings {
    var copy = self
    for function in functions {
      copy.visualFormatFunctions.removeAll { $0.name == function.name }
      copy.visualFormatFunctions.append(function)
    }
    return copy
  }
}

/// Every call of a source file, checked.
public struct SourceCodeAnalysis {
  /// One call and what checking its format found.
  public struct CheckedCall {
    public let call: VisualFormatCall
    /// The format, when it is a literal and parses.
    public let format: VisualFormat?
    /// The lowering, when the format parses.
    public let lowering: CodeFormatLowering?
    public let diagnostics: [Diagnostic]
  }

  public let calls: [CheckedCall]
  /// Every finding, sorted by position.
  public let diagnostics: [Diagnostic]

  public init(bytes: [UInt8], dialect: SourceDialect, functions: [VisualFormatFunction]) {
    let found = VisualFormatCallFinder.calls(in: bytes, dialect: dialect, functions: functions)
    let spacing = found.isEmpty ? SuperviewSpacing.margins : Self.superviewSpacing(of: bytes)
    calls = found.map { Self.check($0, bytes: bytes, spacing: spacing) }
    diagnostics = calls.flatMap(\.diagnostics).sorted { ($0.range.start, $0.range.end) < ($1.range.start, $1.range.end) }
  }

  /// AppKit's `|-` is 20 points from the edge; UIKit's is the superview's margin.
  static func superviewSpacing(of bytes: [UInt8]) -> SuperviewSpacing {
    let markers = ["import AppKit", "import Cocoa", "<AppKit/", "<Cocoa/", "@import AppKit", "@import Cocoa"]
    for marker in markers where VisualFormatPrefilter.contains(bytes, Array(marker.utf8)) {
      return .points(20)
    }
    return .margins
  }

  static func check(_ call: VisualFormatCall, bytes: [UInt8], spacing: SuperviewSpacing) -> CheckedCall {
    guard case .literal(let text) = call.format else {
      return CheckedCall(call: call, format: nil, lowering: nil, diagnostics: [])
    }
    let (format, syntaxDiagnostics) = VisualFormatParser.parse(
      decoded: text.characters, offsets: text.offsets, range: text.range, bytes: bytes)
    guard let format else {
      return CheckedCall(call: call, format: nil, lowering: nil, diagnostics: syntaxDiagnostics)
    }
    let environment = CodeFormatEnvironment(
      views: call.views.keys?.map(\.name),
      metrics: call.metrics.keys?.map { (name: $0.name, value: $0.value) },
      options: call.options.names,
      superviewSpacing: spacing)
    let lowering = CodeFormatLowering(format: format, environment: environment, source: bytes)
    let diagnostics = lowering.diagnostics.map { fitted($0, call: call, bytes: bytes) }
    return CheckedCall(call: call, format: format, lowering: lowering, diagnostics: diagnostics)
  }

  /// Keeps the fixes whose edits replace a plain name in the source (not one written through
  /// an escape or across joined literals), and offers to add a missing view to the
  /// `NSDictionaryOfVariableBindings(…)` the views came from.
  private static func fitted(_ diagnostic: Diagnostic, call: VisualFormatCall, bytes: [UInt8]) -> Diagnostic {
    var copy = diagnostic
    copy.fixes = diagnostic.fixes.filter { fix in
      fix.edits.allSatisfy { edit in
        edit.range.start >= 0 && edit.range.end <= bytes.count && edit.range.length > 0
          && bytes[edit.range.start..<edit.range.end].allSatisfy { byte in
            byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
          }
      }
    }
    if case .notInViewsDictionary(let name, _) = diagnostic.finding, case .known(let keys, let bindings?) = call.views {
      let text = keys.isEmpty ? name : ", \(name)"
      copy.fixes.append(
        Fix(
          title: "Add '\(name)' to NSDictionaryOfVariableBindings",
          edits: [TextEdit(range: SourceRange(at: bindings), newText: text)]))
    }
    return copy
  }
}

extension NameDictionary {
  /// The keys, or nil when the dictionary is not known.
  var keys: [DictionaryKey]? {
    if case .known(let keys, _) = self { return keys }
    return nil
  }
}

extension OptionsArgument {
  var names: [Identifier]? {
    if case .known(let names) = self { return names }
    return nil
  }
}

/// A source file's analysis needs no state between versions: a file is scanned in
/// microseconds, and its formats are independent of each other.
final class SourceCodeAnalyzer: DocumentAnalyzer {
  private let language: SourceCodeLanguage

  init(language: SourceCodeLanguage) {
    self.language = language
  }

  func analyse(bytes: [UInt8], lines: any DocumentLines, change: TextChange?) -> any EditorSnapshot {
    SourceCodeSnapshot(
      bytes: bytes, analysis: SourceCodeAnalysis(bytes: bytes, dialect: language.dialect, functions: language.functions))
  }
}

/// One version of a source file: its checked calls. It answers hovers over a format,
/// completion inside one, and quick fixes; nothing else.
public final class SourceCodeSnapshot: EditorSnapshot {
  public let bytes: [UInt8]
  public let analysis: SourceCodeAnalysis

  /// The analysis's findings less those the file's suppression comments silence.
  public let diagnostics: [Diagnostic]

  init(bytes: [UInt8], analysis: SourceCodeAnalysis) {
    self.bytes = bytes
    self.analysis = analysis
    diagnostics = SourceCodeLanguage.reported(analysis.diagnostics, bytes: bytes)
  }

  /// The call whose literal format holds `offset` (its quotes included), and the literal.
  func call(at offset: Int) -> (SourceCodeAnalysis.CheckedCall, FormatText, SourceRange)? {
    for checked in analysis.calls {
      guard case .literal(let text) = checked.call.format else { continue }
      if let literal = text.literalRanges.first(where: { $0.start <= offset && offset <= $0.end }) {
        return (checked, text, literal)
      }
    }
    return nil
  }

  public func hover(at offset: Int, preferences: FramePreferences) -> HoverContent? {
    // A format known only at run time: why it is not checked.
    for checked in analysis.calls {
      guard case .dynamic(let range, let reason) = checked.call.format, range.start <= offset, offset < range.end else {
        continue
      }
      let why =
        switch reason {
        case .interpolation: "it interpolates values"
        case .variable: "it is a variable"
        case .expression: "it is computed"
        }
      return HoverContent(
        markdown: "**Visual Format**: not checked, as \(why): its text is known only when the call runs, and UIKit checks it then.",
        range: range)
    }
    guard let (checked, _, literal) = call(at: offset), offset < literal.end else { return nil }
    var lines: [String] = []
    guard let lowering = checked.lowering, checked.diagnostics.allSatisfy({ $0.severity != .error }) else {
      lines.append(
        "**Visual Format**: UIKit throws `NSInvalidArgumentException` for this format and creates no constraint.")
      return HoverContent(markdown: lines.joined(separator: "\n"), range: literal)
    }
    let count = lowering.constraints.count
    lines.append("**Visual Format**: \(count) constraint\(count == 1 ? "" : "s"), in UIKit's order")
    lines.append("")
    lines.append("```")
    for constraint in lowering.constraints { lines.append(constraint.description) }
    lines.append("```")
    var notes: [String] = []
    if checked.call.views.keys == nil {
      notes.append("The views dictionary is built at run time: view names are not checked.")
    }
    if !lowering.openMetrics.isEmpty {
      let names = lowering.openMetrics.map { "`\($0)`" }.joined(separator: ", ")
      notes.append("Known only at run time (shown as 0, priorities not checked): \(names).")
    }
    if checked.call.options.names == nil {
      notes.append("The options are set at run time: alignment constraints are not shown.")
    }
    if !notes.isEmpty {
      lines.append("")
      lines += notes
    }
    return HoverContent(markdown: lines.joined(separator: "\n"), range: literal)
  }

  public func completions(at offset: Int) -> [CompletionItem]? {
    guard let (checked, text, literal) = call(at: offset), offset > literal.start, offset < literal.end else { return nil }
    // The format before the cursor, as UIKit reads it (decoded, without whitespace).
    var depthBracket = 0
    var depthParen = 0
    var last: UInt8 = 0
    for (index, byte) in text.characters.enumerated() where index < text.offsets.count && text.offsets[index] < offset {
      switch byte {
      case UInt8(ascii: "["): depthBracket += 1
      case UInt8(ascii: "]"): depthBracket = max(0, depthBracket - 1)
      case UInt8(ascii: "("): depthParen += 1
      case UInt8(ascii: ")"): depthParen = max(0, depthParen - 1)
      case 0x20, 0x09, 0x0A, 0x0D: continue
      default: break
      }
      if !Self.isNameByte(byte) { last = byte }
    }
    let views = checked.call.views.keys?.map(\.name) ?? []
    let metrics = checked.call.metrics.keys?.map(\.name) ?? []
    var items: [CompletionItem] = []
    func add(_ names: [String], kind: CompletionItemKind, detail: String) {
      for name in names where !items.contains(where: { $0.label == name }) {
        items.append(CompletionItem(label: name, kind: kind, detail: detail))
      }
    }
    if depthParen > 0 || (depthBracket == 0 && (last == UInt8(ascii: "-") || last == UInt8(ascii: "@"))) {
      add(metrics, kind: .constant, detail: "metric")
      if depthBracket > 0 { add(views, kind: .class, detail: "view") }
    } else {
      add(views, kind: .class, detail: "view")
    }
    return items
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
  }

  public func codeActions(in range: SourceRange, only: [String]?) -> [CodeAction]? {
    CodeAction.quickFixes(of: diagnostics, in: range, only: only)
  }
}
