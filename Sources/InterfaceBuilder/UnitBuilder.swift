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
  /// A table or collection view cell of a file saved by Xcode 10 or later, which lays a cell's
  /// content out again itself and never marks it misplaced: no `misplaced` finding is reported.
  /// Nor in a cell of an iOS file saved by Xcode 8 (`toolsVersion` 11000–12999), which does mark
  /// cell content misplaced, but whose cells Plumb lays out too far from its canvas (row heights,
  /// the margins of that version) for a finding there to be trusted.
  var contentRelaidOut = false
  /// An iOS file: a saved frame that differs from Plumb's along y only, its top and bottom edges
  /// each by nothing or by a bar's height (20, 44, 49 or 64 pt), is what a simulated bar that
  /// Plumb infers otherwise than Xcode did makes (inferred from segues, drawn by version), and is
  /// not reported as misplaced.
  var barHeightMisplacementsUncertain = false
  /// An iOS file saved by Xcode 9 or 10 (`toolsVersion` 13000–14799), or by Xcode 14 or later
  /// (21000 and above), whose canvas Plumb reproduces least (their `misplaced` findings matched
  /// Xcode's markers about one time in four, and one time in three, on files of many authors):
  /// no `misplaced` finding is reported, and the unit is not laid out again under other readings.
  var misplacementsNotReported = false
  /// An iOS file saved by Xcode 11 to 13 (`toolsVersion` 14800–20999), whose canvas Plumb
  /// estimates along each axis on its own (status and navigation bars, the safe area, margins,
  /// text heights and widths by Xcode version and device): a `misplaced` finding is reported only
  /// for a view saved at the size Plumb solves and away from its place along both axes, by more
  /// than `PlausibleLayouts.uncertainty` in x and in y (dragged on the canvas), which no error of
  /// one estimate explains. Such findings matched Xcode's marker 4 times in 4 on the twelfth to
  /// fifteenth tuning sets (four authors), where every other `misplaced` finding of those files
  /// matched it 6 times in 25, and 0 times in 3 on the held-out sets measured after the rule (all
  /// three false): 4 times in 7 over everything measured.
  var onlyDraggedViewsMisplaced = false
  /// An iOS file saved by Xcode 8 (`toolsVersion` 11000–12999): a view whose saved frame differs
  /// from Plumb's in y only (same x, width and height) is not reported as misplaced. Such
  /// findings matched Xcode's marker 10 times in 15 over the tuning sets (false findings of
  /// three authors) and 4 times in 9 on the sets measured before any rule was tuned on them.
  var verticalMovesUncertain = false
  /// An iOS file saved by Xcode 10 or earlier (`toolsVersion` below 14800), whose canvas
  /// measured a label's line on the device's pixel grid (whole points in Xcode 6 and 7, half
  /// points on a 2x screen later) and saved that height: a tie of vertical hugging whose spare
  /// room is only what Plumb's finer line-height estimates take off the saved heights is not
  /// reported.
  var lineHeightsSavedOnPixelGrid = false
  /// An iOS table or collection view cell: its height is a row height and layout margins that
  /// Plumb estimates by version and device, so spare height that two views of equal vertical
  /// hugging share is not reported when neither is arranged by a stack view (a shortage of room
  /// shared at equal compression resistance is reported nowhere in an iOS file).
  var isCell = false
  /// An iOS file saved by Xcode 14 or later (`toolsVersion` 21000 and above): a stack view
  /// that another stack view arranges, outside cells, gets no `ambiguous` finding. Its frame
  /// along the outer stack's axis, and its own size, follow from the sizes of the views it and
  /// the outer stack arrange, which Plumb estimates; on the three sets measured before any rule
  /// was tuned on them such findings in files of those versions matched Xcode's marker 2 times
  /// in 10 (false findings of three authors, matches of one).
  var nestedStackAmbiguityUncertain = false
  /// A file saved by Xcode 6 or 7 (`toolsVersion` 6000–10999), which marks an ambiguous view
  /// misplaced whenever the frame its engine gives the view differs from the saved one, what the
  /// constraints leave open included (later versions keep the open parts at the saved frame).
  var ambiguousMisplacedAtEngineFrame = false
  /// Arranged views of a stack view that UIKit gives no size of their own: plain views (no
  /// custom class, no placeholder intrinsic size, not laid out by their frame). Across the axis
  /// of a stack not aligned to fill, UIStackView's `UISV-ambiguity-suppression` makes them
  /// nothing unless a constraint sizes them, which no estimate of Plumb's enters.
  var sizelessArranged: Set<String> = []
  /// Views whose intrinsic size Plumb estimated rather than took from the file (text it
  /// measured itself), by axis: the saved frame's size along it is as plausible.
  var estimatedSizes: [String: Set<AttributeAxis>] = [:]
  /// The size classes laid out (nil for a file without a device: the base configuration).
  var traits: SizeClassTraits?
  /// Whether they are not the device's own but those of its other orientation, for which the
  /// file saves no frames but a variation's.
  var otherSizeClass = false
  /// The start tag name of each view's most specific variation that matches the size classes.
  var variations: [String: SourceRange] = [:]
  /// Views whose saved frame in these size classes is a variation's.
  var framedByVariation: Set<String> = []
  /// The axes along which a view of the unit that UIKit measures (a label, a button, a slider …)
  /// has no saved frame (Xcode 8.0 left out the frames of views its constraints place): its
  /// intrinsic size is UIKit's measurement, which the file does not hold, so no ambiguity is
  /// reported along them.
  var unknownIntrinsicAxes: Set<AttributeAxis> = []
  /// Other safe areas of the root that are as plausible as the one laid out, where what Xcode
  /// drew is uncertain (a status bar kept from another version, a device's insets on a root of
  /// another size than the screen's).
  var otherSafeAreas: [EdgeInsets] = []
  /// AppKit: the arranged views of stack views, which keep their saved frames (no finding).
  var arrangedInStack: Set<String> = []
  /// AppKit: views laid out by their autoresizing mask, which Xcode never marks.
  var autoresizing: Set<String> = []
  /// AppKit: the content views of scroll views and boxes laid out by their frame that Interface
  /// Builder marks ambiguous (`AppKit.fixedContainer(of:)`), with their container, in file order.
  var fixedContainerContent: [(view: String, container: String)] = []
  /// AppKit: views whose baseline is estimated as a centred line of text.
  var centredText: Set<String> = []
  /// AppKit: the saved height of the superview of each view whose superview is not flipped, in
  /// which the file measures the view's y from the bottom.
  var unflippedHeights: [String: Double] = [:]
  /// AppKit: the views the constraints place whose alignment rectangles are not known (controls
  /// whose insets are not known, images of system symbols).
  var unknownInsets: Set<String> = []
  /// AppKit: the views of constraints at a standard spacing the file does not give the value of.
  var unknownSpacing: Set<String> = []
  /// Whether the unit is an AppKit one.
  var appKit = false
  /// AppKit: the build of Interface Builder that saved the file (`toolsVersion`), when known.
  var toolsVersion: Int?
  /// AppKit: whether the unit's root is sized by its content where the constraints require it
  /// (a window's content view, a view controller's, a top-level view or a table cell view), not
  /// by a container (a tab view item's view).
  var rootFitsContent = false
  /// AppKit: whether the unit's root is a table cell view, whose width is its column's.
  var rootIsTableCellView = false
  /// AppKit: whether the unit's root is a window's content view that does not translate its
  /// autoresizing mask, which nothing but its content sizes (`AppKit.unpinnedRootAmbiguities`).
  var rootUnpinned = false
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
  /// The build of Interface Builder that saved the file (`SimulatedBars.toolsVersion`).
  var toolsVersion: Int?
  /// Saved by Xcode 8 or earlier (`toolsVersion` below 13000), which draws with the layout
  /// margins of UIKit before iOS 11: 8 pt on every side of a table cell's content view.
  var legacyMargins = false
  /// Saved by Xcode 6 (`toolsVersion` below 8000), which draws with iOS 8's margins: a view
  /// controller's root view is inset 16 pt on the sides whatever its width (iOS 9 widened them
  /// to 20 on iPads and the largest phones).
  var iOS8Margins = false
  /// Made for the iPad only (`targetRuntime="iOS.CocoaTouch.iPad"`, as Xcode 6 and earlier
  /// write it for an iPad-only file).
  var iPadRuntime = false
  /// A tvOS file (`targetRuntime="AppleTV"`), whose controls draw in tvOS's larger fonts.
  var tvOS = false
  /// The size classes laid out: the device's own (derived from its screen in the file's
  /// orientation), or those of its other orientation; nil without a device (the base
  /// configuration, Xcode's "Any" canvas).
  var traits: SizeClassTraits?
  /// The size classes are the device's other orientation's: its screen is rotated.
  var rotated = false
  /// The elements whose frame a variation of these size classes saved, and each element's
  /// most specific matching variation.
  var framedByVariation: [Int: Int] = [:]
  var variations: [Int: Int] = [:]
  /// A macOS (AppKit) file, read with `AppKit`'s rules.
  var appKit = false
}

