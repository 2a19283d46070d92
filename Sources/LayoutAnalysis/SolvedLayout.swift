import Dispatch
import Foundation
import LayoutSyntax

#if canImport(Glibc)
  import Glibc
#endif

/// A finding in one place, before identical findings of all places are merged.
struct PlacedFinding {
  /// What makes two findings of one code the same finding, whatever place they happen in.
  var key: String
  var diagnostic: Diagnostic
  /// The place, shared by its findings (a canvas with its name, size, safe area, traits and
  /// range is about as large as the rest of a finding).
  var placeReference: PlaceReference
  var place: LayoutPlace { placeReference.place }

  init(key: String, diagnostic: Diagnostic, place: PlaceReference) {
    self.key = key
    self.diagnostic = diagnostic
    placeReference = place
  }

  /// A finding with a place of its own (for a place's few findings: the merger's tests, a
  /// solver that gave up).
  init(key: String, diagnostic: Diagnostic, place: LayoutPlace) {
    self.init(key: key, diagnostic: diagnostic, place: PlaceReference(place))
  }
}

/// A place, held by reference by each of its findings.
final class PlaceReference: Sendable {
  let place: LayoutPlace

  init(_ place: LayoutPlace) {
    self.place = place
  }
}

/// A layout solved in every canvas and writing direction it asks for, with every finding.
///
/// The layout is solved only when its text has no error: a statement with an error yields
/// no constraint, so every view it touched would look ambiguous, and those findings would
/// only be noise on top of the real one.
public final class SolvedLayout {
  public let document: LayoutDocument
  /// One solver per canvas × direction, in canvas order, left-to-right first. A place let go
  /// after its findings were made (`findingsOnly`) is solved again when this is first read.
  public var places: [PlaceSolver] { store.solvers() }
  /// The canvas and direction of each of `places`, in order, read without solving any.
  public var placeList: [LayoutPlace] { store.places }
  /// The solver of `placeList[index]` (solved again if it was let go), without the others'.
  public func solver(at index: Int) -> PlaceSolver { store.solver(at: index) }
  /// The document's own diagnostics and the layout's, merged across places and sorted.
  public let diagnostics: [Diagnostic]
  private let store: PlaceStore
  /// The places held without a solver (a live layout's mirrored places), with their twins.
  private let derived: [Int: Int]

  /// Solves `document`.
  /// - Parameter solveWithErrors: solve even when the text has errors (for frames and hovers,
  ///   which want an answer anyway); layout findings are then still left out.
  ///   - canvas: solve only the canvas of this name (a file without one is not solved).
  ///   - findingsOnly: the caller reads the diagnostics and seldom anything else (`plumb
  ///     check`): a right-to-left place that mirrors its twin is let go as soon as what it
  ///     finds of its own is made, before its twin's checks, and the answers the checks cached
  ///     are let go after them. `places` solves such a place again, as it was solved, when read.
  public convenience init(
    document: LayoutDocument, solveWithErrors: Bool = false, canvas: String? = nil, findingsOnly: Bool = false
  ) {
    let hasErrors = document.diagnostics.contains { $0.severity == .error }
    var store = PlaceStore(places: [], solvers: [])
    var mirrors: [Int: Int] = [:]
    if !hasErrors || solveWithErrors {
      let wanted = SolvedLayout.places(of: document.model).filter { canvas == nil || $0.canvas.name == canvas }
      let models = document.models(for: wanted)
      var solved = SolvedLayout.solveInParallel(wanted, models: models)
      mirrors = solved.mirrors
      store = PlaceStore(places: wanted, solvers: solved.solvers)
      // The store holds the only references: a place it lets go is freed then.
      solved.solvers = []
    }
    self.init(document: document, store: store, mirrors: mirrors, findingsOnly: findingsOnly)
  }

  /// The findings of `document` over solvers already brought up to date with it.
  convenience init(document: LayoutDocument, places: [PlaceSolver]) {
    self.init(document: document, places: places, mirrors: [:])
  }

  /// - Parameter mirrors: for a right-to-left place that mirrors its left-to-right twin
  ///   (`PlaceSolver.mirrors`), by position, the twin's position. Such a place is asked no
  ///   question about fixes (its twin's answers are its own), and its conflicts and ambiguity
  ///   findings are its twin's: only their codes and keys are added again, for its place.
  convenience init(document: LayoutDocument, places: [PlaceSolver], mirrors: [Int: Int]) {
    self.init(
      document: document, store: PlaceStore(places: places.map(\.place), solvers: places), mirrors: mirrors,
      findingsOnly: false)
  }

