import LayoutSyntax

/// The elements of an Interface Builder file as its tags write them: every start tag with
/// its attributes and their byte ranges, where each element ends, and which attributes
/// name another element by its `id`.
///
/// It is found by scanning the text, not by parsing it, so it exists for any bytes: a file
/// being edited is seldom well-formed, and its ids and elements are still where they are.
/// On a well-formed file its elements are the parser's, in the same order, with the same
/// start tags.
public struct XMLElementIndex: Sendable {
  /// An attribute as written in a start tag.
  public struct Attribute: Sendable, Hashable {
    public var name: String
    public var nameRange: SourceRange
    /// The value with its character and entity references replaced.
    public var value: String
    /// The value's text, inside its quotes.
    public var valueRange: SourceRange
  }

  /// An element: its start tag and, when it is closed, its end.
  public struct Element: Sendable {
    public var name: String
    /// The name inside the start tag.
    public var nameRange: SourceRange
    /// The start tag, `<` to `>` (or as far as it goes when it is not finished).
    public var tagRange: SourceRange
    /// The whole element, from its start tag to the end of its end tag. An element that is
    /// never closed ends where an enclosing element ends, or at the end of the text.
    public var range: SourceRange
    public var attributes: [Attribute]
    public var parent: Int?
    public var children: [Int] = []

    /// The value of an attribute.
    public func attribute(_ name: String) -> String? {
      attributes.first { $0.name == name }?.value
    }

    public var id: String? { attribute("id") }
    public var key: String? { attribute("key") }
  }

  /// An attribute whose value is the `id` of an element: `firstItem`, `secondItem`,
  /// `destination`, `reference`, `initialViewController`, ….
  public struct Reference: Sendable, Hashable {
    /// The element whose attribute it is.
    public var element: Int
    /// The attribute's index in that element.
    public var attribute: Int
    /// The element it names.
    public var target: Int
    /// The attribute's value.
    public var valueRange: SourceRange
  }

  /// Attributes that hold ids; other attributes count as references only when their value
  /// is an id that is not a plain number (old files number their objects, and a `tag="1"`
  /// names nothing).
  static let referenceAttributes: Set<String> = [
    "firstItem", "secondItem", "destination", "reference", "initialViewController",
  ]

  /// Every element, in the order of their start tags.
  public let elements: [Element]
  /// Elements by `id`: the first element with each id.
  public let elementsByID: [String: Int]
  /// Every reference, in text order.
  public let references: [Reference]

  /// Scans a text. Texts larger than the reader accepts, and elements beyond its limit,
  /// are not indexed.
  public init(bytes: [UInt8]) {
    guard bytes.count <= XMLTree.maximumSize else {
      elements = []
      elementsByID = [:]
      references = []
      return
    }
    let found = XMLElementScanner.scan(bytes)
    var byID: [String: Int] = [:]
    for (index, element) in found.enumerated() {
      if let id = element.id, !id.isEmpty, byID[id] == nil { byID[id] = index }
    }
    var references: [Reference] = []
    for (index, element) in found.enumerated() {
      for (position, attribute) in element.attributes.enumerated() where attribute.name != "id" {
        guard let target = byID[attribute.value], target != index else { continue }
        let isNumber = attribute.value.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-") }
        guard !isNumber || XMLElementIndex.referenceAttributes.contains(attribute.name) else { continue }
        references.append(Reference(element: index, attribute: position, target: target, valueRange: attribute.valueRange))
      }
    }
    elements = found
    elementsByID = byID
    self.references = references
  }

  public func element(_ index: Int) -> Element? {
    index >= 0 && index < elements.count ? elements[index] : nil
  }

  /// The element whose start tag holds `offset` (its end included, so a cursor right after
  /// `>` still counts).
  public func element(inTagAt offset: Int) -> Int? {
    // Start tags do not overlap: the last one starting at or before the offset.
    guard let candidate = element(startingAtOrBefore: offset), elements[candidate].tagRange.end >= offset else {
      return nil
    }
    return candidate
  }

