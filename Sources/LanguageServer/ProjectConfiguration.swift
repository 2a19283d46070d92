import Configuration
import EditorFeatures
import Foundation
import JSONRPC
import LayoutSyntax

/// The `.plumb.json` of each document (docs/configuration.md), as `plumb check` reads it: the
/// nearest one above the document's file, read again whenever its modification time changes,
/// and applied to the findings before the client's own `ignore` setting.
extension Server {
  /// The findings the configuration and the settings let through, at the levels the
  /// configuration sets: a file the configuration excludes gets none.
  func reported(_ diagnostics: [Diagnostic], of snapshot: AnalysisSnapshot) -> [Diagnostic] {
    var result = diagnostics
    if let path = Server.filePath(ofURI: snapshot.uri) {
      do {
        let configuration = try configurations.configuration(
          forFile: path, defaultFolder: ConfigurationStore.folder(of: path))
        let relative = ConfigurationStore.relativePath(path, to: configuration.folder) ?? String(path.dropFirst())
        if !configuration.includes(relativePath: relative) { return [] }
        let language = documents[snapshot.uri]?.language
        result = configuration.apply(
          to: result, relativePath: relative,
          identifiers: language?.elementIdentifiers(bytes: snapshot.lines.bytes) ?? { _ in [] })
      } catch {
        // Said once per problem; the findings are reported as if there were no file.
        if reportedConfigurationErrors.insert(error.message).inserted {
          warn("plumb lsp: \(error.message)")
          notify("window/showMessage", .object([("type", 1), ("message", .string("Plumb: \(error.message)"))]))
        }
      }
    }
    return reported(result)
  }

  /// The languages for a document: those of the standard settings, with the Visual Format
  /// functions its configuration names (none when it has no configuration or cannot be read;
  /// `reported` says what is wrong with it).
  func languages(forURI uri: String) -> [any EditorLanguage] {
    guard let path = Server.filePath(ofURI: uri),
      let configuration = try? configurations.configuration(forFile: path, defaultFolder: ConfigurationStore.folder(of: path)),
      !configuration.visualFormatFunctions.isEmpty
    else { return EditorLanguages.all }
    return EditorLanguages.languages(settings: LanguageSettings.standard.adding(configuration.visualFormatFunctions))
  }

  /// `workspace/didChangeWatchedFiles`: a `.plumb.json` created, changed or deleted reports
  /// every open document's findings again (a changed file is read again anyway the next time
  /// a document is analysed).
  func didChangeWatchedFiles(_ params: Params) throws {
    let changes = try params.required("changes").array()
    let configurationChanged = changes.contains { change in
      (change.optional("uri")?.value.stringValue ?? "").hasSuffix("/" + ConfigurationStore.fileName)
    }
    guard configurationChanged else { return }
    reportedConfigurationErrors = []
    reportAgain()
  }

  /// Asks a client that can watch files for the server to report changes to `.plumb.json`
  /// files (`workspace/didChangeWatchedFiles`).
  func registerConfigurationWatcher() {
    guard client.watchedFilesRegistration else { return }
    let watcher: JSONValue = .object([("globPattern", .string("**/" + ConfigurationStore.fileName))])
    let registration: JSONValue = .object([
      ("id", "plumb-configuration"), ("method", "workspace/didChangeWatchedFiles"),
      ("registerOptions", .object([("watchers", .array([watcher]))])),
    ])
    request("client/registerCapability", .object([("registrations", .array([registration]))])) { [weak self] result in
      if case .failure(let error) = result {
        self?.log("plumb lsp: watching .plumb.json files failed: \(error.message)")
      }
    }
  }

  /// The path of a `file:` URI, nil for any other.
  static func filePath(ofURI uri: String) -> String? {
    guard uri.hasPrefix("file:"), let url = URL(string: uri), url.isFileURL else { return nil }
    let path = url.path
    return path.hasPrefix("/") ? path : nil
  }
}
