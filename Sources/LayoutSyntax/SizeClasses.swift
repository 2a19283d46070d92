// Size classes: the traits of a canvas and the conditions of `when` blocks.

/// A size class, as UIKit's `UIUserInterfaceSizeClass`: compact or regular.
public enum SizeClass: String, Sendable, Hashable {
  case compact
  case regular

  /// The letter it is written with: `C` or `R`.
  public var letter: String { self == .compact ? "C" : "R" }
}

/// A canvas's size classes: horizontal (`w`) and vertical (`h`).
public struct SizeClassTraits: Sendable, Hashable, CustomStringConvertible {
  public var horizontal: SizeClass
  public var vertical: SizeClass

  public init(horizontal: SizeClass, vertical: SizeClass) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// UIKit's full-screen size classes of a device whose screen is `width` × `height` points
  /// in that orientation, decided by the screen's shorter side (its portrait width) and its
  /// orientation (taller than wide is portrait; a square counts as landscape):
  ///
  /// - shorter side under 414 points (iPhones but the large ones): portrait `wC hR`,
  ///   landscape `wC hC`;
  /// - 414 up to 600 points (iPhone Plus, XR and Max): portrait `wC hR`, landscape `wR hC`;
  /// - 600 points or more (iPads, whose shorter side is at least 744): `wR hR`.
  ///
  /// Every device Interface Builder offers gets UIKit's classes this way in both orientations;
  /// the 600-point line between the largest iPhone (440) and the smallest iPad (744) is a choice.
  public static func derived(width: Double, height: Double) -> SizeClassTraits {
    let shorter = min(width, height)
    if shorter >= 600 { return SizeClassTraits(horizontal: .regular, vertical: .regular) }
    if height > width { return SizeClassTraits(horizontal: .compact, vertical: .regular) }
    return SizeClassTraits(horizontal: shorter >= 414 ? .regular : .compact, vertical: .compact)
  }

  /// `wC hR`.
  public var description: String { "w\(horizontal.letter) h\(vertical.letter)" }
}

/// The traits a `when` block asks for; a nil class matches any.
/// A canvas named with its size classes, as findings list canvases.
public struct NamedTraits: Sendable, Hashable, CustomStringConvertible {
  public var name: String
  public var traits: SizeClassTraits

  public init(name: String, traits: SizeClassTraits) {
    self.name = name
    self.traits = traits
  }

  /// `phone (wC hR)`.
  public var description: String { "\(name) (\(traits))" }
}

public struct TraitCondition: Sendable, Hashable, CustomStringConvertible {
  public var horizontal: SizeClass?
  public var vertical: SizeClass?

  public init(horizontal: SizeClass? = nil, vertical: SizeClass? = nil) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// Any traits.
  public static let any = TraitCondition()

  public func matches(_ traits: SizeClassTraits) -> Bool {
    (horizontal == nil || horizontal == traits.horizontal) && (vertical == nil || vertical == traits.vertical)
  }

  /// The traits both conditions ask for; nil when they contradict each other.
  public func intersection(_ other: TraitCondition) -> TraitCondition? {
    if let a = horizontal, let b = other.horizontal, a != b { return nil }
    if let a = vertical, let b = other.vertical, a != b { return nil }
    return TraitCondition(horizontal: horizontal ?? other.horizontal, vertical: vertical ?? other.vertical)
  }

  /// `wC`, `hR`, `wR hC` (horizontal first); `any` when neither is given.
  public var description: String {
    let parts = [horizontal.map { "w\($0.letter)" }, vertical.map { "h\($0.letter)" }].compactMap { $0 }
    return parts.isEmpty ? "any" : parts.joined(separator: " ")
  }
}

/// One trait as written: `wC`, `wR`, `hC` or `hR`.
public struct TraitWord: Sendable, Hashable {
  public var isHorizontal: Bool
  public var sizeClass: SizeClass
  public var range: SourceRange

  public init(isHorizontal: Bool, sizeClass: SizeClass, range: SourceRange) {
    self.isHorizontal = isHorizontal
    self.sizeClass = sizeClass
    self.range = range
  }

  /// The four words.
  public static let all = ["wC", "wR", "hC", "hR"]

  /// The trait a word names, case-sensitively.
  public static func parse(_ word: String, range: SourceRange) -> TraitWord? {
    switch word {
    case "wC": TraitWord(isHorizontal: true, sizeClass: .compact, range: range)
    case "wR": TraitWord(isHorizontal: true, sizeClass: .regular, range: range)
    case "hC": TraitWord(isHorizontal: false, sizeClass: .compact, range: range)
    case "hR": TraitWord(isHorizontal: false, sizeClass: .regular, range: range)
    default: nil
    }
  }

  public func moved(by change: TextChange) -> TraitWord {
    TraitWord(isHorizontal: isHorizontal, sizeClass: sizeClass, range: change.map(range))
  }
}

/// `when TRAIT [TRAIT] { BODY }`: statements that exist only in canvases whose traits match.
public struct WhenBlock: Sendable {
  public var keyword: SourceRange
  /// The traits as written, one or two (never two of one axis).
  public var traits: [TraitWord]
  public var body: [Statement]
  /// The braces and what is between them.
  public var bodyRange: SourceRange
  public var range: SourceRange

  public init(keyword: SourceRange, traits: [TraitWord], body: [Statement], bodyRange: SourceRange, range: SourceRange) {
    self.keyword = keyword
    self.traits = traits
    self.body = body
    self.bodyRange = bodyRange
    self.range = range
  }

  public var condition: TraitCondition {
    var condition = TraitCondition()
    for trait in traits {
      if trait.isHorizontal { condition.horizontal = trait.sizeClass } else { condition.vertical = trait.sizeClass }
    }
    return condition
  }

  public func moved(by change: TextChange) -> WhenBlock {
    WhenBlock(
      keyword: change.map(keyword), traits: traits.map { $0.moved(by: change) },
      body: body.map { $0.moved(by: change) }, bodyRange: change.map(bodyRange), range: change.map(range))
  }
}
