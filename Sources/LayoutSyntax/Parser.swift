// Placeholder: the parser is being written.
public enum Parser {
  public static func parse(_ bytes: [UInt8], kind: FileKind) -> LayoutFile {
    LayoutFile(kind: kind, statements: [], diagnostics: [])
  }
}
