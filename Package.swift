// swift-tools-version: 6.0
//
// Flipbook: a headless renderer of SwiftUI-style animated scenes to PNG frames.
//
// The targets are the layers of the pipeline, and dependencies point one way:
//
//   Animation ─┐            Text ─┐
//   Scene ─────┴─> Layout ─┴─────> DisplayList <─ Raster <─ PNG, GIF <─ Render <─ render (CLI)
//   (the engine also reads `image` nodes' files through PNG's decoder, which depends on
//   nothing of the pipeline)
//
// * FlipbookAnimation: curves, springs, transactions (pure Swift, no Foundation).
// * FlipbookScene: the JSON scene file, decoded and validated with file:line:column errors.
// * FlipbookDisplayList: geometry and the flat per-frame display list (the seam).
// * CFreeType / CFontconfig / CHarfBuzz / FlipbookText: fonts found by fontconfig, glyph
//   outlines from FreeType (unhinted), shaping by HarfBuzz, and SwiftUI's text layout.
// * FlipbookEngine: evaluates a scene at time t, lays it out, emits a display list.
// * FlipbookRaster: exact-area coverage and SIMD compositing into premultiplied RGBA8.
// * CLibPNG / CIsal / CLibDeflate / CZlib / CPNGKernels / FlipbookPNG: PNG files written with
//   our own deflate for filtered rows (or igzip's, libdeflate's or zlib's) directly, read with
//   libpng's simplified API (no setjmp).
// * CGIFLib / CImageQuant / FlipbookGIF: animated GIF output without external tools.
// * FlipbookPNG's APNGWriter, CWebP / FlipbookWebP, FlipbookVideo: animated PNG (our own
//   writer), animated WebP (libwebp) and video (the ffmpeg program, run, never linked).
// * FlipbookRender: the frame pipeline (one worker pool, staging folder, frame names,
//   cancellation and progress callbacks); never prints, exits or touches signals.
// * FlipbookPreview: `render preview`'s local web server (FlyingFox), its page and API.
// * render: the command line (swift-argument-parser) and its process policy: signal handling,
//   exit statuses, the progress bar, the printed ffmpeg/gifski commands, `info`'s JSON.
import PackageDescription

