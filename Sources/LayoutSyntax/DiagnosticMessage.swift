/// The one place where findings become text.
///
/// Every message a user reads (in the terminal, JSON, SARIF, an editor) is rendered here from
/// a diagnostic's data: its `finding`, the `places` it happens in and the `notes` later stages
/// added. Messages that stand for an error UIKit raises use UIKit's wording. Nothing reads
/// these texts back to decide anything; change a wording here and only the goldens change.
extension Diagnostic {
  /// The message, rendered from `finding`, `places` and `notes`, control characters escaped.
  public var message: String { DiagnosticMessage.escapingControlCharacters(DiagnosticMessage.text(of: self)) }
}

extension RelatedInformation {
  /// What the related place is to its finding, in words, control characters escaped.
  public var message: String { DiagnosticMessage.escapingControlCharacters(DiagnosticMessage.text(of: role)) }
}

extension FrameRange {
  /// The range as hovers and `plumb frames` write it, numbers as `formatNumber` writes them:
  /// `from 0 to 255`, `from 0 up`, `up to 40`, or `any value` when unbounded both ways.
  public var text: String {
    switch (lowest, highest) {
    case (let low?, let high?): "from \(formatNumber(low)) to \(formatNumber(high))"
    case (let low?, nil): "from \(formatNumber(low)) up"
    case (nil, let high?): "up to \(formatNumber(high))"
    case (nil, nil): "any value"
    }
  }
}

extension ConstraintQuote {
  /// The constraint as messages and fix titles quote it: `'a.width == 100'`, followed by its
  /// label and identifier when it has them: `'a.width == 100' ('wide', c-1)`.
  public var quoted: String {
    let names = [label.map { "'\($0)'" }, identifier].compactMap { $0 }
    return "'\(text)'" + (names.isEmpty ? "" : " (\(names.joined(separator: ", ")))")
  }
}

