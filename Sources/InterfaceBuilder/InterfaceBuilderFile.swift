import Foundation
import LayoutAnalysis
import LayoutSyntax

/// An Interface Builder `.storyboard` or `.xib`, read into one layout per scene or top-level
/// view, with every range a byte range of the XML.
public struct InterfaceBuilderFile: Sendable {
  /// The document's bytes, which every range refers to: the file's own, or their UTF-8
  /// transcoding when the file is UTF-16, UTF-32, ISO-8859-1 or windows-1252.
  public let bytes: [UInt8]
  /// One document per scene's root view, top-level view or cell, in file order. Each one's
  /// single canvas is named after the scene.
  public let units: [LayoutDocument]
  /// Findings about the file itself: unreadable XML, a refused or unsupported format.
  public let diagnostics: [Diagnostic]
  /// The whole file as a document without views, carrying the file's findings: what the
  /// command line and the server use for positions.
  public let document: LayoutDocument
  let details: [UnitDetails]
  /// The markers Xcode saved (`ambiguous="YES"`, `misplaced="YES"`), in file order.
  let markers: [SavedMarker]

  /// The largest file the reader reads (`ib-refused` above it).
  public static var maximumFileSize: Int { XMLTree.maximumSize }

  /// The extensions of the files this reader reads.
  public static let pathExtensions: Set<String> = ["storyboard", "xib"]

  /// Whether a path or URI names an Interface Builder file, by its extension.
  public static func handles(path: String) -> Bool {
    let withoutQuery = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
    guard let dot = withoutQuery.lastIndex(of: "."), !withoutQuery[dot...].contains("/") else { return false }
    return pathExtensions.contains(String(withoutQuery[withoutQuery.index(after: dot)...]).lowercased())
  }

  public static func read(text: String) -> InterfaceBuilderFile {
    read(bytes: Array(text.utf8))
  }

  /// Reads a file. Never fails: what cannot be read is a diagnostic.
  /// - Parameter isUTF8: the bytes are an editor's text, UTF-8 by the protocol: nothing is
  ///   transcoded (a file's UTF-16 or Latin-1 is detected only when read from disk), so every
  ///   range is a range of the editor's text.
  public static func read(bytes file: [UInt8], isUTF8: Bool = false) -> InterfaceBuilderFile {
    let tree = XMLTree.parse(file, isUTF8: isUTF8)
    let bytes = tree.bytes
    var fileDiagnostics = tree.diagnostics
    var units: [LayoutDocument] = []
    var details: [UnitDetails] = []
    var markers: [SavedMarker] = []
    if let rootIndex = tree.root, let rootNode = tree.node(rootIndex) {
      if rootNode.name == "archive" {
        fileDiagnostics.append(
          Diagnostic(
            code: .interfaceBuilderUnsupported, severity: .error, finding: .legacyArchive, range: rootNode.nameRange))
      } else if rootNode.name != "document" {
        fileDiagnostics.append(
          Diagnostic(
            code: .interfaceBuilderUnsupported, severity: .error,
            finding: .notAnInterfaceBuilderDocument(root: rootNode.name), range: rootNode.nameRange))
      } else {
        let appKit = AppKit.isAppKit(rootNode)
        (units, details, fileDiagnostics) = readDocument(
          tree: appKit ? AppKit.prepared(tree) : tree, root: rootIndex, bytes: bytes, diagnostics: fileDiagnostics,
          appKit: appKit)
        markers = savedMarkers(tree: tree, details: details)
      }
    }
    // A refused oversized file is not indexed: its one finding is at the start.
    let indexed = file.count > XMLTree.maximumSize ? [] : bytes
    let document = LayoutDocument(bytes: indexed, kind: .layout, model: LayoutModel(kind: .layout), diagnostics: fileDiagnostics)
    return InterfaceBuilderFile(
      bytes: bytes, units: units, diagnostics: document.diagnostics, document: document, details: details,
      markers: markers)
  }

