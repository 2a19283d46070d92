import UIKit

final class Card: UIView {
  func layOut(title: UILabel, icon: UIImageView) {
    let views = ["title": title, "icon": icon]
    addConstraints(NSLayoutConstraint.constraints(
      withVisualFormat: "H:|-[icon(24)]-[titel]-|", options: [], metrics: nil, views: views))
    addConstraints(NSLayoutConstraint.constraints(
      withVisualFormat: "V:|-[icon]" +
        "-(>=pad)-|", options: .alignAllTop, metrics: nil, views: views))
  }
}
