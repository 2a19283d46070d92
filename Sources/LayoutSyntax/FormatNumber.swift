/// A number the way UIKit's descriptions show it: no trailing `.0`, at most 4 decimals.
public func formatNumber(_ value: Double) -> String {
  guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
  // Beyond 1e15 a double has no decimals to round (and `value * 10_000` could overflow).
  guard abs(value) < 1e15 else {
    let text = String(value)
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }
  let rounded = (value * 10_000).rounded() / 10_000
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

/// A number that may be far from a point's scale, for messages about such numbers: as
/// `formatNumber`, except that a nonzero number it would round to 0 is written in full
/// (`1e-12`).
public func formatMagnitude(_ value: Double) -> String {
  if value != 0, value.isFinite, abs(value) < 0.00005 { return String(value) }
  return formatNumber(value)
}

extension Rect: CustomStringConvertible {
  /// The rectangle as UIKit describes frames, `(x y; w h)`: the one way every message, hover,
  /// inlay hint and `plumb frames` writes a frame.
  public var description: String {
    "(\(formatNumber(x)) \(formatNumber(y)); \(formatNumber(width)) \(formatNumber(height)))"
  }
}
