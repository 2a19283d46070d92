import Foundation
import LayoutAnalysis
import LayoutSyntax
import XCTest

@testable import InterfaceBuilder

/// A stack view generates the same constraints whether it is read from Interface Builder's
/// XML or declared in the layout language: both ask `StackLayout`.
final class StackParityTests: XCTestCase {
  private struct Case {
    var attributes: String
    var options: String
  }

  private let cases: [Case] = [
    Case(attributes: #"spacing="10""#, options: "spacing 10"),
    Case(attributes: #"axis="vertical" distribution="fillEqually" spacing="4""#, options: "axis vertical distribution fillEqually spacing 4"),
    Case(attributes: #"distribution="fillProportionally" alignment="top""#, options: "distribution fillProportionally alignment top"),
    Case(attributes: #"distribution="equalSpacing" alignment="center" spacing="8""#, options: "distribution equalSpacing alignment center spacing 8"),
    Case(attributes: #"distribution="equalCentering" alignment="bottom""#, options: "distribution equalCentering alignment bottom"),
    Case(attributes: #"alignment="firstBaseline""#, options: "alignment firstBaseline"),
    Case(attributes: #"alignment="lastBaseline" layoutMarginsRelativeArrangement="YES""#, options: "alignment lastBaseline marginsRelative"),
    Case(attributes: #"axis="vertical" alignment="trailing" baselineRelativeArrangement="YES" spacing="20""#, options: "axis vertical alignment trailing baselineRelative spacing 20"),
    Case(attributes: #"spacingType="standard""#, options: "spacing standard"),
  ]

  /// The stack's own constraints, as UIKit describes them, without where they point.
  private func stackConstraints(_ model: LayoutModel) -> [String] {
    model.constraints.filter { $0.origin == .stackView }.map(\.description)
  }

  func testTheReaderAndTheLanguageGenerateTheSameConstraints() throws {
    for test in cases {
      let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" useAutolayout="YES">
          <objects>
            <view contentMode="scaleToFill" id="top" userLabel="root">
              <rect key="frame" x="0.0" y="0.0" width="375" height="200"/>
              <subviews>
                <stackView opaque="NO" contentMode="scaleToFill" \(test.attributes) translatesAutoresizingMaskIntoConstraints="NO" id="st" userLabel="S">
                  <rect key="frame" x="0.0" y="0.0" width="200" height="40"/>
                  <subviews>
                    <view contentMode="scaleToFill" id="v1" userLabel="a"><rect key="frame" x="0.0" y="0.0" width="40" height="40"/></view>
                    <view contentMode="scaleToFill" id="v2" userLabel="b"><rect key="frame" x="50" y="0.0" width="60" height="40"/></view>
                    <view contentMode="scaleToFill" id="v3" userLabel="c"><rect key="frame" x="120" y="0.0" width="80" height="40"/></view>
                  </subviews>
                  <directionalEdgeInsets key="directionalLayoutMargins" top="0.0" leading="0.0" bottom="0.0" trailing="0.0"/>
                </stackView>
              </subviews>
            </view>
          </objects>
        </document>
        """
      let file = InterfaceBuilderFile.read(text: xml)
      let fromXML = try XCTUnwrap(file.units.first?.model, test.options)
      let text = "stack S \(test.options) {\n  view a\n  view b\n  view c\n}\n"
      let fromText = LayoutDocument(text: text, kind: .layout)
      XCTAssertEqual(fromText.diagnostics.filter { $0.severity == .error }.map(\.message), [], test.options)
      XCTAssertFalse(stackConstraints(fromXML).isEmpty, test.options)
      XCTAssertEqual(stackConstraints(fromXML), stackConstraints(fromText.model), test.options)
      XCTAssertEqual(
        fromXML.viewOrder.filter { fromXML.views[$0]?.isLayoutGuide == true },
        fromText.model.viewOrder.filter { fromText.model.views[$0]?.isLayoutGuide == true }, test.options)
    }
  }
}