enum DiagnosticMessage {
  /// `text` with every control character (U+0000…U+001F, U+007F…U+009F: what a terminal
  /// would act on rather than show) written as `\u{7F}`, so that a name or a parser's quote
  /// of the text cannot break a line of output or move the cursor. A message never means one.
  static func escapingControlCharacters(_ text: String) -> String {
    // Every control character's UTF-8 starts with a byte below 0x20, 0x7F, or 0xC2 (U+0080…U+009F):
    // a text without those bytes has none, found without decoding its scalars.
    var contiguous = text
    let mayHaveControl = contiguous.withUTF8 { bytes in bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 } }
    guard mayHaveControl else { return text }
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var escaped = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        escaped.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      } else {
        escaped.append(scalar)
      }
    }
    return String(escaped)
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// The message of an `inaccurate` finding.
  static func inaccurateText(_ inaccuracy: Inaccuracy) -> String {
    let tail = "so the frames Plumb solves here, and what it finds about them, may be wrong."
    switch inaccuracy {
    case .multiplier(let quote, let value):
      return "\(quote.quoted) has the multiplier \(formatMagnitude(value)), which the solver cannot resolve "
        + "(it resolves 0.000000001…1000000000 in magnitude and may take the term for 0), " + tail
    case .constant(let quote, let value):
      return "\(quote.quoted) has the constant \(formatMagnitude(value)), so large that the solver's tolerance "
        + "in this layout exceeds a point, " + tail
    case .violated(let quote, let by):
      return "The solved layout misses the required constraint \(quote.quoted) by \(formatNumber(by)): "
        + "its numbers are beyond what the solver resolves accurately, " + tail
    case .notFinite(let view):
      return "The solved frame of '\(view)' is not finite: the layout's numbers overflow, " + tail
    }
  }

  static func text(of diagnostic: Diagnostic) -> String {
    var text = ""
    for case .scrollableContentSize(let scrollView) in diagnostic.notes {
      text += "The scrollable content size of '\(scrollView)' is ambiguous: "
    }
    text += body(diagnostic.finding)
    for case .contentOfFixedContainer(let container) in diagnostic.notes {
      text += " Interface Builder of Xcode 8.3 to 11 marks the content of '\(container)' so: it is laid out by its"
        + " frame but does not translate its autoresizing mask."
    }
    if diagnostic.notes.contains(.onlyRightToLeft) {
      text += " This happens only in right-to-left layouts, where leading and trailing are mirrored."
    }
    text += places(diagnostic.places)
    // The notes say why a finding is information; a configuration that raises its level
    // (`"rules"`) keeps the reason but not the conclusion.
    let informationOnly = diagnostic.severity == .info ? ", so this is for information only." : "."
    for case .ambiguitySetting(let setting) in diagnostic.notes {
      let name = setting == .neverVerify ? "Never Verify" : "Verify Position Only"
      text += " Its Ambiguity setting is \(name)" + informationOnly
    }
    if diagnostic.notes.contains(.estimatedCanvas) {
      text += " The frame Plumb solved rests on its estimate of Xcode's canvas (simulated bars, text and control"
        + " sizes)" + informationOnly
    }
    if diagnostic.notes.contains(.estimatedControlSizes) {
      text += " The frame Plumb solved rests on its estimates of AppKit's control and text sizes" + informationOnly
    }
    return text
  }

  static func text(of role: RelatedRole) -> String {
    switch role {
    case .firstDeclaration: "first declared here"
    case .firstDeclarationOfView(let view): "'\(view)' first declared here"
    case .declarationOfView(let view): "'\(view)' is declared here"
    case .otherDirectionOption: "the other direction option"
    case .conflictMember(let member): "in conflict: \(explain(member))"
    case .otherViewOfTie: "the other view of the tie"
    case .viewOfVariation: "the view this size class's variation belongs to"
    }
  }

  // MARK: - Findings

  private static func body(_ finding: Finding) -> String {
    switch finding {
    case .syntax(let text):
      return text
    case .duplicateCanvas(let name):
      return "canvas '\(name)' is already declared"
    case .duplicateMetric(let name):
      return "metric '\(name)' is already declared"
    case .whenNeverLaidOut(let condition, let canvases):
      let asked = condition.map { "canvases with the traits \($0)" } ?? "traits that contradict each other (the enclosing 'when' blocks ask for others)"
      let names = canvases.map(\.description)
      let listed = names.count == 1 ? "the canvas \(names.joined())" : "the canvases \(names.joined(separator: ", "))"
      return "this 'when' block is never laid out: it is for \(asked), and the file has only \(listed)"
    case .duplicateView(let name):
      return "view '\(name)' is already declared; view names must be unique in a file"
    case .reservedViewName(let name, let view):
      return "'\(name)' is reserved: it names the \(view == .enclosing ? "enclosing" : "root") view; choose another name"
    case .notALayoutGuide(let name):
      return "'\(name)' is not a layout guide; views have 'safeArea', 'margins' and 'readable'"
    case .guideOfGuide(let guide, let of):
      return "'\(of)' is a layout guide, which has no '\(guide)'; only views have layout guides of their own"
    case .layoutGuideInFormat(let name):
      return "'\(name)' is a layout guide; a Visual Format string arranges views only (UIKit raises for a guide in its views dictionary), so constrain a guide with equations"
    case .unknownView(let name, let suggestion):
      return "'\(name)' is not a declared view\(hint(suggestion))"
    case .unknownMetric(let name, let suggestion):
      return "'\(name)' is not a declared metric\(hint(suggestion))"
    case .invalidPriority(let value):
      // UIKit's words for the priorities NSLayoutConstraint refuses.
      if value.isFinite, value > 0 {
        return "Invalid priority specified: \(formatNumber(value)). Priority cannot be higher than "
          + "NSLayoutPriorityRequired, which is 1000."
      }
      return "Invalid priority specified: \(formatNumber(value)). Priority must be greater than 0"
    case .invalidAttributePair(let problem):
      return attributePair(problem)

    case .notAKeyInViews(let name, let suggestion):
      return "\(name) is not a key in the views dictionary: no view '\(name)' is declared\(hint(suggestion))"
    case .unknownFormatMetric(let name, let suggestion):
      return "Encountered metric with name \"\(name)\", but value was not specified in metrics or views "
        + "dictionaries: declare it with 'metric \(name) = …'\(hint(suggestion))"
    case .notInViewsDictionary(let name, let suggestion):
      return "\(name) is not a key in the views dictionary\(hint(suggestion))"
    case .notInFormatDictionaries(let name, let suggestion):
      return "Encountered metric with name \"\(name)\", but value was not specified in metrics or views dictionaries"
        + hint(suggestion)
    case .spaceEqualToView:
      return "It's not possible to set a space equal to the width or height of a view.  Perhaps you want "
        + "to use a view as a spacer? [view1][spacer(==view1)][view2]"
    case .unknownOption(let name, let suggestion):
      return "'\(name)' is not an NSLayoutFormatOptions option\(hint(suggestion))"
    case .alignmentAlongFormat(let option, let orientation):
      return orientation == .horizontal
        ? "Options mask required views to be aligned on a horizontal edge, which is not allowed for layout that is "
          + "also horizontal. ('\(option)' in an H: format)"
        : "Options mask required views to be aligned on a vertical edge, which is not allowed for layout that is "
          + "also vertical. ('\(option)' in a V: format)"
    case .contradictoryDirection(let option, let previous):
      return "'\(option)' contradicts '\(previous)': a format has one direction"
    case .baselineSpacingInHorizontalFormat:
      return "BaselineToBaseline format option not valid for horizontal layout"
    case .notASubview(let view, let bar, let superview):
      let actual = superview.map { "its superview is '\($0)'" } ?? "it is the root view"
      return "Unable to interpret '|' character: here '|' is '\(bar)', but '\(view)' is not a direct "
        + "subview of '\(bar)' (\(actual))"

    case .stackOptionIgnored(.baselineRelativeInHorizontalStack(let stack)):
      return "'baselineRelative' does nothing in the horizontal stack '\(stack)': UIKit measures the spacing "
        + "between baselines only in vertical stacks"
    case .stackOptionIgnored(.baselineAlignmentInVerticalStack(let stack, let alignment)):
      return "'alignment \(alignment)' aligns nothing across the vertical stack '\(stack)': UIKit aligns baselines "
        + "only in horizontal stacks, so nothing determines the arranged views' horizontal positions; use leading, "
        + "center, trailing or fill"
    case .conflict(let conflict):
      return self.conflict(conflict)
    case .ambiguous(let ambiguity):
      return ambiguous(ambiguity)
    case .contentPriorityTie(let tie):
      let kind = tie.priority == .hugging ? "content hugging" : "compression resistance"
      let situation =
        tie.priority == .hugging
        ? "there is more room than their content needs, and Auto Layout cannot tell which of them should grow"
        : "there is less room than their content needs, and Auto Layout cannot tell which of them should shrink"
      return "'\(tie.first)' and '\(tie.second)' have the same \(axisWord(tie.axis)) \(kind) priority "
        + "(\(formatNumber(tie.value))): \(situation)."
    case .zeroSize(let view, let axis, let frame, let cause):
      let dimension = sizeWord(axis)
      let why =
        switch cause {
        case .undetermined: ", because nothing determines its \(dimension) and an undetermined size falls to 0."
        case .constraints: ", which its constraints force."
        case .brokenConstraint(let broken):
          ", which follows from the conflict UIKit recovers from by breaking \(broken.quoted): its constraints "
            + "ask for a negative \(dimension), and a \(dimension) is never less than 0."
        }
      return "'\(view)' has zero \(dimension): its frame is \(frame)" + why
    case .misplaced(let misplacement):
      return "'\(misplacement.view)' is misplaced: its frame is declared as \(misplacement.declared), "
        + "but its constraints put it at \(misplacement.solved) in \(misplacement.traits.map { "\(misplacement.canvas) (\($0))" } ?? misplacement.canvas)"
        + (misplacement.keepsOpenPartsAsDeclared ? ", keeping what they leave ambiguous as declared." : ".")
    case .offscreen(let overhang):
      let edges = overhang.edges.map { "\(formatNumber($0.distance)) points past the \(edgeWord($0.edge)) edge" }
      return "'\(overhang.view)' \(overhang.isEntirelyOutside ? "lies entirely outside" : "extends outside") "
        + "its superview '\(overhang.superview)': its frame \(overhang.frame) reaches "
        + "\(edges.joined(separator: " and ")) of \(overhang.bounds)."
    case .transformed(let view, let transform):
      let what =
        switch transform {
        case .rotate(let degrees): "the rotation by \(formatNumber(degrees))°"
        case .scale(let factor): "the scale by \(formatNumber(factor))"
        }
      return "Auto Layout lays out '\(view)' as if it were not transformed: its constraints act on the "
        + "untransformed frame, and \(what) is applied afterwards, so what you see will not match its constraints."
    case .leftRightAttributes(let names):
      return "\(names.map { "'\($0)'" }.joined(separator: " and ")) stay\(names.count == 1 ? "s" : "") on the "
        + "same side in right-to-left languages; use leading and trailing so the layout mirrors."
    case .leftToRightOption:
      return "'directionLeftToRight' lays this format out left to right in every language; without it, "
        + "UIKit uses leading and trailing, which mirror in right-to-left languages."
    case .leftRightConstraint:
      return "This constraint uses left or right, which stay on the same side in right-to-left languages; check "
        + "\"Respect language direction\" in Xcode so it uses leading and trailing."
    case .unsatisfied(let quote, let missedBy, let cause):
      return unsatisfied(quote, missedBy: missedBy, cause: cause)
    case .unsolved(let reason):
      return "Plumb could not finish solving this layout (\(reason)); the other findings may be incomplete."
    case .extremeValue(let quote, .constant(let value)):
      return "\(quote.quoted) has the constant \(formatMagnitude(value)), beyond ±10000000 points, where UIKit's "
        + "engine and Core Animation lose sub-point precision; keep constants within ±10000000."
    case .extremeValue(let quote, .multiplier(let value)):
      return "\(quote.quoted) has the multiplier \(formatMagnitude(value)), outside 0.000001…1000000 in magnitude, "
        + "which UIKit's engine cannot solve accurately; use a multiplier within that range, or 0."
    case .inaccurate(let inaccuracy):
      return inaccurateText(inaccuracy)

    case .legacyArchive:
      return "This is Interface Builder's legacy <archive> format (Xcode 3 and 4), which Plumb does not read; "
        + "open the file in a current Xcode and save it to convert it."
    case .notAnInterfaceBuilderDocument(let root):
      return "The root element is <\(root)>, not an Interface Builder <document>."
    case .nothingToLayOut:
      return "The file has no view Plumb can lay out."
    case .fileTooLarge(let megabytes, let limit):
      return "The file is \(megabytes) MiB; Plumb reads Interface Builder files of at most \(limit) MiB."
    case .documentTooLarge(let bytes, let limit):
      return "The document is \(bytes) bytes; the language server analyses documents of at most \(limit) bytes "
        + "(\(limit >> 20) MiB), so this one is not analysed. 'plumb check' still checks the file."
    case .documentTypeDeclaration:
      return "The file has a document type declaration, which Interface Builder never writes and which can "
        + "declare entities; Plumb does not read it."
    case .nestedTooDeep(let limit):
      return "The elements are nested more than \(limit) deep; Plumb stops reading there."
    case .tooManyElements(let limit):
      return "The file has more than \(limit) elements; Plumb stops reading there."
    case .emptyDocument:
      return "The file is empty: an Interface Builder file is an XML <document>, which Xcode writes; "
        + "restore the file from version control or delete it."
    case .malformedXML(let parserError):
      let reason = parserError.map { "the parser stopped with error \($0) near here" } ?? "malformed XML"
      return "The file is not well-formed XML: \(reason)."
    case .invalidUTF8(let byte):
      let hex = String(byte, radix: 16, uppercase: true)
      return "The file is not valid UTF-8: the byte 0x\(hex.count < 2 ? "0" + hex : hex) here begins no well-formed "
        + "character."
    case .undecodableText(let encoding):
      return "The file is read as \(encoding), and the character here is not valid \(encoding)."
    case .unsupportedEncoding(let name):
      return "The XML declaration names the encoding '\(name)', which Plumb does not read: it reads UTF-8, UTF-16, "
        + "UTF-32, US-ASCII, ISO-8859-1 and windows-1252."
    case .constraintWithoutFirstAttribute:
      return "This constraint has no firstAttribute; Plumb leaves it out."
    case .unreadableConstraint(let text):
      return text
    case .unusedSuppression(let code):
      return "'plumb: ignore \(code)' silences nothing: no \(code) finding is on its line; remove it"
    case .unknownSuppressedCode(let name, let suggestion):
      return "'\(name)' in a 'plumb: ignore' comment is not a diagnostic code\(hint(suggestion))"
    case .xcodeMarker(let marker):
      let verdicts = [marker.ambiguous ? "ambiguous" : nil, marker.misplaced ? "misplaced" : nil].compactMap { $0 }
      let sizeClass = marker.sizeClass.map { " in the size class \($0)" } ?? ""
      return "Xcode marked '\(marker.view)' \(verdicts.joined(separator: " and "))\(sizeClass) when the file was last saved."
    }
  }

  /// `; did you mean 'X'?`, or nothing.
  private static func hint(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
  }

  private static func attributePair(_ problem: AttributePairProblem) -> String {
    switch problem {
    case .positionToConstant(let attribute):
      "a constraint cannot set the position '\(attribute.rawValue)' to a constant: UIKit only lets a size equal "
        + "a constant. Relate it to another item's attribute, e.g. 'super.\(attribute.rawValue) + 20'"
    case .positionToSize(let position, let size):
      "a constraint cannot relate the position '\(position.rawValue)' to the size '\(size.rawValue)': UIKit only "
        + "relates positions to positions and sizes to sizes"
    case .differentAxes(let first, let second):
      "a constraint cannot relate the \(axisWord(first.axis)) attribute '\(first.rawValue)' to the "
        + "\(axisWord(second.axis)) attribute '\(second.rawValue)'"
    case .mixedDirections(let first, let second):
      "a constraint cannot relate '\(first.rawValue)' to '\(second.rawValue)': UIKit does not mix "
        + "leading/trailing with left/right attributes, which disagree in right-to-left layouts"
    case .guideAttribute(let guide, let attribute):
      "'\(guide)' is a layout guide, which has no '\(attribute)': UIKit's layout guides have edges, centres, "
        + "width and height, but no baselines and no margins"
    }
  }

  private static func conflict(_ conflict: Conflict) -> String {
    let broken = conflict.broken.quoted
    var text = "Unable to simultaneously satisfy constraints: \(broken) "
    if let stack = conflict.brokenStack { text += "(generated by the stack view '\(stack)') " }
    if conflict.others.count == 1, let other = conflict.others.first {
      text += "cannot hold together with \(explain(other))."
    } else {
      text += "cannot hold together with \(conflict.others.count) other required constraints (see the related places)."
    }
    if let canvas = conflict.defaultCanvas {
      text += " The root view's size is part of the conflict: \(formatNumber(canvas.width)) × "
        + "\(formatNumber(canvas.height)), the default canvas."
    }
    return text + " UIKit recovers by breaking \(broken)."
  }

  /// A member of a conflict: the constraint, and what the engine's own constraints mean.
  private static func explain(_ member: ConflictMember) -> String {
    switch member {
    case .nonNegativeSize(let view, let axis):
      let size = sizeWord(axis)
      return "'\(view).\(size) >= 0' (a view's \(size) is never negative)"
    case .canvasSize(let quote, let width, let height, let canvas, let traits):
      let which = (canvas.map { "canvas '\($0)'" } ?? "the default canvas") + (traits.map { " (\($0))" } ?? "")
      return "\(quote.quoted) (the root view is \(formatNumber(width)) × \(formatNumber(height)) in \(which))"
    case .intrinsicSize(let quote, let view):
      return "\(quote.quoted) (the intrinsic size of '\(view)')"
    case .autoresizingMask(let quote, let view):
      return "\(quote.quoted) (the autoresizing mask of '\(view)' fixes its frame)"
    case .stackView(let quote, let stack):
      return "\(quote.quoted) (generated by the stack view '\(stack)')"
    case .constraint(let quote):
      return quote.quoted
    }
  }

  private static func unsatisfied(_ quote: ConstraintQuote, missedBy: Double, cause: UnsatisfiedCause) -> String {
    let missed = "\(quote.quoted) is not satisfied: the layout misses it by \(points(missedBy))"
    switch cause {
    case .higherPriority:
      return missed + ", because constraints of higher priority win."
    case .tie(let priority, let winners, let forced):
      let named = winners.prefix(3).map(explain)
      var rivals = named.first
      if named.count > 1 { rivals = named.dropLast().joined(separator: ", ") + " and " + (named.last ?? "") }
      if winners.count > 3 {
        rivals = named.joined(separator: ", ") + " and \(winners.count - 3) other\(winners.count == 4 ? "" : "s")"
      }
      let tie =
        rivals.map { "a tie with \($0), of the same priority (\(formatNumber(priority)))" }
        ?? "a tie with other constraints of the same priority (\(formatNumber(priority)))"
      if forced > 0.01 {
        return missed + ": constraints of higher priority force \(points(forced)) of that, and it loses the rest in "
          + tie + "."
      }
      return missed + ", because it loses " + tie + "."
    }
  }

  /// `1 point`, `57 points`.
  private static func points(_ value: Double) -> String {
    "\(formatNumber(value)) point\(abs(value - 1) <= 0.01 ? "" : "s")"
  }

  /// `'Box' has an ambiguous horizontal layout: its horizontal position and width are not
  /// determined by its constraints: its x can be anything from 16 to 375, and its width
  /// anything from 0 to 359; it could also be at (16 100; 359 1).`
  private static func ambiguous(_ ambiguity: Ambiguity) -> String {
    let axis = axisWord(ambiguity.axis)
    let size = sizeWord(ambiguity.axis)
    let position = ambiguity.axis == .horizontal ? "x" : "y"
    let undetermined = [ambiguity.position ? "\(axis) position" : nil, ambiguity.size ? size : nil].compactMap { $0 }
    var text = "'\(ambiguity.view)' has an ambiguous \(axis) layout: "
    text += "its \(undetermined.joined(separator: " and ")) \(undetermined.count == 1 ? "is" : "are") not determined"
    text += " by its constraints"
    let positionRange = ambiguity.position ? ambiguity.positionRange : nil
    let sizeRange = ambiguity.size ? ambiguity.sizeRange : nil
    switch (positionRange, sizeRange) {
    case (let positionRange?, let sizeRange?):
      text += ": its \(position) can be \(rangeInWords(positionRange)), and its \(size) \(rangeInWords(sizeRange))"
    case (let positionRange?, nil):
      text += ": its \(position) can be \(rangeInWords(positionRange))"
    case (nil, let sizeRange?):
      text += ambiguity.position ? ": its \(size) can be " : ": it can be "
      text += rangeInWords(sizeRange)
    case (nil, nil):
      break
    }
    return text + "; it could also be at \(ambiguity.alternative)."
  }

  /// A range in a sentence: `anything from 0 to 255`, `anything from 0 up`,
  /// `anything up to 40`, `anything at all`.
  private static func rangeInWords(_ range: FrameRange) -> String {
    range.lowest == nil && range.highest == nil ? "anything at all" : "anything \(range.text)"
  }

    // MARK: - Places

  /// ` (in iPad, right-to-left)`, or nothing when the finding happens everywhere.
  private static func places(_ places: FindingPlaces) -> String {
    switch places {
    case .everywhere:
      return ""
    case .everyCanvas(let directions):
      return " (in \(phrase(directions)) layouts)"
    case .canvases(let canvases):
      let parts = canvases.map { place in place.directions.map { "\(place.label), \(phrase($0))" } ?? place.label }
      return " (in \(parts.joined(separator: "; ")))"
    }
  }

  private static func phrase(_ directions: WritingDirections) -> String {
    switch directions {
    case .ltr: "left-to-right"
    case .rtl: "right-to-left"
    case .both: "left-to-right and right-to-left"
    }
  }

  // MARK: - Words

  private static func axisWord(_ axis: AttributeAxis) -> String {
    axis == .horizontal ? "horizontal" : "vertical"
  }

  private static func sizeWord(_ axis: AttributeAxis) -> String {
    axis == .horizontal ? "width" : "height"
  }

  private static func edgeWord(_ edge: EdgeOverhang.Edge) -> String {
    switch edge {
    case .left: "left"
    case .right: "right"
    case .top: "top"
    case .bottom: "bottom"
    }
  }
}
