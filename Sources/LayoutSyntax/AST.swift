// The syntax tree of `.layout` and `.vfl` files.
//
// Every node carries the byte range of the text it came from. The tree records what was
// written; names are not resolved here (a VFL predicate `(w)` may name a metric or a view,
// which only the analysis can tell). Statements that did not parse are left out of the tree
// and reported as `syntax` diagnostics instead, so every node present is well formed.

/// Which language a file is written in, decided by its extension.
public enum FileKind: String, Sendable, Hashable {
  /// The full layout language.
  case layout
  /// One Visual Format string per line, unquoted; views are declared implicitly.
  case vfl

  /// The kind for a path's extension, or nil when Plumb does not read such files.
  public init?(pathExtension: String) {
    switch pathExtension.lowercased() {
    case "layout": self = .layout
    case "vfl": self = .vfl
    default: return nil
    }
  }
}

/// A name as written, with its range.
public struct Identifier: Hashable, Sendable {
  public var name: String
  public var range: SourceRange

  public init(name: String, range: SourceRange) {
    self.name = name
    self.range = range
  }
}

/// A parsed file: its statements (the body of the root view) and its syntax diagnostics.
public struct LayoutFile: Sendable {
  public var kind: FileKind
  /// The top-level statements (a `StatementList`: an edit moves the statements after it
  /// without rewriting them).
  public var statements: StatementList
  /// `syntax` diagnostics in source order.
  public var diagnostics: [Diagnostic]

  public init(kind: FileKind, statements: [Statement], diagnostics: [Diagnostic]) {
    self.init(kind: kind, statements: StatementList(statements), diagnostics: diagnostics)
  }

  public init(kind: FileKind, statements: StatementList, diagnostics: [Diagnostic]) {
    self.kind = kind
    self.statements = statements
    self.diagnostics = diagnostics
  }
}

/// One statement of a file or of a view's body.
///
/// The cases whose nodes are large are `indirect`: a file is mostly constraints and formats,
/// and an array of statements would otherwise give each the size of the largest node (over
/// 500 bytes), whatever it holds.
public enum Statement: Sendable {
  case canvas(CanvasDeclaration)
  case direction(DirectionDeclaration)
  case spacing(SpacingDeclaration)
  case metric(MetricDeclaration)
  indirect case view(ViewDeclaration)
  indirect case constraint(ConstraintStatement)
  indirect case visualFormat(VisualFormatStatement)
  /// `when wC { … }`: statements that exist only in canvases of matching traits.
  indirect case when(WhenBlock)

  public var range: SourceRange {
    switch self {
    case .canvas(let node): node.range
    case .direction(let node): node.range
    case .spacing(let node): node.range
    case .metric(let node): node.range
    case .view(let node): node.range
    case .constraint(let node): node.range
    case .visualFormat(let node): node.range
    case .when(let node): node.range
    }
  }
}

// MARK: - Settings

/// Insets in UIKit's order: top, left, bottom, right.
public struct EdgeInsets: Hashable, Sendable {
  public var top: Double
  public var left: Double
  public var bottom: Double
  public var right: Double

  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// Insets in reading-direction terms: top, leading, bottom, trailing.
public struct DirectionalInsets: Hashable, Sendable {
  public var top: Double
  public var leading: Double
  public var bottom: Double
  public var trailing: Double

  public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }
}

/// `canvas NAME WxH [safe (top, left, bottom, right)] [traits wC hR]`: a root size to lay out.
public struct CanvasDeclaration: Sendable {
  public var name: Identifier
  public var width: Double
  public var height: Double
  public var safeArea: EdgeInsets?
  /// The size classes as written (both axes), or nil to derive them from the size.
  public var traits: [TraitWord]
  public var range: SourceRange

  public init(
    name: Identifier, width: Double, height: Double, safeArea: EdgeInsets?, traits: [TraitWord] = [],
    range: SourceRange
  ) {
    self.name = name
    self.width = width
    self.height = height
    self.safeArea = safeArea
    self.traits = traits
    self.range = range
  }

  /// The canvas's size classes: as written, or derived from its size.
  public var sizeClasses: SizeClassTraits {
    var result = SizeClassTraits.derived(width: width, height: height)
    for trait in traits {
      if trait.isHorizontal { result.horizontal = trait.sizeClass } else { result.vertical = trait.sizeClass }
    }
    return result
  }
}

