import Foundation
import LayoutSyntax

/// A layout that follows a document through its edits, for the language server: each
/// place keeps its solver, and an edit only removes and adds the constraints it changed.
///
/// A right-to-left place that mirrors its left-to-right twin (`MirrorDecisions`, decided from
/// the lowered model and kept through edits) holds no solver while it mirrors and its twin
/// solves without a failure: its findings are made from the twin's (`SolvedLayout.init(document:store:derived:)`),
/// and it is solved from its model only when read. An edit that makes it stop mirroring
/// solves it then, once; one that makes it mirror again lets it go.
public final class LiveLayout {
  /// What identifies a place across edits: its canvas's key (not where it is declared) and
  /// its direction.
  private struct PlaceKey: Hashable {
    var canvas: CanvasKey
    var direction: LayoutDirection

    init(_ place: LayoutPlace) {
      canvas = CanvasKey(place.canvas)
      direction = place.direction
    }
  }

  private var solvers: [PlaceKey: PlaceSolver] = [:]
  /// Whether each canvas's right-to-left place mirrors its twin, kept through edits.
  private var mirrorDecisions = MirrorDecisions()
  /// The view signatures' ids, shared by every place.
  private let signatures = SignatureTable()
  /// The declarations and the version of the document the solvers hold.
  private var declarations: DeclarationsIdentity?
  private var revision: DocumentRevision?

  public init() {}

  /// Brings every place up to date with `document` and returns its findings. The layout is
  /// solved even when the text has errors, so that frames stay available; the findings
  /// follow the same rules as `SolvedLayout`.
  public func update(_ document: LayoutDocument) -> SolvedLayout {
    // What changed since the version the solvers hold, when the document knows.
    var changed: (old: Range<Int>, new: Range<Int>)?
    if document.revision === revision {
      changed = (0..<0, 0..<0)
    } else if let edit = document.constraintEdit, edit.basedOn === revision {
      changed = (edit.old, edit.new)
    }
    let places = SolvedLayout.places(of: document.model)
    // With `when` blocks, a place's model leaves out what its canvas does not install, so
    // the document's constraint positions do not apply to it: the place compares itself.
    let conditional = document.model.hasSizeClassConditions
    let sameDeclarations = !conditional && declarations === document.declarations
    // Views declared again over the declarations the solvers hold: only they are compared.
    var redeclared: [String]?
    if !conditional, !sameDeclarations, let edit = document.declarationEdit, edit.basedOn === declarations {
      redeclared = edit.names
    }
    // The places of one canvas (both directions) share the engine's constraints of its model.
    var shareOfCanvas: [Canvas: CanvasShare] = [:]
    var shares: [CanvasShare?] = []
    let placesOfCanvas = LayoutPlace.count(byCanvas: places)
    for place in places {
      if let shared = shareOfCanvas[place.canvas] {
        shares.append(shared)
      } else if placesOfCanvas[place.canvas, default: 0] > 1 {
        let shared = CanvasShare()
        shareOfCanvas[place.canvas] = shared
        shares.append(shared)
      } else {
        shares.append(nil)
      }
    }
    let models = document.models(for: places)
    let decides = document.model.directions == .both
    // Nothing to decide: what the decisions keep (the canvases' systems) goes.
    if !decides { mirrorDecisions = MirrorDecisions() }
    // The twin of each right-to-left place (by position): the left-to-right place of its canvas.
    var twinOf: [Int: Int] = [:]
    if decides {
      for (index, place) in places.enumerated() where place.direction == .rtl {
        if let twin = places.firstIndex(where: { $0.canvas == place.canvas && $0.direction == .ltr }), twin < index {
          twinOf[index] = twin
        }
      }
    }
    let existing = places.map { solvers[PlaceKey($0)] }
    let work = PlaceWork(
      models: models, places: places, existing: existing,
      shares: shares, signatures: signatures, sameDeclarations: sameDeclarations, redeclared: redeclared,
      changed: conditional ? nil : changed)
    // Places share nothing but the (immutable) model: each is brought up to date on its own
    // core, with the caches the checks read warmed there, while the mirror decisions are
    // brought up to date on another. A right-to-left place with a twin that holds no solver
    // (it mirrored, or it is new) waits for them.
    let first = places.indices.filter { twinOf[$0] == nil || existing[$0] != nil }
    let slots = ResultSlots<PlaceSolver>(count: places.count)
    let decided = ResultSlots<[(canvas: Canvas, mirrors: Bool)]>(count: 1)
    let decisions = mirrorDecisions
    let jobs = first.count + (decides ? 1 : 0)
    @Sendable func run(_ job: Int) {
      if job < first.count {
        slots.set(first[job], work.run(first[job]))
      } else {
        decided.set(0, decisions.update(document))
      }
    }
    if jobs > 1 {
      DispatchQueue.concurrentPerform(iterations: jobs) { run($0) }
    } else {
      for job in 0..<jobs { run(job) }
    }
    // The right-to-left places that mirror their twins (by position, with the twin's): let go.
    // Not where its findings cannot be made from its twin's: the numbers are such, or the twin
    // gave up or has frames that are not all finite.
    var mirrored: [Int: Int] = [:]
    var numbers: NumericRangeCheck.Numbers?
    if decides {
      let mirroring = Set((decided.value(at: 0) ?? []).filter(\.mirrors).map(\.canvas))
      let known = NumericRangeCheck.Numbers(document.model)
      numbers = known
      for (index, twin) in twinOf where mirroring.contains(places[index].canvas) {
        if let solver = slots.value(at: twin), SolvedLayout.mayDeriveFindings(from: solver, numbers: known) {
          mirrored[index] = twin
        }
      }
    }
    // The places that do not mirror and were not brought up to date (new, or no longer
    // mirroring): solved now.
    let rest = places.indices.filter { mirrored[$0] == nil && slots.value(at: $0) == nil }
    if rest.count > 1 {
      DispatchQueue.concurrentPerform(iterations: rest.count) { slots.set(rest[$0], work.run(rest[$0])) }
    } else {
      for index in rest { slots.set(index, work.run(index)) }
    }
    var next: [PlaceKey: PlaceSolver] = [:]
    var held: [(solver: PlaceSolver?, model: LayoutModel, engine: [LayoutConstraint]?)] = []
    for index in places.indices {
      // A place held that now mirrors is let go.
      let solver = mirrored[index] == nil ? slots.value(at: index) : nil
      if let solver { next[PlaceKey(solver.place)] = solver }
      // A place let go is solved, when read, with its twin's engine constraints (the canvas's).
      let engine = mirrored[index].flatMap { slots.value(at: $0)?.engineConstraintsIfComputed }
      held.append((solver, models[index], engine))
    }
    solvers = next
    self.places = places
    self.held = held
    self.mirrored = mirrored
    lastDocument = document.diagnostics.contains { $0.severity == .error } ? nil : document
    declarations = document.declarations
    revision = document.revision
    return SolvedLayout(
      document: document, store: PlaceStore(places: places, held: held), derived: mirrored, numbers: numbers)
  }

