// swift-tools-version: 6.0
//
// Flipbook: a headless renderer of SwiftUI-style animated scenes to PNG frames.
//
// The targets are the layers of the pipeline, and dependencies point one way:
//
//   Animation ─┐
//   Scene ─────┴─> Layout ─> DisplayList <─ Raster <─ PNG <─ Render <─ render (CLI)
//
// * FlipbookAnimation: curves, springs, transactions (pure Swift, no Foundation).
// * FlipbookScene: the JSON scene file, decoded and validated with file:line:column errors.
// * FlipbookDisplayList: geometry and the flat per-frame display list (the seam).
// * FlipbookLayout: evaluates a scene at time t, lays it out, emits a display list.
// * FlipbookRaster: exact-area coverage and SIMD compositing into premultiplied RGBA8.
// * CLibPNG / FlipbookPNG: libpng, through its simplified API (no setjmp from Swift).
// * FlipbookRender: the frame pipeline (parallel frames, staging folder, frame names).
// * render: the command line (swift-argument-parser).
import PackageDescription

let package = Package(
  name: "Flipbook",
  products: [
    .executable(name: "render", targets: ["render"]),
    .library(name: "FlipbookRender", targets: ["FlipbookRender"]),
    .library(name: "FlipbookGoldenTesting", targets: ["FlipbookGoldenTesting"]),
  ],
  dependencies: [
    // The CLI's parsing, help and errors: the standard for Swift command-line tools.
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // exp, sin, cos, pow as generic Real functions without Foundation or a platform libc
    // import, so the model and animation layers stay pure, portable Swift.
    .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
  ],
  targets: [
    .target(
      name: "FlipbookAnimation", dependencies: [.product(name: "RealModule", package: "swift-numerics")],
      path: "Sources/Animation"),
    .target(name: "FlipbookScene", dependencies: ["FlipbookAnimation"], path: "Sources/Scene"),
    .target(name: "FlipbookDisplayList", path: "Sources/DisplayList"),
    .target(
      name: "FlipbookLayout",
      dependencies: [
        "FlipbookScene", "FlipbookAnimation", "FlipbookDisplayList",
        .product(name: "RealModule", package: "swift-numerics"),
      ],
      path: "Sources/Layout"),
    .target(name: "FlipbookRaster", dependencies: ["FlipbookDisplayList"], path: "Sources/Raster"),
    // libpng from the system (Debian: libpng-dev). The shim exposes the macros Swift cannot
    // import (PNG_FORMAT_RGBA, PNG_IMAGE_VERSION).
    .systemLibrary(
      name: "CLibPNG", path: "Sources/CLibPNG", pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
    .target(name: "FlipbookPNG", dependencies: ["CLibPNG", "FlipbookRaster"], path: "Sources/PNG"),
    .target(
      name: "FlipbookRender",
      dependencies: ["FlipbookLayout", "FlipbookRaster", "FlipbookPNG", "FlipbookScene", "FlipbookAnimation"],
      path: "Sources/Render"),
    // Golden-image assertions: public, so that users' test suites can pin their own
    // animations down the way ours are.
    .target(
      name: "FlipbookGoldenTesting", dependencies: ["FlipbookRaster", "FlipbookPNG"],
      path: "Sources/GoldenTesting"),
    .executableTarget(
      name: "render",
      dependencies: [
        "FlipbookRender", "FlipbookLayout", "FlipbookScene", "FlipbookPNG",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Sources/render"),

    .testTarget(
      name: "GoldenTests",
      dependencies: ["FlipbookGoldenTesting", "FlipbookRender", "FlipbookLayout", "FlipbookScene", "FlipbookRaster"]),
    .testTarget(name: "AnimationTests", dependencies: ["FlipbookAnimation"]),
    .testTarget(name: "SceneTests", dependencies: ["FlipbookScene"]),
    .testTarget(name: "LayoutTests", dependencies: ["FlipbookLayout", "FlipbookScene"]),
    .testTarget(name: "RasterTests", dependencies: ["FlipbookRaster", "FlipbookDisplayList"]),
    .testTarget(name: "PNGTests", dependencies: ["FlipbookPNG", "FlipbookRaster"]),
    // Depends on `render` so that the command-line tests find the executable built beside them.
    .testTarget(
      name: "RenderTests",
      dependencies: ["FlipbookRender", "FlipbookPNG", "FlipbookRaster", "FlipbookLayout", "FlipbookScene", "render"],
      // Scenes the tests feed to the `render` executable, read from the source tree.
      exclude: ["Malformed"]),
  ]
)