/// One view of a unit, as read.
struct ViewRecord {
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
struct RawConstraint {
  var element: Int
  var owner: Int
  var firstID: String?
  var firstAttribute: String
  var secondID: String?
  var secondAttribute: String?
  var placeholder: Bool
}

/// A layout guide's id resolved: its view and what it is.
enum GuideKind {
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
  /// The first builds of Interface Builder whose files show the alignment insets of sliders and
  /// switches: every file of Xcode 6 and later (`toolsVersion` 6000) saves a slider pinned to
  /// its superview's edges 2 pt wider on each side than its constraints place it.
  static let controlInsetsSince = 6000
  /// The first build of Interface Builder (Xcode 9) that lays the content of cells out again
  /// itself and never marks it misplaced.
  static let cellsRelaidOutSince = 13000
  /// The builds of Interface Builder (Xcode 8) whose iOS cells get no `misplaced` finding either:
  /// on the tuning sets, such findings matched Xcode's marker 9 times in 19.
  static let cellMisplacementsUncertainBuilds = 11000..<13000
  /// The cells whose content that applies to.
  static let relaidOutCells: Set<String> = ["tableViewCell", "collectionViewCell"]
  /// The first build of Interface Builder (Xcode 11) that measures a label's line finely rather
  /// than on the device's pixel grid (`UnitDetails.lineHeightsSavedOnPixelGrid` before it).
  static let lineHeightsMeasuredFinelySince = 14800
  /// The builds of Interface Builder (Xcode 9 and 10) whose iOS files get no `misplaced` finding
  /// (`UnitDetails.misplacementsNotReported`).
  static let misplacementsNotReportedBuilds = 13000..<14800
  /// The builds of Interface Builder (Xcode 11 to 13) whose iOS files get a `misplaced` finding
  /// only for a view dragged away at its size (`UnitDetails.onlyDraggedViewsMisplaced`).
  static let onlyDraggedViewsMisplacedBuilds = 14800..<21000
  /// The first build of Interface Builder (Xcode 14) from which iOS files get no `misplaced`
  /// finding either (`UnitDetails.misplacementsNotReported`).
  static let misplacementsNotReportedSince = 21000
  /// The builds of Interface Builder (Xcode 8) whose iOS files get no `misplaced` finding for a
  /// move along y only (`UnitDetails.verticalMovesUncertain`).
  static let verticalMovesUncertainBuilds = 11000..<13000
  /// The first build of Interface Builder (Xcode 14) from which a stack view arranged in
  /// another gets no `ambiguous` finding outside cells (`UnitDetails.nestedStackAmbiguityUncertain`).
  static let nestedStackAmbiguityUncertainSince = 21000
  /// The builds of Interface Builder (Xcode 6 and 7) that mark an ambiguous view misplaced at
  /// its engine's frame (`UnitDetails.ambiguousMisplacedAtEngineFrame`).
  static let ambiguousMisplacedAtEngineFrameBuilds = 6000..<11000

