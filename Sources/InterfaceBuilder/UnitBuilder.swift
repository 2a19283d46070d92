import Foundation
import LayoutAnalysis
import LayoutSyntax

/// What the reader keeps about one unit beyond its model, for findings on the XML.
struct UnitDetails: Sendable {
  /// The `<rect key="frame">` tag of each view that has one, by view name.
  var frameRects: [String: SourceRange] = [:]
  /// Views with an Ambiguity setting (`verifyAmbiguity`): `off` or `ignoreSizes`.
  var verifyAmbiguity: [String: String] = [:]
  /// The view a range of findings belongs to, by the start of its name range.
  var viewAtOffset: [Int: String] = [:]
  /// The content area of each scroll view that has one, with its scroll view.
  var scrollContents: [String: String?] = [:]
  /// Image views showing a system symbol, whose frame Xcode grows by the symbol's alignment insets.
  var symbolImages: Set<String> = []
  /// Labels without text, whose zero size is what they are meant to have until filled.
  var emptyLabels: Set<String> = []
}

/// Where a unit starts: a view controller's root view, or a top-level view.
struct UnitRoot {
  /// The view element.
  var element: Int
  /// The view controller that owns it, for its legacy layout guides and name.
  var controller: Int?
  /// The scene element, for its name.
  var scene: Int?
  /// Whether the root is a view controller's view (or a top-level view the size of the device).
  var isControllerView: Bool
}

/// The file-wide facts every unit reads.
struct FileContext {
  var tree: XMLTree
  var device: Device?
  var landscape: Bool
  var isStoryboard: Bool
  /// Image sizes from `<resources>`.
  var images: [String: (width: Double, height: Double)]
  /// IBDesignable intrinsic sizes, by view id.
  var designables: [String: (width: Double, height: Double)]
  /// The bars Interface Builder simulates around each scene, by view controller element.
  var bars: [Int: SimulatedBars] = [:]
  /// Saved by Xcode 8 or earlier (`toolsVersion` below 13000), which draws with the layout
  /// margins of UIKit before iOS 11: 8 pt on every side of a table cell's content view.
  var legacyMargins = false
  /// Saved by Xcode 6 (`toolsVersion` below 8000), which draws with iOS 8's margins: a view
  /// controller's root view is inset 16 pt on the sides whatever its width (iOS 9 widened them
  /// to 20 on iPads and the largest phones).
  var iOS8Margins = false
}

/// One view of a unit, as read.
private struct ViewRecord {
  var element: Int
  /// Index of the superview record (nil for the root).
  var superview: Int?
  var isArranged: Bool
  /// Set for the synthetic content area of a scroll view.
  var isScrollContent = false
  var name = ""
  var isPinned = false
  var contentNode: Int?
}

/// A `<constraint>` as written.
private struct RawConstraint {
  var element: Int
  var owner: Int
  var firstID: String?
  var firstAttribute: String
  var secondID: String?
  var secondAttribute: String?
  var placeholder: Bool
}

/// A layout guide's id resolved: its view and what it is.
private enum GuideKind {
  case safeArea
  case content
  case frame
  case legacyTop
  case legacyBottom
}

/// Builds the model of one unit.
struct UnitBuilder {
  /// Text narrower than this share of its view's saved width means the view is stretched.
  static let stretchedRatio = 0.7
  /// A generous average advance of the system font, in ems: estimates err wide, so a view
  /// is taken for stretched only when it clearly is.
  static let averageAdvance = 0.55
  /// Frames closer than this to the solved frame are not misplaced: Xcode saved frames rounded
  /// to whole points before Xcode 8 and to pixels since, and does not flag a point's difference.
  static let misplacedTolerance = 1.0

  let context: FileContext
  let root: UnitRoot
  private(set) var diagnostics: [Diagnostic] = []
  private(set) var nestedRoots: [Int] = []
  private var records: [ViewRecord] = []
  private var recordOfElement: [Int: Int] = [:]
  private var recordOfID: [String: Int] = [:]
  private var guides: [String: (record: Int, kind: GuideKind)] = [:]
  private var rawConstraints: [RawConstraint] = []
  private var excluded: Set<String> = []
  /// Ids (and owner records) of the items of constraints the base configuration leaves out:
  /// a view constrained only in other size classes is still a view with constraints, so
  /// Interface Builder adds no fixed-frame constraints for it.
  private var constrainedElsewhere: Set<String> = []
  private var ownersConstrainedElsewhere: Set<Int> = []
  var details = UnitDetails()

  init(context: FileContext, root: UnitRoot) {
    self.context = context
    self.root = root
  }

