import Foundation
import LayoutSyntax

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// One element of an XML document: its name, attributes, children, and where its start tag is.
struct XMLNode {
  var name: String
  var attributes: [String: String]
  var parent: Int?
  var children: [Int] = []
  /// The whole start tag, `<name …>` or `<name …/>`.
  var tagRange: SourceRange
  /// The element name inside the start tag (after `<`).
  var nameRange: SourceRange
  /// The text directly inside the element (for `<string key="userLabel">…</string>`).
  var text: String = ""

  func attribute(_ name: String) -> String? { attributes[name] }
  var key: String? { attributes["key"] }
  var id: String? { attributes["id"] }
}

/// An XML document read with Foundation's parser, with byte ranges for every start tag.
///
/// Hostile input is bounded before the parser sees it: files larger than `maximumSize` are
/// refused, the text is decoded to valid UTF-8 or refused (`XMLText`: the parser traps on a
/// name that is not UTF-8), a document type declaration (the only way to declare entities,
/// and so to expand them) is refused, external entities are never resolved, and nesting
/// deeper than `maximumDepth` stops the parse.
struct XMLTree {
  static let maximumSize = 32 * 1024 * 1024
  static let maximumDepth = 256
  static let maximumElements = 2_000_000

  var nodes: [XMLNode] = []
  var root: Int?
  var diagnostics: [Diagnostic] = []
  /// The document's bytes, which every range refers to: the file's, or their UTF-8
  /// transcoding (`XMLText`).
  var bytes: [UInt8] = []

  func children(of index: Int) -> [Int] {
    guard index >= 0, index < nodes.count else { return [] }
    return nodes[index].children
  }

  func node(_ index: Int) -> XMLNode? {
    index >= 0 && index < nodes.count ? nodes[index] : nil
  }

  /// The first child of `index` with this element name (and key, when given).
  func child(of index: Int, named name: String? = nil, key: String? = nil) -> Int? {
    children(of: index).first { child in
      guard let node = node(child) else { return false }
      return (name == nil || node.name == name) && (key == nil || node.key == key)
    }
  }

  /// - Parameter isUTF8: the bytes are an editor's UTF-8 text: read as they are (see
  ///   `XMLText.decode`), so that every range is a range of that text.
  static func parse(_ file: [UInt8], isUTF8: Bool = false) -> XMLTree {
    var tree = XMLTree()
    tree.bytes = file
    if file.count > maximumSize {
      tree.diagnostics.append(
        Diagnostic(
          code: .interfaceBuilderRefused, severity: .error,
          finding: .fileTooLarge(megabytes: file.count / (1024 * 1024), limit: maximumSize / (1024 * 1024)),
          range: SourceRange(at: 0)))
      return tree
    }
    let text = XMLText.decode(file, isUTF8: isUTF8)
    tree.bytes = text.bytes
    if let problem = text.problem {
      tree.diagnostics.append(
        Diagnostic(code: .interfaceBuilderXML, severity: .error, finding: problem.finding, range: problem.range))
      return tree
    }
    // An empty file (or one of only white space): Xcode cannot open it either, and the
    // parser's "error 5" would not say why.
    let content = text.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? text.bytes.dropFirst(3) : text.bytes[...]
    if content.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
      tree.diagnostics.append(
        Diagnostic(code: .interfaceBuilderXML, severity: .error, finding: .emptyDocument, range: SourceRange(at: 0)))
      return tree
    }
    // The parser's copy differs from the document at most by a blanked `encoding="…"`: the
    // same offsets and lines.
    var bytes = text.parserBytes
    let scan = TagScanner.scan(bytes)
    if let doctype = scan.doctype {
      tree.diagnostics.append(
        Diagnostic(
          code: .interfaceBuilderRefused, severity: .error, finding: .documentTypeDeclaration, range: doctype))
      return tree
    }
    // Foundation's parser on Linux crashes on a processing instruction without data
    // (`<?target?>`, which says nothing), wherever its recovery finds one, even inside a
    // broken tag: every `<?` that opens one is read as spaces.
    XMLText.blank(XMLMarkup(bytes: bytes).instructionsWithoutData(), in: &bytes)
    let delegate = TreeBuilder(tags: scan.tags)
    let parser = XMLParser(data: Data(bytes))
    parser.shouldResolveExternalEntities = false
    parser.shouldProcessNamespaces = false
    parser.shouldReportNamespacePrefixes = false
    parser.delegate = delegate
    let succeeded = parser.parse()
    if let problem = delegate.abortReason {
      tree.diagnostics.append(
        Diagnostic(code: .interfaceBuilderRefused, severity: .error, finding: problem, range: delegate.abortRange ?? SourceRange(at: 0)))
      return tree
    }
    // Foundation on Linux can report success with an error set: either means the XML is bad.
    if !succeeded || parser.parserError != nil {
      let index = LineIndex(bytes)
      let line = max(parser.lineNumber - 1, 0)
      let range = index.contentRange(ofLine: min(line, index.lineCount - 1))
      let parserError = (parser.parserError as NSError?)?.code
      tree.diagnostics.append(
        Diagnostic(
          code: .interfaceBuilderXML, severity: .error, finding: .malformedXML(parserError: parserError),
          range: SourceRange(at: range.start)))
      return tree
    }
    tree.nodes = delegate.nodes
    tree.root = delegate.nodes.isEmpty ? nil : 0
    return tree
  }
}

