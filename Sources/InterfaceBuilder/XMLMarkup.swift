import LayoutSyntax

/// The markup of an XML text at the byte level, shared by the two scans of Interface Builder
/// files: `TagScanner` (start tags of a well-formed file, to give the parser's elements their
/// byte ranges) and `XMLElementScanner` (every element of any text, for the editor).
struct XMLMarkup {
  /// What begins at a `<`.
  enum Kind: Equatable {
    /// `<!-- … -->`, `<![CDATA[ … ]]>` and `<? … ?>`: skipped to their terminator.
    case comment, characterData, instruction
    /// `<!DOCTYPE …>`, `<!ENTITY …>`: up to the next `>`.
    case declaration
    /// `</name …>`.
    case endTag
    /// `<name …>`.
    case startTag
  }

  let bytes: [UInt8]

  private static let commentStart = Array("<!--".utf8)
  private static let commentEnd = Array("-->".utf8)
  private static let characterDataStart = Array("<![CDATA[".utf8)
  private static let characterDataEnd = Array("]]>".utf8)
  private static let instructionStart = Array("<?".utf8)
  private static let instructionEnd = Array("?>".utf8)
  private static let declarationStart = Array("<!".utf8)
  private static let closingBracket = Array(">".utf8)
  private static let endTagStart = Array("</".utf8)

  /// The kind of markup at `offset`, which holds a `<`.
  func kind(at offset: Int) -> Kind {
    if starts(with: XMLMarkup.commentStart, at: offset) { return .comment }
    if starts(with: XMLMarkup.characterDataStart, at: offset) { return .characterData }
    if starts(with: XMLMarkup.instructionStart, at: offset) { return .instruction }
    if starts(with: XMLMarkup.declarationStart, at: offset) { return .declaration }
    if starts(with: XMLMarkup.endTagStart, at: offset) { return .endTag }
    return .startTag
  }

  /// Where markup of a kind that is skipped whole (comments, character data, instructions,
  /// declarations) ends, when it starts at `offset`; the end of the text if it never ends.
  func end(of kind: Kind, at offset: Int) -> Int {
    switch kind {
    case .comment: skip(past: XMLMarkup.commentEnd, from: offset + XMLMarkup.commentStart.count)
    case .characterData: skip(past: XMLMarkup.characterDataEnd, from: offset + XMLMarkup.characterDataStart.count)
    case .instruction: skip(past: XMLMarkup.instructionEnd, from: offset + XMLMarkup.instructionStart.count)
    case .declaration, .endTag, .startTag: skip(past: XMLMarkup.closingBracket, from: offset + 2)
    }
  }

  /// Every `<?target?>` in the text, wherever it stands (inside a broken tag too): processing
  /// instructions with no data, only white space, if anything, between target and `?>`.
  func instructionsWithoutData() -> [SourceRange] {
    var found: [SourceRange] = []
    var offset = 0
    while offset + 1 < bytes.count {
      guard bytes[offset] == UInt8(ascii: "<"), bytes[offset + 1] == UInt8(ascii: "?") else {
        offset += 1
        continue
      }
      var cursor = offset + XMLMarkup.instructionStart.count
      while cursor < bytes.count, XMLMarkup.isNameByte(bytes[cursor]), bytes[cursor] != UInt8(ascii: "?") { cursor += 1 }
      while cursor < bytes.count, XMLMarkup.isSpace(bytes[cursor]) { cursor += 1 }
      if starts(with: XMLMarkup.instructionEnd, at: cursor) {
        found.append(SourceRange(start: offset, end: cursor + XMLMarkup.instructionEnd.count))
      }
      offset = max(cursor, offset + 1)
    }
    return found
  }

  func starts(with pattern: [UInt8], at position: Int) -> Bool {
    guard position >= 0, position + pattern.count <= bytes.count else { return false }
    for index in pattern.indices where bytes[position + index] != pattern[index] { return false }
    return true
  }

  /// The offset just past the first `terminator` at or after `position`; the end of the
  /// text when there is none.
  func skip(past terminator: [UInt8], from position: Int) -> Int {
    guard let first = terminator.first else { return position }
    var cursor = max(position, 0)
    while cursor + terminator.count <= bytes.count {
      if bytes[cursor] == first, starts(with: terminator, at: cursor) { return cursor + terminator.count }
      cursor += 1
    }
    return bytes.count
  }

  static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

  /// Whether a byte can be part of an element or attribute name, taken loosely: anything but
  /// white space and the characters that end a name in a tag.
  static func isNameByte(_ byte: UInt8) -> Bool {
    !isSpace(byte) && byte != UInt8(ascii: "/") && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "<")
      && byte != UInt8(ascii: "=") && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
  }
}