  private static func readDocument(tree: XMLTree, root: Int, bytes: [UInt8], diagnostics: [Diagnostic], appKit: Bool = false)
    -> ([LayoutDocument], [UnitDetails], [Diagnostic])
  {
    var fileDiagnostics = diagnostics
    guard let rootNode = tree.node(root) else { return ([], [], diagnostics) }
    let isStoryboard = (rootNode.attribute("type") ?? "").contains("Storyboard") || tree.child(of: root, named: "scenes") != nil
    var device: Device?
    var landscape = false
    if let deviceIndex = tree.child(of: root, named: "device"), let deviceNode = tree.node(deviceIndex) {
      device = deviceNode.id.flatMap { Device.all[$0] }
      landscape = deviceNode.attribute("orientation") == "landscape"
    } else if let metrics = tree.child(of: root, named: "simulatedMetricsContainer", key: "defaultSimulatedMetrics") {
      // Xcode 7 and 8 files designed for one device name it in their default simulated metrics.
      if let screen = tree.child(of: metrics, named: "simulatedScreenMetrics", key: "destination"),
        let type = tree.node(screen)?.attribute("type")
      {
        device = Device.simulated(type)
      }
      if let orientation = tree.child(of: metrics, named: "simulatedOrientationMetrics", key: "orientation") {
        landscape = tree.node(orientation)?.attribute("orientation")?.hasPrefix("landscape") == true
      }
    }
    var images: [String: (width: Double, height: Double)] = [:]
    if let resources = tree.child(of: root, named: "resources") {
      for image in tree.children(of: resources) {
        guard let imageNode = tree.node(image), imageNode.name == "image", let name = imageNode.attribute("name"),
          let width = Elements.number(imageNode.attribute("width")),
          let height = Elements.number(imageNode.attribute("height"))
        else { continue }
        images[name] = (width, height)
      }
    }
    var designables: [String: (width: Double, height: Double)] = [:]
    if let container = tree.child(of: root, named: "designables") {
      for designable in tree.children(of: container) {
        guard let id = tree.node(designable)?.attribute("name"),
          let sizeIndex = tree.child(of: designable, named: "size", key: "intrinsicContentSize"),
          let size = tree.node(sizeIndex), let width = Elements.number(size.attribute("width")),
          let height = Elements.number(size.attribute("height"))
        else { continue }
        designables[id] = (width, height)
      }
    }
    var context = FileContext(
      tree: tree, device: device, landscape: landscape, isStoryboard: isStoryboard, images: images,
      designables: designables, bars: SimulatedBars.infer(tree: tree, root: root))
    context.toolsVersion = SimulatedBars.toolsVersion(tree: tree, root: root)
    context.appKit = appKit
    context.iPadRuntime = rootNode.attribute("targetRuntime") == "iOS.CocoaTouch.iPad"
    context.tvOS = rootNode.attribute("targetRuntime") == "AppleTV"
    // `toolsVersion="9532"`, `"14490.70"`: the build of Interface Builder that saved the file.
    if let tools = rootNode.attribute("toolsVersion")?.split(separator: ".").first, let build = Int(tools) {
      context.legacyMargins = build < 13000
      context.iOS8Margins = build < 8000
    }

    // The size classes laid out: the device's own, with the variations that match them
    // applied, and those of its other orientation where a unit's variations name them.
    var otherContext: FileContext?
    if let device {
      let own = device.screen(landscape: landscape)
      let ownTraits = SizeClassTraits.derived(width: own.width, height: own.height)
      let resolution = SizeClassResolution(tree: tree, traits: ownTraits)
      var other = context
      context.tree = resolution.tree
      context.traits = ownTraits
      context.framedByVariation = resolution.framedByVariation
      context.variations = resolution.variations
      let rotated = device.screen(landscape: !landscape)
      let otherTraits = SizeClassTraits.derived(width: rotated.width, height: rotated.height)
      if otherTraits != ownTraits, device.id != "appleTV" {
        let otherResolution = SizeClassResolution(tree: tree, traits: otherTraits)
        other.tree = otherResolution.tree
        other.traits = otherTraits
        other.landscape = !landscape
        other.rotated = true
        other.framedByVariation = otherResolution.framedByVariation
        other.variations = otherResolution.variations
        otherContext = other
      }
    }

    // The roots: each scene's (or the xib's) view controllers' views and top-level views.
    var queue: [(root: UnitRoot, name: String)] = []
    func topLevel(_ objects: Int, scene: Int?) {
      for object in tree.children(of: objects) {
        guard let objectNode = tree.node(object), !Elements.notViews.contains(objectNode.name) else { continue }
        if let view = tree.child(of: object, key: "view"), tree.child(of: view, named: "rect", key: "frame") != nil
          || tree.node(view).map({ !$0.children.isEmpty }) == true
        {
          queue.append(
            (UnitRoot(element: view, controller: object, scene: scene, isControllerView: true), controllerName(object, tree: tree)))
        } else if tree.child(of: object, named: "rect", key: "frame") != nil {
          queue.append(
            (UnitRoot(element: object, controller: nil, scene: scene, isControllerView: false), viewName(object, tree: tree)))
        }
      }
    }
    if let scenes = tree.child(of: root, named: "scenes") {
      for scene in tree.children(of: scenes) {
        guard let objects = tree.child(of: scene, named: "objects") else { continue }
        topLevel(objects, scene: scene)
      }
    }
    if let objects = tree.child(of: root, named: "objects") {
      topLevel(objects, scene: nil)
    }
    if appKit {
      for extra in AppKit.extraRoots(in: tree, from: root) {
        queue.append((UnitRoot(element: extra.element, controller: nil, scene: nil, isControllerView: false), extra.name))
      }
    }

    var units: [LayoutDocument] = []
    var details: [UnitDetails] = []
    var usedNames: [String: Int] = [:]
    var seenRoots = Set<Int>()
    var position = 0
    while position < queue.count, position < 10_000 {
      let (unitRoot, baseName) = queue[position]
      position += 1
      guard seenRoots.insert(unitRoot.element).inserted else { continue }
      var name = baseName
      if let count = usedNames[baseName] {
        let id = tree.node(unitRoot.controller ?? unitRoot.element)?.id ?? "\(count + 1)"
        name = "\(baseName) (\(id))"
      }
      usedNames[baseName, default: 0] += 1
      var builder = UnitBuilder(context: context, root: unitRoot)
      let model = builder.build(name: name)
      for nested in builder.nestedRoots {
        queue.append(
          (
            UnitRoot(element: nested, controller: nil, scene: unitRoot.scene, isControllerView: false),
            "\(viewName(nested, tree: tree)) in \(name)"
          ))
      }
      units.append(LayoutDocument(bytes: bytes, kind: .layout, model: model, diagnostics: builder.diagnostics))
      details.append(builder.details)
      // Only a screen's view has a size in the other orientation: a cell's or a freeform
      // view's there is not known.
      if let otherContext, let traits = otherContext.traits, let device,
        fillsScreen(unitRoot.element, screen: device.screen(landscape: landscape), tree: tree),
        !SizeClassResolution.named(in: tree, from: unitRoot.controller ?? unitRoot.element, among: [traits]).isEmpty
      {
        var otherBuilder = UnitBuilder(context: otherContext, root: unitRoot)
        let otherModel = otherBuilder.build(name: name)
        units.append(LayoutDocument(bytes: bytes, kind: .layout, model: otherModel, diagnostics: otherBuilder.diagnostics))
        details.append(otherBuilder.details)
      }
    }
    if units.isEmpty, rootNode.attribute("useAutolayout") == "YES" {
      fileDiagnostics.append(
        Diagnostic(
          code: .interfaceBuilderUnsupported, severity: .info, finding: .nothingToLayOut, range: rootNode.nameRange))
    }
    return (units, details, fileDiagnostics)
  }

