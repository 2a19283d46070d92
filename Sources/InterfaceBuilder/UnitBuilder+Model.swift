import Foundation
import LayoutAnalysis
import LayoutSyntax

// The model of a unit: its canvas and margins, its views as UIKit configures them (frames,
// margins, intrinsic sizes estimated from text, fonts and images), and the model itself.

extension UnitBuilder {
  /// A view's saved frame: its `<rect key="frame">`, with the tag's range (what a fix replaces),
  /// or Xcode 8.0's `<frame key="frameInset">` resolved in its superview's saved frame (no range:
  /// a fix would change the file's format).
  func frame(of element: Int) -> (rect: Rect, range: SourceRange?)? {
    frame(of: element, depth: 0)
  }

  private func frame(of element: Int, depth: Int) -> (rect: Rect, range: SourceRange?)? {
    if let rectIndex = tree.child(of: element, named: "rect", key: "frame") {
      guard let rectNode = node(rectIndex), let x = Elements.number(rectNode.attribute("x")),
        let y = Elements.number(rectNode.attribute("y")), let width = Elements.number(rectNode.attribute("width")),
        let height = Elements.number(rectNode.attribute("height"))
      else { return nil }
      return (Rect(x: x, y: y, width: width, height: height), rectNode.tagRange)
    }
    guard depth < XMLTree.maximumDepth, let insetIndex = tree.child(of: element, named: "frame", key: "frameInset"),
      let inset = node(insetIndex), var superview = node(element)?.parent
    else { return nil }
    if node(superview)?.name == "subviews", let above = node(superview)?.parent { superview = above }
    guard let container = frame(of: superview, depth: depth + 1)?.rect,
      let rect = Elements.frameInset(inset.attributes, superview: (container.width, container.height))
    else { return nil }
    return (rect, nil)
  }

  /// Whether an iOS view laid out by its frame (`fixedFrame="YES"`) has the zero frame: Interface
  /// Builder writes no `<rect key="frame">` for a frame of zero (it leaves default values out),
  /// so such a view with neither a `<rect key="frame">` nor Xcode 8.0's `frameInset` is at
  /// (0 0; 0 0), not somewhere its constraints (it has none) would have to say.
  func savesZeroFrame(_ element: XMLNode, index: Int) -> Bool {
    !context.appKit && element.attribute("fixedFrame") == "YES"
      && tree.child(of: index, named: "rect", key: "frame") == nil
      && tree.child(of: index, named: "frame", key: "frameInset") == nil
  }

