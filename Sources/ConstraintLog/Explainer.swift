import CassowarySolver
import Dispatch
import LayoutSyntax

/// Re-solves the constraints of conflict reports with Plumb's solver.
public enum Explainer {
  /// The margin UIKit gives a view's layout margins by default, used where a constraint names
  /// a margin and the log does not print the margin guide's own constraints.
  public static let defaultMargin = 8.0

  /// The most constraints of a report whose conflicting set is made irreducible.
  public static let minimizationLimit = 400

  public static func explain(_ bytes: [UInt8]) -> LogExplanation {
    explain(LogReader.read(bytes))
  }

  /// Every block of a log, each on its own (a big paste on every core).
  public static func explain(_ log: ParsedLog) -> LogExplanation {
    let blocks = log.blocks
    return LogExplanation(log: log, explanations: parallelMap(count: blocks.count, chunk: 16) { explain(blocks[$0]) })
  }

  public static func explain(_ block: ConflictBlock) -> Explanation {
    let constraints = block.constraints
    var explanation = Explanation(
      block: block, outcome: .nothingListed, members: [], isIrreducible: true, arithmetic: nil, broken: .unknown, causes: [])
    // Which listed constraint UIKit broke.
    var brokenIndex: Int?
    if let broken = block.broken?.constraint {
      if let index = constraints.firstIndex(where: { $0.address == broken.address }) {
        brokenIndex = index
      } else {
        explanation.broken = .notListed(address: broken.address)
      }
    }
    if block.isRedacted, constraints.isEmpty {
      explanation.outcome = .redacted
      return explanation
    }
    guard !constraints.isEmpty else { return explanation }
    var system = LinearSystem(constraints: constraints)
    system.build()
    var order = Array(constraints.indices.filter { $0 != brokenIndex })
    if let brokenIndex { order.append(brokenIndex) }
    // Adds everything, implicit rows first; the first required constraint that cannot be
    // added gives the conflicting set (the solver's explanation, the new constraint last).
    let addAll = { (solver: Solver) throws(SolverError) -> [Int]? in
      for member in system.forms.indices where system.forms[member].origin.isImplicit {
        try solver.add(system.constraint(member))
      }
      for index in order {
        guard let member = system.memberOfConstraint[index] else { continue }
        do throws(SolverError) {
          try solver.add(system.constraint(member))
        } catch {
          if case .unsatisfiable(let set) = error { return set.compactMap(\.tag) }
          throw error
        }
      }
      return nil
    }
    let solver = Solver()
    var conflict: [Int]?
    // The solver makes a conflict irreducible by solving again without each member in turn;
    // beyond `minimizationLimit` constraints (no report UIKit prints is near it) that costs
    // too much, and the solver's own explanation, sound but perhaps not minimal, is given.
    explanation.isIrreducible = constraints.count <= minimizationLimit
    do {
      if explanation.isIrreducible {
        conflict = try addAll(solver)
      } else {
        conflict = try solver.probe { try addAll($0) }
      }
    } catch {
      explanation.outcome = .unsolved((error as? SolverError)?.description ?? "\(error)")
      return explanation
    }
    if let brokenIndex { explanation.broken = .listed(brokenIndex, inMinimalSet: false) }
    guard let conflict else {
      explanation.outcome = .consistent
      return explanation
    }
    explanation.outcome = .conflict
    let ordered = conflict.sorted()
    // A superview's link is four rows (x, y, width, height), one member.
    var members: [Member] = []
    for member in ordered.map({ system.forms[$0].origin.member }) where !members.contains(member) {
      members.append(member)
    }
    explanation.members = members
    if let brokenIndex, let member = system.memberOfConstraint[brokenIndex] {
      explanation.broken = .listed(brokenIndex, inMinimalSet: ordered.contains(member))
    }
    explanation.arithmetic = Certificate.arithmetic(system: system, members: ordered, broken: brokenIndex)
    // A right-to-left clash that left to right would not have comes from left and right.
    var onlyRightToLeft = false
    if system.rightToLeft {
      var leftToRight = LinearSystem(constraints: constraints, rightToLeft: false)
      leftToRight.build()
      onlyRightToLeft = (try? satisfiable(leftToRight)) == true
    }
    explanation.causes = causes(of: explanation, constraints: constraints, onlyRightToLeft: onlyRightToLeft)
    return explanation
  }