  let context: FileContext
  let root: UnitRoot
  var diagnostics: [Diagnostic] = []
  var nestedRoots: [Int] = []
  var records: [ViewRecord] = []
  var recordOfElement: [Int: Int] = [:]
  var recordOfID: [String: Int] = [:]
  var guides: [String: (record: Int, kind: GuideKind)] = [:]
  var rawConstraints: [RawConstraint] = []
  var excluded: Set<String> = []
  /// Ids (and owner records) of the items of constraints the base configuration leaves out:
  /// a view constrained only in other size classes is still a view with constraints, so
  /// Interface Builder adds no fixed-frame constraints for it.
  var constrainedElsewhere: Set<String> = []
  var ownersConstrainedElsewhere: Set<Int> = []
  /// The records a constraint of the unit names (or that own one without a first item).
  var constrainedRecords: Set<Int> = []
  var details = UnitDetails()

  init(context: FileContext, root: UnitRoot) {
    self.context = context
    self.root = root
  }

  var tree: XMLTree { context.tree }

  func node(_ index: Int) -> XMLNode? { tree.node(index) }

  // MARK: - Collecting

  /// Reads the unit: its views, guides and constraints, and the unit roots nested inside it.
  mutating func build(name unitName: String) -> LayoutModel {
    collectExclusions(from: root.controller ?? root.element)
    collectView(root.element, superview: nil, arranged: false, depth: 0)
    if let controller = root.controller { collectLegacyGuides(controller) }
    decidePinned()
    // An AppKit scroll view's content is its clip view's document view, an ordinary view.
    if !context.appKit { addScrollContentNodes() }
    assignNames()
    if !context.appKit, let build = context.toolsVersion, build < UnitBuilder.lineHeightsMeasuredFinelySince {
      details.lineHeightsSavedOnPixelGrid = true
    }
    if !context.appKit {
      details.barHeightMisplacementsUncertain = true
      if let build = context.toolsVersion,
        UnitBuilder.misplacementsNotReportedBuilds.contains(build) || build >= UnitBuilder.misplacementsNotReportedSince
      {
        details.misplacementsNotReported = true
      }
      if let build = context.toolsVersion, UnitBuilder.onlyDraggedViewsMisplacedBuilds.contains(build) {
        details.onlyDraggedViewsMisplaced = true
      }
      if let build = context.toolsVersion, UnitBuilder.verticalMovesUncertainBuilds.contains(build) {
        details.verticalMovesUncertain = true
      }
    }
    if !context.appKit, let build = context.toolsVersion, build >= UnitBuilder.nestedStackAmbiguityUncertainSince {
      details.nestedStackAmbiguityUncertain = true
    }
    if !context.appKit, let build = context.toolsVersion, UnitBuilder.ambiguousMisplacedAtEngineFrameBuilds.contains(build) {
      details.ambiguousMisplacedAtEngineFrame = true
    }
    if !context.appKit, let rootNode = node(root.element), UnitBuilder.relaidOutCells.contains(rootNode.name) {
      details.isCell = true
    }
    if let rootNode = node(root.element), UnitBuilder.relaidOutCells.contains(rootNode.name),
      (context.toolsVersion ?? 0) >= UnitBuilder.cellsRelaidOutSince || savedCellSizeIsStale(root.element)
        || (!context.appKit && UnitBuilder.cellMisplacementsUncertainBuilds.contains(context.toolsVersion ?? 0))
    {
      details.contentRelaidOut = true
    }
    return makeModel(unitName: unitName)
  }

