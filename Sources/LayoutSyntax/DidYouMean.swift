// Suggestions for misspelt words: the closest candidate by edit distance.

/// The candidate closest to `word` by edit distance, when it is close enough to be a typo.
func closestWord(to word: String, among candidates: [String]) -> String? {
  let written = Array(word.lowercased().utf8)
  // A typo is short; a long word is not worth comparing.
  guard written.count <= 64 else { return nil }
  var best: (word: String, distance: Int)?
  for candidate in candidates {
    let distance = editDistance(written, Array(candidate.lowercased().utf8))
    if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
  }
  guard let best else { return nil }
  let limit = max(1, min(3, written.count / 3))
  return best.distance <= limit ? best.word : nil
}

/// The edit distance between two byte strings, counting a swap of neighbours as one edit
/// (the optimal string alignment distance), so that `widht` is one edit from `width`.
func editDistance(_ left: [UInt8], _ right: [UInt8]) -> Int {
  if left.isEmpty { return right.count }
  if right.isEmpty { return left.count }
  let columns = right.count + 1
  var table = [Int](repeating: 0, count: (left.count + 1) * columns)
  for column in 0..<columns { table[column] = column }
  for row in 1...left.count {
    table[row * columns] = row
    for column in 1..<columns {
      let cost = left[row - 1] == right[column - 1] ? 0 : 1
      var best = min(
        table[(row - 1) * columns + column - 1] + cost,
        table[(row - 1) * columns + column] + 1,
        table[row * columns + column - 1] + 1)
      if row > 1, column > 1, left[row - 1] == right[column - 2], left[row - 2] == right[column - 1] {
        best = min(best, table[(row - 2) * columns + column - 2] + 1)
      }
      table[row * columns + column] = best
    }
  }
  return table[left.count * columns + right.count]
}
