/// What a diagnostic says, as data: one case per kind of message, each carrying its subject
/// (the views, constraints, canvas, axis) and the quantities its message quotes.
///
/// Nothing decides anything by reading a message: code that needs to know which view a
/// finding is about, or why, asks the finding. The text is rendered from it in one place,
/// `DiagnosticMessage.swift`.
///
/// Indirect: a case's subject is kept in a box of its own size. Held inline, every finding
/// took the size of the largest case (about 600 bytes), and a long chain has tens of
/// thousands of findings, held in the places' lists, the merged list and the report.
public indirect enum Finding: Hashable, Sendable {
  // MARK: The text

  /// A parser's own words; for Visual Format strings, UIKit's.
  case syntax(String)
  /// A canvas name declared a second time.
  case duplicateCanvas(String)
  /// A metric name declared a second time.
  case duplicateMetric(String)
  /// A view name declared a second time.
  case duplicateView(String)
  /// A `when` block that no canvas matches: the traits it asks for (nil when nested blocks
  /// contradict each other) and the file's canvases with their traits.
  case whenNeverLaidOut(condition: TraitCondition?, canvases: [NamedTraits])
  /// A view declared with a name that stands for another view.
  case reservedViewName(String, names: ReservedView)
  /// `view.guide` with a guide views do not have.
  case notALayoutGuide(String)
  /// `G.safeArea`, `G.margins` or `G.readable` where `G` is a layout guide, which has none.
  case guideOfGuide(guide: String, of: String)
  /// A layout guide named in brackets in a Visual Format string, which takes views only.
  case layoutGuideInFormat(String)
  /// A name used as a view that no view has, with the closest name if one is near.
  case unknownView(String, suggestion: String?)
  /// A name used as a metric that no metric has.
  case unknownMetric(String, suggestion: String?)
  /// A priority UIKit refuses (not greater than 0, or above 1000).
  case invalidPriority(Double)
  /// Two attributes UIKit does not relate.
  case invalidAttributePair(AttributePairProblem)

  // MARK: Visual Format strings

  /// A name in brackets that is not a view (UIKit's views dictionary has no such key).
  case notAKeyInViews(String, suggestion: String?)
  /// A name in a connection or predicate that is neither a metric nor a view.
  case unknownFormatMetric(String, suggestion: String?)
  /// A name in brackets of a format in source code that its call's views dictionary lacks.
  case notInViewsDictionary(String, suggestion: String?)
  /// A name in a connection or predicate of a format in source code that neither of its
  /// call's dictionaries has.
  case notInFormatDictionaries(String, suggestion: String?)
  /// A connection whose constant names a view.
  case spaceEqualToView
  /// An option that is not an `NSLayoutFormatOptions` option.
  case unknownOption(String, suggestion: String?)
  /// An alignment option along the format's own axis.
  case alignmentAlongFormat(option: String, orientation: Orientation)
  /// A direction option that contradicts an earlier one.
  case contradictoryDirection(String, previous: String)
  /// `spacingBaselineToBaseline` in a horizontal format.
  case baselineSpacingInHorizontalFormat
  /// A view next to `|` that is not a direct subview of the view `|` stands for; a nil
  /// `superview` means the view is the root.
  case notASubview(String, bar: String, superview: String?)

  // MARK: Stack views

  /// A stack view option UIKit does not act on along the stack's axis.
  case stackOptionIgnored(StackOptionProblem)

  // MARK: The solved layout

  /// Required constraints that cannot all hold.
  case conflict(Conflict)
  /// A view whose frame the constraints leave open on an axis.
  case ambiguous(Ambiguity)
  /// Two views with equal content priorities that trade size.
  case contentPriorityTie(ContentPriorityTie)
  /// A view that solves to zero width or height.
  case zeroSize(view: String, axis: AttributeAxis, frame: Rect, cause: ZeroSizeCause)
  /// A view whose declared frame differs from its solved frame.
  case misplaced(Misplacement)
  /// A view that reaches outside its superview.
  case offscreen(Overhang)
  /// A transformed view, which Auto Layout lays out untransformed.
  case transformed(view: String, ViewTransform)
  /// Left and right attributes of a constraint, by the names written.
  case leftRightAttributes([String])
  /// `directionLeftToRight` in a Visual Format string.
  case leftToRightOption
  /// Interface Builder: a constraint on left or right.
  case leftRightConstraint
  /// An optional constraint the layout misses by `missedBy` points, and why.
  case unsatisfied(ConstraintQuote, missedBy: Double, cause: UnsatisfiedCause)
  /// The solver gave up; `reason` is the solver's own description.
  case unsolved(reason: String)
  /// A number of a constraint outside the range UIKit's engine handles sensibly.
  case extremeValue(ConstraintQuote, ExtremeValue)
  /// Numbers the solver cannot resolve, so that what it solved is not reliable.
  case inaccurate(Inaccuracy)

  // MARK: Interface Builder files

  /// The legacy `<archive>` format.
  case legacyArchive
  /// A root element other than `<document>`.
  case notAnInterfaceBuilderDocument(root: String)
  /// A document with Auto Layout but no view to lay out.
  case nothingToLayOut
  /// A file over the size limit (both in MiB).
  case fileTooLarge(megabytes: Int, limit: Int)
  /// A document over the size the language server analyses (both in bytes).
  case documentTooLarge(bytes: Int, limit: Int)
  /// A document type declaration.
  case documentTypeDeclaration
  /// Elements nested deeper than `limit`.
  case nestedTooDeep(limit: Int)
  /// More elements than `limit`.
  case tooManyElements(limit: Int)
  /// A file with no XML at all: empty, or only white space.
  case emptyDocument
  /// XML the parser rejects, with its error code when it gives one.
  case malformedXML(parserError: Int?)
  /// Bytes that are not UTF-8 in a file that is read as UTF-8: the first byte that begins no
  /// well-formed character.
  case invalidUTF8(byte: UInt8)
  /// A character that cannot be decoded in the encoding the file is read in (an unpaired
  /// UTF-16 surrogate, a truncated last character, …).
  case undecodableText(encoding: String)
  /// An XML declaration naming an encoding Plumb does not read.
  case unsupportedEncoding(name: String)
  /// A `<constraint>` without `firstAttribute`.
  case constraintWithoutFirstAttribute
  /// A `<constraint>` the reader leaves out, in the reader's words (the attribute or value
  /// it could not read, and that it leaves the constraint out).
  case unreadableConstraint(String)
  // MARK: Suppressions

  /// A `# plumb: ignore CODE` comment that silences no finding of that code.
  case unusedSuppression(DiagnosticCode)
  /// A `# plumb: ignore NAME` comment whose NAME is no diagnostic code.
  case unknownSuppressedCode(String, suggestion: String?)

  /// The verdict Xcode saved on a view (`ambiguous="YES"`, `misplaced="YES"`) when it last
  /// saved the file: not Plumb's own finding.
  case xcodeMarker(XcodeMarker)
}

