/// Diagnostic: ambiguous, content-priority-ambiguity, zero-size
///
/// Views whose frame the constraints do not determine, views that compete for space with
/// equal content priorities, and views that solve to nothing.
import LayoutSyntax

enum AmbiguityCheck {
  /// A solved size within this of 0 is a size of nothing (a `zero-size` finding).
  static let zeroSize = 0.001

  static func findings(_ solver: PlaceSolver, document: LayoutDocument, context: CheckContext) -> [PlacedFinding] {
    let model = solver.model
    var findings: [PlacedFinding] = []
    // The ranges of open sizes a content priority may explain are worked out only for the
    // findings reported as `ambiguous` (`withRanges`): the others quote none.
    let ambiguities = solver.ambiguitiesWithDeferredRanges()
    var explainedByContent = Set<SizedView>()
    let pairs = contentPriorityPairs(ambiguities, solver: solver, model: model)

    for pair in pairs {
      explainedByContent.insert(SizedView(view: pair.first, axis: pair.axis))
      explainedByContent.insert(SizedView(view: pair.second, axis: pair.axis))
      findings.append(contentPriorityFinding(pair, solver: solver, document: document))
    }

    let reported = ambiguities.filter { ambiguity in
      !explainedByContent.contains(SizedView(view: ambiguity.view, axis: ambiguity.axis))
        && model.views[ambiguity.view]?.isGeneratedGuide != true && !isCollapsedArrangedView(ambiguity.view, model: model)
    }.map { solver.withRanges($0) }
    // Only the first place to make a finding works out its fix (merging keeps that one).
    let plans = reported.map { ambiguity -> MissingConstraintsPlan? in
      guard context.isFirst(.ambiguous, key: key(of: ambiguity)) else { return nil }
      return missingConstraintsPlan(ambiguity, solver: solver, document: document)
    }
    let pinnedTogether = pinsAcceptedTogether(plans, places: context.places)
    // Room for every finding at once: grown by doubling, the array held up to half again its
    // findings' size in spare room until the merger had them (a chain of 10,000 views: 30,000
    // findings in room for 32,768; the `leading` chain: 40,000 in 65,536). The sizes that may
    // fall to 0 are counted as the loop below reads them (a few may yet be no finding); the count
    // is only the array's room.
    var zeroAxes = 0
    for case let solved? in solver.allSolvedViews().views where solved.name != LayoutModel.rootName {
      if abs(solved.alignment.width) <= zeroSize { zeroAxes += 1 }
      if abs(solved.alignment.height) <= zeroSize { zeroAxes += 1 }
    }
    findings.reserveCapacity(pairs.count + reported.count + zeroAxes)
    for (index, ambiguity) in reported.enumerated() {
      let fix = plans[index].flatMap { plan in
        missingConstraintsFix(plan, places: context.places, document: document, pinsAccepted: pinnedTogether[index])
      }
      findings.append(ambiguousFinding(ambiguity, solver: solver, fix: fix))
    }

    // Only an undetermined size falls to 0; a view whose position alone is open has the size
    // its constraints give it.
    let undeterminedSizes = Set(ambiguities.filter(\.size).map { SizedView(view: $0.view, axis: $0.axis) })
    // Read only when some view has no size (it is a pass over every constraint).
    var sizedToZeroFound: Set<SizedView>?
    // Likewise, a pass over every conflict's members.
    var collapsingFound: [SizedView: Int]?
    var brokenQuotes: [Int: ConstraintQuote] = [:]
    for case let solved? in solver.allSolvedViews().views
    where abs(solved.alignment.width) <= zeroSize || abs(solved.alignment.height) <= zeroSize {
      let name = solved.name
      guard name != LayoutModel.rootName else { continue }
      // A stack view's layout guide is no view, and a hidden view is not drawn (a stack
      // collapses it on purpose).
      if let node = model.views[name], node.isLayoutGuide || node.isHidden { continue }
      let sizedToZero = sizedToZeroFound ?? sizedToZeroOnPurpose(model)
      sizedToZeroFound = sizedToZero
      for axis in [AttributeAxis.horizontal, .vertical] {
        let size = axis == .horizontal ? solved.alignment.width : solved.alignment.height
        guard abs(size) <= zeroSize, !sizedToZero.contains(SizedView(view: name, axis: axis)),
          !model.isCollapsedStack(name, axis: axis)
        else { continue }
        let cause: ZeroSizeCause
        let collapsing = collapsingFound ?? collapsingConflicts(solver)
        collapsingFound = collapsing
        if let index = collapsing[SizedView(view: name, axis: axis)] {
          // Quoted once a conflict: every view of a long chain may collapse because of one.
          let quote = brokenQuotes[index] ?? Describe.quote(solver.conflicts[index].broken, in: document)
          brokenQuotes[index] = quote
          cause = .brokenConstraint(quote)
        } else {
          cause = undeterminedSizes.contains(SizedView(view: name, axis: axis)) ? .undetermined : .constraints
        }
        findings.append(
          PlacedFinding(
            // The text "\(name)|\(axis)" gives, without interpolating an enum (see `key(of:)`).
            key: name + (axis == .horizontal ? "|horizontal" : "|vertical"),
            diagnostic: Diagnostic(
              code: .zeroSize, severity: .warning,
              finding: .zeroSize(view: name, axis: axis, frame: solved.frame, cause: cause),
              range: Describe.range(of: name, in: model)),
            place: solver.placeReference))
      }
    }
    return findings
  }

