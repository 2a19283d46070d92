// Binary search over sorted sequences, shared by the modules that look up positions.

extension RandomAccessCollection {
  /// The first index whose element does not satisfy `belongsBefore`, for a collection in which
  /// every element that satisfies it comes before every element that does not (binary search).
  public func partitionPoint(where belongsBefore: (Element) -> Bool) -> Index {
    var low = startIndex
    var count = self.count
    while count > 0 {
      let half = count / 2
      let middle = index(low, offsetBy: half)
      if belongsBefore(self[middle]) {
        low = index(after: middle)
        count -= half + 1
      } else {
        count = half
      }
    }
    return low
  }
}
