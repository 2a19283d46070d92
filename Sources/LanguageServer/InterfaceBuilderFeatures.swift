import InterfaceBuilder
import JSONRPC
import LayoutAnalysis
import LayoutSyntax

/// What the features read of an Interface Builder file in one snapshot: its units, solved
/// once with the snapshot, and, built when first asked for, the element index and which
/// element is which view or constraint of which unit.
///
/// Handlers run on the analysis thread, one at a time, so the lazy parts need no lock.
final class InterfaceBuilderSnapshot {
  let analysis: InterfaceBuilderAnalysis
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

  init(_ analysis: InterfaceBuilderAnalysis) {
    self.analysis = analysis
    units = analysis.layouts.map(SolvedLayoutView.init)
  }

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

/// The protocol's symbol kinds the Interface Builder outline uses.
private enum XMLSymbolKind {
  static let namespace = 3
  static let `class` = 5
  static let property = 7
  static let array = 18
  static let object = 19
}

extension Server {
  /// The requests an Interface Builder file answers; any other answers null.
  static let interfaceBuilderHandlers: [String: RequestHandler] = [
    "textDocument/diagnostic": { try $0.pullDiagnostics($1) },
    "textDocument/codeAction": { try $0.codeActions($1) },
    "textDocument/hover": { try $0.interfaceBuilderHover($1) },
    "textDocument/inlayHint": { try $0.interfaceBuilderInlayHints($1) },
    "textDocument/documentSymbol": { try $0.interfaceBuilderSymbols($1) },
    "textDocument/definition": { try $0.interfaceBuilderDefinition($1) },
    "textDocument/references": { try $0.interfaceBuilderReferences($1) },
    "textDocument/documentHighlight": { try $0.interfaceBuilderHighlight($1) },
    "textDocument/foldingRange": { try $0.interfaceBuilderFoldingRanges($1) },
    "plumb/frames": { try $0.interfaceBuilderFrames($1) },
    "plumb/documentText": { try $0.documentText($1) },
  ]

  private func interfaceBuilderSnapshot(_ params: Params) throws -> (AnalysisSnapshot, InterfaceBuilderSnapshot)? {
    guard let snapshot = try snapshot(params), let file = snapshot.interfaceBuilder else { return nil }
    return (snapshot, file)
  }

  // MARK: - Hover

  /// `textDocument/hover` on the XML: a view's element (its start tag or its frame's
  /// `<rect>`) shows what a hover on a view of a layout file shows, with its saved frame; a
  /// `<constraint>` shows the constraint and whether it holds; an id in another element's
  /// attribute names what it refers to. Null elsewhere.
  func interfaceBuilderHover(_ params: Params) throws -> JSONValue {
    guard let (snapshot, file) = try interfaceBuilderSnapshot(params) else { return .null }
    let offset = try self.offset(params, in: snapshot)
    let elements = file.elements
    if let (element, attribute) = elements.attribute(at: offset),
      let target = elements.target(ofAttribute: attribute, in: element),
      let value = elements.element(element)?.attributes[attribute]
    {
      return hoverResult(referenceHover(target, file: file), range: value.valueRange, in: snapshot)
    }
    guard let index = elements.element(inTagAt: offset), let element = elements.element(index) else { return .null }
    var subject = index
    if element.name == "rect", element.key == "frame", let parent = element.parent, file.isViewElement(parent) {
      subject = parent
    }
    guard let subjectElement = elements.element(subject) else { return .null }
    var text: String?
    if let location = file.view(atTag: subjectElement.tagRange.start) {
      text = viewHover(location, element: subject, file: file)
    } else if subjectElement.name == "constraint" {
      text = constraintHover(subject, file: file)
    } else if file.isControllerElement(subject) {
      text = controllerHover(subject, file: file)
    } else if file.isViewElement(subject) {
      text = "**\(XMLElementIndex.kindName(subjectElement.name))** `\(file.viewName(subject))`\n\n"
        + notLaidOut(file: file, what: "this view")
    }
    guard let text else { return .null }
    return hoverResult(text, range: element.tagRange, in: snapshot)
  }

