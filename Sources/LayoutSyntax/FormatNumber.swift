/// A number the way UIKit's descriptions show it: no trailing `.0`, at most 4 decimals.
public func formatNumber(_ value: Double) -> String {
  guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
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

extension Rect: CustomStringConvertible {
  /// The rectangle as UIKit describes frames, `(x y; w h)`: the one way every message, hover,
  /// inlay hint and `plumb frames` writes a frame.
  public var description: String {
    "(\(formatNumber(x)) \(formatNumber(y)); \(formatNumber(width)) \(formatNumber(height)))"
  }
}