  private var tree: XMLTree { context.tree }

  private func node(_ index: Int) -> XMLNode? { tree.node(index) }

  // MARK: - Collecting

  /// Reads the unit: its views, guides and constraints, and the unit roots nested inside it.
  mutating func build(name unitName: String) -> LayoutModel {
    collectExclusions(from: root.controller ?? root.element)
    collectView(root.element, superview: nil, arranged: false, depth: 0)
    if let controller = root.controller { collectLegacyGuides(controller) }
    decidePinned()
    addScrollContentNodes()
    assignNames()
    return makeModel(unitName: unitName)
  }

  /// Constraints and views the base configuration leaves out: `<variation key="default">`
  /// masks with `<exclude reference=…>`.
  private mutating func collectExclusions(from start: Int) {
    var stack = [start]
    var visited = 0
    while let current = stack.popLast(), visited < tree.nodes.count {
      visited += 1
      guard let element = node(current) else { continue }
      if element.name == "variation", element.key == "default" {
        for mask in element.children {
          for exclude in tree.children(of: mask) {
            if let excludeNode = node(exclude), excludeNode.name == "exclude", let reference = excludeNode.attribute("reference") {
              excluded.insert(reference)
            }
          }
        }
        continue
      }
      stack += element.children
    }
  }

  private mutating func collectView(_ element: Int, superview: Int?, arranged: Bool, depth: Int) {
    guard depth < XMLTree.maximumDepth, let viewNode = node(element), recordOfElement[element] == nil else { return }
    if let id = viewNode.id, excluded.contains(id) { return }
    let index = records.count
    records.append(ViewRecord(element: element, superview: superview, isArranged: arranged))
    recordOfElement[element] = index
    if let id = viewNode.id { recordOfID[id] = index }
    let isStack = viewNode.name == "stackView"
    for child in viewNode.children {
      guard let childNode = node(child) else { continue }
      switch childNode.name {
      case "subviews":
        for subview in childNode.children {
          guard let subviewNode = node(subview) else { continue }
          if Elements.unitRoots.contains(subviewNode.name) {
            nestedRoots.append(subview)
          } else if !Elements.notViews.contains(subviewNode.name) {
            collectView(subview, superview: index, arranged: isStack, depth: depth + 1)
          }
        }
      case "constraints":
        for constraint in childNode.children {
          guard let constraintNode = node(constraint), constraintNode.name == "constraint" else { continue }
          if let id = constraintNode.id, excluded.contains(id) {
            if let first = constraintNode.attribute("firstItem") {
              constrainedElsewhere.insert(first)
            } else {
              ownersConstrainedElsewhere.insert(index)
            }
            if let second = constraintNode.attribute("secondItem") { constrainedElsewhere.insert(second) }
            continue
          }
          guard let firstAttribute = constraintNode.attribute("firstAttribute") else {
            diagnostics.append(
              Diagnostic(
                code: .interfaceBuilderConstraint, severity: .warning, finding: .constraintWithoutFirstAttribute,
                range: constraintNode.tagRange))
            continue
          }
          rawConstraints.append(
            RawConstraint(
              element: constraint, owner: index, firstID: constraintNode.attribute("firstItem"),
              firstAttribute: firstAttribute, secondID: constraintNode.attribute("secondItem"),
              secondAttribute: constraintNode.attribute("secondAttribute"),
              placeholder: constraintNode.attribute("placeholder") == "YES"))
        }
      case "viewLayoutGuide":
        guard let id = childNode.id else { continue }
        switch childNode.key {
        case "safeArea": guides[id] = (index, .safeArea)
        case "contentLayoutGuide": guides[id] = (index, .content)
        case "frameLayoutGuide": guides[id] = (index, .frame)
        default: break
        }
      default:
        if childNode.key == "contentView", childNode.children.contains(where: { node($0)?.key == "frame" }) {
          collectView(child, superview: index, arranged: false, depth: depth + 1)
        } else if Elements.unitRoots.contains(childNode.name)
          || (childNode.key.map(Elements.unitRootKeys.contains) ?? false)
        {
          nestedRoots.append(child)
        } else {
          findNestedRoots(in: child, depth: depth + 1)
        }
      }
    }
  }

