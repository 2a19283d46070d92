import LayoutSyntax
import XCTest

/// The renderer, case by case: each finding kind, conflict member, related role, place list
/// and note with a representative subject, and the exact text it becomes.
final class DiagnosticMessageTests: XCTestCase {
  private let at = SourceRange(start: 10, end: 20)
  private let frame = Rect(x: 0, y: 8, width: 100.5, height: 0)

  private func quote(_ text: String, written: Bool = true, label: String? = nil, id: String? = nil) -> ConstraintQuote {
    ConstraintQuote(range: at, text: text, isWritten: written, label: label, identifier: id)
  }

  private func text(
    _ finding: Finding, places: FindingPlaces = .everywhere, notes: [FindingNote] = [], severity: Severity = .error
  ) -> String {
    Diagnostic(code: .syntax, severity: severity, finding: finding, range: at, places: places, notes: notes).message
  }

  func testEveryFindingKind() {
    let table: [(Finding, String)] = [
      (.syntax("expected ':' after 'V'"), "expected ':' after 'V'"),
      (.duplicateCanvas("iPad"), "canvas 'iPad' is already declared"),
      (.duplicateMetric("gap"), "metric 'gap' is already declared"),
      (.duplicateView("Title"), "view 'Title' is already declared; view names must be unique in a file"),
      (
        .whenNeverLaidOut(
          condition: TraitCondition(horizontal: .regular, vertical: .compact),
          canvases: [NamedTraits(name: "phone", traits: SizeClassTraits(horizontal: .compact, vertical: .regular))]),
        "this 'when' block is never laid out: it is for canvases with the traits wR hC, and the file has only the canvas phone (wC hR)"
      ),
      (
        .whenNeverLaidOut(
          condition: nil,
          canvases: [
            NamedTraits(name: "a", traits: SizeClassTraits(horizontal: .compact, vertical: .regular)),
            NamedTraits(name: "b", traits: SizeClassTraits(horizontal: .regular, vertical: .regular)),
          ]),
        "this 'when' block is never laid out: it is for traits that contradict each other (the enclosing 'when' blocks ask for others), and the file has only the canvases a (wC hR), b (wR hR)"
      ),
      (.reservedViewName("super", names: .enclosing), "'super' is reserved: it names the enclosing view; choose another name"),
      (.reservedViewName("root", names: .root), "'root' is reserved: it names the root view; choose another name"),
      (.notALayoutGuide("frame"), "'frame' is not a layout guide; views have 'safeArea', 'margins' and 'readable'"),
      (
        .guideOfGuide(guide: "readable", of: "Gap"),
        "'Gap' is a layout guide, which has no 'readable'; only views have layout guides of their own"
      ),
      (
        .layoutGuideInFormat("Gap"),
        "'Gap' is a layout guide; a Visual Format string arranges views only (UIKit raises for a guide in its views "
          + "dictionary), so constrain a guide with equations"
      ),
      (
        .invalidAttributePair(.guideAttribute(guide: "Gap", attribute: "firstBaseline")),
        "'Gap' is a layout guide, which has no 'firstBaseline': UIKit's layout guides have edges, centres, width and "
          + "height, but no baselines and no margins"
      ),
      (.unknownView("Titel", suggestion: "Title"), "'Titel' is not a declared view; did you mean 'Title'?"),
      (.unknownView("Zed", suggestion: nil), "'Zed' is not a declared view"),
      (.unknownMetric("gapp", suggestion: "gap"), "'gapp' is not a declared metric; did you mean 'gap'?"),
      (.invalidPriority(0), "Invalid priority specified: 0. Priority must be greater than 0"),
      (.invalidPriority(-.infinity), "Invalid priority specified: -inf. Priority must be greater than 0"),
      (
        .invalidPriority(1000.5),
        "Invalid priority specified: 1000.5. Priority cannot be higher than NSLayoutPriorityRequired, which is 1000."
      ),
      (
        .invalidAttributePair(.positionToConstant(.left)),
        "a constraint cannot set the position 'left' to a constant: UIKit only lets a size equal a constant. Relate "
          + "it to another item's attribute, e.g. 'super.left + 20'"
      ),
      (
        .invalidAttributePair(.positionToSize(position: .left, size: .width)),
        "a constraint cannot relate the position 'left' to the size 'width': UIKit only relates positions to "
          + "positions and sizes to sizes"
      ),
      (
        .invalidAttributePair(.differentAxes(.top, .left)),
        "a constraint cannot relate the vertical attribute 'top' to the horizontal attribute 'left'"
      ),
      (
        .invalidAttributePair(.mixedDirections(.leading, .left)),
        "a constraint cannot relate 'leading' to 'left': UIKit does not mix leading/trailing with left/right "
          + "attributes, which disagree in right-to-left layouts"
      ),
      (
        .notAKeyInViews("Boddy", suggestion: "Body"),
        "Boddy is not a key in the views dictionary: no view 'Boddy' is declared; did you mean 'Body'?"
      ),
      (
        .unknownFormatMetric("margni", suggestion: nil),
        "Encountered metric with name \"margni\", but value was not specified in metrics or views dictionaries: "
          + "declare it with 'metric margni = …'"
      ),
      (
        .notInViewsDictionary("titel", suggestion: "title"),
        "titel is not a key in the views dictionary; did you mean 'title'?"
      ),
      (
        .notInFormatDictionaries("pad", suggestion: nil),
        "Encountered metric with name \"pad\", but value was not specified in metrics or views dictionaries"
      ),
      (
        .spaceEqualToView,
        "It's not possible to set a space equal to the width or height of a view.  Perhaps you want to use a view "
          + "as a spacer? [view1][spacer(==view1)][view2]"
      ),
      (
        .unknownOption("alignAllTopp", suggestion: "alignAllTop"),
        "'alignAllTopp' is not an NSLayoutFormatOptions option; did you mean 'alignAllTop'?"
      ),
      (
        .alignmentAlongFormat(option: "alignAllLeft", orientation: .horizontal),
        "Options mask required views to be aligned on a horizontal edge, which is not allowed for layout that is "
          + "also horizontal. ('alignAllLeft' in an H: format)"
      ),
      (
        .alignmentAlongFormat(option: "alignAllTop", orientation: .vertical),
        "Options mask required views to be aligned on a vertical edge, which is not allowed for layout that is "
          + "also vertical. ('alignAllTop' in a V: format)"
      ),
      (
        .contradictoryDirection("directionRightToLeft", previous: "directionLeftToRight"),
        "'directionRightToLeft' contradicts 'directionLeftToRight': a format has one direction"
      ),
      (.baselineSpacingInHorizontalFormat, "BaselineToBaseline format option not valid for horizontal layout"),
      (
        .stackOptionIgnored(.baselineRelativeInHorizontalStack(stack: "Row")),
        "'baselineRelative' does nothing in the horizontal stack 'Row': UIKit measures the spacing between "
          + "baselines only in vertical stacks"
      ),
      (
        .stackOptionIgnored(.baselineAlignmentInVerticalStack(stack: "Column", alignment: "firstBaseline")),
        "'alignment firstBaseline' aligns nothing across the vertical stack 'Column': UIKit aligns baselines only "
          + "in horizontal stacks, so nothing determines the arranged views' horizontal positions; use leading, "
          + "center, trailing or fill"
      ),
      (
        .notASubview("Dot", bar: "root", superview: "Icon"),
        "Unable to interpret '|' character: here '|' is 'root', but 'Dot' is not a direct subview of 'root' "
          + "(its superview is 'Icon')"
      ),
      (
        .notASubview("Card", bar: "Card", superview: nil),
        "Unable to interpret '|' character: here '|' is 'Card', but 'Card' is not a direct subview of 'Card' "
          + "(it is the root view)"
      ),
      (
        .ambiguous(
          Ambiguity(
            view: "Shim", axis: .horizontal, position: true, size: true, alternative: frame,
            positionRange: FrameRange(lowest: 16, highest: 255.5), sizeRange: FrameRange(lowest: 0, highest: nil))),
        "'Shim' has an ambiguous horizontal layout: its horizontal position and width are not determined by its "
          + "constraints: its x can be anything from 16 to 255.5, and its width anything from 0 up; it could also "
          + "be at (0 8; 100.5 0)."
      ),
      (
        .ambiguous(
          Ambiguity(
            view: "Shim", axis: .horizontal, position: true, size: true, alternative: frame,
            positionRange: nil, sizeRange: FrameRange(lowest: 0, highest: 40))),
        "'Shim' has an ambiguous horizontal layout: its horizontal position and width are not determined by its "
          + "constraints: its width can be anything from 0 to 40; it could also be at (0 8; 100.5 0)."
      ),
      (
        .ambiguous(
          Ambiguity(
            view: "Shim", axis: .vertical, position: false, size: true, alternative: frame,
            sizeRange: FrameRange(lowest: 10, highest: 50))),
        "'Shim' has an ambiguous vertical layout: its height is not determined by its constraints: it can be "
          + "anything from 10 to 50; it could also be at (0 8; 100.5 0)."
      ),
      (
        .ambiguous(
          Ambiguity(
            view: "Shim", axis: .vertical, position: true, size: false, alternative: frame,
            positionRange: FrameRange(lowest: nil, highest: -0.00004), sizeRange: nil)),
        "'Shim' has an ambiguous vertical layout: its vertical position is not determined by its constraints: its "
          + "y can be anything up to 0; it could also be at (0 8; 100.5 0)."
      ),
      (
        .ambiguous(
          Ambiguity(
            view: "Shim", axis: .horizontal, position: true, size: false, alternative: frame,
            positionRange: FrameRange(lowest: nil, highest: nil), sizeRange: nil)),
        "'Shim' has an ambiguous horizontal layout: its horizontal position is not determined by its constraints: "
          + "its x can be anything at all; it could also be at (0 8; 100.5 0)."
      ),
      (
        .ambiguous(
          Ambiguity(view: "Shim", axis: .horizontal, position: true, size: false, alternative: frame, sizeRange: nil)),
        "'Shim' has an ambiguous horizontal layout: its horizontal position is not determined by its constraints; "
          + "it could also be at (0 8; 100.5 0)."
      ),
      (
        .contentPriorityTie(
          ContentPriorityTie(first: "Title", second: "Detail", axis: .horizontal, priority: .hugging, value: 251)),
        "'Title' and 'Detail' have the same horizontal content hugging priority (251): there is more room than "
          + "their content needs, and Auto Layout cannot tell which of them should grow."
      ),
      (
        .contentPriorityTie(
          ContentPriorityTie(
            first: "Title", second: "Detail", axis: .vertical, priority: .compressionResistance, value: 750)),
        "'Title' and 'Detail' have the same vertical compression resistance priority (750): there is less room "
          + "than their content needs, and Auto Layout cannot tell which of them should shrink."
      ),
      (
        .zeroSize(view: "Gap", axis: .horizontal, frame: frame, cause: .undetermined),
        "'Gap' has zero width: its frame is (0 8; 100.5 0), because nothing determines its width and an "
          + "undetermined size falls to 0."
      ),
      (
        .zeroSize(view: "Gap", axis: .vertical, frame: frame, cause: .constraints),
        "'Gap' has zero height: its frame is (0 8; 100.5 0), which its constraints force."
      ),
      (
        .zeroSize(
          view: "Gap", axis: .horizontal, frame: frame, cause: .brokenConstraint(quote("Gap.trailing == Bar.leading"))),
        "'Gap' has zero width: its frame is (0 8; 100.5 0), which follows from the conflict UIKit recovers from by "
          + "breaking 'Gap.trailing == Bar.leading': its constraints ask for a negative width, and a width is never "
          + "less than 0."
      ),
      (
        .misplaced(
          Misplacement(
            view: "Logo", declared: Rect(x: 0, y: 0, width: 10, height: 10), solved: frame, canvas: "phone")),
        "'Logo' is misplaced: its frame is declared as (0 0; 10 10), but its constraints put it at (0 8; 100.5 0) in "
          + "phone."
      ),
      (
        .misplaced(
          Misplacement(
            view: "Logo", declared: Rect(x: 0, y: 0, width: 10, height: 10), solved: frame, canvas: "phone",
            traits: SizeClassTraits(horizontal: .compact, vertical: .compact))),
        "'Logo' is misplaced: its frame is declared as (0 0; 10 10), but its constraints put it at (0 8; 100.5 0) in "
          + "phone (wC hC)."
      ),
      (
        .misplaced(
          Misplacement(
            view: "Logo", declared: Rect(x: 0, y: 0, width: 10, height: 10), solved: frame, canvas: "Login",
            keepsOpenPartsAsDeclared: true)),
        "'Logo' is misplaced: its frame is declared as (0 0; 10 10), but its constraints put it at (0 8; 100.5 0) in "
          + "Login, keeping what they leave ambiguous as declared."
      ),
      (
        .offscreen(
          Overhang(
            view: "Panel", superview: "root", frame: Rect(x: 300, y: -10, width: 200, height: 100),
            bounds: Rect(x: 0, y: 0, width: 375, height: 667),
            edges: [EdgeOverhang(.right, by: 125), EdgeOverhang(.top, by: 10)], isEntirelyOutside: false)),
        "'Panel' extends outside its superview 'root': its frame (300 -10; 200 100) reaches 125 points past the "
          + "right edge and 10 points past the top edge of (0 0; 375 667)."
      ),
      (
        .offscreen(
          Overhang(
            view: "Panel", superview: "Card", frame: Rect(x: -300, y: 0, width: 10, height: 10),
            bounds: Rect(x: 0, y: 0, width: 100, height: 100),
            edges: [EdgeOverhang(.left, by: 300)], isEntirelyOutside: true)),
        "'Panel' lies entirely outside its superview 'Card': its frame (-300 0; 10 10) reaches 300 points past the "
          + "left edge of (0 0; 100 100)."
      ),
      (
        .offscreen(
          Overhang(
            view: "Panel", superview: "Card", frame: Rect(x: 0, y: 95, width: 10, height: 10),
            bounds: Rect(x: 0, y: 0, width: 100, height: 100),
            edges: [EdgeOverhang(.bottom, by: 5)], isEntirelyOutside: false)),
        "'Panel' extends outside its superview 'Card': its frame (0 95; 10 10) reaches 5 points past the bottom "
          + "edge of (0 0; 100 100)."
      ),
      (
        .transformed(view: "Arrow", .rotate(degrees: 90)),
        "Auto Layout lays out 'Arrow' as if it were not transformed: its constraints act on the untransformed "
          + "frame, and the rotation by 90° is applied afterwards, so what you see will not match its constraints."
      ),
      (
        .transformed(view: "Arrow", .scale(1.5)),
        "Auto Layout lays out 'Arrow' as if it were not transformed: its constraints act on the untransformed "
          + "frame, and the scale by 1.5 is applied afterwards, so what you see will not match its constraints."
      ),
      (
        .leftRightAttributes(["left"]),
        "'left' stays on the same side in right-to-left languages; use leading and trailing so the layout mirrors."
      ),
      (
        .leftRightAttributes(["left", "rightMargin"]),
        "'left' and 'rightMargin' stay on the same side in right-to-left languages; use leading and trailing so the "
          + "layout mirrors."
      ),
      (
        .leftToRightOption,
        "'directionLeftToRight' lays this format out left to right in every language; without it, UIKit uses "
          + "leading and trailing, which mirror in right-to-left languages."
      ),
      (
        .leftRightConstraint,
        "This constraint uses left or right, which stay on the same side in right-to-left languages; check "
          + "\"Respect language direction\" in Xcode so it uses leading and trailing."
      ),
      (
        .unsatisfied(quote("a.width == 300 @300"), missedBy: 57, cause: .higherPriority),
        "'a.width == 300 @300' is not satisfied: the layout misses it by 57 points, because constraints of higher "
          + "priority win."
      ),
      (
        .unsatisfied(quote("a.width == 300 @300"), missedBy: 1.004, cause: .higherPriority),
        "'a.width == 300 @300' is not satisfied: the layout misses it by 1.004 point, because constraints of higher "
          + "priority win."
      ),
      (
        .unsatisfied(
          quote("a.width == 200 @500"), missedBy: 100,
          cause: .tie(priority: 500, winners: [.constraint(quote("a.width == 100 @500"))], forced: 0)),
        "'a.width == 200 @500' is not satisfied: the layout misses it by 100 points, because it loses a tie with "
          + "'a.width == 100 @500', of the same priority (500)."
      ),
      (
        .unsatisfied(
          quote("a.width == 400 @250"), missedBy: 300,
          cause: .tie(
            priority: 250,
            winners: [
              .constraint(quote("a.width == 100 @250")),
              .intrinsicSize(quote("a.width <= 80 @250", written: false), view: "a"),
            ], forced: 250)),
        "'a.width == 400 @250' is not satisfied: the layout misses it by 300 points: constraints of higher priority "
          + "force 250 points of that, and it loses the rest in a tie with 'a.width == 100 @250' and "
          + "'a.width <= 80 @250' (the intrinsic size of 'a'), of the same priority (250)."
      ),
      (
        .unsatisfied(
          quote("a.width == 1 @10"), missedBy: 4,
          cause: .tie(
            priority: 10, winners: (2...5).map { .constraint(quote("a.width == \($0) @10")) }, forced: 0)),
        "'a.width == 1 @10' is not satisfied: the layout misses it by 4 points, because it loses a tie with "
          + "'a.width == 2 @10', 'a.width == 3 @10', 'a.width == 4 @10' and 1 other, of the same priority (10)."
      ),
      (
        .unsatisfied(quote("a.width == 1 @10"), missedBy: 4, cause: .tie(priority: 10, winners: [], forced: 0)),
        "'a.width == 1 @10' is not satisfied: the layout misses it by 4 points, because it loses a tie with other "
          + "constraints of the same priority (10)."
      ),
      (
        .unsolved(reason: "the pivot budget ran out"),
        "Plumb could not finish solving this layout (the pivot budget ran out); the other findings may be incomplete."
      ),
      (
        .extremeValue(quote("a.width == 20000000"), .constant(20_000_000)),
        "'a.width == 20000000' has the constant 20000000, beyond ±10000000 points, where UIKit's engine and Core "
          + "Animation lose sub-point precision; keep constants within ±10000000."
      ),
      (
        .extremeValue(quote("b.width == 0.0000001 * c.width"), .multiplier(1e-7)),
        "'b.width == 0.0000001 * c.width' has the multiplier 1e-07, outside 0.000001…1000000 in magnitude, which "
          + "UIKit's engine cannot solve accurately; use a multiplier within that range, or 0."
      ),
      (
        .inaccurate(.multiplier(quote("b.width == 0.000000000001 * c.width"), 1e-12)),
        "'b.width == 0.000000000001 * c.width' has the multiplier 1e-12, which the solver cannot resolve (it "
          + "resolves 0.000000001…1000000000 in magnitude and may take the term for 0), so the frames Plumb solves "
          + "here, and what it finds about them, may be wrong."
      ),
      (
        .inaccurate(.constant(quote("a.width == 1000000000000000"), 1e15)),
        "'a.width == 1000000000000000' has the constant 1000000000000000, so large that the solver's tolerance in this layout "
          + "exceeds a point, so the frames Plumb solves here, and what it finds about them, may be wrong."
      ),
      (
        .inaccurate(.violated(quote("a.width == b.width"), by: 2.5)),
        "The solved layout misses the required constraint 'a.width == b.width' by 2.5: its numbers are beyond "
          + "what the solver resolves accurately, so the frames Plumb solves here, and what it finds about them, "
          + "may be wrong."
      ),
      (
        .inaccurate(.notFinite(view: "b")),
        "The solved frame of 'b' is not finite: the layout's numbers overflow, so the frames Plumb solves here, "
          + "and what it finds about them, may be wrong."
      ),
      (
        .legacyArchive,
        "This is Interface Builder's legacy <archive> format (Xcode 3 and 4), which Plumb does not read; open the "
          + "file in a current Xcode and save it to convert it."
      ),
      (.notAnInterfaceBuilderDocument(root: "plist"), "The root element is <plist>, not an Interface Builder <document>."),
      (.nothingToLayOut, "The file has no view Plumb can lay out."),
      (.fileTooLarge(megabytes: 40, limit: 32), "The file is 40 MiB; Plumb reads Interface Builder files of at most 32 MiB."),
      (
        .documentTooLarge(bytes: 5_000_000, limit: 4_194_304),
        "The document is 5000000 bytes; the language server analyses documents of at most 4194304 bytes (4 MiB), "
          + "so this one is not analysed. 'plumb check' still checks the file."
      ),
      (
        .documentTypeDeclaration,
        "The file has a document type declaration, which Interface Builder never writes and which can declare "
          + "entities; Plumb does not read it."
      ),
      (.nestedTooDeep(limit: 256), "The elements are nested more than 256 deep; Plumb stops reading there."),
      (.tooManyElements(limit: 100_000), "The file has more than 100000 elements; Plumb stops reading there."),
      (.malformedXML(parserError: nil), "The file is not well-formed XML: malformed XML."),
      (.malformedXML(parserError: 26), "The file is not well-formed XML: the parser stopped with error 26 near here."),
      (.invalidUTF8(byte: 0xE9), "The file is not valid UTF-8: the byte 0xE9 here begins no well-formed character."),
      (.undecodableText(encoding: "UTF-16LE"), "The file is read as UTF-16LE, and the character here is not valid UTF-16LE."),
      (
        .unsupportedEncoding(name: "Shift_JIS"),
        "The XML declaration names the encoding 'Shift_JIS', which Plumb does not read: it reads UTF-8, UTF-16, "
          + "UTF-32, US-ASCII, ISO-8859-1 and windows-1252."
      ),
      (
        .emptyDocument,
        "The file is empty: an Interface Builder file is an XML <document>, which Xcode writes; "
          + "restore the file from version control or delete it."
      ),
      (
        .unusedSuppression(.conflict),
        "'plumb: ignore conflict' silences nothing: no conflict finding is on its line; remove it"
      ),
      (
        .unknownSuppressedCode("conflit", suggestion: "conflict"),
        "'conflit' in a 'plumb: ignore' comment is not a diagnostic code; did you mean 'conflict'?"
      ),
      (.constraintWithoutFirstAttribute, "This constraint has no firstAttribute; Plumb leaves it out."),
      (
        .unreadableConstraint("'weird' is not a relation; Plumb leaves this constraint out."),
        "'weird' is not a relation; Plumb leaves this constraint out."
      ),
      (
        .xcodeMarker(XcodeMarker(view: "Header", ambiguous: true, misplaced: false)),
        "Xcode marked 'Header' ambiguous when the file was last saved."
      ),
      (
        .xcodeMarker(XcodeMarker(view: "\"Title\"", ambiguous: true, misplaced: true, sizeClass: "widthClass=compact")),
        "Xcode marked '\"Title\"' ambiguous and misplaced in the size class widthClass=compact when the file was "
          + "last saved."
      ),
    ]
    for (finding, expected) in table {
      XCTAssertEqual(text(finding), expected)
    }
    // Conflicts have a test of their own.
    let covered = Set(table.map { kind($0.0) } + ["conflict"])
    XCTAssertEqual(covered.count, Self.kindCount, "a kind of finding has no row in the table")
  }

