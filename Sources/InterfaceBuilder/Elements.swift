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
    case none
  }

  static func intrinsic(_ element: String, attributes: [String: String]) -> Intrinsic {
    switch element {
    case "label", "button", "textField", "switch", "segmentedControl", "stepper", "pageControl",
      "activityIndicatorView", "datePicker":
      return .both
    case "imageView":
      return attributes["image"] != nil ? .both : .none
    case "textView":
      return attributes["scrollEnabled"] == "NO" ? .both : .none
    case "slider", "progressView", "searchBar", "navigationBar", "toolbar", "tabBar":
      return .heightOnly
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

  static func number(_ text: String?) -> Double? {
    guard let text, let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
    return value
  }

  /// The point size of a Dynamic Type text style at the default content size.
  static func textStyleSize(_ style: String) -> Double? {
    switch style {
    case "UICTFontTextStyleLargeTitle": 34
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