  /// Whether every required constraint of `system` can hold together.
  static func satisfiable(_ system: LinearSystem) throws(SolverError) -> Bool {
    let solver = Solver()
    for member in system.forms.indices {
      do throws(SolverError) {
        try solver.add(system.constraint(member))
      } catch {
        if case .unsatisfiable = error { return false }
        throw error
      }
    }
    return true
  }

  /// The known patterns among the members.
  static func causes(of explanation: Explanation, constraints: [LogConstraint], onlyRightToLeft: Bool) -> [Cause] {
    let members = explanation.constraintMembers.map { constraints[$0] }
    if onlyRightToLeft {
      let physical: Set<LogAttribute> = [.left, .right, .leftMargin, .rightMargin, .minX, .maxX]
      let fixed = members.first { member in
        physical.contains(member.first.attribute) || member.second.map { physical.contains($0.attribute) } == true
      }
      return [.leftRightInRightToLeft(address: (fixed ?? members.last)?.address ?? "")]
    }
    var causes: [Cause] = []
    var seen: Set<String> = []
    for member in members where member.kind == .autoresizing {
      let view = member.first.item
      guard seen.insert("ar " + view.key).inserted else { continue }
      causes.append(.autoresizingMask(view, mask: member.mask, systemView: view.isPrivateSystemView))
    }
    for member in members {
      let identifier = member.identifier ?? ""
      let horizontal = member.first.attribute.isHorizontal
      let view = member.first.item
      if member.kind == .encapsulated, member.second == nil {
        if member.constant == 0 {
          causes.append(.transientZeroSize(view, horizontal: horizontal))
        } else {
          causes.append(.encapsulatedSize(view, horizontal: horizontal, value: member.constant))
        }
      } else if identifier.hasPrefix("_UITemporaryLayout") {
        causes.append(.transientZeroSize(view, horizontal: horizontal))
      } else if identifier == "UISV-hiding" {
        causes.append(.hiddenArrangedView(view, horizontal: horizontal))
      }
    }
    // Two constant sizes of one view.
    var sizes: [String: (LogItem, Bool, [Double])] = [:]
    var order: [String] = []
    for member in members
    where member.kind == .layout && member.second == nil && member.first.attribute.isSize && member.relation == .equal {
      let key = member.first.item.key + (member.first.attribute == .width ? " w" : " h")
      if sizes[key] == nil { order.append(key) }
      sizes[key, default: (member.first.item, member.first.attribute == .width, [])].2.append(member.constant)
    }
    for key in order {
      guard let (view, horizontal, values) = sizes[key], values.count > 1 else { continue }
      causes.append(.twoSizes(view, horizontal: horizontal, values: values))
    }
    return causes
  }
}

/// Where a row of the linear system comes from.
enum FormOrigin {
  case constraint(Int)
  case nonNegative(LogItem, horizontal: Bool)
  case margin(LogItem, side: MarginSide, value: Double)
  case superview(SuperviewLink)

  var isImplicit: Bool {
    if case .constraint = self { return false }
    return true
  }

  var member: Member {
    switch self {
    case .constraint(let index): .constraint(index)
    case .nonNegative(let item, let horizontal): .nonNegativeSize(item, horizontal: horizontal)
    case .margin(let item, let side, let value): .assumedMargin(item, side: side, value: value)
    case .superview(let link): .inferredSuperview(link)
    }
  }
}

/// A linear form `Σ coefficient × variable + constant` over the system's variables, with a
/// relation to 0 (`==` or `>=`; `<=` is stored negated) and a priority.
struct Form {
  var coefficients: [Int: Double]
  var constant: Double
  var isEquality: Bool
  var priority: Double
  var origin: FormOrigin
}