/// Which writing directions a file is checked in.
public enum WritingDirections: String, Sendable, Hashable {
  case ltr
  case rtl
  case both
}

/// `direction ltr|rtl|both`.
public struct DirectionDeclaration: Sendable {
  public var value: WritingDirections
  public var range: SourceRange

  public init(value: WritingDirections, range: SourceRange) {
    self.value = value
    self.range = range
  }
}

/// How VFL's standard spacing to the superview edge (`|-[a]`) is resolved.
public enum SuperviewSpacing: Hashable, Sendable {
  /// A fixed number of points from the superview's edge (AppKit and iOS 7: 20).
  case points(Double)
  /// The superview's layout margins, as UIKit does since iOS 8.
  case margins
}

/// `spacing SIBLING [SUPERVIEW|margins]`: VFL's standard spacing.
public struct SpacingDeclaration: Sendable {
  public var sibling: Double
  /// Nil when only the sibling spacing is given (the superview spacing keeps its default).
  public var superview: SuperviewSpacing?
  public var range: SourceRange

  public init(sibling: Double, superview: SuperviewSpacing?, range: SourceRange) {
    self.sibling = sibling
    self.superview = superview
    self.range = range
  }
}

/// `metric NAME = NUMBER`.
public struct MetricDeclaration: Sendable {
  public var name: Identifier
  public var value: Double
  public var valueRange: SourceRange
  public var range: SourceRange

  public init(name: Identifier, value: Double, valueRange: SourceRange, range: SourceRange) {
    self.name = name
    self.value = value
    self.valueRange = valueRange
    self.range = range
  }
}

// MARK: - Views

/// `KIND NAME [PROPERTY…] [{ BODY }]`.
public struct ViewDeclaration: Sendable {
  /// `view`, `label`, `button`, `image`, `field`, `switch` or `stack`; `guide` for a layout
  /// guide (`guide NAME`), which has no properties and no body.
  public var kind: Identifier
  public var name: Identifier
  public var properties: [ViewProperty]
  /// The statements between the braces; empty when there are none or no braces.
  public var body: [Statement]
  /// The range of the braces and what is between them, when written.
  public var bodyRange: SourceRange?
  public var range: SourceRange

  public init(
    kind: Identifier, name: Identifier, properties: [ViewProperty], body: [Statement],
    bodyRange: SourceRange?, range: SourceRange
  ) {
    self.kind = kind
    self.name = name
    self.properties = properties
    self.body = body
    self.bodyRange = bodyRange
    self.range = range
  }
}

/// A design-time rectangle in UIKit's description order: origin, then size.
public struct Rect: Hashable, Sendable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}

/// A view transform that Auto Layout ignores.
public enum ViewTransform: Hashable, Sendable {
  case rotate(degrees: Double)
  case scale(Double)
}

/// One property of a view declaration.
public enum ViewPropertyValue: Hashable, Sendable {
  /// `intrinsic WxH`, `intrinsic Wx-`, `intrinsic -xH`: nil for an axis without one.
  case intrinsic(width: Double?, height: Double?)
  /// `hug H[/V]`: with one number, both axes.
  case hugging(horizontal: Double, vertical: Double)
  /// `resist H[/V]`: with one number, both axes.
  case compressionResistance(horizontal: Double, vertical: Double)
  /// `frame (x y; w h)`, relative to the superview.
  case frame(Rect)
  /// `insets (top, left, bottom, right)`: alignment rectangle insets.
  case alignmentInsets(EdgeInsets)
  /// `baseline N`: both baselines' offset above the bottom of the alignment rectangle.
  case baseline(Double)
  /// `baseline first F last L` (either part may be left out): the first baseline's distance
  /// below the top of the alignment rectangle, the last baseline's above its bottom.
  case baselines(first: Double?, last: Double?)
  /// `margins (top, leading, bottom, trailing)`.
  case margins(DirectionalInsets)
  /// `transform rotate DEG` or `transform scale S`.
  case transform(ViewTransform)
  /// `hidden`: the view is hidden; a stack view collapses a hidden arranged view.
  case hidden
  /// A stack view's option (`axis`, `spacing`, `distribution`, `alignment`,
  /// `baselineRelative`, `marginsRelative`).
  case stack(StackOption)
}