  private func notLaidOut(file: InterfaceBuilderSnapshot, what: String) -> String {
    if let reason = file.unreadableReason { return "Plumb does not lay out \(what): \(reason)" }
    return "Plumb does not lay out \(what): it is not part of a view tree it reads (see docs/interface-builder.md)."
  }

  private func viewHover(_ location: InterfaceBuilderSnapshot.ViewLocation, element index: Int, file: InterfaceBuilderSnapshot)
    -> String?
  {
    guard let unit = file.unit(location.unit), let node = unit.layout.document.model.views[location.name],
      let element = file.elements.element(index)
    else { return nil }
    let canvas = file.canvas(ofUnit: location.unit)
    let kind = XMLElementIndex.kindName(element.name)
    let id = element.id.map { ", id `\($0)`" } ?? ""
    var lines: [String] = []
    if location.name == LayoutModel.rootName {
      let shown = file.elements.displayName(of: index)
      lines.append(
        "**root view**\(shown == kind ? "" : " `\(shown)`") of `\(canvas?.name ?? "")` (\(kind)\(id))")
      if let canvas {
        let insets = canvas.safeArea
        var line = "canvas \(formatNumber(canvas.width))×\(formatNumber(canvas.height))"
        if insets != EdgeInsets(top: 0, left: 0, bottom: 0, right: 0) {
          line +=
            ", safe area insets top \(formatNumber(insets.top)), left \(formatNumber(insets.left)), "
            + "bottom \(formatNumber(insets.bottom)), right \(formatNumber(insets.right))"
        }
        lines.append(line)
      }
    } else {
      lines.append("**\(kind)** `\(location.name)` in `\(node.superview ?? LayoutModel.rootName)`")
      lines.append("\(element.id.map { "id `\($0)`, " } ?? "")laid out in `\(canvas?.name ?? "")`")
      let note: String? =
        switch file.elements.intrinsicSizeSource(of: index) {
        case .placeholder: "placeholder"
        case .designable: "measured by the IBDesignable"
        case .image: "the image's size"
        case .estimated: "estimated: the file does not store what the content measures"
        case .none: nil
        }
      lines.append(contentSizeDescription(node, intrinsicNote: note))
    }
    if let saved = node.frame {
      var line = "saved frame `\(describe(saved))`"
      if let nameRange = node.nameRange, file.isMisplaced(nameStart: nameRange.start) {
        line += ", **misplaced**: the constraints put the view elsewhere"
      }
      lines.append(line)
    }
    lines += unit.viewDescription(location.name)
    return lines.joined(separator: "\n\n")
  }

  private func constraintHover(_ index: Int, file: InterfaceBuilderSnapshot) -> String {
    let elements = file.elements
    guard let element = elements.element(index) else { return "" }
    let id = element.id.map { "`\($0)`" }
    let found = file.constraints(atTag: element.tagRange.start)
    if let first = found.first {
      var text = constraintHover(found.map(\.constraint), layout: file.unit(first.unit))
      text += "\n\nconstraint \(id.map { "\($0) " } ?? "")in `\(file.canvas(ofUnit: first.unit)?.name ?? "")`"
      return text
    }
    var lines = ["`\(file.writtenConstraint(index))`" + (id.map { " (\($0))" } ?? "")]
    if element.attribute("placeholder") == "YES" {
      lines.append("A placeholder: Interface Builder removes it at build time, so Plumb leaves it out.")
    } else if let finding = file.readerFinding(at: element.tagRange) {
      lines.append(finding.message)
    } else if let constraintID = element.id, let target = elements.elementsByID[constraintID],
      elements.references(to: target).contains(where: { elements.element($0.element)?.name == "exclude" })
    {
      lines.append("Not in the base configuration (a size-class variation excludes it), which is what Plumb lays out.")
    } else {
      lines.append(notLaidOut(file: file, what: "this constraint"))
    }
    return lines.joined(separator: "\n\n")
  }