  /// Cells and table headers inside other parts of a view (`<prototypes>`, `<sections>`).
  private mutating func findNestedRoots(in element: Int, depth: Int) {
    guard depth < XMLTree.maximumDepth, let current = node(element) else { return }
    for child in current.children {
      guard let childNode = node(child) else { continue }
      if Elements.unitRoots.contains(childNode.name) || (childNode.key.map(Elements.unitRootKeys.contains) ?? false) {
        nestedRoots.append(child)
      } else if ["prototypes", "cells", "sections", "tableViewSection"].contains(childNode.name) {
        findNestedRoots(in: child, depth: depth + 1)
      }
    }
  }

  /// `<layoutGuides><viewControllerLayoutGuide type="top|bottom" id=…/>` of a controller.
  private mutating func collectLegacyGuides(_ controller: Int) {
    guard let layoutGuides = tree.child(of: controller, named: "layoutGuides") else { return }
    for guide in tree.children(of: layoutGuides) {
      guard let guideNode = node(guide), let id = guideNode.id else { continue }
      switch guideNode.attribute("type") {
      case "top": guides[id] = (0, .legacyTop)
      case "bottom": guides[id] = (0, .legacyBottom)
      default: break
      }
    }
  }

  // MARK: - Deciding

  /// The record a constraint item id stands for (its view, for a guide).
  private func record(forID id: String) -> Int? {
    recordOfID[id] ?? guides[id]?.record
  }

  /// Views laid out by their frame: `fixedFrame`, translating their autoresizing mask, or
  /// constrained by nothing (Interface Builder then adds fixed-frame constraints at build time).
  private mutating func decidePinned() {
    var referenced = Set<Int>()
    for raw in rawConstraints {
      if let first = raw.firstID { record(forID: first).map { _ = referenced.insert($0) } } else { referenced.insert(raw.owner) }
      if let second = raw.secondID, let index = record(forID: second) { referenced.insert(index) }
    }
    for id in constrainedElsewhere {
      if let index = recordOfID[id] { referenced.insert(index) }
    }
    referenced.formUnion(ownersConstrainedElsewhere)
    for index in records.indices where index != 0 {
      guard let element = node(records[index].element) else { continue }
      if records[index].isArranged { continue }
      let fixedFrame = element.attribute("fixedFrame") == "YES"
      let translates = element.attribute("translatesAutoresizingMaskIntoConstraints") != "NO"
      records[index].isPinned = fixedFrame || translates || !referenced.contains(index)
    }
  }

  /// A scroll view whose subviews use constraints gets a content area: constraints between
  /// its edges and its subviews act on the content, whose size is what they determine.
  private mutating func addScrollContentNodes() {
    var usesContentGuide = Set<Int>()
    for raw in rawConstraints {
      for id in [raw.firstID, raw.secondID].compactMap({ $0 }) {
        if let guide = guides[id], guide.kind == .content { usesContentGuide.insert(guide.record) }
      }
    }
    // With "Content Layout Guides" on (a `contentLayoutGuide`), Interface Builder asks the
    // constraints for the content size even of an empty scroll view.
    let hasContentGuide = Set(guides.values.filter { $0.kind == .content }.map(\.record))
    let count = records.count
    for index in 0..<count {
      guard let element = node(records[index].element), element.name == "scrollView" else { continue }
      let children = records.indices.filter { records[$0].superview == index }
      let constrained = children.contains { !records[$0].isPinned }
      guard constrained || usesContentGuide.contains(index) || hasContentGuide.contains(index) else { continue }
      let content = records.count
      var record = ViewRecord(element: records[index].element, superview: index, isArranged: false)
      record.isScrollContent = true
      records.append(record)
      records[index].contentNode = content
      for child in children { records[child].superview = content }
    }
  }

  // MARK: - Names

  /// The name a developer recognises a view by: its label in the outline, its text or
  /// title, its class, or its kind.
  private func displayName(_ element: Int) -> String {
    guard let viewNode = node(element) else { return "View" }
    if let label = viewNode.attribute("userLabel"), !label.isEmpty { return label }
    if let labelChild = tree.child(of: element, named: "string", key: "userLabel"), let text = node(labelChild)?.text {
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      if !trimmed.isEmpty { return trimmed }
    }
    var text = viewNode.attribute("text") ?? viewNode.attribute("title")
    if text == nil || text?.isEmpty == true {
      for child in viewNode.children {
        guard let childNode = node(child), childNode.name == "state", let title = childNode.attribute("title") else { continue }
        text = title
        break
      }
    }
    if text == nil || text?.isEmpty == true { text = viewNode.attribute("placeholder") }
    if let text, !text.isEmpty {
      let singleLine = text.replacingOccurrences(of: "\n", with: " ")
      let shown = singleLine.count > 25 ? String(singleLine.prefix(25)) + "…" : singleLine
      return "\"\(shown)\""
    }
    if let customClass = viewNode.attribute("customClass"), !customClass.isEmpty { return customClass }
    return Elements.humanized(viewNode.name)
  }