/// Finds every start tag's byte range in document order, as the parser will report them.
enum TagScanner {
  struct Tag {
    var range: SourceRange
    var nameRange: SourceRange
  }

  static func scan(_ bytes: [UInt8]) -> (tags: [Tag], doctype: SourceRange?) {
    let markup = XMLMarkup(bytes: bytes)
    var tags: [Tag] = []
    var offset = 0
    let count = bytes.count
    while offset < count {
      guard bytes[offset] == UInt8(ascii: "<") else {
        offset += 1
        continue
      }
      let kind = markup.kind(at: offset)
      switch kind {
      case .declaration:
        // <!DOCTYPE …> or <!ENTITY …>: refused by the caller.
        return (tags, SourceRange(start: offset, end: markup.end(of: kind, at: offset)))
      case .comment, .characterData, .instruction, .endTag:
        offset = markup.end(of: kind, at: offset)
      case .startTag:
        // A start tag: up to the `>` outside quotes.
        var cursor = offset + 1
        let nameStart = cursor
        while cursor < count, XMLMarkup.isNameByte(bytes[cursor]) { cursor += 1 }
        let nameRange = SourceRange(start: nameStart, end: cursor)
        var quote: UInt8?
        while cursor < count {
          let byte = bytes[cursor]
          if let open = quote {
            if byte == open { quote = nil }
          } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            quote = byte
          } else if byte == UInt8(ascii: ">") {
            break
          }
          cursor += 1
        }
        let end = min(cursor + 1, count)
        tags.append(Tag(range: SourceRange(start: offset, end: end), nameRange: nameRange))
        offset = end
      }
    }
    return (tags, nil)
  }
}

/// The parser's delegate: builds the element tree, pairing each element with the next
/// scanned start tag.
private final class TreeBuilder: NSObject, XMLParserDelegate {
  let tags: [TagScanner.Tag]
  var nodes: [XMLNode] = []
  var stack: [Int] = []
  var abortReason: Finding?
  var abortRange: SourceRange?

  init(tags: [TagScanner.Tag]) {
    self.tags = tags
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    let index = nodes.count
    let tag = index < tags.count ? tags[index] : (tags.last ?? TagScanner.Tag(range: SourceRange(at: 0), nameRange: SourceRange(at: 0)))
    if stack.count >= XMLTree.maximumDepth || index >= XMLTree.maximumElements {
      abortReason =
        stack.count >= XMLTree.maximumDepth
        ? .nestedTooDeep(limit: XMLTree.maximumDepth) : .tooManyElements(limit: XMLTree.maximumElements)
      abortRange = tag.nameRange
      parser.abortParsing()
      return
    }
    var node = XMLNode(
      name: elementName, attributes: attributes, parent: stack.last, tagRange: tag.range, nameRange: tag.nameRange)
    node.children.reserveCapacity(4)
    nodes.append(node)
    if let parent = stack.last { nodes[parent].children.append(index) }
    stack.append(index)
  }

  func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
    _ = stack.popLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    guard let current = stack.last, nodes[current].text.utf8.count < 4096 else { return }
    nodes[current].text += string
  }

  func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
    Data()
  }
}