// MARK: - Stack views

/// The axis a stack view arranges its views along (`UILayoutConstraintAxis`).
public enum StackAxis: String, Sendable, Hashable, CaseIterable {
  case horizontal
  case vertical
}

/// How a stack view sizes and places its arranged views along its axis, by the names of
/// `UIStackView.Distribution`.
public enum StackDistribution: String, Sendable, Hashable, CaseIterable {
  case fill
  case fillEqually
  case fillProportionally
  case equalSpacing
  case equalCentering
}

/// How a stack view places its arranged views across its axis, by the names of
/// `UIStackView.Alignment`. `top` is `leading` and `bottom` is `trailing`, as in UIKit, where
/// they are the same raw values.
public enum StackAlignment: String, Sendable, Hashable, CaseIterable {
  case fill
  case leading
  case top
  case firstBaseline
  case center
  case trailing
  case bottom
  case lastBaseline
}

/// A stack view's spacing: points, or UIKit's system spacing (`UIStackView.spacingUseSystem`).
public enum StackSpacing: Hashable, Sendable {
  case points(Double)
  case standard
}

/// One option of a stack view declaration.
public enum StackOption: Hashable, Sendable {
  /// `axis horizontal|vertical`.
  case axis(StackAxis)
  /// `spacing N|standard`.
  case spacing(StackSpacing)
  /// `distribution fill|fillEqually|…`.
  case distribution(StackDistribution)
  /// `alignment fill|leading|…`.
  case alignment(StackAlignment)
  /// `baselineRelative` (`isBaselineRelativeArrangement`).
  case baselineRelative
  /// `marginsRelative` (`isLayoutMarginsRelativeArrangement`).
  case marginsRelative

  /// The option's keyword.
  public var keyword: String {
    switch self {
    case .axis: "axis"
    case .spacing: "spacing"
    case .distribution: "distribution"
    case .alignment: "alignment"
    case .baselineRelative: "baselineRelative"
    case .marginsRelative: "marginsRelative"
    }
  }

  /// Every option's keyword, in the order the reference lists them.
  public static let keywords = ["axis", "spacing", "distribution", "alignment", "baselineRelative", "marginsRelative"]
}

public struct ViewProperty: Sendable {
  public var value: ViewPropertyValue
  /// The property's keyword (`intrinsic`, `hug`, …).
  public var keyword: Identifier
  /// The keyword and its arguments.
  public var range: SourceRange

  public init(value: ViewPropertyValue, keyword: Identifier, range: SourceRange) {
    self.value = value
    self.keyword = keyword
    self.range = range
  }
}

// MARK: - Constraints

/// A relation between the two sides of a constraint.
public enum Relation: String, Sendable, Hashable {
  case equal = "=="
  case lessThanOrEqual = "<="
  case greaterThanOrEqual = ">="
}

/// The layout attributes of NSLayoutConstraint, by their Apple names.
///
/// `baseline` in a file means `lastBaseline`, as `NSLayoutAttributeBaseline` does.
public enum LayoutAttribute: String, Sendable, Hashable, CaseIterable {
  case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
  case lastBaseline, firstBaseline
  case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
  case centerXWithinMargins, centerYWithinMargins

  /// The attribute for a name as written in a file (`baseline` is `lastBaseline`).
  public init?(name: String) {
    if name == "baseline" {
      self = .lastBaseline
    } else {
      self.init(rawValue: name)
    }
  }

  /// Every name a file may use for an attribute, for completion and did-you-mean.
  public static var writtenNames: [String] { allCases.map(\.rawValue) + ["baseline"] }

  /// The axis the attribute lies along.
  public var axis: AttributeAxis {
    switch self {
    case .left, .right, .leading, .trailing, .width, .centerX,
      .leftMargin, .rightMargin, .leadingMargin, .trailingMargin, .centerXWithinMargins:
      .horizontal
    case .top, .bottom, .height, .centerY, .lastBaseline, .firstBaseline,
      .topMargin, .bottomMargin, .centerYWithinMargins:
      .vertical
    }
  }
}

/// What an attribute measures along: UIKit relates only attributes of one axis, and findings
/// about a view's frame say which axis they concern.
public enum AttributeAxis: Sendable, Hashable {
  case horizontal
  case vertical
}

