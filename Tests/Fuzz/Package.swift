// swift-tools-version:6.0
// libFuzzer targets for Plumb's readers. A package of its own, so the main package's build and
// `swift test` never see it. Build and run with `Tests/Fuzz/run.sh` (see docs/fuzzing.md):
//   swift build -c release -Xswiftc -sanitize=fuzzer
// Each target's main.swift calls libFuzzer's driver (`runFuzzer`): SwiftPM links an executable
// with its own entry point on Linux, so `-parse-as-library` and libFuzzer's `main` do not link.
import PackageDescription

let targets = [
  "fuzz-layout", "fuzz-vfl", "fuzz-analysis", "fuzz-interface-builder", "fuzz-json", "fuzz-framer", "fuzz-source-code",
  "fuzz-explain",
]

let package = Package(
  name: "PlumbFuzz",
  dependencies: [.package(name: "Plumb", path: "../..")],
  targets: [
    // The invariant checks the targets share: a failed check prints and aborts, which libFuzzer
    // reports as a crash with the input saved.
    .target(name: "FuzzCheck", dependencies: ["CFuzzerDriver"]),
    // The declaration of libFuzzer's driver, which the targets' `main` calls.
    .target(name: "CFuzzerDriver"),
  ]
    + targets.map { name in
      .executableTarget(
        name: name,
        dependencies: ["FuzzCheck", .product(name: "PlumbReaders", package: "Plumb")])
    }
)