  /// Control characters in a name (an Interface Builder label may hold any) are written as
  /// escapes, so a message stays on one line and cannot move a terminal's cursor.
  func testControlCharactersAreEscaped() {
    let diagnostic = Diagnostic(
      code: .duplicateView, severity: .error, finding: .duplicateView("a\u{7F}b\u{0}c\u{1B}[31m\u{85}\nd"),
      range: SourceRange(at: 0))
    XCTAssertEqual(
      diagnostic.message,
      "view 'a\\u{7F}b\\u{0}c\\u{1B}[31m\\u{85}\\u{A}d' is already declared; view names must be unique in a file")
    let related = RelatedInformation(range: SourceRange(at: 0), role: .firstDeclarationOfView("x\u{9}y"))
    XCTAssertEqual(related.message, "'x\\u{9}y' first declared here")
  }

  /// A text is looked at byte by byte before its scalars: the C1 controls (U+0080…U+009F, whose
  /// UTF-8 starts with 0xC2) must be escaped when they are the only controls, and the other
  /// characters that start with 0xC2 (`©`, a no-break space) or are not ASCII must not be.
  func testControlCharactersAreEscapedWhenOnlyC1ControlsAreThere() {
    func message(_ name: String) -> String {
      Diagnostic(code: .duplicateView, severity: .error, finding: .duplicateView(name), range: SourceRange(at: 0)).message
    }
    XCTAssertEqual(message("a\u{85}b"), "view 'a\\u{85}b' is already declared; view names must be unique in a file")
    XCTAssertEqual(message("é\u{9B}2J"), "view 'é\\u{9B}2J' is already declared; view names must be unique in a file")
    XCTAssertEqual(message("©\u{A0}é"), "view '©\u{A0}é' is already declared; view names must be unique in a file")
  }

