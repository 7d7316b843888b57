import CZlib
import FlipbookEngine
import FlipbookImage
import FlipbookPNG
import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

/// The PNG filters (with RGB packing) and Flipbook's own deflate (CPNGKernels): checked
/// against the filter formulas computed here, zlib's inflate and Adler-32, libpng's decoder,
/// and the portable loops against the AVX2 ones.
@Suite("PNG writer: Flipbook's filters and deflate")
struct FlipbookDeflateTests {
  static let portable: PNGSettings = {
    var s = PNGSettings.fast
    s.portableKernels = true
    return s
  }()

  /// The filter line the PNG specification gives for `row` (RGBA8) under `above`, with the
  /// adaptive choice as documented: by the count of zero bytes Sub and Up leave in the RGBA
  /// bytes of pixels 1–8, 33–40, … (whole groups; every pixel when the row is under 9), Up
  /// only when strictly more.
  static func referenceLine(
    _ row: [UInt8], above: [UInt8]?, rgb: Bool, filter: PNGSettings.Filter
  ) -> [UInt8] {
    let pixels = row.count / 4
    let channels = rgb ? 3 : 4
    var type = filter.rawValue
    if filter == .up && above == nil { type = 0 }
    if filter == .adaptive {
      if let above {
        var sub = 0, up = 0
        let sample =
          pixels < 9 ? Array(0..<pixels) : stride(from: 1, through: pixels - 8, by: 32).flatMap { Array($0..<($0 + 8)) }
        for p in sample {
          for i in (p * 4)..<(p * 4 + 4) {
            sub += row[i] == (i >= 4 ? row[i - 4] : 0) ? 1 : 0
            up += row[i] == above[i] ? 1 : 0
          }
        }
        type = up > sub ? 2 : 1
      } else {
        type = 1
      }
    }
    var line = [UInt8(type)]
    for i in 0..<pixels {
      for c in 0..<channels {
        let v = row[i * 4 + c]
        let ref: UInt8
        switch type {
        case 1: ref = i > 0 ? row[i * 4 - 4 + c] : 0
        case 2: ref = above![i * 4 + c]
        default: ref = 0
        }
        line.append(v &- ref)
      }
    }
    return line
  }

  @Test(
    "filtered lines match the PNG filter formulas, AVX2 and portable alike",
    arguments: PNGSettings.Filter.allCases, [1, 2, 8, 9, 17, 40, 41, 64, 333])
  func filterRow(filter: PNGSettings.Filter, pixels: Int) {
    var rng = SeededRandomNumberGenerator(seed: UInt64(pixels) &* 31 &+ UInt64(filter.rawValue))
    // Rows with runs (where Sub and Up leave zeros) and noise, opaque and not.
    func row(opaque: Bool) -> [UInt8] {
      var r = [UInt8](repeating: 0, count: pixels * 4)
      var color: [UInt8] = [10, 20, 30, 255]
      for i in 0..<pixels {
        if Int.random(in: 0..<5, using: &rng) == 0 {
          color = (0..<4).map { _ in .random(in: 0...255, using: &rng) }
          if opaque { color[3] = 255 }
        }
        r.replaceSubrange((i * 4)..<(i * 4 + 4), with: color)
      }
      return r
    }
    for (opaque, rgb) in [(true, true), (false, false), (false, true)] {
      let above = row(opaque: opaque)
      // A row much like the one above (Up's case) and one unlike it.
      var similar = above
      for k in stride(from: 0, to: similar.count, by: 7) { similar[k] &+= 1 }
      for current in [similar, row(opaque: opaque)] {
        for withAbove in [false, true] {
          let expected = Self.referenceLine(current, above: withAbove ? above : nil, rgb: rgb, filter: filter)
          let alphaAND = current.enumerated().filter { $0.offset % 4 == 3 }.reduce(UInt8(255)) { $0 & $1.element }
          for portable in [false, true] {
            var line = [UInt8](repeating: 0xAA, count: expected.count + 32)
            let alpha = current.withUnsafeBytes { r in
              above.withUnsafeBytes { a in
                line.withUnsafeMutableBytes { l in
                  PNGRowKernels.filterRow(
                    r.baseAddress!, above: withAbove ? a.baseAddress! : nil, pixels: pixels, rgb: rgb,
                    filter: filter, into: l.baseAddress!, portable: portable)
                }
              }
            }
            #expect(Array(line.prefix(expected.count)) == expected, "portable \(portable), rgb \(rgb)")
            #expect(alpha == (rgb ? alphaAND : 255))
          }
        }
      }
    }
  }