  /// The findings of `document` over a live layout's places (`LiveLayout`), some of which
  /// hold no solver: a right-to-left place that mirrors its twin (`MirrorTest`), by position,
  /// with its twin's position. Such a place's findings are made from its twin's solver
  /// (`derivedFindings`: its frames mirrored, the same solution), or, where they cannot be,
  /// from its own solver, solved then from its model; `places` and `solver(at:)` solve it when
  /// read. `numbers` are the document model's, when the caller has them already.
  convenience init(
    document: LayoutDocument, store: PlaceStore, derived: [Int: Int], numbers: NumericRangeCheck.Numbers? = nil
  ) {
    self.init(
      document: document, store: store, mirrors: derived, findingsOnly: false, derived: derived, numbers: numbers)
  }

  /// What a mirrored place finds of its own solver, made before the solver is let go.
  private struct OwnFindings {
    var failure: String?
    var inaccuracies: (findings: [PlacedFinding], unreliable: Set<NumericRangeCheck.Unreliable>)
    var conflictCount: Int
    var geometry: [PlacedFinding]
    /// Its unsatisfied constraints: their causes are worked out in the loop, in its order,
    /// as the context says which place made each first.
    var unsatisfied: [UnsatisfiedCheck.Unexplained]
  }

  /// - Parameters:
  ///   - derived: the places of `mirrors` that hold no solver (`init(document:store:derived:)`).
  ///   - numbers: the model's numbers, when the caller has them; read from the model otherwise.
  private init(
    document: LayoutDocument, store: PlaceStore, mirrors: [Int: Int], findingsOnly: Bool, derived: [Int: Int] = [:],
    numbers knownNumbers: NumericRangeCheck.Numbers? = nil
  ) {
    self.document = document
    self.store = store
    self.derived = derived
    let placeList = store.places
    let model = document.model
    let hasErrors = document.diagnostics.contains { $0.severity == .error }
    var diagnostics = document.diagnostics
    if !hasErrors {
      diagnostics += RTLCheck.diagnostics(document, places: { store.solvers() })
      diagnostics += GeometryCheck.transformed(document)
      diagnostics += NumericRangeCheck.extremeValues(document)
      // Findings are merged as each place makes them: a later place's copy of a finding only
      // adds its place (merging keeps the first copy), so no place's findings are held together.
      var merger = FindingMerger()
      // Ranges are not read: the chunks as stored.
      let hasWrittenOptionals = model.constraints.storedChunks.contains { chunk in
        chunk.constraints.contains { constraint in
          !constraint.isRequired && (constraint.origin == .explicit || constraint.origin == .vfl)
        }
      }
      let numbers = knownNumbers ?? NumericRangeCheck.Numbers(model)
      let context = CheckContext(places: placeList.indices.filter { mirrors[$0] == nil }.map { store.solver(at: $0) })
      let twins = Set(mirrors.values)
      // A mirrored place's own findings, each made of its solver alone (its frames, values and
      // optional constraints), as the loop below would make them; then the solver is let go,
      // before its twin's checks hold their findings. Solved again below only when its twin's
      // findings cannot stand for its own.
      var own: [Int: OwnFindings] = [:]
      if findingsOnly {
        for index in mirrors.keys.sorted() {
          own[index] = SolvedLayout.ownFindings(
            store.solver(at: index), index: index, document: document, numbers: numbers,
            hasWrittenOptionals: hasWrittenOptionals)
          store.letGo(index)
        }
      }
      // The codes and keys of a twin's conflicts and ambiguity findings, in order, and whether
      // none of its findings was held back for quoting unreliable values.
      var twinFindings: [Int: (keys: [(DiagnosticCode, String)], reliable: Bool)] = [:]
      for (index, place) in placeList.enumerated() {
        if let twin = derived[index], own[index] == nil, twin < index,
          let made = SolvedLayout.derivedFindings(
            of: place, index: index, twin: store.solver(at: twin), document: document, numbers: numbers,
            hasWrittenOptionals: hasWrittenOptionals)
        {
          own[index] = made
        }
        if let twin = mirrors[index], let found = twinFindings[twin], found.reliable, let mine = own[index],
          mine.inaccuracies.unreliable.isEmpty
        {
          // What the loop below makes of a mirrored place, in its order, from what was made
          // before its solver was let go.
          if let failure = mine.failure { merger.add(SolvedLayout.unsolved(failure, place: place)) }
          for (code, key) in found.keys.prefix(mine.conflictCount) { merger.add(code: code, key: key, place: place) }
          merger.add(mine.inaccuracies.findings)
          for (code, key) in found.keys.dropFirst(mine.conflictCount) { merger.add(code: code, key: key, place: place) }
          merger.add(mine.geometry)
          // A constraint its twin did not find unsatisfied (none: the same solution) has its
          // tie worked out on this place, solved again.
          merger.add(
            UnsatisfiedCheck.explained(
              mine.unsatisfied, place: PlaceReference(place), solver: { store.solver(at: index) }, document: document,
              context: context))
          continue
        }
        let solver = store.solver(at: index)
        if let failure = solver.failure {
          // The solver gave up (its pivot budget, or numerics): say so rather than report
          // findings of a half-solved layout as if they were complete.
          merger.add(SolvedLayout.unsolved(failure, place: solver.place))
        }
        // Where the numbers are beyond what the solver resolves, say so, and do not quote
        // its numbers about the views involved as facts.
        let inaccuracies = NumericRangeCheck.inaccuracies(solver, document: document, numbers: numbers)
        if let twin = mirrors[index], let found = twinFindings[twin], found.reliable, inaccuracies.unreliable.isEmpty {
          // The twin's conflicts and ambiguity findings, which this place makes alike (same
          // rows, same values: the same conflicts, ambiguous variables and sizes), in the
          // order the checks would add them here.
          let conflictCount = solver.conflicts.count
          for (code, key) in found.keys.prefix(conflictCount) { merger.add(code: code, key: key, place: solver.place) }
          merger.add(inaccuracies.findings)
          for (code, key) in found.keys.dropFirst(conflictCount) { merger.add(code: code, key: key, place: solver.place) }
          for finding in GeometryCheck.findings(solver, document: document, isPrimary: index == 0) {
            merger.add(finding)
          }
        } else {
          let conflicts = ConflictCheck.findings(solver, document: document, context: context)
          merger.add(conflicts)
          merger.add(inaccuracies.findings)
          // The ambiguity check's findings go once the merger has them and the twin its keys,
          // before the geometry check reads the frames.
          do {
            let found = AmbiguityCheck.findings(solver, document: document, context: context)
            // Filtered only when something is unreliable (a copy of every finding otherwise).
            let ambiguity =
              inaccuracies.unreliable.isEmpty
              ? found
              : found.filter { !NumericRangeCheck.quotesUnreliableValues($0.diagnostic.finding, inaccuracies.unreliable) }
            for finding in ambiguity { merger.add(finding) }
            if twins.contains(index) {
              twinFindings[index] = (
                (conflicts + ambiguity).map { ($0.diagnostic.code, $0.key) }, inaccuracies.unreliable.isEmpty
              )
            }
          }
          for finding in GeometryCheck.findings(solver, document: document, isPrimary: index == 0)
          where !NumericRangeCheck.quotesUnreliableValues(finding.diagnostic.finding, inaccuracies.unreliable) {
            merger.add(finding)
          }
        }
        merger.add(
          UnsatisfiedCheck.findings(
            solver, document: document, hasWrittenOptionals: hasWrittenOptionals, context: context))
      }
      // Nothing asks the places again: what the checks cached goes before the findings are merged.
      if findingsOnly { store.forgetAnswers() }
      diagnostics += merger.merged(allPlaces: placeList, directions: model.directions)
    }
    self.diagnostics = LayoutDocument.sorted(diagnostics)
  }

