import Foundation
import LayoutAnalysis
import LayoutSyntax
import TestSupport
import XCTest

@testable import EditorFeatures

/// The choice of a language when a document opens, and what each language answers.
final class LanguageChoiceTests: XCTestCase {
  func testTheExtensionDecidesWhateverTheLanguageID() {
    let cases: [(uri: String, languageID: String?, expected: String)] = [
      ("file:///a/player.layout", "layout", "layout"),
      ("file:///a/toolbar.vfl", "layout", "vfl"),
      ("file:///a/TOOLBAR.VFL", nil, "vfl"),
      ("file:///a/Main.storyboard", "xml", "interface-builder"),
      ("file:///a/Cell.XIB?version=2", "layout", "interface-builder"),
      ("untitled:Untitled-1", "vfl", "vfl"),
      ("untitled:Untitled-1", "VFL", "vfl"),
      ("untitled:Untitled-1", "xml", "layout"),
      ("untitled:Untitled-1", nil, "layout"),
      // A dot in a folder name is no extension.
      ("file:///a.storyboard/notes", "vfl", "vfl"),
      // Interface Builder files are known by their extension only.
      ("untitled:Untitled-2", "storyboard", "layout"),
      // Source files: by extension, or by the language ids of their editors.
      ("file:///a/Card.swift", "swift", "swift"),
      ("file:///a/Card.mm", "objective-cpp", "objective-c"),
      ("untitled:Untitled-3", "swift", "swift"),
      ("untitled:Untitled-3", "objective-c", "objective-c"),
    ]
    for (uri, languageID, expected) in cases {
      XCTAssertEqual(
        EditorLanguages.language(forURI: uri, languageID: languageID).name, expected, "\(uri) \(languageID ?? "nil")")
    }
  }
}

/// The command line picks languages by path, and each solves a whole file for it.
final class CommandLineLanguageTests: XCTestCase {
  func testAPathNamesItsLanguageOrNone() {
    let cases: [(path: String, expected: String?)] = [
      ("Examples/clean/login.layout", "layout"), ("a/b.VFL", "vfl"), ("Main.storyboard", "interface-builder"),
      ("Cell.xib", "interface-builder"), ("README.md", nil), ("Sources/App/View.swift", "swift"), ("Makefile", nil),
      ("Card.m", "objective-c"), ("Card.MM", "objective-c"), ("Card.h", nil),
      ("a.layout/notes", nil),
      // A path has no query: a `?` is part of a file's name.
      ("dir/q?x.layout", "layout"), ("dir/a?b/c.xib", "interface-builder"),
    ]
    for (path, expected) in cases {
      XCTAssertEqual(EditorLanguages.language(forPath: path)?.name, expected, path)
    }
    // What the command line says it reads comes from the languages.
    XCTAssertEqual(EditorLanguages.readableExtensions, ".layout, .vfl, .storyboard, .xib, .swift, .m or .mm")
  }

  /// A layout file is solved as `SolvedLayout` solves it, and an Interface Builder file's
  /// `canvas` picks one scene.
  func testEachLanguageSolvesAWholeFile() throws {
    let text = "canvas phone 320x480\nlabel a\nH:|-[a]-|\na.width == 10\n"
    let solved = LayoutLanguage.layout.solve(bytes: Array(text.utf8), canvas: nil, solveWithErrors: false)
    let expected = SolvedLayout(document: LayoutDocument(text: text, kind: .layout)).diagnostics
    XCTAssertEqual(solved.diagnostics, expected)
    XCTAssertTrue(solved.diagnostics.contains { $0.code == .conflict }, "\(solved.diagnostics.map(\.message))")
    XCTAssertEqual(solved.layouts.count, 1)

    let url = fixturesDirectory("lsp").appendingPathComponent("ib-settings.storyboard")
    let bytes = [UInt8](try Data(contentsOf: url))
    let language = try XCTUnwrap(EditorLanguages.language(forPath: url.path))
    let all = language.solve(bytes: bytes, canvas: nil, solveWithErrors: true)
    XCTAssertFalse(all.layouts.isEmpty)
    let first = try XCTUnwrap(all.layouts.first?.document.model.canvases.first?.name)
    let one = language.solve(bytes: bytes, canvas: first, solveWithErrors: true)
    XCTAssertEqual(one.layouts.map { $0.document.model.canvases.first?.name }, [first])
  }
}

final class InterfaceBuilderLanguageTests: XCTestCase {
  private func snapshot(_ name: String) throws -> any EditorSnapshot {
    let url = fixturesDirectory("lsp").appendingPathComponent(name)
    let bytes = [UInt8](try Data(contentsOf: url))
    let language = EditorLanguages.language(forURI: url.absoluteString, languageID: "xml")
    XCTAssertEqual(language.name, "interface-builder")
    return language.makeAnalyzer().analyse(bytes: bytes, lines: LineIndex(bytes, breaks: .newlineOrReturn), change: nil)
  }