  func canvas(named unitName: String) -> (canvas: Canvas, margins: DirectionalInsets, otherSafeAreas: [EdgeInsets]) {
    let rootNode = node(root.element)
    var saved = frame(of: root.element)?.rect
    let screen = context.device?.screen(landscape: context.landscape)
    // In the other orientation's size classes a root saved at the screen's size (less its
    // bars) is the rotated screen's, less the same bars.
    if context.rotated, let screen, let own = context.device?.screen(landscape: !context.landscape), let frame = saved,
      close(frame.width, own.width), frame.height <= own.height + 0.5
    {
      saved = Rect(x: frame.x, y: frame.y, width: screen.width, height: max(0, screen.height - (own.height - frame.height)))
    }
    let width = saved?.width ?? screen?.width ?? 375
    var height = saved?.height ?? screen?.height ?? 667
    // A root placed below an opaque top bar (Xcode 8 saves it at y = 64) ends at the bottom of
    // the screen, whatever height was saved with it. Not a cell, or a table's header or footer:
    // its y is its place in its table or collection view, which may be far below the screen.
    let placedInItsList =
      rootNode.map { Elements.unitRoots.contains($0.name) || Elements.unitRootKeys.contains($0.key ?? "") } ?? false
    if let screen, let saved, !placedInItsList, saved.y > 0, saved.y + height > screen.height + 0.5,
      close(width, screen.width)
    {
      height = max(0, screen.height - saved.y)
    }
    // Xcode 11 and later lay a xib's top-level view out as a view controller's view (the view a
    // File's Owner that is a controller loads), with a controller's view's margins (16 or 20 on
    // the sides, the safe area's at the top and bottom), not a plain view's 8 points.
    let isXibTopLevelView =
      !context.isStoryboard && !context.appKit && root.controller == nil
      && rootNode.map { !Elements.unitRoots.contains($0.name) } == true
      && rootNode?.parent.flatMap(node)?.name == "objects"
      && (context.toolsVersion ?? 0) >= 14800
    var insets = EdgeInsets.zero
    var isFullScreen = false
    // Other safe areas the canvas may have had, where what Xcode drew is uncertain.
    var otherSafeAreas: [EdgeInsets] = []
    if let screen {
      // A view the width of the screen and nearly its height (bars aside) is a screen's view;
      // cells and smaller views have no insets.
      let isCell = rootNode.map { Elements.unitRoots.contains($0.name) } ?? false
      if !isCell, close(width, screen.width), height >= screen.height - 120 {
        isFullScreen = true
        // The status bar and the notch as Xcode's version draws them, for a storyboard's scenes
        // and a xib's views alike.
        var screenInsets = context.device?.insets(landscape: context.landscape, toolsVersion: context.toolsVersion) ?? screen.insets
        let bars = root.controller.flatMap { context.bars[$0] }
        // A scene that simulates no status bar has none on a device without a notch.
        let hidesStatusBar = bars?.hidesStatusBar == true && screen.insets.top == 20
        if hidesStatusBar { screenInsets.top = 0 }
        let statusBar = hidesStatusBar ? 0 : bars?.statusBar
        if let bars, bars.sheet, height < screen.height - 0.5 {
          // A sheet: a card below the status bar, as tall as the root, ending at the bottom of
          // the screen. Its top bar (if any) is its own; the status bar is above it.
          let top = bars.top ?? 0
          let bottom = screenInsets.bottom + (bars.bottom ?? 0)
          insets = EdgeInsets(top: top, left: screenInsets.left, bottom: bottom, right: screenInsets.right)
        } else {
          // A navigation bar below the status bar (or the notch), a tab bar or toolbar above
          // the home indicator.
          func insetsBelowBars(_ device: EdgeInsets, statusBar: Double?, topBar: Double? = bars?.top) -> EdgeInsets {
            var screenInsets = device
            var top = saved?.y ?? 0
            if let bar = topBar { screenInsets.top = (statusBar ?? screenInsets.top) + bar }
            if let bar = bars?.bottom { screenInsets.bottom += bar }
            // A root saved at the top of the screen but shorter than it by its top bars (or by
            // all its bars) lies below them: they are opaque, or it does not extend under them.
            let shortfall = screen.height - top - height
            if top < 0.5, screenInsets.top > 0.5, !close(shortfall, screenInsets.bottom),
              close(shortfall, screenInsets.top) || close(shortfall, screenInsets.top + screenInsets.bottom)
            {
              top = screenInsets.top
            }
            // A root taller than the screen (a freeform scene) has its bottom insets at its own
            // bottom edge, as Xcode draws it.
            return EdgeInsets(
              top: max(0, screenInsets.top - top), left: screenInsets.left,
              bottom: max(0, screenInsets.bottom - max(0, screen.height - top - height)), right: screenInsets.right)
          }
          insets = insetsBelowBars(screenInsets, statusBar: statusBar)
          // A navigation bar saved below another status bar than the one this version of Xcode
          // draws (saved by another version, the bar not moved since): either may be the canvas's.
          if bars?.top != nil, let status = statusBar, abs(status - screenInsets.top) > 0.5 {
            otherSafeAreas.append(insetsBelowBars(screenInsets, statusBar: nil))
          }
        }
        otherSafeAreas.removeAll { $0 == insets }
      } else if !isCell, context.isStoryboard, root.isControllerView, screen.insets.top == 20,
        let version = context.toolsVersion, (11000..<14800).contains(version)
      {
        // Xcode 8 to 10 draw a scene of another size than the screen's (freeform, embedded in
        // a container, an extension's) below the status bar and its top bar too, unless the
        // scene is shown in its presenter's context or does not extend under the top bars.
        let bars = root.controller.flatMap { context.bars[$0] }
        if bars?.inPresenterContext != true, bars?.extendsUnderTopBars != false {
          insets.top = (bars?.hidesStatusBar == true ? 0 : 20) + (bars?.top ?? 0)
        }
      }
      // A view of another size than the screen's (a freeform xib view, a container's scene)
      // may be drawn with the device's safe-area insets at its top and bottom, as Xcode draws
      // some.
      if !isFullScreen, !isCell, !context.appKit {
        let device = context.device?.insets(landscape: context.landscape, toolsVersion: context.toolsVersion) ?? screen.insets
        // Xcode 11 and later draw a xib's top-level view of another size than the screen's
        // below a notched iPhone's notch (its safe area's top inset, not its bottom one).
        if isXibTopLevelView, !context.landscape, screen.insets.top > 20, context.device?.isPad == false {
          insets.top = device.top
        }
        otherSafeAreas += [
          EdgeInsets(top: device.top, left: insets.left, bottom: insets.bottom, right: insets.right),
          EdgeInsets(top: insets.top, left: insets.left, bottom: device.bottom, right: insets.right),
          EdgeInsets(top: device.top, left: insets.left, bottom: device.bottom, right: insets.right),
        ]
        otherSafeAreas.removeAll { $0 == insets }
      }
    } else if context.isStoryboard, root.isControllerView, !context.appKit {
      // Xcode 6–7's "any" canvas shows a status bar (a file without a device saved by Xcode 11
      // to 13 has none), and below it the navigation bar and above the bottom edge the tab bar
      // or toolbar the scene's bars simulate (the status bar is there whatever y the navigation
      // controller saved its bar at).
      isFullScreen = true
      let bars = root.controller.flatMap { context.bars[$0] }
      // A root saved below the bars (at y = 64) starts below them.
      let status = Device.statusBar(toolsVersion: context.toolsVersion)
      let top = max(0, status + (bars?.top ?? 0) - max(0, saved?.y ?? 0))
      insets = EdgeInsets(top: top, left: 0, bottom: bars?.bottom ?? 0, right: 0)
    }
    var margins = DirectionalInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
    if root.isControllerView || isFullScreen || isXibTopLevelView {
      let side = context.iOS8Margins ? 16 : context.device?.rootMargin(width: width) ?? (width >= 414 ? 20 : 16)
      // Before iOS 11 (files saved by Xcode 8 and earlier) a view controller's root view has no
      // top or bottom margin: its margins are not inset by the status bar or the bars, which
      // only the top and bottom layout guides follow. From iOS 11 they are the safe area's.
      let vertical = context.legacyMargins && root.isControllerView ? EdgeInsets.zero : insets
      margins = DirectionalInsets(
        top: vertical.top, leading: side + insets.left, bottom: vertical.bottom, trailing: side + insets.right)
    }
    // Margins that follow the readable width (`layoutMarginsFollowReadableWidth`) are widened, as
    // UIKit widens them, until no more than the readable width lies between them.
    if rootNode?.attribute("layoutMarginsFollowReadableWidth") == "YES" {
      let readable = (width - LayoutModel.readableWidth) / 2
      margins.leading = max(margins.leading, readable)
      margins.trailing = max(margins.trailing, readable)
    }
    let range = rootNode?.nameRange
    let traits = context.device == nil ? nil : context.traits
    return (
      Canvas(name: unitName, width: width, height: height, safeArea: insets, traits: traits, range: range), margins,
      otherSafeAreas
    )
  }