  /// Whether the view is a hidden arranged view of a stack: the stack collapses it and it is
  /// not drawn, so where its empty frame sits along the axis is nothing to report.
  private static func isCollapsedArrangedView(_ view: String, model: LayoutModel) -> Bool {
    model.views[view]?.isHidden == true && model.isArranged(view)
  }

  struct SizedView: Hashable {
    var view: String
    var axis: AttributeAxis
  }

  /// The views and axes whose size a required constraint sets to exactly 0, which is a
  /// deliberate collapse: found in one pass over the constraints (not one per view, which
  /// is quadratic when many views have zero size).
  private static func sizedToZeroOnPurpose(_ model: LayoutModel) -> Set<SizedView> {
    var result = Set<SizedView>()
    for constraint in model.constraints.storedChunks.lazy.flatMap(\.constraints)
    where constraint.isRequired && constraint.relation == .equal && constraint.second == nil && constraint.constant == 0
      && constraint.first.guide == nil
    {
      switch constraint.first.attribute {
      case .width: result.insert(SizedView(view: constraint.first.view, axis: .horizontal))
      case .height: result.insert(SizedView(view: constraint.first.view, axis: .vertical))
      default: continue
      }
    }
    return result
  }

  /// For each view and axis, the first conflict whose members include the view's own
  /// `size >= 0` along the axis: its constraints ask for a negative size, and recovery leaves
  /// it at 0. One pass over the conflicts' members (asking per view went over all of them
  /// for every view of zero size: quadratic when one conflict holds a whole row of views).
  static func collapsingConflicts(_ solver: PlaceSolver) -> [SizedView: Int] {
    var result: [SizedView: Int] = [:]
    for (index, conflict) in solver.conflicts.enumerated() {
      for member in conflict.others where member.origin == .implicit {
        let axis: AttributeAxis
        switch member.first.attribute {
        case .width: axis = .horizontal
        case .height: axis = .vertical
        default: continue
        }
        let key = SizedView(view: member.first.view, axis: axis)
        if result[key] == nil { result[key] = index }
      }
    }
    return result
  }

  // MARK: - Ambiguous

  private static func key(of ambiguity: AmbiguityFinding) -> String {
    // The text "\(view)|\(axis)|\(position)|\(size)" would give, without interpolating an enum
    // (which reflects on it: a tenth of a check of a long chain of ambiguous views).
    ambiguity.view + (ambiguity.axis == .horizontal ? "|horizontal|" : "|vertical|")
      + (ambiguity.position ? "true|" : "false|") + (ambiguity.size ? "true" : "false")
  }

