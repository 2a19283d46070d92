import UIKit

// Literal forms: escapes, concatenation, multi-line and raw strings; formats known only at
// run time are skipped.
func literals(a: UIView, b: UIView, pad: CGFloat, format: String) {
  let views = ["a": a, "b": b]
  // Escapes: \u{7C} is '|', \t is stripped as whitespace; the error is after them.
  _ = NSLayoutConstraint.constraints(withVisualFormat: "H:\u{7C}-[a]\t-[c]-|", options: [], metrics: nil, views: views)
  // Concatenation: the error is in the third literal.
  _ = NSLayoutConstraint.constraints(
    withVisualFormat: "H:|-[a]" + "-(10)-" + "[b(>=a@2000)]|", options: [], metrics: nil, views: views)
  // A multi-line literal: indentation stripped; the error is on its second line.
  _ = NSLayoutConstraint.constraints(
    withVisualFormat: """
      V:|-[a]
        -[b]--|
      """, options: [], metrics: nil, views: views)
  // A raw string: backslashes are themselves.
  _ = NSLayoutConstraint.constraints(withVisualFormat: #"H:|[a]\[b]|"#, options: [], metrics: nil, views: views)
  // Clean ones.
  _ = NSLayoutConstraint.constraints(withVisualFormat: #"H:|[a][b]|"#, options: [], metrics: nil, views: views)
  _ = NSLayoutConstraint.constraints(withVisualFormat: "H:|-(8)-[a]" + "-[b]-|", options: [], metrics: nil, views: views)
  // Known only at run time: skipped.
  _ = NSLayoutConstraint.constraints(withVisualFormat: "H:|-\(pad)-[a]|", options: [], metrics: nil, views: views)
  _ = NSLayoutConstraint.constraints(
    withVisualFormat: String(format: "H:|-%f-[a]|", pad), options: [], metrics: nil, views: views)
  _ = NSLayoutConstraint.constraints(withVisualFormat: format, options: [], metrics: nil, views: views)
  _ = NSLayoutConstraint.constraints(withVisualFormat: """
    H:|-\(pad)-[zzz]|
    """, options: [], metrics: nil, views: views)
  /* Commented out, with a nested /* comment */: not checked.
  _ = NSLayoutConstraint.constraints(withVisualFormat: "H:[x", options: [], metrics: nil, views: views)
  */
  // _ = NSLayoutConstraint.constraints(withVisualFormat: "H:[y", options: [], metrics: nil, views: views)
  let text = "constraints(withVisualFormat: \"H:[z\", options: [], metrics: nil, views: views)"
  _ = text
  // Empty and non-ASCII formats throw.
  _ = NSLayoutConstraint.constraints(withVisualFormat: "", options: [], metrics: nil, views: views)
  _ = NSLayoutConstraint.constraints(withVisualFormat: "H:|[a]–[b]|", options: [], metrics: nil, views: views)
}