/// A number, or a metric that stands for one.
public enum NumericValue: Hashable, Sendable {
  case number(Double)
  case metric(Identifier)
}

/// A number or metric in a constraint, with its sign and range.
public struct NumericTerm: Hashable, Sendable {
  public var value: NumericValue
  /// Whether the term was written after `-` (its value is subtracted).
  public var isNegated: Bool
  public var range: SourceRange

  public init(value: NumericValue, isNegated: Bool = false, range: SourceRange) {
    self.value = value
    self.isNegated = isNegated
    self.range = range
  }
}

/// The item of an attribute: a view or layout guide, `super`, or one of a view's own layout
/// guides.
public struct ItemReference: Hashable, Sendable {
  /// The view's (or guide's) name, or `super`.
  public var name: Identifier
  /// `safeArea`, `margins` or `readable` when the item is that layout guide of the view
  /// (`safeAreaLayoutGuide`, `layoutMarginsGuide`, `readableContentGuide`).
  public var guide: Identifier?
  public var range: SourceRange

  public init(name: Identifier, guide: Identifier?, range: SourceRange) {
    self.name = name
    self.guide = guide
    self.range = range
  }
}

/// `ITEM.ATTR`.
public struct AttributeReference: Hashable, Sendable {
  public var item: ItemReference
  public var attribute: LayoutAttribute
  /// The attribute's name as written.
  public var attributeName: Identifier
  public var range: SourceRange

  public init(item: ItemReference, attribute: LayoutAttribute, attributeName: Identifier, range: SourceRange) {
    self.item = item
    self.attribute = attribute
    self.attributeName = attributeName
    self.range = range
  }
}

/// The named priorities of UIKit.
public enum PriorityName: String, Sendable, Hashable, CaseIterable {
  case required
  case high
  case low
  case fitting

  public var value: Double {
    switch self {
    case .required: 1000
    case .high: 750
    case .low: 250
    case .fitting: 50
    }
  }
}

/// A priority as written after `@`.
public enum PriorityValue: Hashable, Sendable {
  case number(Double)
  /// `required`, `high`, `low` or `fitting`, optionally adjusted: `high - 1`.
  case named(PriorityName, offset: Double)
  case metric(Identifier)
}

/// `@PRIORITY`.
public struct PriorityTerm: Hashable, Sendable {
  public var value: PriorityValue
  /// The range from `@` to the end of the priority.
  public var range: SourceRange

  public init(value: PriorityValue, range: SourceRange) {
    self.value = value
    self.range = range
  }
}

/// `[LABEL:] ITEM.ATTR REL [M *] ITEM.ATTR [* M] [+|- C] [@P]` or `[LABEL:] ITEM.ATTR REL C [@P]`.
public struct ConstraintStatement: Sendable {
  public var label: Identifier?
  public var first: AttributeReference
  public var relation: Relation
  public var relationRange: SourceRange
  /// Nil for a constant constraint (`a.width == 50`).
  public var second: AttributeReference?
  /// Nil when not written (1). A fraction `9/16` is stored as its value.
  public var multiplier: NumericTerm?
  /// Nil when not written (0). For a constant constraint this is the constant.
  public var constant: NumericTerm?
  public var priority: PriorityTerm?
  public var range: SourceRange

  public init(
    label: Identifier?, first: AttributeReference, relation: Relation, relationRange: SourceRange,
    second: AttributeReference?, multiplier: NumericTerm?, constant: NumericTerm?,
    priority: PriorityTerm?, range: SourceRange
  ) {
    self.label = label
    self.first = first
    self.relation = relation
    self.relationRange = relationRange
    self.second = second
    self.multiplier = multiplier
    self.constant = constant
    self.priority = priority
    self.range = range
  }
}

// MARK: - Visual Format Language

/// A VFL statement: the format and its options.
public struct VisualFormatStatement: Sendable {
  /// Whether the format was written in double quotes.
  public var isQuoted: Bool
  /// The range of the format's text, without quotes.
  public var formatRange: SourceRange
  /// The parsed format; nil when it has a syntax error (reported as a diagnostic).
  public var format: VisualFormat?
  /// The options as written, each named by its Apple name (`alignAllTop`), whatever
  /// prefix (`.`, `NSLayoutFormat`) it was written with. The range covers what was written.
  public var options: [Identifier]
  public var range: SourceRange

