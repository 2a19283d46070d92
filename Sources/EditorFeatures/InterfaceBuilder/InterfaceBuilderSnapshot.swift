import InterfaceBuilder
import LayoutAnalysis
import LayoutSyntax

/// Interface Builder `.storyboard` and `.xib` files: each scene's root view, top-level view and
/// cell laid out as `plumb check` lays it out, and the XML's elements and ids for navigation.
/// Renaming, completion, semantic tokens and formatting make no sense on XML that Xcode
/// writes: those features answer nil.
public struct InterfaceBuilderLanguage: EditorLanguage {
  public init() {}

  public var name: String { "interface-builder" }

  public var pathExtensions: [String] { InterfaceBuilderFile.pathExtensions.sorted() }

  /// The reader's own bound (`ib-refused` above it): XML is mostly markup, so an Interface
  /// Builder file takes far less memory per byte than a layout text.
  public var maximumAnalysedLength: Int { InterfaceBuilderFile.maximumFileSize }

  /// None: a document is an Interface Builder file by its extension only.
  public var languageIDs: [String] { [] }

  public func makeAnalyzer() -> any DocumentAnalyzer {
    InterfaceBuilderAnalyzer()
  }

  /// The `id` of the element whose start tag a finding is on: a view's, or a constraint's.
  /// The XML is indexed when first asked.
  public func elementIdentifiers(bytes: [UInt8]) -> (Diagnostic) -> [String] {
    var index: XMLElementIndex?
    return { diagnostic in
      let elements = index ?? XMLElementIndex(bytes: bytes)
      index = elements
      guard let element = elements.element(inTagAt: diagnostic.range.start), let id = elements.element(element)?.id else {
        return []
      }
      return [id]
    }
  }

  /// Each unit (scene) is a canvas: `canvas` picks one by its name.
  public func solve(bytes: [UInt8], canvas: String?, solveWithErrors: Bool) -> SolvedFile {
    let file = InterfaceBuilderFile.read(bytes: bytes)
    let analysis = file.analyse(canvas: canvas, solveWithErrors: solveWithErrors)
    return SolvedFile(
      document: file.document, layouts: analysis.layouts, diagnostics: analysis.diagnostics,
      canvases: file.units.flatMap { $0.model.effectiveCanvases.map(\.name) })
  }
}

/// Reads and solves each version of an Interface Builder file anew: each unit solved once, as
/// `plumb frames` solves them, for the findings and every feature.
final class InterfaceBuilderAnalyzer: DocumentAnalyzer {
  func analyse(bytes: [UInt8], lines: any DocumentLines, change: TextChange?) -> any EditorSnapshot {
    // The editor's text, UTF-8 by the protocol, is read as it is: its ranges are the editor's.
    InterfaceBuilderSnapshot(InterfaceBuilderFile.read(bytes: bytes, isUTF8: true).analyse(solveWithErrors: true), lines: lines)
  }
}

/// What the features read of an Interface Builder file in one snapshot: its units, solved
/// once with the snapshot, and, built when first asked for, the element index and which
/// element is which view or constraint of which unit.
///
/// Queries run one at a time, so the lazy parts need no lock.
public final class InterfaceBuilderSnapshot: EditorSnapshot {
  let analysis: InterfaceBuilderAnalysis
  public let lines: any DocumentLines
  /// One per unit, in file order.
  let units: [SolvedLayoutView]
  private var elementIndex: XMLElementIndex?
  private var viewsByTag: [Int: ViewLocation]?
  private var constraintsByTag: [Int: [(unit: Int, constraint: LayoutConstraint)]]?
  private var misplacedViews: Set<Int>?

  /// A view of a unit.
  struct ViewLocation {
    var unit: Int
    var name: String
  }

  init(_ analysis: InterfaceBuilderAnalysis, lines: any DocumentLines) {
    self.analysis = analysis
    self.lines = lines
    units = analysis.layouts.map(SolvedLayoutView.init)
  }

  public var bytes: [UInt8] { analysis.file.bytes }
  public var diagnostics: [Diagnostic] { analysis.diagnostics }

  /// The file's elements, scanned once per snapshot (also when the XML is not well-formed).
  var elements: XMLElementIndex {
    if let elementIndex { return elementIndex }
    let built = XMLElementIndex(bytes: analysis.file.bytes)
    elementIndex = built
    return built
  }