  /// How many kinds of finding there are: the cases of `kind`'s switch.
  private static let kindCount = 64

  /// A finding's kind. The switch has no default, so a new kind of finding does not compile
  /// here until it is named (and `kindCount` counted), and then the table test fails until
  /// the table has a row for it.
  private func kind(_ finding: Finding) -> String {
    switch finding {
    case .syntax: "syntax"
    case .duplicateCanvas: "duplicateCanvas"
    case .duplicateMetric: "duplicateMetric"
    case .duplicateView: "duplicateView"
    case .whenNeverLaidOut: "whenNeverLaidOut"
    case .reservedViewName: "reservedViewName"
    case .notALayoutGuide: "notALayoutGuide"
    case .guideOfGuide: "guideOfGuide"
    case .layoutGuideInFormat: "layoutGuideInFormat"
    case .unknownView: "unknownView"
    case .unknownMetric: "unknownMetric"
    case .invalidPriority: "invalidPriority"
    case .invalidAttributePair: "invalidAttributePair"
    case .notAKeyInViews: "notAKeyInViews"
    case .unknownFormatMetric: "unknownFormatMetric"
    case .notInViewsDictionary: "notInViewsDictionary"
    case .notInFormatDictionaries: "notInFormatDictionaries"
    case .spaceEqualToView: "spaceEqualToView"
    case .unknownOption: "unknownOption"
    case .alignmentAlongFormat: "alignmentAlongFormat"
    case .contradictoryDirection: "contradictoryDirection"
    case .baselineSpacingInHorizontalFormat: "baselineSpacingInHorizontalFormat"
    case .notASubview: "notASubview"
    case .stackOptionIgnored(.baselineRelativeInHorizontalStack): "stackOptionIgnored.baselineRelative"
    case .stackOptionIgnored(.baselineAlignmentInVerticalStack): "stackOptionIgnored.baselineAlignment"
    case .conflict: "conflict"
    case .ambiguous: "ambiguous"
    case .contentPriorityTie: "contentPriorityTie"
    case .zeroSize(_, _, _, .undetermined): "zeroSize.undetermined"
    case .zeroSize(_, _, _, .constraints): "zeroSize.constraints"
    case .zeroSize(_, _, _, .brokenConstraint): "zeroSize.brokenConstraint"
    case .misplaced: "misplaced"
    case .offscreen: "offscreen"
    case .transformed: "transformed"
    case .leftRightAttributes: "leftRightAttributes"
    case .leftToRightOption: "leftToRightOption"
    case .leftRightConstraint: "leftRightConstraint"
    case .unsatisfied(_, _, .higherPriority): "unsatisfied.higherPriority"
    case .unsatisfied(_, _, .tie): "unsatisfied.tie"
    case .unsolved: "unsolved"
    case .extremeValue(_, .constant): "extremeValue.constant"
    case .extremeValue(_, .multiplier): "extremeValue.multiplier"
    case .inaccurate(.multiplier): "inaccurate.multiplier"
    case .inaccurate(.constant): "inaccurate.constant"
    case .inaccurate(.violated): "inaccurate.violated"
    case .inaccurate(.notFinite): "inaccurate.notFinite"
    case .legacyArchive: "legacyArchive"
    case .notAnInterfaceBuilderDocument: "notAnInterfaceBuilderDocument"
    case .nothingToLayOut: "nothingToLayOut"
    case .fileTooLarge: "fileTooLarge"
    case .documentTooLarge: "documentTooLarge"
    case .documentTypeDeclaration: "documentTypeDeclaration"
    case .nestedTooDeep: "nestedTooDeep"
    case .tooManyElements: "tooManyElements"
    case .malformedXML: "malformedXML"
    case .invalidUTF8: "invalidUTF8"
    case .undecodableText: "undecodableText"
    case .unsupportedEncoding: "unsupportedEncoding"
    case .constraintWithoutFirstAttribute: "constraintWithoutFirstAttribute"
    case .unreadableConstraint: "unreadableConstraint"
    case .xcodeMarker: "xcodeMarker"
    case .emptyDocument: "emptyDocument"
    case .unusedSuppression: "unusedSuppression"
    case .unknownSuppressedCode: "unknownSuppressedCode"
    }
  }