  private static func ambiguousFinding(_ ambiguity: AmbiguityFinding, solver: PlaceSolver, fix: Fix?) -> PlacedFinding {
    let model = solver.model
    let finding = Ambiguity(
      view: ambiguity.view, axis: ambiguity.axis, position: ambiguity.position, size: ambiguity.size,
      alternative: ambiguity.alternative,
      positionRange: ambiguity.positionRange, sizeRange: ambiguity.sizeRange)
    return PlacedFinding(
      key: key(of: ambiguity),
      diagnostic: Diagnostic(
        code: .ambiguous, severity: .warning, finding: .ambiguous(finding),
        range: Describe.range(of: ambiguity.view, in: model), fixes: fix.map { [$0] } ?? []),
      place: solver.placeReference)
  }

  /// What "Add missing constraints" would add for one ambiguous view: the pins of its
  /// position and size, and the choices to try in order.
  struct MissingConstraintsPlan {
    var name: String
    var axis: AttributeAxis
    var position: Double
    var size: Double
    var pinPosition: LayoutConstraint
    var pinSize: LayoutConstraint
    var choices: [(position: Bool, size: Bool)]
    /// Whether the statements are written in Visual Format (a `.vfl` file).
    var isVisualFormat: Bool

    /// Whether the first choice pins both the position and the size.
    var pinsBothFirst: Bool { choices.first.map { $0.position && $0.size } ?? false }
  }

  /// Xcode's "Add Missing Constraints": pin what is undetermined to the view's declared
  /// frame, or to where it is now.
  ///
  /// Position and size may be undetermined together yet move as one (a view pinned by its
  /// trailing edge only): pinning both to a declared frame would then conflict. The fix pins
  /// both, else the size alone, else the position alone: the first that, in every place,
  /// holds with every constraint that holds now, and determines the view along the axis
  /// wherever it is ambiguous along it.
  static func missingConstraintsPlan(
    _ ambiguity: AmbiguityFinding, solver: PlaceSolver, document: LayoutDocument
  ) -> MissingConstraintsPlan? {
    let model = solver.model
    guard let node = model.views[ambiguity.view], let superview = node.superview,
      let solved = solver.solvedView(ambiguity.view)
    else { return nil }
    let name = ambiguity.view
    let horizontal = ambiguity.axis == .horizontal
    var frame = node.frame.map { declared in
      // The declared frame is the frame; constraints work on the alignment rectangle.
      Rect(
        x: declared.x + node.alignmentInsets.left, y: declared.y + node.alignmentInsets.top,
        width: declared.width - node.alignmentInsets.left - node.alignmentInsets.right,
        height: declared.height - node.alignmentInsets.top - node.alignmentInsets.bottom)
    } ?? solved.alignment
    // Both are in the superview's bounds; the superview's edges are those of its alignment
    // rectangle, inside its bounds by its insets.
    let superInsets = node.superview.flatMap { model.views[$0]?.alignmentInsets } ?? .zero
    frame.y -= superInsets.top
    if node.frame == nil, solver.place.direction == .rtl, let superview = node.superview,
      let parent = solver.solvedView(superview)
    {
      // Right to left, the leading offset is measured from the superview's right edge.
      frame.x = parent.frame.width - frame.x - frame.width - superInsets.right
    } else {
      frame.x -= superInsets.left
    }
    if node.frame == nil {
      // A size that fell to zero is no size to pin: take the one of the alternative frame.
      if horizontal, ambiguity.size, frame.width <= zeroSize { frame.width = ambiguity.alternative.width }
      if !horizontal, ambiguity.size, frame.height <= zeroSize { frame.height = ambiguity.alternative.height }
    }
    // In the file's first direction; leading is measured from the superview's leading edge.
    let position = horizontal ? frame.x : frame.y
    let size = max(0, horizontal ? frame.width : frame.height)
    let edge: LayoutAttribute = horizontal ? .leading : .top
    let dimension: LayoutAttribute = horizontal ? .width : .height
    let pinPosition = LayoutConstraint(
      first: ConstraintItem(view: name, attribute: edge), relation: .equal,
      second: ConstraintItem(view: superview, attribute: edge), constant: position, origin: .explicit,
      range: SourceRange(at: 0))
    let pinSize = LayoutConstraint(
      first: ConstraintItem(view: name, attribute: dimension), relation: .equal, second: nil, constant: size,
      origin: .explicit, range: SourceRange(at: 0))
    let choices: [(position: Bool, size: Bool)] =
      switch (ambiguity.position, ambiguity.size) {
      case (true, true): [(true, true), (false, true), (true, false)]
      case (true, false): [(true, false)]
      case (false, true): [(false, true)]
      case (false, false): []
      }
    return MissingConstraintsPlan(
      name: name, axis: ambiguity.axis, position: position, size: size, pinPosition: pinPosition,
      pinSize: pinSize, choices: choices, isVisualFormat: model.kind == .vfl)
  }