  mutating func makeModel(unitName: String) -> LayoutModel {
    var model = LayoutModel(kind: .layout)
    model.directions = .ltr
    model.misplacedTolerance = UnitBuilder.misplacedTolerance
    let (canvas, rootMargins, otherSafeAreas) = canvas(named: unitName)
    var unique: [EdgeInsets] = []
    for insets in otherSafeAreas where !unique.contains(insets) { unique.append(insets) }
    details.otherSafeAreas = unique
    model.canvases = [canvas]
    for (index, record) in records.enumerated() {
      guard let element = node(record.element).map({ Elements.withImageReference($0, index: record.element, in: tree) }) else {
        continue
      }
      if index == 0 {
        model.views[LayoutModel.rootName]?.nameRange = element.nameRange
        model.views[LayoutModel.rootName]?.declarationRange = element.tagRange
        model.views[LayoutModel.rootName]?.margins = customMargins(record.element) ?? rootMargins
        details.viewAtOffset[element.nameRange.start] = LayoutModel.rootName
        if context.appKit, let range = frame(of: record.element)?.range { details.frameRects[LayoutModel.rootName] = range }
        continue
      }
      let superview = record.superview.map { records[$0].name } ?? LayoutModel.rootName
      var view = ViewNode(
        name: record.name, kind: record.isScrollContent || (context.appKit && element.name == "stackView") ? .view : Elements.kind(element.name),
        superview: superview)
      view.nameRange = element.nameRange
      view.declarationRange = element.tagRange
      if !record.isScrollContent {
        details.viewAtOffset[element.nameRange.start] = record.name
        if let saved = frame(of: record.element) {
          view.frame = saved.rect
          if let range = saved.range { details.frameRects[record.name] = range }
        } else if savesZeroFrame(element, index: record.element) {
          view.frame = Rect(x: 0, y: 0, width: 0, height: 0)
        }
        if context.framedByVariation[record.element] != nil { details.framedByVariation.insert(record.name) }
        if let variation = context.variations[record.element], let variationNode = node(variation) {
          details.variations[record.name] = variationNode.nameRange
        }
        if let setting = element.attribute("verifyAmbiguity") { details.verifyAmbiguity[record.name] = setting }
        if element.name == "imageView", element.attribute("catalog") == "system" { details.symbolImages.insert(record.name) }
        if element.name == "label", element.attribute("text") == "", !hasAttributedText(record.element),
          tree.child(of: record.element, named: "string", key: "text") == nil
        {
          details.emptyLabels.insert(record.name)
        }
        if view.frame == nil, element.attribute("placeholderIntrinsicWidth") == nil,
          element.attribute("placeholderIntrinsicHeight") == nil, element.id.map({ context.designables[$0] == nil }) ?? true
        {
          let intrinsic =
            context.appKit
            ? AppKit.intrinsic(element, index: record.element, tree: tree)
            : Elements.intrinsic(element.name, attributes: element.attributes)
          switch intrinsic {
          case .both: details.unknownIntrinsicAxes.formUnion([.horizontal, .vertical])
          case .heightOnly: details.unknownIntrinsicAxes.insert(.vertical)
          case .fixed, .none: break
          }
        }
        let estimated = configure(&view, element: element, index: record.element)
        if !estimated.isEmpty { details.estimatedSizes[record.name] = estimated }
        if !context.appKit, record.isArranged, element.name == "view", element.attribute("customClass") == nil,
          element.attribute("fixedFrame") != "YES", element.attribute("placeholderIntrinsicWidth") == nil,
          element.attribute("placeholderIntrinsicHeight") == nil, view.intrinsicWidth == nil, view.intrinsicHeight == nil
        {
          details.sizelessArranged.insert(record.name)
        }
        // A view laid out by its frame keeps it whatever its alignment rectangle is.
        let keepsFrame = record.isPinned || (record.isArranged && element.attribute("hidden") == "YES")
        if context.appKit, let superview = AppKit.superviewElement(of: record.element, in: tree),
          !AppKit.isFlipped(superview, in: tree), let height = frame(of: superview)?.rect.height
        {
          details.unflippedHeights[record.name] = height
        }
        if context.appKit, let superview = AppKit.superviewElement(of: record.element, in: tree),
          let superNode = node(superview), AppKit.isArranged(superNode, subview: element)
        {
          details.arrangedInStack.insert(record.name)
        } else if context.appKit, !record.isPinned,
          !AppKit.insetsKnown(element, index: record.element, tree: tree, toolsVersion: context.toolsVersion)
        {
          details.unknownInsets.insert(record.name)
        }
        if context.appKit, let container = AppKit.fixedContainer(of: record.element, in: tree, toolsVersion: context.toolsVersion),
          let containerRecord = recordOfElement[container], records.indices.contains(containerRecord),
          let own = recordOfElement[record.element], !constrainedRecords.contains(own)
        {
          // Only content no constraint names (all that was seen marked so).
          details.fixedContainerContent.append((record.name, records[containerRecord].name))
        }
        if context.appKit, AppKit.hasCentredText(element, index: record.element, tree: tree) {
          details.centredText.insert(record.name)
        }
        if context.appKit, ["imageView", "button"].contains(element.name), AppKit.showsSymbol(record.element, in: tree) {
          details.symbolImages.insert(record.name)
          details.unknownInsets.insert(record.name)
        }
        let insets =
          context.appKit ? AppKit.alignmentInsets(element, index: record.element, tree: tree, toolsVersion: context.toolsVersion) : alignmentInsets(of: element)
        if !keepsFrame, let insets {
          view.alignmentInsets = insets
          // The intrinsic size is the alignment rectangle's: one taken from the saved frame
          // loses the insets.
          if let width = view.intrinsicWidth, let saved = view.frame, width == saved.width {
            view.intrinsicWidth = max(0, width - insets.left - insets.right)
          }
          if let height = view.intrinsicHeight, let saved = view.frame, height == saved.height {
            view.intrinsicHeight = max(0, height - insets.top - insets.bottom)
          }
        }
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
        if context.appKit { details.autoresizing.insert(record.name) }
        let superviewSize = pinnedSuperviewSize(record, canvas: canvas)
        generated.autoresizing(record.name, element: element, index: record.element, superviewSize: superviewSize)
      }
    }
    let stacks = records.indices.filter { index in
      !context.appKit && !records[index].isScrollContent && node(records[index].element)?.name == "stackView"
    }
    // Every stack is declared (its options, and its guides) before any generates constraints,
    // which read the arranged views, nested stacks included.
    for index in stacks {
      guard let element = node(records[index].element) else { continue }
      let arranged = records.indices.filter { records[$0].superview == index && records[$0].isArranged }
      generated.declareStack(
        records[index].name, element: element, arranged: arranged.map { (records[$0].name, records[$0].element) },
        tree: tree)
    }
    let stackPosition = generated.constraints.count
    for (index, record) in records.enumerated() where index != 0 && !record.isScrollContent {
      generated.intrinsic(record.name)
    }
    model = generated.model
    for raw in rawConstraints {
      if let constraint = lower(raw) { model.constraints.append(constraint) }
    }
    // The stacks' constraints, after the autoresizing ones and before the intrinsic sizes; they
    // read the lengths the file's constraints give the arranged views (for fillProportionally).
    var stackConstraints: [LayoutConstraint] = []
    for index in stacks {
      guard let element = node(records[index].element) else { continue }
      stackConstraints += StackLayout.constraints(
        of: records[index].name, in: model, range: element.tagRange, sizing: ArraySlice(model.constraints[...]))
    }
    var engine = generated.constraints
    engine.insert(contentsOf: stackConstraints, at: min(stackPosition, engine.count))
    model.constraints = engine + model.constraints
    return model
  }

