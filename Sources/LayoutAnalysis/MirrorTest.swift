import CassowarySolver
import LayoutSyntax

/// Whether the right-to-left place of a canvas solves the same system as its left-to-right
/// twin, decided from the lowered model without solving the right-to-left place: the part of
/// `PlaceSolver.mirrors` that compares the two places' solver constraints, kept per
/// constraint and per view so that an edit can decide again only what it changed.
///
/// Each constraint is lowered in both directions over the same variables (the right-to-left
/// system shares the left-to-right one's, `LayoutSystem.with(model:place:)`) and compared term
/// by term, exactly as `mirrors` compares the solved places' constraints by slot; a constraint
/// that reads `left`, `right` or an absolute centre, a safe-area edge or margin that differs
/// left and right, insets of the views above that differ, or a multiplier whose container's
/// origin is measured from the other edge lowers otherwise and does not mirror. What
/// `mirrors` also compares of the solved places (the conflicts, the broken entries, a
/// failure, the solution) follows from the same constraints added in the same order, the
/// root's left-edge pin aside, which is allowed to differ as `mirrors` allows it: once, in a
/// variable no other constraint moves (`MirroredPlaceTests.testTheModelTestNeverSaysMirrorsWrongly`
/// checks this implication on seeded layouts).
///
/// The checks that compare a declared frame (`misplaced`) run on the first place only, which
/// a right-to-left twin never is, so a declared frame does not change the verdict.
struct MirrorTest {
  /// What one constraint's two lowerings are to each other.
  enum Verdict: Equatable {
    /// The same solver constraint (or none, an item being unknown, in both); `movesRootX`
    /// when its coefficients on the root's `x` do not cancel.
    case same(movesRootX: Bool)
    /// A required equality of the root's `x` (and width) alone in both, differing: the
    /// engine's pin of the root's left edge.
    case rootPin
    /// Anything else: the place does not mirror while the constraint is there.
    case differs
  }

  /// The verdicts of a list of constraints, counted: what an edit updates by taking away
  /// the verdicts of the constraints it removed and adding those of the constraints it added.
  struct Tally: Equatable {
    var differing = 0
    var rootPins = 0
    var movingRootX = 0

    mutating func add(_ verdict: Verdict, count: Int = 1) {
      switch verdict {
      case .same(let movesRootX): if movesRootX { movingRootX += count }
      case .rootPin: rootPins += count
      case .differs: differing += count
      }
    }

    mutating func remove(_ verdict: Verdict) { add(verdict, count: -1) }

    /// Whether the constraints counted let the place mirror (as `mirrors` allows: one root
    /// pin, and then no other constraint on the root's `x`).
    var mirrors: Bool { differing == 0 && rootPins <= 1 && !(rootPins == 1 && movingRootX > 0) }
  }

  let left: LayoutSystem
  let right: LayoutSystem
  private let rootX: ObjectIdentifier?
  private let rootWidth: ObjectIdentifier?

  /// The test for `model` laid out on `canvas`.
  init(model: LayoutModel, canvas: Canvas) {
    self.init(left: LayoutSystem(model: model, place: LayoutPlace(canvas: canvas, direction: .ltr)))
  }

  /// The test over a left-to-right system (its model and canvas), whose variables the
  /// right-to-left lowering shares.
  init(left: LayoutSystem) {
    self.left = left
    right = left.with(model: left.model, place: LayoutPlace(canvas: left.place.canvas, direction: .rtl))
    let root = left.variables(of: LayoutModel.rootName)
    rootX = root.map { ObjectIdentifier($0.x) }
    rootWidth = root.map { ObjectIdentifier($0.width) }
  }

  /// What `constraint` lowers to in the two directions.
  func verdict(_ constraint: LayoutConstraint) -> Verdict {
    MirrorTest.independentOfDirection(constraint) ? .same(movesRootX: false) : loweredVerdict(constraint)
  }

