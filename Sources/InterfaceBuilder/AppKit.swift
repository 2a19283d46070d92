import Foundation
import LayoutAnalysis
import LayoutSyntax

/// macOS (AppKit) storyboards and xibs (`targetRuntime="MacOSX.Cocoa"`): what differs from
/// UIKit's files before the common reader (`UnitBuilder`) lays them out.
///
/// - Frames: AppKit views are not flipped (y grows upwards) unless their class is, and
///   Interface Builder saves each `<rect key="frame">` in its superview's own coordinates. The
///   reader works top-down, so `prepared` rewrites every frame whose superview is not flipped
///   to be measured from the superview's top, and swaps the autoresizing mask's
///   `flexibleMinY`/`flexibleMaxY` (the bottom and top margins there).
/// - Units: each window's content view (laid out at its saved frame), each view controller's
///   view, each top-level view, each tab view item's view and each table cell view.
/// - Controls: their intrinsic size is their saved frame's, less the alignment insets by which
///   an AppKit control's frame is larger than the rectangle constraints act on (estimated by
///   bezel style and control size); a misplacement within what those estimates leave
///   uncertain is not reported.
/// - Stack views (`NSStackView`): laid out as a whole at their saved size, hugging as the file
///   says and never clipped; their arranged views keep their saved frames and get no finding.
/// - Findings: none within what those estimates, the root's safe area and standard spacings
///   saved without their value leave uncertain; from Xcode 8, no misplacement of a view found
///   ambiguous or inside one (`trusted`).
/// - Roots: a window's content view, a view controller's, a top-level view or a table cell view
///   is laid out again with its saved size held at `windowSizeStayPut` only; a height its
///   content decides otherwise, or a width that puts every view at its saved frame (from
///   Xcode 12, any width of a layout of known views, but a table cell view's), makes it
///   misplaced (`fittedRoot`).
/// - Split views (`NSSplitView`) place the subviews that do not translate their masks
///   themselves, and matrices (`NSMatrix`) measure their cells: neither is modelled, so those
///   subviews keep their saved frames and a matrix is its saved size (`arranges`, `intrinsic`).
enum AppKit {
  /// Views whose class is flipped (y measured from the top): their subviews' saved frames are
  /// top-down already. A clip view is flipped when its document view is.
  static let flippedViews: Set<String> = [
    "scrollView", "tableView", "outlineView", "textView", "collectionView", "splitView", "tabView", "matrix",
  ]

  /// The largest error, in points, the estimated alignment insets and baselines of AppKit
  /// controls can make in a view's solved frame: a misplacement within it is not evidence.
  static let uncertainty = 4.0

  /// Views that arrange their subviews themselves (`NSStackView`, `NSGridView`): their subviews
  /// keep their saved frames and get no finding, and they are sized as saved.
  static let arrangers: Set<String> = ["stackView", "gridView"]

  /// Whether a view's superview places it itself, which is not modelled: a stack or grid view
  /// its arranged views, and a split view (`NSSplitView`) the subviews that do not translate
  /// their autoresizing masks, which it sizes and places by constraints of its own between its
  /// dividers (those that translate their masks are laid out by them).
  /// Read from the file as saved (`prepared` rewrites the attribute); in the prepared tree,
  /// `isArranged` answers.
  static func arranges(_ superview: XMLNode, subview: XMLNode) -> Bool {
    if arrangers.contains(superview.name) { return true }
    return superview.name == "splitView" && subview.attribute("translatesAutoresizingMaskIntoConstraints") == "NO"
  }

  /// Whether, in the tree `prepared` gives, a view's superview places it itself (`arranges`).
  static func isArranged(_ superview: XMLNode, subview: XMLNode) -> Bool {
    arrangers.contains(superview.name) || subview.attribute(arrangedMark) == "YES"
  }

  /// The attribute `prepared` gives the views `arranges` says their superview places, since it
  /// fixes them at their saved frames; `prepared` removes it from every element of the file
  /// first, so that only its own mark counts.
  static let arrangedMark = "plumb.arrangedBySuperview"

  /// Whether a document is an AppKit one.
  static func isAppKit(_ node: XMLNode) -> Bool {
    node.attribute("targetRuntime") == "MacOSX.Cocoa"
  }

  // MARK: - The tree, top-down

  /// The element of a view's superview, when it is a view laid out with it: the view that
  /// holds the `<subviews>` it is in, or the box or scroll view whose content view it is.
  static func superviewElement(of index: Int, in tree: XMLTree) -> Int? {
    guard let node = tree.node(index), let parent = node.parent, let parentNode = tree.node(parent) else { return nil }
    if parentNode.name == "subviews" { return parentNode.parent }
    if node.key == "contentView", parentNode.name != "window", tree.child(of: parent, named: "rect", key: "frame") != nil {
      return parent
    }
    return nil
  }

  /// Whether a view element's class is flipped.
  static func isFlipped(_ index: Int, in tree: XMLTree) -> Bool {
    guard let node = tree.node(index) else { return false }
    if flippedViews.contains(node.name) { return true }
    if node.name == "clipView", let subviews = tree.child(of: index, named: "subviews"),
      let document = tree.children(of: subviews).first, let documentNode = tree.node(document)
    {
      return flippedViews.contains(documentNode.name)
    }
    return false
  }

  /// The tree with every saved frame measured from its superview's top, the autoresizing masks
  /// of views in unflipped superviews turned to match, and the arranged views of stack views
  /// fixed at their saved frames.
  static func prepared(_ file: XMLTree) -> XMLTree {
    let original = withGridSubviews(file)
    var tree = original
    for index in original.nodes.indices {
      if original.nodes[index].attribute(arrangedMark) != nil { tree.nodes[index].attributes[arrangedMark] = nil }
      guard let rect = original.child(of: index, named: "rect", key: "frame"), let rectNode = original.node(rect),
        let superview = superviewElement(of: index, in: original)
      else { continue }
      if let superNode = original.node(superview), arranges(superNode, subview: original.nodes[index]) {
        // An arranged view: where the stack puts it is not modelled; it keeps its saved frame.
        tree.nodes[index].attributes["translatesAutoresizingMaskIntoConstraints"] = "YES"
        tree.nodes[index].attributes["fixedFrame"] = "YES"
        tree.nodes[index].children.removeAll { original.node($0)?.name == "autoresizingMask" }
        tree.nodes[index].attributes[arrangedMark] = "YES"
      }
      guard !isFlipped(superview, in: original),
        let superRect = original.child(of: superview, named: "rect", key: "frame"),
        let superHeight = Elements.number(original.node(superRect)?.attribute("height")),
        let y = Elements.number(rectNode.attribute("y")), let height = Elements.number(rectNode.attribute("height"))
      else { continue }
      tree.nodes[rect].attributes["y"] = xmlNumber(superHeight - y - height)
      if let mask = original.child(of: index, named: "autoresizingMask", key: "autoresizingMask"),
        let maskNode = original.node(mask)
      {
        tree.nodes[mask].attributes["flexibleMinY"] = maskNode.attribute("flexibleMaxY")
        tree.nodes[mask].attributes["flexibleMaxY"] = maskNode.attribute("flexibleMinY")
      }
    }
    return tree
  }