  private mutating func assignNames() {
    var base: [String] = records.map { _ in "" }
    for index in records.indices where index != 0 && !records[index].isScrollContent {
      base[index] = displayName(records[index].element)
    }
    for index in records.indices where records[index].isScrollContent {
      let scroll = records[index].superview.map { displayName(records[$0].element) } ?? "Scroll View"
      base[index] = "content of \(scroll)"
    }
    var counts: [String: Int] = [:]
    for name in base { counts[name, default: 0] += 1 }
    var used: Set<String> = [LayoutModel.rootName]
    records[0].name = LayoutModel.rootName
    for index in records.indices where index != 0 {
      var name = base[index]
      if counts[name, default: 0] > 1 || name == LayoutModel.rootName || name.isEmpty {
        let id = node(records[index].element)?.id ?? "\(index)"
        name = "\(name) (\(id))"
      }
      var candidate = name
      var suffix = 2
      while used.contains(candidate) {
        candidate = "\(name) #\(suffix)"
        suffix += 1
      }
      used.insert(candidate)
      records[index].name = candidate
    }
  }

  // MARK: - The model

  private func frame(of element: Int) -> (rect: Rect, range: SourceRange)? {
    guard let rectIndex = tree.child(of: element, named: "rect", key: "frame"), let rectNode = node(rectIndex),
      let x = Elements.number(rectNode.attribute("x")), let y = Elements.number(rectNode.attribute("y")),
      let width = Elements.number(rectNode.attribute("width")), let height = Elements.number(rectNode.attribute("height"))
    else { return nil }
    return (Rect(x: x, y: y, width: width, height: height), rectNode.tagRange)
  }

  private func canvas(named unitName: String) -> (canvas: Canvas, margins: DirectionalInsets) {
    let rootNode = node(root.element)
    let saved = frame(of: root.element)?.rect
    let screen = context.device?.screen(landscape: context.landscape)
    let width = saved?.width ?? screen?.width ?? 375
    var height = saved?.height ?? screen?.height ?? 667
    // A root placed below an opaque top bar (Xcode 8 saves it at y = 64) ends at the bottom of
    // the screen, whatever height was saved with it.
    if let screen, let saved, saved.y > 0, saved.y + height > screen.height + 0.5, close(width, screen.width) {
      height = max(0, screen.height - saved.y)
    }
    var insets = EdgeInsets.zero
    var isFullScreen = false
    if let screen {
      // A view the width of the screen and nearly its height (bars aside) is a screen's view;
      // cells and smaller views have no insets.
      let isCell = rootNode.map { Elements.unitRoots.contains($0.name) } ?? false
      if !isCell, close(width, screen.width), height >= screen.height - 120 {
        isFullScreen = true
        let top = saved?.y ?? 0
        var screenInsets = screen.insets
        // A xib's top-level view shows no status bar unless its simulated metrics ask for one;
        // a notch or a home indicator is the screen's own and stays.
        if !context.isStoryboard, root.controller == nil, screenInsets.top <= 20,
          !tree.children(of: root.element).contains(where: {
            node($0)?.key == "simulatedStatusBarMetrics" && node($0)?.name == "simulatedStatusBarMetrics"
          })
        {
          screenInsets.top = 0
        }
        let bars = root.controller.flatMap { context.bars[$0] }
        if let bars, bars.sheet, height < screen.height - 0.5 {
          // A sheet: a card below the status bar, as tall as the root, ending at the bottom of
          // the screen. Its top bar (if any) is its own; the status bar is above it.
          let top = bars.top ?? 0
          let bottom = screenInsets.bottom + (bars.bottom ?? 0)
          insets = EdgeInsets(top: top, left: screenInsets.left, bottom: bottom, right: screenInsets.right)
        } else {
          // A navigation bar below the status bar (or the notch), a tab bar or toolbar above
          // the home indicator.
          if let bar = bars?.top {
            let status = screenInsets.top > 20 ? screenInsets.top : (bars?.statusBar ?? screenInsets.top)
            screenInsets.top = status + bar
          }
          if let bar = bars?.bottom { screenInsets.bottom += bar }
          insets = EdgeInsets(
            top: max(0, screenInsets.top - top), left: screenInsets.left,
            bottom: max(0, screenInsets.bottom - (screen.height - top - height)), right: screenInsets.right)
        }
      }
    } else if context.isStoryboard, root.isControllerView {
      // Xcode 6–7's "any" canvas shows a status bar, and below it the navigation bar and above
      // the bottom edge the tab bar or toolbar the scene's bars simulate (the status bar is
      // there whatever y the navigation controller saved its bar at).
      isFullScreen = true
      let bars = root.controller.flatMap { context.bars[$0] }
      insets = EdgeInsets(top: 20 + (bars?.top ?? 0), left: 0, bottom: bars?.bottom ?? 0, right: 0)
    }
    var margins = DirectionalInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
    if root.isControllerView || isFullScreen {
      let side = context.iOS8Margins ? 16 : context.device?.rootMargin(width: width) ?? (width >= 414 ? 20 : 16)
      margins = DirectionalInsets(
        top: insets.top, leading: side + insets.left, bottom: insets.bottom, trailing: side + insets.right)
    }
    let range = rootNode?.nameRange
    return (Canvas(name: unitName, width: width, height: height, safeArea: insets, range: range), margins)
  }

