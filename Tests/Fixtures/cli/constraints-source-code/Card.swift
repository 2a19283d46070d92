NSLayoutConstraint.constraints(withVisualFormat: "H:|[a]|", options: [], metrics: nil, views: ["a": a])