  /// Whether a constraint lowers alike in both directions without being lowered: every
  /// attribute it names is vertical or a size. Such a constraint reads no horizontal position
  /// (the direction changes only how `x` and the horizontal edges are measured: a view's width,
  /// of its margins or safe-area guide too, is its width less the sum of its two insets either
  /// way, and IEEE addition is commutative), is measured in its container along the vertical
  /// axis or not at all, and has no term on the root's `x`. (Tests compare it with
  /// `loweredVerdict` on every constraint they make.)
  static func independentOfDirection(_ constraint: LayoutConstraint) -> Bool {
    func neutral(_ attribute: LayoutAttribute) -> Bool { attribute.isSize || attribute.axis == .vertical }
    return neutral(constraint.first.attribute) && (constraint.second.map { neutral($0.attribute) } ?? true)
  }

  /// What `constraint` lowers to in the two directions, lowered in both.
  func loweredVerdict(_ constraint: LayoutConstraint) -> Verdict {
    let a = left.solverConstraint(constraint, tag: 0)
    let b = right.solverConstraint(constraint, tag: 0)
    guard let a, let b else { return a == nil && b == nil ? .same(movesRootX: false) : .differs }
    if Self.same(a, b) {
      var onRootX = 0.0
      for term in a.terms where ObjectIdentifier(term.variable) == rootX { onRootX += term.coefficient }
      return .same(movesRootX: onRootX != 0)
    }
    return pinsRootX(a) && pinsRootX(b) ? .rootPin : .differs
  }

  /// The same relation, priority, constant and terms (the same variables, in the same order,
  /// with the same coefficients), as `mirrors` compares them.
  private static func same(_ a: Constraint, _ b: Constraint) -> Bool {
    guard a.relation == b.relation, a.priority == b.priority, a.constant == b.constant,
      a.terms.count == b.terms.count
    else { return false }
    for (s, t) in zip(a.terms, b.terms)
    where s.coefficient != t.coefficient || s.variable !== t.variable {
      return false
    }
    return true
  }

  /// A required equality over the root's `x` and width only, with the root's `x` in it.
  private func pinsRootX(_ constraint: Constraint) -> Bool {
    guard constraint.relation == .equal, constraint.priority >= Priority.required else { return false }
    var onX = 0.0
    for term in constraint.terms {
      let id = ObjectIdentifier(term.variable)
      guard id == rootX || id == rootWidth else { return false }
      if id == rootX { onX += term.coefficient }
    }
    return onX != 0 && onX.isFinite
  }

  /// Whether the views let the place mirror, whatever the constraints: every view's alignment
  /// insets the same on the left and the right, and each view's leading edge pinned to its
  /// superview's (what "Add missing constraints" adds along the axis a direction can change)
  /// lowering alike.
  func viewsMirror() -> Bool {
    hasRoot && !left.orderedNames.indices.contains { viewDiffers(at: $0) }
  }

  /// Whether the system has a root view (without one, the place does not mirror).
  var hasRoot: Bool { rootX != nil }

  /// How many views keep the place from mirroring (`viewDiffers(at:)`).
  func differingViews() -> Int {
    left.orderedNames.indices.reduce(0) { $0 + (viewDiffers(at: $1) ? 1 : 0) }
  }

  /// Whether the view at `index` (of the systems' order) keeps the place from mirroring:
  /// its alignment insets differ left and right, or its leading pin to its superview lowers
  /// otherwise.
  func viewDiffers(at index: Int) -> Bool {
    guard index >= 0, index < left.orderedInsets.count, index < left.superviewIndex.count else { return false }
    let insets = left.orderedInsets[index]
    if insets.left != insets.right { return true }
    let parent = left.superviewIndex[index]
    guard parent >= 0, parent < left.orderedNames.count else { return false }
    return verdict(MirrorTest.leadingPin(left.orderedNames[index], to: left.orderedNames[parent]))
      != .same(movesRootX: false)
  }