  /// Every element Xcode marked ambiguous or misplaced: a view (named as its unit names it, or
  /// by its label, class or kind when it is in no unit, like a navigation controller's bar), or a
  /// `<variation>` of one, whose marker is for that size class.
  private static func savedMarkers(tree: XMLTree, details: [UnitDetails]) -> [SavedMarker] {
    var names: [Int: String] = [:]
    for unit in details {
      for (offset, name) in unit.viewAtOffset where names[offset] == nil { names[offset] = name }
    }
    var markers: [SavedMarker] = []
    for index in tree.nodes.indices {
      let node = tree.nodes[index]
      let ambiguous = node.attribute("ambiguous") == "YES"
      let misplaced = node.attribute("misplaced") == "YES"
      guard ambiguous || misplaced else { continue }
      var view = index
      var sizeClass: String?
      if node.name == "variation", let parent = node.parent {
        view = parent
        sizeClass = node.key
      }
      guard let viewNode = tree.node(view) else { continue }
      let name = names[viewNode.nameRange.start] ?? viewName(view, tree: tree)
      markers.append(
        SavedMarker(
          range: node.nameRange, viewOffset: viewNode.nameRange.start,
          marker: XcodeMarker(view: name, ambiguous: ambiguous, misplaced: misplaced, sizeClass: sizeClass)))
    }
    return markers
  }

  /// Whether a unit's root is saved at its screen's width and nearly its height (bars aside).
  private static func fillsScreen(
    _ root: Int, screen: (width: Double, height: Double, insets: EdgeInsets), tree: XMLTree
  ) -> Bool {
    guard let rect = tree.child(of: root, named: "rect", key: "frame").flatMap(tree.node),
      let width = Elements.number(rect.attribute("width")), let height = Elements.number(rect.attribute("height"))
    else { return false }
    return close(width, screen.width) && height >= screen.height - 120 && height <= screen.height + 0.5
  }

  /// A view controller as its scene is named: its label, class or title, or its kind.
  private static func controllerName(_ controller: Int, tree: XMLTree) -> String {
    guard let node = tree.node(controller) else { return "View Controller" }
    for attribute in ["userLabel", "customClass", "title"] {
      if let value = node.attribute(attribute), !value.isEmpty { return value }
    }
    return Elements.humanized(node.name)
  }

  /// A top-level view or cell: its label, class or reuse identifier, or its kind.
  private static func viewName(_ view: Int, tree: XMLTree) -> String {
    guard let node = tree.node(view) else { return "View" }
    if let label = node.attribute("userLabel"), !label.isEmpty { return label }
    let kind = node.attribute("customClass").flatMap { $0.isEmpty ? nil : $0 } ?? Elements.humanized(node.name)
    if let reuse = node.attribute("reuseIdentifier"), !reuse.isEmpty, reuse != kind { return "\(kind) '\(reuse)'" }
    return kind
  }

  // MARK: - Analysis

  /// Solves every unit and returns the file's findings, merged and sorted.
  /// - Parameters:
  ///   - canvas: only the unit (scene) of this name.
  ///   - solveWithErrors: solve even when a unit has errors (for frames).
  public func analyse(canvas: String? = nil, solveWithErrors: Bool = false) -> InterfaceBuilderAnalysis {
    var layouts: [SolvedLayout] = []
    var all = diagnostics
    // Xcode's own verdicts, for information: of every view, or of the views of the canvas asked for.
    for saved in markers {
      if let canvas {
        let inCanvas = units.indices.contains { index in
          units[index].model.canvases.first?.name == canvas && index < details.count
            && details[index].viewAtOffset[saved.viewOffset] != nil
        }
        guard inCanvas else { continue }
      }
      all.append(
        Diagnostic(code: .xcodeMarker, severity: .info, finding: .xcodeMarker(saved.marker), range: saved.range))
    }
    // A unit laid out in its device's other size classes too follows its own: the findings of
    // both are merged, and the others' are placed on the view's variation for those classes.
    var own: (findings: [Diagnostic], canvas: CanvasPlace)?
    func flush() {
      if let own { all += own.findings }
      own = nil
    }
    for (index, unit) in units.enumerated() {
      guard canvas == nil || unit.model.canvases.first?.name == canvas else { continue }
      let layout = SolvedLayout(document: unit, solveWithErrors: solveWithErrors)
      layouts.append(layout)
      let unitDetails = index < details.count ? details[index] : UnitDetails()
      var findings = InterfaceBuilderFile.adapt(layout, details: unitDetails) + InterfaceBuilderFile.leftRight(unit)
      if unitDetails.appKit { findings = AppKit.trusted(findings, layout: layout, details: unitDetails) }
      // Measured against Xcode's own markers on files the rules were not tuned on, a
      // misplacement agrees with Xcode too seldom to be a warning, on iOS (its estimate of
      // Xcode's canvas) as on macOS (its estimates of AppKit's control and text sizes; on the
      // fourth macOS tuning set, measured before its rules, 8 matches for 35 false findings):
      // docs/interface-builder.md.
      let estimates: FindingNote = unitDetails.appKit ? .estimatedControlSizes : .estimatedCanvas
      for position in findings.indices where findings[position].code == .misplaced {
        findings[position].severity = .info
        findings[position].notes.append(estimates)
      }
      let place = CanvasPlace(
        canvas: unit.model.canvases.first?.name ?? "", traits: unit.model.canvases.first?.traits, directions: nil)
      if unitDetails.otherSizeClass, let mine = own {
        all += InterfaceBuilderFile.merge(own: mine.findings, ownPlace: mine.canvas, other: findings, otherPlace: place, details: unitDetails)
        own = nil
      } else {
        flush()
        own = (findings, place)
      }
    }
    flush()
    return InterfaceBuilderAnalysis(file: self, layouts: layouts, diagnostics: InterfaceBuilderFile.sorted(all))
  }

