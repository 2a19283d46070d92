/// How serious a finding is.
public enum Severity: String, Sendable, Hashable, Comparable {
  case error
  case warning
  case info

  private var rank: Int {
    switch self {
    case .error: 0
    case .warning: 1
    case .info: 2
    }
  }

  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A replacement of one range of the source by new text.
public struct TextEdit: Hashable, Sendable {
  public var range: SourceRange
  public var newText: String

  public init(range: SourceRange, newText: String) {
    self.range = range
    self.newText = newText
  }
}

/// A quick fix: a titled set of edits that, applied together, remove the finding.
public struct Fix: Hashable, Sendable {
  public var title: String
  public var edits: [TextEdit]
  /// Whether this fix is clearly the right one (an editor may apply it on a shortcut).
  public var isPreferred: Bool

  public init(title: String, edits: [TextEdit], isPreferred: Bool = false) {
    self.title = title
    self.edits = edits
    self.isPreferred = isPreferred
  }
}

/// Another place in the source that explains a finding.
public struct RelatedInformation: Hashable, Sendable {
  public var range: SourceRange
  public var message: String

  public init(range: SourceRange, message: String) {
    self.range = range
    self.message = message
  }
}

/// One finding about a layout file, located by byte range.
///
/// `code` is one of the stable codes of docs/diagnostics.md (`syntax`, `unknown-view`,
/// `conflict`, …). `canvas` and `direction` say where a finding of the solved layout
/// happens; both are nil for findings about the text itself.
public struct Diagnostic: Hashable, Sendable {
  public var code: String
  public var severity: Severity
  public var message: String
  public var range: SourceRange
  public var related: [RelatedInformation]
  public var fixes: [Fix]
  public var canvas: String?
  public var direction: String?

  public init(
    code: String, severity: Severity, message: String, range: SourceRange,
    related: [RelatedInformation] = [], fixes: [Fix] = [],
    canvas: String? = nil, direction: String? = nil
  ) {
    self.code = code
    self.severity = severity
    self.message = message
    self.range = range
    self.related = related
    self.fixes = fixes
    self.canvas = canvas
    self.direction = direction
  }

  /// A `syntax` error.
  public static func syntax(_ message: String, at range: SourceRange) -> Diagnostic {
    Diagnostic(code: "syntax", severity: .error, message: message, range: range)
  }
}