  private mutating func makeModel(unitName: String) -> LayoutModel {
    var model = LayoutModel(kind: .layout)
    model.directions = .ltr
    model.misplacedTolerance = UnitBuilder.misplacedTolerance
    let (canvas, rootMargins) = canvas(named: unitName)
    model.canvases = [canvas]
    for (index, record) in records.enumerated() {
      guard let element = node(record.element) else { continue }
      if index == 0 {
        model.views[LayoutModel.rootName]?.nameRange = element.nameRange
        model.views[LayoutModel.rootName]?.declarationRange = element.tagRange
        model.views[LayoutModel.rootName]?.margins = customMargins(record.element) ?? rootMargins
        details.viewAtOffset[element.nameRange.start] = LayoutModel.rootName
        continue
      }
      let superview = record.superview.map { records[$0].name } ?? LayoutModel.rootName
      var view = ViewNode(
        name: record.name, kind: record.isScrollContent ? .view : Elements.kind(element.name), superview: superview)
      view.nameRange = element.nameRange
      view.declarationRange = element.tagRange
      if !record.isScrollContent {
        details.viewAtOffset[element.nameRange.start] = record.name
        if let saved = frame(of: record.element) {
          view.frame = saved.rect
          details.frameRects[record.name] = saved.range
        }
        if let setting = element.attribute("verifyAmbiguity") { details.verifyAmbiguity[record.name] = setting }
        if element.name == "imageView", element.attribute("catalog") == "system" { details.symbolImages.insert(record.name) }
        if element.name == "label", element.attribute("text") == "", tree.child(of: record.element, named: "attributedString") == nil,
          tree.child(of: record.element, named: "string", key: "text") == nil
        {
          details.emptyLabels.insert(record.name)
        }
        configure(&view, element: element, index: record.element)
      }
      model.views[record.name] = view
      model.viewOrder.append(record.name)
    }
    // Subviews in declaration order, once every node exists (a scroll view's content area is
    // made after the views it holds).
    for (index, record) in records.enumerated() where index != 0 {
      let superview = record.superview.map { records[$0].name } ?? LayoutModel.rootName
      model.views[superview]?.subviews.append(record.name)
    }
    var generated = GeneratedConstraints(model: model, context: context)
    for (index, record) in records.enumerated() where index != 0 {
      guard let element = node(record.element) else { continue }
      if record.isScrollContent {
        details.scrollContents[record.name] = record.superview.map { records[$0].name }
        generated.pinContentOrigin(record.name, scroll: record.superview.map { records[$0].name } ?? LayoutModel.rootName)
        continue
      }
      if record.isPinned {
        let superviewSize = pinnedSuperviewSize(record, canvas: canvas)
        generated.autoresizing(record.name, element: element, index: record.element, superviewSize: superviewSize)
      }
    }
    for (index, record) in records.enumerated() where !record.isScrollContent {
      guard let element = node(record.element), element.name == "stackView" else { continue }
      let arranged = records.indices.filter { records[$0].superview == index && records[$0].isArranged }
      generated.stack(
        records[index].name, element: element, arranged: arranged.map { (records[$0].name, records[$0].element) },
        tree: tree)
    }
    for (index, record) in records.enumerated() where index != 0 && !record.isScrollContent {
      generated.intrinsic(record.name)
    }
    model = generated.model
    for raw in rawConstraints where !raw.placeholder {
      if let constraint = lower(raw) { model.constraints.append(constraint) }
    }
    model.constraints = generated.constraints + model.constraints
    return model
  }

