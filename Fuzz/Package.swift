// swift-tools-version: 6.0
//
// The fuzzing target for the scene decoder, validator and frame evaluation. It is a package of
// its own so that the root package stays free of sanitizer flags: `tools/fuzz` builds it with
// `-sanitize=fuzzer` given on the command line, which libFuzzer needs on every target.
import PackageDescription

let package = Package(
  name: "FlipbookFuzz",
  dependencies: [.package(name: "Flipbook", path: "..")],
  targets: [
    .executableTarget(
      name: "FuzzScene",
      dependencies: [.product(name: "FlipbookRender", package: "Flipbook")],
      path: "Sources/FuzzScene")
  ]
)
