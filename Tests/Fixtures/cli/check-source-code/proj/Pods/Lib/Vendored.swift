let c = NSLayoutConstraint.constraints(withVisualFormat: "H:[broken", options: [], metrics: nil, views: [:])
