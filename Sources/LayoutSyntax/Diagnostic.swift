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

  /// `bytes` with non-overlapping edits applied, in any order (edits at one offset in the
  /// order given); ranges past the end are clamped.
  public static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
    var result = bytes
    let ordered = edits.enumerated().sorted { ($0.element.range.start, $0.offset) < ($1.element.range.start, $1.offset) }
    for (_, edit) in ordered.reversed() {
      let start = min(max(edit.range.start, 0), result.count)
      let end = min(max(edit.range.end, start), result.count)
      result.replaceSubrange(start..<end, with: Array(edit.newText.utf8))
    }
    return result
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

/// Another place in the source that explains a finding; `message` renders its role.
public struct RelatedInformation: Hashable, Sendable {
  public var range: SourceRange
  public var role: RelatedRole

  public init(range: SourceRange, role: RelatedRole) {
    self.range = range
    self.role = role
  }
}

/// The stable code of a finding: what scripts, SARIF rules and docs/diagnostics.md name it by.
///
/// The raw value is the code as it is written everywhere outside the program
/// (`unknown-view`, `conflict`, …); it never changes between releases.
public enum DiagnosticCode: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
  // The text.
  case syntax
  case unknownView = "unknown-view"
  case unknownMetric = "unknown-metric"
  case duplicateView = "duplicate-view"
  case duplicateMetric = "duplicate-metric"
  case duplicateCanvas = "duplicate-canvas"
  case whenNeverLaidOut = "when-never-laid-out"
  case invalidAttributePair = "invalid-attribute-pair"
  case invalidPriority = "invalid-priority"
  case invalidVisualFormatOption = "invalid-vfl-option"
  case notASubview = "not-a-subview"
  case stackOption = "stack-option"
  // The solved layout.
  case conflict
  case rtlConflict = "rtl-conflict"
  case ambiguous
  case contentPriorityAmbiguity = "content-priority-ambiguity"
  case leftRight = "left-right"
  case misplaced
  case zeroSize = "zero-size"
  case offscreen
  case transformed
  case unsatisfied
  case unsolved
  // Numbers out of range (docs/language.md#numbers).
  case extremeValue = "extreme-value"
  case inaccurate
  // Interface Builder files.
  case interfaceBuilderXML = "ib-xml"
  case interfaceBuilderRefused = "ib-refused"
  case interfaceBuilderUnsupported = "ib-unsupported"
  case interfaceBuilderConstraint = "ib-constraint"
  case xcodeMarker = "xcode-marker"
  // Any document the language server holds.
  case tooLarge = "too-large"
  // Suppression comments (docs/configuration.md).
  case unusedSuppression = "unused-suppression"

  /// Codes order by their text, so that sorting findings does not depend on declaration order.
  public static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool { lhs.rawValue < rhs.rawValue }

  /// Whether the Interface Builder reader reports it: a file or a constraint it could not read.
  public var isInterfaceBuilderReader: Bool {
    switch self {
    case .interfaceBuilderXML, .interfaceBuilderRefused, .interfaceBuilderUnsupported, .interfaceBuilderConstraint: true
    default: false
    }
  }

  /// The code as written in output: `unknown-view`.
  public var description: String { rawValue }
}

/// One finding about a layout file, located by byte range.
///
/// `code` is one of the stable codes of docs/diagnostics.md. `finding` is what the finding
/// says, as data; `places` and `notes` are what merging places and reading Interface Builder
/// files add to it. `message` renders the three (DiagnosticMessage.swift). `canvas` and
/// `direction` say where a finding of the solved layout happens when that is one canvas or
/// one direction; both are nil for findings about the text itself.
public struct Diagnostic: Hashable, Sendable {
  public var code: DiagnosticCode
  public var severity: Severity
  public var finding: Finding
  public var range: SourceRange
  public var related: [RelatedInformation]
  public var fixes: [Fix]
  public var canvas: String?
  public var direction: String?
  /// Where a finding of the solved layout happens, when not everywhere.
  public var places: FindingPlaces
  /// What later stages add to the finding.
  public var notes: [FindingNote]

  public init(
    code: DiagnosticCode, severity: Severity, finding: Finding, range: SourceRange,
    related: [RelatedInformation] = [], fixes: [Fix] = [],
    canvas: String? = nil, direction: String? = nil, places: FindingPlaces = .everywhere, notes: [FindingNote] = []
  ) {
    self.code = code
    self.severity = severity
    self.finding = finding
    self.range = range
    self.related = related
    self.fixes = fixes
    self.canvas = canvas
    self.direction = direction
    self.places = places
    self.notes = notes
  }

  /// A `syntax` error, in the parser's words.
  public static func syntax(_ message: String, at range: SourceRange) -> Diagnostic {
    Diagnostic(code: .syntax, severity: .error, finding: .syntax(message), range: range)
  }
}