/// What Xcode marked a view as when it last saved an Interface Builder file.
public struct XcodeMarker: Hashable, Sendable {
  /// The view, named as the other findings name it.
  public var view: String
  public var ambiguous: Bool
  public var misplaced: Bool
  /// The size class of a marker saved on a `<variation>` (its key, `widthClass=compact`);
  /// nil for the base configuration.
  public var sizeClass: String?

  public init(view: String, ambiguous: Bool, misplaced: Bool, sizeClass: String? = nil) {
    self.view = view
    self.ambiguous = ambiguous
    self.misplaced = misplaced
    self.sizeClass = sizeClass
  }
}

/// The range of numbers UIKit's engine handles sensibly (docs/language.md#numbers).
public enum NumericRange {
  /// The largest constant, in points: a Float (which parts of UIKit's engine and of Core
  /// Animation use) spaces its values one point apart from 2²³ ≈ 8.4 million.
  public static let constant = 1e7
  /// The smallest and largest magnitude of a nonzero multiplier.
  public static let smallestMultiplier = 1e-6
  public static let largestMultiplier = 1e6
  /// The smallest and largest magnitude of a nonzero multiplier the solver resolves: it takes
  /// coefficients below 1e-9 for 0 (and a large one becomes its reciprocal when it pivots).
  public static let smallestResolvedMultiplier = 1e-9
  public static let largestResolvedMultiplier = 1e9
  /// The largest constant the solver resolves to a point: its tolerances are 1e-10…1e-8 times
  /// the largest number of the layout, larger than a point beyond 1e9 or so.
  public static let largestResolvedConstant = 1e9
}

