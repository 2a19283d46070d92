import Foundation
import LayoutAnalysis
import LayoutSyntax

/// What Interface Builder's element names mean for layout.
enum Elements {
  /// Elements that are laid out on their own, like a top-level view: cells and reusable views
  /// are sized by their table or collection view, never by constraints to it.
  static let unitRoots: Set<String> = [
    "tableViewCell", "collectionViewCell", "collectionReusableView", "tableViewHeaderFooterView",
  ]

  /// Keys of views a table or collection view sizes itself (a separate layout each).
  static let unitRootKeys: Set<String> = ["tableHeaderView", "tableFooterView"]

  /// Elements that are never views, even with a frame.
  static let notViews: Set<String> = [
    "placeholder", "customObject", "navigationItem", "barButtonItem", "tabBarItem", "tapGestureRecognizer",
    "panGestureRecognizer", "swipeGestureRecognizer", "pinchGestureRecognizer", "rotationGestureRecognizer",
    "longPressGestureRecognizer", "screenEdgePanGestureRecognizer", "exit",
    "viewControllerPlaceholder", "segue", "layoutGuides", "viewControllerLayoutGuide",
  ]

  static func kind(_ element: String) -> ViewKind {
    switch element {
    case "label": .label
    case "button": .button
    case "imageView": .image
    case "textField": .field
    case "switch": .switch
    case "stackView": .stack
    default: .view
    }
  }

  /// How a content view's intrinsic size comes about, per axis.
  enum Intrinsic {
    /// Measured from content: estimated from the saved frame.
    case both
    /// Only a height (sliders, progress views, bars).
    case heightOnly
    /// Fixed by UIKit whatever the content: a picker view's 320 × 216.
    case fixed(width: Double, height: Double)
    case none
  }

  /// An image view whose image Xcode wrote as an `<imageReference key="image" image=…
  /// catalog=…>` element (Xcode 12 and later, for an image with a symbol scale, a rendering
  /// mode or a variable value) rather than as attributes: the same node with the reference's `image` and
  /// `catalog` as its own attributes, as UIKit shows that image either way.
  static func withImageReference(_ element: XMLNode, index: Int, in tree: XMLTree) -> XMLNode {
    guard element.name == "imageView", element.attributes["image"] == nil,
      let reference = tree.child(of: index, named: "imageReference", key: "image").flatMap(tree.node),
      let image = reference.attributes["image"]
    else { return element }
    var element = element
    element.attributes["image"] = image
    if let catalog = reference.attributes["catalog"] { element.attributes["catalog"] = catalog }
    return element
  }

  /// The point size of the system font an iOS button draws its title in when its file names no
  /// font (`UIButton`'s default title font).
  static let defaultButtonFontSize = 15.0
  /// `UIPickerView`'s intrinsic content size, whatever its rows.
  static let pickerSize = (width: 320.0, height: 216.0)
  /// `UIPickerView`'s intrinsic height on an iPhone before iOS 9, as Xcode 6 (the iOS 8 SDK)
  /// draws it.
  static let iOS8PickerHeight = 162.0
  /// The builds of Interface Builder (Xcode 6, `toolsVersion` 6000–7999) that draw a picker
  /// view at `iOS8PickerHeight` in a file not made for the iPad only: in the tuning sets, 9
  /// pickers without a height of their own in files of those builds, of three authors, are
  /// saved 162 pt high. An iPad file's picker keeps 216: the two pickers of iPad storyboards of
  /// Xcode 5 (the iOS 7 SDK) laid out by constraints are saved 216 high, where the same
  /// author's iPhone storyboard of that build saves its picker 162 high.
  static let iOS8PickerBuilds = 6000..<8000

  static func intrinsic(_ element: String, attributes: [String: String]) -> Intrinsic {
    switch element {
    case "label", "button", "textField", "switch", "segmentedControl", "stepper", "pageControl",
      "activityIndicatorView", "datePicker":
      return .both
    // Controls that draw themselves at a size of their own (a color well's swatch, an ad banner's
    // format), which the file does not record: the saved frame, so their size is never called open.
    case "colorWell", "adBannerView":
      return .both
    case "imageView":
      return attributes["image"] != nil ? .both : .none
    case "textView":
      return attributes["scrollEnabled"] == "NO" ? .both : .none
    case "slider", "progressView", "searchBar", "navigationBar", "toolbar", "tabBar":
      return .heightOnly
    case "pickerView":
      return .fixed(width: pickerSize.width, height: pickerSize.height)
    default:
      return .none
    }
  }