  /// A view's leading edge pinned to its superview's, as "Add missing constraints" pins it
  /// along the axis a direction can change (the constant is any other than 0).
  static func leadingPin(_ view: String, to superview: String) -> LayoutConstraint {
    LayoutConstraint(
      first: ConstraintItem(view: view, attribute: .leading), relation: .equal,
      second: ConstraintItem(view: superview, attribute: .leading), constant: 1, origin: .explicit,
      range: SourceRange(at: 0))
  }

  /// The verdicts of the engine's constraints (`engine`) and the file's (`constraints`).
  func tally(engine: [LayoutConstraint], constraints: ConstraintList) -> Tally {
    var tally = Tally()
    for constraint in engine {
      // A root pin the file writes would be a second one; the engine's is its one.
      tally.add(verdict(constraint))
    }
    for chunk in constraints.storedChunks {
      for constraint in chunk.constraints { tally.add(fileVerdict(constraint)) }
    }
    return tally
  }

  /// The verdict of one of the file's constraints: a pin of the root's `x` that differs is
  /// counted as differing (only the engine's pin is allowed to, and it is never broken).
  func fileVerdict(_ constraint: LayoutConstraint) -> Verdict {
    let found = verdict(constraint)
    return found == .rootPin ? .differs : found
  }

  /// Whether the right-to-left place of `canvas` mirrors its left-to-right twin, both laid
  /// out from `model`, decided without solving it (the twin must have been solved without a
  /// failure: `mirrors` asks it of both).
  static func mirrors(model: LayoutModel, canvas: Canvas) -> Bool {
    let test = MirrorTest(model: model, canvas: canvas)
    return test.viewsMirror()
      && test.tally(engine: model.implicitConstraints(for: canvas), constraints: model.constraints).mirrors
  }
}

extension LayoutDocument {
  /// For each canvas, in order, whether its right-to-left place mirrors its left-to-right
  /// twin, as `MirrorTest` decides it from the canvas's model without solving either place.
  /// The twin must also solve without a failure (`PlaceSolver.failure`), which only solving it
  /// tells. For measurements (`plumb-bench mirror`).
  public func rightToLeftMirrorsWithoutSolving() -> [(canvas: Canvas, mirrors: Bool)] {
    let canvases = model.effectiveCanvases
    let models = models(for: canvases.map { LayoutPlace(canvas: $0, direction: .rtl) })
    return zip(canvases, models).map { ($0, MirrorTest.mirrors(model: $1, canvas: $0)) }
  }
}

/// Whether each canvas's right-to-left place mirrors its left-to-right twin (`MirrorTest`),
/// kept through a document's edits, as a live layout would keep it: an edit of constraints,
/// or of view declarations (`relaidViews`; no `when` block), takes away the verdicts of the
/// constraints it replaced and adds those of the constraints that replaced them, and those of
/// the views it declared with other insets or margins and of the constraints that name them it
/// takes again; any other edit decides every canvas again. The verdicts counted are those of
/// the current constraints either way. Canvases are told apart by what their places are laid
/// out by (`CanvasKey`), not where they are declared, so an edit above a canvas keeps them.
/// Used by one thread at a time (a live layout's update runs it beside its places).
final class MirrorDecisions: @unchecked Sendable {
  private struct Kept {
    var test: MirrorTest
    /// The views that keep the place from mirroring (`MirrorTest.viewDiffers(at:)`).
    var differingViews: Int
    var tally: MirrorTest.Tally
    var mirrors: Bool { test.hasRoot && differingViews == 0 && tally.mirrors }
  }

  /// The decisions by canvas, kept through edits that move a canvas's declaration.
  private var kept: [CanvasKey: Kept] = [:]
  private var canvases: [CanvasKey] = []
  private var model: LayoutModel?
  private var declarations: DeclarationsIdentity?
  private var revision: DocumentRevision?
  /// How the last update decided: the constraints whose verdicts it read (for tests).
  private(set) var lastVerdicts = 0
  /// Whether the last update kept the tallies and read only the constraints an edit changed.
  private(set) var lastWasIncremental = false
  /// The views the last update read again as declared with other insets or margins.
  private(set) var lastRelaidViews = 0

