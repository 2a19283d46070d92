import JSONRPC
import LayoutAnalysis
import LayoutSyntax

/// Words a view or metric may not be renamed to.
private let reservedNames: Set<String> = [
  "root", "super", "canvas", "direction", "spacing", "metric", "view", "label", "button", "image", "field", "switch",
  "required", "high", "low", "fitting", "safeArea", "options",
]

extension Server {
  /// The declaration of a view or metric: where its name is declared.
  private func declarationRange(of kind: NameKind, named name: String, in snapshot: AnalysisSnapshot, index: NameIndex)
    -> SourceRange?
  {
    switch kind {
    case .metric:
      guard let metric = snapshot.model.metrics[name] else { return nil }
      return index.occurrences(of: .metric, named: name).first(where: \.isDeclaration)?.range ?? metric.range
    case .view:
      if let node = snapshot.model.views[name], let range = node.nameRange ?? node.declarationRange {
        return index.occurrences(of: .view, named: name).first(where: { $0.isDeclaration })?.range ?? range
      }
      return nil
    }
  }

  /// `textDocument/definition`: the declaration of the view or metric under the cursor; for
  /// `super`, the view it stands for.
  func definition(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params) else { return .null }
    let offset = try self.offset(params, in: snapshot)
    let index = snapshot.names
    if let reference = index.superReference(at: offset) {
      guard reference.view != LayoutModel.rootName,
        let range = declarationRange(of: .view, named: reference.view, in: snapshot, index: index)
      else { return .null }
      return location(range, in: snapshot)
    }
    guard let occurrence = index.occurrence(at: offset),
      let range = declarationRange(of: occurrence.kind, named: occurrence.name, in: snapshot, index: index)
    else { return .null }
    return location(range, in: snapshot)
  }

  /// `textDocument/references`: every place the name under the cursor is written.
  func references(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params) else { return .null }
    let offset = try self.offset(params, in: snapshot)
    let includeDeclaration = params.optional("context")?.optional("includeDeclaration")?.value.boolValue ?? true
    let index = snapshot.names
    guard let occurrence = index.occurrence(at: offset) else { return .null }
    let found = index.occurrences(of: occurrence.kind, named: occurrence.name)
      .filter { includeDeclaration || !$0.isDeclaration }
    return .array(found.map { location($0.range, in: snapshot) })
  }

  /// `textDocument/documentHighlight`: the name under the cursor everywhere in the document,
  /// declarations as writes.
  func documentHighlight(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params) else { return .null }
    let offset = try self.offset(params, in: snapshot)
    let index = snapshot.names
    guard let occurrence = index.occurrence(at: offset) else { return .null }
    return .array(
      index.occurrences(of: occurrence.kind, named: occurrence.name).map { found in
        .object([("range", range(found.range, in: snapshot)), ("kind", .int(found.isDeclaration ? 3 : 2))])
      })
  }

  /// `textDocument/prepareRename`: the name under the cursor, when it can be renamed.
  func prepareRename(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params) else { return .null }
    let offset = try self.offset(params, in: snapshot)
    guard let occurrence = renameTarget(at: offset, in: snapshot) else { return .null }
    return .object([("range", range(occurrence.range, in: snapshot)), ("placeholder", .string(occurrence.name))])
  }

  /// A view or metric that the file declares (an unknown name has nothing to rename).
  private func renameTarget(at offset: Int, in snapshot: AnalysisSnapshot) -> NameOccurrence? {
    guard let occurrence = snapshot.names.occurrence(at: offset) else { return nil }
    switch occurrence.kind {
    case .view: return snapshot.model.views[occurrence.name] != nil ? occurrence : nil
    case .metric: return snapshot.model.metrics[occurrence.name] != nil ? occurrence : nil
    }
  }

  /// `textDocument/rename`: renames a view or metric everywhere, Visual Format strings included.
  func rename(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params) else { return .null }
    let offset = try self.offset(params, in: snapshot)
    let newName = try params.required("newName").string()
    guard let occurrence = renameTarget(at: offset, in: snapshot) else {
      throw ResponseError.requestFailed("there is no view or metric to rename here")
    }
    guard isValidName(newName) else {
      throw ResponseError.requestFailed("'\(newName)' is not a valid name: use letters, digits and _, not starting with a digit")
    }
    guard !reservedNames.contains(newName) else {
      throw ResponseError.requestFailed("'\(newName)' is reserved")
    }
    if newName != occurrence.name, snapshot.model.views[newName] != nil || snapshot.model.metrics[newName] != nil {
      throw ResponseError.requestFailed("'\(newName)' is already the name of a \(snapshot.model.views[newName] != nil ? "view" : "metric")")
    }
    let index = snapshot.names
    let edits = index.occurrences(of: occurrence.kind, named: occurrence.name).map {
      TextEdit(range: $0.range, newText: newName)
    }
    return workspaceEdit(edits, in: snapshot)
  }

  private func isValidName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
      return false
    }
    return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
  }
}