  /// Whether a cell's saved frame is not the size its table or collection view draws it at, so
  /// that the frames saved inside it were laid out in a cell of another size: a table view cell
  /// whose height is not its row height (its own `rowHeight`, else its table's) or not its
  /// content view's (which is the cell's, less at most the separator's point), a collection view
  /// cell whose size is not its content view's. Xcode 6 and 7 leave such placeholder frames
  /// (320 × 44 for a row 160 pt high, 50 × 50 for an item of 80) after laying the content out
  /// in the cell's real size.
  func savedCellSizeIsStale(_ cell: Int) -> Bool {
    guard let cellNode = node(cell), let saved = frame(of: cell)?.rect else { return false }
    let content = tree.child(of: cell, key: "contentView").flatMap { frame(of: $0)?.rect }
    switch cellNode.name {
    case "tableViewCell":
      if let content, abs(content.height - saved.height) > 1.5 { return true }
      var rowHeight = Elements.number(cellNode.attribute("rowHeight"))
      if rowHeight == nil, let table = cellNode.parent.flatMap({ node($0)?.name == "prototypes" ? node($0)?.parent : nil }) {
        rowHeight = Elements.number(node(table)?.attribute("rowHeight"))
      }
      if let rowHeight, rowHeight > 0, abs(rowHeight - saved.height) > UnitBuilder.misplacedTolerance { return true }
      return false
    case "collectionViewCell":
      guard let content else { return false }
      return abs(content.width - saved.width) > UnitBuilder.misplacedTolerance
        || abs(content.height - saved.height) > UnitBuilder.misplacedTolerance
    default:
      return false
    }
  }