  /// The size the autoresizing mask of a view measures against: its superview's saved frame.
  func pinnedSuperviewSize(_ record: ViewRecord, canvas: Canvas) -> (width: Double, height: Double) {
    guard let parent = record.superview, parent != 0 else { return (canvas.width, canvas.height) }
    let parentRecord = records[parent]
    let element = parentRecord.isScrollContent ? parentRecord.superview.map { records[$0].element } : parentRecord.element
    if let element, let saved = frame(of: element)?.rect { return (saved.width, saved.height) }
    return (canvas.width, canvas.height)
  }

  /// The alignment-rectangle insets UIKit gives a standard control: constraints act on the
  /// alignment rectangle, and the frame Xcode saves is larger by these. Files saved since
  /// Xcode 6 (`toolsVersion` 6000) show them; nothing shows what earlier ones did.
  func alignmentInsets(of element: XMLNode) -> EdgeInsets? {
    guard let build = context.toolsVersion, build >= UnitBuilder.controlInsetsSince else { return nil }
    switch element.name {
    case "slider":
      // The track's ends: 2 pt on each side.
      return EdgeInsets(top: 0, left: 2, bottom: 0, right: 2)
    case "switch":
      // 2 pt on the trailing side (the right, in the left-to-right layouts Plumb solves).
      return EdgeInsets(top: 0, left: 0, bottom: 0, right: 2)
    default:
      return nil
    }
  }