  /// Hovers and `plumb frames` write ranges the short way, numbers as everywhere else.
  func testFrameRangeText() {
    XCTAssertEqual(FrameRange(lowest: 0, highest: 255.123456).text, "from 0 to 255.1235")
    XCTAssertEqual(FrameRange(lowest: 12, highest: nil).text, "from 12 up")
    XCTAssertEqual(FrameRange(lowest: nil, highest: -3).text, "up to -3")
    XCTAssertEqual(FrameRange(lowest: nil, highest: nil).text, "any value")
  }

  func testConflictsAndTheirMembers() {
    let broken = quote("Banner.width == 140")
    let canvas = quote("root.width == 375", written: false)
    let members: [(ConflictMember, String)] = [
      (.nonNegativeSize(view: "N", axis: .horizontal), "'N.width >= 0' (a view's width is never negative)"),
      (.nonNegativeSize(view: "N", axis: .vertical), "'N.height >= 0' (a view's height is never negative)"),
      (
        .canvasSize(canvas, width: 375, height: 667, canvas: "phone"),
        "'root.width == 375' (the root view is 375 × 667 in canvas 'phone')"
      ),
      (
        .canvasSize(
          canvas, width: 375, height: 667, canvas: "phone", traits: SizeClassTraits(horizontal: .compact, vertical: .regular)),
        "'root.width == 375' (the root view is 375 × 667 in canvas 'phone' (wC hR))"
      ),
      (
        .canvasSize(canvas, width: 375, height: 667, canvas: nil),
        "'root.width == 375' (the root view is 375 × 667 in the default canvas)"
      ),
      (.intrinsicSize(quote("L.width == 80", written: false), view: "L"), "'L.width == 80' (the intrinsic size of 'L')"),
      (
        .autoresizingMask(quote("Beta.width == 36", written: false), view: "Beta"),
        "'Beta.width == 36' (the autoresizing mask of 'Beta' fixes its frame)"
      ),
      (
        .stackView(
          ConstraintQuote(range: at, text: "b.width == a.width", isWritten: false, label: "UISV-fill-equally"),
          stack: "Row"),
        "'b.width == a.width' ('UISV-fill-equally') (generated by the stack view 'Row')"
      ),
      (.constraint(quote("Banner.width == 360")), "'Banner.width == 360'"),
    ]
    for (member, expected) in members {
      XCTAssertEqual(
        text(.conflict(Conflict(broken: broken, others: [member]))),
        "Unable to simultaneously satisfy constraints: 'Banner.width == 140' cannot hold together with \(expected). "
          + "UIKit recovers by breaking 'Banner.width == 140'.")
      XCTAssertEqual(RelatedInformation(range: at, role: .conflictMember(member)).message, "in conflict: \(expected)")
    }
    let several = Conflict(
      broken: quote("R.trailing == super.trailing", written: false, label: "pin", id: "c-7"),
      others: [.constraint(quote("R.width == 100")), .constraint(quote("R.leading == super.leading"))],
      defaultCanvas: CanvasSize(width: 375, height: 667))
    XCTAssertEqual(
      text(.conflict(several)),
      "Unable to simultaneously satisfy constraints: 'R.trailing == super.trailing' ('pin', c-7) cannot hold together "
        + "with 2 other required constraints (see the related places). The root view's size is part of the conflict: "
        + "375 × 667, the default canvas. UIKit recovers by breaking 'R.trailing == super.trailing' ('pin', c-7).")
    let fromStack = Conflict(
      broken: quote("b.width == a.width", written: false, label: "UISV-fill-equally"),
      others: [.constraint(quote("b.width == 100"))], brokenStack: "Row")
    XCTAssertEqual(
      text(.conflict(fromStack)),
      "Unable to simultaneously satisfy constraints: 'b.width == a.width' ('UISV-fill-equally') (generated by the "
        + "stack view 'Row') cannot hold together with 'b.width == 100'. UIKit recovers by breaking "
        + "'b.width == a.width' ('UISV-fill-equally').")
  }

