import CassowarySolver
import LayoutSyntax

/// A set of required constraints that cannot all hold, as found in one place.
public struct ConflictFinding: Sendable, Hashable {
  /// The constraint UIKit-style recovery breaks: the one of the set that comes last in the
  /// file, which could not be added once the others held.
  public var broken: LayoutConstraint
  /// Every other member of the irreducible conflicting set, in the order they were added.
  public var others: [LayoutConstraint]
  /// Where the broken constraint and the others are among the solver's entries (the engine's
  /// constraints, then the file's).
  var brokenEntry = -1
  var otherEntries: [Int] = []
}

/// What a fix does to a file's constraints (positions in `model.constraints`): the ones it
/// makes optional or removes, the ones it rewrites, and the ones it adds (anywhere in the file).
struct ConstraintChange {
  var relaxed: [Int] = []
  var replaced: [(position: Int, by: LayoutConstraint)] = []
  var added: [LayoutConstraint] = []
}

/// How a view's frame on one axis is not determined.
public struct AmbiguityFinding: Sendable, Hashable {
  public var view: String
  public var axis: AttributeAxis
  /// Whether the position (x or y) and the size (width or height) are undetermined.
  public var position: Bool
  public var size: Bool
  /// Another frame (relative to the superview) the constraints equally allow.
  public var alternative: Rect
  /// The values the frame's x (or y, relative to the superview) takes over all solutions,
  /// when the position is ambiguous and the solver found them (nil bounds are unbounded);
  /// nil too when the frame's x does not move (right to left, a view whose position and
  /// width move together can keep its left edge).
  public var positionRange: FrameRange?
  /// The values the frame's width (or height) takes over all solutions, when the size is
  /// ambiguous and the solver found them.
  public var sizeRange: FrameRange?

  public static func == (lhs: AmbiguityFinding, rhs: AmbiguityFinding) -> Bool {
    lhs.view == rhs.view && lhs.axis == rhs.axis && lhs.position == rhs.position && lhs.size == rhs.size
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(view)
    hasher.combine(axis)
    hasher.combine(position)
    hasher.combine(size)
  }
}

/// What the checks ask of a view's declaration on every edit.
struct ViewTraits: OptionSet {
  let rawValue: UInt8
  static let layoutGuide = ViewTraits(rawValue: 1)
  static let hidden = ViewTraits(rawValue: 2)
  /// Declared with a design-time frame.
  static let frame = ViewTraits(rawValue: 4)
}

/// A view's solved geometry in one place.
public struct SolvedView: Sendable, Hashable {
  public var name: String
  public var superview: String?
  /// The frame relative to the superview (in its bounds, which start at its frame's origin):
  /// the alignment rectangle grown by the insets.
  public var frame: Rect
  /// The alignment rectangle relative to the superview, in the same space as the frame.
  public var alignment: Rect
  /// The alignment rectangle in root coordinates.
  public var absoluteAlignment: Rect
}

/// What a constraint means to the solver, whatever text it came from: two constraints
/// with equal keys lower to the same solver constraint, so an edit that keeps the key (a
/// line moved, a comment added) needs no solver work.
///
/// Views are represented by the id of their signature (superview chain and the insets along
/// it, margins, baseline: everything a view contributes to its attributes' expressions), so
/// the key is a handful of numbers and hashes fast.
struct ConstraintKey: Hashable {
  /// What a view contributes to the expressions of its attributes: its superview chain and
  /// the alignment insets along it (each view's bounds start by its insets before its
  /// alignment rectangle, and a constraint is measured in its container's bounds).
  /// Which of a view's layout guides an item is: 0 the view itself, 1 its safe area, 2 its
  /// margins guide.
  static func guideCode(_ guide: String?) -> UInt8 {
    switch guide {
    case nil: 0
    case "safeArea": 1
    default: 2
    }
  }

  struct ViewSignature: Hashable {
    /// The superview chain and the insets along it, as one id (`ChainLink`).
    var chain: Int32
    var margins: DirectionalInsets
    var baseline: Double
    var firstBaseline: Double?
  }

  /// One step of a superview chain: a view, its alignment insets and the id of the rest of
  /// the chain above it (-1: none). Two views have the same chain id exactly when their chains
  /// of names and insets are equal, without an array of either per view.
  struct ChainLink: Hashable {
    var name: String
    var insets: EdgeInsets
    var rest: Int32
  }

  var firstView: Int32
  var firstAttribute: LayoutAttribute
  var firstIsGuide: UInt8
  var relation: LayoutSyntax.Relation
  /// -1 for a constant constraint.
  var secondView: Int32
  var secondAttribute: LayoutAttribute?
  var secondIsGuide: UInt8
  var multiplier: Double
  var constant: Double
  var priority: Double
  /// A hash of all the fields, computed once, so that dictionary lookups hash one word.
  private(set) var digest: Int = 0

  init(
    firstView: Int32, firstAttribute: LayoutAttribute, firstIsGuide: UInt8, relation: LayoutSyntax.Relation,
    secondView: Int32, secondAttribute: LayoutAttribute?, secondIsGuide: UInt8, multiplier: Double,
    constant: Double, priority: Double
  ) {
    self.firstView = firstView
    self.firstAttribute = firstAttribute
    self.firstIsGuide = firstIsGuide
    self.relation = relation
    self.secondView = secondView
    self.secondAttribute = secondAttribute
    self.secondIsGuide = secondIsGuide
    self.multiplier = multiplier
    self.constant = constant
    self.priority = priority
    // FNV-1a over the fields' bits: cheap, and good enough to spread keys in a table.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ value: UInt64) {
      hash = (hash ^ value) &* 0x0000_0100_0000_01B3
    }
    mix(UInt64(bitPattern: Int64(firstView)))
    mix(UInt64(firstAttribute.hashValueForKey))
    mix(UInt64(firstIsGuide))
    mix(UInt64(relation.hashValueForKey))
    mix(UInt64(bitPattern: Int64(secondView)))
    mix(UInt64(secondAttribute.map { $0.hashValueForKey + 1 } ?? 0))
    mix(UInt64(secondIsGuide))
    mix(multiplier.bitPattern)
    mix(constant.bitPattern)
    mix(priority.bitPattern)
    digest = Int(truncatingIfNeeded: hash)
  }

  static func == (lhs: ConstraintKey, rhs: ConstraintKey) -> Bool {
    lhs.digest == rhs.digest && lhs.firstView == rhs.firstView && lhs.firstAttribute == rhs.firstAttribute
      && lhs.firstIsGuide == rhs.firstIsGuide && lhs.relation == rhs.relation && lhs.secondView == rhs.secondView
      && lhs.secondAttribute == rhs.secondAttribute && lhs.secondIsGuide == rhs.secondIsGuide
      && lhs.multiplier == rhs.multiplier && lhs.constant == rhs.constant && lhs.priority == rhs.priority
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(digest)
  }
}

extension LayoutAttribute {
  /// A small stable number for hashing keys.
  fileprivate var hashValueForKey: Int { LayoutAttribute.allCases.firstIndex(of: self) ?? 0 }
}

extension LayoutSyntax.Relation {
  fileprivate var hashValueForKey: Int {
    switch self {
    case .equal: 0
    case .lessThanOrEqual: 1
    case .greaterThanOrEqual: 2
    }
  }
}

/// The layout solved in one place: a solver kept alive with every constraint of the file.
///
/// Constraints are added in file order after the engine's own (root fixed to the canvas,
/// sizes non-negative). A required constraint that cannot hold is recorded as a conflict and
/// then added just below required, which is how UIKit recovers: it breaks the constraint and
/// satisfies it as well as it can.
///
/// `update(model:)` moves the solver to an edited file by removing and adding only the
/// constraints whose meaning changed. When a conflict is involved before or after, it
/// rebuilds instead, so that which constraint is broken never depends on the order of edits.
public final class PlaceSolver {
  /// The priority a broken required constraint keeps: above every priority a file can write
  /// below 1000, so it is still satisfied as well as possible.
  static let brokenPriority = 999.999

  /// What the solver holds for one constraint. Entries are kept in the order of
  /// `constraints` (the engine's, then the file's), which is also the order they were added
  /// after the last rebuild; the constraint itself is read from the model by position, so
  /// that ranges always follow the current text.
  ///
  /// 16 bytes: whether the entry is broken is kept in the sign of its tag (tags count up from
  /// 0), not in a flag that would pad an entry to 24 (two places of 100,000 constraints keep
  /// 200,000 entries).
  struct Entry {
    /// The tag, or its complement (`~tag`, negative) when the entry is broken.
    private var storedTag: Int
    var solverConstraint: Constraint?

    init(tag: Int, solverConstraint: Constraint?, isBroken: Bool) {
      assert(tag >= 0, "tags count up from 0")
      storedTag = isBroken ? ~tag : tag
      self.solverConstraint = solverConstraint
    }

    /// The tag of the entry's solver constraint.
    var tag: Int { storedTag >= 0 ? storedTag : ~storedTag }

    /// Whether the entry's constraint was broken to recover from a conflict (added at
    /// `brokenPriority`).
    var isBroken: Bool {
      get { storedTag < 0 }
      set { storedTag = newValue ? ~tag : tag }
    }
  }

  public private(set) var place: LayoutPlace {
    didSet { placeReference = PlaceReference(place) }
  }
  /// `place`, in the one object each of the place's findings refers to (`PlacedFinding`).
  private(set) var placeReference: PlaceReference
  private(set) var model: LayoutModel
  private(set) var system: LayoutSystem
  private var solver: Solver
  private var entries: [Entry] = []
  /// Whether the views' signatures (what the keys `update` matches constraints by are made
  /// of) are those of the current model. A place that does not follow updates from the start
  /// computes them at its first update (`plumb check` solves each place once and never reads
  /// them). See `keyEntries()`. The keys themselves are not kept: an entry's key is
  /// `key(_:)` of its constraint, read from the model by position, with these signatures
  /// (48 bytes a constraint a place otherwise), and `update` computes those of the entries it
  /// matches again, before the model and the signatures change.
  private var keyed = false
  /// How many of the entries are the engine's own constraints (they come first).
  private var engineCount = 0
  /// The engine's constraints as of the current model; computed when first asked for.
  private var cachedEngineConstraints: [LayoutConstraint]?
  /// Where the other places of the canvas share the engine's constraints and the views'
  /// signatures of the current model, when a live layout updates them together; consulted
  /// when either is next computed for the current model, and dropped when the model changes.
  private var share: CanvasShare?
  /// The position in `entries` of each tag (-1 for tags no longer in use); rebuilt when
  /// first needed after entries moved.
  private var indexOfTag: [Int32] = []
  private var indexIsStale = true
  private var nextTag = 0
  public private(set) var conflicts: [ConflictFinding] = []
  /// Set when the solver itself failed (budget or numerics); the results are then partial.
  public private(set) var failure: String?
  /// How many constraints the last `update(model:)` removed and added (for benchmarks and tests).
  public private(set) var lastUpdate: (removed: Int, added: Int, rebuilt: Bool) = (0, 0, true)

  public convenience init(model: LayoutModel, place: LayoutPlace) {
    self.init(model: model, place: place, followsUpdates: false)
  }

  /// - Parameter followsUpdates: whether the solver says what each change does from the
  ///   start (for a place that will be updated: a live layout's); otherwise from the first
  ///   `update(model:)` on, so that a place solved once pays nothing for it.
  /// - Parameter engine: the engine's constraints of `model` on `place.canvas`, when another
  ///   place of the same canvas already built them (they do not depend on the direction):
  ///   the places then share one array instead of keeping a copy each.
  /// - Parameter share: where the other places of the same canvas and model share the
  ///   engine's constraints and the views' signatures (see `CanvasShare`).
  /// - Parameter signatures: the table of view signatures, when the place shares it with
  ///   other places (a live layout's); otherwise the place keeps its own.
  init(
    model: LayoutModel, place: LayoutPlace, followsUpdates: Bool, engine: [LayoutConstraint]? = nil,
    share: CanvasShare? = nil, signatures: SignatureTable? = nil
  ) {
    self.model = model
    self.place = place
    placeReference = PlaceReference(place)
    self.followsUpdates = followsUpdates
    self.share = share
    signatureTable = signatures ?? SignatureTable()
    system = LayoutSystem(model: model, place: place)
    solver = Solver()
    rebuild(engine: engine)
  }

  /// Whether `acceptsEach` reads a freed conflict's answers from its certificate when that is
  /// unique, before the probe (tests turn it off to compare the two).
  var usesCertifiedRelaxations = true
  /// How many groups of relaxations `acceptsEach` answered from a certificate (for tests).
  private(set) var certifiedRelaxationCount = 0

  /// A pivot budget for every solver of this place, in place of the solver's own (for tests
  /// of what happens when the budget runs out).
  var pivotLimit: Int? {
    didSet {
      solver.pivotLimit = pivotLimit
      rebuild()
    }
  }

  private var engineConstraints: [LayoutConstraint] {
    if let cachedEngineConstraints { return cachedEngineConstraints }
    let system = self.system
    let built = share?.engineConstraints { system.engineConstraints() } ?? system.engineConstraints()
    cachedEngineConstraints = built
    return built
  }

  /// The engine's constraints if the place has computed them for the current model (for tests
  /// of what places share).
  var engineConstraintsIfComputed: [LayoutConstraint]? { cachedEngineConstraints }

  /// The signature id of every view of the current model, when the place has computed them
  /// (for tests of what places share).
  var viewSignatures: [String: Int32] { viewSignatureIDs }

