// swift-tools-version:6.0
import PackageDescription

// Modules that round numbers without Foundation need libm on Linux.
let mathLibrary: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
  name: "Plumb",
  products: [
    .executable(name: "plumb", targets: ["plumb"]),
    .executable(name: "plumb-bench", targets: ["plumb-bench"]),
    // The readers, for the fuzz targets' package (Tests/Fuzz), which depends on this one by path.
    .library(
      name: "PlumbReaders", targets: ["LayoutSyntax", "LayoutAnalysis", "InterfaceBuilder", "JSONRPC", "SourceCode", "ConstraintLog"]),
    // `swift package plumb`: plumb check on a package's directory (docs/ci.md).
    .plugin(name: "PlumbCommand", targets: ["PlumbCommand"]),
  ],
  dependencies: [],
  targets: [
    // Lexer, parsers, AST with source ranges, line index, findings and their one renderer.
    // Depends on nothing; never fails.
    .target(name: "LayoutSyntax", linkerSettings: mathLibrary),
    // A small lexer of Swift and Objective-C, and the calls that build constraints from Visual
    // Format strings with their literal arguments. Depends only on LayoutSyntax (ranges, names).
    .target(name: "SourceCode", dependencies: ["LayoutSyntax"]),
    // Incremental Cassowary solver. Knows nothing of views or text.
    .target(name: "CassowarySolver", linkerSettings: mathLibrary),
    // Names, UIKit's rules, lowering to constraints, solving in every canvas and direction, the
    // checks, and typed findings. Pure: no IO.
    .target(name: "LayoutAnalysis", dependencies: ["LayoutSyntax", "CassowarySolver"], linkerSettings: mathLibrary),
    // UIKit's "Unable to simultaneously satisfy constraints" logs: a total reader, the conflict
    // re-solved with the solver (minimal set, arithmetic, causes), text and `.layout` output. Pure: no IO.
    .target(name: "ConstraintLog", dependencies: ["LayoutSyntax", "CassowarySolver"], linkerSettings: mathLibrary),
    // JSON values (ordered, bounded parser), JSON-RPC messages and Content-Length framing.
    // Foundation only; knows nothing of layouts.
    .target(name: "JSONRPC"),
    // Interface Builder .storyboard and .xib files read into the analysis' model.
    .target(name: "InterfaceBuilder", dependencies: ["LayoutSyntax", "LayoutAnalysis"]),
    // What an editor can ask about a document (outline, navigation, rename, completion, semantic
    // tokens, formatting, folding, hovers, inlay hints, code actions, frames), as plain values in
    // UTF-8 byte offsets: no JSON, no protocol, no IO. One `EditorLanguage` per kind of file.
    .target(name: "EditorFeatures", dependencies: ["LayoutSyntax", "LayoutAnalysis", "InterfaceBuilder", "SourceCode"]),
    // `.plumb.json`: finding it, reading it (one table of settings) and applying it to
    // findings. Shared by the command line and the server.
    .target(name: "Configuration", dependencies: ["JSONRPC", "LayoutSyntax", "LayoutAnalysis", "SourceCode"]),
    // `plumb lsp`: the adapter between the Language Server Protocol (JSON, UTF-16 positions,
    // lifecycle, cancellation) and EditorFeatures. Knows no kind of file.
    .target(
      name: "LanguageServer",
      dependencies: ["JSONRPC", "EditorFeatures", "LayoutAnalysis", "LayoutSyntax", "Configuration", "ConstraintLog"]),
    // The subcommands, their output formats (text, JSON, SARIF) and file IO.
    .target(
      name: "PlumbCLI",
      dependencies: [
        "LayoutSyntax", "LayoutAnalysis", "JSONRPC", "EditorFeatures", "LanguageServer", "InterfaceBuilder", "Configuration",
        "SourceCode", "ConstraintLog",
      ]),
    .executableTarget(name: "plumb", dependencies: ["PlumbCLI"]),
    // `swift package plumb [ARGUMENTS…]` and Xcode's command: runs the `plumb` built here.
    .plugin(
      name: "PlumbCommand",
      capability: .command(
        intent: .custom(verb: "plumb", description: "Check the package's Auto Layout files with plumb check"),
        permissions: []),
      dependencies: ["plumb"]),
    .executableTarget(
      name: "plumb-bench",
      dependencies: [
        "CassowarySolver", "LayoutSyntax", "LayoutAnalysis", "JSONRPC", "PlumbCLI", "EditorFeatures", "SourceCode",
        "ConstraintLog",
      ]),
    // Golden files and seeded randomness shared by the test targets.
    .target(name: "TestSupport", dependencies: ["LayoutSyntax"], path: "Tests/TestSupport"),
    .testTarget(name: "LayoutSyntaxTests", dependencies: ["LayoutSyntax", "TestSupport"]),
    .testTarget(name: "CassowarySolverTests", dependencies: ["CassowarySolver", "TestSupport"]),
    .testTarget(name: "LayoutAnalysisTests", dependencies: ["LayoutAnalysis", "LayoutSyntax", "TestSupport"]),
    .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "TestSupport"]),
    .testTarget(name: "EditorFeaturesTests", dependencies: ["EditorFeatures", "LayoutAnalysis", "LayoutSyntax", "TestSupport"]),
    .testTarget(
      name: "LanguageServerTests",
      dependencies: [
        "LanguageServer", "EditorFeatures", "JSONRPC", "LayoutAnalysis", "LayoutSyntax", "PlumbCLI", "TestSupport",
      ]),
    .testTarget(name: "InterfaceBuilderTests", dependencies: ["InterfaceBuilder", "LayoutAnalysis", "LayoutSyntax", "TestSupport"]),
    .testTarget(
      name: "SourceCodeTests", dependencies: ["SourceCode", "EditorFeatures", "LayoutAnalysis", "LayoutSyntax", "TestSupport"]),
    .testTarget(
      name: "ConstraintLogTests", dependencies: ["ConstraintLog", "LayoutAnalysis", "LayoutSyntax", "TestSupport"]),
    .testTarget(name: "CLITests", dependencies: ["PlumbCLI", "JSONRPC", "LayoutSyntax", "TestSupport"]),
    .testTarget(name: "ConfigurationTests", dependencies: ["Configuration", "JSONRPC", "LayoutSyntax", "SourceCode", "TestSupport"]),
  ]
)