  func testRelatedRoles() {
    let table: [(RelatedRole, String)] = [
      (.firstDeclaration, "first declared here"),
      (.firstDeclarationOfView("Header"), "'Header' first declared here"),
      (.declarationOfView("Dot"), "'Dot' is declared here"),
      (.otherDirectionOption, "the other direction option"),
      (.otherViewOfTie, "the other view of the tie"),
    ]
    for (role, expected) in table {
      XCTAssertEqual(RelatedInformation(range: at, role: role).message, expected)
    }
  }

  func testPlacesAndNotes() {
    let gap = Finding.zeroSize(view: "Gap", axis: .vertical, frame: frame, cause: .constraints)
    let body = "'Gap' has zero height: its frame is (0 8; 100.5 0), which its constraints force."
    let table: [(FindingPlaces, [FindingNote], String)] = [
      (.everywhere, [], body),
      (.everyCanvas(.rtl), [], body + " (in right-to-left layouts)"),
      (.everyCanvas(.ltr), [], body + " (in left-to-right layouts)"),
      (.canvases([CanvasPlace(canvas: "small", directions: nil)]), [], body + " (in small)"),
      (
        .canvases([
          CanvasPlace(canvas: "small", traits: SizeClassTraits(horizontal: .compact, vertical: .regular), directions: .ltr),
          CanvasPlace(canvas: "iPad", traits: SizeClassTraits(horizontal: .regular, vertical: .regular), directions: nil),
        ]), [],
        body + " (in small (wC hR), left-to-right; iPad (wR hR))"
      ),
      (
        .canvases([CanvasPlace(canvas: "small", directions: .ltr), CanvasPlace(canvas: "iPad", directions: .rtl)]), [],
        body + " (in small, left-to-right; iPad, right-to-left)"
      ),
      (
        .canvases([CanvasPlace(canvas: "iPad", directions: .rtl)]), [.onlyRightToLeft],
        body + " This happens only in right-to-left layouts, where leading and trailing are mirrored. (in iPad, "
          + "right-to-left)"
      ),
      (
        .everywhere, [.scrollableContentSize(scrollView: "Strip")],
        "The scrollable content size of 'Strip' is ambiguous: " + body
      ),
      (
        .canvases([CanvasPlace(canvas: "small", directions: nil)]), [.ambiguitySetting(.neverVerify)],
        body + " (in small) Its Ambiguity setting is Never Verify, so this is for information only."
      ),
      (
        .everywhere, [.ambiguitySetting(.verifyPositionOnly), .scrollableContentSize(scrollView: "Pages")],
        "The scrollable content size of 'Pages' is ambiguous: " + body
          + " Its Ambiguity setting is Verify Position Only, so this is for information only."
      ),
    ]
    for (places, notes, expected) in table {
      XCTAssertEqual(text(gap, places: places, notes: notes, severity: .info), expected)
    }
  }

