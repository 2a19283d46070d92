// What an edit did to a text, and how positions of the old text move with it.

/// One contiguous change between two versions of a text: the bytes `start..<oldEnd` of the
/// old text became the bytes `start..<newEnd` of the new one; everything before and after
/// is the same.
public struct TextChange: Hashable, Sendable {
  public var start: Int
  public var oldEnd: Int
  public var newEnd: Int

  public init(start: Int, oldEnd: Int, newEnd: Int) {
    self.start = start
    self.oldEnd = max(start, oldEnd)
    self.newEnd = max(start, newEnd)
  }

  /// How far text after the change moved.
  public var delta: Int { newEnd - oldEnd }

  /// The smallest change that turns `old` into `new`: their common start and end are kept
  /// (the end is never counted into the start). Nil when the texts are equal.
  public static func between(_ old: [UInt8], _ new: [UInt8]) -> TextChange? {
    old.withUnsafeBufferPointer { a in
      new.withUnsafeBufferPointer { b in
        let limit = min(a.count, b.count)
        var prefix = 0
        while prefix < limit, a[prefix] == b[prefix] { prefix += 1 }
        if prefix == a.count && prefix == b.count { return nil }
        var suffix = 0
        while suffix < limit - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        return TextChange(start: prefix, oldEnd: a.count - suffix, newEnd: b.count - suffix)
      }
    }
  }

  /// `change`, which the caller vouches turns `old` into `new` (the bytes outside it are
  /// equal), without the bytes at its ends that did not change, at the cost of the change's
  /// length rather than the texts'. Nil when the texts are equal. When `change` does not fit
  /// the texts' lengths, the texts are compared instead (`between`).
  public static func narrowed(_ change: TextChange, old: [UInt8], new: [UInt8]) -> TextChange? {
    guard change.fits(oldCount: old.count, newCount: new.count) else { return between(old, new) }
    return old.withUnsafeBufferPointer { a in
      new.withUnsafeBufferPointer { b in
        var start = change.start
        while start < change.oldEnd, start < change.newEnd, a[start] == b[start] { start += 1 }
        var oldEnd = change.oldEnd
        var newEnd = change.newEnd
        while oldEnd > start, newEnd > start, a[oldEnd - 1] == b[newEnd - 1] {
          oldEnd -= 1
          newEnd -= 1
        }
        if start == oldEnd, start == newEnd { return nil }
        return TextChange(start: start, oldEnd: oldEnd, newEnd: newEnd)
      }
    }
  }

  /// Whether the change can describe a text of `oldCount` bytes becoming one of `newCount`:
  /// it lies inside both, and the same number of bytes follow it in each.
  public func fits(oldCount: Int, newCount: Int) -> Bool {
    start >= 0 && oldEnd <= oldCount && newEnd <= newCount && oldCount - oldEnd == newCount - newEnd
  }

  /// The one change that does what `self` and then `next` (a change of the text `self`
  /// produced) do together: from the first byte either touches to the last, in the old text
  /// and in the newest. It may cover bytes that neither changed, never fewer than both did.
  public func followed(by next: TextChange) -> TextChange {
    // In the text between the two changes, everything from `join` on is after both: it was
    // at `join - delta` in the old text and is at `join + next.delta` in the newest.
    let join = max(newEnd, next.oldEnd)
    return TextChange(start: min(start, next.start), oldEnd: join - delta, newEnd: join + next.delta)
  }

  /// Where an offset of the old text is in the new one, for offsets outside the changed
  /// bytes: before the change it stays, after it moves by `delta`. (An offset inside the
  /// change has no true counterpart; it is kept, clamped to the new text's change.)
  public func map(_ offset: Int) -> Int {
    if offset >= oldEnd { return offset + delta }
    return min(offset, newEnd)
  }

  public func map(_ range: SourceRange) -> SourceRange {
    SourceRange(start: map(range.start), end: map(range.end))
  }
}

// MARK: - Moving a syntax tree with its text

extension Identifier {
  public func moved(by change: TextChange) -> Identifier {
    Identifier(name: name, range: change.map(range))
  }
}

extension Statement {
  /// The same statement with every range of the old text mapped to the new one.
  public func moved(by change: TextChange) -> Statement {
    switch self {
    case .canvas(var node):
      node.name = node.name.moved(by: change)
      node.traits = node.traits.map { $0.moved(by: change) }
      node.range = change.map(node.range)
      return .canvas(node)
    case .direction(var node):
      node.range = change.map(node.range)
      return .direction(node)
    case .spacing(var node):
      node.range = change.map(node.range)
      return .spacing(node)
    case .metric(var node):
      node.name = node.name.moved(by: change)
      node.valueRange = change.map(node.valueRange)
      node.range = change.map(node.range)
      return .metric(node)
    case .view(let node):
      return .view(node.moved(by: change))
    case .constraint(let node):
      return .constraint(node.moved(by: change))
    case .visualFormat(let node):
      return .visualFormat(node.moved(by: change))
    case .when(let node):
      return .when(node.moved(by: change))
    }
  }
}