  /// Every constraint in the solver, in the order added: the engine's first, then the file's.
  public var constraints: [LayoutConstraint] { engineConstraints + model.constraints }

  /// The constraint of the entry at `index`.
  private func constraint(at index: Int) -> LayoutConstraint? {
    if index < engineCount {
      let engine = engineConstraints
      return index < engine.count ? engine[index] : nil
    }
    let position = index - engineCount
    return position < model.constraints.count ? model.constraints[position] : nil
  }

  /// The file's constraints that were broken to recover from conflicts.
  public var brokenConstraints: [LayoutConstraint] {
    entries.indices.compactMap { entries[$0].isBroken ? constraint(at: $0) : nil }
  }

  /// The ids of every view signature and superview chain seen so far, kept across updates so
  /// that a view whose signature did not change keeps its id; shared by the places of a live
  /// layout.
  private let signatureTable: SignatureTable
  /// The signature id of every view of the current model.
  private var viewSignatureIDs: [String: Int32] = [:]

  /// Computes the signatures of the current model's views; those another place of the canvas
  /// computed for the same model when there are (the same ids: both read one table).
  /// - Parameter current: false when the model is not the one `share` is for (`keyEntries`,
  ///   which reads the model an update replaces).
  private func computeSignatures(current: Bool = true) {
    let model = self.model
    let table = signatureTable
    if current, let share {
      viewSignatureIDs = share.viewSignatures { table.signatures(of: model) }
    } else {
      viewSignatureIDs = table.signatures(of: model)
    }
  }
  private func key(_ constraint: LayoutConstraint) -> ConstraintKey {
    ConstraintKey(
      firstView: viewSignatureIDs[constraint.first.view] ?? -2, firstAttribute: constraint.first.attribute,
      firstIsGuide: ConstraintKey.guideCode(constraint.first.guide), relation: constraint.relation,
      secondView: constraint.second.map { viewSignatureIDs[$0.view] ?? -2 } ?? -1,
      secondAttribute: constraint.second?.attribute, secondIsGuide: ConstraintKey.guideCode(constraint.second?.guide),
      multiplier: constraint.multiplier, constant: constraint.constant, priority: constraint.priority)
  }

  /// Solves the current model again from nothing, in file order.
  func solveAgain() {
    rebuild()
  }

  /// Solves from nothing, in file order.
  /// - Parameter engine: the engine's constraints of the current model and canvas, if known.
  private func rebuild(engine known: [LayoutConstraint]? = nil) {
    solver = Solver()
    churn = 0
    if let pivotLimit { solver.pivotLimit = pivotLimit }
    system = LayoutSystem(model: model, place: place)
    // What is cached was computed for the current model and place (`update` drops it when
    // they change), so a rebuild of the same model keeps sharing it.
    cachedEngineConstraints = known ?? cachedEngineConstraints
    cachedAmbiguities = nil
    cachedSizeAlternatives = [:]
    cachedViews = nil
    cachedOptionalEntries = nil
    keyed = followsUpdates
    if keyed { computeSignatures() }
    entries = []
    indexIsStale = true
    conflicts = []
    failure = nil
    let engine = engineConstraints
    engineCount = engine.count
    entries.reserveCapacity(engine.count + model.constraints.count)
    let optional =
      engine.reduce(0) { $0 + ($1.priority < Priority.required ? 1 : 0) }
      + model.constraints.reduce(0) { $0 + ($1.priority < Priority.required ? 1 : 0) }
    solver.reserveCapacity(
      variables: 4 * system.orderedVariables.count,
      requiredConstraints: engine.count + model.constraints.count - optional, optionalConstraints: optional)
    for constraint in engine { appendEntry(for: constraint) }
    for constraint in model.constraints { appendEntry(for: constraint) }
    lastUpdate = (0, entries.count, true)
    carried = Carried()
    structureCaches = nil
    cachedViewTraits = nil
    residuals = nil
    lastCarry = nil
    // From here on the solver says what each update changed (`carryOver`).
    solver.tracksChanges = followsUpdates
  }

  /// Whether the solver journals its changes for `carryOver` (see `init`).
  private var followsUpdates: Bool

  /// Adds a constraint at the end, breaking it if it conflicts (during a rebuild).
  private func appendEntry(for constraint: LayoutConstraint) {
    var entry = Entry(tag: nextTag, solverConstraint: nil, isBroken: false)
    nextTag += 1
    add(&entry, constraint, allowConflict: true)
    entries.append(entry)
  }

  /// Computes the signatures from the current model, if the place did not keep them: exactly
  /// the signatures its rebuild would have computed, so every entry's key is the one its
  /// rebuild would have given it (the entries' constraints are the model's, by position).
  private func keyEntries() {
    guard !keyed else { return }
    computeSignatures(current: false)
    keyed = true
  }

  /// The keys of the entries in `range`, read from `constraints` (the model's, after the
  /// engine's) with the current signatures: what a rebuild, or the update that added each
  /// entry, computed for it. An update calls this before it replaces the model or the
  /// signatures.
  private func entryKeys(
    _ range: Range<Int>, engine: [LayoutConstraint], constraints: ConstraintList
  ) -> [ConstraintKey] {
    var result: [ConstraintKey] = []
    result.reserveCapacity(range.count)
    for index in range {
      let position = index - engineCount
      let constraint: LayoutConstraint? =
        index < engineCount
        ? (index < engine.count ? engine[index] : nil)
        : (position < constraints.count ? constraints[position] : nil)
      // Every entry has its constraint; a key no constraint has (view -3) would only make the
      // update remove and add the entry again.
      result.append(
        constraint.map(key)
          ?? ConstraintKey(
            firstView: -3, firstAttribute: .width, firstIsGuide: 0, relation: .equal, secondView: -3,
            secondAttribute: nil, secondIsGuide: 0, multiplier: 1, constant: 0, priority: 0))
    }
    return result
  }

  /// The entry index of a solver constraint's tag, if it is still in use.
  private func entryIndex(ofTag tag: Int) -> Int? {
    if indexIsStale {
      indexOfTag = [Int32](repeating: -1, count: nextTag)
      for index in entries.indices {
        let entryTag = entries[index].tag
        if entryTag >= 0 && entryTag < nextTag { indexOfTag[entryTag] = Int32(index) }
      }
      indexIsStale = false
    }
    guard tag >= 0, tag < indexOfTag.count else { return nil }
    let index = Int(indexOfTag[tag])
    return index >= 0 && index < entries.count && entries[index].tag == tag ? index : nil
  }

  /// Adds an entry's constraint. A conflict is recorded and the constraint broken when
  /// `allowConflict`; otherwise it returns false and changes nothing.
  @discardableResult
  private func add(_ entry: inout Entry, _ layoutConstraint: LayoutConstraint, allowConflict: Bool) -> Bool {
    guard let constraint = system.solverConstraint(layoutConstraint, tag: entry.tag) else { return true }
    do throws(SolverError) {
      try solver.add(constraint)
      entry.solverConstraint = constraint
      return true
    } catch {
      switch error {
      case .unsatisfiable(let conflict):
        guard allowConflict else { return false }
        // Only a rebuild breaks constraints, and it adds them in entry order: the members
        // are the entries already added.
        var others: [LayoutConstraint] = []
        var otherEntries: [Int] = []
        for member in conflict {
          guard let tag = member.tag, tag != entry.tag, let index = pendingIndex(tag),
            let other = self.constraint(at: index)
          else { continue }
          others.append(other)
          otherEntries.append(index)
        }
        conflicts.append(
          ConflictFinding(
            broken: layoutConstraint, others: others, brokenEntry: entries.count, otherEntries: otherEntries))
        entry.isBroken = true
        let broken = constraint.withPriority(PlaceSolver.brokenPriority)
        entry.solverConstraint = (try? solver.add(broken)) != nil ? broken : nil
        return true
      default:
        failure = error.description
        return allowConflict
      }
    }
  }

  /// During a rebuild entries are in tag order from the first tag.
  private func pendingIndex(_ tag: Int) -> Int? {
    guard let first = entries.first?.tag else { return nil }
    let index = tag - first
    return index >= 0 && index < entries.count && entries[index].tag == tag ? index : nil
  }

  /// Moves the solver to `newModel`, removing and adding only the constraints whose meaning
  /// changed. Rebuilds when a conflict is involved before or after, or when the solver fails.
  /// The place's canvas is fixed: a changed canvas is a new place.
  ///
  /// When the views are laid out as before (same views, superviews, margins, baselines),
  /// only the stretch of the file's constraints between the first and the last one whose
  /// meaning changed is compared; otherwise every constraint is matched by its key.
  ///
  /// - Returns: true when the update was incremental.
  /// - Parameter newPlace: the same canvas (size and safe area) and direction, whose
  ///   declaration may have moved in the text; nil keeps the place as it is.
  /// - Parameters:
  ///   - sameDeclarations: the caller knows the views are declared exactly as in the
  ///     current model (only their ranges moved), so they need not be compared.
  ///   - redeclaredViews: the caller knows the views are declared exactly as in the current
  ///     model but for these (declared again, with the same names): only they are compared.
  ///   - changedConstraints: the caller knows that only the current model's constraints
  ///     `old` were replaced, by the new model's `new`; the others are the same constraints
  ///     in the same order. Used when the views are laid out as before.
  @discardableResult
  public func update(
    model newModel: LayoutModel, place newPlace: LayoutPlace? = nil, sameDeclarations: Bool = false,
    redeclaredViews: [String]? = nil, changedConstraints: (old: Range<Int>, new: Range<Int>)? = nil
  ) -> Bool {
    update(
      model: newModel, place: newPlace, sameDeclarations: sameDeclarations, redeclaredViews: redeclaredViews,
      changedConstraints: changedConstraints, share: nil)
  }

  /// `update(model:place:sameDeclarations:redeclaredViews:changedConstraints:)`, with
  /// `share`: where the other places of the same canvas, updated to the same model, share the
  /// engine's constraints and the views' signatures of `newModel` (see `CanvasShare`).
  @discardableResult
  func update(
    model newModel: LayoutModel, place newPlace: LayoutPlace?, sameDeclarations: Bool,
    redeclaredViews: [String]?, changedConstraints: (old: Range<Int>, new: Range<Int>)?,
    share newShare: CanvasShare?
  ) -> Bool {
    // Keys are read against the model the entries were added from, before it is replaced.
    keyEntries()
    if let newPlace { place = newPlace }
    let oldModel = model
    model = newModel
    // What the last analysis found, to be carried over where the update changed nothing.
    let previous = (views: cachedViews, ambiguities: cachedAmbiguities, alternatives: cachedSizeAlternatives)
    let oldEngine = cachedEngineConstraints
    lastCarry = nil
    cachedAmbiguities = nil
    cachedSizeAlternatives = [:]
    cachedViews = nil
    cachedOptionalEntries = nil
    cachedEngineConstraints = nil
    share = newShare
    let hadConflicts = !conflicts.isEmpty || failure != nil
    if hadConflicts {
      rebuild()
      return false
    }
    // The stretch of entries to match again, and the new constraints that replace it.
    let oldRange: Range<Int>
    let oldKeys: [ConstraintKey]
    let newConstraints: ArraySlice<LayoutConstraint>
    let keepsViews: Bool
    if sameDeclarations {
      keepsViews = true
    } else if let names = redeclaredViews {
      keepsViews = names.allSatisfy { PlaceSolver.viewLaidOutAlike($0, oldModel, newModel) }
    } else {
      keepsViews = PlaceSolver.viewsLaidOutAlike(oldModel, newModel)
    }
    if !sameDeclarations {
      if keepsViews, let names = redeclaredViews { redeclareTraits(names) } else { cachedViewTraits = nil }
    }
    if keepsViews {
      system = system.with(model: newModel, place: place)
      if let changed = changedConstraints, changed.old.upperBound <= oldModel.constraints.count,
        changed.new.upperBound <= newModel.constraints.count,
        oldModel.constraints.count - changed.old.count == newModel.constraints.count - changed.new.count
      {
        oldRange = (engineCount + changed.old.lowerBound)..<(engineCount + changed.old.upperBound)
        newConstraints = ArraySlice(newModel.constraints[changed.new])
      } else {
        let (prefix, suffix) = PlaceSolver.commonEnds(oldModel.constraints.array, newModel.constraints.array)
        oldRange = (engineCount + prefix)..<(engineCount + oldModel.constraints.count - suffix)
        newConstraints = ArraySlice(newModel.constraints[prefix..<(newModel.constraints.count - suffix)])
      }
      // The views keep their signatures; the stretch holds none of the engine's constraints.
      oldKeys = entryKeys(oldRange, engine: [], constraints: oldModel.constraints)
    } else {
      // Every entry is matched again: its key with the old signatures, from the old model and
      // the engine's constraints of the old model (the system is still the old model's).
      oldKeys = entryKeys(
        0..<entries.count, engine: oldEngine ?? system.engineConstraints(), constraints: oldModel.constraints)
      system = LayoutSystem(model: newModel, place: place, reusing: system)
      structureCaches = nil
      computeSignatures()
      let engine = engineConstraints
      // Entry keys were computed with the old signatures; ids of unchanged signatures are kept.
      oldRange = 0..<entries.count
      newConstraints = (engine + newModel.constraints)[...]
      engineCount = engine.count
    }
    guard let change = replace(oldRange, keys: oldKeys, with: newConstraints) else {
      rebuild()
      return false
    }
    lastUpdate = (change.removed, change.added, false)
    // The solver never reuses the symbols of removed constraints, so a long editing session
    // would grow it without bound. Once the constraints replaced since the last rebuild
    // outnumber the layout's own, rebuild: memory stays proportional to the layout, at an
    // amortised cost of one added constraint per replaced one.
    churn += change.removed + change.added
    if churn > max(entries.count, 1_000) {
      rebuild()
      lastUpdate = (change.removed, change.added, true)
      return false
    }
    let changes = solver.takeChanges()
    followsUpdates = true
    solver.tracksChanges = true
    if keepsViews && !changes.all {
      carryOver(changes, views: previous.views, ambiguities: previous.ambiguities, alternatives: previous.alternatives)
      for variable in changes.values { residuals?.valueChanged(variable) }
    } else {
      carried = Carried()
      residuals = nil
    }
    return true
  }

