import LayoutAnalysis
import LayoutSyntax

/// The answer to "the picture of this document", narrowed to a canvas and direction.
public enum PictureAnswer {
  case picture(LayoutPicture)
  /// The document has no canvas of that name.
  case unknownCanvas
}

extension LayoutSnapshot {
  /// The layout drawn in a canvas and direction (every one for nil), solved even when the
  /// text has errors, as its frames are.
  public func picture(canvas: String?, direction: LayoutDirection?, constraints: Bool, diagnostics: [Diagnostic])
    -> PictureAnswer?
  {
    if let canvas, !document.model.effectiveCanvases.contains(where: { $0.name == canvas }) { return .unknownCanvas }
    return .picture(
      LayoutPicture(
        [layout.layout], diagnostics: diagnostics, canvas: canvas, direction: direction, constraints: constraints))
  }
}

extension LayoutSnapshot {
  /// The canvas whose declaration holds `offset`.
  public func canvas(at offset: Int) -> String? {
    document.model.effectiveCanvases.first { canvas in
      canvas.range.map { $0.start <= offset && offset <= $0.end } ?? false
    }?.name
  }
}

extension InterfaceBuilderSnapshot {
  /// The canvas of the scene, top-level view or cell whose XML holds `offset`: the nearest
  /// element around it that is a laid-out view or a view controller.
  public func canvas(at offset: Int) -> String? {
    let elements = self.elements
    var current = elements.element(containing: offset)
    var steps = 0
    while let index = current, let element = elements.element(index), steps < 10_000 {
      if let location = view(atTag: element.tagRange.start) { return canvas(ofUnit: location.unit)?.name }
      if isControllerElement(index), let unit = unit(ofController: index) { return canvas(ofUnit: unit)?.name }
      current = element.parent
      steps += 1
    }
    return nil
  }

  /// Every unit (scene) drawn, or the one whose canvas is `canvas`.
  public func picture(canvas: String?, direction: LayoutDirection?, constraints: Bool, diagnostics: [Diagnostic])
    -> PictureAnswer?
  {
    if let canvas, !units.contains(where: { $0.layout.placeList.contains { $0.canvas.name == canvas } }) {
      return .unknownCanvas
    }
    return .picture(
      LayoutPicture(
        units.map(\.layout), diagnostics: diagnostics, canvas: canvas, direction: direction, constraints: constraints))
  }
}