  /// For each plan whose first choice pins both the position and the size: whether that
  /// choice is known to be accepted in every place without asking for it alone; false where
  /// it is not known (the plan's choices are then tried one by one, as before).
  ///
  /// In each place, a plan whose pins fix the view by themselves (`PlaceSolver.pinsDetermine`;
  /// or whose view is determined there, when only holding matters) is accepted when the
  /// current solution satisfies its pins exactly (`PlaceSolver.holdsNow`: a view pinned where
  /// it is), and the other such plans are asked together, in one probe that adds all their
  /// pins (`PlaceSolver.acceptsTogether`): constraints that hold together hold in any part.
  /// This is the answer of `accepts(_:determining:axis:)` for each plan, where one probe per
  /// view cost, in a cycle of required widths, a rewrite of every row of the cycle.
  static func pinsAcceptedTogether(_ plans: [MissingConstraintsPlan?], places: [PlaceSolver]) -> [Bool] {
    var answers = plans.map { $0?.pinsBothFirst == true }
    // Each place's check asks this of every place: with no plan to answer, reading them all
    // made a file of many canvases quadratic.
    guard answers.contains(true) else { return answers }
    for place in places {
      var asked: [Int] = []
      for index in plans.indices where answers[index] {
        guard let plan = plans[index] else { continue }
        let pins = [plan.pinPosition, plan.pinSize]
        // `pinsDetermine` and `holdsNow`, the pins lowered once for both.
        let isAmbiguous = place.isAmbiguous(plan.name, axis: plan.axis)
        let pinned = place.pinAnswers(pins, view: plan.name, axis: plan.axis, determining: isAmbiguous)
        if isAmbiguous && !pinned.determine {
          answers[index] = false
        } else if !pinned.holdsNow {
          asked.append(index)
        }
      }
      guard !asked.isEmpty else { continue }
      let pins = asked.flatMap { index in plans[index].map { [$0.pinPosition, $0.pinSize] } ?? [] }
      if !place.acceptsTogether(pins) {
        for index in asked { answers[index] = false }
      }
    }
    return answers
  }

  /// The fix of a plan: the first of its choices that every place accepts (`pinsAccepted`:
  /// the first choice is known to be).
  private static func missingConstraintsFix(
    _ plan: MissingConstraintsPlan, places: [PlaceSolver], document: LayoutDocument, pinsAccepted: Bool
  ) -> Fix? {
    let name = plan.name
    let horizontal = plan.axis == .horizontal
    let (position, size) = (plan.position, plan.size)
    let edge: LayoutAttribute = horizontal ? .leading : .top
    let dimension: LayoutAttribute = horizontal ? .width : .height
    guard
      let choice = plan.choices.enumerated().first(where: { offset, choice in
        if offset == 0 && pinsAccepted { return true }
        let added = (choice.position ? [plan.pinPosition] : []) + (choice.size ? [plan.pinSize] : [])
        return places.allSatisfy { place in
          let isAmbiguous = place.isAmbiguous(name, axis: plan.axis)
          if place.acceptsWithoutProbe(pins: added, view: name, axis: plan.axis, determining: isAmbiguous) == true {
            return true
          }
          return place.accepts(
            ConstraintChange(added: added), determining: isAmbiguous ? name : nil, axis: plan.axis)
        }
      })?.element
    else { return nil }
    var statements: [String] = []
    if plan.isVisualFormat {
      let orientation = horizontal ? "H" : "V"
      switch choice {
      case (true, true): statements.append("\(orientation):|-\(vflNumber(position))-[\(name)(\(vflNumber(size)))]")
      case (true, false): statements.append("\(orientation):|-\(vflNumber(position))-[\(name)]")
      default: statements.append("\(orientation):[\(name)(\(vflNumber(size)))]")
      }
    } else {
      if choice.position { statements.append("\(name).\(edge.rawValue) == super.\(edge.rawValue)\(signed(position))") }
      if choice.size { statements.append("\(name).\(dimension.rawValue) == \(formatNumber(size))") }
    }
    let (offset, indent) = insertionPoint(after: name, in: document)
    let text = statements.map { "\n" + indent + $0 }.joined()
    return Fix(
      title: "Add missing constraints for '\(name)' (\(statements.joined(separator: "; ")))",
      edits: [TextEdit(range: SourceRange(at: offset), newText: text)])
  }