  /// Ids are Interface Builder's to assign and the XML is Xcode's to write.
  func testFeaturesThatMakeNoSenseOnXMLAnswerNil() throws {
    let file = try snapshot("ib-settings.storyboard")
    XCTAssertNil(file.renameTarget(at: 100))
    XCTAssertNil(file.rename(at: 100, to: "x"))
    XCTAssertNil(file.completions(at: 100))
    XCTAssertNil(file.semanticTokens(overlapping: nil))
    XCTAssertNil(file.formattingEdits())
  }

  func testTheOutlineAndFramesComeFromTheXML() throws {
    let file = try snapshot("ib-settings.storyboard")
    let symbols = try XCTUnwrap(file.documentSymbols())
    XCTAssertTrue(symbols.contains { $0.kind == .namespace && $0.name.hasSuffix(" Scene") }, "\(symbols.map(\.name))")
    guard case .frames(let frames)? = file.frames(canvas: nil, direction: nil) else {
      return XCTFail("no frames")
    }
    XCTAssertFalse(frames.places.isEmpty)
    XCTAssertTrue(frames.places.allSatisfy { $0.place.direction == .ltr })
    guard case .unknownCanvas? = file.frames(canvas: "no such scene", direction: nil) else {
      return XCTFail("an unknown canvas is not reported")
    }
  }
}

final class LayoutLanguageTests: XCTestCase {
  private func snapshot(_ text: String, kind: FileKind = .layout) throws -> LayoutSnapshot {
    let bytes = Array(text.utf8)
    return try XCTUnwrap(
      LayoutLanguage(kind: kind).makeAnalyzer().analyse(bytes: bytes, lines: LineIndex(bytes, breaks: .newlineOrReturn), change: nil) as? LayoutSnapshot)
  }

  private func offset(of needle: String, in text: String, occurrence: Int = 0) -> Int {
    var searchStart = text.startIndex
    var found = text.startIndex
    for _ in 0...occurrence {
      guard let range = text.range(of: needle, range: searchStart..<text.endIndex) else { return -1 }
      found = range.lowerBound
      searchStart = range.upperBound
    }
    return text.utf8.distance(from: text.utf8.startIndex, to: found)
  }

  func testNavigationAndRenameInByteOffsets() throws {
    let text = "metric gap = 8\nview Card {\n  label Title\n  Title.top == super.top + gap\n}\nH:|-gap-[Card]-gap-|\n"
    let layout = try snapshot(text)
    let use = offset(of: "gap", in: text, occurrence: 1)
    let declaration = offset(of: "gap", in: text)
    XCTAssertEqual(layout.definition(at: use), SourceRange(start: declaration, end: declaration + 3))
    XCTAssertEqual(layout.references(at: use, includeDeclaration: false)?.count, 3)
    XCTAssertEqual(layout.highlights(at: use)?.filter(\.isDeclaration).count, 1)
    // `super` in Card's body is Card.
    let card = offset(of: "Card", in: text)
    XCTAssertEqual(layout.definition(at: offset(of: "super", in: text)), SourceRange(start: card, end: card + 4))
    XCTAssertEqual(layout.renameTarget(at: use)?.placeholder, "gap")
    guard case .success(let edits)? = layout.rename(at: use, to: "spacing2") else { return XCTFail("no rename") }
    XCTAssertEqual(edits.count, 4)
    XCTAssertTrue(edits.allSatisfy { $0.newText == "spacing2" })
    guard case .failure(let taken)? = layout.rename(at: use, to: "Title") else { return XCTFail("renamed onto a view") }
    XCTAssertEqual(taken.message, "'Title' is already the name of a view")
    guard case .failure(let reserved)? = layout.rename(at: use, to: "super") else { return XCTFail("renamed to super") }
    XCTAssertEqual(reserved.message, "'super' is reserved")
  }

  func testHintsAndHoversAreInTheSnapshotsTerms() throws {
    let text = "canvas phone 320x480\nview Box\nH:|-10-[Box]-10-|\nV:|-20-[Box(100)]\n"
    let layout = try snapshot(text)
    let hints = try XCTUnwrap(layout.inlayHints(in: SourceRange(start: 0, end: text.utf8.count), preferences: FramePreferences()))
    XCTAssertEqual(hints.map(\.label), ["(10 20; 300 100)"])
    XCTAssertEqual(hints.first?.offset, offset(of: "Box", in: text) + 3)
    let hover = try XCTUnwrap(layout.hover(at: offset(of: "Box", in: text), preferences: FramePreferences()))
    XCTAssertTrue(hover.markdown.contains("frame `(10 20; 300 100)`"), hover.markdown)
    let none = layout.inlayHints(
      in: SourceRange(start: 0, end: text.utf8.count), preferences: FramePreferences(showFrames: false, showAmbiguity: false))
    XCTAssertEqual(none, [])
  }