  func unit(_ index: Int) -> SolvedLayoutView? {
    index >= 0 && index < units.count ? units[index] : nil
  }

  func model(ofUnit index: Int) -> LayoutModel? {
    unit(index)?.layout.document.model
  }

  /// The canvas of a unit: named after its scene, top-level view or cell.
  func canvas(ofUnit index: Int) -> Canvas? {
    model(ofUnit: index)?.effectiveCanvases.first
  }

  /// The view whose element's start tag begins at `offset`. A scroll view's content area
  /// shares its scroll view's element; the scroll view is the one named.
  func view(atTag offset: Int) -> ViewLocation? {
    if let viewsByTag { return viewsByTag[offset] }
    var built: [Int: ViewLocation] = [:]
    for (index, unit) in units.enumerated() {
      let model = unit.layout.document.model
      for name in model.viewOrder {
        guard let range = model.views[name]?.declarationRange, built[range.start] == nil else { continue }
        built[range.start] = ViewLocation(unit: index, name: name)
      }
    }
    viewsByTag = built
    return built[offset]
  }

  /// The constraints read from the `<constraint>` element whose start tag begins at `offset`.
  func constraints(atTag offset: Int) -> [(unit: Int, constraint: LayoutConstraint)] {
    if let constraintsByTag { return constraintsByTag[offset] ?? [] }
    var built: [Int: [(unit: Int, constraint: LayoutConstraint)]] = [:]
    for (index, unit) in units.enumerated() {
      for constraint in unit.layout.document.model.constraints where constraint.origin == .explicit {
        built[constraint.range.start, default: []].append((index, constraint))
      }
    }
    constraintsByTag = built
    return built[offset] ?? []
  }

  /// Whether the analysis found the view whose element name starts at `offset` misplaced.
  func isMisplaced(nameStart offset: Int) -> Bool {
    if let misplacedViews { return misplacedViews.contains(offset) }
    let built = Set(analysis.diagnostics.filter { $0.code == .misplaced }.map(\.range.start))
    misplacedViews = built
    return built.contains(offset)
  }

  /// The reader's own finding about a range (an `ib-constraint` warning), if any.
  func readerFinding(at range: SourceRange) -> Diagnostic? {
    analysis.diagnostics.first { $0.range == range && $0.code.isInterfaceBuilderReader }
  }

  /// Why the file has no layout at all: its first error, if the reader could not read it.
  var unreadableReason: String? {
    analysis.file.diagnostics.first { $0.severity == .error }?.message
  }

  // MARK: - Elements as Interface Builder shows them

  /// Whether an element is a view, by where it sits in the XML: in `<subviews>`, a view
  /// controller's `view`, a cell's content view, a cell, or a top-level view with a frame.
  func isViewElement(_ index: Int) -> Bool {
    let elements = self.elements
    guard let element = elements.element(index) else { return false }
    if view(atTag: element.tagRange.start) != nil { return true }
    guard let parent = element.parent.flatMap({ elements.element($0) }) else { return false }
    if parent.name == "subviews" { return true }
    if element.key == "view", isControllerElement(element.parent ?? -1) { return true }
    if element.key == "contentView" { return true }
    if ["tableViewCell", "collectionViewCell", "collectionReusableView", "tableViewHeaderFooterView"].contains(element.name) {
      return true
    }
    return parent.name == "objects" && !elements.children(of: index, named: "rect", key: "frame").isEmpty
  }

  /// Whether an element is a scene's view controller (`viewController`, `tableViewController`,
  /// `navigationController`, …).
  func isControllerElement(_ index: Int) -> Bool {
    let elements = self.elements
    guard let element = elements.element(index), let parent = element.parent.flatMap({ elements.element($0) }) else {
      return false
    }
    return parent.name == "objects" && element.name.hasSuffix("Controller")
  }

  /// The unit whose root is a view controller's view.
  func unit(ofController index: Int) -> Int? {
    let elements = self.elements
    for child in elements.children(of: index, key: "view") {
      if let element = elements.element(child), let location = view(atTag: element.tagRange.start),
        location.name == LayoutModel.rootName
      {
        return location.unit
      }
    }
    return nil
  }

