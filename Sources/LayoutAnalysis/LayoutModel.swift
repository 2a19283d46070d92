import LayoutSyntax

/// The kinds of view a file can declare. They are laid out alike; the kind sets defaults.
public enum ViewKind: String, Sendable, Hashable, CaseIterable {
  case view, label, button, image, field
  case `switch`
  /// A `UIStackView`: the views declared in its body are its arranged views.
  case stack
  /// A `UILayoutGuide` (`guide NAME`): a rectangle placed by constraints, never drawn.
  case guide

  /// The default content hugging priority, as Interface Builder sets it:
  /// labels and image views hug at 251, everything else at 250.
  public var defaultHugging: Double {
    switch self {
    case .label, .image: 251
    default: 250
    }
  }

  /// The default compression resistance priority.
  public var defaultCompressionResistance: Double { 750 }
}

/// A view of the layout, with its properties resolved to values.
public struct ViewNode: Sendable {
  public var name: String
  public var kind: ViewKind
  /// The enclosing view's name; nil only for the root.
  public var superview: String?
  /// The names of the views declared directly inside this one, in order.
  public var subviews: [String]
  /// The name as written in its declaration (nil for the root and for views a `.vfl`
  /// file declares implicitly, which point at their first use instead).
  public var nameRange: SourceRange?
  /// The whole declaration (or the first use, in a `.vfl` file).
  public var declarationRange: SourceRange?
  public var intrinsicWidth: Double?
  public var intrinsicHeight: Double?
  public var hugging: (horizontal: Double, vertical: Double)
  public var compressionResistance: (horizontal: Double, vertical: Double)
  /// The saved frame (Interface Builder) or the frame a `frame` property gives.
  public var frame: Rect? {
    get { rare?.frame }
    set { setRare(\.frame, newValue) }
  }
  public var alignmentInsets: EdgeInsets {
    get { rare?.alignmentInsets ?? .zero }
    set { setRare(\.alignmentInsets, newValue) }
  }
  /// The last baseline's offset above the bottom of the alignment rectangle (`baseline N`,
  /// `baseline … last L`).
  public var baselineOffset: Double {
    get { rare?.baselineOffset ?? 0 }
    set { setRare(\.baselineOffset, newValue) }
  }
  /// The first baseline's distance below the top of the alignment rectangle
  /// (`baseline first F`); nil when it is the last baseline (`baseline N`).
  public var firstBaselineFromTop: Double? {
    get { rare?.firstBaselineFromTop }
    set { setRare(\.firstBaselineFromTop, newValue) }
  }
  public var margins: DirectionalInsets {
    get { rare?.margins ?? ViewNode.defaultMargins }
    set { setRare(\.margins, newValue) }
  }
  public var transform: ViewTransform? {
    get { rare?.transform }
    set { setRare(\.transform, newValue) }
  }
  /// Whether the view is hidden (`isHidden`); a stack view collapses a hidden arranged view.
  public var isHidden = false
  /// How the view arranges its arranged views, when it is a stack view.
  public var stack: StackConfiguration? {
    get { rare?.stack }
    set { setRare(\.stack, newValue) }
  }
  /// What layout guide of its superview this is, when it is one rather than a view: a guide
  /// the file declares (`guide NAME`), a view's readable content guide, or a stack view's.
  /// It is laid out like a view, but is never drawn: no finding about its geometry.
  public var layoutGuide: StackGuideKind?
  /// Whether this is a layout guide.
  public var isLayoutGuide: Bool { layoutGuide != nil }
  /// Whether this is a layout guide the file does not name (a stack view's, a readable
  /// content guide): no finding is about it.
  public var isGeneratedGuide: Bool { layoutGuide != nil && layoutGuide != .declared }
  /// The properties as written, for diagnostics that point at them.
  public var propertyRanges: [String: SourceRange]

  public init(name: String, kind: ViewKind, superview: String?) {
    self.name = name
    self.kind = kind
    self.superview = superview
    subviews = []
    hugging = (kind.defaultHugging, kind.defaultHugging)
    compressionResistance = (kind.defaultCompressionResistance, kind.defaultCompressionResistance)
    propertyRanges = [:]
  }

  static let defaultMargins = DirectionalInsets(top: 8, leading: 8, bottom: 8, trailing: 8)

  /// The properties most views leave at their defaults (a `.layout` form's views set none of
  /// them), kept in one box shared by the copies of a view until one of them changes it: a
  /// view without any is 200 bytes smaller (a model's table of views has room for about 1.6
  /// times as many views as it holds, 10,000 views in 16,384 slots). Nil while every one of
  /// them has its default.
  private var rare: RareProperties?

  /// Sets one of the rare properties, copying the box first when another view shares it.
  private mutating func setRare<Value>(_ property: WritableKeyPath<RareProperties, Value>, _ value: Value) {
    if rare == nil {
      rare = RareProperties()
    } else if !isKnownUniquelyReferenced(&rare) {
      rare = rare?.copy()
    }
    rare?[keyPath: property] = value
  }

  /// Whether the view keeps a box of rare properties (for tests of the compact storage).
  var hasRareProperties: Bool { rare != nil }
}