  /// The finding that a place's solver gave up.
  private static func unsolved(_ failure: String, place: LayoutPlace) -> PlacedFinding {
    PlacedFinding(
      key: "",
      diagnostic: Diagnostic(
        code: .unsolved, severity: .warning, finding: .unsolved(reason: failure), range: SourceRange(at: 0)),
      place: place)
  }

  /// What the loop of `init` makes of a mirrored place's own solver, in its order.
  private static func ownFindings(
    _ solver: PlaceSolver, index: Int, document: LayoutDocument, numbers: NumericRangeCheck.Numbers,
    hasWrittenOptionals: Bool
  ) -> OwnFindings {
    let inaccuracies = NumericRangeCheck.inaccuracies(solver, document: document, numbers: numbers)
    let geometry = GeometryCheck.findings(solver, document: document, isPrimary: index == 0)
    let unsatisfied = UnsatisfiedCheck.unexplained(solver, hasWrittenOptionals: hasWrittenOptionals)
    return OwnFindings(
      failure: solver.failure, inaccuracies: inaccuracies, conflictCount: solver.conflicts.count, geometry: geometry,
      unsatisfied: unsatisfied)
  }

  /// What the loop of `init` makes of a mirrored place's own solver (`ownFindings`), made of
  /// its twin's instead, which solves the same system (`MirrorTest`): the same failure (none),
  /// conflicts and unsatisfied constraints with the same errors, the same values, and frames
  /// mirrored (`PlaceSolver.mirroredViews`) for the geometry check. Its inaccuracies are none:
  /// it is used only when its twin has none (the loop asks), and the file's constraints lower
  /// alike in both, so their residuals over the same values are the same (the engine's are not
  /// read); nil when a number is one the solver does not resolve or a mirrored frame is not
  /// finite: the place is then solved and checked on its own.
  private static func derivedFindings(
    of place: LayoutPlace, index: Int, twin: PlaceSolver, document: LayoutDocument, numbers: NumericRangeCheck.Numbers,
    hasWrittenOptionals: Bool
  ) -> OwnFindings? {
    // The first place is the primary one (a declared frame is compared there), never a twin's.
    guard index != 0, mayDeriveFindings(from: twin, numbers: numbers) else { return nil }
    let views = twin.mirroredViews(in: place)
    guard !views.contains(where: { PlaceSolver.isNotFinite($0) }) else { return nil }
    let geometry = GeometryCheck.findings(
      views: views, superviews: twin.allSolvedViews().superviews, traits: twin.viewTraits(), model: twin.model,
      place: PlaceReference(place))
    return OwnFindings(
      failure: nil, inaccuracies: ([], []), conflictCount: twin.conflicts.count, geometry: geometry,
      unsatisfied: UnsatisfiedCheck.unexplained(twin, hasWrittenOptionals: hasWrittenOptionals))
  }