  /// Brings the decisions up to date with `document`; for each canvas, in order, whether its
  /// right-to-left place mirrors its twin.
  @discardableResult
  func update(_ document: LayoutDocument) -> [(canvas: Canvas, mirrors: Bool)] {
    let newModel = document.model
    let newCanvases = newModel.effectiveCanvases
    let newKeys = newCanvases.map(CanvasKey.init)
    lastVerdicts = 0
    lastRelaidViews = 0
    // The canvases compared by what their places are laid out by: an edit above a canvas's
    // declaration moves it, and changes nothing the decisions read.
    if let oldModel = model, !newModel.hasSizeClassConditions, newKeys == canvases,
      let relaid = MirrorDecisions.relaidViews(document, over: declarations, from: oldModel)
    {
      var changed: (old: Range<Int>, new: Range<Int>)?
      if document.revision === revision {
        changed = (0..<0, 0..<0)
      } else if let edit = document.constraintEdit, edit.basedOn === revision {
        changed = (edit.old, edit.new)
      }
      if let changed, changed.old.upperBound <= oldModel.constraints.count,
        changed.new.upperBound <= newModel.constraints.count
      {
        // The constraints the edit kept that name a view laid out otherwise: their lowering
        // reads its insets or margins.
        let names = Set(relaid)
        var reading: [Int] = []
        if !names.isEmpty {
          for position in 0..<newModel.constraints.count where !changed.new.contains(position) {
            let constraint = newModel.constraints[position]
            if names.contains(constraint.first.view) || constraint.second.map({ names.contains($0.view) }) == true {
              reading.append(position)
            }
          }
        }
        for (canvas, key) in zip(newCanvases, newKeys) {
          guard var entry = kept[key] else { continue }
          // The same views (but for the insets of those laid out otherwise): the systems carry
          // on over the new model, in the canvas as now declared (the same but for its range).
          // What the edit took away is judged over the old one.
          let old = entry.test
          let place = LayoutPlace(canvas: canvas, direction: .ltr)
          entry.test = MirrorTest(left: old.left.with(model: newModel, place: place, insetsOf: relaid))
          for position in changed.old { entry.tally.remove(old.fileVerdict(oldModel.constraints[position])) }
          for position in changed.new { entry.tally.add(entry.test.fileVerdict(newModel.constraints[position])) }
          for position in reading {
            let constraint = newModel.constraints[position]
            entry.tally.remove(old.fileVerdict(constraint))
            entry.tally.add(entry.test.fileVerdict(constraint))
          }
          for name in relaid {
            guard let index = old.left.indexOfView[name] else { continue }
            if old.viewDiffers(at: index) { entry.differingViews -= 1 }
            if entry.test.viewDiffers(at: index) { entry.differingViews += 1 }
          }
          lastVerdicts += changed.old.count + changed.new.count + 2 * (reading.count + relaid.count)
          kept[key] = entry
        }
        lastRelaidViews = relaid.count
        lastWasIncremental = true
        return remember(document, canvases: newCanvases)
      }
    }
    lastWasIncremental = false
    kept = [:]
    let models = document.models(for: newCanvases.map { LayoutPlace(canvas: $0, direction: .rtl) })
    for (canvas, canvasModel) in zip(newCanvases, models) where kept[CanvasKey(canvas)] == nil {
      let test = MirrorTest(model: canvasModel, canvas: canvas)
      let engine = canvasModel.implicitConstraints(for: canvas)
      kept[CanvasKey(canvas)] = Kept(
        test: test, differingViews: test.differingViews(),
        tally: test.tally(engine: engine, constraints: canvasModel.constraints))
      lastVerdicts += engine.count + canvasModel.constraints.count
    }
    canvases = newKeys
    return remember(document, canvases: newCanvases)
  }