  /// `<edgeInsets key="layoutMargins">` or `<directionalEdgeInsets key="directionalLayoutMargins">`.
  func customMargins(_ element: Int) -> DirectionalInsets? {
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
  /// - Returns: the axes along which the intrinsic size is Plumb's estimate rather than the
  ///   saved frame's or the file's.
  func configure(_ view: inout ViewNode, element: XMLNode, index: Int) -> Set<AttributeAxis> {
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
    guard let saved = view.frame else { return [] }
    if context.appKit { return AppKit.configure(
        &view, element: element, index: index, saved: saved, tree: tree, toolsVersion: context.toolsVersion) }
    let font = fontSize(index)
    if let font = font ?? defaultTitleFontSize(index), ["label", "button", "textField"].contains(element.name) {
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
      return []
    }
    if let id = element.id, let measured = context.designables[id] {
      view.intrinsicWidth = measured.width >= 0 ? measured.width : nil
      view.intrinsicHeight = measured.height >= 0 ? measured.height : nil
      return []
    }
    var estimated = Set<AttributeAxis>()
    switch Elements.intrinsic(element.name, attributes: element.attributes) {
    case .none:
      return []
    case .heightOnly:
      view.intrinsicHeight = saved.height
    case .fixed(let width, let height):
      view.intrinsicWidth = width
      view.intrinsicHeight = height
      if element.name == "pickerView", !context.iPadRuntime, let build = context.toolsVersion,
        Elements.iOS8PickerBuilds.contains(build)
      {
        view.intrinsicHeight = Elements.iOS8PickerHeight
      }
    case .both:
      // An empty label measures nothing.
      if element.name == "label", element.attribute("text") == "", !hasAttributedText(index),
        tree.child(of: index, named: "string", key: "text") == nil
      {
        view.intrinsicWidth = 0
        view.intrinsicHeight = 0
        // Interface Builder's canvas does not always measure it so (it saves such labels a
        // line high, or as stretched): the saved size is as plausible.
        return [.horizontal, .vertical]
      }
      // A system symbol's resource size is nominal: its image view keeps its saved frame.
      if element.name == "imageView", element.attribute("catalog") != "system", let image = element.attribute("image"),
        let size = context.images[image]
      {
        view.intrinsicWidth = size.width
        view.intrinsicHeight = size.height
        return []
      }
      view.intrinsicWidth = saved.width
      view.intrinsicHeight = saved.height
      // A subclass may measure its content its own way (an IBDesignable renders it so):
      // the saved frame is all there is to go by.
      if element.attribute("customClass") != nil { return [] }
      // A text view whose text is far narrower than its frame is stretched by constraints:
      // its content size is then the text's, estimated from the font.
      if let estimate = textWidth(element, index: index, font: font), estimate < UnitBuilder.stretchedRatio * saved.width {
        view.intrinsicWidth = estimate
        estimated.insert(.horizontal)
      }
      if element.name == "label", let font, (element.attribute("numberOfLines") ?? "1") == "1",
        element.attribute("text") != nil, !hasAttributedText(index)
      {
        // UIKit measures the line whatever height was saved (whole points before Xcode 8); a
        // frame within a quarter point of the estimate is taken as measured.
        let estimate = (1.1934 * font * 2).rounded(.up) / 2
        if abs(estimate - saved.height) > 0.25 {
          view.intrinsicHeight = estimate
          estimated.insert(.vertical)
        }
      }
    }
    return estimated
  }

  /// Whether a label shows attributed text: an `<attributedString>` child other
  /// than the comment for localizers that Xcode keeps beside the text (`key="userComments"`,
  /// the identity inspector's "Comment For Localizer"), which says nothing of what it shows.
  func hasAttributedText(_ index: Int) -> Bool {
    tree.children(of: index).contains { child in
      guard let node = node(child), node.name == "attributedString" else { return false }
      return node.key != "userComments"
    }
  }

  /// The width of a label's text, a button's title or a text field's text or placeholder,
  /// estimated from its length and font, with the padding the control adds.
  func textWidth(_ element: XMLNode, index: Int, font: Double?) -> Double? {
    var text: String?
    var padding = 0.0
    var defaultSize = 17.0
    switch element.name {
    case "label":
      guard !hasAttributedText(index) else { return nil }
      text = element.attribute("text")
    case "button":
      if let configuration = tree.child(of: index, named: "buttonConfiguration") {
        // An iOS 15 button: its title, image and font are the configuration's (a `<state>` beside
        // it is what Interface Builder keeps for older systems, "Button"), with 12 pt of content
        // insets on each side and the body font unless the configuration names one.
        guard let configurationNode = node(configuration), configurationNode.attribute("image") == nil,
          tree.child(of: configuration, named: "attributedString") == nil
        else { return nil }
        let title = configurationNode.attribute("title")
        guard let title, !title.isEmpty, !UnitBuilder.hasGlyphsOfOtherFonts(title) else { return nil }
        let titleFont = tree.child(of: configuration, named: "fontDescription", key: "titleFontDescription")
        let size = titleFont.flatMap { fontSize(description: $0) } ?? 17
        let longestLine = title.split(separator: "\n").map(UnitBuilder.ems).max() ?? 0
        return (longestLine * size + 24).rounded(.up)
      }
      defaultSize = 15
      for child in element.children {
        guard let state = node(child), state.name == "state", state.attribute("key") == "normal" else { continue }
        text = state.attribute("title")
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
    guard let text, !text.isEmpty, !UnitBuilder.hasGlyphsOfOtherFonts(text) else { return nil }
    let longestLine = text.split(separator: "\n").map(UnitBuilder.ems).max() ?? 0
    // A named font (`name="HelveticaNeue-Light" pointSize="36"`) has no system metrics for the
    // line height, but its point size still scales the text's width.
    return (longestLine * (font ?? namedFontSize(index) ?? defaultSize) + padding).rounded(.up)
  }

  /// Whether text has symbols or emoji (arrows, mathematical operators, technical symbols,
  /// shapes, dingbats: U+2190–U+2BFF; emoji and other pictographs: U+1F000–U+1FBFF, not the
  /// ideographs of the planes above, which `ems` counts a whole em each), which
  /// UIKit draws from fonts other than the text's, at about an em or more each: Interface
  /// Builder saves labels of such characters 1 to 1.4 em wide a character, more than twice the
  /// average advance, so no width is estimated for such text (its saved frame stands).
  static func hasGlyphsOfOtherFonts<S: StringProtocol>(_ text: S) -> Bool {
    text.unicodeScalars.contains { (0x2190...0x2BFF).contains($0.value) || (0x1F000...0x1FBFF).contains($0.value) }
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

  /// The point size of any font description, a named font's included.
  func namedFontSize(_ element: Int) -> Double? {
    guard let fontIndex = tree.child(of: element, named: "fontDescription", key: "fontDescription"),
      let size = Elements.number(node(fontIndex)?.attribute("pointSize")), size > 0
    else { return nil }
    return size
  }

  /// The font a button with a title but no `<fontDescription>` draws it in: UIKit's default
  /// for a button's title, the system font at 15 pt (Interface Builder writes no font
  /// description for it). Nil for any other element, for a button whose file names a font
  /// (a named font or a text style Plumb does not measure is not the default), for a button
  /// with a configuration (iOS 15), whose title font is the configuration's, and in a tvOS
  /// file, whose buttons draw their titles in a larger font (Interface Builder saves them 86 pt
  /// high).
  func defaultTitleFontSize(_ element: Int) -> Double? {
    guard !context.tvOS, let node = node(element), node.name == "button",
      tree.child(of: element, named: "fontDescription", key: "fontDescription") == nil,
      tree.child(of: element, named: "buttonConfiguration") == nil,
      tree.children(of: element).contains(where: { child in
        guard let state = self.node(child), state.name == "state", state.attribute("key") == "normal" else { return false }
        return !(state.attribute("title") ?? "").isEmpty
      })
    else { return nil }
    return Elements.defaultButtonFontSize
  }

  /// The point size of a view's system font, when it uses one.
  func fontSize(_ element: Int) -> Double? {
    tree.child(of: element, named: "fontDescription", key: "fontDescription").flatMap {
      fontSize(description: $0, named: false)
    }
  }

  /// The point size of a `<fontDescription>`: its text style's, or a system font's; a named
  /// font's too when `named` is set.
  func fontSize(description fontIndex: Int, named: Bool = true) -> Double? {
    guard let font = node(fontIndex) else { return nil }
    if let style = font.attribute("style") { return Elements.textStyleSize(style) }
    guard font.attribute("type") != nil || named, let size = Elements.number(font.attribute("pointSize")), size > 0
    else { return nil }
    return size
  }
}
