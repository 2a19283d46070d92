import LayoutAnalysis
import LayoutSyntax

extension LayoutSnapshot {
  /// Each view's solved frame after its declaration (after its last property; in a `.vfl`
  /// file, after its first use), in the primary canvas and direction, and a mark on ambiguous
  /// views. Only hints inside `range`.
  public func inlayHints(in range: SourceRange, preferences: FramePreferences) -> [InlayHint]? {
    guard let place = layout.primaryPlace(preferences), preferences.showFrames || preferences.showAmbiguity else {
      return []
    }
    let frames = Dictionary(
      (layout.frames(inPlace: place)?.views ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var anchors: [(name: String, offset: Int)] = []
    SyntaxWalker.walk(syntax) { node in
      if case .view(let view, _) = node {
        anchors.append((view.name.name, view.properties.last?.range.end ?? view.name.range.end))
      }
    }
    if model.kind == .vfl {
      for name in model.viewOrder {
        if let declared = model.views[name]?.declarationRange { anchors.append((name, declared.end)) }
      }
    }
    let tooltip = "The frame relative to the superview in \(layout.layout.placeList[place].description)"
    var hints: [InlayHint] = []
    for anchor in anchors where anchor.offset >= range.start && anchor.offset <= range.end {
      guard let solved = frames[anchor.name] else { continue }
      var label = ""
      if preferences.showFrames { label = solved.frame.description }
      if preferences.showAmbiguity, !solved.ambiguities.isEmpty {
        label += (label.isEmpty ? "" : " ") + "ambiguous " + solved.ambiguousAxisNames.joined(separator: ", ")
      }
      guard !label.isEmpty else { continue }
      hints.append(InlayHint(offset: anchor.offset, label: label, tooltip: tooltip))
    }
    return hints
  }
}

extension LayoutSnapshot {
  /// Every view's frame in every place, narrowed to a canvas and direction. The layout is
  /// solved even when the text has errors (statements with errors yield no constraints).
  public func frames(canvas: String?, direction: LayoutDirection?) -> FramesAnswer? {
    if let canvas, !model.effectiveCanvases.contains(where: { $0.name == canvas }) { return .unknownCanvas }
    return .frames(LayoutFrames(places: layout.placeFrames(canvas: canvas, direction: direction)))
  }
}