/// A number of a constraint outside the range UIKit's engine handles sensibly.
public enum ExtremeValue: Hashable, Sendable {
  /// A constant beyond ±`NumericRange.constant` points.
  case constant(Double)
  /// A nonzero multiplier whose magnitude is outside `NumericRange.smallestMultiplier`…`largestMultiplier`.
  case multiplier(Double)
}

/// Why the solution of a layout is not reliable.
public enum Inaccuracy: Hashable, Sendable {
  /// A multiplier the solver cannot resolve: it may take the term for 0.
  case multiplier(ConstraintQuote, Double)
  /// A constant so large that the solver's tolerances in the layout exceed a point.
  case constant(ConstraintQuote, Double)
  /// A required constraint the solved values miss by `by` points.
  case violated(ConstraintQuote, by: Double)
  /// A view's solved frame is not finite (the numbers overflowed).
  case notFinite(view: String)
}

/// Which view a reserved name stands for.
public enum ReservedView: Hashable, Sendable {
  /// `super`: the view around the statement.
  case enclosing
  /// The root view's name.
  case root
}

/// Why UIKit refuses to relate two attributes.
public enum AttributePairProblem: Hashable, Sendable {
  /// A position set to a constant.
  case positionToConstant(LayoutAttribute)
  /// A position related to a size.
  case positionToSize(position: LayoutAttribute, size: LayoutAttribute)
  /// Attributes of different axes.
  case differentAxes(LayoutAttribute, LayoutAttribute)
  /// Leading or trailing related to left or right.
  case mixedDirections(LayoutAttribute, LayoutAttribute)
  /// A baseline or margin attribute of a layout guide (`guide`), which has neither.
  case guideAttribute(guide: String, attribute: String)
}

/// How a message quotes a constraint, and where the constraint is.
///
/// A constraint written as an equation is quoted as written; others as UIKit describes them.
/// The range lets a reader of another format (Interface Builder) quote the constraint its
/// own way, by replacing the quote of the constraint at that range.
public struct ConstraintQuote: Hashable, Sendable {
  /// Where the constraint is written, or where what generates it is.
  public var range: SourceRange
  /// The text between the quotes.
  public var text: String
  /// Whether `text` is the source text at `range`.
  public var isWritten: Bool
  /// The constraint's label, shown after the quote.
  public var label: String?
  /// The constraint's identifier in its file (an Interface Builder id), shown after the quote.
  public var identifier: String?

  public init(range: SourceRange, text: String, isWritten: Bool, label: String? = nil, identifier: String? = nil) {
    self.range = range
    self.text = text
    self.isWritten = isWritten
    self.label = label
    self.identifier = identifier
  }
}

/// A constraint with what it stands for: a member of a conflict, or the winner of a tie.
public enum ConflictMember: Hashable, Sendable {
  /// The engine's own `view.width >= 0` (or height).
  case nonNegativeSize(view: String, axis: AttributeAxis)
  /// The root view's size; a nil `canvas` is the default canvas, which no file names.
  case canvasSize(ConstraintQuote, width: Double, height: Double, canvas: String?, traits: SizeClassTraits? = nil)
  /// A view's intrinsic content size.
  case intrinsicSize(ConstraintQuote, view: String)
  /// A view's autoresizing mask, which fixes its frame.
  case autoresizingMask(ConstraintQuote, view: String)
  /// A constraint the stack view `stack` generates.
  case stackView(ConstraintQuote, stack: String)
  /// A constraint of the file.
  case constraint(ConstraintQuote)
}

/// Required constraints that cannot all hold.
public struct Conflict: Hashable, Sendable {
  /// The constraint UIKit (and Plumb) breaks.
  public var broken: ConstraintQuote
  /// The other members, except the default canvas's size (which no file writes).
  public var others: [ConflictMember]
  /// The default canvas's size, when it is part of the conflict.
  public var defaultCanvas: CanvasSize?
  /// The stack view that generates the broken constraint, when one does.
  public var brokenStack: String?

