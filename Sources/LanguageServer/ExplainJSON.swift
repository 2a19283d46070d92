import ConstraintLog
import JSONRPC

/// The JSON of an explained conflict log: the one encoder of `plumb explain --format json` and
/// of the server's `plumb/explain`, which have the same shape (docs/explain.md, Protocol/README.md).
/// Every string a person reads comes from `ExplanationText`.
public enum ExplainJSON {
  /// The version of the shape: fields may be added, but none is renamed or removed without a new version.
  public static let version = 1

  /// `{version, problem, conflicts: [{line, complete, missing, constraints, unreadable, outcome,
  /// broken, brokenInMinimal, minimal, engine, arithmetic, causes, explanation}]}`; lines are 0-based.
  public static func encode(_ report: LogExplanation) -> JSONValue {
    .object([
      ("version", .int(version)),
      ("problem", report.log.problem.map { .string(ExplanationText.message(for: $0)) } ?? .null),
      ("conflicts", .array(report.explanations.map(conflict))),
    ])
  }

  static func conflict(_ explanation: Explanation) -> JSONValue {
    let block = explanation.block
    let constraints = block.constraints
    var broken: JSONValue = .null
    var brokenInMinimal: JSONValue = .null
    switch explanation.broken {
    case .unknown: break
    case .listed(let index, let inMinimalSet):
      broken = .string(constraints[index].address)
      if explanation.outcome == .conflict { brokenInMinimal = .bool(inMinimalSet) }
    case .notListed(let address):
      broken = .string(address)
      // Not in the minimal set when there is one; null, as for a listed one, when there is none.
      if explanation.outcome == .conflict { brokenInMinimal = .bool(false) }
    }
    let engine: [JSONValue] = explanation.members.compactMap { member in
      if case .constraint = member { return nil }
      return .string(ExplanationText.memberText(member, constraints: constraints))
    }
    let unreadable: [JSONValue] = block.entries.compactMap { entry in
      guard case .unreadable(let line, let text, let reason) = entry else { return nil }
      return .object([("line", .int(line)), ("text", .string(text)), ("reason", .string(reason))])
    }
    return .object([
      ("line", .int(block.line)),
      ("complete", .bool(block.isComplete)),
      ("missing", .array(block.missing.map { .string(ExplanationText.missingText($0)) })),
      ("constraints", .array(constraints.map(constraint))),
      ("unreadable", .array(unreadable)),
      ("outcome", .string(outcome(explanation.outcome))),
      ("broken", broken),
      ("brokenInMinimal", brokenInMinimal),
      ("minimal", .array(explanation.constraintMembers.map { .string(constraints[$0].address) })),
      ("irreducible", .bool(explanation.isIrreducible)),
      ("engine", .array(engine)),
      ("arithmetic", explanation.arithmetic.map { .string(ExplanationText.arithmeticText($0, constraints: constraints)) } ?? .null),
      (
        "causes",
        .array(
          explanation.causes.map { cause in
            .object([
              ("pattern", .string(ExplanationText.patternName(cause))),
              ("text", .string(ExplanationText.causeText(cause))),
              ("fix", .string(ExplanationText.fixText(cause))),
            ])
          })
      ),
      ("explanation", .string(ExplanationText.body(explanation).joined(separator: "\n"))),
    ])
  }

  static func constraint(_ constraint: LogConstraint) -> JSONValue {
    .object([
      ("address", .string(constraint.address)),
      ("line", .int(constraint.line)),
      ("text", .string(constraint.text)),
      ("equation", .string(ExplanationText.equation(constraint))),
      ("kind", .string(constraint.kind.rawValue)),
      ("identifier", constraint.identifier.map(JSONValue.string) ?? .null),
      ("priority", .number(constraint.priority)),
    ])
  }

  static func outcome(_ outcome: Outcome) -> String {
    switch outcome {
    case .conflict: "conflict"
    case .consistent: "consistent"
    case .redacted: "redacted"
    case .nothingListed: "nothingListed"
    case .unsolved: "unsolved"
    }
  }
}
