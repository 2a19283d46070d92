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
  ]

  /// The entry for a code, if it is one of the catalogue's.
  public static func named(_ code: String) -> DiagnosticCode? {
    all.first { $0.code == code }
  }
}