  public init(broken: ConstraintQuote, others: [ConflictMember], defaultCanvas: CanvasSize? = nil, brokenStack: String? = nil) {
    self.broken = broken
    self.others = others
    self.defaultCanvas = defaultCanvas
    self.brokenStack = brokenStack
  }
}

/// A stack view option that UIKit does not act on, by the stack's axis.
public enum StackOptionProblem: Hashable, Sendable {
  /// `baselineRelative` in a horizontal stack: UIKit measures spacing between baselines only
  /// in vertical stacks.
  case baselineRelativeInHorizontalStack(stack: String)
  /// `alignment firstBaseline` or `lastBaseline` in a vertical stack: UIKit aligns baselines
  /// only across horizontal stacks.
  case baselineAlignmentInVerticalStack(stack: String, alignment: String)
}

/// A canvas's width and height.
public struct CanvasSize: Hashable, Sendable {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

/// A view's frame left open on an axis.
public struct Ambiguity: Hashable, Sendable {
  public var view: String
  public var axis: AttributeAxis
  /// Whether the position, and whether the size, along the axis are open.
  public var position: Bool
  public var size: Bool
  /// Another frame the constraints equally allow.
  public var alternative: Rect
  /// The values the frame's x (or y), relative to the superview, can take over every layout
  /// the constraints equally allow, when the position is open and the solver knows them.
  public var positionRange: FrameRange?
  /// The values the frame's width (or height) can take, when the size is open and the solver
  /// knows them.
  public var sizeRange: FrameRange?

  public init(
    view: String, axis: AttributeAxis, position: Bool, size: Bool, alternative: Rect,
    positionRange: FrameRange? = nil, sizeRange: FrameRange?
  ) {
    self.view = view
    self.axis = axis
    self.position = position
    self.size = size
    self.alternative = alternative
    self.positionRange = positionRange
    self.sizeRange = sizeRange
  }
}

/// The values one number of a frame (x, y, width or height) can take: an interval, since the
/// layouts the constraints equally allow form a convex set; a nil bound is unbounded.
public struct FrameRange: Hashable, Sendable {
  public var lowest: Double?
  public var highest: Double?

  public init(lowest: Double?, highest: Double?) {
    self.lowest = lowest
    self.highest = highest
  }
}

/// Which content priority two views tie on.
public enum ContentPriority: Hashable, Sendable {
  /// Content hugging: there is more room than their content needs.
  case hugging
  /// Compression resistance: there is less room than their content needs.
  case compressionResistance
}

/// Two views that trade size with equal content priorities.
public struct ContentPriorityTie: Hashable, Sendable {
  /// The views in file order.
  public var first: String
  public var second: String
  public var axis: AttributeAxis
  public var priority: ContentPriority
  /// The priority both have.
  public var value: Double

  public init(first: String, second: String, axis: AttributeAxis, priority: ContentPriority, value: Double) {
    self.first = first
    self.second = second
    self.axis = axis
    self.priority = priority
    self.value = value
  }
}

/// Why an optional constraint is not satisfied.
public enum UnsatisfiedCause: Hashable, Sendable {
  /// Required constraints, or constraints of higher priority, leave it no better solution.
  case higherPriority
  /// It loses a tie at its own `priority`: the solver minimises the total error of the
  /// constraints of one priority, and the `winners`, of the same priority, hold (or come
  /// closer) instead of it. `forced` is how much of the miss higher priorities force: 0 when
  /// the layout could satisfy it at the winners' expense.
  case tie(priority: Double, winners: [ConflictMember], forced: Double)
}

/// Why a view has zero size.
public enum ZeroSizeCause: Hashable, Sendable {
  /// Nothing determines the size, and an undetermined size falls to 0.
  case undetermined
  /// The constraints determine the size, as 0 (its position may still be undetermined).
  case constraints
  /// It follows from a conflict: the constraints ask for a negative size, UIKit breaks this
  /// constraint to recover, and the size stays at 0, below which no size goes.
  case brokenConstraint(ConstraintQuote)
}

/// A declared frame that differs from the solved one.
public struct Misplacement: Hashable, Sendable {
  public var view: String
  public var declared: Rect
  public var solved: Rect
  /// The canvas the solved frame is in.
  public var canvas: String
  /// Its size classes (a layout file's canvases have them).
  public var traits: SizeClassTraits?
  /// Interface Builder: whether the solved frame keeps what the constraints leave open as declared.
  public var keepsOpenPartsAsDeclared: Bool