  /// How the views of `document` lower against `oldModel`, whose declarations are
  /// `declarations`: nil when every canvas must be decided again; otherwise the views declared
  /// again whose lowering changed, none for the same declarations. A view declared again (same
  /// name, kind and superview, no body: `DeclarationEdit`) that is laid out alike
  /// (`PlaceSolver.viewLaidOutAlike`: the same superview, insets, margins, baselines, guide and
  /// stack axis; an intrinsic size or a frame changed) reaches the decision only through the
  /// constraints it lowers to, which the document's constraint edit replaces: the engine's
  /// constraints, every other constraint's lowering and each view's leading pin stay the same.
  /// One laid out otherwise (other insets, margins or baselines) counts when it has no
  /// subviews and is neither a guide nor a stack, before and after: then only its own verdict
  /// (`MirrorTest.viewDiffers(at:)`) and those of the constraints that name it read what
  /// changed (its engine constraints are its sizes, which lower alike in both directions).
  static func relaidViews(
    _ document: LayoutDocument, over declarations: DeclarationsIdentity?, from oldModel: LayoutModel
  ) -> [String]? {
    guard let declarations else { return nil }
    if document.declarations === declarations { return [] }
    guard let edit = document.declarationEdit, edit.basedOn === declarations else { return nil }
    var relaid: [String] = []
    for name in edit.names where !PlaceSolver.viewLaidOutAlike(name, oldModel, document.model) {
      guard let old = oldModel.views[name], let new = document.model.views[name], old.superview == new.superview,
        old.subviews.isEmpty, new.subviews.isEmpty, old.layoutGuide == nil, new.layoutGuide == nil,
        old.stack == nil, new.stack == nil
      else { return nil }
      if !relaid.contains(name) { relaid.append(name) }
    }
    return relaid
  }

  /// Remembers `document` as the one decided; for each of its canvases, whether it mirrors.
  private func remember(_ document: LayoutDocument, canvases: [Canvas]) -> [(canvas: Canvas, mirrors: Bool)] {
    model = document.model
    declarations = document.declarations
    revision = document.revision
    return canvases.map { ($0, kept[CanvasKey($0)]?.mirrors ?? false) }
  }
}

extension PlaceSolver {
  /// Every view's geometry in `mirrored`, a right-to-left place that mirrors this left-to-right
  /// one (`MirrorTest`), read from this place's solution: the two solve the same system, so
  /// every variable has the same value, and each view's alignment rectangle is measured from
  /// the other edge of its superview's bounds (x ↦ bounds width − x − width; in root
  /// coordinates, canvas width − x − width), as the right-to-left place reads its own
  /// (`readAllViews`), with the same arithmetic on the same numbers.
  func mirroredViews(in mirrored: LayoutPlace) -> [SolvedView?] {
    let views = allSolvedViews().views
    return views.indices.map { mirroredView(at: $0, in: mirrored, views: views) }
  }

  /// The view `name` in `mirrored`, as `mirroredViews` reads it (without the others).
  func mirroredView(_ name: String, in mirrored: LayoutPlace) -> SolvedView? {
    guard let index = system.indexOfView[name] else { return nil }
    return mirroredView(at: index, in: mirrored, views: allSolvedViews().views)
  }

  /// The view at `index` of `views` (this place's) in `mirrored`.
  private func mirroredView(at index: Int, in mirrored: LayoutPlace, views: [SolvedView?]) -> SolvedView? {
    let parents = system.superviewIndex
    let insets = system.orderedInsets
    let count = min(views.count, insets.count, parents.count)
    guard index < count, let view = views[index] else { return nil }
    let rect = view.alignment
    let parent = parents[index]
    let boundsWidth =
      parent >= 0 && parent < count
      ? (views[parent]?.alignment.width ?? 0) + insets[parent].left + insets[parent].right : mirrored.canvas.width
    let alignment = Rect(x: boundsWidth - rect.x - rect.width, y: rect.y, width: rect.width, height: rect.height)
    let absolute = view.absoluteAlignment
    return SolvedView(
      name: view.name, superview: view.superview, frame: PlaceSolver.frame(of: alignment, insets: insets[index]),
      alignment: alignment,
      absoluteAlignment: Rect(
        x: mirrored.canvas.width - absolute.x - rect.width, y: absolute.y, width: rect.width, height: absolute.height))
  }
}
