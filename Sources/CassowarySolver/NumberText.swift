/// Numbers as short text, for every description Plumb writes: the solver's own dumps and,
/// through `LayoutAnalysis.formatNumber`, every message, frame and constraint a user reads.
public enum NumberText {
  /// A number without a trailing `.0`, rounded to `decimals` places (UIKit's descriptions
  /// show at most 4), or in full precision when `decimals` is nil (a solver dump must not
  /// hide a coefficient of 1e-12). Zero is `0` whatever its sign; infinities and NaN are
  /// `inf`, `-inf` and `nan`.
  public static func short(_ value: Double, decimals: Int? = 4) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
    var rounded = value
    if let decimals {
      var scale = 1.0
      for _ in 0..<max(decimals, 0) { scale *= 10 }
      rounded = (value * scale).rounded() / scale
    }
    if rounded == rounded.rounded(), abs(rounded) < 1e15 {
      let whole = Int64(rounded)
      return whole == 0 ? "0" : String(whole)
    }
    var text = String(rounded)
    if text.contains("e") { return text }
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}