  /// The innermost element whose whole range holds `offset`.
  public func element(containing offset: Int) -> Int? {
    guard var current = element(startingAtOrBefore: offset) else { return nil }
    var steps = 0
    while steps <= elements.count {
      let range = elements[current].range
      if range.start <= offset, offset < range.end || (offset == range.end && range.isEmpty) { return current }
      guard let parent = elements[current].parent else { return nil }
      current = parent
      steps += 1
    }
    return nil
  }

  private func element(startingAtOrBefore offset: Int) -> Int? {
    let low = elements.partitionPoint { $0.tagRange.start <= offset }
    return low > 0 ? low - 1 : nil
  }

  /// The attribute whose value holds `offset`, its quotes included.
  public func attribute(at offset: Int) -> (element: Int, attribute: Int)? {
    guard let index = element(inTagAt: offset) else { return nil }
    for (position, attribute) in elements[index].attributes.enumerated()
    where attribute.valueRange.start - 1 <= offset && offset <= attribute.valueRange.end + 1 {
      return (index, position)
    }
    return nil
  }

  /// The element an attribute's value names, when it is a reference.
  public func target(ofAttribute attribute: Int, in element: Int) -> Int? {
    references.first { $0.element == element && $0.attribute == attribute }?.target
  }

  /// Every reference to an element.
  public func references(to target: Int) -> [Reference] {
    references.filter { $0.target == target }
  }

  /// The range of an element's `id` value.
  public func idRange(of element: Int) -> SourceRange? {
    self.element(element)?.attributes.first { $0.name == "id" }?.valueRange
  }

  /// The children of an element with this name (and key, when given).
  public func children(of element: Int, named name: String? = nil, key: String? = nil) -> [Int] {
    (self.element(element)?.children ?? []).filter { child in
      (name == nil || elements[child].name == name) && (key == nil || elements[child].key == key)
    }
  }

  // MARK: - Names

  /// What Interface Builder's outline calls an element: `Image View` for `imageView`.
  public static func kindName(_ element: String) -> String {
    Elements.humanized(element)
  }

  /// A name a developer recognises an element by, from its own attributes: its label, its
  /// text, title or placeholder, its class, or its kind. For a file the reader could not
  /// read, where the analysis' names are not known.
  public func displayName(of index: Int) -> String {
    guard let element = element(index) else { return "View" }
    if let label = element.attribute("userLabel"), !label.isEmpty { return label }
    for name in ["text", "title", "placeholder"] {
      if let text = element.attribute(name), !text.isEmpty {
        let line = text.replacingNewlines()
        return "\"\(line.count > 25 ? String(line.prefix(25)) + "…" : line)\""
      }
    }
    // An iOS 15 button's title is its configuration's (its `<state>` says "Button").
    for child in element.children where elements[child].name == "buttonConfiguration" {
      if let title = elements[child].attribute("title"), !title.isEmpty { return "\"\(title.replacingNewlines())\"" }
    }
    for child in element.children where elements[child].name == "state" {
      if let title = elements[child].attribute("title"), !title.isEmpty { return "\"\(title.replacingNewlines())\"" }
    }
    if let customClass = element.attribute("customClass"), !customClass.isEmpty { return customClass }
    return Elements.humanized(element.name)
  }

  // MARK: - Intrinsic sizes

  /// Where the reader takes the intrinsic content size of a view element from.
  public enum IntrinsicSizeSource: Sendable, Equatable {
    /// `placeholderIntrinsicWidth` or `placeholderIntrinsicHeight`.
    case placeholder
    /// An IBDesignable's measured `intrinsicContentSize`.
    case designable
    /// The size of its image in `<resources>`.
    case image
    /// Estimated: the file does not store what the content measures.
    case estimated
    /// UIKit's own, whatever the content (a picker view's).
    case uikit
    /// The view has none.
    case none
  }