  public init(
    isQuoted: Bool, formatRange: SourceRange, format: VisualFormat?, options: [Identifier],
    range: SourceRange
  ) {
    self.isQuoted = isQuoted
    self.formatRange = formatRange
    self.format = format
    self.options = options
    self.range = range
  }
}

/// `H:` or `V:`.
public enum Orientation: String, Sendable, Hashable {
  case horizontal = "H"
  case vertical = "V"
}

/// A parsed visual format string.
///
/// `connections[i]` joins `views[i]` and `views[i + 1]`, so there is one connection fewer
/// than views. A superview bar at either end carries the connection between it and the
/// nearest view.
public struct VisualFormat: Sendable {
  public var orientation: Orientation
  /// The range of `H:` or `V:`; nil when the orientation was left out (horizontal).
  public var orientationRange: SourceRange?
  public var leadingSuperview: VFLSuperviewEdge?
  public var views: [VFLView]
  public var connections: [VFLConnection]
  public var trailingSuperview: VFLSuperviewEdge?
  public var range: SourceRange

  public init(
    orientation: Orientation, orientationRange: SourceRange?, leadingSuperview: VFLSuperviewEdge?,
    views: [VFLView], connections: [VFLConnection], trailingSuperview: VFLSuperviewEdge?,
    range: SourceRange
  ) {
    self.orientation = orientation
    self.orientationRange = orientationRange
    self.leadingSuperview = leadingSuperview
    self.views = views
    self.connections = connections
    self.trailingSuperview = trailingSuperview
    self.range = range
  }
}

/// A `|` and the connection between it and the nearest view.
public struct VFLSuperviewEdge: Sendable {
  public var barRange: SourceRange
  public var connection: VFLConnection

  public init(barRange: SourceRange, connection: VFLConnection) {
    self.barRange = barRange
    self.connection = connection
  }
}

/// The space between two neighbours in a format.
public enum VFLConnectionKind: Sendable {
  /// No dash: the views touch (`[a][b]`).
  case flush
  /// A lone dash: the standard spacing (`[a]-[b]`).
  case standard
  /// `-N-`, `-(N)-`, `-(>=N@P)-`, `->=N-`, `-(>=N,<=M)-`.
  case predicates([VFLPredicate])
}

public struct VFLConnection: Sendable {
  public var kind: VFLConnectionKind
  /// The dashes and what is between them; an empty range between the neighbours for `flush`.
  public var range: SourceRange

  public init(kind: VFLConnectionKind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }
}

/// `[name(predicates)]`.
public struct VFLView: Sendable {
  public var name: Identifier
  public var predicates: [VFLPredicate]
  /// From `[` to `]`.
  public var range: SourceRange

  public init(name: Identifier, predicates: [VFLPredicate], range: SourceRange) {
    self.name = name
    self.predicates = predicates
    self.range = range
  }
}

/// The object of a predicate: a number, or a name that the analysis resolves
/// (metrics first, then views, as UIKit does).
public enum VFLObject: Hashable, Sendable {
  case number(Double, range: SourceRange)
  case name(Identifier)

  public var range: SourceRange {
    switch self {
    case .number(_, let range): range
    case .name(let identifier): identifier.range
    }
  }
}

/// `@P` in a predicate: a number or a name (metric, resolved by the analysis).
public enum VFLPriority: Hashable, Sendable {
  case number(Double, range: SourceRange)
  case name(Identifier)

  public var range: SourceRange {
    switch self {
    case .number(_, let range): range
    case .name(let identifier): identifier.range
    }
  }
}

/// `[REL] OBJECT [@PRIORITY]`.
public struct VFLPredicate: Sendable {
  public var relation: Relation
  /// The range of the relation when written; nil for the implicit `==`.
  public var relationRange: SourceRange?
  public var object: VFLObject
  public var priority: VFLPriority?
  public var range: SourceRange

  public init(
    relation: Relation, relationRange: SourceRange?, object: VFLObject, priority: VFLPriority?,
    range: SourceRange
  ) {
    self.relation = relation
    self.relationRange = relationRange
    self.object = object
    self.priority = priority
    self.range = range
  }
}