  /// The findings of the analysis, made to fit the XML: fixes that would insert layout-language
  /// text are dropped, a misplaced view gets an edit of its `<rect key="frame">`, both views
  /// of a content-priority tie are flagged, and the Ambiguity setting is honoured. Views whose
  /// frame depends on which constraint of a conflict breaks, and views whose saved frame the
  /// saved sizes of what Plumb estimated explain, are not reported.
  static func adapt(_ layout: SolvedLayout, details: UnitDetails) -> [Diagnostic] {
    let primary = layout.places.first
    let ambiguities = primary?.ambiguities() ?? []
    // Findings quote a constraint as written, which here is a whole XML tag: quote it the way
    // UIKit describes constraints instead, with its label and id.
    var quotes: [SourceRange: ConstraintQuote] = [:]
    for constraint in layout.document.model.constraints where constraint.origin == .explicit {
      var unlabelled = constraint
      unlabelled.label = nil
      quotes[constraint.range] = ConstraintQuote(
        range: constraint.range, text: unlabelled.description, isWritten: false, label: constraint.label,
        identifier: xmlAttribute("id", in: layout.document.text(of: constraint.range)))
    }
    func requote(_ quote: ConstraintQuote) -> ConstraintQuote {
      quote.isWritten ? quotes[quote.range] ?? quote : quote
    }
    let conflicts = primary.map { ConflictDependence(layout: layout, primary: $0) } ?? ConflictDependence.none
    var result: [Diagnostic] = []
    for found in layout.diagnostics {
      // An optional constraint that loses to stronger ones is what optional means: Interface
      // Builder has no issue for it, so neither does its file here.
      if found.code == .unsatisfied { continue }
      var diagnostic = found.mappingQuotes(requote)
      diagnostic.fixes = []
      let view = details.viewAtOffset[diagnostic.range.start]
      // A scroll view's content area: larger than the scroll view is what it is for, and
      // its size is Xcode's "scrollable content size".
      if let content = diagnostic.finding.view, let scrollView = details.scrollContents[content] {
        if diagnostic.code == .offscreen { continue }
        if diagnostic.code == .ambiguous, let scrollView {
          diagnostic.notes.append(.scrollableContentSize(scrollView: scrollView))
        }
      }
      if diagnostic.code == .zeroSize, let view, details.emptyLabels.contains(view) { continue }
      // A view whose frame depends on which constraint of a conflict UIKit breaks has no frame
      // to be ambiguous or misplaced about until the conflict is fixed: the conflict is the finding.
      switch diagnostic.finding {
      case .ambiguous(let ambiguity) where conflicts.isDependent(ambiguity.view, along: ambiguity.axis):
        continue
      // A view UIKit measures but whose frame the file left out has a size Plumb cannot know:
      // along that axis, what looks open may be closed by it.
      case .ambiguous(let ambiguity) where details.unknownIntrinsicAxes.contains(ambiguity.axis):
        continue
      // A stack view whose arranged views are all hidden: UIKit collapses it along its axis
      // (each hidden view to nothing, the stack to them), so its size there is decided, though
      // the file keeps the hidden views at their saved frames.
      case .ambiguous(let ambiguity)
      where !ambiguity.position && layout.document.model.isCollapsedStack(ambiguity.view, axis: ambiguity.axis):
        continue
      case .contentPriorityTie(let tie) where details.unknownIntrinsicAxes.contains(tie.axis):
        continue
      // A stack view that another arranges, in a file of Xcode 14 or later, outside cells: its
      // frame follows from the sizes of the views both stacks arrange, which Plumb estimates.
      case .ambiguous(let ambiguity)
      where details.nestedStackAmbiguityUncertain && !details.isCell
        && layout.document.model.isArrangedStack(ambiguity.view):
        continue
      case .zeroSize(_, let axis, _, .undetermined) where details.unknownIntrinsicAxes.contains(axis):
        continue
      // An ambiguity that moves the view by no more than Plumb's layout of a real file is
      // uncertain by, in every layout the constraints allow, may be the error of an estimate
      // (a line height, a control's size taken from its saved frame): not reported.
      case .ambiguous(let ambiguity)
      where InterfaceBuilderFile.isWithinUncertainty(ambiguity, solved: primary?.solvedView(ambiguity.view)?.frame):
        continue
      // Likewise, in an iOS file, an ambiguity that keeps the view between two limits no more
      // than a line or two of text apart, each open part bounded on both sides: what is open is
      // the slack the estimates leave between constraints that hold the view from both sides (a
      // custom label's line height, a control kept at its saved size against a stack pinned at
      // the same priority). On the tuning sets such findings never matched Xcode's marker (0 in
      // 19, three authors); the narrowest bounded range Xcode marked there spans 68 points.
      case .ambiguous(let ambiguity) where !details.appKit && InterfaceBuilderFile.isNarrowlyBounded(ambiguity):
        continue
      case .contentPriorityTie(let tie)
      where conflicts.isDependent(tie.first, along: tie.axis) || conflicts.isDependent(tie.second, along: tie.axis):
        continue
      // Likewise a shortage of room that two views with equal compression resistance share,
      // when they trade no more than that: Plumb's estimates err on the large side (text
      // widths, line heights rounded up, controls at their saved size), so content that looks
      // a few points too large for its room may fit it in Xcode's measurement. (Spare room
      // of a point or two is not so suspect: a line of text is measured closely, and Xcode
      // marks two labels that share the point a fixed space leaves above their lines.)
      case .contentPriorityTie(let tie)
      where tie.priority == .compressionResistance && [tie.first, tie.second].allSatisfy { view in
        let trading = ambiguities.filter { $0.view == view && $0.axis == tie.axis }
        let solved = primary?.solvedView(view)?.frame
        return !trading.isEmpty && trading.allSatisfy { InterfaceBuilderFile.isWithinUncertainty($0, solved: solved) }
      }:
        continue
      // A shortage of room that two views share at equal compression resistance in an iOS
      // file, however many points they trade: the shortage is estimated content (text widths
      // err wide, controls at their saved sizes) against room the estimates also set (a cell's
      // row height, margins and bars by version and device). In cells, vertical ones matched
      // Xcode's marker 5 times in 13 on the earlier tuning sets; on the twelfth to fifteenth
      // sets and the book examples, every other one 0 times in 15 (four authors).
      case .contentPriorityTie(let tie) where !details.appKit && tie.priority == .compressionResistance:
        continue
      // Likewise spare height in a cell that two views share at equal vertical hugging, when
      // neither is arranged by a stack view: the room is the cell's height (a row height,
      // its margins) less what Plumb measured, both estimates. On the two sets measured before
      // any rule was tuned on them such ties matched Xcode's marker 3 times in 16, and 8 times
      // in 25 over every set. A stack view's arranged views share the stack's room, which Xcode
      // marks: kept.
      case .contentPriorityTie(let tie)
      where details.isCell && tie.priority == .hugging && tie.axis == .vertical
        && ![tie.first, tie.second].contains(where: layout.document.model.isArranged):
        continue
      // Spare height that labels share only because Plumb measured their lines shorter than
      // the heights Xcode 10 or earlier saved for them, on the device's pixel grid: with the
      // saved heights the room is full, and the tie is the estimate's, not the file's.
      case .contentPriorityTie(let tie)
      where details.lineHeightsSavedOnPixelGrid && tie.priority == .hugging && tie.axis == .vertical
        && InterfaceBuilderFile.isSpareFromLineHeights(
          tie, ambiguities: ambiguities, model: layout.document.model, estimated: details.estimatedSizes):
        continue
      case .misplaced(let misplacement)
      where conflicts.explains(
        misplacement.view, declared: misplacement.declared, solved: misplacement.solved, tolerance: layout.document.model.misplacedTolerance):
        continue
      default:
        break
      }
      // A symbol's frame is its alignment rectangle grown by insets the file does not store:
      // only a difference larger than such insets is a misplacement.
      if diagnostic.code == .misplaced, let view, details.symbolImages.contains(view),
        let declared = layout.document.model.views[view]?.frame, let solved = primary?.solvedView(view)?.frame,
        abs(declared.x - solved.x) <= max(2, solved.width / 10), abs(declared.y - solved.y) <= max(2, solved.height / 10),
        abs(declared.width - solved.width) <= max(2, solved.width / 10),
        abs(declared.height - solved.height) <= max(2, solved.height / 10)
      {
        continue
      }
      switch diagnostic.code {
      case .zeroSize:
        if let view, details.verifyAmbiguity[view] != nil, case .zeroSize(_, _, _, .undetermined) = diagnostic.finding {
          diagnostic.severity = .info
        }
      case .ambiguous, .contentPriorityAmbiguity:
        // Xcode's Ambiguity setting: "Never Verify", or "Verify Position Only" for a view whose
        // position is determined. Xcode still marks such views; Plumb says so for information.
        if let view, let setting = details.verifyAmbiguity[view],
          setting == "off" || (setting == "ignoreSizes" && !ambiguities.contains(where: { $0.view == view && $0.position }))
        {
          diagnostic.severity = .info
          diagnostic.notes.append(.ambiguitySetting(setting == "off" ? .neverVerify : .verifyPositionOnly))
        }
        if diagnostic.code == .contentPriorityAmbiguity, let other = diagnostic.related.first {
          var mirrored = diagnostic
          mirrored.range = other.range
          mirrored.related = [RelatedInformation(range: diagnostic.range, role: .otherViewOfTie)]
          result.append(mirrored)
        }
      case .misplaced:
        if let view, let rect = details.frameRects[view], let solved = primary?.solvedView(view)?.frame {
          let text =
            "<rect key=\"frame\" x=\"\(xmlNumber(solved.x))\" y=\"\(xmlNumber(solved.y))\" "
            + "width=\"\(xmlNumber(solved.width))\" height=\"\(xmlNumber(solved.height))\"/>"
          diagnostic.fixes = [
            Fix(title: "Update the frame of '\(view)'", edits: [TextEdit(range: rect, newText: text)], isPreferred: true)
          ]
        }
      default:
        break
      }
      result.append(diagnostic)
    }
    // Arranged views that their stack sizes to nothing, reported misplaced by UIKit's rule.
    var sizedToNothing: Set<String> = []
    if let primary {
      var open: [String: [OpenPart]] = [:]
      for ambiguity in ambiguities where !conflicts.isDependent(ambiguity.view, along: ambiguity.axis) {
        open[ambiguity.view, default: []].append(OpenPart(axis: ambiguity.axis, position: ambiguity.position, size: ambiguity.size))
      }
      result += misplacedAmbiguous(layout, primary: primary, open: open, details: details, conflicts: conflicts)
      // A stack view's arranged views are placed and sized by the stack from the measured sizes
      // of all of them together: no arranged view is reported misplaced (the stack view is),
      // except, in files of Xcode 6 and 7, a view that UIKit gives no size of its own and that
      // its stack sizes to nothing across its axis: no estimate enters that size.
      let model = layout.document.model
      result.removeAll { diagnostic in
        guard case .misplaced(let misplacement) = diagnostic.finding,
          let superview = model.views[misplacement.view]?.superview, let stack = model.views[superview]?.stack
        else { return false }
        if details.ambiguousMisplacedAtEngineFrame,
          InterfaceBuilderFile.isSizedToNothingByStack(
            misplacement, stack: stack, details: details, tolerance: model.misplacedTolerance)
        {
          sizedToNothing.insert(misplacement.view)
          return false
        }
        return true
      }
      // Files of Xcode 11 to 13 get a `misplaced` finding only for a view dragged away at its size.
      if details.onlyDraggedViewsMisplaced {
        let tolerance = model.misplacedTolerance
        result.removeAll { diagnostic in
          guard case .misplaced(let misplacement) = diagnostic.finding else { return false }
          return !misplacement.movesAlongBothAxesAtItsSize(tolerance: tolerance, distance: PlausibleLayouts.uncertainty)
        }
      }
      // A view that another plausible reading of what Plumb guessed puts at its saved frame,
      // or that is off only by what the estimated baselines it follows leave uncertain, is no
      // evidence of a misplacement, only of the guess's error. Not asked in files whose
      // `misplaced` findings are not reported (below).
      if !details.contentRelaidOut, !details.misplacementsNotReported, result.contains(where: { $0.code == .misplaced }) {
        let plausible = PlausibleLayouts(layout: layout, primary: primary, details: details, open: open)
        let tolerance = model.misplacedTolerance
        result.removeAll { diagnostic in
          guard case .misplaced(let misplacement) = diagnostic.finding else { return false }
          let parts = misplacement.keepsOpenPartsAsDeclared ? open[misplacement.view] ?? [] : []
          // A few points is within what Plumb's layout of a real file can tell.
          if misplacement.solved.keeping(parts, of: misplacement.declared)
            .matches(misplacement.declared, tolerance: PlausibleLayouts.uncertainty)
          {
            return true
          }
          // A size UIKit's rule gives, not an estimate: no other reading gives the view its saved one.
          if sizedToNothing.contains(misplacement.view) { return false }
          return plausible.explains(misplacement, open: parts, tolerance: tolerance)
            || plausible.withinBaselineUncertainty(misplacement, open: parts, tolerance: tolerance)
        }
      }
    }
    // Files of the versions whose canvas Plumb reproduces least (Xcode 9–10, 14 and later) get no
    // `misplaced` finding.
    if details.contentRelaidOut || details.misplacementsNotReported { result.removeAll { $0.code == .misplaced } }
    let tolerance = layout.document.model.misplacedTolerance
    /// Leaves out the `misplaced` findings that `uncertain` picks, but those about an arranged
    /// view its stack sizes to nothing when `keepingSizedToNothing` (a size UIKit's rule gives).
    func removeMisplacements(keepingSizedToNothing: Bool, where uncertain: (Misplacement) -> Bool) {
      result.removeAll { diagnostic in
        guard case .misplaced(let misplacement) = diagnostic.finding,
          !(keepingSizedToNothing && sizedToNothing.contains(misplacement.view))
        else { return false }
        return uncertain(misplacement)
      }
    }
    if details.barHeightMisplacementsUncertain {
      // A height UIKit's rule gives (0) is no bar's doing, even where the saved one is a bar's.
      removeMisplacements(keepingSizedToNothing: true) { $0.differsVerticallyByBarHeights(tolerance: tolerance) }
    }
    if details.verticalMovesUncertain {
      removeMisplacements(keepingSizedToNothing: true) { $0.movesVerticallyOnly(tolerance: tolerance) }
    }
    return result
  }

