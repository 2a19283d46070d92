import LayoutSyntax

/// How the columns of protocol positions are counted, as negotiated in `initialize`.
public enum PositionEncoding: String, Sendable, Hashable {
  /// UTF-8 bytes: what Plumb's ranges are in, offered by Neovim, Helix, Zed and Emacs.
  case utf8 = "utf-8"
  /// UTF-16 code units: the protocol's default, which every client supports.
  case utf16 = "utf-16"
}

/// A position in the protocol's terms: a 0-based line and a 0-based column in the
/// negotiated encoding.
public struct ProtocolPosition: Hashable, Sendable {
  public var line: Int
  public var character: Int

  public init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }
}

/// The line table of a document as the protocol cuts it: lines end at `\n`, `\r\n` or a lone
/// `\r`, so a position never falls between the `\r` and the `\n` of a line ending. Positions
/// from the client are clamped, never trapped on (see `LineIndex`).
extension LineIndex {
  public init(protocolText bytes: [UInt8]) {
    self.init(bytes, breaks: .newlineOrReturn)
  }

  /// The protocol position of a byte offset.
  public func position(of offset: Int, encoding: PositionEncoding) -> ProtocolPosition {
    let position = position(of: offset, countingUTF16: encoding == .utf16)
    return ProtocolPosition(line: position.line, character: position.column)
  }

  /// The byte offset of a protocol position, clamped to the text.
  public func offset(of position: ProtocolPosition, encoding: PositionEncoding) -> Int {
    offset(of: LinePosition(line: position.line, column: position.character), countingUTF16: encoding == .utf16)
  }
}
