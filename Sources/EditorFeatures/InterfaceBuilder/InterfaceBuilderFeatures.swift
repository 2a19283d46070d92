import InterfaceBuilder
import LayoutAnalysis
import LayoutSyntax

extension InterfaceBuilderSnapshot {
  // MARK: - Hover

  /// On the XML: a view's element (its start tag or its frame's `<rect>`) shows what a hover
  /// on a view of a layout file shows, with its saved frame; a `<constraint>` shows the
  /// constraint and whether it holds; an id in another element's attribute names what it
  /// refers to. Nil elsewhere.
  public func hover(at offset: Int, preferences: FramePreferences) -> HoverContent? {
    let elements = self.elements
    if let (element, attribute) = elements.attribute(at: offset),
      let target = elements.target(ofAttribute: attribute, in: element),
      let value = elements.element(element)?.attributes[attribute]
    {
      return HoverContent(markdown: referenceHover(target, preferences: preferences), range: value.valueRange)
    }
    guard let index = elements.element(inTagAt: offset), let element = elements.element(index) else { return nil }
    var subject = index
    if element.name == "rect", element.key == "frame", let parent = element.parent, isViewElement(parent) {
      subject = parent
    }
    guard let subjectElement = elements.element(subject) else { return nil }
    var text: String?
    if let location = view(atTag: subjectElement.tagRange.start) {
      text = viewHover(location, element: subject)
    } else if subjectElement.name == "constraint" {
      text = constraintHover(subject)
    } else if isControllerElement(subject) {
      text = controllerHover(subject)
    } else if isViewElement(subject) {
      text = "**\(XMLElementIndex.kindName(subjectElement.name))** `\(viewName(subject))`\n\n"
        + notLaidOut(what: "this view")
    }
    guard let text else { return nil }
    return HoverContent(markdown: text, range: element.tagRange)
  }

  private func notLaidOut(what: String) -> String {
    if let reason = unreadableReason { return "Plumb does not lay out \(what): \(reason)" }
    return "Plumb does not lay out \(what): it is not part of a view tree it reads (see docs/interface-builder.md)."
  }

  private func viewHover(_ location: ViewLocation, element index: Int) -> String? {
    guard let unit = unit(location.unit), let node = unit.layout.document.model.views[location.name],
      let element = elements.element(index)
    else { return nil }
    let canvas = canvas(ofUnit: location.unit)
    let kind = XMLElementIndex.kindName(element.name)
    let id = element.id.map { ", id `\($0)`" } ?? ""
    var lines: [String] = []
    if location.name == LayoutModel.rootName {
      let shown = elements.displayName(of: index)
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
        switch elements.intrinsicSizeSource(of: index) {
        case .placeholder: "placeholder"
        case .designable: "measured by the IBDesignable"
        case .image: "the image's size"
        case .estimated: "estimated: the file does not store what the content measures"
        case .uikit: "UIKit's, whatever the content"
        case .none: nil
        }
      lines.append(HoverText.contentSize(node, intrinsicNote: note))
    }
    if let saved = node.frame {
      var line = "saved frame `\(saved.description)`"
      if let nameRange = node.nameRange, isMisplaced(nameStart: nameRange.start) {
        line += ", **misplaced**: the constraints put the view elsewhere"
      }
      lines.append(line)
    }
    lines += unit.viewDescription(location.name)
    return lines.joined(separator: "\n\n")
  }

  private func constraintHover(_ index: Int) -> String {
    let elements = self.elements
    guard let element = elements.element(index) else { return "" }
    let id = element.id.map { "`\($0)`" }
    let found = constraints(atTag: element.tagRange.start)
    if let first = found.first {
      var text = HoverText.constraints(found.map(\.constraint), layout: unit(first.unit))
      text += "\n\nconstraint \(id.map { "\($0) " } ?? "")in `\(canvas(ofUnit: first.unit)?.name ?? "")`"
      if element.attribute("placeholder") == "YES" {
        text += "\n\nA placeholder: Interface Builder lays the canvas out with it and removes it at build time, so the app never has it."
      }
      return text
    }
    var lines = ["`\(writtenConstraint(index))`" + (id.map { " (\($0))" } ?? "")]
    if let finding = readerFinding(at: element.tagRange) {
      lines.append(finding.message)
    } else if let constraintID = element.id, let target = elements.elementsByID[constraintID],
      elements.references(to: target).contains(where: { elements.element($0.element)?.name == "exclude" })
    {
      lines.append("Not in the base configuration (a size-class variation excludes it), which is what Plumb lays out.")
    } else {
      lines.append(notLaidOut(what: "this constraint"))
    }
    return lines.joined(separator: "\n\n")
  }