  /// Whether a misplaced arranged view is one UIKit gives no size of its own that its stack
  /// sizes to nothing across its axis (`UISV-ambiguity-suppression`, in a stack not aligned to
  /// fill), saved larger there.
  static func isSizedToNothingByStack(
    _ misplacement: Misplacement, stack: StackConfiguration, details: UnitDetails, tolerance: Double
  ) -> Bool {
    guard details.sizelessArranged.contains(misplacement.view), stack.alignment != .fill else { return false }
    let solved = misplacement.solved
    let declared = misplacement.declared
    switch stack.axis {
    case .vertical: return abs(solved.width) < 0.001 && declared.width > tolerance
    case .horizontal: return abs(solved.height) < 0.001 && declared.height > tolerance
    }
  }

  /// Ambiguous views that are misplaced too, as Xcode marks them: Interface Builder keeps what
  /// the constraints leave open at the saved frame, so a view is misplaced when what they do
  /// decide (a width, or the other axis) differs from the saved frame.
  static func misplacedAmbiguous(
    _ layout: SolvedLayout, primary: PlaceSolver, open byView: [String: [OpenPart]], details: UnitDetails,
    conflicts: ConflictDependence
  ) -> [Diagnostic] {
    let model = layout.document.model
    var result: [Diagnostic] = []
    for name in model.viewOrder {
      guard let findings = byView[name], details.scrollContents[name] == nil, let node = model.views[name],
        let declared = node.frame, let solved = primary.solvedView(name)?.frame
      else { continue }
      // Xcode 6 and 7 mark an ambiguous view misplaced whenever the engine's frame differs from
      // the saved one; later versions only when what the constraints decide does.
      let keepsOpenParts = !details.ambiguousMisplacedAtEngineFrame
      let expected = keepsOpenParts ? solved.keeping(findings, of: declared) : solved
      let tolerance = model.misplacedTolerance
      guard !expected.matches(declared, tolerance: tolerance),
        !conflicts.explains(name, declared: declared, solved: expected, tolerance: tolerance)
      else { continue }
      var fixes: [Fix] = []
      if let rect = details.frameRects[name] {
        let text =
          "<rect key=\"frame\" x=\"\(xmlNumber(expected.x))\" y=\"\(xmlNumber(expected.y))\" "
          + "width=\"\(xmlNumber(expected.width))\" height=\"\(xmlNumber(expected.height))\"/>"
        fixes = [Fix(title: "Update the frame of '\(name)'", edits: [TextEdit(range: rect, newText: text)], isPreferred: true)]
      }
      result.append(
        Diagnostic(
          code: .misplaced, severity: .warning,
          finding: .misplaced(
            Misplacement(
              view: name, declared: declared, solved: expected, canvas: primary.place.canvas.name,
              keepsOpenPartsAsDeclared: keepsOpenParts)),
          range: node.nameRange ?? node.declarationRange ?? SourceRange(at: 0), fixes: fixes))
    }
    return result
  }

