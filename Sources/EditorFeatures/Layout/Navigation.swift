import LayoutAnalysis
import LayoutSyntax

/// Words a view or metric may not be renamed to.
private let reservedNames: Set<String> = [
  "root", "super", "canvas", "direction", "spacing", "metric", "view", "label", "button", "image", "field", "switch",
  "stack",
  "required", "high", "low", "fitting", "safeArea", "options",
]

extension LayoutSnapshot {
  /// The declaration of a view or metric: where its name is declared.
  private func declarationRange(of kind: NameKind, named name: String, index: NameIndex) -> SourceRange? {
    switch kind {
    case .metric:
      guard let metric = model.metrics[name] else { return nil }
      return index.occurrences(of: .metric, named: name).first(where: \.isDeclaration)?.range ?? metric.range
    case .view:
      if let node = model.views[name], let range = node.nameRange ?? node.declarationRange {
        return index.occurrences(of: .view, named: name).first(where: { $0.isDeclaration })?.range ?? range
      }
      return nil
    }
  }

  /// The declaration of the view or metric under the cursor; for `super`, of the view it
  /// stands for.
  public func definition(at offset: Int) -> SourceRange? {
    let index = names
    if let reference = index.superReference(at: offset) {
      guard reference.view != LayoutModel.rootName else { return nil }
      return declarationRange(of: .view, named: reference.view, index: index)
    }
    guard let occurrence = index.occurrence(at: offset) else { return nil }
    return declarationRange(of: occurrence.kind, named: occurrence.name, index: index)
  }

  /// Every place the name under the cursor is written.
  public func references(at offset: Int, includeDeclaration: Bool) -> [SourceRange]? {
    let index = names
    guard let occurrence = index.occurrence(at: offset) else { return nil }
    return index.occurrences(of: occurrence.kind, named: occurrence.name)
      .filter { includeDeclaration || !$0.isDeclaration }.map(\.range)
  }

  /// The name under the cursor everywhere in the document, declarations as writes.
  public func highlights(at offset: Int) -> [Highlight]? {
    let index = names
    guard let occurrence = index.occurrence(at: offset) else { return nil }
    return index.occurrences(of: occurrence.kind, named: occurrence.name).map {
      Highlight(range: $0.range, isDeclaration: $0.isDeclaration)
    }
  }

  /// The name under the cursor, when it can be renamed.
  public func renameTarget(at offset: Int) -> RenameTarget? {
    renamedOccurrence(at: offset).map { RenameTarget(range: $0.range, placeholder: $0.name) }
  }

  /// A view or metric that the file declares (an unknown name has nothing to rename).
  private func renamedOccurrence(at offset: Int) -> NameOccurrence? {
    guard let occurrence = names.occurrence(at: offset) else { return nil }
    switch occurrence.kind {
    case .view: return model.views[occurrence.name] != nil ? occurrence : nil
    case .metric: return model.metrics[occurrence.name] != nil ? occurrence : nil
    }
  }

  /// Renames a view or metric everywhere, Visual Format strings included.
  public func rename(at offset: Int, to newName: String) -> Result<[TextEdit], RenameError>? {
    guard let occurrence = renamedOccurrence(at: offset) else {
      return .failure(RenameError(message: "there is no view or metric to rename here"))
    }
    guard Self.isValidName(newName) else {
      return .failure(
        RenameError(message: "'\(newName)' is not a valid name: use letters, digits and _, not starting with a digit"))
    }
    guard !reservedNames.contains(newName) else {
      return .failure(RenameError(message: "'\(newName)' is reserved"))
    }
    if newName != occurrence.name, model.views[newName] != nil || model.metrics[newName] != nil {
      return .failure(
        RenameError(message: "'\(newName)' is already the name of a \(model.views[newName] != nil ? "view" : "metric")"))
    }
    return .success(
      names.occurrences(of: occurrence.kind, named: occurrence.name).map { TextEdit(range: $0.range, newText: newName) })
  }

  private static func isValidName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
      return false
    }
    return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
  }
}