  /// How the reader arrives at a view element's intrinsic size (see docs/interface-builder.md).
  public func intrinsicSizeSource(of index: Int) -> IntrinsicSizeSource {
    guard let element = element(index) else { return .none }
    if element.attribute("placeholderIntrinsicWidth") != nil || element.attribute("placeholderIntrinsicHeight") != nil {
      return .placeholder
    }
    if let id = element.id, isDesignable(id) { return .designable }
    var attributes: [String: String] = [:]
    for attribute in element.attributes { attributes[attribute.name] = attribute.value }
    // An image written as `<imageReference key="image" …>` (see `Elements.withImageReference`).
    if element.name == "imageView", attributes["image"] == nil,
      let reference = children(of: index, named: "imageReference", key: "image").first
    {
      attributes["image"] = elements[reference].attribute("image")
      attributes["catalog"] = elements[reference].attribute("catalog")
    }
    // AppKit controls measure their content as the saved frame says (`AppKit.intrinsic`).
    if elements.first(where: { $0.parent == nil })?.attribute("targetRuntime") == "MacOSX.Cocoa" {
      return AppKit.measuring.contains(element.name) ? .estimated : .none
    }
    switch Elements.intrinsic(element.name, attributes: attributes) {
    case .none:
      return .none
    case .heightOnly:
      return .estimated
    case .fixed:
      return .uikit
    case .both:
      if element.name == "imageView", attributes["catalog"] != "system", let image = attributes["image"],
        hasImageResource(named: image)
      {
        return .image
      }
      return .estimated
    }
  }

  private func topLevel(_ name: String) -> [Int] {
    guard let root = elements.indices.first(where: { elements[$0].parent == nil && elements[$0].name == "document" })
    else { return [] }
    return children(of: root, named: name)
  }

  private func isDesignable(_ id: String) -> Bool {
    topLevel("designables").contains { container in
      children(of: container).contains { elements[$0].attribute("name") == id }
    }
  }

  private func hasImageResource(named name: String) -> Bool {
    topLevel("resources").contains { container in
      children(of: container, named: "image").contains { elements[$0].attribute("name") == name }
    }
  }
}

extension String {
  fileprivate func replacingNewlines() -> String {
    String(map { $0.isNewline ? " " : $0 })
  }
}