  /// A number as VFL writes it: negative numbers in parentheses.
  private static func vflNumber(_ value: Double) -> String {
    value < 0 ? "(\(formatNumber(value)))" : formatNumber(value)
  }

  private static func signed(_ value: Double) -> String {
    if Describe.same(value, 0) { return "" }
    return value < 0 ? " - \(formatNumber(-value))" : " + \(formatNumber(value))"
  }

  /// Where to add statements about a view: after its declaration (after its body, if it
  /// has one), with the declaration's indentation; at the end of a `.vfl` file.
  static func insertionPoint(after view: String, in document: LayoutDocument) -> (offset: Int, indent: String) {
    let bytes = document.bytes
    guard document.kind == .layout, let declaration = document.model.views[view]?.declarationRange else {
      var end = bytes.count
      while end > 0, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      return (end, "")
    }
    var lineStart = declaration.start
    while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
    var indentEnd = lineStart
    while indentEnd < bytes.count, bytes[indentEnd] == UInt8(ascii: " ") || bytes[indentEnd] == UInt8(ascii: "\t") {
      indentEnd += 1
    }
    let indent = String(decoding: bytes[lineStart..<indentEnd], as: UTF8.self)
    // After the rest of the declaration's last line, so a trailing comment stays where it is.
    var end = declaration.end
    while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
    if end > declaration.end, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return (end, indent)
  }

  // MARK: - Content priorities

  struct ContentPair {
    var first: String
    var second: String
    var axis: AttributeAxis
    /// True for hugging (the views are stretched), false for compression resistance.
    var hugging: Bool
    var priority: Double
  }

  /// Pairs of views with intrinsic sizes whose sizes trade against each other in an
  /// alternative solution, with equal priorities on the side that is in play.
  private static func contentPriorityPairs(_ ambiguities: [AmbiguityFinding], solver: PlaceSolver, model: LayoutModel)
    -> [ContentPair]
  {
    var pairs: [ContentPair] = []
    var seen = Set<String>()
    // Each view's first position in the file's order; built at the first pair.
    var knownOrder: [String: Int]?
    func order() -> [String: Int] {
      if let knownOrder { return knownOrder }
      var order: [String: Int] = [:]
      for (index, name) in model.viewOrder.enumerated() where order[name] == nil { order[name] = index }
      knownOrder = order
      return order
    }
    for ambiguity in ambiguities where ambiguity.size {
      guard let node = model.views[ambiguity.view], let intrinsic = intrinsicSize(of: node, ambiguity.axis),
        let current = solver.solvedView(ambiguity.view)
      else { continue }
      let horizontal = ambiguity.axis == .horizontal
      let size = horizontal ? current.alignment.width : current.alignment.height
      for other in solver.sizeTradingPartners(of: ambiguity.view, axis: ambiguity.axis) {
        guard let otherNode = model.views[other], let otherIntrinsic = intrinsicSize(of: otherNode, ambiguity.axis),
          let otherSolved = solver.solvedView(other)
        else { continue }
        let otherSize = horizontal ? otherSolved.alignment.width : otherSolved.alignment.height
        // Both at least their content and one larger: they share spare room (hugging is in
        // play). Both at most their content and one smaller: they share a shortage
        // (compression resistance is).
        let stretched = size >= intrinsic - 0.01 && otherSize >= otherIntrinsic - 0.01
          && (size > intrinsic + 0.01 || otherSize > otherIntrinsic + 0.01)
        let squeezed = size <= intrinsic + 0.01 && otherSize <= otherIntrinsic + 0.01
          && (size < intrinsic - 0.01 || otherSize < otherIntrinsic - 0.01)
        guard stretched || squeezed else { continue }
        let hugging = stretched
        let priority = contentPriority(node, axis: ambiguity.axis, hugging: hugging)
        guard contentPriority(otherNode, axis: ambiguity.axis, hugging: hugging) == priority else { continue }
        let positions = order()
        let ordered = [ambiguity.view, other].sorted { (positions[$0] ?? 0) < (positions[$1] ?? 0) }
        let key = "\(ordered[0])|\(ordered[1])|\(ambiguity.axis)"
        guard !seen.contains(key) else { continue }
        seen.insert(key)
        pairs.append(
          ContentPair(first: ordered[0], second: ordered[1], axis: ambiguity.axis, hugging: hugging, priority: priority))
      }
    }
    return pairs
  }