  /// The content of an AppKit container laid out by its frame names the container and says
  /// which builds of Interface Builder mark it; with Never Verify, it is information too.
  func testContentOfFixedContainerNote() {
    let clip = Finding.ambiguous(
      Ambiguity(
        view: "Clip", axis: .horizontal, position: true, size: false, alternative: frame,
        positionRange: FrameRange(lowest: nil, highest: nil), sizeRange: nil))
    let note = " Interface Builder of Xcode 8.3 to 11 marks the content of 'Notes' so: it is laid out by its frame"
      + " but does not translate its autoresizing mask."
    XCTAssertEqual(text(clip, notes: [.contentOfFixedContainer(container: "Notes")]), text(clip) + note)
    XCTAssertEqual(
      text(clip, notes: [.contentOfFixedContainer(container: "Notes"), .ambiguitySetting(.neverVerify)], severity: .info),
      text(clip) + note + " Its Ambiguity setting is Never Verify, so this is for information only.")
  }

  /// The notes that make a finding information say why; when a configuration raises its level
  /// again, the reason stays and "for information only" goes.
  func testInformationNotesFollowTheSeverity() {
    let card = Finding.misplaced(
      Misplacement(view: "Card", declared: Rect(x: 0, y: 0, width: 10, height: 10), solved: frame, canvas: "phone"))
    let body = text(card)
    let estimate = " The frame Plumb solved rests on its estimate of Xcode's canvas (simulated bars, text and control sizes)"
    XCTAssertEqual(
      text(card, notes: [.estimatedCanvas], severity: .info), body + estimate + ", so this is for information only.")
    XCTAssertEqual(text(card, notes: [.estimatedCanvas], severity: .warning), body + estimate + ".")
    let sizes = " The frame Plumb solved rests on its estimates of AppKit's control and text sizes"
    XCTAssertEqual(
      text(card, notes: [.estimatedControlSizes], severity: .info), body + sizes + ", so this is for information only.")
    XCTAssertEqual(text(card, notes: [.estimatedControlSizes], severity: .warning), body + sizes + ".")
    let gap = Finding.zeroSize(view: "Gap", axis: .vertical, frame: frame, cause: .constraints)
    XCTAssertEqual(
      text(gap, notes: [.ambiguitySetting(.neverVerify)], severity: .warning),
      text(gap) + " Its Ambiguity setting is Never Verify.")
  }

