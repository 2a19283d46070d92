import UIKit

extension UIView {
  func layOut(a: UIView, b: UIView) {
    // pin(_:options:metrics:views:) takes a dictionary, as UIKit's method does.
    pin("H:|-[a]-[c]-|", options: [], metrics: nil, views: ["a": a, "b": b])
    // stack(_:views:) takes the views themselves, named item0, item1, … by position.
    stack("V:|[item0][item1][item2]|", views: a, b)
    // addConstraintsWithFormat is recognised without configuration.
    addConstraintsWithFormat("H:|[v0]-pad-|", views: a)
  }
}

extension UIView {
  // place(_:bindings:) takes a dictionary under another label.
  func layOutAgain(a: UIView) {
    place("H:|[a][b]|", bindings: ["a": a])
  }
}