  /// The tree with each grid view's cell views (`<gridCell><textField key="contentView">`) as
  /// its subviews, so that they are views of its layout (kept at their saved frames).
  static func withGridSubviews(_ original: XMLTree) -> XMLTree {
    var tree = original
    for index in original.nodes.indices where original.nodes[index].name == "gridView" {
      guard let cells = original.child(of: index, named: "gridCells") else { continue }
      var views: [Int] = []
      for cell in original.children(of: cells) {
        guard original.node(cell)?.name == "gridCell", let view = original.child(of: cell, key: "contentView"),
          original.child(of: view, named: "rect", key: "frame") != nil
        else { continue }
        views.append(view)
      }
      guard !views.isEmpty, tree.nodes.count < XMLTree.maximumElements else { continue }
      let grid = original.nodes[index]
      let subviews = tree.nodes.count
      tree.nodes.append(
        XMLNode(
          name: "subviews", attributes: [:], parent: index, children: views, tagRange: grid.tagRange,
          nameRange: grid.nameRange))
      tree.nodes[index].children.append(subviews)
      for view in views { tree.nodes[view].parent = subviews }
    }
    return tree
  }

  /// Every element inside `root` (depth first, bounded) of one of these names.
  static func elements(named names: Set<String>, in tree: XMLTree, from root: Int) -> [Int] {
    var found: [Int] = []
    var stack = [root]
    var visited = 0
    while let current = stack.popLast(), visited < tree.nodes.count {
      visited += 1
      guard let node = tree.node(current) else { continue }
      if names.contains(node.name) { found.append(current) }
      stack.append(contentsOf: node.children.reversed())
    }
    return found.sorted()
  }

  /// The unit roots of an AppKit file beyond view controllers' views and top-level views:
  /// windows' content views, tab view items' views and table cell views, in file order.
  static func extraRoots(in tree: XMLTree, from root: Int) -> [(element: Int, name: String)] {
    var roots: [(element: Int, name: String)] = []
    for element in elements(named: ["window", "panel", "tabViewItem", "tableCellView"], in: tree, from: root) {
      guard let node = tree.node(element) else { continue }
      switch node.name {
      case "window", "panel":
        guard let content = tree.child(of: element, key: "contentView"),
          tree.child(of: content, named: "rect", key: "frame") != nil
        else { continue }
        roots.append((content, name(of: element, in: tree, fallback: "Window")))
      case "tabViewItem":
        guard let view = tree.child(of: element, key: "view"), tree.child(of: view, named: "rect", key: "frame") != nil
        else { continue }
        roots.append((view, "Tab " + name(of: element, in: tree, fallback: "Item")))
      default:
        guard tree.child(of: element, named: "rect", key: "frame") != nil else { continue }
        roots.append((element, name(of: element, in: tree, fallback: "Table Cell View")))
      }
    }
    return roots
  }

  /// A window, tab or cell view by its label, class, title or identifier.
  static func name(of element: Int, in tree: XMLTree, fallback: String) -> String {
    guard let node = tree.node(element) else { return fallback }
    for attribute in ["userLabel", "customClass", "title", "label", "identifier"] {
      if let value = node.attribute(attribute), !value.isEmpty { return value }
    }
    return fallback
  }

  /// The title of a control's cell (`<textFieldCell key="cell" title=…>`), for its name.
  static func cellTitle(of element: Int, in tree: XMLTree) -> String? {
    guard let cell = tree.child(of: element, key: "cell").flatMap(tree.node) else { return nil }
    for attribute in ["title", "placeholderString"] {
      if let value = cell.attribute(attribute), !value.isEmpty { return value }
    }
    return nil
  }

  // MARK: - Controls

  /// The AppKit views that have an intrinsic size along at least one axis (some only with
  /// some cells, `intrinsic` says which): what an editor's hover calls estimated.
  static let measuring: Set<String> = [
    "textField", "button", "popUpButton", "segmentedControl", "stepper", "switch", "datePicker", "colorWell",
    "pathControl", "imageView", "slider", "progressIndicator", "searchField", "secureTextField", "comboBox",
    "tokenField", "levelIndicator", "stackView", "gridView", "tableView", "outlineView", "matrix",
  ]

  /// How an AppKit control's content size comes about.
  static func intrinsic(_ element: XMLNode, index: Int, tree: XMLTree) -> Elements.Intrinsic {
    let cell = tree.child(of: index, key: "cell").flatMap(tree.node)
    switch element.name {
    case "textField":
      // An editable, bezeled field has a height only; a label measures its text.
      if cell?.attribute("editable") == "YES" || cell?.attribute("borderStyle") == "bezel" { return .heightOnly }
      return .both
    case "button", "popUpButton", "segmentedControl", "stepper", "switch", "datePicker", "colorWell", "pathControl":
      return .both
    case "imageView":
      // Its image's size, or none without an image (an image set by a binding or in code):
      // the saved frame either way.
      return .both
    case "slider":
      return cell?.attribute("vertical") == "YES" ? .none : .heightOnly
    case "progressIndicator":
      return element.attribute("style") == "spinning" ? .both : .heightOnly
    case "levelIndicator":
      // A rating indicator is as wide as its stars (its maximum value times its image's width).
      return cell?.attribute("levelIndicatorStyle") == "rating" ? .both : .heightOnly
    case "searchField", "secureTextField", "comboBox", "tokenField":
      return .heightOnly
    case "stackView", "gridView", "tableView", "outlineView":
      // Sized by what they arrange, which is not modelled: the saved size.
      return .both
    case "matrix":
      // Its cells' size times their rows and columns, with the spacing between them: the saved size.
      return .both
    case "box":
      // A horizontal separator is a line as high as it is drawn.
      guard element.attribute("boxType") == "separator",
        let frame = tree.child(of: index, named: "rect", key: "frame").flatMap(tree.node),
        let width = Elements.number(frame.attribute("width")), let height = Elements.number(frame.attribute("height")),
        width >= height
      else { return .none }
      return .heightOnly
    default:
      return .none
    }
  }

