import LayoutSyntax

// Size classes: Interface Builder's `<variation key=…>` elements. A view or constraint is
// installed, and has the attributes, frame and font it has, in the base configuration
// (`key="default"`, Xcode's "Any"), overridden in each size class by the variations that
// match it, the most specific one winning.

/// What a `<variation>` key names: `default` (any traits), `widthClass=compact`,
/// `heightClass=regular-widthClass=compact`. Nil for keys of other traits
/// (`userInterfaceIdiom=mac`) or that cannot be read.
func variationCondition(_ key: String?) -> TraitCondition? {
  guard let key else { return nil }
  if key == "default" { return .any }
  var condition = TraitCondition()
  // An empty key or part (`""`, `heightClass=compact-`) cannot be read.
  for part in key.split(separator: "-", omittingEmptySubsequences: false) {
    let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
    guard pair.count == 2, let sizeClass = SizeClass(rawValue: pair[1]) else { return nil }
    switch pair[0] {
    case "widthClass" where condition.horizontal == nil: condition.horizontal = sizeClass
    case "heightClass" where condition.vertical == nil: condition.vertical = sizeClass
    default: return nil
    }
  }
  return condition
}

extension TraitCondition {
  /// How many of the two classes it names: the more, the more specific.
  var specificity: Int { (horizontal == nil ? 0 : 1) + (vertical == nil ? 0 : 1) }
}

/// One size class of a unit as Interface Builder resolves it.
struct SizeClassResolution {
  /// The file with every element's matching variations applied: their attributes (a
  /// constraint's `constant`, a stack view's `axis`) and keyed children (`<rect key="frame">`,
  /// `<fontDescription>`) replace the element's own.
  var tree: XMLTree
  /// The elements whose saved frame is a variation's, with that variation.
  var framedByVariation: [Int: Int] = [:]
  /// Each element's most specific matching variation other than the base configuration.
  var variations: [Int: Int] = [:]

  /// The variations of a non-nil `traits` applied to `tree`; without traits, the tree as it is
  /// (the base configuration).
  init(tree original: XMLTree, traits: SizeClassTraits?) {
    tree = original
    guard let traits else { return }
    // Per element, its matching variations from the least specific to the most (file order
    // among equals), so the most specific is applied last and wins.
    for element in original.nodes.indices {
      let matching = original.children(of: element).compactMap { child -> (Int, Int)? in
        guard let node = original.node(child), node.name == "variation", let condition = variationCondition(node.key),
          condition.specificity > 0, condition.matches(traits)
        else { return nil }
        return (child, condition.specificity)
      }
      guard !matching.isEmpty else { continue }
      let ordered = matching.enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.map(\.element.0)
      for variation in ordered {
        guard let variationNode = original.node(variation) else { continue }
        for (name, value) in variationNode.attributes where name != "key" {
          tree.nodes[element].attributes[name] = value
        }
        for child in variationNode.children {
          guard let childNode = original.node(child), childNode.name != "mask", let key = childNode.key else { continue }
          if let existing = tree.children(of: element).firstIndex(where: { tree.node($0)?.name == childNode.name && tree.node($0)?.key == key }) {
            tree.nodes[element].children[existing] = child
          } else {
            tree.nodes[element].children.append(child)
          }
          if childNode.name == "rect", key == "frame" { framedByVariation[element] = variation }
        }
      }
      variations[element] = ordered.last
    }
  }

  /// The ids of the views and constraints not installed in `traits` (the base configuration's
  /// for nil), among the elements under `start`: each id is decided by the most specific
  /// matching variation whose `<mask>` includes or excludes it (the later one in the file
  /// among equals), else it is installed.
  static func excluded(tree: XMLTree, from start: Int, traits: SizeClassTraits?) -> Set<String> {
    var decisions: [String: (specificity: Int, installed: Bool)] = [:]
    forEachVariation(in: tree, from: start) { element, condition in
      guard condition.specificity == 0 || traits.map(condition.matches) == true else { return }
      for mask in element.children where tree.node(mask)?.name == "mask" {
        for entry in tree.children(of: mask) {
          guard let entryNode = tree.node(entry), let reference = entryNode.attribute("reference"),
            entryNode.name == "exclude" || entryNode.name == "include"
          else { continue }
          if let decided = decisions[reference], decided.specificity > condition.specificity { continue }
          decisions[reference] = (condition.specificity, entryNode.name == "include")
        }
      }
    }
    return Set(decisions.filter { !$0.value.installed }.keys)
  }

  /// Calls `body` with each `<variation>` under `start` whose key Plumb reads, in file order
  /// (not looking inside variations).
  private static func forEachVariation(
    in tree: XMLTree, from start: Int, _ body: (XMLNode, TraitCondition) -> Void
  ) {
    var stack = [start]
    var visited = 0
    while let current = stack.popLast(), visited < tree.nodes.count {
      visited += 1
      guard let element = tree.node(current) else { continue }
      if element.name == "variation" {
        if let condition = variationCondition(element.key) { body(element, condition) }
        continue
      }
      // Children in file order once popped.
      stack += element.children.reversed()
    }
  }

  /// The size classes the variations under `start` match, among `candidates`.
  static func named(in tree: XMLTree, from start: Int, among candidates: [SizeClassTraits]) -> [SizeClassTraits] {
    var found = Set<SizeClassTraits>()
    forEachVariation(in: tree, from: start) { _, condition in
      guard condition.specificity > 0 else { return }
      for candidate in candidates where condition.matches(candidate) { found.insert(candidate) }
    }
    return candidates.filter(found.contains)
  }
}