  private func controllerHover(_ index: Int, file: InterfaceBuilderSnapshot) -> String {
    guard let element = file.elements.element(index) else { return "" }
    var lines = [
      "**\(XMLElementIndex.kindName(element.name))** `\(file.controllerName(index))`\(element.id.map { ", id `\($0)`" } ?? "")"
    ]
    if let unit = file.unit(ofController: index), let canvas = file.canvas(ofUnit: unit) {
      lines.append("its view is laid out in a canvas of \(formatNumber(canvas.width))×\(formatNumber(canvas.height))")
    }
    return lines.joined(separator: "\n\n")
  }

  /// What an id refers to, with the view's frame when it is a laid-out view.
  private func referenceHover(_ target: Int, file: InterfaceBuilderSnapshot) -> String {
    var text = file.elementDescription(target)
    if let element = file.elements.element(target), let location = file.view(atTag: element.tagRange.start),
      let unit = file.unit(location.unit), let place = primaryPlace(of: unit),
      let solved = unit.frames(inPlace: place).first(where: { $0.name == location.name })
    {
      text += ": frame `\(describe(solved.frame))`"
      if !solved.ambiguousAxes.isEmpty { text += ", **ambiguous** \(solved.ambiguousAxes.joined(separator: ", "))" }
    }
    return text
  }

  // MARK: - Inlay hints

