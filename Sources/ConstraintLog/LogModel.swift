import LayoutSyntax

/// A view or layout guide named in a log: `UILabel:0x7fa01200b390'Leo Nicholson'`, a guide
/// `UILayoutGuide:0x…'UIViewSafeAreaLayoutGuide'`, or a name from the names dictionary
/// (an accessibility identifier, `Primary Button`), or the unnamed superview of a view whose
/// superview the log does not name.
public struct LogItem: Hashable, Sendable {
  /// The class as printed, module included (`Trust.BrowserNavigationBar`); empty for a name
  /// the log gives without a class.
  public var className: String
  /// The address, `0x…`; nil for a name the names dictionary does not resolve.
  public var address: String?
  /// The quoted text after the address: a label's or button's text, a guide's identifier.
  public var text: String?
  /// The name an accessibility identifier gives it (`Primary Button`).
  public var name: String?
  /// For the superview of a view whose superview no constraint names: that view's key.
  public var superviewOf: String?

  public init(className: String, address: String?, text: String? = nil, name: String? = nil, superviewOf: String? = nil) {
    self.className = className
    self.address = address
    self.text = text
    self.name = name
    self.superviewOf = superviewOf
  }

  /// What identifies the item within a block: its address, else its name.
  public var key: String {
    if let superviewOf { return "superview of " + superviewOf }
    return address ?? ("name:" + (name ?? className))
  }

  /// The class without its module (`BrowserNavigationBar`).
  public var baseClassName: String {
    className.split(separator: ".").last.map(String.init) ?? className
  }

  /// A layout guide rather than a view: UIKit keeps no guide's size non-negative.
  public var isLayoutGuide: Bool {
    let base = baseClassName
    return base == "UILayoutGuide" || base == "_UILayoutSpacer" || base.hasSuffix("GapGuide")
      || base == "NSLayoutGuide" || base.hasSuffix("LayoutGuide") && base != "_UILayoutGuide"
  }

  /// Whether the class is UIKit's own and private (`_UIToolbarContentView`, keyboard and alert internals).
  public var isPrivateSystemView: Bool {
    let base = baseClassName
    return base.hasPrefix("_UI") || base.hasPrefix("UIInput") || base.hasPrefix("UIKeyboard")
      || base.hasPrefix("UIRemoteKeyboard") || base.hasPrefix("_NS") || base.hasPrefix("UICompatibilityInputView")
  }
}

/// An attribute as UIKit's descriptions write it, autoresizing's `minX`… included.
public enum LogAttribute: String, CaseIterable, Sendable {
  case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
  case firstBaseline, lastBaseline, baseline
  case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
  case centerXWithinMargins, centerYWithinMargins
  case minX, maxX, midX, minY, maxY, midY

  /// Reads an attribute, also as an anchor's name (`leadingAnchor`).
  public init?(spelling: Substring) {
    if let attribute = LogAttribute(rawValue: String(spelling)) {
      self = attribute
    } else if spelling.hasSuffix("Anchor"), let attribute = LogAttribute(rawValue: String(spelling.dropLast(6))) {
      self = attribute
    } else {
      return nil
    }
  }

  public var isHorizontal: Bool {
    switch self {
    case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin, .leadingMargin,
      .trailingMargin, .centerXWithinMargins, .minX, .maxX, .midX:
      true
    default: false
    }
  }

  public var isSize: Bool { self == .width || self == .height }

  /// The attribute as the layout language writes it (`minX` is `left`, `midY` is `centerY`).
  public var layoutSpelling: String {
    switch self {
    case .minX: "left"
    case .maxX: "right"
    case .midX: "centerX"
    case .minY: "top"
    case .maxY: "bottom"
    case .midY: "centerY"
    case .baseline: "lastBaseline"
    default: rawValue
    }
  }
}

/// One side of a constraint: an item's attribute.
public struct LogTerm: Hashable, Sendable {
  public var item: LogItem
  public var attribute: LogAttribute
}

/// Where a constraint comes from, as its class and identifier say.
public enum ConstraintKind: String, Sendable, CaseIterable {
  /// Written by the app (in code, a storyboard, or a layout library such as SnapKit).
  case layout
  /// `translatesAutoresizingMaskIntoConstraints`: a frame and autoresizing mask turned into constraints.
  case autoresizing
  /// `UIView-Encapsulated-Layout-Width/Height`: the size a table or collection view gives a cell or header.
  case encapsulated
  /// `UISV-…`: what a `UIStackView` generates for its arranged views.
  case stack
  /// A layout guide's own constraints: margins, safe area, the old top and bottom layout guides.
  case guide
  /// UIKit's other constraints: `_UITemporaryLayoutWidth/Height`, bar-button, keyboard and alert internals.
  case system
}