  public init(
    view: String, declared: Rect, solved: Rect, canvas: String, traits: SizeClassTraits? = nil,
    keepsOpenPartsAsDeclared: Bool = false
  ) {
    self.view = view
    self.declared = declared
    self.solved = solved
    self.canvas = canvas
    self.traits = traits
    self.keepsOpenPartsAsDeclared = keepsOpenPartsAsDeclared
  }
}

/// A view reaching outside its superview.
public struct Overhang: Hashable, Sendable {
  public var view: String
  public var superview: String
  /// The view's frame and the superview's bounds.
  public var frame: Rect
  public var bounds: Rect
  /// How far it reaches past each edge it crosses, in the order left, right, top, bottom.
  public var edges: [EdgeOverhang]
  /// Whether no part of it is inside.
  public var isEntirelyOutside: Bool

  public init(view: String, superview: String, frame: Rect, bounds: Rect, edges: [EdgeOverhang], isEntirelyOutside: Bool) {
    self.view = view
    self.superview = superview
    self.frame = frame
    self.bounds = bounds
    self.edges = edges
    self.isEntirelyOutside = isEntirelyOutside
  }
}

/// How far a view reaches past one edge of its superview.
public struct EdgeOverhang: Hashable, Sendable {
  public enum Edge: Hashable, Sendable {
    case left, right, top, bottom
  }

  public var edge: Edge
  public var distance: Double

  public init(_ edge: Edge, by distance: Double) {
    self.edge = edge
    self.distance = distance
  }
}

/// What a related place is to its finding.
public enum RelatedRole: Hashable, Sendable {
  /// The first declaration of a name declared again.
  case firstDeclaration
  /// The first declaration of a view declared again.
  case firstDeclarationOfView(String)
  /// Where a view is declared.
  case declarationOfView(String)
  /// The direction option another one contradicts.
  case otherDirectionOption
  /// Another member of a conflict.
  case conflictMember(ConflictMember)
  /// The other view of a content-priority tie.
  case otherViewOfTie
  /// Interface Builder: the view whose size-class variation a finding is placed on.
  case viewOfVariation
}

/// Where a finding of a solved layout happens, when not in every place it is solved in.
public enum FindingPlaces: Hashable, Sendable {
  /// Everywhere, or nowhere worth naming.
  case everywhere
  /// In every canvas, in these directions only.
  case everyCanvas(WritingDirections)
  /// In these canvases only.
  case canvases([CanvasPlace])
}

/// A canvas a finding happens in, and in which directions when not in all the file checks.
public struct CanvasPlace: Hashable, Sendable {
  public var canvas: String
  /// The canvas's size classes (a layout file's canvases have them).
  public var traits: SizeClassTraits?
  /// Nil when in every direction the file is checked in.
  public var directions: WritingDirections?

  public init(canvas: String, traits: SizeClassTraits? = nil, directions: WritingDirections?) {
    self.canvas = canvas
    self.traits = traits
    self.directions = directions
  }