/// The rare properties of a `ViewNode`, with their defaults. Only changed while its view holds
/// the one reference to it (`ViewNode.setRare`), so sharing it between threads is safe.
final class RareProperties: @unchecked Sendable {
  var frame: Rect?
  var alignmentInsets = EdgeInsets.zero
  var baselineOffset: Double = 0
  var firstBaselineFromTop: Double?
  var margins = ViewNode.defaultMargins
  var transform: ViewTransform?
  var stack: StackConfiguration?

  init() {}

  func copy() -> RareProperties {
    let copy = RareProperties()
    copy.frame = frame
    copy.alignmentInsets = alignmentInsets
    copy.baselineOffset = baselineOffset
    copy.firstBaselineFromTop = firstBaselineFromTop
    copy.margins = margins
    copy.transform = transform
    copy.stack = stack
    return copy
  }
}

/// A root size to lay the file out in.
public struct Canvas: Sendable, Hashable {
  public var name: String
  public var width: Double
  public var height: Double
  public var safeArea: EdgeInsets
  /// Nil for the default canvas of a file that declares none.
  public var range: SourceRange?

  /// The canvas's size classes, which `when` blocks match.
  public var traits: SizeClassTraits

  /// The priority of the root's width and height (required unless a reader lets the content
  /// decide the root's size, as AppKit's windows do).
  public var sizePriority: Double = 1000

  /// - Parameter traits: nil to derive them from the size, as UIKit's devices have them.
  public init(
    name: String, width: Double, height: Double, safeArea: EdgeInsets = .zero, traits: SizeClassTraits? = nil,
    range: SourceRange?
  ) {
    self.name = name
    self.width = width
    self.height = height
    self.safeArea = safeArea
    self.traits = traits ?? SizeClassTraits.derived(width: width, height: height)
    self.range = range
  }

  /// The canvas of a file that declares none: an iPhone 8 screen.
  public static let standard = Canvas(name: "default", width: 375, height: 667, range: nil)
}

/// A named number.
public struct Metric: Sendable, Hashable {
  public var name: String
  public var value: Double
  public var range: SourceRange

  public init(name: String, value: Double, range: SourceRange) {
    self.name = name
    self.value = value
    self.range = range
  }
}

/// VFL's standard spacing.
public struct StandardSpacing: Sendable, Hashable {
  /// Between sibling views (`[a]-[b]`).
  public var sibling: Double
  /// To the superview's edge (`|-[a]`).
  public var superview: SuperviewSpacing

  public init(sibling: Double = 8, superview: SuperviewSpacing = .points(20)) {
    self.sibling = sibling
    self.superview = superview
  }
}

/// Everything a file declares, resolved, and every constraint it lowers to.
public struct LayoutModel: Sendable {
  public static let rootName = "root"

  public var kind: FileKind
  public var canvases: [Canvas]
  public var directions: WritingDirections
  public var spacing: StandardSpacing
  public var metrics: [String: Metric]
  /// Every view by name, the root included.
  public var views: [String: ViewNode]
  /// View names in declaration order, the root first.
  public var viewOrder: [String]
  /// The constraints the file's statements produce (origins vfl, explicit, intrinsic and,
  /// after each stack view's body, stackView), in source order, UIKit's emission order within
  /// a format. A `ConstraintList`: an edit moves the constraints after it without rewriting
  /// them.
  public var constraints: ConstraintList
  /// Whether the file has `when` blocks, so that a canvas may lay out fewer views than the
  /// model declares (`LayoutDocument.model(for:)`).
  public var hasSizeClassConditions = false
  /// How far (in points, on any edge) a declared frame may be from the solved one before the
  /// view is misplaced. Text layouts are exact; frames saved by a design tool are rounded.
  public var misplacedTolerance: Double = 0.01

  public init(kind: FileKind) {
    self.kind = kind
    canvases = []
    directions = .both
    spacing = StandardSpacing()
    metrics = [:]
    let root = ViewNode(name: LayoutModel.rootName, kind: .view, superview: nil)
    views = [LayoutModel.rootName: root]
    viewOrder = [LayoutModel.rootName]
    constraints = []
  }

  /// The canvases to lay out: those declared, or the standard one.
  public var effectiveCanvases: [Canvas] { canvases.isEmpty ? [.standard] : canvases }