  /// Replaces the entries in `range` by entries for `constraints`, matching each new
  /// constraint with an old entry of the same key, in order, so that only constraints whose
  /// meaning changed are removed and added. Nil when the solver refused (a conflict or a
  /// failure): the caller rebuilds.
  /// `keys` are the keys of the entries in `range`, in order.
  private func replace(
    _ range: Range<Int>, keys: [ConstraintKey], with constraints: ArraySlice<LayoutConstraint>
  ) -> (removed: Int, added: Int)? {
    guard keys.count == range.count else { return nil }
    // A multiset of the old entries by key: the first unmatched index of each key and a
    // chain to the next old entry with the same key.
    var firstUnmatched: [ConstraintKey: Int] = [:]
    firstUnmatched.reserveCapacity(range.count)
    var nextWithSameKey = [Int](repeating: -1, count: range.count)
    for index in range.reversed() {
      if let next = firstUnmatched.updateValue(index, forKey: keys[index - range.lowerBound]) {
        nextWithSameKey[index - range.lowerBound] = next
      }
    }
    var matched = [Bool](repeating: false, count: range.count)
    var replacement: [Entry] = []
    replacement.reserveCapacity(constraints.count)
    var toAdd: [(position: Int, constraint: LayoutConstraint)] = []
    for constraint in constraints {
      let constraintKey = key(constraint)
      if let position = firstUnmatched.index(forKey: constraintKey), firstUnmatched.values[position] >= 0 {
        let index = firstUnmatched.values[position]
        firstUnmatched.values[position] = nextWithSameKey[index - range.lowerBound]
        matched[index - range.lowerBound] = true
        replacement.append(entries[index])
      } else {
        toAdd.append((replacement.count, constraint))
        replacement.append(Entry(tag: nextTag, solverConstraint: nil, isBroken: false))
        nextTag += 1
      }
    }
    var removed = 0
    let oldTags = residuals == nil ? [] : entries[range].map(\.tag)
    for offset in matched.indices where !matched[offset] {
      removed += 1
      guard let constraint = entries[range.lowerBound + offset].solverConstraint else { continue }
      if (try? solver.remove(constraint)) == nil { return nil }
    }
    for (position, constraint) in toAdd {
      if !add(&replacement[position], constraint, allowConflict: false) {
        // A conflict: the caller starts over in file order, so the same constraint is
        // broken as in a fresh check of the file.
        return nil
      }
    }
    entries.replaceSubrange(range, with: replacement)
    if removed > 0 || !toAdd.isEmpty || range.count != replacement.count { indexIsStale = true }
    if residuals != nil {
      // The residual check reads the file's required constraints: it forgets those taken away
      // and reads those added.
      for offset in matched.indices where !matched[offset] {
        residuals?.forget(oldTags[offset])
      }
      for (position, _) in toAdd where range.lowerBound + position >= engineCount {
        if let constraint = replacement[position].solverConstraint, constraint.priority >= 1000,
          residuals?.read(constraint, tag: replacement[position].tag) == false
        {
          residuals = nil
        }
      }
    }
    return (removed, toAdd.count)
  }

  /// Whether two models give every view the same variables and attribute expressions: the
  /// same views in the same order, with the same superviews, margins, baselines and
  /// alignment insets, and stack views of the same axes (which decide where their layout
  /// guides rest, in the engine's constraints). Ranges and other properties may differ.
  static func viewsLaidOutAlike(_ a: LayoutModel, _ b: LayoutModel) -> Bool {
    guard a.viewOrder == b.viewOrder else { return false }
    return a.viewOrder.allSatisfy { viewLaidOutAlike($0, a, b) }
  }

  /// Whether the view `name` is laid out alike in both models (see `viewsLaidOutAlike`).
  static func viewLaidOutAlike(_ name: String, _ a: LayoutModel, _ b: LayoutModel) -> Bool {
    guard let x = a.views[name], let y = b.views[name] else { return false }
    return x.superview == y.superview && x.margins == y.margins && x.baselineOffset == y.baselineOffset
      && x.firstBaselineFromTop == y.firstBaselineFromTop && x.layoutGuide == y.layoutGuide
      && x.alignmentInsets == y.alignmentInsets && x.stack?.axis == y.stack?.axis
  }