  /// Constraints and views not installed in the size classes laid out: `<variation>` masks'
  /// `<exclude>` and `<include>`, the most specific matching variation deciding.
  mutating func collectExclusions(from start: Int) {
    excluded = SizeClassResolution.excluded(tree: tree, from: start, traits: context.traits)
    details.traits = context.traits
    details.appKit = context.appKit
    if context.appKit { details.toolsVersion = context.toolsVersion }
    details.rootFitsContent = context.appKit && AppKit.rootFitsContent(root.element, in: tree)
    details.rootUnpinned = context.appKit && AppKit.isUnpinnedContentView(root.element, in: tree)
    details.rootIsTableCellView = context.appKit && node(root.element)?.name == "tableCellView"
    details.otherSizeClass = context.rotated
  }

  mutating func collectView(_ element: Int, superview: Int?, arranged: Bool, depth: Int) {
    guard depth < XMLTree.maximumDepth, let viewNode = node(element), recordOfElement[element] == nil else { return }
    if let id = viewNode.id, excluded.contains(id) { return }
    let index = records.count
    records.append(ViewRecord(element: element, superview: superview, isArranged: arranged))
    recordOfElement[element] = index
    if let id = viewNode.id { recordOfID[id] = index }
    let isStack = viewNode.name == "stackView" && !context.appKit
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
        if childNode.key == "contentView",
          childNode.children.contains(where: { node($0)?.key == "frame" || node($0)?.key == "frameInset" })
        {
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
  mutating func findNestedRoots(in element: Int, depth: Int) {
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
  mutating func collectLegacyGuides(_ controller: Int) {
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
  func record(forID id: String) -> Int? {
    recordOfID[id] ?? guides[id]?.record
  }

  /// Views laid out by their frame: `fixedFrame`, translating their autoresizing mask, or
  /// constrained by nothing (Interface Builder then adds fixed-frame constraints at build time).
  mutating func decidePinned() {
    var referenced = Set<Int>()
    for raw in rawConstraints {
      if let first = raw.firstID { record(forID: first).map { _ = referenced.insert($0) } } else { referenced.insert(raw.owner) }
      if let second = raw.secondID, let index = record(forID: second) { referenced.insert(index) }
    }
    for id in constrainedElsewhere {
      if let index = recordOfID[id] { referenced.insert(index) }
    }
    referenced.formUnion(ownersConstrainedElsewhere)
    constrainedRecords = referenced
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
  mutating func addScrollContentNodes() {
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
  func displayName(_ element: Int) -> String {
    guard let viewNode = node(element) else { return "View" }
    if let label = viewNode.attribute("userLabel"), !label.isEmpty { return label }
    if let labelChild = tree.child(of: element, named: "string", key: "userLabel"), let text = node(labelChild)?.text {
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      if !trimmed.isEmpty { return trimmed }
    }
    var text = viewNode.attribute("text") ?? viewNode.attribute("title")
    // An iOS 15 button's title is its configuration's (its `<state>` says "Button").
    if text == nil || text?.isEmpty == true, let configuration = tree.child(of: element, named: "buttonConfiguration") {
      text = node(configuration)?.attribute("title")
    }
    if text == nil || text?.isEmpty == true {
      for child in viewNode.children {
        guard let childNode = node(child), childNode.name == "state", let title = childNode.attribute("title") else { continue }
        text = title
        break
      }
    }
    if text == nil || text?.isEmpty == true { text = viewNode.attribute("placeholder") }
    if context.appKit, text == nil || text?.isEmpty == true { text = AppKit.cellTitle(of: element, in: tree) }
    if let text, !text.isEmpty {
      let singleLine = text.replacingOccurrences(of: "\n", with: " ")
      let shown = singleLine.count > 25 ? String(singleLine.prefix(25)) + "…" : singleLine
      return "\"\(shown)\""
    }
    if let customClass = viewNode.attribute("customClass"), !customClass.isEmpty { return customClass }
    return Elements.humanized(viewNode.name)
  }

  mutating func assignNames() {
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
}

/// Two lengths equal to within half a point.
func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.5 }