  private func controllerHover(_ index: Int) -> String {
    guard let element = elements.element(index) else { return "" }
    var lines = [
      "**\(XMLElementIndex.kindName(element.name))** `\(controllerName(index))`\(element.id.map { ", id `\($0)`" } ?? "")"
    ]
    if let unit = unit(ofController: index), let canvas = canvas(ofUnit: unit) {
      lines.append("its view is laid out in a canvas of \(formatNumber(canvas.width))×\(formatNumber(canvas.height))")
    }
    return lines.joined(separator: "\n\n")
  }

  /// What an id refers to, with the view's frame when it is a laid-out view.
  private func referenceHover(_ target: Int, preferences: FramePreferences) -> String {
    var text = elementDescription(target)
    if let element = elements.element(target), let location = view(atTag: element.tagRange.start),
      let unit = unit(location.unit), let place = unit.primaryPlace(preferences),
      let solved = unit.frame(of: location.name, inPlace: place)
    {
      text += ": frame `\(solved.frame.description)`"
      if !solved.ambiguities.isEmpty { text += ", **ambiguous** \(solved.ambiguousAxisNames.joined(separator: ", "))" }
    }
    return text
  }

  // MARK: - Inlay hints

  /// Each view's solved frame after its start tag, in its unit's canvas, and a mark on
  /// ambiguous views. A unit's root view, whose frame is its canvas, gets none.
  public func inlayHints(in range: SourceRange, preferences: FramePreferences) -> [InlayHint]? {
    guard preferences.showFrames || preferences.showAmbiguity else { return [] }
    var hints: [InlayHint] = []
    var seen = Set<Int>()
    for unit in units {
      let model = unit.layout.document.model
      guard let place = unit.primaryPlace(preferences) else { continue }
      var frames: [String: ViewFrame]?
      for name in model.viewOrder where name != LayoutModel.rootName {
        guard let declared = model.views[name]?.declarationRange, seen.insert(declared.start).inserted,
          declared.end >= range.start, declared.end <= range.end
        else { continue }
        if frames == nil {
          frames = Dictionary(
            (unit.frames(inPlace: place)?.views ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        }
        guard let solved = frames?[name] else { continue }
        var label = ""
        if preferences.showFrames { label = solved.frame.description }
        if preferences.showAmbiguity, !solved.ambiguities.isEmpty {
          label += (label.isEmpty ? "" : " ") + "ambiguous " + solved.ambiguousAxisNames.joined(separator: ", ")
        }
        guard !label.isEmpty else { continue }
        hints.append(
          InlayHint(
            offset: declared.end, label: label,
            tooltip: "The frame relative to the superview in \(unit.layout.placeList[place].description)"))
      }
    }
    return hints.sorted { $0.offset < $1.offset }
  }

  // MARK: - Symbols

  /// Scenes, their view controllers, the view trees (named as messages name views), and each
  /// view's constraints.
  public func documentSymbols() -> [DocumentSymbol]? {
    let elements = self.elements
    let skipped: Set<String> = ["resources", "designables", "dependencies", "connections", "inferredMetricsTieBreakers"]

    func symbols(under index: Int, depth: Int) -> [DocumentSymbol] {
      guard depth < 512, let element = elements.element(index) else { return [] }
      var result: [DocumentSymbol] = []
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

    func symbol(_ index: Int, depth: Int) -> DocumentSymbol? {
      guard let element = elements.element(index) else { return nil }
      let id = element.id.map { " · \($0)" } ?? ""
      if element.name == "scene" {
        let controller = elements.children(of: index, named: "objects").flatMap { elements.children(of: $0) }
          .first(where: isControllerElement)
        let name = controller.map { "\(controllerName($0)) Scene" } ?? "Scene"
        return DocumentSymbol(
          name: name, detail: "scene", kind: .namespace, range: element.range, selection: element.nameRange,
          children: symbols(under: index, depth: depth))
      }
      if isControllerElement(index) {
        return DocumentSymbol(
          name: controllerName(index), detail: XMLElementIndex.kindName(element.name) + id, kind: .object,
          range: element.range, selection: element.nameRange, children: symbols(under: index, depth: depth))
      }
      if isViewElement(index) {
        var detail = XMLElementIndex.kindName(element.name) + id
        if let location = view(atTag: element.tagRange.start), location.name == LayoutModel.rootName,
          let canvas = canvas(ofUnit: location.unit)
        {
          detail += " · root of \(canvas.name)"
        }
        return DocumentSymbol(
          name: viewName(index), detail: detail, kind: .class, range: element.range, selection: element.nameRange,
          children: symbols(under: index, depth: depth))
      }
      if element.name == "constraints", let parent = element.parent, isViewElement(parent) {
        let children = symbols(under: index, depth: depth)
        guard !children.isEmpty else { return nil }
        return DocumentSymbol(
          name: "Constraints", detail: "\(children.count)", kind: .array, range: element.range,
          selection: element.nameRange, children: children)
      }
      if element.name == "constraint" {
        let name =
          constraints(atTag: element.tagRange.start).first.map { $0.constraint.description }
          ?? writtenConstraint(index)
        return DocumentSymbol(
          name: name, detail: element.id ?? "", kind: .property, range: element.range, selection: element.nameRange,
          children: [])
      }
      return nil
    }

    var top: [DocumentSymbol] = []
    for (index, element) in elements.elements.enumerated() where element.parent == nil {
      if let symbol = symbol(index, depth: 0) { top.append(symbol) } else { top += symbols(under: index, depth: 0) }
    }
    return top
  }

  // MARK: - Navigation

  /// The element an id under the cursor names: the element whose `id` it is, or the element
  /// a reference names.
  private func idTarget(at offset: Int) -> Int? {
    let elements = self.elements
    guard let (element, attribute) = elements.attribute(at: offset),
      let written = elements.element(element)?.attributes[attribute]
    else { return nil }
    if written.name == "id" {
      return elements.elementsByID[written.value] == element ? element : nil
    }
    return elements.target(ofAttribute: attribute, in: element)
  }

  /// From an id in any attribute (`firstItem`, `secondItem`, `destination`, …) to the `id` of
  /// the element it names.
  public func definition(at offset: Int) -> SourceRange? {
    guard let target = idTarget(at: offset) else { return nil }
    return elements.idRange(of: target)
  }

  /// Every place an element's id is written: its `id` and each reference.
  private func idOccurrences(of target: Int) -> [Highlight] {
    var found: [Highlight] = []
    if let range = elements.idRange(of: target) { found.append(Highlight(range: range, isDeclaration: true)) }
    found += elements.references(to: target).map { Highlight(range: $0.valueRange, isDeclaration: false) }
    return found.sorted { $0.range < $1.range }
  }

  /// Every use of the id under the cursor (and its `id` when asked for).
  public func references(at offset: Int, includeDeclaration: Bool) -> [SourceRange]? {
    guard let target = idTarget(at: offset) else { return nil }
    return idOccurrences(of: target).filter { includeDeclaration || !$0.isDeclaration }.map(\.range)
  }

  /// The id under the cursor, where it is declared (a write) and used (reads).
  public func highlights(at offset: Int) -> [Highlight]? {
    guard let target = idTarget(at: offset) else { return nil }
    return idOccurrences(of: target)
  }

  // MARK: - Folding

  /// Each element over several lines, up to the line before its end tag.
  public func foldingRanges() -> [FoldingRange]? {
    var ranges: [FoldingRange] = []
    for element in elements.elements where element.range.end > element.tagRange.end {
      let startLine = lines.line(containing: element.tagRange.start)
      let endLine = lines.line(containing: max(element.range.start, element.range.end - 1)) - 1
      guard endLine > startLine else { continue }
      ranges.append(FoldingRange(startLine: startLine, endLine: endLine, isComment: false))
    }
    return ranges
  }

  // MARK: - Code actions

  /// The quick fixes of the findings in the range: a misplaced view's `<rect key="frame">`
  /// replaced by the solved frame.
  public func codeActions(in range: SourceRange, only: [String]?) -> [CodeAction]? {
    CodeAction.quickFixes(of: diagnostics, in: range, only: only)
  }

  // MARK: - Frames

  /// The frames of every unit, as `plumb frames` gives them.
  public func frames(canvas: String?, direction: LayoutDirection?) -> FramesAnswer? {
    if let canvas, !units.contains(where: { $0.layout.placeList.contains { $0.canvas.name == canvas } }) {
      return .unknownCanvas
    }
    return .frames(LayoutFrames(places: units.flatMap { $0.placeFrames(canvas: canvas, direction: direction) }))
  }
}
