import ConstraintLog
import XCTest

/// Every spelling of a constraint UIKit (and AppKit, and layout libraries) print, read as an
/// equation with its kind.
final class EntrySpellingTests: XCTestCase {
  /// Reads one entry line as the only entry of a headerless block.
  func read(_ line: String, file: StaticString = #filePath, lineNumber: UInt = #line) -> LogConstraint? {
    let log = LogReader.read(line)
    guard let block = log.blocks.first, log.blocks.count == 1, block.entries.count == 1 else {
      XCTFail("expected one entry in \(line)", file: file, line: lineNumber)
      return nil
    }
    switch block.entries[0] {
    case .constraint(let constraint): return constraint
    case .unreadable(_, _, let reason):
      XCTFail("not read: \(reason): \(line)", file: file, line: lineNumber)
      return nil
    }
  }

  func check(
    _ line: String, _ equation: String, kind: ConstraintKind = .layout, identifier: String? = nil,
    file: StaticString = #filePath, lineNumber: UInt = #line
  ) {
    guard let constraint = read(line, file: file, lineNumber: lineNumber) else { return }
    XCTAssertEqual(ExplanationText.equation(constraint), equation, line, file: file, line: lineNumber)
    XCTAssertEqual(constraint.kind, kind, line, file: file, line: lineNumber)
    XCTAssertEqual(constraint.identifier, identifier, line, file: file, line: lineNumber)
  }

