import CassowarySolver
import LayoutSyntax
import TestSupport
import XCTest

@testable import LayoutAnalysis

/// `PlaceSolver.pinsDetermine` sums each variable's coefficients in place, without the table
/// of terms it once built; it must answer as that table does for any pins: ones that cancel
/// (a view's origin and its superview's), ones with other views' variables, multipliers of 0,
/// one pin or three.
final class PinsDetermineTests: XCTestCase {
  /// The answer as the table of terms gives it.
  private func reference(_ place: PlaceSolver, _ pins: [LayoutConstraint], view: String, axis: AttributeAxis) -> Bool {
    guard let vars = place.system.variables(of: view) else { return false }
    let (position, size) = axis == .horizontal ? (vars.x, vars.width) : (vars.y, vars.height)
    var sizePinned = false
    var positionPinned = false
    for pin in pins {
      guard pin.isRequired, pin.relation == .equal, let constraint = place.system.solverConstraint(pin, tag: 0) else {
        return false
      }
      var terms: [(variable: Variable, coefficient: Double)] = []
      for term in constraint.expression.terms {
        if let index = terms.firstIndex(where: { $0.variable === term.variable }) {
          terms[index].coefficient += term.coefficient
        } else {
          terms.append((term.variable, term.coefficient))
        }
      }
      terms.removeAll { $0.coefficient == 0 }
      let onPosition = terms.filter { $0.variable === position }
      let onSize = terms.filter { $0.variable === size }
      guard onPosition.count + onSize.count == terms.count, onPosition.count <= 1, onSize.count <= 1 else {
        return false
      }
      if onPosition.isEmpty {
        guard let term = onSize.first, term.coefficient != 0, term.coefficient.isFinite else { return false }
        sizePinned = true
      } else {
        guard let term = onPosition.first, term.coefficient != 0, term.coefficient.isFinite else { return false }
        positionPinned = true
      }
    }
    return sizePinned && positionPinned
  }

  func testSummingInPlaceAnswersAsTheTableOfTerms() {
    let attributes: [LayoutAttribute] = [
      .leading, .trailing, .left, .right, .centerX, .width, .top, .bottom, .centerY, .height, .leadingMargin,
    ]
    var answers: [Bool: Int] = [:]
    withEverySeed(0..<150) { random, seed in
      let count = Int.random(in: 1...5, using: &random)
      var lines: [String] = []
      if Bool.random(using: &random) { lines.append("direction both") }
      lines.append("canvas wide 400x300")
      // v0 holds the views up to `nested` (their superview's origin and insets are in their pins).
      let nested = Int.random(in: 0..<count, using: &random)
      for index in 0..<count {
        let insets = Int.random(in: 0..<4, using: &random) == 0 ? " insets (1, 2, 3, 4)" : ""
        lines.append("view v\(index)\(insets)" + (index == 0 && nested > 0 ? " {" : ""))
        if index == nested && nested > 0 { lines.append("}") }
      }
      let layout = SolvedLayout(document: LayoutDocument(text: lines.joined(separator: "\n") + "\n", kind: .layout))
      let names = (0..<count).map { "v\($0)" }
      for place in layout.places {
        for _ in 0..<40 {
          let view = names[Int.random(in: 0..<count, using: &random)]
          let axis: AttributeAxis = Bool.random(using: &random) ? .horizontal : .vertical
          // Mostly attributes of the axis asked about, as "Add missing constraints" pins them.
          let ofAxis: [LayoutAttribute] =
            axis == .horizontal ? [.leading, .width, .left, .centerX] : [.top, .height, .bottom, .centerY]
          func attribute() -> LayoutAttribute {
            Int.random(in: 0..<4, using: &random) == 0
              ? attributes[Int.random(in: 0..<attributes.count, using: &random)]
              : ofAxis[Int.random(in: 0..<ofAxis.count, using: &random)]
          }
          var pins: [LayoutConstraint] = []
          for _ in 0..<Int.random(in: 1...3, using: &random) {
            let first = ConstraintItem(view: view, attribute: attribute())
            let others = names + [LayoutModel.rootName, "super"]
            let secondName = others[Int.random(in: 0..<others.count, using: &random)]
            let second: ConstraintItem? =
              Bool.random(using: &random)
              ? nil
              : ConstraintItem(
                view: secondName == "super" ? (layout.document.model.views[view]?.superview ?? LayoutModel.rootName) : secondName,
                attribute: attribute())
            let multiplier = [1, 1, 0, 2, -1, 0.5][Int.random(in: 0..<6, using: &random)]
            let relation: LayoutSyntax.Relation = Int.random(in: 0..<6, using: &random) == 0 ? .greaterThanOrEqual : .equal
            pins.append(
              LayoutConstraint(
                first: first, relation: relation, second: second, multiplier: multiplier,
                constant: Double(Int.random(in: -20...20, using: &random)), origin: .explicit, range: SourceRange(at: 0)))
          }
          if Int.random(in: 0..<3, using: &random) == 0 {
            // The pins "Add missing constraints" writes, with one of them changed at times.
            let superview = layout.document.model.views[view]?.superview ?? LayoutModel.rootName
            let (edge, dimension): (LayoutAttribute, LayoutAttribute) =
              axis == .horizontal ? (.leading, .width) : (.top, .height)
            pins = [
              LayoutConstraint(
                first: ConstraintItem(view: view, attribute: edge), relation: .equal,
                second: ConstraintItem(view: superview, attribute: edge), constant: 12, origin: .explicit,
                range: SourceRange(at: 0)),
              LayoutConstraint(
                first: ConstraintItem(view: view, attribute: dimension), relation: .equal, second: nil, constant: 40,
                origin: .explicit, range: SourceRange(at: 0)),
            ]
            switch Int.random(in: 0..<4, using: &random) {
            case 0: pins.remove(at: Int.random(in: 0..<2, using: &random))
            case 1: pins.append(pins[Int.random(in: 0..<2, using: &random)])
            default: break
            }
          }
          let expected = reference(place, pins, view: view, axis: axis)
          answers[expected, default: 0] += 1
          XCTAssertEqual(
            place.pinsDetermine(pins, view: view, axis: axis), expected,
            "seed \(seed): \(pins.map(\.description)) for \(view) \(axis) in \(place.place)")
        }
      }
    }
    // Both answers are exercised.
    XCTAssertGreaterThan(answers[true] ?? 0, 300)
    XCTAssertGreaterThan(answers[false] ?? 0, 100)
  }
}