  /// How many constraints at the start and at the end of two lists lower to the same solver
  /// constraints in models whose views are laid out alike (everything equal but where they
  /// came from). The two stretches do not overlap.
  static func commonEnds(_ old: [LayoutConstraint], _ new: [LayoutConstraint]) -> (prefix: Int, suffix: Int) {
    // Compared in place: copying a constraint out of the array costs more than comparing it.
    old.withUnsafeBufferPointer { a in
      new.withUnsafeBufferPointer { b in
        @inline(__always) func same(_ i: Int, _ j: Int) -> Bool {
          a[i].constant == b[j].constant && a[i].priority == b[j].priority && a[i].multiplier == b[j].multiplier
            && a[i].relation == b[j].relation && a[i].first == b[j].first && a[i].second == b[j].second
        }
        let limit = min(a.count, b.count)
        var prefix = 0
        while prefix < limit, same(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < limit - prefix, same(a.count - 1 - suffix, b.count - 1 - suffix) { suffix += 1 }
        return (prefix, suffix)
      }
    }
  }

  /// Constraints removed and added since the solver was last built from nothing.
  private var churn = 0

  // MARK: - Trying fixes

  /// The position in `model.constraints` of a solver entry, nil for the engine's own.
  func modelPosition(ofEntry index: Int) -> Int? {
    let position = index - engineCount
    return position >= 0 && position < model.constraints.count ? position : nil
  }

  /// Whether a change of the file's constraints, as a fix makes it, would leave every
  /// constraint that holds now holding and make no other constraint break, and then determine
  /// where `view` is along `axis` (when a view is given).
  ///
  /// Recovery breaks constraints in file order, so it is enough that the constraints that
  /// will be required (those that hold now, less the ones the change takes away, with the
  /// ones it adds or puts in their place, and every constraint broken because of one it takes
  /// away) hold together: each then holds wherever the change puts it in the file, and the
  /// constraints broken for other reasons stay broken, with the same conflicts. A replacement
  /// of a broken constraint, or a constraint broken because of one taken away, that still
  /// cannot hold is refused, though it might have held earlier in the file: the answer errs
  /// towards no fix. The solver is asked in a probe and left as it was.
  func accepts(_ change: ConstraintChange, determining view: String? = nil, axis: AttributeAxis = .horizontal) -> Bool {
    let taken = Set((change.relaxed + change.replaced.map(\.position)).map { $0 + engineCount })
    let freed = conflicts.filter { conflict in
      !taken.contains(conflict.brokenEntry) && conflict.otherEntries.contains { taken.contains($0) }
    }
    let required = change.replaced.sorted { $0.position < $1.position }.map(\.by) + change.added
    if freed.isEmpty && view == nil && !required.contains(where: \.isRequired) { return true }
    guard failure == nil else { return false }
    // The ambiguity queries of the probe leave the structural test's scratch on the solver
    // (several bytes a symbol); the fix planning that asks this is done with it afterwards.
    defer { if view != nil { solver.forgetRayAlternatives() } }
    return solver.probe { solver in
      for index in taken.sorted() where index < entries.count {
        guard let current = entries[index].solverConstraint else { continue }
        guard (try? solver.remove(current)) != nil else { return false }
      }
      guard addRequired(required, to: solver) else { return false }
      for conflict in freed {
        let index = conflict.brokenEntry
        guard index < entries.count, let layoutConstraint = constraint(at: index) else { return false }
        if let broken = entries[index].solverConstraint {
          guard (try? solver.remove(broken)) != nil else { return false }
        }
        guard let again = system.solverConstraint(layoutConstraint, tag: entries[index].tag) else { continue }
        guard (try? solver.add(again)) != nil else { return false }
      }
      guard let view, let vars = system.variables(of: view) else { return true }
      let (position, size) = axis == .horizontal ? (vars.x, vars.width) : (vars.y, vars.height)
      return !solver.isAmbiguous(position) && !solver.isAmbiguous(size)
    }
  }

  /// Whether the required constraints of `added`, all of them at once, hold with every
  /// constraint that holds now (one probe). When they do, so does any part of them, since
  /// fewer constraints can only be easier to satisfy: `accepts(ConstraintChange(added: part))`
  /// is then true for every part, and with `determining: view` too when the part's pins
  /// fix the view by themselves (`pinsDetermine`).
  ///
  /// Answered without the probe when the solver can tell from its rows that every one of
  /// them would be added (`Solver.certainlyAccepts`: the pins of views left free, such as the
  /// vertical pins of a horizontal chain), which is the probe's answer; `certainty: false`
  /// always probes (for the tests that compare the two).
  func acceptsTogether(_ added: [LayoutConstraint], certainty: Bool = true) -> Bool {
    guard failure == nil else { return false }
    // What `addRequired` adds, in its order and with its tags, lowered as it is needed
    // (lowering reads no solver), once for both questions.
    var lowered: [Constraint] = []
    var position = 0
    func lower(upTo count: Int) {
      while lowered.count < count, position < added.count {
        defer { position += 1 }
        let constraint = added[position]
        guard constraint.isRequired, let solverConstraint = system.solverConstraint(constraint, tag: nextTag + position)
        else { continue }
        lowered.append(solverConstraint)
      }
    }
    if certainty {
      // Asked of the first two constraints, then the first 32, then all of them: when a
      // beginning is not certain, neither is the list (the question reads the list in
      // order), and pins that cannot all be added usually show it among the first (a chain
      // whose views' pins hold one by one but not together), before the whole list is lowered.
      for length in [2, 32, Int.max] {
        lower(upTo: length)
        guard solver.certainlyAccepts(lowered) else { break }
        if position >= added.count { return true }
      }
    }
    return solver.probe { solver in
      var index = 0
      while true {
        if index == lowered.count { lower(upTo: index + 1) }
        guard index < lowered.count else { return true }
        guard (try? solver.add(lowered[index])) != nil else { return false }
        index += 1
      }
    }
  }

  /// Whether the solver tells from its rows that every required constraint of `added` would
  /// be added (`Solver.certainlyAccepts` of the whole list at once): what `acceptsTogether`
  /// asks before its probe, for the tests.
  func certainlyAcceptsTogether(_ added: [LayoutConstraint]) -> Bool {
    guard failure == nil else { return false }
    let lowered = added.indices.compactMap { offset in
      added[offset].isRequired ? system.solverConstraint(added[offset], tag: nextTag + offset) : nil
    }
    return solver.certainlyAccepts(lowered)
  }

  /// `accepts(ConstraintChange(added: pins), determining: determining ? view : nil, axis:)`
  /// when it is known without a probe: true when the solver can tell from its rows that the
  /// pins would be added without a conflict (`Solver.certainlyAccepts`) and, when the view
  /// must be determined, the pins fix it by themselves (`pinsDetermine`, as for
  /// `acceptsTogether`); nil when it cannot tell (the probe then decides).
  func acceptsWithoutProbe(pins: [LayoutConstraint], view: String, axis: AttributeAxis, determining: Bool)
    -> Bool?
  {
    guard failure == nil, !pins.isEmpty, pins.allSatisfy(\.isRequired) else { return nil }
    // `pinsDetermine` asks for equalities only.
    if determining && !pins.allSatisfy({ $0.relation == .equal }) { return nil }
    // Lowered once, for both questions: what `pinsDetermine` reads of them (their terms)
    // does not depend on their tags.
    var constraints: [Constraint] = []
    constraints.reserveCapacity(pins.count)
    for (offset, pin) in pins.enumerated() {
      guard let constraint = system.solverConstraint(pin, tag: nextTag + offset) else { return nil }
      constraints.append(constraint)
    }
    if determining && !pinsDetermine(lowered: constraints, view: view, axis: axis) { return nil }
    return solver.certainlyAccepts(constraints) ? true : nil
  }

  /// `(pinsDetermine(pins, view:axis:), holdsNow(pins))`, with the pins lowered once for
  /// both (`pinsDetermine` only when `determining`; false otherwise).
  func pinAnswers(_ pins: [LayoutConstraint], view: String, axis: AttributeAxis, determining: Bool)
    -> (determine: Bool, holdsNow: Bool)
  {
    guard let lowered = loweredEqualities(pins) else { return (false, false) }
    let determine = determining && pinsDetermine(lowered: lowered, view: view, axis: axis)
    return (determine, failure == nil && holdsNow(lowered: lowered))
  }

  /// The required equalities `constraints` lowered (tag 0), as `holdsNow` and `pinsDetermine`
  /// read them; nil when one is not a required equality or does not lower.
  private func loweredEqualities(_ constraints: [LayoutConstraint]) -> [Constraint]? {
    var lowered: [Constraint] = []
    lowered.reserveCapacity(constraints.count)
    for constraint in constraints {
      guard constraint.isRequired, constraint.relation == .equal,
        let solverConstraint = system.solverConstraint(constraint, tag: 0)
      else { return nil }
      lowered.append(solverConstraint)
    }
    return lowered
  }

  /// Adds the required constraints of `constraints` to `solver` (a probe's), tagged after the
  /// entries' tags, as `accepts` tries them (`acceptsTogether` lowers them alike, one at a time,
  /// to keep them for its probe); false when one cannot be added.
  private func addRequired(_ constraints: [LayoutConstraint], to solver: Solver) -> Bool {
    for (offset, constraint) in constraints.enumerated() where constraint.isRequired {
      guard let solverConstraint = system.solverConstraint(constraint, tag: nextTag + offset) else { continue }
      guard (try? solver.add(solverConstraint)) != nil else { return false }
    }
    return true
  }

  /// Whether the current solution satisfies each of the required equalities `constraints`
  /// exactly. Every constraint that holds now holds at the current solution too, so the
  /// constraints can be added to them, and `accepts(ConstraintChange(added: constraints))`
  /// is true without a probe (with `determining: view` too, when they fix the view by
  /// themselves: `pinsDetermine`).
  func holdsNow(_ constraints: [LayoutConstraint]) -> Bool {
    guard failure == nil, let lowered = loweredEqualities(constraints) else { return false }
    return holdsNow(lowered: lowered)
  }

  /// `holdsNow` of equalities already lowered.
  private func holdsNow(lowered: [Constraint]) -> Bool {
    for solverConstraint in lowered {
      var total = solverConstraint.constant
      for term in solverConstraint.terms { total += term.coefficient * value(term.variable) }
      guard total == 0 else { return false }
    }
    return true
  }

  /// Whether the required equalities `pins`, once they hold, leave the view's position and
  /// size along `axis` one value each whatever else holds: one pin is `size == constant`,
  /// another an equation of the position (with a nonzero coefficient) and the size only.
  /// Then the view is determined wherever the pins can be added (`acceptsTogether`).
  func pinsDetermine(_ pins: [LayoutConstraint], view: String, axis: AttributeAxis) -> Bool {
    guard let lowered = loweredEqualities(pins) else { return false }
    return pinsDetermine(lowered: lowered, view: view, axis: axis)
  }

  /// `pinsDetermine` of required equalities already lowered (their terms: any tag).
  private func pinsDetermine(lowered: [Constraint], view: String, axis: AttributeAxis) -> Bool {
    guard let vars = system.variables(of: view) else { return false }
    let (position, size) = axis == .horizontal ? (vars.x, vars.width) : (vars.y, vars.height)
    var sizePinned = false
    var positionPinned = false
    for constraint in lowered {
      // The same variable may appear more than once (a view's origin and its superview's,
      // which cancel): what counts is each variable's total coefficient, summed in the
      // order of the terms. Any other variable's must be 0.
      let terms = constraint.terms
      var onPosition: Double?
      var onSize: Double?
      for (index, term) in terms.enumerated() {
        let variable = term.variable
        // Each variable is summed at its first term.
        guard !terms[..<index].contains(where: { $0.variable === variable }) else { continue }
        var total = term.coefficient
        for later in terms[(index + 1)...] where later.variable === variable { total += later.coefficient }
        if total == 0 { continue }
        if variable === position {
          onPosition = total
        } else if variable === size {
          onSize = total
        } else {
          return false
        }
      }
      if let coefficient = onPosition {
        guard coefficient.isFinite else { return false }
        positionPinned = true
      } else {
        guard let coefficient = onSize, coefficient.isFinite else { return false }
        sizePinned = true
      }
    }
    return sizePinned && positionPinned
  }

  /// `accepts(ConstraintChange(relaxed: positions))` for each set of positions, answered
  /// together: the relaxations that free the same conflicts share one probe.
  ///
  /// With the union of their constraints taken away and the freed constraints required, a
  /// relaxation's answer is whether the others of the union can be added back. Adding them
  /// back half by half (each half in a nested probe, the other half's answers found inside
  /// it) decides k relaxations with about k · log k additions instead of k probes, each of
  /// which removes and restores as much of the tableau as the chain of constraints the
  /// member is part of. The sets must be pairwise disjoint (the copies of an equation are).
  /// A set whose answer cannot be found that way (a removal fails) is asked alone.
  func acceptsEach(relaxing sets: [[Int]]) -> [Bool] {
    var answers = [Bool?](repeating: nil, count: sets.count)
    var groups: [[Int]: [Int]] = [:]
    var groupOrder: [[Int]] = []
    // The conflicts each entry is an other member of, in the order of the conflicts: a set's
    // freed conflicts are read from its own entries instead of a scan of every conflict's
    // members per set (quadratic for one conflict of many members).
    var conflictsOfEntry: [Int: [Int]] = [:]
    for (conflictIndex, conflict) in conflicts.enumerated() {
      for entry in conflict.otherEntries where conflictsOfEntry[entry]?.last != conflictIndex {
        conflictsOfEntry[entry, default: []].append(conflictIndex)
      }
    }
    for (index, positions) in sets.enumerated() {
      let taken = Set(positions.map { $0 + engineCount })
      var freed: [Int] = []
      for entry in taken {
        for conflictIndex in conflictsOfEntry[entry] ?? [] where !taken.contains(conflicts[conflictIndex].brokenEntry) {
          freed.append(conflictIndex)
        }
      }
      if freed.count > 1 { freed = Array(Set(freed)).sorted() }
      if freed.isEmpty {
        answers[index] = true
        continue
      }
      if failure != nil {
        answers[index] = false
        continue
      }
      if groups[freed] == nil { groupOrder.append(freed) }
      groups[freed, default: []].append(index)
    }
    for freed in groupOrder {
      guard let members = groups[freed] else { continue }
      let takenSets = members.map { sets[$0].map { $0 + engineCount }.filter { $0 < entries.count } }
      var seen = Set<Int>()
      let disjoint = takenSets.allSatisfy { taken in taken.allSatisfy { seen.insert($0).inserted } }
      var found: [Bool]?
      if disjoint && members.count > 1 {
        found = certifiedLeaveOneOut(takenSets, freeing: freed)
        if found != nil { certifiedRelaxationCount += 1 }
        found = found ?? leaveOneOut(takenSets, freeing: freed)
      }
      for (offset, index) in members.enumerated() {
        answers[index] = found?[offset] ?? accepts(ConstraintChange(relaxed: sets[index]))
      }
    }
    return answers.map { $0 ?? false }
  }

  /// `leaveOneOut` without a probe, when one conflict is freed and its certificate is unique
  /// (`Solver.certifiedRelaxations`): a set can be taken away exactly when it holds a member
  /// of that certificate. Nil when that cannot be shown; then the probe decides.
  private func certifiedLeaveOneOut(_ takenSets: [[Int]], freeing freed: [Int]) -> [Bool]? {
    guard usesCertifiedRelaxations, freed.count == 1 else { return nil }
    let index = conflicts[freed[0]].brokenEntry
    guard index < entries.count, let layoutConstraint = constraint(at: index),
      let again = system.solverConstraint(layoutConstraint, tag: entries[index].tag)
    else { return nil }
    let excluded = entries[index].solverConstraint.map { [$0] } ?? []
    let sets = takenSets.map { taken in taken.compactMap { entries[$0].solverConstraint } }
    return solver.certifiedRelaxations(sets, excluding: excluded, adding: again)
  }

  /// Whether each of the disjoint sets of entries can be taken away (the others kept) with
  /// the broken constraints of `freed` required again; nil when the probe could not start.
  private func leaveOneOut(_ takenSets: [[Int]], freeing freed: [Int]) -> [Bool]? {
    solver.probe { solver -> [Bool]? in
      // Newest first: taking away the last constraints of a chain rewrites the fewest rows.
      for index in takenSets.joined().sorted(by: >) {
        guard let current = entries[index].solverConstraint else { continue }
        guard (try? solver.remove(current)) != nil else { return nil }
      }
      // When a freed constraint cannot be required again, no set is answered.
      let none = [Bool](repeating: false, count: takenSets.count)
      for conflictIndex in freed {
        let index = conflicts[conflictIndex].brokenEntry
        guard index < entries.count, let layoutConstraint = constraint(at: index) else { return none }
        if let broken = entries[index].solverConstraint {
          guard (try? solver.remove(broken)) != nil else { return nil }
        }
        guard let again = system.solverConstraint(layoutConstraint, tag: entries[index].tag) else { continue }
        guard (try? solver.add(again)) != nil else { return none }
      }
      // Adds back the sets in `range`, in file order; false when one cannot hold.
      func addBack(_ range: Range<Int>) -> Bool {
        for index in takenSets[range].joined().sorted() {
          guard let current = entries[index].solverConstraint else { continue }
          guard (try? solver.add(current)) != nil else { return false }
        }
        return true
      }
      return solver.leaveOneOutByHalves(count: takenSets.count, addBack: addBack)
    }
  }

  // MARK: - Reading the solution

  /// The value of a variable in the current solution.
  func value(_ variable: Variable) -> Double { solver.value(of: variable) }

  /// A view's geometry, or nil for an unknown view.
  public func solvedView(_ name: String) -> SolvedView? {
    guard let index = system.indexOfView[name] else { return nil }
    let all = cachedViews ?? readAllViews()
    return index < all.count ? all[index] : nil
  }

  /// Every view's geometry, in declaration order (the root first), with the position of each
  /// one's superview in the same list (-1 for the root): for checks that visit every view.
  func allSolvedViews() -> (views: [SolvedView?], superviews: [Int]) {
    (cachedViews ?? readAllViews(), system.superviewIndex)
  }

  /// Every view's geometry in the current solution, in `model.viewOrder` order; read in
  /// one pass when first asked for, and cleared by every change.
  private var cachedViews: [SolvedView?]?

  /// Reads every view's four variables once and adds the origins up the superview chains.
  private func readAllViews() -> [SolvedView?] {
    let ordered = system.orderedVariables
    let parents = system.superviewIndex
    let insets = system.orderedInsets
    let count = min(ordered.count, insets.count)
    var own = [Rect](repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: count)
    for index in 0..<count {
      let vars = ordered[index]
      own[index] = Rect(x: value(vars.x), y: value(vars.y), width: value(vars.width), height: value(vars.height))
    }
    // The sum of the origins from each view up to the root, less the insets of the views
    // above it (a view's origin is in its superview's bounds); a chain longer than the views
    // (impossible in a well-formed model) stops there.
    var origin = [(x: Double, y: Double)?](repeating: nil, count: count)
    var pending: [Int] = []
    for index in 0..<count where origin[index] == nil {
      var current = index
      while current >= 0, current < count, origin[current] == nil, pending.count <= count {
        pending.append(current)
        current = parents[current]
      }
      var base: (x: Double, y: Double) = (0, 0)
      if current >= 0, current < count, let known = origin[current] {
        let inset = boundsOffset(current)
        base = (known.x - inset.x, known.y - inset.y)
      }
      while let next = pending.popLast() {
        let sum = (x: base.x + own[next].x, y: base.y + own[next].y)
        origin[next] = sum
        let inset = boundsOffset(next)
        base = (sum.x - inset.x, sum.y - inset.y)
      }
    }
    var result = [SolvedView?](repeating: nil, count: count)
    for index in 0..<min(count, system.orderedNames.count) {
      result[index] = solvedView(at: index, own: own, origin: origin[index])
    }
    carried.own = own
    carried.origins = origin
    carried.overhangs = nil
    carried.notFinite = nil
    cachedViews = result
    return result
  }

  /// Where a view's bounds start, from the origin of its alignment rectangle: right to left,
  /// offsets count from the right edge, so the right inset.
  private func boundsOffset(_ index: Int) -> (x: Double, y: Double) {
    let own = system.orderedInsets[index]
    return (place.direction == .rtl ? own.right : own.left, own.top)
  }

  /// The geometry of the view at `index` from every view's own rectangle (its four
  /// variables) and its origin summed up the superview chain.
  private func solvedView(at index: Int, own: [Rect], origin: (x: Double, y: Double)?) -> SolvedView {
    let parents = system.superviewIndex
    let insets = system.orderedInsets
    let names = system.orderedNames
    let count = own.count
    let rtl = place.direction == .rtl
    let rect = own[index]
    let parent = parents[index]
    var x = rect.x
    if rtl {
      // Right to left, `x` is the offset from the right edge of the superview's bounds.
      let boundsWidth =
        parent >= 0 && parent < count
        ? own[parent].width + insets[parent].left + insets[parent].right : place.canvas.width
      x = boundsWidth - rect.x - rect.width
    }
    let alignment = Rect(x: x, y: rect.y, width: rect.width, height: rect.height)
    let sum = origin ?? (rect.x, rect.y)
    let absoluteX = rtl ? place.canvas.width - sum.x - rect.width : sum.x
    return SolvedView(
      name: names[index], superview: parent >= 0 && parent < names.count ? names[parent] : nil,
      frame: PlaceSolver.frame(of: alignment, insets: insets[index]),
      alignment: alignment, absoluteAlignment: Rect(x: absoluteX, y: sum.y, width: rect.width, height: rect.height))
  }

  /// A view's geometry with variables read by `read` (the current solution, or an alternative).
  func solvedView(_ name: String, reading read: (Variable) -> Double) -> SolvedView? {
    guard let node = model.views[name], let vars = system.variables(of: name) else { return nil }
    let rtl = place.direction == .rtl
    let width = read(vars.width)
    var x = read(vars.x)
    if rtl {
      // Right to left, `x` is the offset from the right edge of the superview's bounds.
      var boundsWidth = place.canvas.width
      if let superview = node.superview, let parentVars = system.variables(of: superview) {
        let parentInsets = model.views[superview]?.alignmentInsets ?? .zero
        boundsWidth = read(parentVars.width) + parentInsets.left + parentInsets.right
      }
      x = boundsWidth - x - width
    }
    let alignment = Rect(x: x, y: read(vars.y), width: width, height: read(vars.height))
    var offset = read(vars.x)
    var top = alignment.y
    var parent = node.superview
    var steps = 0
    while let current = parent, let parentVars = system.variables(of: current), steps <= model.viewOrder.count {
      let parentNode = model.views[current]
      let insets = parentNode?.alignmentInsets ?? .zero
      offset += read(parentVars.x) - (rtl ? insets.right : insets.left)
      top += read(parentVars.y) - insets.top
      parent = parentNode?.superview
      steps += 1
    }
    let absoluteX = rtl ? place.canvas.width - offset - width : offset
    let absolute = Rect(x: absoluteX, y: top, width: width, height: alignment.height)
    return SolvedView(
      name: name, superview: node.superview, frame: PlaceSolver.frame(of: alignment, insets: node.alignmentInsets),
      alignment: alignment, absoluteAlignment: absolute)
  }

  /// The frame of an alignment rectangle: larger by the alignment insets.
  static func frame(of alignment: Rect, insets: EdgeInsets) -> Rect {
    Rect(
      x: alignment.x - insets.left, y: alignment.y - insets.top,
      width: alignment.width + insets.left + insets.right, height: alignment.height + insets.top + insets.bottom)
  }

  // MARK: - Ambiguity

  /// Every view whose frame is not uniquely determined on an axis, with another frame the
  /// constraints also allow and the values its open parts can take. The cheap structural
  /// test runs on all variables at once; the alternative and the ranges (a few LPs on the
  /// optimal face each) are computed only for the views it flags. Every finding has its
  /// ranges (those `ambiguitiesWithDeferredRanges()` left out are computed now, once).
  public func ambiguities() -> [AmbiguityFinding] {
    let found = ambiguitiesWithDeferredRanges()
    guard !deferredRanges.isEmpty else { return found }
    var filled = found
    for (key, deferred) in deferredRanges where deferred.index < filled.count && filled[deferred.index].view == key.view {
      filled[deferred.index] = withRanges(filled[deferred.index], deferred: deferred)
    }
    solver.forgetRayAlternatives()
    cachedAmbiguities = filled
    return filled
  }

  /// `ambiguities()`, except that a place that does not follow updates leaves out the ranges
  /// of the findings a content priority may explain (an open size of a view with an intrinsic
  /// size on that axis): the checks report most of those as `content-priority-ambiguity`, which
  /// quotes no range, and a row of N labels asked two face LPs over a row as long as the labels
  /// after each x for all of them (`withRanges(_:)` completes one finding, `ambiguities()` all).
  func ambiguitiesWithDeferredRanges() -> [AmbiguityFinding] {
    if let cachedAmbiguities { return cachedAmbiguities }
    let (findings, deferred) = computeAmbiguities()
    cachedAmbiguities = findings
    deferredRanges = deferred
    return findings
  }

  /// The finding with its ranges and alternative frame, as `ambiguities()` has it: computed
  /// now when `ambiguitiesWithDeferredRanges()` left them out (from the same solution, with the
  /// range of the variable its alternative moved, as `computeAmbiguities` would have).
  func withRanges(_ finding: AmbiguityFinding) -> AmbiguityFinding {
    guard !deferredRanges.isEmpty, let deferred = deferredRanges[SizeKey(view: finding.view, axis: finding.axis)]
    else { return finding }
    defer { solver.forgetRayAlternatives() }
    return withRanges(finding, deferred: deferred)
  }

  private func withRanges(_ finding: AmbiguityFinding, deferred: DeferredRange) -> AmbiguityFinding {
    var completed = finding
    if deferred.framesLater, let probe = deferred.probe,
      let alternative = alternativeFrame(of: finding.view, moving: probe.variable)
    {
      completed.alternative = alternative
    }
    if let frame = frameExpressions(of: finding.view, axis: finding.axis) {
      if finding.position { completed.positionRange = range(of: frame.position, known: deferred.probe) }
      if finding.size { completed.sizeRange = range(of: frame.size, known: deferred.probe) }
    }
    return completed
  }

  /// The alternative frame `computeAmbiguities` would have given the view, whose alternative
  /// listed only the sizes: the same question asked again of the same solution, listing the
  /// variables the frame reads (`readListing`), so the same values bit for bit.
  private func alternativeFrame(of name: String, moving probe: Variable) -> Rect? {
    guard let index = system.indexOfView[name] else { return nil }
    let base = frameListing ?? solver.alternativeListing([])
    frameListing = base
    guard case .ambiguous(_, _, let solution) = solver.ambiguity(of: probe, listing: readListing(ofView: index, sizes: base))
    else { return nil }
    let read = { (variable: Variable) in solution[variable] ?? self.value(variable) }
    return solvedView(name, reading: read)?.frame
  }

  /// The listing of no variable the alternative frames of deferred findings add their views'
  /// variables to (one mask for all of them, so that the walk's reach is worked out once).
  private var frameListing: AlternativeListing?

  /// The answer of `ambiguities()` for the current solution; cleared by every change.
  private var cachedAmbiguities: [AmbiguityFinding]? {
    didSet {
      cachedAmbiguousViews = nil
      deferredRanges = [:]
      frameListing = nil
    }
  }

  /// The findings of `cachedAmbiguities` whose ranges were left out (by view and axis: the
  /// finding's position in the list and the range of the variable its alternative moved).
  private var deferredRanges: [SizeKey: DeferredRange] = [:]

  /// Whether the view has an intrinsic size on the axis (the ambiguity check's condition for a
  /// content priority to explain its open size).
  private func hasIntrinsicSize(_ name: String, axis: AttributeAxis) -> Bool {
    guard let node = model.views[name] else { return false }
    return (axis == .horizontal ? node.intrinsicWidth : node.intrinsicHeight) != nil
  }

  private struct DeferredRange {
    var index: Int
    var probe: (variable: Variable, range: ValueRange)?
    /// Whether the finding's alternative frame is left out too (its alternative listed only the
    /// sizes): `withRanges` works it out.
    var framesLater: Bool
  }

  /// Whether `ambiguities()` has a finding for the view along the axis: a lookup, where a
  /// scan of the findings for every ambiguous view was quadratic in their number.
  func isAmbiguous(_ view: String, axis: AttributeAxis) -> Bool {
    if cachedAmbiguities == nil || cachedAmbiguousViews == nil {
      let findings = ambiguitiesWithDeferredRanges()
      cachedAmbiguousViews = Set(findings.map { SizeKey(view: $0.view, axis: $0.axis) })
    }
    return cachedAmbiguousViews?.contains(SizeKey(view: view, axis: axis)) ?? false
  }

  private var cachedAmbiguousViews: Set<SizeKey>?

  /// Lets go of the answers the checks cached (the ambiguity findings and the alternatives
  /// of open sizes, the optional constraints by variable, what an update would carry over),
  /// for a place that is asked nothing more: each is computed again, the same, if asked.
  /// The frames are kept.
  func forgetAnswers() {
    cachedAmbiguities = nil
    cachedSizeAlternatives = [:]
    cachedOptionalEntries = nil
    carried.ambiguousBits = []
    carried.findings = [:]
    carried.alternativeReaders = [:]
  }

  private func computeAmbiguities() -> (findings: [AmbiguityFinding], deferred: [SizeKey: DeferredRange]) {
    cachedSizeAlternatives = [:]
    carried.findings = [:]
    carried.alternativeReaders = [:]
    var candidates: [Variable] = []
    candidates.reserveCapacity(4 * system.orderedVariables.count)
    let rootIndex = system.indexOfView[LayoutModel.rootName]
    for (index, vars) in system.orderedVariables.enumerated() where index != rootIndex {
      candidates.append(vars.x)
      candidates.append(vars.width)
      candidates.append(vars.y)
      candidates.append(vars.height)
    }
    let ambiguous = solver.ambiguousVariables(among: candidates)
    var bits = [UInt8](repeating: 0, count: system.orderedVariables.count)
    carried.ambiguousBits = bits
    guard !ambiguous.isEmpty else { return ([], [:]) }
    for (index, vars) in system.orderedVariables.enumerated() where index != rootIndex {
      for (slot, variable) in [vars.x, vars.width, vars.y, vars.height].enumerated() where ambiguous.contains(variable) {
        bits[index] |= 1 << UInt8(slot)
      }
    }
    carried.ambiguousBits = bits
    alternativeSizes = followsUpdates || listsWholeAlternatives ? nil : sizeListing()
    defer {
      alternativeSizes = nil
      // What the queries kept for the next one along the same ray is not kept past them.
      solver.forgetRayAlternatives()
    }
    var findings: [AmbiguityFinding] = []
    var deferred: [SizeKey: DeferredRange] = [:]
    for index in bits.indices where bits[index] != 0 {
      let found = ambiguityFindings(
        ofView: index, bits: bits[index], defers: !followsUpdates && defersRanges, deferred: &deferred,
        at: findings.count)
      if !found.isEmpty {
        // Only an update reads the findings by view (`carryOver`), and the first update of a
        // place that does not follow updates starts afresh: such a place keeps them once.
        if followsUpdates { carried.findings[index] = found }
        findings += found
      }
    }
    return (findings, deferred)
  }

  private func ambiguityFindings(ofView index: Int, bits: UInt8) -> [AmbiguityFinding] {
    var none: [SizeKey: DeferredRange] = [:]
    return ambiguityFindings(ofView: index, bits: bits, defers: false, deferred: &none, at: 0)
  }

  /// The findings of the view at `index`, whose variables the bulk test found ambiguous as
  /// `bits` says (x, width, y, height from the lowest bit), and the alternatives of its open
  /// sizes kept in `cachedSizeAlternatives`. With `defers`, a finding of an open size of a view
  /// with an intrinsic size on the axis is made without its ranges, and `deferred` records it
  /// (its position: `offset` plus its place among the view's findings).
  private func ambiguityFindings(
    ofView index: Int, bits: UInt8, defers: Bool, deferred: inout [SizeKey: DeferredRange], at offset: Int
  ) -> [AmbiguityFinding] {
    let name = system.orderedNames[index]
    let vars = system.orderedVariables[index]
    guard let current = solvedView(name) else { return [] }
    var findings: [AmbiguityFinding] = []
    for axis in [AttributeAxis.horizontal, .vertical] {
      let (position, size) = axis == .horizontal ? (vars.x, vars.width) : (vars.y, vars.height)
      let shift: UInt8 = axis == .horizontal ? 0 : 2
      let positionAmbiguous = bits & (1 << shift) != 0
      let sizeAmbiguous = bits & (2 << shift) != 0
      guard positionAmbiguous || sizeAmbiguous else { continue }
      // Move the size when it is free (the more telling alternative), else the position.
      let probe = sizeAmbiguous ? size : position
      var alternative = current.frame
      var probeRange: (variable: Variable, range: ValueRange)?
      // A finding a content priority may explain has its ranges left out, and its alternative
      // frame too when the alternative lists only the sizes (the trading partners read them):
      // a label's alternative moves the first label's width and so every x up to its own,
      // which listing its frame would have evaluated (N labels, N² values).
      let defersThis = defers && sizeAmbiguous && hasIntrinsicSize(name, axis: axis)
      var framesLater = false
      if case .ambiguous(let minimum, let maximum, let solution) = solver.ambiguity(
        of: probe, listing: alternativeSizes.map { defersThis ? $0 : readListing(ofView: index, sizes: $0) })
      {
        if sizeAmbiguous {
          cachedSizeAlternatives[SizeKey(view: name, axis: axis)] = solution
          // Only an update reads who reads what (`carryOver`), and a place that does not
          // follow updates has a solver that does not track changes: its first update says
          // everything changed and starts the carried analysis afresh. A row of N labels
          // moves every x after the label's, so listing them cost N² entries.
          if followsUpdates {
            for variable in solution.changes.keys {
              carried.alternativeReaders[ObjectIdentifier(variable), default: []].append(index)
            }
          }
        }
        if defersThis && alternativeSizes != nil {
          framesLater = true
        } else {
          let read = { (variable: Variable) in solution[variable] ?? self.value(variable) }
          alternative = solvedView(name, reading: read)?.frame ?? alternative
        }
        probeRange = (probe, ValueRange(minimum: minimum, maximum: maximum))
      }
      var positionRange: FrameRange?
      var sizeRange: FrameRange?
      if defersThis {
        deferred[SizeKey(view: name, axis: axis)] = DeferredRange(
          index: offset + findings.count, probe: probeRange, framesLater: framesLater)
      } else if let frame = frameExpressions(of: name, axis: axis) {
        if positionAmbiguous { positionRange = range(of: frame.position, known: probeRange) }
        if sizeAmbiguous { sizeRange = range(of: frame.size, known: probeRange) }
      }
      findings.append(
        AmbiguityFinding(
          view: name, axis: axis, position: positionAmbiguous, size: sizeAmbiguous, alternative: alternative,
          positionRange: positionRange, sizeRange: sizeRange))
    }
    return findings
  }

  /// While `computeAmbiguities` runs in a place that does not follow updates: the sizes of
  /// every view, which an alternative lists for `sizeTradingPartners` (`nil`: alternatives
  /// list every variable they move, as a place that follows updates records them all as
  /// what its findings depend on, `carryOver`).
  private var alternativeSizes: AlternativeListing?

  /// Lists every variable of the alternatives (as a place that follows updates does): for the
  /// tests that compare the two.
  var listsWholeAlternatives = false

  /// Whether a place that does not follow updates leaves out the ranges a content priority may
  /// explain (`ambiguitiesWithDeferredRanges()`): off only in the tests that compare the two.
  var defersRanges = true

  /// How many ranges of a frame's expression this place asked its solver for (for the tests).
  private(set) var rangeQueries = 0

  /// `Solver.alternativeSymbolsRead` of the place's solver (for the tests).
  var alternativeSymbolsRead: UInt64 { solver.alternativeSymbolsRead }

  /// `Solver.raysFollowed` of the place's solver (for the tests).
  var raysFollowed: UInt64 { solver.raysFollowed }

  /// Whether the solver takes an alternative at the end of an unbounded ray from what it kept
  /// of the last one (`Solver.rayAlternative`): off only in the tests that compare the two.
  var usesRayAlternatives: Bool {
    get { solver.usesRayAlternatives }
    set { solver.usesRayAlternatives = newValue }
  }

  /// Every view's width and height.
  private func sizeListing() -> AlternativeListing {
    var sizes: [Variable] = []
    sizes.reserveCapacity(2 * system.orderedVariables.count)
    for vars in system.orderedVariables {
      sizes.append(vars.width)
      sizes.append(vars.height)
    }
    return solver.alternativeListing(sizes)
  }

  /// What the findings of the view at `index` read of an alternative: every view's size
  /// (`sizeTradingPartners`), and the view's own variables and those of its superviews
  /// (`solvedView(_:reading:)`: the frame, the absolute origin, and right to left the
  /// superview's width). The alternative of a label in a row moves the x of every label
  /// after it; listing them cost N² values.
  private func readListing(ofView index: Int, sizes: AlternativeListing) -> AlternativeListing {
    var read: [Variable] = []
    system.forEachInChain(index) { view in
      let vars = system.orderedVariables[view]
      read += [vars.x, vars.width, vars.y, vars.height]
    }
    return sizes.adding(read, in: solver)
  }

  // MARK: - Carrying the analysis over an update

  /// What the last analysis of this place found, kept so that an update recomputes only
  /// what the solver says it changed (`carryOver`). Valid with `cachedViews` (the frames'
  /// parts) and `cachedAmbiguities` (the rest).
  private struct Carried {
    /// Each view's own rectangle (its four variables) and the origin of its alignment
    /// rectangle summed up the superview chain, as `readAllViews` computed them.
    var own: [Rect] = []
    var origins: [(x: Double, y: Double)?] = []
    /// The views whose alignment rectangles reach outside their superviews' bounds
    /// (`overhangingViews()`), when asked for since the frames were last read in full.
    var overhangs: Set<Int>?
    /// The views whose frames are not finite (`viewsWithFramesNotFinite()`), likewise.
    var notFinite: Set<Int>?
    /// Per view, which of its variables the bulk test found ambiguous (x, width, y, height
    /// from the lowest bit).
    var ambiguousBits: [UInt8] = []
    /// The ambiguity findings of each view that has any, by position.
    var findings: [Int: [AmbiguityFinding]] = [:]
    /// For each variable, the views whose alternative solutions (kept for their open sizes)
    /// list it; stale entries only cost a view's findings computed again.
    var alternativeReaders: [ObjectIdentifier: [Int]] = [:]
  }

  private var carried = Carried()

  /// What the system's views look like to `carryOver`: each view variable's position
  /// (view × 4 + x, width, y, height) and each view's subviews. Kept while the views are laid
  /// out alike.
  private var structureCaches: (slots: [ObjectIdentifier: Int], children: [[Int]])?

  /// How many views the last update read again and how many it asked about ambiguity again,
  /// when it carried the rest over (nil when it did not: the whole analysis is done again).
  public private(set) var lastCarry: (frames: Int, ambiguity: Int)?

  private func structure() -> (slots: [ObjectIdentifier: Int], children: [[Int]]) {
    if let structureCaches { return structureCaches }
    var slots: [ObjectIdentifier: Int] = [:]
    slots.reserveCapacity(4 * system.orderedVariables.count)
    var children = [[Int]](repeating: [], count: system.orderedVariables.count)
    for (index, vars) in system.orderedVariables.enumerated() {
      for (slot, variable) in [vars.x, vars.width, vars.y, vars.height].enumerated() {
        slots[ObjectIdentifier(variable)] = 4 * index + slot
      }
      let parent = index < system.superviewIndex.count ? system.superviewIndex[index] : -1
      if parent >= 0 && parent < children.count { children[parent].append(index) }
    }
    structureCaches = (slots, children)
    return (slots, children)
  }

  /// Brings the frames and the ambiguity findings of the last analysis up to date with what
  /// the solver changed: the views whose variables' values may have changed (and their
  /// subviews, whose absolute origins and right-to-left positions follow them) are read
  /// again; the variables whose ambiguity may have changed are tested again, and the views
  /// they belong to (or whose kept alternatives list them, or, right to left, whose
  /// superview's width is among them) get their findings computed again. Everything else is
  /// the same, bit for bit, as a full analysis of the same solver would find.
  private func carryOver(
    _ changes: SolverChanges, views: [SolvedView?]?, ambiguities: [AmbiguityFinding]?,
    alternatives: [SizeKey: AlternativeSolution]
  ) {
    let (slots, children) = structure()
    let count = system.orderedVariables.count
    var framesRead = 0
    if let views, views.count == count, carried.own.count == count, carried.origins.count == count {
      var changed: [Int] = []
      for variable in changes.values {
        if let slot = slots[ObjectIdentifier(variable)] { changed.append(slot / 4) }
      }
      if let patched = patchFrames(views, changed: changed, children: children) {
        cachedViews = patched.views
        framesRead = patched.read
      }
    }
    guard cachedViews != nil else {
      carried = Carried()
      return
    }
    guard let ambiguities, carried.ambiguousBits.count == count else {
      carried.findings = [:]
      carried.alternativeReaders = [:]
      lastCarry = (framesRead, count)
      return
    }
    let rootIndex = system.indexOfView[LayoutModel.rootName]
    let rtl = place.direction == .rtl
    var redo = Set<Int>()
    var tested: [Variable] = []
    var testedSlots: [Int] = []
    for variable in changes.ambiguity {
      let key = ObjectIdentifier(variable)
      for reader in carried.alternativeReaders[key] ?? [] { redo.insert(reader) }
      guard let slot = slots[key] else { continue }
      let view = slot / 4
      if rtl && slot % 4 == 1 {
        for child in children[view] where child != rootIndex { redo.insert(child) }
      }
      guard view != rootIndex else { continue }
      tested.append(variable)
      testedSlots.append(slot)
      redo.insert(view)
    }
    let ambiguous = tested.isEmpty ? [] : solver.ambiguousVariables(among: tested)
    for (variable, slot) in zip(tested, testedSlots) {
      let bit: UInt8 = 1 << UInt8(slot % 4)
      if ambiguous.contains(variable) {
        carried.ambiguousBits[slot / 4] |= bit
      } else {
        carried.ambiguousBits[slot / 4] &= ~bit
      }
    }
    var kept = alternatives
    for view in redo.sorted() {
      let name = system.orderedNames[view]
      kept[SizeKey(view: name, axis: .horizontal)] = nil
      kept[SizeKey(view: name, axis: .vertical)] = nil
    }
    cachedSizeAlternatives = kept
    for view in redo.sorted() {
      let bits = carried.ambiguousBits[view]
      let found = bits == 0 ? [] : ambiguityFindings(ofView: view, bits: bits)
      carried.findings[view] = found.isEmpty ? nil : found
    }
    let findings = redo.isEmpty ? ambiguities : carried.findings.keys.sorted().flatMap { carried.findings[$0] ?? [] }
    cachedAmbiguities = findings
    lastCarry = (framesRead, tested.count)
  }

  /// The views (by position, in order) whose alignment rectangle reaches outside their
  /// superview's bounds by more than the geometry check's tolerance (`GeometryCheck.overhangs`):
  /// the only views that can be offscreen. Found in one pass when first asked for after the
  /// frames were read in full, and kept up to date for the views an update reads again.
  func overhangingViews() -> [Int] {
    let views = allSolvedViews().views
    if let known = carried.overhangs { return known.sorted() }
    var found = Set<Int>()
    for index in views.indices where overhangs(index, in: views) { found.insert(index) }
    carried.overhangs = found
    return found.sorted()
  }

  private func overhangs(_ index: Int, in views: [SolvedView?]) -> Bool {
    let parents = system.superviewIndex
    guard index < parents.count, index < views.count, let solved = views[index] else { return false }
    let parent = parents[index]
    guard parent >= 0, parent < views.count, let superview = views[parent] else { return false }
    return GeometryCheck.overhangs(solved.alignment, superviewFrame: superview.frame)
  }

  /// The views (by position, in order) whose frames are not finite: found in one pass when
  /// first asked for after the frames were read in full, and kept up to date for the views an
  /// update reads again.
  func viewsWithFramesNotFinite() -> [Int] {
    let views = allSolvedViews().views
    if let known = carried.notFinite { return known.sorted() }
    var found = Set<Int>()
    for index in views.indices where PlaceSolver.isNotFinite(views[index]) { found.insert(index) }
    carried.notFinite = found
    return found.sorted()
  }

  static func isNotFinite(_ view: SolvedView?) -> Bool {
    guard let frame = view?.frame else { return false }
    return !(frame.x.isFinite && frame.y.isFinite && frame.width.isFinite && frame.height.isFinite)
  }

  /// The views (by position, in order) declared with a design-time frame.
  func framedViews() -> [Int] {
    let traits = viewTraits()
    if let cachedFramedViews { return cachedFramedViews }
    let framed = traits.indices.filter { traits[$0].contains(.frame) }
    cachedFramedViews = framed
    return framed
  }

  private var cachedFramedViews: [Int]?

  /// What the geometry check asks of each view's declaration, in `allSolvedViews()` order:
  /// `ViewTraits`. Read from the model when first asked for, and kept while the views are
  /// declared exactly as before (`update(sameDeclarations:)`): every edit asks, and a lookup
  /// by name copies the whole declaration.
  func viewTraits() -> [ViewTraits] {
    if let cachedViewTraits, cachedViewTraits.count == system.orderedNames.count { return cachedViewTraits }
    cachedFramedViews = nil
    let traits = system.orderedNames.map { self.traits(of: $0) }
    cachedViewTraits = traits
    return traits
  }

  private func traits(of name: String) -> ViewTraits {
    guard let node = model.views[name] else { return [] }
    var traits: ViewTraits = []
    if node.isLayoutGuide { traits.insert(.layoutGuide) }
    if node.isHidden { traits.insert(.hidden) }
    if node.frame != nil { traits.insert(.frame) }
    return traits
  }

  /// The kept traits brought up to date with the views `names`, declared again (the others
  /// are declared as before); dropped when a name is not one of the system's views.
  private func redeclareTraits(_ names: [String]) {
    guard var traits = cachedViewTraits, traits.count == system.orderedNames.count else {
      cachedViewTraits = nil
      return
    }
    cachedViewTraits = nil
    for name in names {
      guard let index = system.indexOfView[name], index < traits.count, system.orderedNames[index] == name else {
        return
      }
      let updated = self.traits(of: name)
      if updated != traits[index] {
        traits[index] = updated
        cachedFramedViews = nil
      }
    }
    cachedViewTraits = traits
  }

  private var cachedViewTraits: [ViewTraits]?

  /// The frames, the ambiguity findings (alternatives and ranges included) and the kept
  /// alternatives of open sizes as text, every number as its bits: as the place holds them
  /// (`fresh` false: carried over by the updates), or computed again from the solver as a
  /// full analysis does (the place is then left as it was). For tests of `carryOver`.
  func analysisDescription(fresh: Bool) -> String {
    let saved = (cachedViews, cachedAmbiguities, cachedSizeAlternatives, carried)
    let savedDeferred = deferredRanges
    if fresh {
      cachedViews = nil
      cachedAmbiguities = nil
      cachedSizeAlternatives = [:]
      carried = Carried()
    }
    defer {
      if fresh {
        (cachedViews, cachedAmbiguities, cachedSizeAlternatives, carried) = saved
        // Set after the cached findings, whose `didSet` clears it.
        deferredRanges = savedDeferred
      }
    }
    func bits(_ value: Double?) -> String { value.map { String($0.bitPattern, radix: 16) } ?? "nil" }
    func bits(_ rect: Rect) -> String { [rect.x, rect.y, rect.width, rect.height].map { bits($0) }.joined(separator: " ") }
    var lines: [String] = []
    let ambiguities = ambiguities()
    for case let view? in allSolvedViews().views {
      lines.append(
        "\(view.name) in \(view.superview ?? "-"): \(bits(view.frame)) | \(bits(view.alignment)) | \(bits(view.absoluteAlignment))")
    }
    for finding in ambiguities {
      lines.append(
        "ambiguous \(finding.view) \(finding.axis) \(finding.position) \(finding.size) \(bits(finding.alternative)) "
          + "\(bits(finding.positionRange?.lowest)) \(bits(finding.positionRange?.highest)) "
          + "\(bits(finding.sizeRange?.lowest)) \(bits(finding.sizeRange?.highest))")
    }
    lines.append("overhanging \(overhangingViews()), not finite \(viewsWithFramesNotFinite())")
    for (key, solution) in cachedSizeAlternatives.sorted(by: { "\($0.key.view) \($0.key.axis)" < "\($1.key.view) \($1.key.axis)" }) {
      let changes = solution.changes.map { "\($0.key.name)=\(bits($0.value))" }.sorted()
      lines.append("alternative \(key.view) \(key.axis): \(changes)")
    }
    return lines.joined(separator: "\n")
  }

  /// The frames after the views at `changed` were moved: their own rectangles read again,
  /// and the origins and frames of them and every view below them computed again, parents
  /// first, with the same arithmetic as `readAllViews`. Nil when the superview chains loop.
  private func patchFrames(_ views: [SolvedView?], changed: [Int], children: [[Int]]) -> (
    views: [SolvedView?], read: Int
  )? {
    guard !changed.isEmpty else { return (views, 0) }
    let count = views.count
    let parents = system.superviewIndex
    let ordered = system.orderedVariables
    var own = carried.own
    var origins = carried.origins
    carried.own = []
    carried.origins = []
    for index in changed {
      let vars = ordered[index]
      own[index] = Rect(x: value(vars.x), y: value(vars.y), width: value(vars.width), height: value(vars.height))
    }
    // The changed views and everything below them, parents before children.
    var below = Set<Int>()
    var stack = changed
    while let index = stack.popLast() {
      guard below.insert(index).inserted else { continue }
      stack += children[index]
    }
    var depth: [Int: Int] = [:]
    for index in below {
      var steps = 0
      var current = parents[index]
      while current >= 0 && current < count {
        steps += 1
        if steps > count { return nil }
        current = parents[current]
      }
      depth[index] = steps
    }
    let order = below.sorted { (depth[$0] ?? 0, $0) < (depth[$1] ?? 0, $1) }
    var result = views
    for index in order {
      let parent = parents[index]
      var base: (x: Double, y: Double) = (0, 0)
      if parent >= 0, parent < count, let known = origins[parent] {
        let inset = boundsOffset(parent)
        base = (known.x - inset.x, known.y - inset.y)
      }
      let sum = (x: base.x + own[index].x, y: base.y + own[index].y)
      origins[index] = sum
      result[index] = solvedView(at: index, own: own, origin: sum)
    }
    carried.own = own
    carried.origins = origins
    if var outside = carried.overhangs {
      // A view moved or resized, or one whose superview did: its subviews are among `order`.
      for index in order {
        if overhangs(index, in: result) { outside.insert(index) } else { outside.remove(index) }
      }
      carried.overhangs = outside
    }
    if var unresolved = carried.notFinite {
      for index in order {
        if PlaceSolver.isNotFinite(result[index]) { unresolved.insert(index) } else { unresolved.remove(index) }
      }
      carried.notFinite = unresolved
    }
    return (result, order.count)
  }

  /// A view's frame on one axis as expressions of the solver's variables: its x (or y)
  /// relative to the superview and its width (or height), as `solvedView(_:reading:)`
  /// computes them (right to left, `x` is the offset from the superview's right edge, so the
  /// frame's x is the superview's width − x − width; insets widen the alignment rectangle).
  func frameExpressions(of name: String, axis: AttributeAxis) -> (position: Expression, size: Expression)? {
    guard let node = model.views[name], let vars = system.variables(of: name) else { return nil }
    let insets = node.alignmentInsets
    if axis == .vertical {
      return (vars.y - insets.top, vars.height + (insets.top + insets.bottom))
    }
    let size = vars.width + (insets.left + insets.right)
    guard place.direction == .rtl else { return (vars.x - insets.left, size) }
    let superviewWidth = node.superview.flatMap { system.variables(of: $0) }.map { Expression($0.width) }
      ?? Expression(place.canvas.width)
    return (superviewWidth - vars.x - vars.width - insets.left, size)
  }

  /// The values a frame expression takes over all solutions, or nil when the solver gave up
  /// or it keeps one value (within a hundredth of a point). An expression that is a variable
  /// already measured (`known`), plus a constant, is not measured again.
  private func range(of expression: Expression, known: (variable: Variable, range: ValueRange)?) -> FrameRange? {
    let found: ValueRange?
    if let known, expression.terms.count == 1, let term = expression.terms.first, term.variable === known.variable,
      term.coefficient == 1
    {
      found = ValueRange(
        minimum: known.range.minimum.map { $0 + expression.constant },
        maximum: known.range.maximum.map { $0 + expression.constant })
    } else {
      rangeQueries += 1
      found = solver.range(of: expression)
    }
    guard let found else { return nil }
    if let low = found.minimum, let high = found.maximum, Describe.same(low, high) { return nil }
    return FrameRange(lowest: found.minimum, highest: found.maximum)
  }

  /// The views whose size on `axis` changes when `view`'s size moves to another optimal
  /// solution: the views it trades space with.
  func sizeTradingPartners(of view: String, axis: AttributeAxis) -> [String] {
    guard let solution = sizeAlternative(of: view, axis: axis) else { return [] }
    // Only the variables the alternative moved can be partners' sizes: each is placed by the
    // map of view variables (`structure()`, one position per variable), and the views are
    // listed in `model.viewOrder` order. A row of N labels asked this for each label read
    // every view's size (a hashed lookup each): N² lookups where the alternatives list what
    // they moved.
    let (slots, _) = structure()
    let count = system.orderedVariables.count
    guard slots.count == 4 * count, count == system.orderedNames.count else {
      return sizeTradingPartnersByScan(of: view, axis: axis, solution: solution)
    }
    let sizeSlot = axis == .horizontal ? 1 : 3
    var indices: [Int] = []
    for (variable, moved) in solution.changes {
      guard let slot = slots[ObjectIdentifier(variable)], slot % 4 == sizeSlot else { continue }
      let index = slot / 4
      guard system.orderedNames[index] != view, !Describe.same(moved, value(variable)) else { continue }
      indices.append(index)
    }
    indices.sort()
    return indices.map { system.orderedNames[$0] }
  }

  /// `sizeTradingPartners` by reading every view's size in the alternative (what it did
  /// before it read the alternative's own list); kept for views that share a variable and
  /// for the tests that compare the two.
  func sizeTradingPartnersByScan(of view: String, axis: AttributeAxis, solution: AlternativeSolution) -> [String] {
    var partners: [String] = []
    for (other, otherVars) in zip(system.orderedNames, system.orderedVariables) where other != view {
      let variable = axis == .horizontal ? otherVars.width : otherVars.height
      guard let moved = solution[variable], !Describe.same(moved, value(variable)) else { continue }
      partners.append(other)
    }
    return partners
  }

  /// The alternative solution that moves a view's open size on `axis`, if its size is open.
  func sizeAlternative(of view: String, axis: AttributeAxis) -> AlternativeSolution? {
    guard let vars = system.variables(of: view) else { return nil }
    // `ambiguities()` asked the solver the same question for every view whose size is open.
    _ = ambiguitiesWithDeferredRanges()
    if let known = cachedSizeAlternatives[SizeKey(view: view, axis: axis)] { return known }
    // A query outside the ambiguity pass: it lets go of the scratch it leaves on the solver.
    defer { solver.forgetRayAlternatives() }
    guard case .ambiguous(_, _, let asked) = solver.ambiguity(of: axis == .horizontal ? vars.width : vars.height)
    else { return nil }
    return asked
  }

  private struct SizeKey: Hashable {
    var view: String
    var axis: AttributeAxis
  }

  /// The alternative solutions `computeAmbiguities` found by moving a view's open size, by
  /// view and axis; valid exactly as long as `cachedAmbiguities`.
  private var cachedSizeAlternatives: [SizeKey: AlternativeSolution] = [:]

  // MARK: - Accuracy

  /// The file's required constraints that the solved values miss by more than a millionth of
  /// the largest term of the constraint (at least 1), or by more than the solver's own
  /// tolerance for a required constraint, 1e-7 × `scale` (the largest number of the place),
  /// with by how much: none in a layout the solver resolves.
  ///
  /// A residual depends only on the constraint and the values of its variables: after an
  /// update, only the constraints added and those over variables whose values the solver
  /// says may have changed are read again (`Residuals`).
  func violatedRequiredConstraints(scale: Double) -> [(constraint: LayoutConstraint, by: Double)] {
    let floor = 1e-7 * max(1, scale)
    if var known = residuals, known.scale == scale {
      for tag in known.pending {
        guard let constraint = known.constraint(ofTag: tag) else { continue }
        known.misses[tag] = miss(ofRequired: constraint, floor: floor)
      }
      known.pending = []
      residuals = known
      guard !known.misses.isEmpty else { return [] }
      var result: [(LayoutConstraint, Double)] = []
      for index in engineCount..<max(engineCount, entries.count) {
        guard let by = known.misses[entries[index].tag], let constraint = constraint(at: index) else { continue }
        result.append((constraint, by))
      }
      return result
    }
    // What was read is kept only for a place that is updated (a live layout's), at its size:
    // the tags from the smallest an entry has, and a link for each term.
    var known: Residuals?
    if followsUpdates {
      var base = nextTag
      var terms = 0
      for index in engineCount..<max(engineCount, entries.count) {
        base = min(base, entries[index].tag)
        terms += entries[index].solverConstraint?.terms.count ?? 0
      }
      known = Residuals(
        scale: scale, base: base, tags: nextTag - base, terms: terms, slots: structure().slots,
        slotCount: 4 * system.orderedVariables.count)
    }
    var result: [(LayoutConstraint, Double)] = []
    for index in engineCount..<max(engineCount, entries.count) {
      // A broken constraint is in the solver below required; the engine's own are left out.
      guard let solverConstraint = entries[index].solverConstraint, solverConstraint.priority >= 1000 else {
        continue
      }
      let tag = entries[index].tag
      if known?.read(solverConstraint, tag: tag, pending: false) == false { known = nil }
      guard let by = miss(ofRequired: solverConstraint, floor: floor), let constraint = constraint(at: index) else {
        continue
      }
      known?.misses[tag] = by
      result.append((constraint, by))
    }
    known?.pending = []
    residuals = known
    return result
  }

  /// By how much the solved values miss a required constraint, when by more than a millionth
  /// of its largest term (at least 1) and more than `floor`.
  private func miss(ofRequired solverConstraint: Constraint, floor: Double) -> Double? {
    var sum = solverConstraint.constant
    var magnitude = max(1, abs(solverConstraint.constant))
    for term in solverConstraint.terms {
      let value = term.coefficient * solver.value(of: term.variable)
      sum += value
      magnitude = max(magnitude, abs(value))
    }
    let miss: Double
    switch solverConstraint.relation {
    case .equal: miss = abs(sum)
    case .greaterThanOrEqual: miss = max(0, -sum)
    case .lessThanOrEqual: miss = max(0, sum)
    }
    return !miss.isFinite || miss > max(1e-6 * magnitude, floor) ? miss : nil
  }

  /// What the residual check read: the file's required constraints by tag, the tags of those
  /// over each variable, the ones that missed, and which to read again at the next check.
  /// Built by a whole check; updates keep it (constraints added and taken away, values
  /// changed) as long as the solver says what changed; a rebuild drops it.
  ///
  /// Kept compact (a live layout holds one a place): the constraints in an array by tag from
  /// the smallest tag read (tags only grow: an update's new entries have tags above every
  /// other), and the tags over each variable as a chain of links, from the variable's slot
  /// (`structure()`, shared with the place; other variables get slots after those) to its last
  /// link. Rather than a dictionary of constraints by tag and an array of tags per variable
  /// (9 MB for the two places of a 10,000-view layout).
  private struct Residuals {
    /// A tag read over a variable (from `base`) and the link read over it before (-1: none).
    struct Link {
      var tag: Int32
      var previous: Int32
    }

    var scale: Double
    /// The smallest tag that can be read; `constraints` starts there.
    let base: Int
    /// The constraint read for each tag from `base`; nil when not read, or forgotten.
    private var constraints: [Constraint?] = []
    /// The slot of each of the views' variables.
    private let slots: [ObjectIdentifier: Int]
    /// Slots of the other variables read (none in layouts the engine builds).
    private var otherSlots: [ObjectIdentifier: Int] = [:]
    /// The last link of each slot (-1: none).
    private var lastLink: [Int32]
    private var links: [Link] = []
    var misses: [Int: Double] = [:]
    var pending: Set<Int> = []

    init(scale: Double, base: Int, tags: Int, terms: Int, slots: [ObjectIdentifier: Int], slotCount: Int) {
      self.scale = scale
      self.base = base
      self.slots = slots
      constraints.reserveCapacity(max(tags, 0))
      links.reserveCapacity(max(terms, 0))
      lastLink = [Int32](repeating: -1, count: max(slotCount, 0))
    }

    func constraint(ofTag tag: Int) -> Constraint? {
      let offset = tag - base
      return offset >= 0 && offset < constraints.count ? constraints[offset] : nil
    }

    /// Reads a constraint (to be checked at the next check when `pending`). False when its
    /// tag cannot be kept (below `base`, or links beyond 32 bits): the caller drops the check.
    mutating func read(_ constraint: Constraint, tag: Int, pending pend: Bool = true) -> Bool {
      let offset = tag - base
      guard offset >= 0, offset < Int(Int32.max), links.count + constraint.terms.count < Int(Int32.max)
      else { return false }
      if offset >= constraints.count {
        let needed = offset + 1
        if needed > constraints.capacity {
          constraints.reserveCapacity(max(needed, constraints.count + constraints.count / 8))
        }
        constraints.append(contentsOf: repeatElement(nil, count: needed - constraints.count))
      }
      constraints[offset] = constraint
      for term in constraint.terms {
        let id = ObjectIdentifier(term.variable)
        let slot: Int
        if let known = existingSlot(of: id) {
          slot = known
        } else {
          slot = lastLink.count
          otherSlots[id] = slot
          lastLink.append(-1)
        }
        links.append(Link(tag: Int32(offset), previous: lastLink[slot]))
        lastLink[slot] = Int32(links.count - 1)
      }
      if pend { pending.insert(tag) }
      return true
    }

    mutating func forget(_ tag: Int) {
      let offset = tag - base
      if offset >= 0 && offset < constraints.count { constraints[offset] = nil }
      misses[tag] = nil
    }

    /// The slot of a variable's list of links: the solver's slot when the variable has one the
    /// index covers, else one the index handed out itself; nil when no constraint read names it.
    private func existingSlot(of id: ObjectIdentifier) -> Int? {
      if let known = slots[id], known >= 0, known < lastLink.count { return known }
      return otherSlots[id]
    }

    /// Tags no longer in use stay linked: they are skipped when read.
    mutating func valueChanged(_ variable: Variable) {
      forEachTag(over: variable) { pending.insert($0) }
    }

    /// Calls `body` with the tag of every constraint read over `variable` and not forgotten.
    func forEachTag(over variable: Variable, _ body: (Int) -> Void) {
      guard let slot = existingSlot(of: ObjectIdentifier(variable)) else { return }
      var link = lastLink[slot]
      while link >= 0 {
        let current = links[Int(link)]
        if constraints[Int(current.tag)] != nil { body(base + Int(current.tag)) }
        link = current.previous
      }
    }
  }

  private var residuals: Residuals?

  /// For tests of `Residuals`: for each of the views' variables, the tags of the constraints
  /// the residual check would read again if its value changed, and the tags of the file's
  /// required constraints over it in the solver (what they must be). Nil when the place keeps
  /// no residual check.
  func residualIndex() -> (kept: [Set<Int>], expected: [Set<Int>])? {
    guard let residuals else { return nil }
    var kept: [Set<Int>] = []
    var expected: [Set<Int>] = []
    for vars in system.orderedVariables {
      for variable in [vars.x, vars.width, vars.y, vars.height] {
        var tags = Set<Int>()
        residuals.forEachTag(over: variable) { tags.insert($0) }
        kept.append(tags)
        var over = Set<Int>()
        for index in engineCount..<max(engineCount, entries.count) {
          guard let constraint = entries[index].solverConstraint, constraint.priority >= 1000,
            constraint.terms.contains(where: { $0.variable === variable })
          else { continue }
          over.insert(entries[index].tag)
        }
        expected.append(over)
      }
    }
    return (kept, expected)
  }

  /// The residual check's answer as text, numbers as bits: as updates carried it over
  /// (`fresh` false), or read again from every constraint (the place is then left as it
  /// was). For tests of `Residuals`.
  func residualDescription(scale: Double, fresh: Bool) -> String {
    let saved = residuals
    if fresh { residuals = nil }
    defer { if fresh { residuals = saved } }
    return violatedRequiredConstraints(scale: scale).map { "\($0.constraint) \($0.constraint.range) \($0.by.bitPattern)" }
      .joined(separator: "\n")
  }

  // MARK: - Optional constraints

  /// The optional constraints of the file that the solution does not satisfy, with the error.
  public func unsatisfied() -> [(constraint: LayoutConstraint, error: Double)] {
    unsatisfiedEntries().map { ($0.constraint, $0.error) }
  }

  /// `unsatisfied()`, with where each constraint is among the entries, in the entries' order
  /// (the solver lists them in the order they were added, which an update changes: a place
  /// kept through edits answers as one solved afresh).
  func unsatisfiedEntries() -> [(constraint: LayoutConstraint, error: Double, entry: Int)] {
    var result: [(constraint: LayoutConstraint, error: Double, entry: Int)] = []
    for entry in solver.unsatisfiedConstraints() {
      guard let tag = entry.constraint.tag, let index = entryIndex(ofTag: tag), !entries[index].isBroken,
        let constraint = constraint(at: index)
      else { continue }
      result.append((constraint, entry.error, index))
    }
    result.sort { $0.entry < $1.entry }
    return result
  }

  /// How an optional constraint that misses by `error` loses a tie at its own priority: how
  /// much of the miss higher priorities force, and the constraints of the same priority that
  /// would miss by more if it missed by less (the solver minimises the total error of one
  /// priority, so they won). Nil when higher priorities force the whole miss.
  func tieLoss(ofEntry index: Int, error: Double) -> (forced: Double, winners: [LayoutConstraint])? {
    guard index < entries.count, let constraint = entries[index].solverConstraint,
      let least = try? solver.leastError(of: constraint)
    else { return nil }
    let tolerance = 0.01
    guard least.error < error - tolerance else { return nil }
    // Only a constraint over a variable that moves can miss by more.
    let byVariable = optionalEntriesByVariable()
    var rivals = Set<Int>()
    for variable in least.alternative.changes.keys {
      for other in byVariable[variable] ?? [] where other != index { rivals.insert(other) }
    }
    var winners: [LayoutConstraint] = []
    for other in rivals.sorted() {
      guard let rival = entries[other].solverConstraint, rival.priority == constraint.priority,
        let rivalConstraint = self.constraint(at: other)
      else { continue }
      let now = PlaceSolver.miss(rival) { self.value($0) }
      let then = PlaceSolver.miss(rival) { least.alternative.value(of: $0, current: self.value($0)) }
      if then > now + tolerance { winners.append(rivalConstraint) }
    }
    return (least.error, winners)
  }

  /// The entries of optional constraints by the variables they mention; computed when first
  /// asked for, and cleared by every change.
  private var cachedOptionalEntries: [Variable: [Int]]?

  private func optionalEntriesByVariable() -> [Variable: [Int]] {
    if let cachedOptionalEntries { return cachedOptionalEntries }
    var table: [Variable: [Int]] = [:]
    for index in entries.indices {
      guard let constraint = entries[index].solverConstraint, !constraint.isRequired else { continue }
      for term in constraint.terms { table[term.variable, default: []].append(index) }
    }
    cachedOptionalEntries = table
    return table
  }

  /// How far a solver constraint is from holding with the variables read by `read`.
  private static func miss(_ constraint: Constraint, reading read: (Variable) -> Double) -> Double {
    let total = constraint.evaluate(read)
    switch constraint.relation {
    case .equal: return abs(total)
    case .lessThanOrEqual: return max(0, total)
    case .greaterThanOrEqual: return max(0, -total)
    }
  }
}

// MARK: - A right-to-left place that mirrors its left-to-right twin

extension PlaceSolver {
  /// Whether this right-to-left place solves the same system as `twin`, the left-to-right
  /// place of the same canvas and model: the same solver constraint for every entry (the
  /// same terms, in the same order, of the same views' variables, with the same constants,
  /// relations and priorities), added in the same order, broken alike, with the same
  /// conflicts and solution, and every view's alignment insets the same on the left and the
  /// right. Right to left, a view's `x` is its leading offset, so a file that says nothing
  /// about left and right (only leading, trailing, sizes and vertical positions, with no
  /// insets or margins that differ by side) lowers to exactly the same constraints.
  ///
  /// Then every question a check asks of the places (a relaxation of the file's constraints;
  /// the pins of "Add missing constraints", `leading == super.leading + p` and a size, whose
  /// constant would differ only by the insets of the views above) has the same answer in
  /// both, and the checks whose findings depend only on the solver's rows and values
  /// (conflicts, ambiguity, zero sizes) make findings of the same codes and keys in both.
  func mirrors(_ twin: PlaceSolver) -> Bool {
    guard place.direction == .rtl, twin.place.direction == .ltr, place.canvas == twin.place.canvas,
      failure == nil, twin.failure == nil, entries.count == twin.entries.count, engineCount == twin.engineCount,
      system.orderedVariables.count == twin.system.orderedVariables.count,
      system.orderedNames == twin.system.orderedNames, conflicts.count == twin.conflicts.count
    else { return false }
    for insets in system.orderedInsets where insets.left != insets.right { return false }
    for (mine, theirs) in zip(conflicts, twin.conflicts)
    where mine.brokenEntry != theirs.brokenEntry || mine.otherEntries != theirs.otherEntries {
      return false
    }
    // Each view variable's slot (4 a view), by identity.
    func slots(_ system: LayoutSystem) -> [ObjectIdentifier: Int] {
      var slots: [ObjectIdentifier: Int] = [:]
      slots.reserveCapacity(4 * system.orderedVariables.count)
      for (index, vars) in system.orderedVariables.enumerated() {
        slots[ObjectIdentifier(vars.x)] = 4 * index
        slots[ObjectIdentifier(vars.width)] = 4 * index + 1
        slots[ObjectIdentifier(vars.y)] = 4 * index + 2
        slots[ObjectIdentifier(vars.height)] = 4 * index + 3
      }
      return slots
    }
    let mySlots = slots(system)
    let twinSlots = slots(twin.system)
    guard mySlots.count == 4 * system.orderedVariables.count, twinSlots.count == mySlots.count else { return false }
    // The root's `x` is the one variable allowed to differ: the engine pins the root's left
    // edge, which right to left is `W - x - width` (the same value, the root's width being
    // the canvas's). A required equality of the root's own variables that gives it a value,
    // in a variable no other constraint holds, leaves every other variable's values and
    // answers as they are (the root is never asked about its ambiguity, nor pinned).
    guard let root = system.indexOfView[LayoutModel.rootName], twin.system.indexOfView[LayoutModel.rootName] == root
    else { return false }
    let rootX = 4 * root
    let rootWidth = 4 * root + 1
    var rootPins = 0
    var rootXElsewhere = false
    func pinsRootX(_ constraint: Constraint, _ slots: [ObjectIdentifier: Int]) -> Bool {
      guard constraint.relation == .equal, constraint.priority >= Priority.required else { return false }
      var onX = 0.0
      for term in constraint.terms {
        guard let slot = slots[ObjectIdentifier(term.variable)], slot == rootX || slot == rootWidth else { return false }
        if slot == rootX { onX += term.coefficient }
      }
      return onX != 0 && onX.isFinite
    }
    for (mine, theirs) in zip(entries, twin.entries) {
      guard mine.tag == theirs.tag, mine.isBroken == theirs.isBroken else { return false }
      switch (mine.solverConstraint, theirs.solverConstraint) {
      case (nil, nil): continue
      case (let a?, let b?):
        var same =
          a.relation == b.relation && a.priority == b.priority && a.tag == b.tag
          && a.constant == b.constant && a.terms.count == b.terms.count
        if same {
          // The root's x is in a constraint when its coefficients there do not cancel (a
          // position summed from the root and taken back for the container's origin).
          var onRootX = 0.0
          for (s, t) in zip(a.terms, b.terms) {
            guard s.coefficient == t.coefficient, let slot = mySlots[ObjectIdentifier(s.variable)],
              slot == twinSlots[ObjectIdentifier(t.variable)]
            else {
              same = false
              break
            }
            if slot == rootX { onRootX += s.coefficient }
          }
          if same && onRootX != 0 { rootXElsewhere = true }
        }
        if !same {
          guard !mine.isBroken, pinsRootX(a, mySlots), pinsRootX(b, twinSlots) else { return false }
          rootPins += 1
        }
      default: return false
      }
    }
    guard rootPins <= 1, !(rootPins == 1 && rootXElsewhere) else { return false }
    // The pins of "Add missing constraints" along the axis a direction can change (the
    // vertical and size pins are the same by construction): each view's leading edge pinned
    // to its superview's lowers alike.
    for (index, name) in system.orderedNames.enumerated() {
      let parent = system.superviewIndex[index]
      guard parent >= 0, parent < system.orderedNames.count else { continue }
      let pin = MirrorTest.leadingPin(name, to: system.orderedNames[parent])
      guard let a = system.solverConstraint(pin, tag: 0), let b = twin.system.solverConstraint(pin, tag: 0),
        a.constant == b.constant, a.terms.count == b.terms.count
      else { return false }
      for (s, t) in zip(a.terms, b.terms) {
        guard s.coefficient == t.coefficient, let slot = mySlots[ObjectIdentifier(s.variable)],
          slot == twinSlots[ObjectIdentifier(t.variable)]
        else { return false }
      }
    }
    // The same solution (which follows from the same constraints added in the same order).
    for (mine, theirs) in zip(system.orderedVariables, twin.system.orderedVariables) {
      guard value(mine.x) == twin.value(theirs.x), value(mine.width) == twin.value(theirs.width),
        value(mine.y) == twin.value(theirs.y), value(mine.height) == twin.value(theirs.height)
      else { return false }
    }
    return true
  }
}