  /// `textDocument/inlayHint` on the XML: each view's solved frame after its start tag, in
  /// its unit's canvas, and a mark on ambiguous views. A unit's root view, whose frame is
  /// its canvas, gets none.
  func interfaceBuilderInlayHints(_ params: Params) throws -> JSONValue {
    guard let (snapshot, file) = try interfaceBuilderSnapshot(params) else { return .null }
    let requested = try params.required("range").range()
    let start = snapshot.lines.offset(of: requested.start, encoding: encoding)
    let end = snapshot.lines.offset(of: requested.end, encoding: encoding)
    guard settings.showFrameHints || settings.showAmbiguityHints else { return [] }
    var anchors: [(offset: Int, label: String, tooltip: String)] = []
    var seen = Set<Int>()
    for unit in file.units {
      let model = unit.layout.document.model
      guard let place = primaryPlace(of: unit) else { continue }
      var frames: [String: SolvedFrame]?
      for name in model.viewOrder where name != LayoutModel.rootName {
        guard let range = model.views[name]?.declarationRange, seen.insert(range.start).inserted,
          range.end >= start, range.end <= end
        else { continue }
        if frames == nil {
          frames = Dictionary(unit.frames(inPlace: place).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        }
        guard let solved = frames?[name] else { continue }
        var label = ""
        if settings.showFrameHints { label = describe(solved.frame) }
        if settings.showAmbiguityHints, !solved.ambiguousAxes.isEmpty {
          label += (label.isEmpty ? "" : " ") + "ambiguous " + solved.ambiguousAxes.joined(separator: ", ")
        }
        guard !label.isEmpty else { continue }
        anchors.append((range.end, label, "The frame relative to the superview in \(unit.places[place].description)"))
      }
    }
    return .array(
      anchors.sorted { $0.offset < $1.offset }.map { anchor in
        .object([
          ("position", position(anchor.offset, in: snapshot)), ("label", .string(anchor.label)), ("paddingLeft", true),
          ("tooltip", .string(anchor.tooltip)),
        ])
      })
  }

  // MARK: - Symbols

  /// `textDocument/documentSymbol` on the XML: scenes, their view controllers, the view
  /// trees (named as messages name views), and each view's constraints.
  func interfaceBuilderSymbols(_ params: Params) throws -> JSONValue {
    guard let (snapshot, file) = try interfaceBuilderSnapshot(params) else { return .null }
    let elements = file.elements
    let skipped: Set<String> = ["resources", "designables", "dependencies", "connections", "inferredMetricsTieBreakers"]

    func symbols(under index: Int, depth: Int) -> [OutlineSymbol] {
      guard depth < 512, let element = elements.element(index) else { return [] }
      var result: [OutlineSymbol] = []
      for child in element.children {
        guard let childElement = elements.element(child), !skipped.contains(childElement.name) else { continue }
        if let symbol = symbol(child, depth: depth + 1) {
          result.append(symbol)
        } else {
          result += symbols(under: child, depth: depth + 1)
        }
      }
      return result
    }

    func symbol(_ index: Int, depth: Int) -> OutlineSymbol? {
      guard let element = elements.element(index) else { return nil }
      let id = element.id.map { " · \($0)" } ?? ""
      if element.name == "scene" {
        let controller = elements.children(of: index, named: "objects").flatMap { elements.children(of: $0) }
          .first(where: file.isControllerElement)
        let name = controller.map { "\(file.controllerName($0)) Scene" } ?? "Scene"
        return OutlineSymbol(
          name: name, detail: "scene", kind: XMLSymbolKind.namespace, range: element.range, selection: element.nameRange,
          children: symbols(under: index, depth: depth))
      }
      if file.isControllerElement(index) {
        return OutlineSymbol(
          name: file.controllerName(index), detail: XMLElementIndex.kindName(element.name) + id,
          kind: XMLSymbolKind.object, range: element.range, selection: element.nameRange,
          children: symbols(under: index, depth: depth))
      }
      if file.isViewElement(index) {
        var detail = XMLElementIndex.kindName(element.name) + id
        if let location = file.view(atTag: element.tagRange.start), location.name == LayoutModel.rootName,
          let canvas = file.canvas(ofUnit: location.unit)
        {
          detail += " · root of \(canvas.name)"
        }
        return OutlineSymbol(
          name: file.viewName(index), detail: detail, kind: XMLSymbolKind.class, range: element.range,
          selection: element.nameRange, children: symbols(under: index, depth: depth))
      }
      if element.name == "constraints", let parent = element.parent, file.isViewElement(parent) {
        let children = symbols(under: index, depth: depth)
        guard !children.isEmpty else { return nil }
        return OutlineSymbol(
          name: "Constraints", detail: "\(children.count)", kind: XMLSymbolKind.array, range: element.range,
          selection: element.nameRange, children: children)
      }
      if element.name == "constraint" {
        let name =
          file.constraints(atTag: element.tagRange.start).first.map { $0.constraint.description }
          ?? file.writtenConstraint(index)
        return OutlineSymbol(
          name: name, detail: element.id ?? "", kind: XMLSymbolKind.property, range: element.range,
          selection: element.nameRange, children: [])
      }
      return nil
    }

    var top: [OutlineSymbol] = []
    for (index, element) in elements.elements.enumerated() where element.parent == nil {
      if let symbol = symbol(index, depth: 0) { top.append(symbol) } else { top += symbols(under: index, depth: 0) }
    }
    return symbolsResult(top, in: snapshot)
  }

  // MARK: - Navigation

  /// The element an id under the cursor names: the element whose `id` it is, or the element
  /// a reference names.
  private func idTarget(at offset: Int, in file: InterfaceBuilderSnapshot) -> Int? {
    let elements = file.elements
    guard let (element, attribute) = elements.attribute(at: offset),
      let written = elements.element(element)?.attributes[attribute]
    else { return nil }
    if written.name == "id" {
      return elements.elementsByID[written.value] == element ? element : nil
    }
    return elements.target(ofAttribute: attribute, in: element)
  }

  /// `textDocument/definition` on the XML: from an id in any attribute (`firstItem`,
  /// `secondItem`, `destination`, …) to the `id` of the element it names.
  func interfaceBuilderDefinition(_ params: Params) throws -> JSONValue {
    guard let (snapshot, file) = try interfaceBuilderSnapshot(params) else { return .null }
    let offset = try self.offset(params, in: snapshot)
    guard let target = idTarget(at: offset, in: file), let range = file.elements.idRange(of: target) else { return .null }
    return location(range, in: snapshot)
  }

  /// Every place an element's id is written: its `id` (when asked for) and each reference.
  private func idOccurrences(of target: Int, in file: InterfaceBuilderSnapshot) -> [(range: SourceRange, isDeclaration: Bool)] {
    var found: [(range: SourceRange, isDeclaration: Bool)] = []
    if let range = file.elements.idRange(of: target) { found.append((range, true)) }
    found += file.elements.references(to: target).map { ($0.valueRange, false) }
    return found.sorted { $0.range < $1.range }
  }

  /// `textDocument/references` on the XML: every use of the id under the cursor.
  func interfaceBuilderReferences(_ params: Params) throws -> JSONValue {
    guard let (snapshot, file) = try interfaceBuilderSnapshot(params) else { return .null }
    let offset = try self.offset(params, in: snapshot)
    let includeDeclaration = params.optional("context")?.optional("includeDeclaration")?.value.boolValue ?? true
    guard let target = idTarget(at: offset, in: file) else { return .null }
    return .array(
      idOccurrences(of: target, in: file).filter { includeDeclaration || !$0.isDeclaration }.map {
        location($0.range, in: snapshot)
      })
  }

  /// `textDocument/documentHighlight` on the XML: the id under the cursor, where it is
  /// declared (`Write`) and used (`Read`).
  func interfaceBuilderHighlight(_ params: Params) throws -> JSONValue {
    guard let (snapshot, file) = try interfaceBuilderSnapshot(params) else { return .null }
    let offset = try self.offset(params, in: snapshot)
    guard let target = idTarget(at: offset, in: file) else { return .null }
    return .array(
      idOccurrences(of: target, in: file).map { found in
        .object([("range", range(found.range, in: snapshot)), ("kind", .int(found.isDeclaration ? 3 : 2))])
      })
  }

  // MARK: - Folding

  /// `textDocument/foldingRange` on the XML: each element over several lines, up to the line
  /// before its end tag.
  func interfaceBuilderFoldingRanges(_ params: Params) throws -> JSONValue {
    guard let (snapshot, file) = try interfaceBuilderSnapshot(params) else { return .null }
    let lines = snapshot.lines
    var ranges: [JSONValue] = []
    for element in file.elements.elements where element.range.end > element.tagRange.end {
      let startLine = lines.line(containing: element.tagRange.start)
      let endLine = lines.line(containing: max(element.range.start, element.range.end - 1)) - 1
      guard endLine > startLine else { continue }
      ranges.append(.object([("startLine", .int(startLine)), ("endLine", .int(endLine))]))
    }
    return .array(ranges)
  }

  // MARK: - Frames

  /// `plumb/frames` on the XML: the frames of every unit, as `plumb frames` gives them.
  func interfaceBuilderFrames(_ params: Params) throws -> JSONValue {
    let uri = try params.documentURI()
    guard let (snapshot, file) = try interfaceBuilderSnapshot(params) else {
      throw ResponseError.invalidParams("'\(uri)' is not open")
    }
    let canvas = try params.optional("canvas")?.string()
    let direction = try params.optional("direction")?.string()
    if let direction, direction != "ltr", direction != "rtl" {
      throw ResponseError.invalidParams("'direction' must be \"ltr\" or \"rtl\"")
    }
    if let canvas, !file.units.contains(where: { $0.places.contains { $0.canvas.name == canvas } }) {
      throw ResponseError.invalidParams("the document has no canvas '\(canvas)'")
    }
    return framesResult(uri: uri, snapshot: snapshot, layouts: file.units, canvas: canvas, direction: direction)
  }
}