/// The constraints of one block over variables: each item's x, y, width and height in one
/// coordinate space (multipliers of 1 make the space irrelevant), margins and baselines.
struct LinearSystem {
  let constraints: [LogConstraint]
  var variables: [Variable] = []
  var forms: [Form] = []
  var memberOfConstraint: [Int: Int] = [:]
  private var variableIndex: [String: Int] = [:]
  private var items: [String: LogItem] = [:]
  private var itemOrder: [String] = []
  /// Items some mention of which is a view, not a layout guide.
  private var viewKeys: Set<String> = []
  /// The margins guide of a view, when the log prints the guide.
  private var marginGuides: [String: LogItem] = [:]

  /// A right-to-left layout (`(RTL)` after an entry): leading is the right edge.
  let rightToLeft: Bool

  init(constraints: [LogConstraint], rightToLeft: Bool? = nil) {
    self.constraints = constraints
    self.rightToLeft = rightToLeft ?? constraints.contains { $0.isRightToLeft }
  }

  mutating func build() {
    marginGuides = Self.marginGuides(constraints)
    var rows: [Form] = []
    for (index, constraint) in constraints.enumerated() {
      var form = expression(constraint.first)
      if let second = constraint.second {
        let other = expression(second)
        for (variable, coefficient) in other.coefficients {
          form.coefficients[variable, default: 0] -= constraint.multiplier * coefficient
        }
        form.constant -= constraint.multiplier * other.constant
      }
      form.constant -= constraint.constant
      if constraint.relation == .lessThanOrEqual {
        form.coefficients = form.coefficients.mapValues { -$0 }
        form.constant = -form.constant
      }
      rows.append(
        Form(
          coefficients: form.coefficients.filter { $0.value != 0 }, constant: form.constant,
          isEquality: constraint.relation == .equal, priority: min(constraint.priority, 1000), origin: .constraint(index)))
    }
    // An unnamed superview is the one other entries identify (an inference the set may name).
    let links = SuperviewInference.links(constraints)
    for link in links { note(link.superview) }
    // Sizes of views are never negative in UIKit's engine (guides' may be).
    for key in itemOrder {
      guard let item = items[key], viewKeys.contains(key) else { continue }
      for horizontal in [true, false] {
        let variable = self.variable(key, horizontal ? "w" : "h")
        forms.append(
          Form(
            coefficients: [variable: 1], constant: 0, isEquality: false, priority: 1000,
            origin: .nonNegative(item, horizontal: horizontal)))
      }
    }
    for link in links {
      for part in ["x", "y", "w", "h"] {
        let placeholder = variable(link.placeholder.key, part)
        let superview = variable(link.superview.key, part)
        forms.append(
          Form(
            coefficients: [placeholder: 1, superview: -1], constant: 0, isEquality: true, priority: 1000,
            origin: .superview(link)))
      }
    }
    for row in rows {
      if case .constraint(let index) = row.origin { memberOfConstraint[index] = forms.count }
      forms.append(row)
    }
  }

  /// A `UIViewLayoutMarginsGuide` belongs to the superview its own constraints name: by view key.
  static func marginGuides(_ constraints: [LogConstraint]) -> [String: LogItem] {
    var guides: [String: LogItem] = [:]
    for constraint in constraints {
      for term in [constraint.first] + (constraint.second.map { [$0] } ?? [])
      where term.item.text == "UIViewLayoutMarginsGuide" {
        if let owner = constraint.superview, guides[owner.key] == nil { guides[owner.key] = term.item }
      }
    }
    return guides
  }

  func constraint(_ member: Int) -> CassowarySolver.Constraint {
    let form = forms[member]
    let terms = form.coefficients.sorted { $0.key < $1.key }.map { Term(variables[$0.key], $0.value) }
    return CassowarySolver.Constraint(
      Expression(terms: terms, constant: form.constant), form.isEquality ? .equal : .greaterThanOrEqual,
      priority: form.priority, tag: member)
  }

  private mutating func variable(_ key: String, _ part: String) -> Int {
    let name = key + "." + part
    if let index = variableIndex[name] { return index }
    let index = variables.count
    variables.append(Variable(name))
    variableIndex[name] = index
    return index
  }

