import LayoutSyntax
import XCTest

@testable import InterfaceBuilder

/// Which size classes a `<variation key="…">` names; keys Plumb cannot read name none, so
/// their masks are never taken for the base configuration's.
final class VariationKeyTests: XCTestCase {
  func testReadableKeys() {
    XCTAssertEqual(variationCondition("default"), TraitCondition.any)
    XCTAssertEqual(variationCondition("widthClass=compact"), TraitCondition(horizontal: .compact))
    XCTAssertEqual(
      variationCondition("heightClass=regular-widthClass=compact"),
      TraitCondition(horizontal: .compact, vertical: .regular))
  }

  func testUnreadableKeysNameNothing() {
    for key in ["", "-", "heightClass=compact-", "-widthClass=regular", "heightClass=bogus", "userInterfaceIdiom=mac",
      "widthClass=compact-widthClass=regular", "widthClass"]
    {
      XCTAssertNil(variationCondition(key), key)
    }
    XCTAssertNil(variationCondition(nil))
  }
}