/// The Visual Format forms UIKit prints a constraint in.
public enum VisualFormatForm: Sendable {
  /// `H:[v(200)]`: a size.
  case size
  /// `V:|-(8)-[v]`, `V:[v]-(8)-|`, `|[v]`: a view and an edge of its superview (`|`).
  case edge
  /// `H:[a]-(8)-[b]`: the space between two views.
  case spacing
}

/// An autoresizing mask as the log prints it: `h=--&` is (left margin, width, right margin),
/// `v=--&` (top margin, height, bottom margin); `-` fixed, `&` flexible.
public struct AutoresizingMask: Hashable, Sendable {
  public var horizontal: String
  public var vertical: String
}

/// A constraint read from a log, as an equation: `first relation multiplier × second + constant`.
public struct LogConstraint: Sendable {
  /// 0-based line of the input.
  public var line: Int
  /// The entry as written, from `<` to `>`.
  public var text: String
  /// `NSLayoutConstraint`, `NSAutoresizingMaskLayoutConstraint`, `SnapKit.LayoutConstraint`…
  public var className: String
  public var address: String
  /// Where a layout library says it was made: `SyncModeSectionSeparator.swift#17`.
  public var source: String?
  /// The identifier, without quotes: `UIView-Encapsulated-Layout-Height`.
  public var identifier: String?
  public var mask: AutoresizingMask?
  public var first: LogTerm
  public var relation: Relation
  public var multiplier: Double
  public var second: LogTerm?
  public var constant: Double
  public var priority: Double
  /// The superview the names dictionary gives (`'|'`).
  public var superview: LogItem?
  public var kind: ConstraintKind
  /// UIKit laid it out right to left (`(RTL)` after a Visual Format form).
  public var isRightToLeft = false
  /// The Visual Format form UIKit printed it in, if any.
  public var visualFormat: VisualFormatForm?

  public var isRequired: Bool { priority >= 1000 }
}

/// An entry of a log.
public enum LogEntry: Sendable {
  case constraint(LogConstraint)
  /// An entry that could not be read, with its line, its text and why.
  case unreadable(line: Int, text: String, reason: String)

  public var line: Int {
    switch self {
    case .constraint(let constraint): constraint.line
    case .unreadable(let line, _, _): line
    }
  }

  public var constraint: LogConstraint? {
    if case .constraint(let constraint) = self { return constraint }
    return nil
  }
}

/// What part of a block is not in the input.
public enum MissingPart: Equatable, Sendable {
  /// The header, `Unable to simultaneously satisfy constraints.`, and maybe entries before the first one shown.
  case header
  /// The list does not end with `)`: entries after the last one shown may be missing.
  case endOfList
  /// No `Will attempt to recover by breaking constraint` line.
  case brokenConstraint
  /// The broken constraint's line is cut.
  case brokenConstraintCut
}

/// One "Unable to simultaneously satisfy constraints" report.
public struct ConflictBlock: Sendable {
  /// 0-based line of the header (or of the block's first line when the header is not there).
  public var line: Int
  public var hasHeader = false
  /// The list's entries, in order.
  public var entries: [LogEntry] = []
  /// The constraint UIKit broke.
  public var broken: LogEntry?
  /// The log redacted the constraints (`<private>`, macOS unified logging).
  public var isRedacted = false
  /// AppKit's header (`…satisfy constraints:`) rather than UIKit's.
  public var isAppKit = false
  var listOpened = false
  var listClosed = false
  var sawRecoveryLine = false
  /// The broken constraint's entry was found (it is read after the blocks are).
  var hasBroken = false

  public init(line: Int) {
    self.line = line
  }

  /// The parts of the block the input lacks.
  public var missing: [MissingPart] {
    var parts: [MissingPart] = []
    if !hasHeader { parts.append(.header) }
    if !entries.isEmpty || listOpened, !listClosed { parts.append(.endOfList) }
    if !sawRecoveryLine {
      parts.append(.brokenConstraint)
    } else if !isRedacted, broken == nil || broken?.constraint == nil {
      parts.append(.brokenConstraintCut)
    }
    return parts
  }

  /// Header, whole list and broken constraint all there.
  public var isComplete: Bool { missing.isEmpty && !entries.contains { $0.constraint == nil } }

  public var constraints: [LogConstraint] { entries.compactMap(\.constraint) }
}
