// swift-tools-version: 6.0
//
// Flipbook's benchmark against its peers (cairo, skia), kept out of the root package so that
// `swift build` and `swift test` there never compile it. Run it with `tools/bench` from the
// repository root; see Benchmarks/README.md.
//
// No benchmark framework: the measurements are whole 60-frame sequences timed the way the
// peer kit (given to tools/bench with --peers) times its own, interleaved with the peers' processes by
// tools/bench, and reported as the kit's JSON lines. ordo-one/benchmark and
// google/swift-benchmark time closures inside one process and cannot interleave with cairo's
// C and Python programs or report in the kit's format.
import PackageDescription

let package = Package(
  name: "FlipbookBenchmarks",
  dependencies: [
    .package(name: "Flipbook", path: "..")
  ],
  targets: [
    .executableTarget(
      name: "flipbook-bench",
      dependencies: [.product(name: "FlipbookRender", package: "Flipbook")],
      path: "Sources/flipbook-bench")
  ]
)