  /// The constraints every view carries and that fix the root to a canvas, which the
  /// engine adds without the file saying so: `width >= 0` and `height >= 0` for every
  /// view but the root, the root's frame equal to the canvas, and for each layout guide of a
  /// stack view (not a view: no non-negative size) where it rests on the axis its
  /// constraints leave free.
  public func implicitConstraints(for canvas: Canvas) -> [LayoutConstraint] {
    var result = canvasConstraints(for: canvas)
    // Two a view in most files (a readable guide has six, a stack's guide two): reserved at
    // once, the array is kept at about its size rather than with the room of doublings (each
    // place of a canvas keeps it, 216 bytes a constraint).
    result.reserveCapacity(result.count + 2 * viewOrder.count)
    let rootRange = canvas.range ?? SourceRange(at: 0)
    let root = LayoutModel.rootName
    for name in viewOrder where name != root {
      guard let node = views[name] else { continue }
      let range = node.declarationRange ?? rootRange
      if node.layoutGuide == .readable, let owner = node.superview {
        result += readableGuideConstraints(name, of: owner, range: range)
        continue
      }
      if node.isLayoutGuide {
        // UIKit leaves the axis a stack's guide is not arranged on undetermined, and never
        // reports it; it rests at the stack's edge, with no length. A guide is no view: its
        // size is not kept non-negative.
        guard let stack = node.superview, let axis = StackLayout.freeAxis(of: node, in: self) else { continue }
        let (edge, length): (LayoutAttribute, LayoutAttribute) = axis == .horizontal ? (.leading, .width) : (.top, .height)
        result.append(
          LayoutConstraint(
            first: ConstraintItem(view: name, attribute: edge), relation: .equal,
            second: ConstraintItem(view: stack, attribute: edge), origin: .implicit, range: range))
        result.append(
          LayoutConstraint(
            first: ConstraintItem(view: name, attribute: length), relation: .equal, second: nil, constant: 0,
            origin: .implicit, range: range))
        continue
      }
      for attribute in [LayoutAttribute.width, .height] {
        result.append(
          LayoutConstraint(
            first: ConstraintItem(view: name, attribute: attribute), relation: .greaterThanOrEqual,
            second: nil, constant: 0, origin: .implicit, range: range))
      }
    }
    return result
  }

  /// What places a readable content guide `guide` of `view`: the view's margins guide
  /// narrowed to at most the readable width and centred in it, as
  /// `top == topMargin`, `bottom == bottomMargin`, `centerX == centerXWithinMargins`,
  /// `left >= leftMargin`, `width <= 672`, and `width == 672` at priority 999.5.
  func readableGuideConstraints(_ guide: String, of view: String, range: SourceRange) -> [LayoutConstraint] {
    func item(_ name: String, _ attribute: LayoutAttribute) -> ConstraintItem {
      ConstraintItem(view: name, attribute: attribute)
    }
    return [
      LayoutConstraint(first: item(guide, .top), relation: .equal, second: item(view, .topMargin), origin: .implicit, range: range),
      LayoutConstraint(
        first: item(guide, .bottom), relation: .equal, second: item(view, .bottomMargin), origin: .implicit, range: range),
      LayoutConstraint(
        first: item(guide, .centerX), relation: .equal, second: item(view, .centerXWithinMargins), origin: .implicit,
        range: range),
      LayoutConstraint(
        first: item(guide, .left), relation: .greaterThanOrEqual, second: item(view, .leftMargin), origin: .implicit,
        range: range),
      LayoutConstraint(
        first: item(guide, .width), relation: .lessThanOrEqual, second: nil, constant: LayoutModel.readableWidth,
        origin: .implicit, range: range),
      LayoutConstraint(
        first: item(guide, .width), relation: .equal, second: nil, constant: LayoutModel.readableWidth,
        priority: LayoutModel.readableWidthPriority, origin: .implicit, range: range),
    ]
  }

  /// The constraints that fix the root to a canvas (origin `canvas`).
  func canvasConstraints(for canvas: Canvas) -> [LayoutConstraint] {
    var result: [LayoutConstraint] = []
    let rootRange = canvas.range ?? SourceRange(at: 0)
    let root = LayoutModel.rootName
    result.append(
      LayoutConstraint(
        first: ConstraintItem(view: root, attribute: .left), relation: .equal, second: nil,
        constant: 0, origin: .canvas, range: rootRange))
    result.append(
      LayoutConstraint(
        first: ConstraintItem(view: root, attribute: .top), relation: .equal, second: nil,
        constant: 0, origin: .canvas, range: rootRange))
    result.append(
      LayoutConstraint(
        first: ConstraintItem(view: root, attribute: .width), relation: .equal, second: nil,
        constant: canvas.width, priority: canvas.sizePriority, origin: .canvas, range: rootRange))
    result.append(
      LayoutConstraint(
        first: ConstraintItem(view: root, attribute: .height), relation: .equal, second: nil,
        constant: canvas.height, priority: canvas.sizePriority, origin: .canvas, range: rootRange))
    return result
  }
}

extension LayoutModel {
  /// The names of the views (and declared layout guides) a file can name: every view but the
  /// root and the generated layout guides, in declaration order.
  public var namedViews: [String] {
    viewOrder.filter { $0 != LayoutModel.rootName && views[$0]?.isGeneratedGuide != true }
  }

  /// The readable content guide of `view` (`view.readable`), a generated guide.
  public static func readableGuideName(of view: String) -> String { "\(view).readable" }

  /// The widest a readable content guide gets: UIKit's readable width at the default Dynamic
  /// Type size ("Large"), which Plumb uses for every canvas.
  public static let readableWidth = 672.0
  /// The priority of the constraint that widens a readable content guide up to the readable
  /// width: above every optional priority Interface Builder writes (so that content hugging
  /// inside the guide does not narrow it), below required (so that it gives way to the
  /// view's margins width).
  public static let readableWidthPriority = 999.5
}