  /// Whether a mirrored place's findings may be made from `twin`'s (`derivedFindings`), the
  /// model's numbers being `numbers`: none is a number the solver does not resolve, and the
  /// twin solved without a failure, with every frame finite. A live layout lets a place go
  /// only then; `derivedFindings` asks again, as the twin may have been solved again since.
  static func mayDeriveFindings(from twin: PlaceSolver, numbers: NumericRangeCheck.Numbers) -> Bool {
    numbers.unresolved.isEmpty && twin.failure == nil && twin.viewsWithFramesNotFinite().isEmpty
  }

  /// Solves each place on its own core: places share nothing but the (immutable) model.
  ///
  /// `models[i]` is the model of `places[i]`'s canvas (`LayoutDocument.models(for:)`), the same
  /// for places of equal canvases: their engine constraints, which depend on the model and
  /// the canvas only, are built once (before the places are solved) and shared.
  ///
  /// A right-to-left place that mirrors its left-to-right twin (`PlaceSolver.mirrors`) is
  /// returned among `mirrors` (its position, and its twin's) and its caches are not warmed:
  /// the checks read its twin's answers.
  /// (`detectsMirrors`: false to solve and check every place on its own, for the tests that
  /// compare the two.)
  static func solveInParallel(_ places: [LayoutPlace], models: [LayoutModel], detectsMirrors: Bool = true)
    -> (solvers: [PlaceSolver], mirrors: [Int: Int])
  {
    guard places.count > 1 else { return (zip(places, models).map { PlaceSolver(model: $1, place: $0) }, [:]) }
    var engineOfCanvas: [Canvas: [LayoutConstraint]] = [:]
    var engines: [[LayoutConstraint]?] = []
    let placesOfCanvas = LayoutPlace.count(byCanvas: places)
    for (place, model) in zip(places, models) {
      if let built = engineOfCanvas[place.canvas] {
        engines.append(built)
      } else if placesOfCanvas[place.canvas, default: 0] > 1 {
        let built = model.implicitConstraints(for: place.canvas)
        engineOfCanvas[place.canvas] = built
        engines.append(built)
      } else {
        engines.append(nil)
      }
    }
    let slots = ResultSlots<PlaceSolver>(count: places.count)
    let shared = engines
    // A place that cannot mirror another (left to right, or when mirrors are not looked for)
    // warms the caches the checks read as soon as it is built, while the other places are
    // still being built on the other cores.
    let warmsAtOnce = places.map { !detectsMirrors || $0.direction != .rtl }
    DispatchQueue.concurrentPerform(iterations: places.count) { index in
      let solver = PlaceSolver(model: models[index], place: places[index], followsUpdates: false, engine: shared[index])
      if warmsAtOnce[index] { _ = solver.ambiguitiesWithDeferredRanges() }
      slots.set(index, solver)
    }
    let solvers = slots.values
    // A right-to-left place and the left-to-right place of the same canvas before it (the
    // last one, kept by canvas as the places are read in order).
    var mirrors: [Int: Int] = [:]
    var lastLeftToRight: [Canvas: Int] = [:]
    for (index, place) in places.enumerated() where detectsMirrors {
      if place.direction == .ltr {
        lastLeftToRight[place.canvas] = index
        continue
      }
      guard place.direction == .rtl, let twin = lastLeftToRight[place.canvas], solvers[index].mirrors(solvers[twin])
      else { continue }
      mirrors[index] = twin
    }
    // Warm the caches of the other places that do not mirror, each on its own core (one slot
    // each: `slots.values` copies every slot).
    let warmed = solvers.indices.filter { mirrors[$0] == nil && !warmsAtOnce[$0] }
    DispatchQueue.concurrentPerform(iterations: warmed.count) { index in
      _ = slots.value(at: warmed[index])?.ambiguitiesWithDeferredRanges()
    }
    return (solvers, mirrors)
  }

