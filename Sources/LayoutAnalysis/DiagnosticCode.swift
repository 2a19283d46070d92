import LayoutSyntax

/// The catalogue of diagnostic codes: each code's severity and one-line summary.
/// docs/diagnostics.md explains each at length; SARIF output lists them as rules.
public enum DiagnosticCatalogue {
  /// One code of the catalogue.
  public struct Entry: Sendable, Hashable {
    public var code: DiagnosticCode
    public var severity: Severity
    public var summary: String
  }

  /// Every code, in the order of docs/diagnostics.md.
  public static let all: [Entry] = [
    Entry(code: .syntax, severity: .error, summary: "The text does not parse."),
    Entry(code: .unknownView, severity: .error, summary: "A name that should be a view is not declared."),
    Entry(code: .unknownMetric, severity: .error, summary: "A name that should be a metric is not declared."),
    Entry(code: .duplicateView, severity: .error, summary: "A view name is declared twice, or is reserved."),
    Entry(code: .duplicateMetric, severity: .error, summary: "A metric name is declared twice."),
    Entry(code: .duplicateCanvas, severity: .error, summary: "A canvas name is declared twice."),
    Entry(
      code: .whenNeverLaidOut, severity: .warning,
      summary: "No canvas of the file has the size classes a 'when' block is for."),
    Entry(
      code: .invalidAttributePair, severity: .error,
      summary: "UIKit does not allow a constraint between these attributes."),
    Entry(code: .invalidPriority, severity: .error, summary: "A priority is not greater than 0 and at most 1000."),
    Entry(
      code: .invalidVisualFormatOption, severity: .error,
      summary: "A Visual Format option is unknown or not valid for the format."),
    Entry(
      code: .notASubview, severity: .error,
      summary: "A view next to '|' in a Visual Format string is not a direct subview of the view '|' stands for."),
    Entry(
      code: .stackOption, severity: .warning,
      summary: "A stack view option UIKit does not act on along the stack's axis."),
    Entry(code: .conflict, severity: .error, summary: "Required constraints cannot all hold."),
    Entry(
      code: .rtlConflict, severity: .error,
      summary: "Required constraints cannot all hold in right-to-left layouts."),
    Entry(code: .ambiguous, severity: .warning, summary: "A view's frame is not determined on an axis."),
    Entry(
      code: .contentPriorityAmbiguity, severity: .warning,
      summary: "Two views compete for space with equal content hugging or compression resistance."),
    Entry(
      code: .leftRight, severity: .warning,
      summary: "Left/right attributes where leading/trailing would mirror for right-to-left languages."),
    Entry(code: .misplaced, severity: .warning, summary: "The declared frame differs from the solved frame."),
    Entry(code: .zeroSize, severity: .warning, summary: "A view solves to zero width or height."),
    Entry(code: .offscreen, severity: .warning, summary: "A view reaches outside its superview."),
    Entry(
      code: .transformed, severity: .info,
      summary: "Constraints act on the untransformed frame of a transformed view."),
    Entry(code: .unsatisfied, severity: .info, summary: "An optional constraint the layout does not satisfy."),
    Entry(
      code: .unsolved, severity: .warning,
      summary: "The solver gave up on the layout; other findings may be incomplete."),
    Entry(
      code: .extremeValue, severity: .warning,
      summary: "A constant beyond ±10,000,000 points or a multiplier outside 1e-6…1e6, which UIKit does not handle sensibly."),
    Entry(
      code: .inaccurate, severity: .warning,
      summary: "The layout's numbers are beyond what the solver resolves; its frames and findings there are not reliable."),
    // Interface Builder files (docs/interface-builder.md).
    Entry(code: .interfaceBuilderXML, severity: .error, summary: "An Interface Builder file is not well-formed XML."),
    Entry(
      code: .interfaceBuilderRefused, severity: .error,
      summary: "An Interface Builder file is too large, too deep, or declares a document type, and is not read."),
    Entry(
      code: .interfaceBuilderUnsupported, severity: .error,
      summary: "An Interface Builder file in a format Plumb does not read (legacy <archive>, macOS)."),
    Entry(
      code: .interfaceBuilderConstraint, severity: .warning,
      summary: "A <constraint> Plumb cannot read, left out of the layout."),
    Entry(
      code: .xcodeMarker, severity: .info,
      summary: "Xcode marked a view ambiguous or misplaced when it last saved the file."),
    // The language server (Protocol/README.md).
    Entry(
      code: .tooLarge, severity: .error,
      summary: "A document larger than the language server analyses; it is not analysed."),
    // Suppression comments (docs/configuration.md).
    Entry(
      code: .unusedSuppression, severity: .info,
      summary: "A '# plumb: ignore' comment that silences nothing, or names no diagnostic code."),
  ]

  /// The entry of a code. Every code has one (a test checks it); nil only if one were forgotten.
  public static func entry(for code: DiagnosticCode) -> Entry? {
    all.first { $0.code == code }
  }
}
