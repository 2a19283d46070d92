import UIKit

extension UIView {
  func layOut(a: UIView, b: UIView) {
    // pin(_:options:metrics:views:), named in .plumb.json, takes a dictionary.
    pin("H:|-[a]-[c]-|", options: [], metrics: nil, views: ["a": a, "b": b])
    // stack(_:views:) takes the views themselves, named item0, item1, … by position.
    stack("V:|[item0][item1][item2]|", views: a, b)
    // A suppression comment silences a finding on its line.
    pin("H:|[a][b][d]|", options: [], metrics: nil, views: ["a": a, "b": b])  // plumb: ignore unknown-view
    // plumb: ignore unknown-metric
    pin("H:|[a][b]|", options: [], metrics: nil, views: ["a": a, "b": b])
  }
}