  /// `iPad (wR hR)`, or the name alone without traits.
  public var label: String { traits.map { "\(canvas) (\($0))" } ?? canvas }
}

/// What a later stage adds to a finding: where it applies, or how it is to be read.
public enum FindingNote: Hashable, Sendable {
  /// Interface Builder: the view is a scroll view's content, so its size is the scroll
  /// view's scrollable content size.
  case scrollableContentSize(scrollView: String)
  /// A conflict that happens only in right-to-left layouts.
  case onlyRightToLeft
  /// Interface Builder: the view's Ambiguity setting makes the finding information only.
  case ambiguitySetting(AmbiguitySetting)
  /// Interface Builder (iOS): the solved frame rests on Plumb's estimate of Xcode's canvas, so
  /// a misplacement is information only.
  case estimatedCanvas
  /// Interface Builder (AppKit): the solved frame rests on Plumb's estimates of AppKit's
  /// control and text sizes, so a misplacement is information only.
  case estimatedControlSizes
  /// Interface Builder (AppKit): the view is the content of this scroll view or box, laid out
  /// by its frame without translating its autoresizing mask, whose content the builds of
  /// Interface Builder of Xcode 8.3 to 11 mark ambiguous.
  case contentOfFixedContainer(container: String)
}

/// Xcode's Ambiguity setting of a view, where it asks not to be told.
public enum AmbiguitySetting: Hashable, Sendable {
  /// "Never Verify".
  case neverVerify
  /// "Verify Position Only".
  case verifyPositionOnly
}

// MARK: - Subjects

extension Finding {
  /// The view the finding is about, when it is about one; for a tie, the first of the two.
  public var view: String? {
    switch self {
    case .ambiguous(let ambiguity): ambiguity.view
    case .contentPriorityTie(let tie): tie.first
    case .zeroSize(let view, _, _, _): view
    case .misplaced(let misplacement): misplacement.view
    case .offscreen(let overhang): overhang.view
    case .transformed(let view, _): view
    case .inaccurate(.notFinite(let view)): view
    case .xcodeMarker(let marker): marker.view
    case .duplicateView(let name), .notASubview(let name, _, _): name
    default: nil
    }
  }

  /// The same finding with every constraint quote passed through `transform`.
  public func mappingQuotes(_ transform: (ConstraintQuote) -> ConstraintQuote) -> Finding {
    switch self {
    case .conflict(var conflict):
      conflict.broken = transform(conflict.broken)
      conflict.others = conflict.others.map { $0.mappingQuotes(transform) }
      return .conflict(conflict)
    case .zeroSize(let view, let axis, let frame, .brokenConstraint(let broken)):
      return .zeroSize(view: view, axis: axis, frame: frame, cause: .brokenConstraint(transform(broken)))
    case .unsatisfied(let quote, let missedBy, let cause):
      switch cause {
      case .higherPriority:
        return .unsatisfied(transform(quote), missedBy: missedBy, cause: cause)
      case .tie(let priority, let winners, let forced):
        return .unsatisfied(
          transform(quote), missedBy: missedBy,
          cause: .tie(priority: priority, winners: winners.map { $0.mappingQuotes(transform) }, forced: forced))
      }
    case .extremeValue(let quote, let value):
      return .extremeValue(transform(quote), value)
    case .inaccurate(let inaccuracy):
      switch inaccuracy {
      case .multiplier(let quote, let value): return .inaccurate(.multiplier(transform(quote), value))
      case .constant(let quote, let value): return .inaccurate(.constant(transform(quote), value))
      case .violated(let quote, let by): return .inaccurate(.violated(transform(quote), by: by))
      case .notFinite: return self
      }
    default:
      return self
    }
  }
}

extension ConflictMember {
  /// The same member with its constraint quote passed through `transform`.
  public func mappingQuotes(_ transform: (ConstraintQuote) -> ConstraintQuote) -> ConflictMember {
    switch self {
    case .nonNegativeSize: self
    case .canvasSize(let quote, let width, let height, let canvas, let traits):
      .canvasSize(transform(quote), width: width, height: height, canvas: canvas, traits: traits)
    case .intrinsicSize(let quote, let view): .intrinsicSize(transform(quote), view: view)
    case .autoresizingMask(let quote, let view): .autoresizingMask(transform(quote), view: view)
    case .stackView(let quote, let stack): .stackView(transform(quote), stack: stack)
    case .constraint(let quote): .constraint(transform(quote))
    }
  }
}

extension RelatedRole {
  /// The same role with any constraint quote passed through `transform`.
  public func mappingQuotes(_ transform: (ConstraintQuote) -> ConstraintQuote) -> RelatedRole {
    if case .conflictMember(let member) = self { return .conflictMember(member.mappingQuotes(transform)) }
    return self
  }
}

extension Diagnostic {
  /// The same diagnostic with every constraint quote, in its finding and its related places,
  /// passed through `transform`.
  public func mappingQuotes(_ transform: (ConstraintQuote) -> ConstraintQuote) -> Diagnostic {
    var copy = self
    copy.finding = finding.mappingQuotes(transform)
    copy.related = related.map { RelatedInformation(range: $0.range, role: $0.role.mappingQuotes(transform)) }
    return copy
  }
}
