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

extension InterfaceBuilderSnapshot {
  /// Every unit (scene) drawn, or the one whose canvas is `canvas`.
  public func picture(canvas: String?, direction: LayoutDirection?, constraints: Bool, diagnostics: [Diagnostic])
    -> PictureAnswer?
  {
    if let canvas, !units.contains(where: { $0.layout.places.contains { $0.place.canvas.name == canvas } }) {
      return .unknownCanvas
    }
    return .picture(
      LayoutPicture(
        units.map(\.layout), diagnostics: diagnostics, canvas: canvas, direction: direction, constraints: constraints))
  }
}