  func testEquations() {
    check(
      #"    "<NSLayoutConstraint:0x600001 UILabel:0x7f01'Title'.leading == UIView:0x7f02.leadingMargin + 8   (active)>","#,
      "UILabel:0x7f01'Title'.leading == UIView:0x7f02.leadingMargin + 8")
    check(
      #""<NSLayoutConstraint:0x600002 UIView:0x7f01.bottom == UIView:0x7f02.bottom - 16   (active)>""#,
      "UIView:0x7f01.bottom == UIView:0x7f02.bottom - 16")
    check(#""<NSLayoutConstraint:0x600003 UIView:0x7f01.width == 40   (active)>""#, "UIView:0x7f01.width == 40")
    check(#""<NSLayoutConstraint:0x600004 UIView:0x7f01.height >= 44>""#, "UIView:0x7f01.height >= 44")
    check(#""<NSLayoutConstraint:0x600005 UIView:0x7f01.height <= 0.5*UIView:0x7f02.height + 10>""#,
      "UIView:0x7f01.height <= 0.5 * UIView:0x7f02.height + 10")
    check(#""<NSLayoutConstraint:0x600006 UIView:0x7f01.width == UIView:0x7f01.height * 1.7778>""#,
      "UIView:0x7f01.width == 1.7778 * UIView:0x7f01.height")
    check(#""<NSLayoutConstraint:0x600007 UIView:0x7f01.width == 100 @750>""#, "UIView:0x7f01.width == 100 @750")
    check(#""<NSLayoutConstraint:0x600008 UIView:0x7f01.top == UIView:0x7f02.top + 8 @999   (active)>""#,
      "UIView:0x7f01.top == UIView:0x7f02.top + 8 @999")
    check(
      #""<NSLayoutConstraint:0x600009 UILabel:0x7f01.leading == UIView:0x7f02.leadingMargin + 8   (priority 999)>""#,
      "UILabel:0x7f01.leading == UIView:0x7f02.leadingMargin + 8 @999")
    check(#""<NSLayoutConstraint:0x60000a UIView:0x7f01.width == - 16   (active)>""#, "UIView:0x7f01.width == -16")
    check(#""<NSLayoutConstraint:0x60000b UIView:0x7f01.centerX == UIView:0x7f02.centerX + NSSpace(8)>""#,
      "UIView:0x7f01.centerX == UIView:0x7f02.centerX + 8")
    check(
      #""<_UISystemBaselineConstraint:0x60000c UILabel:0x7f01.firstBaseline == UILabel:0x7f02.lastBaseline + NSLayoutAnchorConstraintSpace(28)   (active)>""#,
      "UILabel:0x7f01.firstBaseline == UILabel:0x7f02.lastBaseline + 28")
    check(#""<NSLayoutConstraint:0x60000d UIView:0x7f01.leadingAnchor == UIView:0x7f02.leadingAnchor>""#,
      "UIView:0x7f01.leading == UIView:0x7f02.leading")
    check(#""<NSLayoutConstraint:0x60000e UILabel:0x7f01'a.b'.baseline == UIView:0x7f02.centerYWithinMargins>""#,
      "UILabel:0x7f01'a.b'.baseline == UIView:0x7f02.centerYWithinMargins")
  }

  func testVisualFormats() {
    check(#""<NSLayoutConstraint:0x600011 H:[UIImageView:0x7f01(320)]>""#, "UIImageView:0x7f01.width == 320")
    check(#""<NSLayoutConstraint:0x600012 V:[UIView:0x7f01(>=44)]   (active)>""#, "UIView:0x7f01.height >= 44")
    check(#""<NSLayoutConstraint:0x600013 V:[UIView:0x7f01(<=10@750)]>""#, "UIView:0x7f01.height <= 10 @750")
    check(
      #""<NSLayoutConstraint:0x600014 V:|-(8)-[UIView:0x7f01]   (active, names: '|':UITableViewCellContentView:0x7f02 )>""#,
      "UIView:0x7f01.top == UITableViewCellContentView:0x7f02.top + 8")
    check(
      #""<NSLayoutConstraint:0x600015 V:[UIView:0x7f01]-(8)-|   (Names: '|':UIView:0x7f02 )>""#,
      "UIView:0x7f02.bottom == UIView:0x7f01.bottom + 8")
    check(
      #""<NSLayoutConstraint:0x600016 H:[UILabel:0x7f01' ']-(NSSpace(8))-[UIButton:0x7f02'Show More']>""#,
      "UIButton:0x7f02'Show More'.leading == UILabel:0x7f01' '.trailing + 8")
    check(
      #""<NSLayoutConstraint:0x600017 'UISV-spacing' H:[UIView:0x7f01]-(>=3)-[UIView:0x7f02]   (active)>""#,
      "UIView:0x7f02.leading >= UIView:0x7f01.trailing + 3", kind: .stack, identifier: "UISV-spacing")
    check(
      #""<NSLayoutConstraint:0x600018 H:|-(0)-[App.StackView:0x7f01](LTR)   (active, names: '|':UIView:0x7f02 )>""#,
      "App.StackView:0x7f01.leading == UIView:0x7f02.leading")
    check(
      #""<NSLayoutConstraint:0x600019 V:[UIView:0x7f01]-(-20)-[UINavigationBar:0x7f02]   (active)>""#,
      "UINavigationBar:0x7f02.top == UIView:0x7f01.bottom - 20")
    check(#""<NSLayoutConstraint:0x60001a H:|-(15)-[UIView:0x7f01]>""#, "UIView:0x7f01.leading == (superview of 0x7f01).leading + 15")
  }

  func testItems() {
    check(
      #""<NSLayoutConstraint:0x600021 Trust.BrowserNavigationBar:0x7f01.width == 0   (active)>""#,
      "Trust.BrowserNavigationBar:0x7f01.width == 0")
    check(
      #""<NSLayoutConstraint:0x600022 UILabel:0x7f01'YOU'RE OK'.top == UIView:0x7f02.top>""#,
      "UILabel:0x7f01'YOU'RE OK'.top == UIView:0x7f02.top")
    // Accessibility identifiers, resolved through the names dictionary.
    check(
      #""<NSLayoutConstraint:0x600023 Toolbar.lockIcon.width == 40   (active, names: Toolbar.lockIcon:0x106c2b2e0 )>""#,
      "Toolbar.lockIcon.width == 40")
    guard
      let named = read(
        #""<NSLayoutConstraint:0x600024 V:|-(8)-[Primary Button]   (active, names: Primary Button:0x7f01, footer:0x7f02, '|':footer:0x7f02 )>""#)
    else { return }
    XCTAssertEqual(named.first.item.address, "0x7f01")
    XCTAssertEqual(named.first.item.name, "Primary Button")
    XCTAssertEqual(named.second?.item.address, "0x7f02")
    // SnapKit names its file and line.
    guard
      let snap = read(
        #""<SnapKit.LayoutConstraint:0x281a99500@Separator.swift#17 UILabel:0x10351.leading == UIView:0x10352.leading + 16.0>""#)
    else { return }
    XCTAssertEqual(snap.source, "Separator.swift#17")
    XCTAssertEqual(snap.className, "SnapKit.LayoutConstraint")
    XCTAssertEqual(snap.address, "0x281a99500")
    XCTAssertEqual(snap.constant, 16)
  }

  func testSystemConstraints() {
    check(
      #""<NSLayoutConstraint:0x600031 'UIView-Encapsulated-Layout-Height' UITableViewCellContentView:0x7f01.height == 44   (active)>""#,
      "UITableViewCellContentView:0x7f01.height == 44", kind: .encapsulated, identifier: "UIView-Encapsulated-Layout-Height")
    check(
      #""<NSLayoutConstraint:0x600032 'UIView-Encapsulated-Layout-Width' H:[UICollectionViewCell:0x7f01(0)]>""#,
      "UICollectionViewCell:0x7f01.width == 0", kind: .encapsulated, identifier: "UIView-Encapsulated-Layout-Width")
    check(
      #""<NSLayoutConstraint:0x600033 '_UITemporaryLayoutWidth' App.Cell:0x7f01.width == 0   (active)>""#,
      "App.Cell:0x7f01.width == 0", kind: .system, identifier: "_UITemporaryLayoutWidth")
    check(
      #""<NSLayoutConstraint:0x600034 '_UITemporaryLayoutHeight' App.Cell:0x7f01.height == 0   (active)>""#,
      "App.Cell:0x7f01.height == 0", kind: .system, identifier: "_UITemporaryLayoutHeight")
    check(
      #""<NSLayoutConstraint:0x600035 'UISV-hiding' App.Note:0x7f01.height == 0   (active)>""#,
      "App.Note:0x7f01.height == 0", kind: .stack, identifier: "UISV-hiding")
    check(
      #""<NSLayoutConstraint:0x600036 'UISV-canvas-connection' UILayoutGuide:0x6001'UIViewLayoutMarginsGuide'.top == _UILayoutSpacer:0x6002'UISV-alignment-spanner'.top   (active)>""#,
      "UILayoutGuide:0x6001'UIViewLayoutMarginsGuide'.top == _UILayoutSpacer:0x6002'UISV-alignment-spanner'.top",
      kind: .stack, identifier: "UISV-canvas-connection")
    check(
      #""<NSLayoutConstraint:0x600037 'UIView-topMargin-guide-constraint' V:|-(8)-[UILayoutGuide:0x6001'UIViewLayoutMarginsGuide']   (active, names: '|':UIView:0x7f01 )>""#,
      "UILayoutGuide:0x6001'UIViewLayoutMarginsGuide'.top == UIView:0x7f01.top + 8", kind: .guide,
      identifier: "UIView-topMargin-guide-constraint")
    check(
      #""<NSLayoutConstraint:0x600038 'UIViewSafeAreaLayoutGuide-left' H:|-(0)-[UILayoutGuide:0x6001'UIViewSafeAreaLayoutGuide'](LTR)   (active, names: '|':UIView:0x7f01 )>""#,
      "UILayoutGuide:0x6001'UIViewSafeAreaLayoutGuide'.leading == UIView:0x7f01.leading", kind: .guide,
      identifier: "UIViewSafeAreaLayoutGuide-left")
    check(
      #""<_UILayoutSupportConstraint:0x600039 _UILayoutGuide:0x7f01.height == 0   (active)>""#,
      "_UILayoutGuide:0x7f01.height == 0", kind: .guide)
    check(
      #""<NSLayoutConstraint:0x60003a 'TB_Leading_Leading' H:|-(8)-[_UIModernBarButton:0x7f01'Done']   (active, names: '|':_UIButtonBarButton:0x7f02 )>""#,
      "_UIModernBarButton:0x7f01'Done'.leading == _UIButtonBarButton:0x7f02.leading + 8", kind: .system,
      identifier: "TB_Leading_Leading")
    check(
      #""<NSLayoutConstraint:0x60003b V:|-(0)-[_UIButtonBarStackView:0x7f01]   (active, names: '|':_UIToolbarContentView:0x7f02 )>""#,
      "_UIButtonBarStackView:0x7f01.top == _UIToolbarContentView:0x7f02.top", kind: .system)
    check(
      #""<NSLayoutConstraint:0x60003c UIInputSetHostView:0x7f01.height == 0   (active)>""#,
      "UIInputSetHostView:0x7f01.height == 0", kind: .system)
  }

  func testAutoresizing() {
    check(
      #""<NSAutoresizingMaskLayoutConstraint:0x600041 h=--& v=--& _UIToolbarContentView:0x7f01.width == 0   (active)>""#,
      "_UIToolbarContentView:0x7f01.width == 0", kind: .autoresizing)
    check(
      #""<NSAutoresizingMaskLayoutConstraint:0x600042 h=--& v=--& V:[UIView:0x7f01(0)]>""#,
      "UIView:0x7f01.height == 0", kind: .autoresizing)
    check(
      #""<NSAutoresizingMaskLayoutConstraint:0x600043 h=--& v=--& UIView:0x7f01.minX == 204   (active, names: '|':UIView:0x7f02 )>""#,
      "UIView:0x7f01.minX == UIView:0x7f02.left + 204", kind: .autoresizing)
    check(
      #""<NSAutoresizingMaskLayoutConstraint:0x600044 h=-&- v=-&- App.Badge:0x7f01.midX == UIImageView:0x7f02.midX - 105   (active)>""#,
      "App.Badge:0x7f01.midX == UIImageView:0x7f02.midX - 105", kind: .autoresizing)
    check(
      #""<NSAutoresizingMaskLayoutConstraint:0x600045 h=--& v=--& UIView:0x7f01.midY == + 70>""#,
      "UIView:0x7f01.midY == (superview of 0x7f01).top + 70", kind: .autoresizing)
    guard let constraint = read(#""<NSAutoresizingMaskLayoutConstraint:0x600046 h=--& v=&-- UIView:0x7f01.height == 10>""#),
      let mask = constraint.mask
    else { return XCTFail("no mask") }
    XCTAssertEqual(
      ExplanationText.maskText(mask),
      "h=--& v=&--: left margin and width fixed, right margin flexible; height and bottom margin fixed, top margin flexible")
  }

  func testOldAndMangledSpellings() {
    // iOS 6: a space after the colon, `>` right after the address, the identifier at the end.
    check(#""<NSLayoutConstraint: 0x7fcb10> H:[UIView:0x7fcb11(80)] (Bar view 0, (null))""#, "UIView:0x7fcb11.width == 80")
    // Markdown: quotes lost, `<` and `>` escaped, quote markers.
    check(#">     \<NSLayoutConstraint:0x15ee V:|-(8)-[UIView:0x15ec]   (Names: '|':UIView:0x15e8 )\>,"#,
      "UIView:0x15ec.top == UIView:0x15e8.top + 8")
    // System-log prefixes before an entry on the same line.
    check(
      #"Mar  4 18:25:38 host App[10567]:     "<NSLayoutConstraint:0x600051 UIView:0x7f01.width == 1   (active)>","#,
      "UIView:0x7f01.width == 1")
    // A marker after the entry (engine dumps).
    check(#"    <NSLayoutConstraint:0x600052 UIView:0x7f01.width == 2   (active)>      Marker:0x600052.marker{id: 1}"#,
      "UIView:0x7f01.width == 2")
    // `>=` inside the entry does not end it.
    check(#""<NSLayoutConstraint:0x600053 UIView:0x7f01.bottom >= UIView:0x7f02.bottom + 10   (active)>","#,
      "UIView:0x7f01.bottom >= UIView:0x7f02.bottom + 10")
  }

  /// Pairs UIKit refuses to make never come from a real log: such an entry is not read.
  func testPairsUIKitRefuses() {
    for (body, reason) in [
      ("UIView:0x7f01.leading == UIView:0x7f02.topMargin", "UIKit does not relate a horizontal attribute to a vertical one"),
      ("UIView:0x7f01.width == UIView:0x7f02.left", "UIKit does not relate a position to a size"),
      ("UIView:0x7f01.leading == UIView:0x7f02.left + 8", "UIKit does not relate leading or trailing to left or right"),
      ("UIView:0x7f01.top == UILayoutGuide:0x6001'UIViewSafeAreaLayoutGuide'.topMargin", "a layout guide has no margins and no baselines"),
    ] {
      let entries = LogReader.read("\"<NSLayoutConstraint:0x600071 \(body)>\"").blocks.first?.entries ?? []
      guard case .unreadable(_, _, let found)? = entries.first else { return XCTFail("read \(body)") }
      XCTAssertEqual(found, reason)
    }
    // A size related to a size of the other axis is an aspect ratio.
    check(#""<NSLayoutConstraint:0x600072 UIView:0x7f01.width == UIView:0x7f01.height>""#, "UIView:0x7f01.width == UIView:0x7f01.height")
  }

  func testUnreadableEntriesSayWhy() {
    let log = LogReader.read(
      """
      (
          "<NSLayoutConstraint:0x600061 UIView:0x7f01.height == 44   (active)>",
          "<NSLayoutConstraint:0x600062 'IB_Baseline_Baseline' _UIModernBarButton:0x7f01.lastBase
      """)
    let entries = log.blocks.first?.entries ?? []
    XCTAssertEqual(entries.count, 2)
    guard case .unreadable(let line, _, let reason) = entries.last else { return XCTFail("read a cut entry") }
    XCTAssertEqual(line, 2)
    XCTAssertEqual(reason, "the entry is cut off")
  }
}