  private static func intrinsicSize(of node: ViewNode, _ axis: AttributeAxis) -> Double? {
    axis == .horizontal ? node.intrinsicWidth : node.intrinsicHeight
  }

  private static func contentPriority(_ node: ViewNode, axis: AttributeAxis, hugging: Bool) -> Double {
    let pair = hugging ? node.hugging : node.compressionResistance
    return axis == .horizontal ? pair.horizontal : pair.vertical
  }

  private static func contentPriorityFinding(_ pair: ContentPair, solver: PlaceSolver, document: LayoutDocument)
    -> PlacedFinding
  {
    let model = solver.model
    let tie = ContentPriorityTie(
      first: pair.first, second: pair.second, axis: pair.axis,
      priority: pair.hugging ? .hugging : .compressionResistance, value: pair.priority)
    var fixes: [Fix] = []
    if let node = model.views[pair.second], let fix = lowerPriorityFix(node, pair: pair) { fixes.append(fix) }
    return PlacedFinding(
      key: "\(pair.first)|\(pair.second)|\(pair.axis)|\(pair.hugging)",
      diagnostic: Diagnostic(
        code: .contentPriorityAmbiguity, severity: .warning, finding: .contentPriorityTie(tie),
        range: Describe.range(of: pair.second, in: model),
        related: [RelatedInformation(range: Describe.range(of: pair.first, in: model), role: .declarationOfView(pair.first))],
        fixes: fixes),
      place: solver.placeReference)
  }

  /// Xcode's fix: lower one view's priority by one, so that it is the one that gives way.
  private static func lowerPriorityFix(_ node: ViewNode, pair: ContentPair) -> Fix? {
    guard let nameRange = node.nameRange else { return nil }
    let keyword = pair.hugging ? "hug" : "resist"
    let current = pair.hugging ? node.hugging : node.compressionResistance
    var horizontal = current.horizontal
    var vertical = current.vertical
    if pair.axis == .horizontal { horizontal -= 1 } else { vertical -= 1 }
    let text = "\(keyword) \(formatNumber(horizontal))/\(formatNumber(vertical))"
    let edit =
      node.propertyRanges[keyword].map { TextEdit(range: $0, newText: text) }
      ?? TextEdit(range: SourceRange(at: nameRange.end), newText: " " + text)
    let axisWord = pair.axis == .horizontal ? "horizontal" : "vertical"
    let what = pair.hugging ? "hugging" : "compression resistance"
    return Fix(
      title: "Decrease \(axisWord) \(what) of '\(node.name)' from \(formatNumber(pair.priority)) to \(formatNumber(pair.priority - 1))",
      edits: [edit], isPreferred: true)
  }
}

extension LayoutModel {
  /// Whether a stack view arranges `view` (its superview's arranged views hold it).
  public func isArranged(_ view: String) -> Bool {
    guard let superview = views[view]?.superview else { return false }
    return views[superview]?.stack?.arranged.contains(view) == true
  }

  /// Whether `view` is a stack view that another stack view arranges.
  public func isArrangedStack(_ view: String) -> Bool {
    views[view]?.stack != nil && isArranged(view)
  }

  /// Whether a stack view whose arranged views are all hidden collapses along its axis, as
  /// UIKit collapses it on purpose: its size along it is 0, whatever frames the hidden views keep.
  public func isCollapsedStack(_ view: String, axis: AttributeAxis) -> Bool {
    guard let stack = views[view]?.stack, stack.axis == axis, !stack.arranged.isEmpty else { return false }
    return stack.arranged.allSatisfy { views[$0]?.isHidden == true }
  }
}