  /// Every place a model is laid out in: each canvas, in each direction it checks.
  static func places(of model: LayoutModel) -> [LayoutPlace] {
    model.effectiveCanvases.flatMap { canvas in
      directions(model.directions).map { LayoutPlace(canvas: canvas, direction: $0) }
    }
  }

  static func directions(_ directions: WritingDirections) -> [LayoutDirection] {
    switch directions {
    case .ltr: [.ltr]
    case .rtl: [.rtl]
    case .both: [.ltr, .rtl]
    }
  }

  /// A place held without a solver that mirrors its twin (a live layout's), while it is not
  /// solved: its twin, whose solver has the same constraints, broken constraints, unsatisfied
  /// constraints and errors, and the same solution (`MirrorTest`); nil for any other place.
  public func mirroredTwin(at index: Int) -> PlaceSolver? {
    guard let twin = derived[index], !store.isSolved(index) else { return nil }
    let solver = store.solver(at: twin)
    // A twin that failed answers nothing for the place (it is then solved on its own).
    return solver.failure == nil ? solver : nil
  }

  /// The view `name` in the place at `index`, read from its twin's solution mirrored
  /// (`PlaceSolver.mirroredView`) when the place holds no solver (`mirroredTwin(at:)`) and the
  /// twin finds the view determined (so that its frame is the one solution's); nil otherwise
  /// (`solver(at:)` then solves the place).
  public func mirroredView(_ name: String, at index: Int) -> SolvedView? {
    guard let twin = mirroredTwin(at: index), !twin.ambiguitiesWithDeferredRanges().contains(where: { $0.view == name }) else {
      return nil
    }
    return twin.mirroredView(name, in: store.places[index])
  }

  /// Whether the place at `index` holds its solver now: false for a place let go after its
  /// findings were made (`findingsOnly`) until `places` is read (for the tests).
  func holdsSolver(at index: Int) -> Bool { store.isSolved(index) }

  /// The solver of a canvas and direction (the first canvas and direction when nil).
  public func place(canvas: String? = nil, direction: LayoutDirection? = nil) -> PlaceSolver? {
    // Found by the places' list, so that a place let go is solved again only when it is the one asked for.
    store.places.firstIndex { place in
      (canvas == nil || place.canvas.name == canvas) && (direction == nil || place.direction == direction)
    }.map { store.solver(at: $0) }
  }

  // MARK: - Merging

  /// Reports each finding once, with every place it happens in.
  ///
  /// A conflict that happens only in right-to-left layouts of a file checked in both
  /// directions becomes an `rtl-conflict`.
  static func merge(_ findings: [PlacedFinding], allPlaces: [LayoutPlace], directions: WritingDirections)
    -> [Diagnostic]
  {
    var merger = FindingMerger()
    merger.add(findings)
    return merger.merged(allPlaces: allPlaces, directions: directions)
  }