  /// The control size a control's cell is drawn at.
  static func controlSize(_ element: XMLNode, index: Int, tree: XMLTree) -> String {
    let cell = tree.child(of: index, key: "cell").flatMap(tree.node)
    return element.attribute("controlSize") ?? cell?.attribute("controlSize") ?? "regular"
  }

  /// By how much an AppKit control's frame is larger than its alignment rectangle (what
  /// constraints act on), estimated by kind, bezel style and control size; nil for none or
  /// not known.
  static func alignmentInsets(_ element: XMLNode, index: Int, tree: XMLTree, toolsVersion: Int?) -> EdgeInsets? {
    let cell = tree.child(of: index, key: "cell").flatMap(tree.node)
    let size = controlSize(element, index: index, tree: tree)
    // Xcode 12 (`toolsVersion` 17000) and later draw controls as macOS 11 does.
    let bigSur = (toolsVersion ?? 0) >= 17000
    let frame = tree.child(of: index, named: "rect", key: "frame").flatMap(tree.node)
    // A height beyond any integer (`1e300`) matches none of the sizes below.
    let height = Elements.number(frame?.attribute("height")).flatMap { Int(exactly: $0.rounded()) } ?? 0
    switch element.name {
    case "textField":
      // A label's text is inset 2 pt on each side of its frame; a bezeled field's bezel is its frame.
      if cell?.attribute("borderStyle") == "bezel" { return nil }
      return size == "mini" ? nil : EdgeInsets(top: 0, left: 2, bottom: 0, right: 2)
    case "button":
      // Push buttons and pop-ups by the height of their saved frame, which tells the era's
      // bezel: Xcode 16 saves a regular one's alignment rectangle itself (24 pt high).
      switch (cell?.attribute("type"), cell?.attribute("bezelStyle"), size, height) {
      case ("push", "rounded", "regular", 32):
        return bigSur ? EdgeInsets(top: 5, left: 7, bottom: 7, right: 7) : EdgeInsets(top: 4, left: 6, bottom: 7, right: 6)
      case ("push", "rounded", "small", 27), ("push", "rounded", "small", 28):
        return EdgeInsets(top: 4, left: 6, bottom: 7, right: 6)
      case ("push", "rounded", "regular", 24), ("push", "rounded", "large", 28):
        return .zero
      case ("check", _, "regular", 16), ("radio", _, "regular", 16):
        // Saved at the height of the box (Xcode 14 and earlier's 16-pt checkbox).
        return .zero
      case ("check", _, "regular", 18) where !bigSur:
        // macOS 10's checkbox: its box is drawn 2 pt inside an 18-pt frame on every side.
        return EdgeInsets(top: 2, left: 2, bottom: 2, right: 2)
      case ("check", _, "regular", 14) where bigSur, ("check", _, "small", 14) where bigSur:
        // Saved at the height of the box itself.
        return .zero
      case ("check", _, "large", 22) where bigSur:
        return EdgeInsets(top: 2.5, left: 3, bottom: 2.5, right: 0)
      case ("radio", _, "large", 22) where bigSur:
        return EdgeInsets(top: 1.5, left: 3, bottom: 1.5, right: 0)
      case ("push", "rounded", "large", 40) where bigSur:
        return EdgeInsets(top: 6, left: 6, bottom: 6, right: 6)
      case ("check", _, "regular", _), ("radio", _, "regular", _):
        return EdgeInsets(top: 1, left: 2, bottom: 1, right: 0)
      case ("check", _, "small", _), ("radio", _, "small", _):
        return EdgeInsets(top: 1, left: 1, bottom: 1, right: 0)
      case (_, "shadowlessSquare", _, _), (_, "disclosure", _, _), (_, "bevel", _, _), (_, "regularSquare", _, _),
        ("inline", "inline", _, _), ("roundRect", "roundedRect", _, _):
        return .zero
      default:
        return nil
      }
    case "popUpButton":
      if cell?.attribute("bezelStyle") == "roundedRect" { return .zero }
      guard cell?.attribute("bezelStyle") == "rounded" else { return nil }
      switch (size, height) {
      // macOS 10's pop-up: a 21-pt bezel 2 pt from the left of its frame and 3 from the right and bottom.
      case ("regular", 25) where !bigSur: return EdgeInsets(top: 1, left: 2, bottom: 3, right: 3)
      case ("regular", 26) where !bigSur: return EdgeInsets(top: 2, left: 2, bottom: 3, right: 3)
      case ("regular", 25), ("regular", 26): return EdgeInsets(top: 1, left: 3, bottom: 4, right: 3)
      case ("large", 40) where bigSur: return EdgeInsets(top: 6, left: 5, bottom: 6, right: 5)
      case ("regular", 24): return .zero
      case ("small", 22): return EdgeInsets(top: 2, left: 4, bottom: 4, right: 4)
      default: return nil
      }
    case "box":
      switch element.attribute("boxType") {
      case "separator":
        // A 1-pt line in the middle of a 5-pt frame.
        guard let frame, let width = Elements.number(frame.attribute("width")), let height = Elements.number(frame.attribute("height"))
        else { return nil }
        return width >= height
          ? EdgeInsets(top: 2, left: 0, bottom: 2, right: 0) : EdgeInsets(top: 0, left: 2, bottom: 0, right: 2)
      default:
        // A primary box's frame is 3 pt wider than its bezel on each side, but its content view
        // is placed in the frame: modelled without insets (an error within `uncertainty`).
        return nil
      }
    case "switch":
      return size == "regular" ? EdgeInsets(top: 1, left: 2, bottom: 2, right: 2) : nil
    case "slider":
      // A horizontal slider's track ends 2 pt inside its frame; the knob needs room below.
      guard cell?.attribute("vertical") != "YES" else { return nil }
      switch (size, height) {
      case ("regular", 28): return EdgeInsets(top: 2, left: 2, bottom: 6, right: 2)
      case ("small", 20): return EdgeInsets(top: 2, left: 2, bottom: 2, right: 2)
      default: return nil
      }
    case "segmentedControl":
      switch (size, height) {
      case ("regular", 24): return EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)
      case ("regular", 20): return EdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
      default: return nil
      }
    default:
      return nil
    }
  }

  /// Whether the alignment insets of a view are known (zero for views that are not controls,
  /// or `alignmentInsets`' estimate): false for the other controls.
  static func insetsKnown(_ element: XMLNode, index: Int, tree: XMLTree, toolsVersion: Int?) -> Bool {
    if alignmentInsets(element, index: index, tree: tree, toolsVersion: toolsVersion) != nil { return true }
    switch element.name {
    case "customView", "view", "scrollView", "clipView", "tableView", "outlineView", "collectionView", "textView",
      "stackView", "visualEffectView", "splitView", "containerView", "wkWebView", "webView", "openGLView",
      "gridView", "tableCellView", "tableRowView", "progressIndicator":
      return true
    case "box":
      // A primary box's frame is wider than its bezel (modelled without insets).
      return element.attribute("boxType") == "custom" || element.attribute("boxType") == "separator"
    case "imageView":
      let cell = tree.child(of: index, key: "cell").flatMap(tree.node)
      return (cell?.attribute("imageFrameStyle") ?? "none") == "none"
    case "textField", "searchField", "secureTextField", "tokenField":
      // A bezeled field's bezel is its frame.
      return tree.child(of: index, key: "cell").flatMap(tree.node)?.attribute("borderStyle") == "bezel"
    default:
      return false
    }
  }

  /// Whether an image view or button shows a system image (`<resources><image name=…
  /// catalog="system">`, or one of AppKit's named images, `NS…`, drawn as symbols since macOS 11),
  /// whose frame Xcode grows by the symbol's own insets.
  static func showsSymbol(_ index: Int, in tree: XMLTree) -> Bool {
    guard let cell = tree.child(of: index, key: "cell") else { return false }
    // Xcode 13 and later: `<imageReference key="image" image=… catalog="system">`.
    if let reference = tree.child(of: cell, named: "imageReference", key: "image").flatMap(tree.node),
      reference.attribute("catalog") == "system"
    {
      return true
    }
    guard let image = tree.node(cell)?.attribute("image"), let root = tree.root,
      let resources = tree.child(of: root, named: "resources")
    else { return false }
    return tree.children(of: resources).contains { child in
      guard let node = tree.node(child) else { return false }
      return node.name == "image" && node.attribute("name") == image
        && (node.attribute("catalog") == "system" || image.hasPrefix("NS"))
    }
  }

  /// Whether a control's text is a line centred in its alignment rectangle, where the
  /// baseline estimate holds: labels and fields, push buttons, checkboxes, radio buttons and
  /// pop-ups with a title.
  static func hasCentredText(_ element: XMLNode, index: Int, tree: XMLTree) -> Bool {
    let cell = tree.child(of: index, key: "cell").flatMap(tree.node)
    switch element.name {
    case "textField", "popUpButton":
      return true
    case "button":
      return ["push", "check", "radio"].contains(cell?.attribute("type") ?? "") && cell?.attribute("title") != nil
    default:
      return false
    }
  }

  /// The point size of a cell's font (`<font key="font" metaFont="system" size="13"/>`).
  static func fontSize(of index: Int, in tree: XMLTree) -> Double {
    guard let cell = tree.child(of: index, key: "cell"), let font = tree.child(of: cell, named: "font", key: "font"),
      let fontNode = tree.node(font)
    else { return 13 }
    if let size = Elements.number(fontNode.attribute("size")), size > 0 { return size }
    switch fontNode.attribute("metaFont") {
    case "smallSystem", "smallSystemBold": return 11
    case "miniSystem", "miniSystemBold": return 9
    case "menu": return 14
    default: return 13
    }
  }

  /// Intrinsic size, content priorities and baseline of an AppKit view with a saved frame.
  /// - Returns: the axes whose intrinsic size is an estimate.
  static func configure(
    _ view: inout ViewNode, element: XMLNode, index: Int, saved: Rect, tree: XMLTree, toolsVersion: Int?
  )
    -> Set<AttributeAxis>
  {
    let insets = alignmentInsets(element, index: index, tree: tree, toolsVersion: toolsVersion) ?? .zero
    let width = max(0, saved.width - insets.left - insets.right)
    let height = max(0, saved.height - insets.top - insets.bottom)
    // Interface Builder's placeholder intrinsic size ("Intrinsic Size: Placeholder") is what
    // the canvas measures the view by, as on iOS: no estimate.
    let placeholderWidth = element.attribute("placeholderIntrinsicWidth")
    let placeholderHeight = element.attribute("placeholderIntrinsicHeight")
    if placeholderWidth != nil || placeholderHeight != nil {
      view.intrinsicWidth = Elements.number(placeholderWidth)
      view.intrinsicHeight = Elements.number(placeholderHeight)
      if hasCentredText(element, index: index, tree: tree) {
        let font = fontSize(of: index, in: tree)
        view.baselineOffset = max(0, (height - 1.1934 * font) / 2 + 0.2416 * font)
      }
      return []
    }
    switch intrinsic(element, index: index, tree: tree) {
    case .both:
      view.intrinsicWidth = width
      view.intrinsicHeight = height
    case .heightOnly:
      view.intrinsicHeight = height
    case .fixed(let fixedWidth, let fixedHeight):
      view.intrinsicWidth = fixedWidth
      view.intrinsicHeight = fixedHeight
    case .none:
      // A vertical separator is a line as wide as it is drawn.
      if element.name == "box", element.attribute("boxType") == "separator", saved.height > saved.width {
        view.intrinsicWidth = width
      }
      return []
    }
    if arrangers.contains(element.name) {
      // A stack view hugs its content as the file says and is never smaller (its clipping
      // resistance is required).
      func priority(_ name: String) -> Double? {
        guard let value = Elements.number(element.attribute(name)), value > 0, value <= 1000 else { return nil }
        return value
      }
      view.hugging = (
        priority("horizontalStackHuggingPriority") ?? 250, priority("verticalStackHuggingPriority") ?? 250
      )
      view.compressionResistance = (1000, 1000)
      return [.horizontal, .vertical]
    }
    if hasCentredText(element, index: index, tree: tree) {
      // The baseline of a line of text centred in the alignment rectangle (estimated).
      let font = fontSize(of: index, in: tree)
      view.baselineOffset = max(0, (height - 1.1934 * font) / 2 + 0.2416 * font)
    }
    return []
  }

  // MARK: - Findings

  /// A unit's findings as far as they can be trusted: none about a stack view's arranged
  /// views (whose frames the stack decides, which is not modelled), and no misplacement
  /// within the uncertainty of the estimated alignment rectangles.
  static func trusted(_ findings: [Diagnostic], layout: SolvedLayout, details: UnitDetails) -> [Diagnostic] {
    let uncertain = movedByUnknownInsets(layout.document.model, details: details)
    let trustedFindings = findings.filter { diagnostic in
      // A control's frame reaches past its alignment rectangle by a few points, as AppKit draws
      // it (a label's 2 pt on each side at its superview's edge).
      if case .offscreen(let overhang) = diagnostic.finding {
        return !details.arrangedInStack.contains(overhang.view) && overhang.edges.contains { $0.distance > uncertainty }
      }
      guard diagnostic.code == .misplaced || diagnostic.code == .ambiguous
        || diagnostic.code == .contentPriorityAmbiguity
      else { return true }
      if let view = details.viewAtOffset[diagnostic.range.start],
        details.arrangedInStack.contains(view) || details.autoresizing.contains(view)
      {
        return false
      }
      switch diagnostic.finding {
      case .misplaced(let misplacement):
        // A control whose alignment rectangle is not known moves what is constrained to it.
        if uncertain.contains(misplacement.view) { return false }
        let declared = misplacement.declared
        let solved = misplacement.solved
        return abs(declared.x - solved.x) > uncertainty || abs(declared.y - solved.y) > uncertainty
          || abs(declared.width - solved.width) > uncertainty || abs(declared.height - solved.height) > uncertainty
      case .ambiguous(let ambiguity):
        // Sizes estimated from saved frames are a little off: where the constraints leave less
        // (or more) room than they need, a tie between equal content priorities opens a bounded
        // range. Only a frame the constraints leave open without bound is missing a constraint.
        let ranges = [ambiguity.position ? ambiguity.positionRange : nil, ambiguity.size ? ambiguity.sizeRange : nil]
        return ranges.contains { range in range.map { $0.lowest == nil || $0.highest == nil } ?? false }
      case .contentPriorityTie:
        return false
      default:
        return diagnostic.code != .contentPriorityAmbiguity
      }
    }
    // A view found misplaced with what its constraints leave open kept as saved is misplaced
    // only as far as that ambiguity is real.
    var ambiguousViews = Set<String>()
    for diagnostic in trustedFindings {
      if case .ambiguous(let ambiguity) = diagnostic.finding { ambiguousViews.insert(ambiguity.view) }
    }
    // A root its content sizes otherwise than saved: its own misplacement is the finding, and
    // the others, made in a root of the saved size, are not Interface Builder's layout.
    // A window's content view that nothing ties to its window is ambiguous (its position), and
    // Interface Builder does not resize it to its content.
    let unpinned = details.rootUnpinned ? unpinnedRootAmbiguities(layout) : []
    let resizedRoot = details.rootFitsContent && unpinned.isEmpty ? fittedRoot(layout, details: details) : nil
    let kept = resizedRoot == nil ? trustedFindings : trustedFindings.filter { $0.code != .misplaced }
    let model = layout.document.model
    let content = fixedContainerContentAmbiguities(layout, details: details)
    let adapted: [Diagnostic] = kept.compactMap { diagnostic in
      guard case .misplaced(var misplacement) = diagnostic.finding else { return diagnostic }
      if misplacement.keepsOpenPartsAsDeclared, !ambiguousViews.contains(misplacement.view) { return nil }
      // Xcode 8 and later keep an ambiguous view, and the views inside it, where they are saved:
      // the ambiguity is the finding, not a misplacement.
      if (details.toolsVersion ?? 0) >= ambiguousKeptAsSavedSince,
        inAmbiguousView(misplacement.view, ambiguous: ambiguousViews, model: model)
      {
        return nil
      }
      // AppKit has no size classes; the fix writes the frame as the file measures it.
      var result = diagnostic
      misplacement.traits = nil
      result.finding = .misplaced(misplacement)
      result.fixes = result.fixes.map { fix in
        var fix = fix
        fix.edits = fix.edits.map { edit in
          var edit = edit
          let solved = misplacement.solved
          let y = details.unflippedHeights[misplacement.view].map { $0 - solved.y - solved.height } ?? solved.y
          edit.newText =
            "<rect key=\"frame\" x=\"\(xmlNumber(solved.x))\" y=\"\(xmlNumber(y))\" "
            + "width=\"\(xmlNumber(solved.width))\" height=\"\(xmlNumber(solved.height))\"/>"
          return edit
        }
        return fix
      }
      return result
    }
    // Views whose saved frames are all where the constraints put them in a root of another
    // size: the saved frames are those of that root, so the disagreement is the root's size,
    // which its content does not decide in Plumb's layout; no view is reported.
    if resizedRoot == nil, details.rootFitsContent, unpinned.isEmpty,
      adapted.contains(where: { $0.code == .misplaced }), savedFramesFitAnotherRoot(layout, details: details)
    {
      return unpinned + content + adapted.filter { $0.code != .misplaced }
    }
    return unpinned + content + (resizedRoot.map { [$0] } ?? []) + adapted
  }

  /// The priority at which `savedFramesFitAnotherRoot` asks each of the root's subviews to keep
  /// its saved frame: below the window's stay-put priority and what a control requires, above
  /// the content's hugging.
  static let savedFramePriority = 490.0

  /// Whether the views of a unit are all at their saved frames in a root of another size than
  /// the saved one (by more than `uncertainty` along an axis): the unit laid out again with the
  /// root's size held at the lowest priority and each of its subviews asked, at
  /// `savedFramePriority`, to keep its saved frame (its alignment rectangle; from the root's
  /// bottom when the root is unflipped, as the file saves it) gives the root another size, and
  /// the unit laid out in a root of that size has every view at its saved frame, as the file
  /// measures it (`contentAgrees`). Not asked when the layout has a view of unknown geometry,
  /// a standard spacing whose value is not saved or constraints on the root's safe area.
  static func savedFramesFitAnotherRoot(_ layout: SolvedLayout, details: UnitDetails) -> Bool {
    let model = layout.document.model
    let root = LayoutModel.rootName
    guard !model.constraints.contains(where: usesRootSafeArea), details.unknownSpacing.isEmpty,
      unknownGeometry(model, details: details).isEmpty, var place = layout.places.first?.place,
      let rootRange = model.views[root]?.nameRange
    else { return false }
    let saved = place.canvas
    place.canvas.sizePriority = 1
    var asked = model
    asked.canvases = [place.canvas]
    // In file order, so that the constraints (and the solver's choices) are the same every run.
    for name in model.viewOrder where name != root {
      guard let view = model.views[name], view.layoutGuide == nil, view.superview == root, let frame = view.frame,
        [frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite)
      else { continue }
      let insets = view.alignmentInsets
      var parts: [(LayoutAttribute, LayoutAttribute?, Double)] = [
        (.left, .left, frame.x + insets.left), (.width, nil, frame.width - insets.left - insets.right),
        (.height, nil, frame.height - insets.top - insets.bottom),
      ]
      if details.unflippedHeights[name] != nil {
        parts.append((.bottom, .bottom, -(saved.height - frame.y - frame.height + insets.bottom)))
      } else {
        parts.append((.top, .top, frame.y + insets.top))
      }
      for (attribute, rootAttribute, constant) in parts {
        asked.constraints.append(
          LayoutConstraint(
            first: ConstraintItem(view: name, attribute: attribute), relation: .equal,
            second: rootAttribute.map { ConstraintItem(view: root, attribute: $0) }, constant: constant,
            priority: savedFramePriority, origin: .intrinsic, range: rootRange))
      }
    }
    let solver = PlaceSolver(model: asked, place: place)
    guard solver.failure == nil, let other = solver.solvedView(root)?.frame,
      abs(other.width - saved.width) > uncertainty || abs(other.height - saved.height) > uncertainty
    else { return false }
    var resized = saved
    resized.width = other.width
    resized.height = other.height
    var check = model
    check.canvases = [resized]
    var resizedPlace = place
    resizedPlace.canvas = resized
    let checker = PlaceSolver(model: check, place: resizedPlace)
    return checker.failure == nil
      && contentAgrees(
        checker, model: check, rootHeights: (saved: saved.height, fitted: other.height), unflipped: details.unflippedHeights)
  }

  /// The first build of Interface Builder (Xcode 8) seen to mark an ambiguous AppKit view, or
  /// one inside it, ambiguous only, never misplaced.
  static let ambiguousKeptAsSavedSince = 11000

  /// Whether a view, or one of its superviews below the unit's root, is found ambiguous.
  static func inAmbiguousView(_ view: String, ambiguous: Set<String>, model: LayoutModel) -> Bool {
    var current: String? = view
    var steps = 0
    while let name = current, name != LayoutModel.rootName, steps <= model.views.count {
      if ambiguous.contains(name) { return true }
      current = model.views[name]?.superview
      steps += 1
    }
    return false
  }

  // MARK: - Roots sized by their content

  /// The priority at which AppKit keeps a window at its size (`NSLayoutPriorityWindowSizeStayPut`):
  /// what the constraints require above it (required constraints, a control's vertical hugging
  /// and every compression resistance at 750) sizes the window's content view.
  static let windowSizeStayPut = 500.0

  /// At most this many views whose geometry is not known are tried in a root's layout (each is
  /// a layout of its own); with more, the root's size is not checked.
  static let maximumUnknownViews = 8

  /// By how much each such view's height and baseline are moved to see whether the root's
  /// height follows them.
  static let perturbation = 6.0

  /// Whether an element is a window's (or panel's) content view that neither translates an
  /// autoresizing mask into constraints nor has one: no constraint ties it to its window.
  static func isUnpinnedContentView(_ element: Int, in tree: XMLTree) -> Bool {
    guard let node = tree.node(element), node.key == "contentView", let parent = node.parent,
      let parentName = tree.node(parent)?.name, parentName == "window" || parentName == "panel"
    else { return false }
    return node.attribute("translatesAutoresizingMaskIntoConstraints") == "NO"
      && tree.child(of: element, named: "autoresizingMask", key: "autoresizingMask") == nil
  }

  /// The builds of Interface Builder seen to mark the content of a container laid out by its
  /// frame ambiguous (`fixedContainer(of:)`): from `toolsVersion` 12121 (Xcode 8.3, the
  /// first seen to; 12118 does not) to 15505 (Xcode 11, the last seen to; 16096, Xcode 11.4, no
  /// longer does, and the builds between are not known).
  static let fixedContainerContentMarked = 12121...15505

  /// The scroll view or box whose content a view is, when the container is laid out by its frame
  /// (`fixedFrame="YES"`, no constraints) but does not translate its autoresizing mask
  /// (`translatesAutoresizingMaskIntoConstraints="NO"`), in a file of a build of Interface
  /// Builder that marks such content ambiguous (`fixedContainerContentMarked`): the scroll
  /// view's clip view, the clip view's document view when it has an autoresizing mask to follow
  /// the clip view by, and an untitled box's content view; not when the container (or, for the
  /// document view, the clip view) does not resize its subviews (`autoresizesSubviews="NO"`),
  /// nor when the view does not translate its mask (nor, as the reader checks, when a
  /// constraint names the view: every view seen marked so is named by none).
  static func fixedContainer(of element: Int, in tree: XMLTree, toolsVersion: Int?) -> Int? {
    guard let toolsVersion, fixedContainerContentMarked.contains(toolsVersion), let node = tree.node(element),
      node.attribute("translatesAutoresizingMaskIntoConstraints") != "NO", let parent = node.parent
    else { return nil }
    func isFixedContainer(_ index: Int) -> Bool {
      guard let container = tree.node(index) else { return false }
      switch container.name {
      case "scrollView": break
      case "box": guard container.attribute("titlePosition") == "noTitle" else { return false }
      default: return false
      }
      return container.attribute("fixedFrame") == "YES"
        && container.attribute("translatesAutoresizingMaskIntoConstraints") == "NO"
        && container.attribute("autoresizesSubviews") != "NO"
    }
    if node.key == "contentView" {
      let matches = isFixedContainer(parent) && (node.name == "clipView") == (tree.node(parent)?.name == "scrollView")
      return matches ? parent : nil
    }
    // The document view: the clip view's first subview, resized with it by its mask.
    guard tree.node(parent)?.name == "subviews", tree.children(of: parent).first == element,
      let clip = tree.node(parent)?.parent, let clipNode = tree.node(clip), clipNode.name == "clipView",
      clipNode.key == "contentView", clipNode.attribute("translatesAutoresizingMaskIntoConstraints") != "NO",
      clipNode.attribute("autoresizesSubviews") != "NO", let scroll = clipNode.parent, isFixedContainer(scroll),
      let mask = tree.child(of: element, named: "autoresizingMask", key: "autoresizingMask").flatMap(tree.node),
      mask.attributes.contains(where: { $0.key != "key" && $0.value == "YES" })
    else { return nil }
    return scroll
  }

  /// The ambiguities of the content views Interface Builder marks as `fixedContainer(of:)`
  /// says: their position along both axes, as for an unpinned root, with a note naming the
  /// container.
  static func fixedContainerContentAmbiguities(_ layout: SolvedLayout, details: UnitDetails) -> [Diagnostic] {
    let model = layout.document.model
    return details.fixedContainerContent.flatMap { view, container -> [Diagnostic] in
      guard let range = model.views[view]?.nameRange, let frame = model.views[view]?.frame else { return [] }
      return [AttributeAxis.horizontal, .vertical].map { axis in
        var alternative = frame
        if axis == .horizontal { alternative.x += unpinnedOffset } else { alternative.y += unpinnedOffset }
        let ambiguity = Ambiguity(
          view: view, axis: axis, position: true, size: false, alternative: alternative,
          positionRange: FrameRange(lowest: nil, highest: nil), sizeRange: nil)
        var diagnostic = Diagnostic(code: .ambiguous, severity: .warning, finding: .ambiguous(ambiguity), range: range)
        diagnostic.notes.append(.contentOfFixedContainer(container: container))
        // "Never Verify": Xcode still marks the view; for information, as for other ambiguities.
        if details.verifyAmbiguity[view] == "off" {
          diagnostic.severity = .info
          diagnostic.notes.append(.ambiguitySetting(.neverVerify))
        }
        return diagnostic
      }
    }
  }

  /// How far the other position an unpinned root's ambiguity names is from the saved one.
  static let unpinnedOffset = 100.0

  /// The ambiguities of a window's content view that nothing ties to its window: its position
  /// along both axes, as Interface Builder marks it (whatever its content decides of its size).
  static func unpinnedRootAmbiguities(_ layout: SolvedLayout) -> [Diagnostic] {
    let model = layout.document.model
    let root = LayoutModel.rootName
    guard let canvas = layout.places.first?.place.canvas, let rootRange = model.views[root]?.nameRange else { return [] }
    return [AttributeAxis.horizontal, .vertical].map { axis in
      let alternative = Rect(
        x: axis == .horizontal ? unpinnedOffset : 0, y: axis == .vertical ? unpinnedOffset : 0, width: canvas.width,
        height: canvas.height)
      let ambiguity = Ambiguity(
        view: root, axis: axis, position: true, size: false, alternative: alternative,
        positionRange: FrameRange(lowest: nil, highest: nil), sizeRange: nil)
      return Diagnostic(code: .ambiguous, severity: .warning, finding: .ambiguous(ambiguity), range: rootRange)
    }
  }

  /// Whether a unit's root is sized by its content where its constraints require it: a
  /// window's content view, a view controller's view, a top-level view or a table cell view
  /// (Interface Builder marks a cell view misplaced when its content decides another height
  /// than the saved one, as it marks a window's), not a tab view item's view (its tab view
  /// sizes it).
  static func rootFitsContent(_ element: Int, in tree: XMLTree) -> Bool {
    guard let node = tree.node(element) else { return false }
    guard let parent = node.parent else { return true }
    return tree.node(parent)?.name != "tabViewItem"
  }

  /// The misplacement of a unit's root whose constraints size it otherwise than saved: the
  /// unit laid out again with the root's saved size held at `windowSizeStayPut` only, as
  /// Interface Builder lays a window's content out, gives it another height (by more than
  /// `uncertainty`), or another width with every view of the unit at its saved frame there
  /// (`contentAgrees`), or, in files of Xcode 12 and later, another width by more than
  /// `uncertainty` whatever the views inside (`resizedWhateverContent`). Nil when it keeps its
  /// size, when it changes width and some view is then away from its saved frame otherwise (a
  /// window's width follows the width of text, measured with another macOS's fonts than the
  /// saved frames; Xcode 6 marks such views, not the root), when the height follows a view whose
  /// alignment rectangle or baseline is not known, when the constraints use the root's safe
  /// area, when that layout leaves the root ambiguous, or when it gives the root a greater height
  /// (by more than `uncertainty`) with some view away from its saved frame there, as the file
  /// measures it (`contentAgrees` with the root's heights).
  static func fittedRoot(_ layout: SolvedLayout, details: UnitDetails) -> Diagnostic? {
    let model = layout.document.model
    let root = LayoutModel.rootName
    let unknown = unknownGeometry(model, details: details)
    // The root's safe area (below a window's title bar and toolbar when its content view has
    // the full size) is not known: a layout that uses it is not checked.
    let usesSafeArea = model.constraints.contains(where: usesRootSafeArea)
    guard !usesSafeArea, details.unknownSpacing.isEmpty, unknown.count <= maximumUnknownViews, var place = layout.places.first?.place,
      let rootRange = model.views[root]?.nameRange
    else { return nil }
    let saved = place.canvas
    place.canvas.sizePriority = windowSizeStayPut
    var fitting = model
    fitting.canvases = [place.canvas]
    let solver = PlaceSolver(model: fitting, place: place)
    guard solver.failure == nil, let fitted = solver.solvedView(root)?.frame else { return nil }
    let widthChanged = abs(fitted.width - saved.width) > 0.5
    let agrees = contentAgrees(solver, model: fitting)
    // Content that needs more height than the saved root while its views are not at their
    // saved frames there, as the file measures them (from the bottom of the unflipped root,
    // where a view keeps its saved origin when the root grows): Xcode laid that content out in
    // the saved height (its saved frames fit it), so the estimates that need more are Plumb's,
    // not the root's size.
    let agreesAsSaved = contentAgrees(
      solver, model: fitting, rootHeights: (saved: saved.height, fitted: fitted.height),
      unflipped: details.unflippedHeights)
    guard fitted.height - saved.height <= uncertainty || agreesAsSaved else { return nil }
    if widthChanged {
      guard abs(fitted.width - saved.width) > uncertainty || abs(fitted.height - saved.height) > uncertainty,
        agrees || resizedWhateverContent(fitted: fitted, saved: saved, unknown: unknown, details: details)
      else { return nil }
    } else {
      guard abs(fitted.height - saved.height) > uncertainty else { return nil }
    }
    guard !solver.ambiguities().contains(where: { $0.view == root }) else { return nil }
    // A view whose alignment rectangle or baseline is not known must not decide the height
    // (nor, when the width is reported, the width): laid out again with each one's height and
    // baseline (and width) a few points off, the root keeps it.
    for view in unknown.sorted() {
      guard let current = solver.solvedView(view)?.alignment else { return nil }
      var perturbed = fitting
      perturbed.views[view]?.baselineOffset += perturbation
      var sizes: [(LayoutAttribute, Double)] = [(.height, current.height)]
      if widthChanged { sizes.append((.width, current.width)) }
      for (attribute, size) in sizes {
        perturbed.constraints.append(
          LayoutConstraint(
            first: ConstraintItem(view: view, attribute: attribute), relation: .equal, second: nil,
            constant: size + perturbation, priority: PlausibleLayouts.savedSizePriority, origin: .intrinsic,
            range: rootRange))
      }
      let other = PlaceSolver(model: perturbed, place: place)
      guard other.failure == nil, let frame = other.solvedView(root)?.frame, abs(frame.height - fitted.height) <= 0.5,
        !widthChanged || abs(frame.width - fitted.width) <= 0.5
      else { return nil }
    }
    let declared = Rect(x: 0, y: 0, width: saved.width, height: saved.height)
    let solved = Rect(x: 0, y: 0, width: widthChanged ? fitted.width : saved.width, height: fitted.height)
    var diagnostic = Diagnostic(
      code: .misplaced, severity: .warning,
      finding: .misplaced(Misplacement(view: root, declared: declared, solved: solved, canvas: saved.name)),
      range: rootRange)
    // The fix writes the new height and keeps the saved origin as the file writes it.
    if let rect = details.frameRects[root] {
      let tag = layout.document.text(of: rect)
      let x = xmlAttribute("x", in: tag) ?? "0.0"
      let y = xmlAttribute("y", in: tag) ?? "0.0"
      diagnostic.fixes = [
        Fix(
          title: "Update the frame of '\(root)'",
          edits: [
            TextEdit(
              range: rect,
              newText: "<rect key=\"frame\" x=\"\(x)\" y=\"\(y)\" width=\"\(xmlNumber(solved.width))\" "
                + "height=\"\(xmlNumber(fitted.height))\"/>")
          ], isPreferred: true)
      ]
    }
    return diagnostic
  }

  /// The first build of Interface Builder (Xcode 12) seen to mark a root misplaced when its
  /// content decides another width by more than `uncertainty` even where the views inside are
  /// not saved at the frames that width gives them (Xcode 6 marks those views instead).
  static let rootResizedWhateverContentSince = 17000

  /// Whether a root whose content decides another width is reported although the views inside
  /// are not at their saved frames in that layout: in files of Xcode 12 and later
  /// (`rootResizedWhateverContentSince`), when the width is off by more than `uncertainty`, the
  /// root is not a table cell view (whose width is its column's), and no view of the unit has a
  /// geometry Plumb does not know (`unknownGeometry`): where the content and the saved frames
  /// disagree, only a layout of known views is trusted to say which is off.
  static func resizedWhateverContent(fitted: Rect, saved: Canvas, unknown: Set<String>, details: UnitDetails) -> Bool {
    (details.toolsVersion ?? 0) >= rootResizedWhateverContentSince && !details.rootIsTableCellView && unknown.isEmpty
      && abs(fitted.width - saved.width) > uncertainty
  }

  /// Whether every view of a root's layout with a saved frame is there (within `uncertainty`)
  /// in the layout its content sizes: then the saved frames are those of the root the content
  /// decides, and the root's own saved size is the one that is off.
  /// With `rootHeights` (the root's saved and solved heights), the root's subviews that
  /// `unflipped` names are compared as the file measures them, from the root's bottom: a view
  /// of an unflipped root keeps its saved origin when the root grows or shrinks.
  static func contentAgrees(
    _ solver: PlaceSolver, model: LayoutModel, rootHeights: (saved: Double, fitted: Double)? = nil,
    unflipped: [String: Double] = [:]
  ) -> Bool {
    var compared = 0
    for (name, view) in model.views where name != LayoutModel.rootName && view.layoutGuide == nil {
      guard var saved = view.frame else { continue }
      guard var solved = solver.solvedView(name)?.frame else { return false }
      // A view of the unflipped root measured from the root's bottom, as the file saves it.
      if let rootHeights, view.superview == LayoutModel.rootName, unflipped[name] != nil {
        saved.y = rootHeights.saved - saved.y - saved.height
        solved.y = rootHeights.fitted - solved.y - solved.height
      }
      guard saved.matches(solved, tolerance: uncertainty) else { return false }
      compared += 1
    }
    return compared > 0
  }

  /// The views whose alignment rectangle Plumb does not know, and the views aligned by their
  /// baselines with a view whose baseline is not estimated as a centred line of text.
  static func unknownGeometry(_ model: LayoutModel, details: UnitDetails) -> Set<String> {
    var seeds = details.unknownInsets
    let baselines: Set<LayoutAttribute> = [.firstBaseline, .lastBaseline]
    for constraint in model.constraints where constraint.origin == .explicit {
      guard let second = constraint.second?.view else { continue }
      let first = constraint.first.view
      guard first != second, first != LayoutModel.rootName, second != LayoutModel.rootName else { continue }
      // A baseline is estimated as a line of text centred in the view: a view whose text is
      // not (or that has none) is placed only roughly by it.
      if baselines.contains(constraint.first.attribute) || constraint.second.map({ baselines.contains($0.attribute) }) == true,
        !details.centredText.contains(first) || !details.centredText.contains(second)
      {
        seeds.insert(first)
        seeds.insert(second)
      }
    }
    return seeds
  }

  /// Whether a constraint acts on the unit's root's safe area.
  static func usesRootSafeArea(_ constraint: LayoutConstraint) -> Bool {
    [constraint.first, constraint.second].contains { $0?.view == LayoutModel.rootName && $0?.guide == "safeArea" }
  }

  /// The views whose solved frame an error in the alignment rectangles Plumb does not know can
  /// move: those views, every view a constraint ties to one of them (through any view but the
  /// unit's root, whose size is the canvas's), the superviews of such views, whose size may
  /// follow their content, and so on.
  static func movedByUnknownInsets(_ model: LayoutModel, details: UnitDetails) -> Set<String> {
    var seeds = unknownGeometry(model, details: details).union(
      details.unknownSpacing.subtracting([LayoutModel.rootName]))
    var neighbours: [String: Set<String>] = [:]
    for constraint in model.constraints where constraint.origin == .explicit {
      // The root's safe area (below a window's title bar and toolbar) is not known: what is
      // constrained to it may be placed otherwise.
      if usesRootSafeArea(constraint) {
        for view in [constraint.first.view, constraint.second?.view].compactMap({ $0 }) where view != LayoutModel.rootName {
          seeds.insert(view)
        }
      }
      guard let second = constraint.second?.view else { continue }
      let first = constraint.first.view
      guard first != second, first != LayoutModel.rootName, second != LayoutModel.rootName else { continue }
      neighbours[first, default: []].insert(second)
      neighbours[second, default: []].insert(first)
    }
    guard !seeds.isEmpty else { return [] }
    // What a container whose insets are not known holds moves with its size.
    var containers = Array(seeds)
    while let container = containers.popLast() {
      for subview in model.views[container]?.subviews ?? [] where seeds.insert(subview).inserted {
        containers.append(subview)
      }
    }
    var moved = seeds
    var queue = Array(seeds)
    while let view = queue.popLast() {
      var next = neighbours[view] ?? []
      if let superview = model.views[view]?.superview, superview != LayoutModel.rootName { next.insert(superview) }
      for other in next where moved.insert(other).inserted {
        queue.append(other)
      }
    }
    return moved
  }
}