let package = Package(
  name: "Flipbook",
  products: [
    .executable(name: "render", targets: ["render"]),
    .library(name: "FlipbookRender", targets: ["FlipbookRender"]),
    .library(name: "FlipbookGoldenTesting", targets: ["FlipbookGoldenTesting"]),
    // Scenes written in Swift, the way SwiftUI views are; and golden assertions for them.
    .library(name: "Flipbook", targets: ["Flipbook"]),
    .library(name: "FlipbookTesting", targets: ["FlipbookTesting"]),
  ],
  dependencies: [
    // The CLI's parsing, help and errors: the standard for Swift command-line tools.
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // exp, sin, cos, pow as generic Real functions without Foundation or a platform libc
    // import, so the model and animation layers stay pure, portable Swift.
    .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
    // `render preview`'s HTTP server. FlyingFox is a small server on non-blocking BSD sockets
    // and Swift concurrency (epoll on Linux) with no dependencies of its own: two small modules
    // to build, where Hummingbird brings SwiftNIO and 2.5 to 4.5 minutes of build, and CI builds
    // from scratch. A preview serves one user on loopback: NIO's throughput buys nothing here.
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
  ],
  targets: [
    .target(
      name: "FlipbookAnimation", dependencies: [.product(name: "RealModule", package: "swift-numerics")],
      path: "Sources/Animation"),
    // Pixels and colors: the one color value, premultiplied 8-bit color and the pixmap, shared
    // by the model, the rasterizer, the encoders and golden testing without depending on
    // the rasterizer.
    .target(name: "FlipbookImage", path: "Sources/Image"),
    .target(
      name: "FlipbookScene",
      dependencies: ["FlipbookAnimation", "FlipbookImage", .product(name: "RealModule", package: "swift-numerics")],
      path: "Sources/Scene"),
    .target(name: "FlipbookDisplayList", dependencies: ["FlipbookImage"], path: "Sources/DisplayList"),
    // Text from the system's libraries through pkg-config (no flags in the manifest, so the
    // package stays usable as a dependency): fontconfig (Debian: libfontconfig-dev) finds a
    // family by name, weight and design as every Linux desktop does; FreeType
    // (libfreetype-dev) reads the outlines; HarfBuzz (libharfbuzz-dev) shapes them (kerning,
    // ligatures, marks, right-to-left runs), as Chrome, Firefox and Android do.
    .systemLibrary(
      name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
    .systemLibrary(
      name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]),
    .systemLibrary(
      name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
      providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
    // Fonts, shaping and line breaking: the engine's layout measures text with it, and the
    // display list carries its glyph outlines as paths.
    .target(
      name: "FlipbookText", dependencies: ["FlipbookDisplayList", "CFreeType", "CFontconfig", "CHarfBuzz"],
      path: "Sources/Text"),
    .target(
      name: "FlipbookEngine",
      dependencies: [
        "FlipbookScene", "FlipbookAnimation", "FlipbookDisplayList", "FlipbookImage", "FlipbookText",
        // `image` nodes: their PNG files read (a regular file, bounded) and decoded by libpng
        // when the scene is compiled, so that layout knows their sizes.
        "FlipbookFiles", "FlipbookPNG",
        .product(name: "RealModule", package: "swift-numerics"),
      ],
      path: "Sources/Engine"),
    // The blend loops, the coverage accumulation and the blur's column pass built for AVX2
    // and picked at run time (Swift has no per-function target features, and a flag like
    // -mavx2 would make the package unusable as a dependency).
    .target(name: "CRasterKernels", path: "Sources/CRasterKernels"),
    .target(
      name: "FlipbookRaster",
      dependencies: [
        "FlipbookImage", "FlipbookDisplayList", "CRasterKernels",
        // erf for the Gaussian kernels of shadows and blurs.
        .product(name: "RealModule", package: "swift-numerics"),
      ],
      path: "Sources/Raster"),
    // libpng from the system (Debian: libpng-dev). The shim exposes the macros Swift cannot
    // import (PNG_FORMAT_RGBA, PNG_IMAGE_VERSION).
    .systemLibrary(
      name: "CLibPNG", path: "Sources/CLibPNG", pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
    // The encoder writes the PNG container itself and runs deflate directly (see PNGEncoder):
    // by default its own, in CPNGKernels (below). ISA-L's igzip (Debian: libisal-dev) stays
    // as a setting (SIMD match finding, about 3 ms per 1080p frame, 5× faster than
    // libdeflate's fastest levels) and gives the writer its vectorized CRC-32 and, for the
    // libraries, Adler-32. Each igzip stream starts from a stored block given to igzip as its
    // dictionary, which keeps it off an ISA-L path whose bytes depend on the stream's address
    // (IgzipStream), so frames hash the same in every run (issue 20). libdeflate
    // (libdeflate-dev) writes about 5 % smaller files and stays as an option; zlib
    // (zlib1g-dev, which libpng-dev pulls in) stays for strategies (PNGSettings has the
    // measurements).
    .systemLibrary(
      name: "CLibDeflate", path: "Sources/CLibDeflate", pkgConfig: "libdeflate",
      providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
    .systemLibrary(
      name: "CIsal", path: "Sources/CIsal", pkgConfig: "libisal",
      providers: [.apt(["libisal-dev"]), .brew(["isa-l"])]),
    .systemLibrary(
      name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    // The PNG writer's hot loops, built for AVX2 and picked at run time as CRasterKernels
    // (baseline x86-64 Swift has no byte shuffle), each with a portable twin that writes the
    // same bytes: the per-row filter fused with the RGBA-to-RGB packing, and a deflate
    // specialised for filtered rows (literals and runs of zeros, Huffman-coded, as fpnge
    // does: no packaged library does that; zlib-ng is not in Debian 12, fpnge and fpng are
    // not packaged, libspng uses zlib).
    .target(name: "CPNGKernels", path: "Sources/CPNGKernels"),
    .target(
      name: "FlipbookPNG",
      dependencies: [
        "CLibPNG", "CLibDeflate", "CIsal", "CZlib", "CPNGKernels", "FlipbookImage", "FlipbookFiles",
      ],
      path: "Sources/PNG"),
    // giflib (Debian: libgif-dev) writes and reads GIF files. It is the reference GIF
    // library (ImageMagick, GDAL and most distributions use it), small, MIT-licensed, and
    // in every distribution; its encoder takes indexed rows and frame extensions as they are,
    // so frame delays, disposal and the loop block stay under our control.
    .systemLibrary(
      name: "CGIFLib", path: "Sources/CGIFLib", pkgConfig: "libgif",
      providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
    // libimagequant (Debian: libimagequant-dev) chooses each frame's palette: it is
    // pngquant's and gifski's quantizer (median cut refined by k-means, with dithering), by
    // far the best-looking palettes of any packaged library, and handles alpha. Licence:
    // GPL-3.0-or-later in version 2.x, which a binary linking it inherits.
    .systemLibrary(
      name: "CImageQuant", path: "Sources/CImageQuant", pkgConfig: "imagequant",
      providers: [.apt(["libimagequant-dev"]), .brew(["libimagequant"])]),
    // libwebp (Debian: libwebp-dev) writes animated WebP: Google's reference codec, the one
    // every browser decodes with; its WebPAnimEncoder (in libwebpmux) finds each frame's
    // changed rectangle and blending, and takes per-frame millisecond timestamps. BSD-licensed.
    .systemLibrary(
      name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebpmux",
      providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
    .target(name: "FlipbookWebP", dependencies: ["CWebP", "FlipbookImage", "FlipbookFiles"], path: "Sources/WebP"),
    // Video through the ffmpeg program (Debian: ffmpeg), started as a process and fed raw
    // frames through a pipe: never linked, so its GPL build (libx264) stays out of our binary.
    .target(
      name: "FlipbookVideo", dependencies: ["FlipbookImage", "FlipbookFiles", "FlipbookPNG"], path: "Sources/Video"),
    // Temporary files beside a target, owned through an flock so that the next run removes a
    // killed run's leftovers: the GIF writer's and the single-PNG writer's (plain POSIX).
    .target(name: "FlipbookFiles", path: "Sources/Files"),
    // fstatfs(2), which Swift's Glibc module leaves out: the output folder's lock tells network
    // file systems (where it uses a lock file) by their type.
    .systemLibrary(name: "CStatfs", path: "Sources/CStatfs"),
    .target(
      name: "FlipbookGIF", dependencies: ["CGIFLib", "CImageQuant", "FlipbookImage", "FlipbookFiles"],
      path: "Sources/GIF"),
    .target(
      name: "FlipbookRender",
      dependencies: [
        "FlipbookDisplayList", "FlipbookImage", "FlipbookEngine", "FlipbookRaster", "FlipbookPNG", "FlipbookScene",
        "FlipbookAnimation", "FlipbookGIF", "FlipbookFiles", "FlipbookWebP", "FlipbookVideo", "CStatfs",
      ],
      path: "Sources/Render"),
    // Golden-image assertions: public, so that users' test suites can pin their own
    // animations down the way ours are.
    .target(
      name: "FlipbookGoldenTesting", dependencies: ["FlipbookImage", "FlipbookPNG"],
      path: "Sources/GoldenTesting"),
    // The Swift front end: SwiftUI-style views, a virtual-time scheduler, and a Movie that
    // records a timeline into an ordinary Scene (one model, one engine with the JSON).
    // Async timelines run on our own `Clock` conformance (VirtualClock) and task executor
    // rather than swift-clocks' TestClock: TestClock moves time when told and lets suspended
    // tasks catch up by yielding many times to the global executor, so which task registers
    // its next sleep first depends on thread scheduling. Our executor runs every job on one
    // thread and advances time only when all tasks are suspended, which gives one documented
    // order and the same recording on every run (and needs no dependency).
    .target(
      name: "Flipbook",
      dependencies: [
        "FlipbookImage", "FlipbookScene", "FlipbookAnimation", "FlipbookEngine", "FlipbookRaster", "FlipbookPNG",
        "FlipbookRender",
      ],
      path: "Sources/Flipbook"),
    // `assertFrames` for users' test suites: a separate library so that Flipbook itself does
    // not link the testing framework.
    .target(
      name: "FlipbookTesting", dependencies: ["Flipbook", "FlipbookGoldenTesting"], path: "Sources/FlipbookTesting"),
    // `render preview`: the page (HTML/CSS/JS embedded in the binary, no build step), frames
    // rendered on demand through FrameRenderer and PNGEncoder (the bytes of `render --time`),
    // a bounded cache, bounded concurrent renders, and hot reload over Server-Sent Events.
    .target(
      name: "FlipbookPreview",
      dependencies: [
        "FlipbookRender", "FlipbookEngine", "FlipbookScene", "FlipbookPNG", "FlipbookImage",
        .product(name: "FlyingFox", package: "FlyingFox"),
      ],
      path: "Sources/Preview",
      resources: [.embedInCode("Page/index.html"), .embedInCode("Page/preview.css"), .embedInCode("Page/preview.js")]),
    .executableTarget(
      name: "render",
      dependencies: [
        "FlipbookImage", "FlipbookRaster", "FlipbookPreview",
        "FlipbookRender", "FlipbookEngine", "FlipbookScene", "FlipbookPNG", "FlipbookGIF", "FlipbookVideo",
        "FlipbookAnimation",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Sources/render"),

    // What the test targets share: the repository root, scenes compiled from JSON, the built
    // `render` executable and processes run to the end, temporary folders, folder snapshots,
    // the bad-scene corpus (Tests/Fixtures/bad-scenes, read from the source tree) and one
    // seeded random-number generator. Only test targets depend on it.
    .target(
      name: "FlipbookTestSupport", dependencies: ["FlipbookEngine", "FlipbookScene", "CZlib"], path: "Tests/Support"),

    .testTarget(
      name: "GoldenTests",
      dependencies: [
        "FlipbookImage", "FlipbookGoldenTesting", "FlipbookRender", "FlipbookEngine", "FlipbookScene", "FlipbookRaster",
        "FlipbookTestSupport",
      ]),
    .testTarget(
      name: "AnimationTests",
      dependencies: [.product(name: "RealModule", package: "swift-numerics"), "FlipbookAnimation"]),
    .testTarget(
      name: "FlipbookTests",
      dependencies: [
        "FlipbookAnimation", "Flipbook", "FlipbookDisplayList", "FlipbookScene", "FlipbookEngine", "FlipbookRender",
        "FlipbookRaster",
        "FlipbookTestSupport",
      ]),
    // Written as a user's package would be: it imports only the public products Flipbook and
    // FlipbookTesting, and golden-tests the lore circle.
    .testTarget(name: "SwiftAPIExampleTests", dependencies: ["Flipbook", "FlipbookTesting"]),
    .testTarget(name: "SceneTests", dependencies: ["FlipbookAnimation", "FlipbookScene", "FlipbookTestSupport"]),
    .testTarget(
      name: "EngineTests",
      dependencies: [
        .product(name: "RealModule", package: "swift-numerics"), "FlipbookDisplayList", "FlipbookImage",
        "FlipbookEngine",
        "FlipbookScene", "FlipbookTestSupport",
      ]),
    .testTarget(
      name: "RasterTests",
      dependencies: ["FlipbookImage", "FlipbookRaster", "FlipbookDisplayList", "FlipbookTestSupport"]),
    // Glyph ink against FreeType's own rasterizer, advances against HarfBuzz, line breaking.
    .testTarget(
      name: "TextTests",
      dependencies: [
        "FlipbookText", "FlipbookRaster", "FlipbookDisplayList", "FlipbookImage", "CFreeType", "CHarfBuzz",
        "FlipbookEngine", "FlipbookScene", "FlipbookTestSupport",
      ]),
    .testTarget(
      name: "PNGTests",
      dependencies: [
        "FlipbookImage", "FlipbookPNG", "FlipbookRaster", "FlipbookTestSupport", "CZlib", "FlipbookEngine",
      ]),
    .testTarget(
      name: "GIFTests",
      dependencies: [
        "FlipbookImage", "FlipbookGIF", "FlipbookRaster", "FlipbookRender", "FlipbookEngine", "FlipbookScene",
        "FlipbookTestSupport",
      ]),
    // Validates examples and goldens against scene.schema.json (python3 -m jsonschema).
    .testTarget(name: "SchemaTests", dependencies: ["FlipbookScene", "FlipbookTestSupport"]),
    // The frame pipeline as a library: frame writing, names, progress and printed commands.
    .testTarget(
      name: "RenderTests",
      dependencies: [
        "FlipbookImage", "FlipbookRender", "FlipbookFiles", "FlipbookPNG", "FlipbookRaster", "FlipbookEngine",
        "FlipbookScene",
        "FlipbookTestSupport",
      ]),
    // The real `render` executable run as a process: it depends on `render` so that SwiftPM
    // builds the executable beside the tests, and its tests fail (never skip) without it.
    // libwebp's animation decoder (libwebpdemux, in libwebp-dev), for the tests only.
    .systemLibrary(
      name: "CWebPDemux", path: "Tests/CWebPDemux", pkgConfig: "libwebpdemux",
      providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
    .testTarget(
      name: "CommandLineTests",
      dependencies: [
        "CWebPDemux", "FlipbookGIF", "FlipbookEngine", "FlipbookPNG", "FlipbookRender", "FlipbookScene",
        "FlipbookTestSupport",
        "render",
      ]),
    // The preview server over loopback (frame bytes against `render --time`, path traversal,
    // hot reload, errors, a port in use) and a headless Chromium driving the page.
    .testTarget(
      name: "PreviewTests",
      dependencies: [
        "FlipbookPreview", "FlipbookRender", "FlipbookPNG", "FlipbookImage", "FlipbookTestSupport", "render",
      ]),
  ]
)