  /// The merged finding of a group: the first copy, with the places of every copy, in order.
  static func merged(_ first: Diagnostic, places: [LayoutPlace], allPlaces: [LayoutPlace], directions: WritingDirections)
    -> Diagnostic
  {
    merged(first, where: PlacesSummary(places, allPlaces: allPlaces), directions: directions)
  }

  /// What merging reads of the places of a group's copies, which many groups share.
  struct PlacesSummary {
    var places: FindingPlaces
    var onlyRightToLeft: Bool
    var canvas: String?
    var direction: String?

    init(_ places: [LayoutPlace], allPlaces: [LayoutPlace]) {
      self.places = SolvedLayout.describe(places, among: allPlaces)
      onlyRightToLeft = places.allSatisfy { $0.direction == .rtl }
      let canvases = Set(places.map(\.canvas.name))
      let placeDirections = Set(places.map(\.direction))
      canvas = canvases.count == 1 ? places.first?.canvas.name : nil
      direction = placeDirections.count == 1 ? places.first?.direction.rawValue : nil
    }
  }

  static func merged(_ first: Diagnostic, where summary: PlacesSummary, directions: WritingDirections) -> Diagnostic {
    var diagnostic = first
    merge(&diagnostic, where: summary, directions: directions)
    return diagnostic
  }

  /// Gives a group's first finding the places of the group.
  static func merge(_ diagnostic: inout Diagnostic, where summary: PlacesSummary, directions: WritingDirections) {
    diagnostic.places = summary.places
    if diagnostic.code == .conflict, directions == .both, summary.onlyRightToLeft {
      diagnostic.code = .rtlConflict
      diagnostic.notes.append(.onlyRightToLeft)
      if diagnostic.places == .everyCanvas(.rtl) { diagnostic.places = .everywhere }
    }
    // A misplaced frame is checked in the first place only, which its message names.
    if diagnostic.code == .misplaced { diagnostic.places = .everywhere }
    diagnostic.canvas = summary.canvas
    diagnostic.direction = summary.direction
  }

  /// Where a finding happens among all places: nowhere worth naming when it happens everywhere.
  static func describe(_ places: [LayoutPlace], among allPlaces: [LayoutPlace]) -> FindingPlaces {
    if places.count >= allPlaces.count { return .everywhere }
    var canvasOrder: [String] = []
    var directionsByCanvas: [String: [LayoutDirection]] = [:]
    for place in places {
      if directionsByCanvas[place.canvas.name] == nil { canvasOrder.append(place.canvas.name) }
      directionsByCanvas[place.canvas.name, default: []].append(place.direction)
    }
    let allCanvases = Set(allPlaces.map(\.canvas.name))
    let traits = Dictionary(allPlaces.map { ($0.canvas.name, $0.canvas.traits) }, uniquingKeysWith: { first, _ in first })
    let allDirections = Set(allPlaces.map(\.direction))
    let directionSets = Set(directionsByCanvas.values.map { Set($0) })
    if Set(canvasOrder) == allCanvases, directionSets.count == 1, let only = directionSets.first {
      // Every canvas, one direction.
      return only == allDirections ? .everywhere : .everyCanvas(writingDirections(only))
    }
    return .canvases(
      canvasOrder.map { canvas in
        let directions = Set(directionsByCanvas[canvas] ?? [])
        let all = directions == allDirections || allDirections.count == 1
        return CanvasPlace(canvas: canvas, traits: traits[canvas], directions: all ? nil : writingDirections(directions))
      })
  }

  /// A set of directions as a file writes it.
  private static func writingDirections(_ directions: Set<LayoutDirection>) -> WritingDirections {
    directions.count > 1 ? .both : directions.first == .ltr ? .ltr : .rtl
  }
}

/// The solvers of a layout's places. A place may be let go once what is read of it was made
/// (`SolvedLayout`'s `findingsOnly`): it is then solved again when next read, from the same
/// model, place and engine constraints as the first time, so that it answers every question
/// as the first solver would have.
final class PlaceStore: @unchecked Sendable {
  /// A place's solver, or what solves it again: its model and its engine's constraints
  /// (shared with its twin).
  private enum Slot {
    case solved(PlaceSolver)
    case letGo(model: LayoutModel, engine: [LayoutConstraint]?)
  }

  /// Holds a solver let go until another thread drops it.
  private final class Holder: @unchecked Sendable {
    var solver: PlaceSolver?
  }

  /// Where solvers let go are torn down: a queue of its own, so that the teardown does not
  /// wait for a free thread of the global pool (`plumb check`'s workers keep those busy until
  /// every file is checked, which would hold every file's solver until then).
  private static let releaser = DispatchQueue(label: "plumb.place-release", qos: .utility)