  /// Interface Builder quotes a constraint its own way by replacing the quote at its range.
  func testQuotesAreReplacedByRange() {
    let written = quote("<constraint firstItem=\"a\" firstAttribute=\"width\" constant=\"50\" id=\"c-5\"/>")
    let other = ConstraintQuote(range: SourceRange(start: 40, end: 50), text: "a.width == 36", isWritten: false)
    let diagnostic = Diagnostic(
      code: .conflict, severity: .error,
      finding: .conflict(Conflict(broken: written, others: [.autoresizingMask(other, view: "a")])), range: at,
      related: [RelatedInformation(range: other.range, role: .conflictMember(.constraint(written)))])
    let range = at
    let requoted = diagnostic.mappingQuotes { quote in
      quote.range == range ? ConstraintQuote(range: range, text: "a.width == 50", isWritten: false, identifier: "c-5") : quote
    }
    XCTAssertEqual(
      requoted.message,
      "Unable to simultaneously satisfy constraints: 'a.width == 50' (c-5) cannot hold together with 'a.width == 36' "
        + "(the autoresizing mask of 'a' fixes its frame). UIKit recovers by breaking 'a.width == 50' (c-5).")
    XCTAssertEqual(requoted.related.map(\.message), ["in conflict: 'a.width == 50' (c-5)"])
  }

