import Foundation
import LayoutAnalysis
import LayoutSyntax

// The `<constraint>` elements of a unit, read into constraints of the model.

extension UnitBuilder {
  mutating func lower(_ raw: RawConstraint) -> LayoutConstraint? {
    guard let element = node(raw.element) else { return nil }
    let range = element.tagRange
    func warn(_ message: String) -> LayoutConstraint? {
      diagnostics.append(
        Diagnostic(code: .interfaceBuilderConstraint, severity: .warning, finding: .unreadableConstraint(message), range: range))
      return nil
    }
    guard let firstAttribute = Elements.attribute(raw.firstAttribute) else {
      return warn("'\(raw.firstAttribute)' is not a layout attribute; Plumb leaves this constraint out.")
    }
    var secondAttribute: LayoutAttribute?
    if raw.secondID != nil {
      guard let name = raw.secondAttribute, let attribute = Elements.attribute(name) else {
        return warn("'\(raw.secondAttribute ?? "")' is not a layout attribute; Plumb leaves this constraint out.")
      }
      secondAttribute = attribute
    }
    let firstRecord = raw.firstID.flatMap { record(forID: $0) } ?? raw.owner
    if let id = raw.firstID, record(forID: id) == nil {
      return warn("firstItem '\(id)' is not a view or layout guide of this scene; Plumb leaves this constraint out.")
    }
    var secondRecord: Int?
    if let id = raw.secondID {
      guard let found = record(forID: id) else {
        return warn("secondItem '\(id)' is not a view or layout guide of this scene; Plumb leaves this constraint out.")
      }
      secondRecord = found
    }
    guard
      let first = item(
        id: raw.firstID, record: firstRecord, attribute: firstAttribute, other: secondRecord)
    else {
      return warn("Plumb cannot express '\(raw.firstAttribute)' of this layout guide; it leaves this constraint out.")
    }
    var second: ConstraintItem?
    if let secondRecord, let secondAttribute {
      guard let resolved = item(id: raw.secondID, record: secondRecord, attribute: secondAttribute, other: firstRecord)
      else {
        return warn("Plumb cannot express '\(raw.secondAttribute ?? "")' of this layout guide; it leaves this constraint out.")
      }
      second = resolved
    }
    var relation = Relation.equal
    switch element.attribute("relation") {
    case nil, "equal": relation = .equal
    case "greaterThanOrEqual": relation = .greaterThanOrEqual
    case "lessThanOrEqual": relation = .lessThanOrEqual
    case let other?: return warn("'\(other)' is not a relation; Plumb leaves this constraint out.")
    }
    var multiplier = 1.0
    if let text = element.attribute("multiplier") {
      guard let value = Elements.multiplier(text) else {
        return warn("multiplier '\(text)' is not a number, a ratio 'a:b' or a fraction 'a/b'; Plumb leaves this constraint out.")
      }
      multiplier = value
    }
    var constant = 0.0
    if let text = element.attribute("constant") {
      guard let value = Elements.number(text) else {
        return warn("constant '\(text)' is not a number; Plumb leaves this constraint out.")
      }
      constant = value
    }
    // Standard spacing (`symbolic="YES"`) to a safe area is none: Interface Builder writes the
    // standard constant it shows (20, 8), but lays the view out at the guide's edge.
    if element.attribute("symbolic") == "YES",
      [raw.firstID, raw.secondID].contains(where: { id in id.flatMap { guides[$0]?.kind } == .safeArea })
    {
      constant = 0
    } else if context.appKit, element.attribute("symbolic") == "YES", element.attribute("constant") == nil {
      // AppKit's standard spacing saved without its value (Xcode 6 and 7): it depends on the
      // pair of views, which Plumb does not know (`AppKit.movedByUnknownInsets`).
      details.unknownSpacing.formUnion([first.view] + (second.map { [$0.view] } ?? []))
    }
    var priority = 1000.0
    if let text = element.attribute("priority") {
      guard let value = Elements.number(text), value > 0, value <= 1000 else {
        return warn("priority '\(text)' is not greater than 0 and at most 1000; Plumb leaves this constraint out.")
      }
      priority = value
    }
    let label = element.attribute("identifier")
    return LayoutConstraint(
      first: first, relation: relation, second: second, multiplier: second == nil ? 1 : multiplier, constant: constant,
      priority: priority, label: label, origin: .explicit, range: range)
  }

  /// Whether `record` is `ancestor` or inside it.
  func isInside(_ record: Int, _ ancestor: Int) -> Bool {
    var current: Int? = record
    var steps = 0
    while let index = current, steps <= records.count {
      if index == ancestor { return true }
      current = records[index].superview
      steps += 1
    }
    return false
  }

  /// One side of a constraint. `other` is the record of the other side, which decides
  /// whether a scroll view's edges mean its frame or its content.
  func item(id: String?, record: Int, attribute: LayoutAttribute, other: Int?) -> ConstraintItem? {
    let name = records[record].name
    if let id, let guide = guides[id] {
      switch guide.kind {
      case .safeArea:
        return ConstraintItem(view: name, guide: "safeArea", attribute: attribute)
      case .frame:
        return ConstraintItem(view: name, attribute: attribute)
      case .content:
        let content = records[record].contentNode.map { records[$0].name } ?? name
        return ConstraintItem(view: content, attribute: attribute)
      case .legacyTop:
        switch attribute {
        case .bottom: return ConstraintItem(view: LayoutModel.rootName, guide: "safeArea", attribute: .top)
        case .top: return ConstraintItem(view: LayoutModel.rootName, attribute: .top)
        default: return nil
        }
      case .legacyBottom:
        switch attribute {
        case .top: return ConstraintItem(view: LayoutModel.rootName, guide: "safeArea", attribute: .bottom)
        case .bottom: return ConstraintItem(view: LayoutModel.rootName, attribute: .bottom)
        default: return nil
        }
      }
    }
    if let content = records[record].contentNode, let other, other != record, isInside(other, record) {
      switch attribute {
      case .width, .height, .centerX, .centerY, .centerXWithinMargins, .centerYWithinMargins:
        break
      default:
        return ConstraintItem(view: records[content].name, attribute: attribute)
      }
    }
    return ConstraintItem(view: name, attribute: attribute)
  }
}