  /// Every place, in order, solved or let go.
  let places: [LayoutPlace]
  private let lock = NSLock()
  private var slots: [Slot]

  init(places: [LayoutPlace], solvers: [PlaceSolver]) {
    self.places = places
    slots = solvers.map { .solved($0) }
  }

  /// Places some of which hold no solver (nil): each of those is solved when first read, from
  /// its model and engine constraints.
  init(places: [LayoutPlace], held: [(solver: PlaceSolver?, model: LayoutModel, engine: [LayoutConstraint]?)]) {
    self.places = places
    slots = held.map { item in
      if let solver = item.solver { return .solved(solver) }
      return .letGo(model: item.model, engine: item.engine)
    }
  }

  /// The solver of the place at `index`, solved again if it was let go.
  func solver(at index: Int) -> PlaceSolver {
    lock.lock()
    defer { lock.unlock() }
    return solverLocked(at: index)
  }

  /// Every place's solver, in order (those let go solved again).
  func solvers() -> [PlaceSolver] {
    lock.lock()
    defer { lock.unlock() }
    return places.indices.map { solverLocked(at: $0) }
  }

  private func solverLocked(at index: Int) -> PlaceSolver {
    switch slots[index] {
    case .solved(let solver):
      return solver
    case .letGo(let model, let engine):
      let solver = PlaceSolver(model: model, place: places[index], followsUpdates: false, engine: engine)
      slots[index] = .solved(solver)
      return solver
    }
  }

  /// Whether the place at `index` is solved now (not let go).
  func isSolved(_ index: Int) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if case .solved = slots[index] { return true }
    return false
  }

  /// The views of a place whose memory, let go, is given back to the system at once.
  static let viewsWorthGivingBack = 1_000

  /// Lets go of the solver at `index`, keeping what solves it again. It is torn down on
  /// another thread (a solver of many views takes a while, object by object) once nothing
  /// else holds it.
  func letGo(_ index: Int) {
    let holder = Holder()
    var views = 0
    lock.lock()
    if case .solved(let solver) = slots[index] {
      slots[index] = .letGo(model: solver.model, engine: solver.engineConstraintsIfComputed)
      holder.solver = solver
      views = solver.model.views.count
    }
    lock.unlock()
    PlaceStore.releaser.async { [views] in
      holder.solver = nil
      // Built on another thread, the solver's memory was in that thread's arena, where the
      // findings made on this one would not reuse it. Given back only for a large place: the
      // call walks every arena, which costs more than a small place's memory is worth.
      if views >= PlaceStore.viewsWorthGivingBack { FreedMemory.giveBack() }
    }
  }

  /// Lets go of what the solvers keep of the checks' questions (`PlaceSolver.forgetAnswers`).
  func forgetAnswers() {
    lock.lock()
    var solved: [PlaceSolver] = []
    for case .solved(let solver) in slots { solved.append(solver) }
    lock.unlock()
    for solver in solved { solver.forgetAnswers() }
  }
}

/// Identical findings of several places, merged as they come (`SolvedLayout.merge`): the
/// first copy of each (code, key) is kept, and of the later copies only their places, so a
/// finding made in every place is held once, not once per place.
struct FindingMerger {
  private struct Key: Hashable {
    var code: DiagnosticCode
    var key: String
  }
  /// The group of each key, numbered in the order of their first findings.
  private var groupOfKey: [Key: Int] = [:]
  /// Each group's first finding.
  private var firsts: [Diagnostic] = []
  /// Every finding's group and place (an index into `placeTable`), in the order they came.
  private var occurrences: [(group: Int32, place: Int32)] = []
  /// The places seen, each once.
  private var placeTable: [LayoutPlace] = []

  mutating func add(_ findings: [PlacedFinding]) {
    for finding in findings { add(finding) }
  }

  mutating func add(_ finding: PlacedFinding) {
    let key = Key(code: finding.diagnostic.code, key: finding.key)
    let group: Int
    if let known = groupOfKey[key] {
      group = known
    } else {
      group = firsts.count
      groupOfKey[key] = group
      firsts.append(finding.diagnostic)
    }
    add(group: group, place: finding.place)
  }