  /// The hover of an ambiguous view gives, in each place, the values each open part of its
  /// frame can take and another frame; right to left, the frame's x goes the other way.
  func testTheHoverOfAnAmbiguousViewGivesItsRanges() throws {
    let text = "canvas phone 320x480\ndirection both\nview Box\nH:|-(>=10)-[Box]-(>=10)-|\nV:|-20-[Box(100)]\n"
      + "image Icon insets (2, 2, 2, 2)\nH:|-(>=8)-[Icon(20)]\nV:|-200-[Icon(20)]\n"
    let layout = try snapshot(text)
    let box = try XCTUnwrap(layout.hover(at: offset(of: "Box", in: text), preferences: FramePreferences()))
    XCTAssertTrue(
      box.markdown.contains(
        "- phone (wC hR), left-to-right: frame `(10 20; 0 100)`; **ambiguous** horizontal position and size (x from 10 to "
          + "310, width from 0 to 300), could also be `(10 20; 300 100)`"), box.markdown)
    let icon = try XCTUnwrap(layout.hover(at: offset(of: "Icon", in: text), preferences: FramePreferences()))
    XCTAssertTrue(
      icon.markdown.contains(
        "- phone (wC hR), left-to-right: frame `(6 198; 24 24)`, alignment rectangle `(8 200; 20 20)`; **ambiguous** "
          + "horizontal position (x from 6 up), could also be `(106 198; 24 24)`"), icon.markdown)
    XCTAssertTrue(
      icon.markdown.contains(
        "- phone (wC hR), right-to-left: frame `(290 198; 24 24)`, alignment rectangle `(292 200; 20 20)`; **ambiguous** "
          + "horizontal position (x up to 290), could also be `(190 198; 24 24)`"), icon.markdown)
  }

  /// A format's views are aligned across its axis: UIKit refuses the other options.
  func testAlignmentOptionsFitTheFormatsAxis() throws {
    let horizontal = "view a\nview b\n\"H:|[a]-[b]|\" "
    let options = try XCTUnwrap(try snapshot(horizontal, kind: .layout).completions(at: horizontal.utf8.count)).map(\.label)
    XCTAssertTrue(options.contains("alignAllTop") && options.contains("alignAllLastBaseline"), "\(options)")
    XCTAssertFalse(
      options.contains("alignAllLeft") || options.contains("alignAllRight") || options.contains("alignAllLeading")
        || options.contains("alignAllCenterX"), "\(options)")
    XCTAssertTrue(options.contains("directionLeadingToTrailing"))
    let vertical = "view a\nview b\n\"V:|[a]-[b]|\" "
    let verticalOptions = try XCTUnwrap(try snapshot(vertical, kind: .layout).completions(at: vertical.utf8.count)).map(\.label)
    XCTAssertTrue(verticalOptions.contains("alignAllLeading") && verticalOptions.contains("alignAllCenterX"))
    XCTAssertFalse(verticalOptions.contains("alignAllTop") || verticalOptions.contains("alignAllFirstBaseline"))
  }

