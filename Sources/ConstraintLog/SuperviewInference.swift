/// What a report says about views' superviews, where its entries leave the superview unnamed.
///
/// In UIKit an autoresizing constraint relates a view only to its superview: `X.minX == 0`
/// is measured in it, and `X.width == S.width` names it. A Visual Format entry's `|` is the
/// view's superview too (`names: '|':S` gives it). Plumb reads an unnamed superview as an item
/// of its own, "the superview of X", one per view; this joins it to the view the report's
/// other entries identify as that superview, or, when none does, to the unnamed superview of
/// a view spaced from X in a Visual Format entry (`[a]-(8)-[b]`, the form written between
/// views of one superview). Both are inferences, and a minimal set that relies on one lists it.
public struct SuperviewLink: Equatable, Sendable {
  /// The unnamed superview, `LogItem(superviewOf: X)`.
  public var placeholder: LogItem
  /// What it is taken to be: the superview another entry names, or another view's unnamed superview.
  public var superview: LogItem
  /// The addresses of the entries it is inferred from, in list order.
  public var evidence: [String]
  /// Whether it rests on views spaced in a Visual Format entry being siblings.
  public var bySpacing: Bool
}

enum SuperviewInference {
  /// The links for every unnamed superview the constraints use whose view's superview other
  /// entries identify, or share with a sibling's.
  static func links(_ constraints: [LogConstraint]) -> [SuperviewLink] {
    var sets = ViewSets()
    var spacings: Set<String> = []
    for constraint in constraints {
      let address = constraint.address
      if constraint.kind == .autoresizing, let second = constraint.second, second.item.superviewOf == nil,
        constraint.first.item.superviewOf == nil, second.item.key != constraint.first.item.key
      {
        // `X.width == S.width` (autoresizing): S is X's superview.
        sets.name(constraint.first.item.key, superview: second.item, evidence: address)
      } else if constraint.visualFormat == .edge, let superview = constraint.superview {
        // `|-(8)-[X]` with `'|':S`: S is X's superview.
        for term in [constraint.first] + (constraint.second.map { [$0] } ?? [])
        where term.item.key != superview.key && term.item.superviewOf == nil {
          sets.name(term.item.key, superview: superview, evidence: address)
        }
      } else if constraint.visualFormat == .spacing, let second = constraint.second {
        // `[A]-(8)-[B]`: A and B are taken to share a superview.
        sets.join(second.item.key, constraint.first.item.key, evidence: address)
        spacings.insert(address)
      }
    }
    let position = Dictionary(constraints.enumerated().map { ($0.element.address, $0.offset) }, uniquingKeysWith: min)
    var links: [SuperviewLink] = []
    var seen: Set<String> = []
    for constraint in constraints {
      for term in [constraint.first] + (constraint.second.map { [$0] } ?? []) {
        guard let view = term.item.superviewOf, seen.insert(view).inserted else { continue }
        let root = sets.find(view)
        let superview: LogItem
        if let named = sets.superview[root] {
          // A view is not its own superview (a log that says so contradicts itself).
          guard named.key != view else { continue }
          superview = named
        } else if root != view {
          superview = LogItem(className: "", address: nil, superviewOf: root)
        } else {
          continue
        }
        let evidence = (sets.evidence[root] ?? []).sorted { (position[$0] ?? 0) < (position[$1] ?? 0) }
        links.append(
          SuperviewLink(
            placeholder: term.item, superview: superview, evidence: evidence,
            bySpacing: evidence.contains { spacings.contains($0) }))
      }
    }
    return links
  }
}

/// Views grouped by a shared superview (union–find over view keys), with the superview when
/// an entry names it and the entries each group rests on.
private struct ViewSets {
  var parent: [String: String] = [:]
  var superview: [String: LogItem] = [:]
  var evidence: [String: Set<String>] = [:]

  mutating func find(_ key: String) -> String {
    var root = key
    while let next = parent[root], next != root { root = next }
    var node = key
    while let next = parent[node], next != root {
      parent[node] = root
      node = next
    }
    return root
  }

  /// X's superview is S — unless the group already has another (a log that disagrees with
  /// itself keeps what it said first).
  mutating func name(_ view: String, superview item: LogItem, evidence address: String) {
    let root = find(view)
    if let known = superview[root] {
      if known.key == item.key { evidence[root, default: []].insert(address) }
      return
    }
    superview[root] = item
    evidence[root, default: []].insert(address)
  }

  /// A and B share a superview — unless their groups name different ones.
  mutating func join(_ a: String, _ b: String, evidence address: String) {
    let rootA = find(a)
    let rootB = find(b)
    guard rootA != rootB else { return }
    if let one = superview[rootA], let other = superview[rootB], one.key != other.key { return }
    parent[rootB] = rootA
    if superview[rootA] == nil, let named = superview[rootB] { superview[rootA] = named }
    evidence[rootA, default: []].formUnion(evidence[rootB] ?? [])
    evidence[rootA, default: []].insert(address)
  }
}