  /// Another copy, in `place`, of a finding already added (whose first copy is the one
  /// kept): only its place. A finding not added before is not added (none is: see
  /// `SolvedLayout.init(document:places:mirrors:)`).
  mutating func add(code: DiagnosticCode, key: String, place: LayoutPlace) {
    guard let group = groupOfKey[Key(code: code, key: key)] else { return }
    add(group: group, place: place)
  }

  private mutating func add(group: Int, place findingPlace: LayoutPlace) {
    let place: Int
    if let last = placeTable.indices.last, placeTable[last] == findingPlace {
      place = last
    } else if let known = placeTable.firstIndex(of: findingPlace) {
      place = known
    } else {
      place = placeTable.count
      placeTable.append(findingPlace)
    }
    occurrences.append((Int32(group), Int32(place)))
  }

  /// One diagnostic a group, in the order of the groups' first findings, each with the places
  /// of all its findings. The first findings are merged where they are held, and handed over.
  consuming func merged(allPlaces: [LayoutPlace], directions: WritingDirections) -> [Diagnostic] {
    // The places of each group, in the order the findings came.
    var count = [Int](repeating: 0, count: firsts.count)
    for occurrence in occurrences { count[Int(occurrence.group)] += 1 }
    var start = [Int](repeating: 0, count: firsts.count + 1)
    for group in firsts.indices { start[group + 1] = start[group] + count[group] }
    var next = start
    var places = [Int32](repeating: 0, count: occurrences.count)
    for occurrence in occurrences {
      let group = Int(occurrence.group)
      places[next[group]] = occurrence.place
      next[group] += 1
    }
    // Most groups have the same places (every place, once each): each list is described once.
    var summaries: [[Int32]: SolvedLayout.PlacesSummary] = [:]
    var merged = firsts
    firsts = []
    for group in merged.indices {
      let indices = Array(places[start[group]..<start[group + 1]])
      let summary =
        summaries[indices]
        ?? {
          let summary = SolvedLayout.PlacesSummary(indices.map { placeTable[Int($0)] }, allPlaces: allPlaces)
          summaries[indices] = summary
          return summary
        }()
      SolvedLayout.merge(&merged[group], where: summary, directions: directions)
    }
    return merged
  }
}

/// Text helpers shared by the checks.
enum Describe {
  /// How a message quotes a constraint: as written, for a constraint written as an equation
  /// on one line; as UIKit describes it, for one from a Visual Format string or the engine.
  static func quote(_ constraint: LayoutConstraint, in document: LayoutDocument? = nil) -> ConstraintQuote {
    if constraint.origin == .explicit, let document {
      let text = document.text(of: constraint.range)
      if !text.isEmpty, !text.contains("\n") { return ConstraintQuote(range: constraint.range, text: text, isWritten: true) }
    }
    if constraint.origin == .stackView, let identifier = constraint.label {
      // As UIKit quotes a constraint with an identifier: the equation, then the identifier.
      var unlabelled = constraint
      unlabelled.label = nil
      return ConstraintQuote(range: constraint.range, text: unlabelled.description, isWritten: false, label: identifier)
    }
    return ConstraintQuote(range: constraint.range, text: constraint.description, isWritten: false)
  }

  /// The range a view's findings point at: its name where it is declared, or its first use.
  static func range(of view: String, in model: LayoutModel) -> SourceRange {
    model.views[view]?.nameRange ?? model.views[view]?.declarationRange ?? SourceRange(at: 0)
  }

  /// Two values equal within the tolerance of a solved layout.
  static func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.01 }

  /// A stable identity of a constraint for merging findings across places: its origin, text
  /// and items, not its numbers (which differ between canvases for the engine's own).
  static func key(_ constraint: LayoutConstraint) -> String {
    "\(constraint.origin.rawValue)@\(constraint.range.start)-\(constraint.range.end):\(constraint.first)\(constraint.relation.rawValue)\(constraint.second.map(\.description) ?? "")"
  }
}

/// Memory freed by the allocator's arenas, given back to the system.
public enum FreedMemory {
  /// Gives the memory freed so far back to the system where the allocator keeps it (glibc's
  /// arenas, one per thread that allocated: a place solved on another thread leaves its
  /// memory in that thread's arena when it is freed). Nothing elsewhere.
  public static func giveBack() {
    #if canImport(Glibc)
      _ = trim?(0)
    #endif
  }

  #if canImport(Glibc)
    /// glibc's `malloc_trim` (in `malloc.h`, which the module map leaves out).
    private static let trim: (@convention(c) (Int) -> Int32)? = {
      guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
      return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()
  #endif
}