  /// The places of the last update, in order, each with its solver (nil for a mirrored place
  /// let go), model and engine constraints, the mirrored places with their twins, and the
  /// document while its findings are shown (the text has no error).
  private var places: [LayoutPlace] = []
  private var held: [(solver: PlaceSolver?, model: LayoutModel, engine: [LayoutConstraint]?)] = []
  private var mirrored: [Int: Int] = [:]
  private var lastDocument: LayoutDocument?

  /// Whether the place at `index` of the last update holds a solver (false for a right-to-left
  /// place that mirrors its twin, let go).
  public func holdsSolver(at index: Int) -> Bool { held.indices.contains(index) && held[index].solver != nil }

  /// Whether the last update may rest on another solution than a fresh solve of the same text
  /// would: a place updated in place whose layout is not unique (some view is ambiguous).
  /// Findings quote the solution (frames, what is offscreen), so `settle()` solves such places
  /// again in file order, as `plumb check` does.
  public var needsSettling: Bool {
    lastDocument != nil && held.contains { $0.solver.map { !$0.lastUpdate.rebuilt && !$0.ambiguities().isEmpty } ?? false }
  }

  /// Solves the places of the last update whose solution is not unique again in file order,
  /// and returns the layout's findings then; nil when nothing needed it.
  public func settle() -> SolvedLayout? {
    guard let document = lastDocument, needsSettling else { return nil }
    for case let solver? in held.map(\.solver) where !solver.lastUpdate.rebuilt && !solver.ambiguities().isEmpty {
      solver.solveAgain()
    }
    return SolvedLayout(document: document, store: PlaceStore(places: places, held: held), derived: mirrored)
  }
}

/// What identifies a canvas across edits: everything its places are laid out by, not where
/// it is declared (`Canvas.range`), so that an edit that only moves the canvas's declaration
/// (in the text above it) keeps its places and their decisions.
struct CanvasKey: Hashable {
  /// The canvas with no range: every other property of it, including any added later, counts.
  private let canvas: Canvas

  init(_ canvas: Canvas) {
    var placeless = canvas
    placeless.range = nil
    self.canvas = placeless
  }
}

/// One update of a live layout's places, run place by place on any thread: each place's
/// solver is touched by one worker only, and the model is only read.
private final class PlaceWork: @unchecked Sendable {
  let models: [LayoutModel]
  let places: [LayoutPlace]
  let existing: [PlaceSolver?]
  /// What the places of each canvas share (nil for a canvas of one place).
  let shares: [CanvasShare?]
  let signatures: SignatureTable
  let sameDeclarations: Bool
  let redeclared: [String]?
  let changed: (old: Range<Int>, new: Range<Int>)?