  /// The findings of a unit in its device's own size classes and in its other orientation's:
  /// one found in both (the same code about the same element, view and axis) is reported once,
  /// as found in the own; one found in only one of them says which. In the other size
  /// classes the file saves no frames but its variations': only a view whose frame a
  /// variation saved can be misplaced there, and a view's finding is placed on its variation
  /// for those classes when it has one.
  static func merge(
    own: [Diagnostic], ownPlace: CanvasPlace, other: [Diagnostic], otherPlace: CanvasPlace, details: UnitDetails
  ) -> [Diagnostic] {
    func key(_ diagnostic: Diagnostic) -> String {
      var axis = ""
      switch diagnostic.finding {
      case .ambiguous(let ambiguity): axis = "\(ambiguity.axis)"
      case .contentPriorityTie(let tie): axis = "\(tie.axis)"
      case .zeroSize(_, let along, _, _): axis = "\(along)"
      default: break
      }
      return "\(diagnostic.code)|\(diagnostic.range.start)|\(diagnostic.finding.view ?? "")|\(axis)"
    }
    var result: [Diagnostic] = []
    let otherKeys = Set(other.map(key))
    let ownKeys = Set(own.map(key))
    for var diagnostic in own {
      // A misplaced view's message names the canvas and its size classes already.
      if diagnostic.code != .misplaced, diagnostic.places == .everywhere, !otherKeys.contains(key(diagnostic)) {
        diagnostic.places = .canvases([ownPlace])
      }
      result.append(diagnostic)
    }
    for var diagnostic in other where !ownKeys.contains(key(diagnostic)) {
      let view = details.viewAtOffset[diagnostic.range.start]
      if diagnostic.code == .misplaced {
        guard let view, details.framedByVariation.contains(view) else { continue }
      } else if diagnostic.places == .everywhere {
        diagnostic.places = .canvases([otherPlace])
      }
      if let view, let variation = details.variations[view] {
        diagnostic.related.append(RelatedInformation(range: diagnostic.range, role: .viewOfVariation))
        diagnostic.range = variation
      }
      result.append(diagnostic)
    }
    return result
  }