  /// A view controller's name as its scene's canvas is named: its label, class or title,
  /// else its kind.
  func controllerName(_ index: Int) -> String {
    if let unit = unit(ofController: index), let canvas = canvas(ofUnit: unit) { return canvas.name }
    guard let element = elements.element(index) else { return "View Controller" }
    for attribute in ["userLabel", "customClass", "title"] {
      if let value = element.attribute(attribute), !value.isEmpty { return value }
    }
    return XMLElementIndex.kindName(element.name)
  }

  /// A view's name as messages name it (`root` for a unit's root view is shown by its own
  /// label, class or kind), or, when the file could not be laid out, from its attributes.
  func viewName(_ index: Int) -> String {
    let elements = self.elements
    guard let element = elements.element(index) else { return "View" }
    if let location = view(atTag: element.tagRange.start), location.name != LayoutModel.rootName {
      return location.name
    }
    return elements.displayName(of: index)
  }

  /// A `<constraint>` as its attributes write it, for one the analysis does not have (a
  /// placeholder, or any constraint of a file that could not be read).
  func writtenConstraint(_ index: Int) -> String {
    let elements = self.elements
    guard let element = elements.element(index) else { return "constraint" }
    // Views as constraints name them: a unit's root view is `root`.
    func name(_ view: Int) -> String {
      if let tag = elements.element(view)?.tagRange.start, let location = self.view(atTag: tag) { return location.name }
      return viewName(view)
    }
    func item(_ id: String?) -> String {
      // A missing firstItem is the view that holds the constraint.
      guard let id else {
        return element.parent.flatMap { elements.element($0)?.parent }.map(name) ?? "?"
      }
      guard let target = elements.elementsByID[id], let targetElement = elements.element(target) else { return id }
      if targetElement.name == "viewLayoutGuide" {
        return "\(targetElement.parent.map(name) ?? "?").\(targetElement.key ?? "guide")"
      }
      return name(target)
    }
    var text = "\(item(element.attribute("firstItem"))).\(element.attribute("firstAttribute") ?? "?")"
    switch element.attribute("relation") {
    case "greaterThanOrEqual": text += " >= "
    case "lessThanOrEqual": text += " <= "
    default: text += " == "
    }
    let constant = element.attribute("constant").flatMap(Double.init) ?? 0
    if element.attribute("secondItem") != nil || element.attribute("secondAttribute") != nil {
      if let multiplier = element.attribute("multiplier"), multiplier != "1" { text += "\(multiplier)*" }
      text += "\(item(element.attribute("secondItem"))).\(element.attribute("secondAttribute") ?? "?")"
      if constant > 0 { text += " + \(formatNumber(constant))" } else if constant < 0 { text += " - \(formatNumber(-constant))" }
    } else {
      text += formatNumber(constant)
    }
    if let priority = element.attribute("priority"), priority != "1000" { text += " @\(priority)" }
    return text
  }

  /// How an element is described in hovers: `"Sign in"` (Button, `Lg0-bt-001`).
  func elementDescription(_ index: Int) -> String {
    guard let element = elements.element(index) else { return "" }
    let kind = XMLElementIndex.kindName(element.name)
    let id = element.id.map { ", `\($0)`" } ?? ""
    if isControllerElement(index) { return "view controller `\(controllerName(index))` (\(kind)\(id))" }
    if let location = view(atTag: element.tagRange.start) {
      if location.name == LayoutModel.rootName {
        return "root view `\(elements.displayName(of: index))` of `\(canvas(ofUnit: location.unit)?.name ?? "")` (\(kind)\(id))"
      }
      return "`\(location.name)` (\(kind)\(id)) in `\(canvas(ofUnit: location.unit)?.name ?? "")`"
    }
    switch element.name {
    case "viewLayoutGuide":
      let owner = element.parent.map(viewName) ?? "View"
      let guide = element.key.map { XMLElementIndex.kindName($0).lowercased() } ?? "layout guide"
      return "the \(guide) layout guide of `\(owner)`\(element.id.map { " (`\($0)`)" } ?? "")"
    case "viewControllerLayoutGuide":
      let controller = element.parent.flatMap { elements.element($0)?.parent }.map(controllerName) ?? "View Controller"
      return "the \(element.attribute("type") ?? "") layout guide of `\(controller)`\(element.id.map { " (`\($0)`)" } ?? "")"
    default:
      return "`\(elements.displayName(of: index))` (\(kind)\(id))"
    }
  }
}