  init(
    models: [LayoutModel], places: [LayoutPlace], existing: [PlaceSolver?], shares: [CanvasShare?],
    signatures: SignatureTable,
    sameDeclarations: Bool, redeclared: [String]?, changed: (old: Range<Int>, new: Range<Int>)?
  ) {
    self.models = models
    self.places = places
    self.existing = existing
    self.shares = shares
    self.signatures = signatures
    self.sameDeclarations = sameDeclarations
    self.redeclared = redeclared
    self.changed = changed
  }

  /// The place at `index`, brought up to date (or solved, when it is new).
  func run(_ index: Int) -> PlaceSolver {
    let solver: PlaceSolver
    if let current = existing[index] {
      current.update(
        model: models[index], place: places[index], sameDeclarations: sameDeclarations, redeclaredViews: redeclared,
        changedConstraints: changed, share: shares[index])
      solver = current
    } else {
      solver = PlaceSolver(
        model: models[index], place: places[index], followsUpdates: true, share: shares[index],
        signatures: signatures)
    }
    _ = solver.ambiguities()
    _ = solver.allSolvedViews()
    return solver
  }
}

/// What the places of one canvas share for one model, when a live layout updates them
/// together: the engine's constraints and the views' signatures, computed by the first place
/// that needs them and then read by the others. Neither depends on the direction, so the two
/// places of a canvas keep one engine array (216 bytes a constraint; 20,000 constraints at
/// 10,000 views) and one map of signatures instead of one each, and compute them once. The
/// places may ask from different threads.
final class CanvasShare: @unchecked Sendable {
  private let lock = NSLock()
  private var engine: [LayoutConstraint]?
  private var signatures: [String: Int32]?

  /// The engine's constraints, built by `build` if no place has built them yet.
  func engineConstraints(_ build: () -> [LayoutConstraint]) -> [LayoutConstraint] {
    shared(\.engine, build)
  }

  /// The signature id of every view, computed by `compute` if no place has computed them yet.
  func viewSignatures(_ compute: () -> [String: Int32]) -> [String: Int32] {
    shared(\.signatures, compute)
  }

  /// The value in `slot`, made by `make` under the lock by the first place that asks.
  private func shared<Value>(_ slot: ReferenceWritableKeyPath<CanvasShare, Value?>, _ make: () -> Value) -> Value {
    lock.lock()
    defer { lock.unlock() }
    if let value = self[keyPath: slot] { return value }
    let made = make()
    self[keyPath: slot] = made
    return made
  }
}

/// The ids of view signatures (what `PlaceSolver.update` matches constraints by, with their
/// attributes and numbers) and of superview chains: each new signature or chain gets the next
/// id, and ids are never taken back, so equal signatures have equal ids for as long as the
/// table lives, whichever model or place asked first. The places of a live layout share one
/// table (at 10,000 views, about 2 MB that each place kept a copy of); a place solved on its
/// own has its own. The places may ask from different threads.
final class SignatureTable: @unchecked Sendable {
  private let lock = NSLock()
  /// Ids of every view signature seen so far.
  private var signatureIDs: [ConstraintKey.ViewSignature: Int32] = [:]
  /// The id of each superview chain seen (see `ConstraintKey.ChainLink`).
  private var chainIDs: [ConstraintKey.ChainLink: Int32] = [:]

  /// The signature id of every view of `model`, adding the signatures and chains not seen yet.
  func signatures(of model: LayoutModel) -> [String: Int32] {
    lock.lock()
    defer { lock.unlock() }
    var viewSignatureIDs: [String: Int32] = [:]
    viewSignatureIDs.reserveCapacity(model.viewOrder.count)
    var chain: [(String, EdgeInsets)] = []
    for name in model.viewOrder {
      guard let node = model.views[name] else { continue }
      chain.removeAll(keepingCapacity: true)
      chain.append((name, node.alignmentInsets))
      var parent = node.superview
      while let current = parent, chain.count <= model.viewOrder.count {
        let parentNode = model.views[current]
        chain.append((current, parentNode?.alignmentInsets ?? .zero))
        parent = parentNode?.superview
      }
      // The chain's id, built from its top: equal ids, equal chains of names and insets.
      var rest: Int32 = -1
      for (link, insets) in chain.reversed() {
        let key = ConstraintKey.ChainLink(name: link, insets: insets, rest: rest)
        if let id = chainIDs[key] {
          rest = id
        } else {
          let id = Int32(chainIDs.count)
          chainIDs[key] = id
          rest = id
        }
      }
      let signature = ConstraintKey.ViewSignature(
        chain: rest, margins: node.margins, baseline: node.baselineOffset, firstBaseline: node.firstBaselineFromTop)
      if let id = signatureIDs[signature] {
        viewSignatureIDs[name] = id
      } else {
        let id = Int32(signatureIDs.count)
        signatureIDs[signature] = id
        viewSignatureIDs[name] = id
      }
    }
    return viewSignatureIDs
  }
}