  /// Constraints on `left` and `right`, which stay put in right-to-left languages
  /// (Interface Builder's "Respect language direction" unchecked).
  static func leftRight(_ unit: LayoutDocument) -> [Diagnostic] {
    let absolute: Set<LayoutAttribute> = [.left, .right, .leftMargin, .rightMargin]
    return unit.model.constraints.compactMap { constraint in
      // A placeholder is removed at build time: the app never has it, in any language.
      guard constraint.origin == .explicit, xmlAttribute("placeholder", in: unit.text(of: constraint.range)) != "YES"
      else { return nil }
      let sides = [constraint.first] + (constraint.second.map { [$0] } ?? [])
      guard sides.contains(where: { absolute.contains($0.attribute) }) else { return nil }
      return Diagnostic(
        code: .leftRight, severity: .warning, finding: .leftRightConstraint, range: constraint.range)
    }
  }

  /// The findings in order, each once: several units can report the same finding about the
  /// same element (the same code, at the same range, saying the same thing).
  static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    struct Key: Hashable {
      var code: DiagnosticCode
      var range: SourceRange
      var finding: Finding
      var places: FindingPlaces
      var notes: [FindingNote]
    }
    var seen = Set<Key>()
    let unique = diagnostics.filter { diagnostic in
      seen.insert(
        Key(
          code: diagnostic.code, range: diagnostic.range, finding: diagnostic.finding, places: diagnostic.places,
          notes: diagnostic.notes)
      ).inserted
    }
    return LayoutDocument.sorted(unique)
  }
}

/// A marker Xcode saved on an element, with where to report it.
struct SavedMarker: Sendable {
  /// The marked element's name in its start tag.
  var range: SourceRange
  /// The start of the view's element name (the marked element's, or a variation's view's).
  var viewOffset: Int
  var marker: XcodeMarker
}

/// What the constraints leave open of a view's frame along one axis.
struct OpenPart {
  var axis: AttributeAxis
  var position: Bool
  var size: Bool
}

extension Rect {
  /// This frame with the parts its constraints leave open taken from `declared`, as
  /// Interface Builder keeps them at the saved frame.
  func keeping(_ open: [OpenPart], of declared: Rect) -> Rect {
    var result = self
    for part in open {
      switch part.axis {
      case .horizontal:
        if part.position { result.x = declared.x }
        if part.size { result.width = declared.width }
      case .vertical:
        if part.position { result.y = declared.y }
        if part.size { result.height = declared.height }
      }
    }
    return result
  }

  /// Whether every number of the two frames is within `tolerance` of the other's.
  func matches(_ other: Rect, tolerance: Double) -> Bool {
    abs(x - other.x) <= tolerance && abs(y - other.y) <= tolerance && abs(width - other.width) <= tolerance
      && abs(height - other.height) <= tolerance
  }
}

/// An Interface Builder file solved: one layout per unit, and every finding.
public struct InterfaceBuilderAnalysis {
  public let file: InterfaceBuilderFile
  /// The solved units, in file order (only the named one when a canvas was given).
  public let layouts: [SolvedLayout]
  /// The file's findings and every unit's, sorted by position.
  public let diagnostics: [Diagnostic]
}

/// A number as Interface Builder writes it in a frame.
func xmlNumber(_ value: Double) -> String {
  // `+ 0` turns a solved -0 (a view at the edge) into 0: Xcode never writes `x="-0.0"`.
  let rounded = (value * 1000).rounded() / 1000 + 0
  if rounded == rounded.rounded() { return String(format: "%.1f", rounded) }
  return formatNumber(rounded)
}

/// The value of an attribute in a start tag's text.
func xmlAttribute(_ name: String, in tag: String) -> String? {
  guard let start = tag.range(of: " \(name)=\"") else { return nil }
  let rest = tag[start.upperBound...]
  guard let end = rest.firstIndex(of: "\"") else { return nil }
  return String(rest[..<end])
}

extension InterfaceBuilderFile {
  /// Whether an ambiguity moves the view by no more than `PlausibleLayouts.uncertainty` (3
  /// points): the other frame the solver found is within that of the solved one along the
  /// axis, and each open part's range of values, where the solver knows it, is no wider (a
  /// range it reports as none is a single value).
  static func isWithinUncertainty(_ ambiguity: Ambiguity, solved: Rect?) -> Bool {
    isWithinUncertainty(
      axis: ambiguity.axis, position: ambiguity.position, size: ambiguity.size, alternative: ambiguity.alternative,
      positionRange: ambiguity.positionRange, sizeRange: ambiguity.sizeRange, solved: solved)
  }

