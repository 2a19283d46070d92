import EditorFeatures
import JSONRPC

extension Server {
  /// `textDocument/definition`: where the thing under the cursor is declared.
  func definition(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params) else { return .null }
    let offset = try self.offset(params, in: snapshot)
    guard let declaration = snapshot.editor.definition(at: offset) else { return .null }
    return location(declaration, in: snapshot)
  }

  /// `textDocument/references`: every place the name under the cursor is written.
  func references(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params) else { return .null }
    let offset = try self.offset(params, in: snapshot)
    let includeDeclaration = params.optional("context")?.optional("includeDeclaration")?.value.boolValue ?? true
    guard let found = snapshot.editor.references(at: offset, includeDeclaration: includeDeclaration) else { return .null }
    return .array(found.map { location($0, in: snapshot) })
  }

  /// `textDocument/documentHighlight`: the name under the cursor everywhere in the document,
  /// declarations as writes (3), uses as reads (2).
  func documentHighlight(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params) else { return .null }
    let offset = try self.offset(params, in: snapshot)
    guard let found = snapshot.editor.highlights(at: offset) else { return .null }
    return .array(
      found.map { highlight in
        .object([("range", range(highlight.range, in: snapshot)), ("kind", .int(highlight.isDeclaration ? 3 : 2))])
      })
  }

  /// `textDocument/prepareRename`: the name under the cursor, when it can be renamed.
  func prepareRename(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params) else { return .null }
    let offset = try self.offset(params, in: snapshot)
    guard let target = snapshot.editor.renameTarget(at: offset) else { return .null }
    return .object([("range", range(target.range, in: snapshot)), ("placeholder", .string(target.placeholder))])
  }

  /// `textDocument/rename`: the language's edits as a `WorkspaceEdit`; `-32803` when the
  /// rename cannot be done.
  func rename(_ params: Params) throws -> JSONValue {
    guard let snapshot = try snapshot(params) else { return .null }
    let offset = try self.offset(params, in: snapshot)
    let newName = try params.required("newName").string()
    switch snapshot.editor.rename(at: offset, to: newName) {
    case nil: return .null
    case .failure(let error)?: throw ResponseError.requestFailed(error.message)
    case .success(let edits)?: return workspaceEdit(edits, in: snapshot)
    }
  }
}