  /// A diagnostic moved with its text moves the ranges of the constraints it quotes too.
  func testMovingADiagnosticMovesItsQuotes() {
    let winner = ConflictMember.constraint(quote("a.width == 2 @1"))
    let diagnostic = Diagnostic(
      code: .unsatisfied, severity: .info,
      finding: .unsatisfied(
        quote("a.width == 1 @1"), missedBy: 3, cause: .tie(priority: 1, winners: [winner], forced: 0)),
      range: at)
    let moved = diagnostic.moved(by: TextChange(start: 0, oldEnd: 0, newEnd: 5))
    guard case .unsatisfied(let movedQuote, _, .tie(_, let winners, _)) = moved.finding,
      case .constraint(let movedWinner)? = winners.first
    else { return XCTFail("\(moved.finding)") }
    XCTAssertEqual(movedQuote.range, SourceRange(start: 15, end: 25))
    XCTAssertEqual(movedWinner.range, SourceRange(start: 15, end: 25))
    XCTAssertEqual(moved.message, diagnostic.message)
    let collapsed = Diagnostic(
      code: .zeroSize, severity: .warning,
      finding: .zeroSize(view: "a", axis: .horizontal, frame: frame, cause: .brokenConstraint(quote("a.width == -1"))),
      range: at)
    let movedCollapse = collapsed.moved(by: TextChange(start: 0, oldEnd: 0, newEnd: 5))
    guard case .zeroSize(_, _, _, .brokenConstraint(let broken)) = movedCollapse.finding else {
      return XCTFail("\(movedCollapse.finding)")
    }
    XCTAssertEqual(broken.range, SourceRange(start: 15, end: 25))
  }
}