  /// Stack views in the editor: completion of options and of their values, tokens for the
  /// values, the outline, hovers that show the generated constraints, and formatting of the
  /// body.
  func testStackViews() throws {
    let text = """
      canvas phone 320x480
      stack Row axis vertical spacing standard alignment center {
        label a intrinsic 40x20
        view b hidden
      }
      Row.top == super.top

      """
    let layout = try snapshot(text)
    // Completion after the name, and after an option.
    let header = "stack Row "
    let options = try XCTUnwrap(try snapshot(header).completions(at: header.utf8.count)).map(\.label)
    XCTAssertTrue(options.contains("distribution") && options.contains("marginsRelative") && options.contains("hidden"))
    let axis = "stack Row axis vertical alignment "
    let alignments = try XCTUnwrap(try snapshot(axis).completions(at: axis.utf8.count)).map(\.label)
    XCTAssertEqual(alignments, ["fill", "leading", "center", "trailing"])
    let distribution = "stack Row distribution "
    XCTAssertEqual(
      try XCTUnwrap(try snapshot(distribution).completions(at: distribution.utf8.count)).map(\.label),
      ["fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering"])
    // Option values are enum members; `hidden` is a keyword.
    let tokens = try XCTUnwrap(layout.semanticTokens(overlapping: nil))
    func type(at needle: String) -> SemanticTokenType? {
      let start = offset(of: needle, in: text)
      return tokens.first { $0.range.start == start }?.type
    }
    XCTAssertEqual(type(at: "vertical"), .enumMember)
    XCTAssertEqual(type(at: "standard"), .enumMember)
    XCTAssertEqual(type(at: "center"), .enumMember)
    XCTAssertEqual(type(at: "spacing"), .keyword)
    XCTAssertEqual(type(at: "hidden"), .keyword)
    XCTAssertEqual(type(at: "stack"), .keyword)
    // The outline: the stack and its arranged views.
    let symbols = try XCTUnwrap(layout.documentSymbols())
    let row = try XCTUnwrap(symbols.first { $0.name == "Row" })
    XCTAssertEqual(row.detail, "stack, vertical")
    XCTAssertEqual(row.children.map(\.name), ["a", "b"])
    // A hover on the stack lists its options and what it generates, with UIKit's identifiers.
    let hover = try XCTUnwrap(layout.hover(at: offset(of: "Row", in: text), preferences: FramePreferences()))
    XCTAssertTrue(hover.markdown.contains("axis vertical, distribution fill, alignment center, spacing standard (8)"), hover.markdown)
    XCTAssertTrue(hover.markdown.contains("arranged views: `a`, `b` (hidden)"), hover.markdown)
    XCTAssertTrue(hover.markdown.contains("`'UISV-hiding' b.height == 0 @999.999`"), hover.markdown)
    XCTAssertTrue(hover.markdown.contains("`'UISV-canvas-connection' Row.centerX == a.centerX`"), hover.markdown)
    // A hover on an option shows the constraints it makes.
    let option = try XCTUnwrap(layout.hover(at: offset(of: "center", in: text), preferences: FramePreferences()))
    XCTAssertTrue(option.markdown.contains("'UISV-alignment' a.centerX == b.centerX"), option.markdown)
    // The body is indented like any view's.
    let messy = "stack Row {\nlabel a\n      view b hidden\n}\n"
    let formatted = LayoutFormatter.apply(try XCTUnwrap(try snapshot(messy).formattingEdits()), to: Array(messy.utf8))
    XCTAssertEqual(String(decoding: formatted, as: UTF8.self), "stack Row {\n  label a\n  view b hidden\n}\n")
  }

  func testVisualFormatFilesAreLayoutsWithoutDeclarations() throws {
    let layout = try snapshot("H:|[a]-[b]|\n", kind: .vfl)
    // Every line is a format: at its start, the views.
    XCTAssertEqual(try XCTUnwrap(layout.completions(at: 0)).map(\.label), ["a", "b"])
    // In a .vfl file a view is declared where it is first used.
    XCTAssertEqual(layout.highlights(at: 4)?.map(\.isDeclaration), [true])
  }
}

/// The editor layer knows no JSON and no protocol: it imports neither JSONRPC nor Foundation
/// (whose JSON it could otherwise reach for), nor the language server.
final class LayerBoundaryTests: XCTestCase {
  func testTheLayerImportsNoJSON() throws {
    let sources = fixtureFiles(in: packageRoot().appendingPathComponent("Sources/EditorFeatures"), extensions: ["swift"])
    XCTAssertGreaterThan(sources.count, 10)
    let allowed: Set<String> = ["LayoutSyntax", "LayoutAnalysis", "InterfaceBuilder", "SourceCode"]
    for file in sources {
      let text = try String(contentsOf: file, encoding: .utf8)
      for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
        let module = String(line.split(separator: " ").last ?? "")
        XCTAssertTrue(allowed.contains(module), "\(file.lastPathComponent) imports \(module)")
      }
    }
  }

  /// The editor shows what `plumb check` shows: suppression comments apply to a document's findings.
  func testSuppressionCommentsApplyInTheEditor() throws {
    let bytes = Array("view a # plumb: ignore ambiguous, zero-size\nview b # plumb: ignore conflict\n".utf8)
    let snapshot = LayoutLanguage(kind: .layout).makeAnalyzer().analyse(
      bytes: bytes, lines: LineIndex(bytes, breaks: .newlineOrReturn), change: nil)
    let lines = LineIndex(bytes)
    let found = snapshot.diagnostics.map { "\(lines.utf8Position(of: $0.range.start).line) \($0.code)" }
    XCTAssertFalse(found.contains("0 ambiguous"))
    XCTAssertFalse(found.contains("0 zero-size"))
    XCTAssertTrue(found.contains("1 ambiguous"))
    XCTAssertTrue(found.contains("1 unused-suppression"))
  }
}
