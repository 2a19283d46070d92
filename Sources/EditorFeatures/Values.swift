import LayoutAnalysis
import LayoutSyntax

// The answers of the editor features: plain values in UTF-8 byte offsets (`SourceRange`).
// The language server turns them into the protocol's JSON; nothing here knows JSON or UTF-16.

/// What a symbol of the outline is.
public enum SymbolKind: Sendable, Hashable {
  case namespace
  case `class`
  case property
  case constant
  case array
  case object
}

/// One symbol of a document's outline, with the symbols inside it.
public struct DocumentSymbol: Sendable, Hashable {
  public var name: String
  public var detail: String
  public var kind: SymbolKind
  /// The whole construct (a declaration, an element from its start tag to its end tag).
  public var range: SourceRange
  /// What to select when the symbol is picked: its name.
  public var selection: SourceRange
  public var children: [DocumentSymbol]

  public init(
    name: String, detail: String, kind: SymbolKind, range: SourceRange, selection: SourceRange,
    children: [DocumentSymbol]
  ) {
    self.name = name
    self.detail = detail
    self.kind = kind
    self.range = range
    self.selection = selection
    self.children = children
  }
}

/// One place a name is written, and whether it is the declaration (a write) or a use (a read).
public struct Highlight: Sendable, Hashable {
  public var range: SourceRange
  public var isDeclaration: Bool

  public init(range: SourceRange, isDeclaration: Bool) {
    self.range = range
    self.isDeclaration = isDeclaration
  }
}

/// What a rename would rename: the name's range, and the name to offer for editing.
public struct RenameTarget: Sendable, Hashable {
  public var range: SourceRange
  public var placeholder: String
}

/// Why a rename cannot be done: a message for the person renaming.
public struct RenameError: Error, Sendable, Hashable {
  public var message: String
}

/// What a completion item is, for the icon the editor shows.
public enum CompletionItemKind: Sendable, Hashable {
  case property
  case keyword
  case `class`
  case enumMember
  case constant
}

/// One completion.
public struct CompletionItem: Sendable, Hashable {
  public var label: String
  public var kind: CompletionItemKind
  public var detail: String?
}

/// A range of lines that can be folded: from `startLine` to `endLine`, both 0-based and
/// shown, of the lines the adapter gave (`DocumentLines`).
public struct FoldingRange: Sendable, Hashable {
  public var startLine: Int
  public var endLine: Int
  /// A run of comment lines rather than a block.
  public var isComment: Bool
}

/// What a hover shows: Markdown text, and the range it is about.
public struct HoverContent: Sendable, Hashable {
  public var markdown: String
  public var range: SourceRange
}

/// A label shown in the text after a byte offset.
public struct InlayHint: Sendable, Hashable {
  public var offset: Int
  public var label: String
  public var tooltip: String
}

/// The kind of a code action, a dotted hierarchy as the protocol has it (`quickfix`, `source.…`).
public struct CodeActionKind: RawRepresentable, Sendable, Hashable {
  public var rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// The fix of a finding.
  public static let quickFix = CodeActionKind(rawValue: "quickfix")
  /// Rewrites every left/right as leading/trailing.
  public static let convertToLeadingTrailing = CodeActionKind(rawValue: "source.convertToLeadingTrailing.plumb")

  /// Whether a client that asks `only` for some kinds wants this one: a kind matches itself and
  /// every kind below it (`source` matches `source.convertToLeadingTrailing.plumb`).
  public func isWanted(by only: [String]?) -> Bool {
    guard let only else { return true }
    return only.contains { rawValue == $0 || rawValue.hasPrefix($0 + ".") }
  }
}

/// An edit of the document offered to the user.
public struct CodeAction: Sendable, Hashable {
  public var title: String
  public var kind: CodeActionKind
  /// The edits, in byte ranges of the text the action was computed on.
  public var edits: [TextEdit]
  /// The findings the action fixes.
  public var diagnostics: [Diagnostic]
  public var isPreferred: Bool
}

/// Which place (canvas × direction) frames are shown in, and what inlay hints show.
public struct FramePreferences: Sendable, Hashable {
  /// The canvas whose frames hints show; nil for the file's first.
  public var primaryCanvas: String?
  /// The direction whose frames hints show; nil for the first checked.
  public var primaryDirection: LayoutDirection?
  /// Whether hints show each view's frame.
  public var showFrames: Bool
  /// Whether hints mark views whose frame is ambiguous.
  public var showAmbiguity: Bool

  public init(
    primaryCanvas: String? = nil, primaryDirection: LayoutDirection? = nil, showFrames: Bool = true,
    showAmbiguity: Bool = true
  ) {
    self.primaryCanvas = primaryCanvas
    self.primaryDirection = primaryDirection
    self.showFrames = showFrames
    self.showAmbiguity = showAmbiguity
  }
}

/// The answer to "the frames of this document", narrowed to a canvas and direction.
public enum FramesAnswer {
  /// Every place's frames, narrowed as asked.
  case frames(LayoutFrames)
  /// The document has no canvas of that name.
  case unknownCanvas
}
