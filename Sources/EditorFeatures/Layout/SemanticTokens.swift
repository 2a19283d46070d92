import LayoutAnalysis
import LayoutSyntax

/// What a token is, for its colour. The raw values are the order of the language server's
/// legend.
public enum SemanticTokenType: Int, CaseIterable, Sendable {
  case keyword, variable, property, number, `operator`, enumMember, comment, string, label, type
}

/// What else a token is: bits in the order of the language server's legend.
public struct SemanticTokenModifiers: OptionSet, Sendable, Hashable {
  public let rawValue: Int

  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Where a name is declared.
  public static let declaration = SemanticTokenModifiers(rawValue: 1 << 0)
  /// A name that cannot change (a metric).
  public static let readonly = SemanticTokenModifiers(rawValue: 1 << 1)
}

/// One token to colour, by byte range. A token may span lines (a comment never does).
public struct SemanticToken: Sendable, Hashable {
  public var range: SourceRange
  public var type: SemanticTokenType
  public var modifiers: SemanticTokenModifiers = []
}

enum SemanticTokenizer {
  /// Every token of a document, in order and not overlapping.
  static func tokens(_ snapshot: LayoutSnapshot) -> [SemanticToken] {
    let bytes = snapshot.bytes
    let model = snapshot.model
    var tokens: [SemanticToken] = []
    func add(_ range: SourceRange, _ type: SemanticTokenType, _ modifiers: SemanticTokenModifiers = []) {
      guard !range.isEmpty, range.start >= 0, range.end <= bytes.count else { return }
      tokens.append(SemanticToken(range: range, type: type, modifiers: modifiers))
    }
    /// A range without the blanks at its start.
    func trimmed(_ range: SourceRange) -> SourceRange {
      var start = range.start
      while start < range.end, start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
      return SourceRange(start: start, end: range.end)
    }
    /// The word at the start of a statement (its keyword).
    func keyword(at offset: Int) {
      var end = offset
      while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
      add(SourceRange(start: offset, end: end), .keyword)
    }
    func metricOrNumber(_ value: NumericValue, _ range: SourceRange) {
      switch value {
      case .number: add(range, .number)
      case .metric(let name): add(name.range, .variable, [.readonly])
      }
    }
    SyntaxWalker.walk(snapshot.syntax) { node in
      switch node {
      case .canvas(let canvas):
        keyword(at: canvas.range.start)
        add(canvas.name.range, .type, [.declaration])
        if let first = canvas.traits.first {
          // `traits`, the word before the first trait.
          var end = first.range.start
          while end > canvas.range.start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
          var start = end
          while start > canvas.range.start, isWordByte(bytes[start - 1]) { start -= 1 }
          add(SourceRange(start: start, end: end), .keyword)
        }
        for trait in canvas.traits { add(trait.range, .enumMember) }
      case .direction(let direction):
        keyword(at: direction.range.start)
      case .spacing(let spacing):
        keyword(at: spacing.range.start)
      case .metric(let metric):
        keyword(at: metric.range.start)
        add(metric.name.range, .variable, [.declaration, .readonly])
        add(metric.valueRange, .number)
      case .view(let view, _):
        add(view.kind.range, .keyword)
        add(view.name.range, .variable, [.declaration])
      case .property(let property):
        add(property.keyword.range, .keyword)
        // A stack option's value: a name, or a number of points.
        let value = SourceRange(start: property.keyword.range.end, end: property.range.end)
        switch property.value {
        case .stack(.axis), .stack(.distribution), .stack(.alignment), .stack(.spacing(.standard)):
          add(trimmed(value), .enumMember)
        case .stack(.spacing(.points)):
          add(trimmed(value), .number)
        default:
          break
        }
      case .constraint(let constraint, _):
        if let label = constraint.label { add(label.range, .label) }
        add(constraint.relationRange, .operator)
      case .attribute(let reference, _):
        if reference.item.name.name == "super" {
          add(reference.item.name.range, .keyword)
        } else {
          add(reference.item.name.range, .variable)
        }
        if let guide = reference.item.guide { add(guide.range, .property) }
        add(reference.attributeName.range, .property)
      case .number(let term):
        metricOrNumber(term.value, term.range)
      case .priority(let term):
        switch term.value {
        case .number:
          add(SourceRange(start: term.range.start + 1, end: term.range.end), .number)
        case .named(let name, _):
          var start = term.range.start + 1
          while start < term.range.end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
          add(SourceRange(start: start, end: min(term.range.end, start + name.rawValue.utf8.count)), .enumMember)
        case .metric(let name):
          add(name.range, .variable, [.readonly])
        }
      case .format(let statement, _):
        if let orientation = statement.format?.orientationRange { add(orientation, .keyword) }
      case .formatView(let view):
        add(view.name.range, .variable)
      case .predicate(let predicate):
        switch predicate.object {
        case .number(_, let range): add(range, .number)
        case .name(let name):
          if model.metrics[name.name] != nil || model.views[name.name] == nil {
            add(name.range, .variable, [.readonly])
          } else {
            add(name.range, .variable)
          }
        }
        switch predicate.priority {
        case .number(_, let range)?: add(range, .number)
        case .name(let name)?: add(name.range, .variable, [.readonly])
        case nil: break
        }
      case .option(let option):
        add(option.range, .enumMember)
      case .when(let block):
        add(block.keyword, .keyword)
        for trait in block.traits { add(trait.range, .enumMember) }
      }
    }
    tokens += comments(snapshot)
    tokens.sort { $0.range < $1.range }
    var result: [SemanticToken] = []
    for token in tokens where (result.last?.range.end ?? 0) <= token.range.start {
      result.append(token)
    }
    return result
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
  }

  /// `#` to the end of the line, outside double quotes.
  private static func comments(_ snapshot: LayoutSnapshot) -> [SemanticToken] {
    var tokens: [SemanticToken] = []
    let bytes = snapshot.bytes
    for line in 0..<snapshot.lines.lineCount {
      let content = snapshot.lines.contentRange(ofLine: line, within: bytes.count)
      var inQuotes = false
      var offset = content.start
      while offset < content.end {
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\"") {
          inQuotes.toggle()
        } else if byte == UInt8(ascii: "#"), !inQuotes {
          tokens.append(SemanticToken(range: SourceRange(start: offset, end: content.end), type: .comment))
          break
        }
        offset += 1
      }
    }
    return tokens
  }
}

extension LayoutSnapshot {
  /// The tokens that overlap `range` (all of them when nil), from the snapshot's tokens.
  public func semanticTokens(overlapping range: SourceRange?) -> [SemanticToken]? {
    guard let range else { return tokens }
    return tokens.filter { $0.range.end > range.start && $0.range.start < range.end }
  }
}