  /// The IDAT chunks' data joined: the zlib stream.
  static func zlibStream(_ png: [UInt8]) -> [UInt8] {
    var data: [UInt8] = []
    var i = 8
    while i + 8 <= png.count {
      let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
      if String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self) == "IDAT" {
        data += png[(i + 8)..<(i + 8 + length)]
      }
      i += 12 + length
    }
    return data
  }

  /// Adler-32 by its definition (RFC 1950 §9), byte by byte.
  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1, b: UInt32 = 0
    for x in bytes {
      a = (a + UInt32(x)) % 65521
      b = (b + a) % 65521
    }
    return b << 16 | a
  }

  /// Encodes `pixmap` with the default settings and with the portable loops, and checks:
  /// the same bytes; zlib inflates the IDAT stream to the lines the filter formulas give
  /// (adaptive); the trailer is their Adler-32 by definition; libpng decodes the pixels
  /// (with `libpng`: it refuses rows over a million pixels).
  static func check(_ pixmap: Pixmap, _ label: String, libpng: Bool = true) throws {
    var encoder = PNGEncoder()
    var portableEncoder = PNGEncoder(settings: portable)
    let png = try encoder.encode(pixmap)
    #expect(try portableEncoder.encode(pixmap) == png, "\(label): portable loops wrote other bytes")
    if libpng { #expect(try PNGDecoder.decode(png) == pixmap, "\(label): decoded pixels differ") }

    // The lines, independently: RGB when opaque (straight = premultiplied then).
    let opaque = stride(from: 3, to: pixmap.bytes.count, by: 4).allSatisfy { pixmap.bytes[$0] == 255 }
    guard opaque else { return }
    var lines: [UInt8] = []
    let rowBytes = pixmap.width * 4
    for y in 0..<pixmap.height {
      let row = Array(pixmap.bytes[(y * rowBytes)..<((y + 1) * rowBytes)])
      let above = y == 0 ? nil : Array(pixmap.bytes[((y - 1) * rowBytes)..<(y * rowBytes)])
      lines += referenceLine(row, above: above, rgb: true, filter: .adaptive)
    }
    let stream = zlibStream(png)
    var inflated = [UInt8](repeating: 0, count: lines.count + 1)
    var inflatedCount = UInt(inflated.count)
    let code = stream.withUnsafeBufferPointer { s in
      inflated.withUnsafeMutableBufferPointer { d in
        uncompress(d.baseAddress, &inflatedCount, s.baseAddress, UInt(s.count))
      }
    }
    #expect(code == Z_OK, "\(label): zlib says \(code)")
    #expect(Int(inflatedCount) == lines.count && Array(inflated.prefix(lines.count)) == lines, "\(label): lines")
    let trailer = stream.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    #expect(trailer == adler32(lines), "\(label): Adler-32")
  }

  static func solid(_ width: Int, _ height: Int, _ color: [UInt8]) -> Pixmap {
    Pixmap(width: width, height: height, bytes: Array([[UInt8]](repeating: color, count: width * height).joined()))
  }

  @Test("edge-case images round-trip exactly, with the same bytes from the portable loops")
  func edgeCases() throws {
    try Self.check(Self.solid(1, 1, [9, 8, 7, 255]), "1×1")
    try Self.check(Self.solid(1, 1, [0, 0, 0, 255]), "1×1 black")
    try Self.check(Self.solid(1, 1, [3, 2, 1, 128]), "1×1 transparent")
    try Self.check(Self.solid(640, 480, [255, 255, 255, 255]), "all white")
    try Self.check(Self.solid(640, 480, [0, 0, 0, 255]), "all black (zeros even before filtering)")
    try Self.check(Self.solid(333, 77, [0, 0, 0, 0]), "all transparent")
    try Self.check(randomPixmap(width: 1, height: 900, seed: 41, opaque: true), "width 1")
    try Self.check(randomPixmap(width: 3001, height: 1, seed: 42, opaque: true), "height 1")
    try Self.check(randomPixmap(width: 500, height: 400, seed: 43, opaque: true), "opaque noise")
    try Self.check(randomPixmap(width: 300, height: 200, seed: 44), "RGBA noise")
    // Runs that end exactly on and beside 64-byte scan chunks, and literals in the last
    // position of a chunk: one coloured pixel every k pixels on black.
    for k in [1, 2, 21, 22, 43, 85, 86, 87, 700] {
      var p = Self.solid(1200, 4, [0, 0, 0, 255])
      for i in stride(from: k - 1, to: 1200 * 4, by: k) { p.bytes[i * 4] = UInt8(truncatingIfNeeded: i | 1) }
      try Self.check(p, "a dot every \(k) pixels")
    }
  }

  @Test("very wide rows: strips of one row, a run of zeros millions long, and one byte counted over 2²³ times")
  func veryWideRows() throws {
    // A horizontal ramp: after Sub every byte is 1 (9 M literals of one value, so the next
    // block's code is built from scaled-down counts); the second row is the same, so Up
    // leaves 9 M zeros. Checked with zlib alone (libpng's limit is a million pixels a row),
    // then a million-pixel ramp with libpng too.
    let width = 3_000_000
    var bytes = [UInt8](repeating: 255, count: width * 2 * 4)
    for i in 0..<width {
      for c in 0..<3 { bytes[i * 4 + c] = UInt8(truncatingIfNeeded: i) }
      for c in 0..<3 { bytes[(width + i) * 4 + c] = UInt8(truncatingIfNeeded: i) }
    }
    try Self.check(Pixmap(width: width, height: 2, bytes: bytes), "3 M × 2 ramp", libpng: false)
    let narrower = 1_000_000
    let rows = [bytes.prefix(narrower * 4), bytes[(width * 4)..<((width + narrower) * 4)]].joined()
    try Self.check(Pixmap(width: narrower, height: 2, bytes: Array(rows)), "1 M × 2 ramp")
  }

  @Test(
    "random images round-trip exactly (property test over sizes, palettes and alpha)",
    arguments: 0..<24)
  func randomImages(seed: UInt64) throws {
    var rng = SeededRandomNumberGenerator(seed: 1000 + seed)
    let width = [1, 2, 7, 63, 64, 65, 300, Int.random(in: 1...900, using: &rng)][Int(seed % 8)]
    let height = Int.random(in: 1...60, using: &rng)
    // Few colours in rectangles (runs after filtering) over noise or a flat background.
    var pixmap =
      seed % 3 == 0
      ? randomPixmap(width: width, height: height, seed: seed, opaque: seed % 2 == 0)
      : Self.solid(width, height, [40, 50, 60, 255])
    for _ in 0..<Int.random(in: 0...12, using: &rng) {
      let a: UInt8 = seed % 2 == 0 ? 255 : .random(in: 0...255, using: &rng)
      let color: [UInt8] = [
        .random(in: 0...a, using: &rng), .random(in: 0...a, using: &rng), .random(in: 0...a, using: &rng), a,
      ]
      let x0 = Int.random(in: 0..<width, using: &rng), y0 = Int.random(in: 0..<height, using: &rng)
      let x1 = Int.random(in: x0..<width, using: &rng), y1 = Int.random(in: y0..<height, using: &rng)
      for y in y0...y1 {
        for x in x0...x1 {
          pixmap.bytes.replaceSubrange(((y * width + x) * 4)..<((y * width + x) * 4 + 4), with: color)
        }
      }
    }
    try Self.check(pixmap, "seed \(seed), \(width)×\(height)")
  }

  /// A 1920×1080 scene of the reference workload's kind: 200 circles and 50 rounded
  /// rectangles, translucent, scattered over white.
  static func workloadScene(seed: UInt64) throws -> CompiledScene {
    var rng = SeededRandomNumberGenerator(seed: seed)
    var children: [String] = []
    for k in 0..<250 {
      let color = String(format: "#%06X", Int.random(in: 0...0xFFFFFF, using: &rng))
      let w = Double.random(in: 20...180, using: &rng), h = k < 200 ? w : Double.random(in: 20...120, using: &rng)
      let x = Double.random(in: -1000...1000, using: &rng), y = Double.random(in: -560...560, using: &rng)
      let shape = k < 200 ? "\"type\": \"circle\"" : "\"type\": \"roundedRectangle\", \"cornerRadius\": 10"
      children.append(
        """
        {\(shape), "modifiers": [{"fill": "\(color)"}, {"frame": {"width": \(w), "height": \(h)}},
         {"opacity": \(Double.random(in: 0.6...0.9, using: &rng))}, {"offset": {"x": \(x), "y": \(y)}}]}
        """)
    }
    let text = """
      {"version": 1, "canvas": {"width": 1920, "height": 1080, "scale": 1, "background": "white"},
       "fps": 30, "duration": 0, "root": {"type": "zstack", "children": [\(children.joined(separator: ","))]}}
      """
    return try compile(text, file: "workload-\(seed).json")
  }

  @Test("frames of the reference workload's kind round-trip exactly, no larger than igzip level 2's")
  func workloadFrames() throws {
    var rasterizer = Rasterizer()
    var igzip = PNGEncoder(settings: PNGSettings(.igzip, level: 2))
    for seed: UInt64 in [1, 2] {
      var pixmap = Pixmap(width: 0, height: 0)
      rasterizer.render(try Self.workloadScene(seed: seed).displayList(frame: 0), into: &pixmap)
      try Self.check(pixmap, "workload \(seed)")
      let ours = try PNGEncoder.encode(pixmap).count
      let theirs = try igzip.encode(pixmap).count
      // Measured: 0.96× on the kit's frames. The bound is the size promise in the docs.
      #expect(Double(ours) <= 1.1 * Double(theirs), "\(ours) bytes against igzip's \(theirs)")
    }
  }

  @Test("every example's frames round-trip exactly with the same bytes from the portable loops")
  func exampleFrames() throws {
    var rasterizer = Rasterizer()
    let names = try FileManager.default.contentsOfDirectory(atPath: example("")).filter { $0.hasSuffix(".json") }
      .sorted()
    #expect(names.count > 20)
    for name in names {
      let scene = try compile(contentsOf: example(name))
      for f in Set([0, scene.frameCount / 2, max(0, scene.frameCount - 1)]).sorted() {
        var pixmap = Pixmap(width: 0, height: 0)
        rasterizer.render(scene.displayList(frame: f), into: &pixmap)
        try Self.check(pixmap, "\(name) frame \(f)")
      }
    }
  }
}
