import LayoutSyntax

/// The catalogue of diagnostic codes: each stable code, its severity and a one-line
/// summary. docs/diagnostics.md explains each at length; SARIF output lists them as rules.
public struct DiagnosticCode: Sendable, Hashable {
  public var code: String
  public var severity: Severity
  public var summary: String

  public static let all: [DiagnosticCode] = [
    DiagnosticCode(code: "syntax", severity: .error, summary: "The text does not parse."),
    DiagnosticCode(code: "unknown-view", severity: .error, summary: "A name that should be a view is not declared."),
    DiagnosticCode(code: "unknown-metric", severity: .error, summary: "A name that should be a metric is not declared."),
    DiagnosticCode(code: "duplicate-view", severity: .error, summary: "A view name is declared twice, or is reserved."),
    DiagnosticCode(code: "duplicate-metric", severity: .error, summary: "A metric name is declared twice."),
    DiagnosticCode(code: "duplicate-canvas", severity: .error, summary: "A canvas name is declared twice."),
    DiagnosticCode(
      code: "invalid-attribute-pair", severity: .error, summary: "UIKit does not allow a constraint between these attributes."),
    DiagnosticCode(code: "invalid-priority", severity: .error, summary: "A priority is not greater than 0 and at most 1000."),
    DiagnosticCode(
      code: "invalid-vfl-option", severity: .error, summary: "A Visual Format option is unknown or not valid for the format."),
    DiagnosticCode(
      code: "not-a-subview", severity: .error,
      summary: "A view next to '|' in a Visual Format string is not a direct subview of the view '|' stands for."),
    DiagnosticCode(code: "conflict", severity: .error, summary: "Required constraints cannot all hold."),
    DiagnosticCode(
      code: "rtl-conflict", severity: .error, summary: "Required constraints cannot all hold in right-to-left layouts."),
    DiagnosticCode(code: "ambiguous", severity: .warning, summary: "A view's frame is not determined on an axis."),
    DiagnosticCode(
      code: "content-priority-ambiguity", severity: .warning,
      summary: "Two views compete for space with equal content hugging or compression resistance."),
    DiagnosticCode(
      code: "left-right", severity: .warning,
      summary: "Left/right attributes where leading/trailing would mirror for right-to-left languages."),
    DiagnosticCode(code: "misplaced", severity: .warning, summary: "The declared frame differs from the solved frame."),
    DiagnosticCode(code: "zero-size", severity: .warning, summary: "A view solves to zero width or height."),
    DiagnosticCode(code: "offscreen", severity: .warning, summary: "A view reaches outside its superview."),
    DiagnosticCode(
      code: "transformed", severity: .info, summary: "Constraints act on the untransformed frame of a transformed view."),
    DiagnosticCode(code: "unsatisfied", severity: .info, summary: "An optional constraint the layout does not satisfy."),
    DiagnosticCode(
      code: "unsolved", severity: .warning, summary: "The solver gave up on the layout; other findings may be incomplete."),
    // Interface Builder files (docs/interface-builder.md).
    DiagnosticCode(code: "ib-xml", severity: .error, summary: "An Interface Builder file is not well-formed XML."),
    DiagnosticCode(
      code: "ib-refused", severity: .error,
      summary: "An Interface Builder file is too large, too deep, or declares a document type, and is not read."),
    DiagnosticCode(
      code: "ib-unsupported", severity: .error,
      summary: "An Interface Builder file in a format Plumb does not read (legacy <archive>, macOS)."),
    DiagnosticCode(
      code: "ib-constraint", severity: .warning, summary: "A <constraint> Plumb cannot read, left out of the layout."),
  ]

  /// The entry for a code, if it is one of the catalogue's.
  public static func named(_ code: String) -> DiagnosticCode? {
    all.first { $0.code == code }
  }
}