  /// Whether the spare room of a tie of vertical hugging is no more than the heights Plumb's
  /// line-height estimates took off the tied labels' saved heights (docs/interface-builder.md,
  /// "What is estimated"): laid out at their saved heights, they would fill their room. The
  /// room is what either view's height can grow by; a tie whose room the solver does not
  /// bound is not concerned.
  static func isSpareFromLineHeights(
    _ tie: ContentPriorityTie, ambiguities: [AmbiguityFinding], model: LayoutModel, estimated: [String: Set<AttributeAxis>]
  ) -> Bool {
    var spare: Double?
    for view in [tie.first, tie.second] {
      for ambiguity in ambiguities where ambiguity.view == view && ambiguity.axis == .vertical && ambiguity.size {
        guard let lowest = ambiguity.sizeRange?.lowest, let highest = ambiguity.sizeRange?.highest else { return false }
        spare = min(spare ?? .infinity, highest - lowest)
      }
    }
    guard let spare else { return false }
    var freed = 0.0
    for view in [tie.first, tie.second] where estimated[view]?.contains(.vertical) == true {
      guard let saved = model.views[view]?.frame?.height, let measured = model.views[view]?.intrinsicHeight else { continue }
      freed += max(0, saved - measured)
    }
    return freed > 0 && spare <= freed + 0.01
  }

  /// The widest range an ambiguity bounded on both sides may span and go unreported in an iOS
  /// file (`isNarrowlyBounded`): about a line or two of text, or the difference between a
  /// control's saved and standard size.
  static let boundedAmbiguityUncertainty = 20.0

  /// Whether every open part of the ambiguity has a range the solver bounds on both sides, no
  /// wider than `boundedAmbiguityUncertainty`: the view is held between two limits a few points
  /// apart, a slack the estimates leave rather than a constraint the file lacks.
  static func isNarrowlyBounded(_ ambiguity: Ambiguity) -> Bool {
    func narrow(_ range: FrameRange?) -> Bool {
      guard let lowest = range?.lowest, let highest = range?.highest, lowest.isFinite, highest.isFinite else {
        return false
      }
      return highest - lowest <= boundedAmbiguityUncertainty + 0.01
    }
    guard ambiguity.position || ambiguity.size else { return false }
    return (!ambiguity.position || narrow(ambiguity.positionRange)) && (!ambiguity.size || narrow(ambiguity.sizeRange))
  }

  /// The same of an ambiguity the solver found (a view of a content-priority tie).
  static func isWithinUncertainty(_ ambiguity: AmbiguityFinding, solved: Rect?) -> Bool {
    isWithinUncertainty(
      axis: ambiguity.axis, position: ambiguity.position, size: ambiguity.size, alternative: ambiguity.alternative,
      positionRange: ambiguity.positionRange, sizeRange: ambiguity.sizeRange, solved: solved)
  }

  private static func isWithinUncertainty(
    axis: AttributeAxis, position isPositionOpen: Bool, size isSizeOpen: Bool, alternative other: Rect,
    positionRange: FrameRange?, sizeRange: FrameRange?, solved: Rect?
  ) -> Bool {
    guard let solved else { return false }
    let (position, size, otherPosition, otherSize) =
      axis == .horizontal
      ? (solved.x, solved.width, other.x, other.width) : (solved.y, solved.height, other.y, other.height)
    let limit = PlausibleLayouts.uncertainty + 0.01
    guard abs(position - otherPosition) <= limit, abs(size - otherSize) <= limit else { return false }
    func narrow(_ range: FrameRange?) -> Bool {
      guard let range else { return true }
      guard let lowest = range.lowest, let highest = range.highest else { return false }
      return highest - lowest <= limit
    }
    return (!isPositionOpen || narrow(positionRange)) && (!isSizeOpen || narrow(sizeRange))
  }
}

extension Misplacement {
  /// Whether the saved frame has the solved size (within `tolerance`) and lies away from the
  /// solved one along both axes (by more than `distance`, at least `tolerance`, in x and in y): a
  /// view dragged on the canvas.
  func movesAlongBothAxesAtItsSize(tolerance: Double, distance: Double) -> Bool {
    let distance = max(tolerance, distance)
    return abs(declared.width - solved.width) <= tolerance && abs(declared.height - solved.height) <= tolerance
      && abs(declared.x - solved.x) > distance && abs(declared.y - solved.y) > distance
  }

  /// Whether the saved and solved frames differ (by more than `tolerance`) in y only: the same
  /// x, width and height, another y.
  func movesVerticallyOnly(tolerance: Double) -> Bool {
    abs(declared.x - solved.x) <= tolerance && abs(declared.width - solved.width) <= tolerance
      && abs(declared.height - solved.height) <= tolerance && abs(declared.y - solved.y) > tolerance
  }

  /// The heights of the bars Interface Builder simulates above and below a scene before Xcode 11:
  /// the status bar, a navigation bar or toolbar, a tab bar, and a status bar with a navigation
  /// bar below it.
  static let barHeights: [Double] = [20, 44, 49, 64]

  /// Whether the saved and solved frames differ along y only, each of the view's top and bottom
  /// edges by nothing or by one of `barHeights` (within `tolerance`): what a bar that Plumb
  /// draws and Xcode did not (or the other way round) moves a view by.
  func differsVerticallyByBarHeights(tolerance: Double) -> Bool {
    guard abs(declared.x - solved.x) <= tolerance, abs(declared.width - solved.width) <= tolerance else { return false }
    let top = solved.y - declared.y
    let bottom = solved.y + solved.height - (declared.y + declared.height)
    guard abs(top) > tolerance || abs(bottom) > tolerance else { return false }
    func byBarOrNothing(_ shift: Double) -> Bool {
      abs(shift) <= tolerance || Misplacement.barHeights.contains { abs(abs(shift) - $0) <= tolerance }
    }
    return byBarOrNothing(top) && byBarOrNothing(bottom)
  }
}