  /// The size the autoresizing mask of a view measures against: its superview's saved frame.
  private func pinnedSuperviewSize(_ record: ViewRecord, canvas: Canvas) -> (width: Double, height: Double) {
    guard let parent = record.superview, parent != 0 else { return (canvas.width, canvas.height) }
    let parentRecord = records[parent]
    let element = parentRecord.isScrollContent ? parentRecord.superview.map { records[$0].element } : parentRecord.element
    if let element, let saved = frame(of: element)?.rect { return (saved.width, saved.height) }
    return (canvas.width, canvas.height)
  }

  /// `<edgeInsets key="layoutMargins">` or `<directionalEdgeInsets key="directionalLayoutMargins">`.
  private func customMargins(_ element: Int) -> DirectionalInsets? {
    for child in tree.children(of: element) {
      guard let childNode = node(child) else { continue }
      if childNode.name == "directionalEdgeInsets", childNode.key == "directionalLayoutMargins" {
        return DirectionalInsets(
          top: Elements.number(childNode.attribute("top")) ?? 0,
          leading: Elements.number(childNode.attribute("leading")) ?? 0,
          bottom: Elements.number(childNode.attribute("bottom")) ?? 0,
          trailing: Elements.number(childNode.attribute("trailing")) ?? 0)
      }
      if childNode.name == "edgeInsets", childNode.key == "layoutMargins" {
        return DirectionalInsets(
          top: Elements.number(childNode.attribute("top")) ?? 0, leading: Elements.number(childNode.attribute("left")) ?? 0,
          bottom: Elements.number(childNode.attribute("bottom")) ?? 0,
          trailing: Elements.number(childNode.attribute("right")) ?? 0)
      }
    }
    return nil
  }

  /// Content priorities, intrinsic size, margins and baseline of a view.
  private func configure(_ view: inout ViewNode, element: XMLNode, index: Int) {
    func priority(_ name: String, _ fallback: Double) -> Double {
      guard let value = Elements.number(element.attribute(name)), value > 0, value <= 1000 else { return fallback }
      return value
    }
    view.hugging = (priority("horizontalHuggingPriority", 250), priority("verticalHuggingPriority", 250))
    view.compressionResistance = (
      priority("horizontalCompressionResistancePriority", 750), priority("verticalCompressionResistancePriority", 750)
    )
    if element.name == "tableViewCellContentView" {
      if context.legacyMargins {
        view.margins = DirectionalInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
      } else {
        let side: Double = (view.frame?.width ?? 0) >= 414 ? 20 : 16
        view.margins = DirectionalInsets(top: 11, leading: side, bottom: 11, trailing: side)
      }
    }
    if let margins = customMargins(index) { view.margins = margins }
    guard let saved = view.frame else { return }
    let font = fontSize(index)
    if let font, ["label", "button", "textField"].contains(element.name) {
      // The baseline of a line of the system font, centred vertically in the view.
      view.baselineOffset = max(0, (saved.height - 1.1934 * font) / 2 + 0.2416 * font)
    }
    // Intrinsic size: a placeholder, an IBDesignable's measured size, an image's size, or
    // the saved frame of a content view.
    let placeholderWidth = element.attribute("placeholderIntrinsicWidth")
    let placeholderHeight = element.attribute("placeholderIntrinsicHeight")
    if placeholderWidth != nil || placeholderHeight != nil {
      view.intrinsicWidth = Elements.number(placeholderWidth)
      view.intrinsicHeight = Elements.number(placeholderHeight)
      return
    }
    if let id = element.id, let measured = context.designables[id] {
      view.intrinsicWidth = measured.width >= 0 ? measured.width : nil
      view.intrinsicHeight = measured.height >= 0 ? measured.height : nil
      return
    }
    switch Elements.intrinsic(element.name, attributes: element.attributes) {
    case .none:
      return
    case .heightOnly:
      view.intrinsicHeight = saved.height
    case .both:
      // An empty label measures nothing.
      if element.name == "label", element.attribute("text") == "", tree.child(of: index, named: "attributedString") == nil,
        tree.child(of: index, named: "string", key: "text") == nil
      {
        view.intrinsicWidth = 0
        view.intrinsicHeight = 0
        return
      }
      // A system symbol's resource size is nominal: its image view keeps its saved frame.
      if element.name == "imageView", element.attribute("catalog") != "system", let image = element.attribute("image"),
        let size = context.images[image]
      {
        view.intrinsicWidth = size.width
        view.intrinsicHeight = size.height
        return
      }
      view.intrinsicWidth = saved.width
      view.intrinsicHeight = saved.height
      // A subclass may measure its content its own way (an IBDesignable renders it so):
      // the saved frame is all there is to go by.
      if element.attribute("customClass") != nil { return }
      // A text view whose text is far narrower than its frame is stretched by constraints:
      // its content size is then the text's, estimated from the font.
      if let estimate = textWidth(element, index: index, font: font), estimate < UnitBuilder.stretchedRatio * saved.width {
        view.intrinsicWidth = estimate
      }
      if element.name == "label", let font, (element.attribute("numberOfLines") ?? "1") == "1",
        element.attribute("text") != nil, tree.child(of: index, named: "attributedString") == nil
      {
        // UIKit measures the line whatever height was saved (whole points before Xcode 8); a
        // frame within a quarter point of the estimate is taken as measured.
        let estimate = (1.1934 * font * 2).rounded(.up) / 2
        if abs(estimate - saved.height) > 0.25 { view.intrinsicHeight = estimate }
      }
    }
  }

