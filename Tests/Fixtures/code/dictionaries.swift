import UIKit

// Dictionaries: literal in the call, a literal in a local constant, nil, and dictionaries
// built at run time (whose names are not checked).
final class Dictionaries: UIView {
  var sharedViews: [String: UIView] = [:]

  func literalLocals(a: UIView, b: UIView) {
    let views: [String: Any] = ["a": a, "b": b]
    let metrics = ["pad": 12, "wide": 200.5, "low": 250, "dynamic": Double(bounds.width)]
    _ = NSLayoutConstraint.constraints(
      withVisualFormat: "H:|-pad-[a(wide@low)]-(dynamic)-[b]-|", options: [], metrics: metrics, views: views)
    // A metric name with `metrics: nil` throws.
    _ = NSLayoutConstraint.constraints(withVisualFormat: "H:|-pad-[a]|", options: [], metrics: nil, views: views)
    // A metric misspelt.
    _ = NSLayoutConstraint.constraints(withVisualFormat: "H:|-padd-[a]|", options: [], metrics: metrics, views: views)
    // A priority out of range through a literal metric.
    _ = NSLayoutConstraint.constraints(
      withVisualFormat: "H:[a(10@huge)]", options: [], metrics: ["huge": 1001], views: views)
  }

  func runTime(a: UIView, b: UIView, extra: [String: Any]) {
    // A property, a parameter, a changed var, a merged literal: not known, nothing reported.
    _ = NSLayoutConstraint.constraints(withVisualFormat: "H:|[a][zz]|", options: [], metrics: nil, views: sharedViews)
    _ = NSLayoutConstraint.constraints(withVisualFormat: "H:|-m-[a]|", options: [], metrics: extra, views: ["a": a])
    var views = ["a": a]
    views["b"] = b
    _ = NSLayoutConstraint.constraints(withVisualFormat: "H:|[a][b]|", options: [], metrics: nil, views: views)
    let merged = ["a": a].merging(["b": b]) { first, _ in first }
    _ = NSLayoutConstraint.constraints(withVisualFormat: "H:|[a][b]|", options: [], metrics: nil, views: merged)
  }

  func options(a: UIView, b: UIView, chosen: NSLayoutConstraint.FormatOptions) {
    let views = ["a": a, "b": b]
    _ = NSLayoutConstraint.constraints(
      withVisualFormat: "H:[a][b]", options: NSLayoutConstraint.FormatOptions.alignAllCenterY, metrics: nil, views: views)
    _ = NSLayoutConstraint.constraints(
      withVisualFormat: "H:[a][b]", options: [.alignAllLeading, .directionLeftToRight], metrics: nil, views: views)
    _ = NSLayoutConstraint.constraints(
      withVisualFormat: "H:[a]-[b]", options: .spacingBaselineToBaseline, metrics: nil, views: views)
    // A raw value of 0 is no option; another raw value is not read.
    _ = NSLayoutConstraint.constraints(
      withVisualFormat: "H:[a][b]", options: NSLayoutConstraint.FormatOptions(rawValue: 0), metrics: nil, views: views)
    _ = NSLayoutConstraint.constraints(
      withVisualFormat: "V:[a][b]", options: NSLayoutFormatOptions(rawValue: 8), metrics: nil, views: views)
    // Options chosen at run time: not checked.
    _ = NSLayoutConstraint.constraints(withVisualFormat: "H:[a][b]", options: chosen, metrics: nil, views: views)
    // One view: an alignment along the axis is not refused.
    _ = NSLayoutConstraint.constraints(withVisualFormat: "H:|[a]|", options: .alignAllLeading, metrics: nil, views: views)
  }
}

// A method of the same name on another type is the project's own: not read.
enum ExtendedFormat {
  static func constraints(withVisualFormat format: String, options: Int, metrics: [String: Any]?, views: [String: Any]) {}
}
func extended(a: UIView) {
  ExtendedFormat.constraints(withVisualFormat: "H:|[a(50%)]|", options: 0, metrics: nil, views: ["a": a])
}