  /// `imageView` → `Image View`, as Interface Builder's outline names views.
  static func humanized(_ element: String) -> String {
    switch element {
    case "view": return "View"
    case "tableViewCellContentView", "collectionViewCellContentView": return "Content View"
    case "wkWebView": return "Web View"
    case "mtkView": return "MetalKit View"
    default: break
    }
    var words: [String] = []
    var current = ""
    for character in element {
      if character.isUppercase, !current.isEmpty {
        words.append(current)
        current = ""
      }
      current.append(character)
    }
    if !current.isEmpty { words.append(current) }
    return words.map { word in word.prefix(1).uppercased() + word.dropFirst() }.joined(separator: " ")
  }

  /// Interface Builder's attribute names; `baseline` is the last baseline.
  static func attribute(_ name: String) -> LayoutAttribute? {
    LayoutAttribute(name: name)
  }

  /// `1:2`, `1/3`, `0.5`, `4`.
  static func multiplier(_ text: String) -> Double? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    for separator in [":", "/"] where trimmed.contains(separator) {
      let parts = trimmed.split(separator: Character(separator), omittingEmptySubsequences: false)
      guard parts.count == 2, let numerator = Double(parts[0].trimmingCharacters(in: .whitespaces)),
        let denominator = Double(parts[1].trimmingCharacters(in: .whitespaces)), denominator != 0
      else { return nil }
      let value = numerator / denominator
      return value.isFinite ? value : nil
    }
    guard let value = Double(trimmed), value.isFinite else { return nil }
    return value
  }

  /// A frame as Xcode 8.0 saved it (`<frame key="frameInset" minX= minY= width= height= maxX= maxY=>`,
  /// `toolsVersion` 11173–11201), in the superview's bounds of the given size.
  ///
  /// Along each axis the element keeps at most two of the three lengths (the leading inset, the
  /// size, the trailing inset); the one left out is what remains of the superview's length, and
  /// an inset left out beside it is 0, so `<frame key="frameInset"/>` fills the superview. A
  /// length written as a percentage (`minY="21.23%"`) is that share of what the lengths written in
  /// points leave of the superview's length: the share autoresizing keeps when the superview
  /// changes size. Nil when a length is not a number.
  static func frameInset(_ attributes: [String: String], superview: (width: Double, height: Double)) -> Rect? {
    guard
      let horizontal = insetAxis(
        min: attributes["minX"], size: attributes["width"], max: attributes["maxX"], length: superview.width),
      let vertical = insetAxis(
        min: attributes["minY"], size: attributes["height"], max: attributes["maxY"], length: superview.height)
    else { return nil }
    return Rect(x: horizontal.position, y: vertical.position, width: horizontal.size, height: vertical.size)
  }

  /// One axis of a `frameInset`: its position and size in a superview of this length.
  private static func insetAxis(min: String?, size: String?, max: String?, length: Double)
    -> (position: Double, size: Double)?
  {
    enum Length {
      case points(Double)
      case share(Double)
    }
    func parse(_ text: String?) -> Length?? {
      guard let text else { return .some(nil) }
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      if trimmed.hasSuffix("%") {
        guard let value = number(String(trimmed.dropLast())) else { return nil }
        return .some(.share(value / 100))
      }
      guard let value = number(trimmed) else { return nil }
      return .some(.points(value))
    }
    guard let minLength = parse(min), let sizeLength = parse(size), let maxLength = parse(max) else { return nil }
    let lengths = [minLength, sizeLength, maxLength]
    var rest = length
    for case .points(let value)? in lengths { rest -= value }
    func resolve(_ value: Length?) -> Double? {
      switch value {
      case .points(let points)?: points
      case .share(let share)?: share * rest
      case nil: nil
      }
    }
    let lead = resolve(minLength)
    let trail = resolve(maxLength)
    let position: Double
    let extent: Double
    if let written = resolve(sizeLength) {
      extent = written
      position = lead ?? (trail.map { length - written - $0 } ?? 0)
    } else {
      position = lead ?? 0
      extent = length - position - (trail ?? 0)
    }
    guard position.isFinite, extent.isFinite else { return nil }
    return (position, extent)
  }

  static func number(_ text: String?) -> Double? {
    guard let text, let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
    return value
  }

  /// The point size of a Dynamic Type text style at the default content size.
  static func textStyleSize(_ style: String) -> Double? {
    switch style {
    // Interface Builder's name for Large Title is `UICTFontTextStyleTitle0`.
    case "UICTFontTextStyleLargeTitle", "UICTFontTextStyleTitle0": 34
    case "UICTFontTextStyleTitle1": 28
    case "UICTFontTextStyleTitle2": 22
    case "UICTFontTextStyleTitle3": 20
    case "UICTFontTextStyleHeadline", "UICTFontTextStyleBody": 17
    case "UICTFontTextStyleCallout": 16
    case "UICTFontTextStyleSubhead": 15
    case "UICTFontTextStyleFootnote": 13
    case "UICTFontTextStyleCaption1": 12
    case "UICTFontTextStyleCaption2": 11
    default: nil
    }
  }
}