  /// The width of a label's text, a button's title or a text field's text or placeholder,
  /// estimated from its length and font, with the padding the control adds.
  private func textWidth(_ element: XMLNode, index: Int, font: Double?) -> Double? {
    var text: String?
    var padding = 0.0
    var defaultSize = 17.0
    switch element.name {
    case "label":
      guard tree.child(of: index, named: "attributedString") == nil else { return nil }
      text = element.attribute("text")
    case "button":
      defaultSize = 15
      for child in element.children {
        guard let state = node(child), state.name == "state", state.attribute("key") == "normal" else { continue }
        text = state.attribute("title")
      }
      if tree.child(of: index, named: "buttonConfiguration") != nil {
        padding = 24
        if text == nil { text = element.attribute("title") }
      }
      if tree.children(of: index).contains(where: { node($0)?.name == "state" && node($0)?.attribute("image") != nil }) {
        return nil
      }
    case "textField":
      defaultSize = 14
      padding = 14
      text = element.attribute("text") ?? element.attribute("placeholder")
    default:
      return nil
    }
    guard let text, !text.isEmpty else { return nil }
    let longestLine = text.split(separator: "\n").map(UnitBuilder.ems).max() ?? 0
    // A named font (`name="HelveticaNeue-Light" pointSize="36"`) has no system metrics for the
    // line height, but its point size still scales the text's width.
    return (longestLine * (font ?? namedFontSize(index) ?? defaultSize) + padding).rounded(.up)
  }

  /// The width of a line of text in ems: an average advance for most scripts, a whole em for
  /// the full-width characters of Chinese, Japanese and Korean.
  static func ems<S: StringProtocol>(_ line: S) -> Double {
    var total = 0.0
    for scalar in line.unicodeScalars {
      switch scalar.value {
      case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x20000...0x3FFFD:
        total += 1
      case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F:
        break
      default:
        total += UnitBuilder.averageAdvance
      }
    }
    return total
  }

  /// The point size of a view's system font, when it uses one.
  /// The point size of any font description, a named font's included.
  private func namedFontSize(_ element: Int) -> Double? {
    guard let fontIndex = tree.child(of: element, named: "fontDescription", key: "fontDescription"),
      let size = Elements.number(node(fontIndex)?.attribute("pointSize")), size > 0
    else { return nil }
    return size
  }

  private func fontSize(_ element: Int) -> Double? {
    guard let fontIndex = tree.child(of: element, named: "fontDescription", key: "fontDescription"),
      let font = node(fontIndex)
    else { return nil }
    if let style = font.attribute("style"), let size = Elements.textStyleSize(style) { return size }
    guard font.attribute("type") != nil, let size = Elements.number(font.attribute("pointSize")), size > 0 else {
      return nil
    }
    return size
  }

  // MARK: - Constraints

