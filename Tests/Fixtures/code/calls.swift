import UIKit

/// Every call form: Swift 3 and later, Swift 2, and the helper idiom's two spellings.
final class ProfileView: UIView {
  let avatar = UIImageView()
  let name = UILabel()
  let bio = UILabel()

  func layOut() {
    // Swift 3 and later, over several lines, inside activate(…).
    NSLayoutConstraint.activate(
      NSLayoutConstraint.constraints(
        withVisualFormat: "H:|-[avatar(48)]-[name]-|",
        options: [.alignAllTop],
        metrics: nil,
        views: ["avatar": avatar, "name": name]))
    // Swift 2.
    addConstraints(NSLayoutConstraint.constraintsWithVisualFormat(
      "V:|-[avatar]-[bio]-|", options: NSLayoutFormatOptions.AlignAllLeading, metrics: nil,
      views: ["avatar": avatar, "bio": bio]))
    // The helper idiom: views named v0, v1, … by position.
    addConstraintsWithFormat("H:|-[v0]-[v1]-|", views: avatar, bio)
    addConstraintsWithFormat(format: "V:|[v0][v2]|", views: avatar, bio)
    // A misspelt view, an option across the axis, and a syntax error.
    _ = NSLayoutConstraint.constraints(
      withVisualFormat: "H:[avatar]-[nmae]", options: [], metrics: nil, views: ["avatar": avatar, "name": name])
    _ = NSLayoutConstraint.constraints(
      withVisualFormat: "V:[avatar][bio]", options: .alignAllTop, metrics: nil, views: ["avatar": avatar, "bio": bio])
    _ = NSLayoutConstraint.constraints(withVisualFormat: "H:[avatar]-5|", options: [], metrics: nil, views: ["avatar": avatar])
  }

  // A declaration is no call: its format is a parameter.
  func addConstraintsWithFormat(_ format: String, views: UIView...) {
    var dictionary = [String: UIView]()
    for (index, view) in views.enumerated() { dictionary["v\(index)"] = view }
    addConstraints(NSLayoutConstraint.constraints(withVisualFormat: format, options: [], metrics: nil, views: dictionary))
  }
}

// A wrapper of the same name that takes a dictionary: not read as views by position.
extension UIView {
  func layOutAgain(a: UIView, b: UIView, views: [String: UIView]) {
    addConstraintsWithFormat("H:|[a][b]|", views: ["a": a, "b": b])
    addConstraintsWithFormat("H:|[a][c]|", views: ["a": a, "b": b])
    addConstraintsWithFormat("V:|[a][b]|", views: views)
  }
}