extension ViewDeclaration {
  public func moved(by change: TextChange) -> ViewDeclaration {
    ViewDeclaration(
      kind: kind.moved(by: change), name: name.moved(by: change),
      properties: properties.map { property in
        ViewProperty(value: property.value, keyword: property.keyword.moved(by: change), range: change.map(property.range))
      },
      body: body.map { $0.moved(by: change) }, bodyRange: bodyRange.map(change.map), range: change.map(range))
  }
}

extension AttributeReference {
  public func moved(by change: TextChange) -> AttributeReference {
    AttributeReference(
      item: ItemReference(
        name: item.name.moved(by: change), guide: item.guide?.moved(by: change), range: change.map(item.range)),
      attribute: attribute, attributeName: attributeName.moved(by: change), range: change.map(range))
  }
}

extension NumericTerm {
  public func moved(by change: TextChange) -> NumericTerm {
    var copy = self
    if case .metric(let name) = value { copy.value = .metric(name.moved(by: change)) }
    copy.range = change.map(range)
    return copy
  }
}

extension PriorityTerm {
  public func moved(by change: TextChange) -> PriorityTerm {
    var copy = self
    if case .metric(let name) = value { copy.value = .metric(name.moved(by: change)) }
    copy.range = change.map(range)
    return copy
  }
}

extension ConstraintStatement {
  public func moved(by change: TextChange) -> ConstraintStatement {
    ConstraintStatement(
      label: label?.moved(by: change), first: first.moved(by: change), relation: relation,
      relationRange: change.map(relationRange), second: second?.moved(by: change),
      multiplier: multiplier?.moved(by: change), constant: constant?.moved(by: change),
      priority: priority?.moved(by: change), range: change.map(range))
  }
}

extension VisualFormatStatement {
  public func moved(by change: TextChange) -> VisualFormatStatement {
    VisualFormatStatement(
      isQuoted: isQuoted, formatRange: change.map(formatRange), format: format?.moved(by: change),
      options: options.map { $0.moved(by: change) }, range: change.map(range))
  }
}

extension VisualFormat {
  public func moved(by change: TextChange) -> VisualFormat {
    VisualFormat(
      orientation: orientation, orientationRange: orientationRange.map(change.map),
      leadingSuperview: leadingSuperview?.moved(by: change),
      views: views.map { view in
        VFLView(
          name: view.name.moved(by: change), predicates: view.predicates.map { $0.moved(by: change) },
          range: change.map(view.range))
      },
      connections: connections.map { $0.moved(by: change) }, trailingSuperview: trailingSuperview?.moved(by: change),
      range: change.map(range))
  }
}

extension VFLSuperviewEdge {
  public func moved(by change: TextChange) -> VFLSuperviewEdge {
    VFLSuperviewEdge(barRange: change.map(barRange), connection: connection.moved(by: change))
  }
}

extension VFLConnection {
  public func moved(by change: TextChange) -> VFLConnection {
    switch kind {
    case .flush, .standard:
      return VFLConnection(kind: kind, range: change.map(range))
    case .predicates(let predicates):
      return VFLConnection(kind: .predicates(predicates.map { $0.moved(by: change) }), range: change.map(range))
    }
  }
}

extension VFLPredicate {
  public func moved(by change: TextChange) -> VFLPredicate {
    var copy = self
    copy.relationRange = relationRange.map(change.map)
    switch object {
    case .number(let value, let range): copy.object = .number(value, range: change.map(range))
    case .name(let name): copy.object = .name(name.moved(by: change))
    }
    switch priority {
    case .number(let value, let range)?: copy.priority = .number(value, range: change.map(range))
    case .name(let name)?: copy.priority = .name(name.moved(by: change))
    case nil: break
    }
    copy.range = change.map(range)
    return copy
  }
}

extension Diagnostic {
  /// The same diagnostic with its ranges, related places, quoted constraints and fixes
  /// mapped to the new text.
  public func moved(by change: TextChange) -> Diagnostic {
    var copy = mappingQuotes { quote in
      var moved = quote
      moved.range = change.map(quote.range)
      return moved
    }
    copy.range = change.map(range)
    copy.related = copy.related.map { RelatedInformation(range: change.map($0.range), role: $0.role) }
    copy.fixes = fixes.map { fix in
      var moved = fix
      moved.edits = fix.edits.map { TextEdit(range: change.map($0.range), newText: $0.newText) }
      return moved
    }
    return copy
  }
}