  private mutating func lower(_ raw: RawConstraint) -> LayoutConstraint? {
    guard let element = node(raw.element) else { return nil }
    let range = element.tagRange
    func warn(_ message: String) -> LayoutConstraint? {
      diagnostics.append(
        Diagnostic(code: .interfaceBuilderConstraint, severity: .warning, finding: .unreadableConstraint(message), range: range))
      return nil
    }
    guard let firstAttribute = Elements.attribute(raw.firstAttribute) else {
      return warn("'\(raw.firstAttribute)' is not a layout attribute; Plumb leaves this constraint out.")
    }
    var secondAttribute: LayoutAttribute?
    if raw.secondID != nil {
      guard let name = raw.secondAttribute, let attribute = Elements.attribute(name) else {
        return warn("'\(raw.secondAttribute ?? "")' is not a layout attribute; Plumb leaves this constraint out.")
      }
      secondAttribute = attribute
    }
    let firstRecord = raw.firstID.flatMap { record(forID: $0) } ?? raw.owner
    if let id = raw.firstID, record(forID: id) == nil {
      return warn("firstItem '\(id)' is not a view or layout guide of this scene; Plumb leaves this constraint out.")
    }
    var secondRecord: Int?
    if let id = raw.secondID {
      guard let found = record(forID: id) else {
        return warn("secondItem '\(id)' is not a view or layout guide of this scene; Plumb leaves this constraint out.")
      }
      secondRecord = found
    }
    guard
      let first = item(
        id: raw.firstID, record: firstRecord, attribute: firstAttribute, other: secondRecord)
    else {
      return warn("Plumb cannot express '\(raw.firstAttribute)' of this layout guide; it leaves this constraint out.")
    }
    var second: ConstraintItem?
    if let secondRecord, let secondAttribute {
      guard let resolved = item(id: raw.secondID, record: secondRecord, attribute: secondAttribute, other: firstRecord)
      else {
        return warn("Plumb cannot express '\(raw.secondAttribute ?? "")' of this layout guide; it leaves this constraint out.")
      }
      second = resolved
    }
    var relation = Relation.equal
    switch element.attribute("relation") {
    case nil, "equal": relation = .equal
    case "greaterThanOrEqual": relation = .greaterThanOrEqual
    case "lessThanOrEqual": relation = .lessThanOrEqual
    case let other?: return warn("'\(other)' is not a relation; Plumb leaves this constraint out.")
    }
    var multiplier = 1.0
    if let text = element.attribute("multiplier") {
      guard let value = Elements.multiplier(text) else {
        return warn("multiplier '\(text)' is not a number, a ratio 'a:b' or a fraction 'a/b'; Plumb leaves this constraint out.")
      }
      multiplier = value
    }
    var constant = 0.0
    if let text = element.attribute("constant") {
      guard let value = Elements.number(text) else {
        return warn("constant '\(text)' is not a number; Plumb leaves this constraint out.")
      }
      constant = value
    }
    var priority = 1000.0
    if let text = element.attribute("priority") {
      guard let value = Elements.number(text), value > 0, value <= 1000 else {
        return warn("priority '\(text)' is not greater than 0 and at most 1000; Plumb leaves this constraint out.")
      }
      priority = value
    }
    let label = element.attribute("identifier")
    return LayoutConstraint(
      first: first, relation: relation, second: second, multiplier: second == nil ? 1 : multiplier, constant: constant,
      priority: priority, label: label, origin: .explicit, range: range)
  }

  /// Whether `record` is `ancestor` or inside it.
  private func isInside(_ record: Int, _ ancestor: Int) -> Bool {
    var current: Int? = record
    var steps = 0
    while let index = current, steps <= records.count {
      if index == ancestor { return true }
      current = records[index].superview
      steps += 1
    }
    return false
  }

  /// One side of a constraint. `other` is the record of the other side, which decides
  /// whether a scroll view's edges mean its frame or its content.
  private func item(id: String?, record: Int, attribute: LayoutAttribute, other: Int?) -> ConstraintItem? {
    let name = records[record].name
    if let id, let guide = guides[id] {
      switch guide.kind {
      case .safeArea:
        return ConstraintItem(view: name, guide: "safeArea", attribute: attribute)
      case .frame:
        return ConstraintItem(view: name, attribute: attribute)
      case .content:
        let content = records[record].contentNode.map { records[$0].name } ?? name
        return ConstraintItem(view: content, attribute: attribute)
      case .legacyTop:
        switch attribute {
        case .bottom: return ConstraintItem(view: LayoutModel.rootName, guide: "safeArea", attribute: .top)
        case .top: return ConstraintItem(view: LayoutModel.rootName, attribute: .top)
        default: return nil
        }
      case .legacyBottom:
        switch attribute {
        case .top: return ConstraintItem(view: LayoutModel.rootName, guide: "safeArea", attribute: .bottom)
        case .bottom: return ConstraintItem(view: LayoutModel.rootName, attribute: .bottom)
        default: return nil
        }
      }
    }
    if let content = records[record].contentNode, let other, other != record, isInside(other, record) {
      switch attribute {
      case .width, .height, .centerX, .centerY, .centerXWithinMargins, .centerYWithinMargins:
        break
      default:
        return ConstraintItem(view: records[content].name, attribute: attribute)
      }
    }
    return ConstraintItem(view: name, attribute: attribute)
  }
}

/// Two lengths equal to within half a point.
func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.5 }