  private mutating func note(_ item: LogItem) {
    // A guide only when every mention says so (an address is one object with one class).
    if !item.isLayoutGuide { viewKeys.insert(item.key) }
    if items[item.key] == nil {
      items[item.key] = item
      itemOrder.append(item.key)
    }
  }

  /// A margin of a view the log does not print: its own variable, fixed at UIKit's default by
  /// an assumption that the minimal set may name.
  private mutating func margin(_ item: LogItem, _ side: MarginSide) -> Int {
    let name = item.key + ".margin." + side.rawValue
    if let index = variableIndex[name] { return index }
    let index = variable(item.key, "margin." + side.rawValue)
    // Right to left, the mirror's left side is the view's right side.
    var physical = side
    if rightToLeft, side == .left { physical = .right } else if rightToLeft, side == .right { physical = .left }
    forms.append(
      Form(
        coefficients: [index: 1], constant: -Explainer.defaultMargin, isEquality: true, priority: 1000,
        origin: .margin(item, side: physical, value: Explainer.defaultMargin)))
    return index
  }

  /// An attribute as a linear form (leading is left: logs print left-to-right layouts' constraints).
  private mutating func expression(_ term: LogTerm) -> (coefficients: [Int: Double], constant: Double) {
    let item = term.item
    note(item)
    let key = item.key
    if let guide = marginGuides[key] {
      switch term.attribute {
      case .leftMargin, .leadingMargin: return expression(LogTerm(item: guide, attribute: .left))
      case .rightMargin, .trailingMargin: return expression(LogTerm(item: guide, attribute: .right))
      case .topMargin: return expression(LogTerm(item: guide, attribute: .top))
      case .bottomMargin: return expression(LogTerm(item: guide, attribute: .bottom))
      case .centerXWithinMargins: return expression(LogTerm(item: guide, attribute: .centerX))
      case .centerYWithinMargins: return expression(LogTerm(item: guide, attribute: .centerY))
      default: break
      }
    }
    let x = variable(key, "x")
    let y = variable(key, "y")
    // Right to left, the layout is solved in its mirror image, where leading is the left edge
    // again: `left`, `minX` and the left margin are then the mirror's right side.
    var attribute = term.attribute
    if rightToLeft {
      switch attribute {
      case .left: attribute = .right
      case .right: attribute = .left
      case .minX: attribute = .maxX
      case .maxX: attribute = .minX
      case .leftMargin: attribute = .rightMargin
      case .rightMargin: attribute = .leftMargin
      default: break
      }
    }
    switch attribute {
    case .left, .leading, .minX: return ([x: 1], 0)
    case .right, .trailing, .maxX: return ([x: 1, variable(key, "w"): 1], 0)
    case .centerX, .midX: return ([x: 1, variable(key, "w"): 0.5], 0)
    case .width: return ([variable(key, "w"): 1], 0)
    case .top, .minY: return ([y: 1], 0)
    case .bottom, .maxY: return ([y: 1, variable(key, "h"): 1], 0)
    case .centerY, .midY: return ([y: 1, variable(key, "h"): 0.5], 0)
    case .height: return ([variable(key, "h"): 1], 0)
    case .firstBaseline: return ([variable(key, "firstBaseline"): 1], 0)
    case .lastBaseline, .baseline: return ([variable(key, "lastBaseline"): 1], 0)
    case .leftMargin, .leadingMargin: return ([x: 1, margin(item, .left): 1], 0)
    case .rightMargin, .trailingMargin: return ([x: 1, variable(key, "w"): 1, margin(item, .right): -1], 0)
    case .topMargin: return ([y: 1, margin(item, .top): 1], 0)
    case .bottomMargin: return ([y: 1, variable(key, "h"): 1, margin(item, .bottom): -1], 0)
    case .centerXWithinMargins:
      return ([x: 1, variable(key, "w"): 0.5, margin(item, .left): 0.5, margin(item, .right): -0.5], 0)
    case .centerYWithinMargins:
      return ([y: 1, variable(key, "h"): 0.5, margin(item, .top): 0.5, margin(item, .bottom): -0.5], 0)
    }
  }
}
