import LayoutSyntax

/// "Did you mean …" for near-miss names.
public enum Suggestions {
  /// The candidate closest to `name`, if it is close enough to be a likely typo.
  ///
  /// Close enough means an edit distance (insertions, deletions, substitutions and
  /// swaps of neighbours, ignoring case) of at most a third of the name's length, at
  /// least 1 and at most 3. Ties go to the candidate listed first.
  public static func closest(to name: String, among candidates: [String]) -> String? {
    let limit = min(3, max(1, name.count / 3))
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where candidate != name {
      let distance = editDistance(name.lowercased(), candidate.lowercased())
      if distance <= limit, distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }

  /// The optimal-string-alignment distance between two strings.
  public static func editDistance(_ left: String, _ right: String) -> Int {
    let a = Array(left.unicodeScalars)
    let b = Array(right.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    // Three rolling rows: two back (for swaps), one back, and the current one.
    var twoBack = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, twoBack[j - 2] + 1)
        }
        current[j] = value
      }
      (twoBack, previous, current) = (previous, current, twoBack)
    }
    return previous[b.count]
  }

  /// For a name that matches nothing: the closest candidate, which the message suggests, and
  /// the preferred fix that renames the name to it (or nil and no fix), from one search.
  static func forUnknown(_ name: Identifier, among candidates: [String]) -> (suggestion: String?, fixes: [Fix]) {
    guard let match = closest(to: name.name, among: candidates) else { return (nil, []) }
    return (
      match,
      [Fix(title: "Rename to '\(match)'", edits: [TextEdit(range: name.range, newText: match)], isPreferred: true)]
    )
  }
}