/// The scan behind `XMLElementIndex`: start tags, end tags, and what to skip (comments,
/// CDATA, processing instructions, declarations).
///
/// Bad input is taken as far as it goes: a start tag ends at `>` outside quotes or before
/// the next `<` (which no well-formed tag contains), an end tag closes the nearest open
/// element of its name and every element opened after it, and an end tag that matches
/// nothing is skipped.
enum XMLElementScanner {
  static func scan(_ bytes: [UInt8]) -> [XMLElementIndex.Element] {
    let markup = XMLMarkup(bytes: bytes)
    var elements: [XMLElementIndex.Element] = []
    var open: [Int] = []
    let count = bytes.count
    var offset = 0
    let isSpace = XMLMarkup.isSpace
    let isNameByte = XMLMarkup.isNameByte
    func text(_ start: Int, _ end: Int) -> String {
      String(decoding: bytes[start..<end], as: UTF8.self)
    }

    while offset < count, elements.count < XMLTree.maximumElements {
      guard bytes[offset] == UInt8(ascii: "<") else {
        offset += 1
        continue
      }
      let kind = markup.kind(at: offset)
      if kind != .endTag && kind != .startTag {
        offset = markup.end(of: kind, at: offset)
      } else if kind == .endTag {
        var cursor = offset + 2
        while cursor < count, isNameByte(bytes[cursor]) { cursor += 1 }
        let name = text(offset + 2, cursor)
        while cursor < count, bytes[cursor] != UInt8(ascii: ">"), bytes[cursor] != UInt8(ascii: "<") { cursor += 1 }
        let end = cursor < count && bytes[cursor] == UInt8(ascii: ">") ? cursor + 1 : cursor
        if let position = open.lastIndex(where: { elements[$0].name == name }) {
          // Elements opened inside it and never closed end where it ends.
          for unclosed in open[(position + 1)...] { elements[unclosed].range.end = offset }
          elements[open[position]].range.end = end
          open.removeSubrange(position...)
        }
        offset = max(end, offset + 2)
      } else {
        let tagStart = offset
        var cursor = offset + 1
        while cursor < count, isNameByte(bytes[cursor]) { cursor += 1 }
        let nameRange = SourceRange(start: offset + 1, end: cursor)
        var attributes: [XMLElementIndex.Attribute] = []
        var selfClosing = false
        var finished = false
        while cursor < count {
          let byte = bytes[cursor]
          if isSpace(byte) {
            cursor += 1
          } else if byte == UInt8(ascii: ">") {
            cursor += 1
            finished = true
            break
          } else if byte == UInt8(ascii: "/") {
            if cursor + 1 < count, bytes[cursor + 1] == UInt8(ascii: ">") {
              selfClosing = true
              cursor += 2
              finished = true
              break
            }
            cursor += 1
          } else if byte == UInt8(ascii: "<") {
            break
          } else if isNameByte(byte) {
            let attributeStart = cursor
            while cursor < count, isNameByte(bytes[cursor]) { cursor += 1 }
            let attributeNameRange = SourceRange(start: attributeStart, end: cursor)
            var look = cursor
            while look < count, isSpace(bytes[look]) { look += 1 }
            guard look < count, bytes[look] == UInt8(ascii: "=") else { continue }
            look += 1
            while look < count, isSpace(bytes[look]) { look += 1 }
            guard look < count, bytes[look] == UInt8(ascii: "\"") || bytes[look] == UInt8(ascii: "'") else {
              cursor = look
              continue
            }
            let quote = bytes[look]
            let valueStart = look + 1
            var valueEnd = valueStart
            var hasReference = false
            while valueEnd < count, bytes[valueEnd] != quote, bytes[valueEnd] != UInt8(ascii: "<") {
              if bytes[valueEnd] == UInt8(ascii: "&") { hasReference = true }
              valueEnd += 1
            }
            let terminated = valueEnd < count && bytes[valueEnd] == quote
            // An unterminated value (a tag being typed) ends with its last character.
            if !terminated {
              while valueEnd > valueStart, isSpace(bytes[valueEnd - 1]) { valueEnd -= 1 }
            }
            attributes.append(
              XMLElementIndex.Attribute(
                name: text(attributeNameRange.start, attributeNameRange.end), nameRange: attributeNameRange,
                value: hasReference ? decodeReferences(text(valueStart, valueEnd)) : text(valueStart, valueEnd),
                valueRange: SourceRange(start: valueStart, end: valueEnd)))
            cursor = terminated ? valueEnd + 1 : max(valueEnd, cursor + 1)
          } else {
            // A stray quote or `=`.
            cursor += 1
          }
        }
        // An unfinished tag ends with its last character, not with the space before the next tag.
        var tagEnd = cursor
        while !finished, tagEnd > nameRange.end, isSpace(bytes[tagEnd - 1]) { tagEnd -= 1 }
        let tagRange = SourceRange(start: tagStart, end: tagEnd)
        let index = elements.count
        var element = XMLElementIndex.Element(
          name: text(nameRange.start, nameRange.end), nameRange: nameRange, tagRange: tagRange,
          range: SourceRange(start: tagStart, end: count), attributes: attributes, parent: open.last)
        if selfClosing || !finished { element.range.end = tagEnd }
        elements.append(element)
        if let parent = open.last { elements[parent].children.append(index) }
        if finished && !selfClosing { open.append(index) }
        offset = max(cursor, offset + 1)
      }
    }
    return elements
  }

  /// Replaces `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and `&#…;` references; anything
  /// else is kept as written.
  static func decodeReferences(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let ampersand = rest.firstIndex(of: "&") {
      result += rest[..<ampersand]
      let after = rest[rest.index(after: ampersand)...]
      guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
        result.append("&")
        rest = after
        continue
      }
      let entity = after[..<semicolon]
      var replacement: String?
      switch entity {
      case "amp": replacement = "&"
      case "lt": replacement = "<"
      case "gt": replacement = ">"
      case "quot": replacement = "\""
      case "apos": replacement = "'"
      default:
        if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
          replacement = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        } else if entity.hasPrefix("#") {
          replacement = UInt32(entity.dropFirst(1)).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
      }
      if let replacement {
        result += replacement
        rest = after[after.index(after: semicolon)...]
      } else {
        result.append("&")
        rest = after
      }
    }
    result += rest
    return result
  }
}
