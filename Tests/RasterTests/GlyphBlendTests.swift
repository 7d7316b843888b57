import FlipbookImage
import FlipbookRaster
import FlipbookTestSupport
import Testing

/// The glyph blend (text drawn from glyph masks) rounds once: every coverage, for colors of
/// many alphas and every destination level, against its formula written out here, against
/// the exact value (255·v·c + d·(255² − α·c)) / 255² and against the shapes' two-rounding
/// blend; masks of every width up to 40 and a few rows, with room for their padding's pixels
/// or cut at the row's end; in AVX-512, AVX2 and the scalar loop.
@Suite struct GlyphBlendTests {
  /// The formula of include/raster_kernels.h, step by step.
  static func formula(_ d: Int, _ v: Int, coverage c: Int, alpha a: Int) -> Int {
    let inv = 65280 - (c * 256 * (a * 257)) >> 16
    let h = (c * v + (d * 256 * inv) >> 16 + 1) >> 1
    return (h * 257 + 16384) >> 15
  }

  /// The shapes' blend: source div255(v·c), then source-over with div255(α·c).
  static func shapes(_ d: Int, _ v: Int, coverage c: Int, alpha a: Int) -> Int {
    func div255(_ x: Int) -> Int { (x + 127) / 255 }
    return div255(v * c) + div255(d * (255 - div255(a * c)))
  }

  /// Destination channel k (r, g, b, a) of pixel x: every level 0…255 in each channel.
  static func destination(_ x: Int, _ k: Int) -> Int {
    [x, 255 - x, (x * 7) & 255, (x * 45 + 3) & 255][k]
  }

  static let colors: [PremulColor] = {
    let alphas = [1, 2, 17, 64, 127, 128, 191, 200, 254, 255]
    return alphas.map { a in PremulColor(r: 0, g: UInt8(a / 3), b: UInt8(a), a: UInt8(a)) }
      + alphas.map { a in PremulColor(r: UInt8(a), g: UInt8(a - 1), b: UInt8((a * 5) / 7), a: UInt8(a)) }
  }()

  @Test(arguments: GlyphBlendKernel.allCases)
  func everyCoverageColorAndDestination(kernel: GlyphBlendKernel) {
    guard kernel.available else { return }
    var mismatches = 0, worstError = 0.0, worstShapes = 0, changedAtZero = 0
    // Row c of the mask: coverage c; pixel x of every row: destination(x, ·).
    let coverage = (0..<256 * 256).map { UInt8($0 / 256) }
    var pixels = [UInt8](repeating: 0, count: 256 * 256 * 4)
    for color in Self.colors {
      let channels = [Int(color.r), Int(color.g), Int(color.b), Int(color.a)]
      let a = Int(color.a)
      for i in 0..<256 * 256 {
        for k in 0..<4 { pixels[i * 4 + k] = UInt8(Self.destination(i % 256, k)) }
      }
      pixels.withUnsafeMutableBytes { dst in
        coverage.withUnsafeBufferPointer { cov in
          blendGlyphRows(
            dst.baseAddress!, rowBytes: 1024, coverage: cov.baseAddress!, stride: 256, width: 256, height: 256,
            color: color, kernel: kernel)
        }
      }
      for c in 0..<256 {
        for x in 0..<256 {
          for k in 0..<4 {
            let d = Self.destination(x, k), v = channels[k], out = Int(pixels[(c * 256 + x) * 4 + k])
            if out != Self.formula(d, v, coverage: c, alpha: a) { mismatches += 1 }
            let exact = Double(255 * v * c + d * (65025 - a * c)) / 65025
            worstError = max(worstError, abs(Double(out) - exact))
            worstShapes = max(worstShapes, abs(out - Self.shapes(d, v, coverage: c, alpha: a)))
            if c == 0 && out != d { changedAtZero += 1 }
          }
        }
      }
    }
    #expect(mismatches == 0)
    #expect(changedAtZero == 0, "coverage 0 changed a pixel")
    #expect(worstError <= 0.509, "\(worstError)")
    #expect(worstShapes <= 1)
  }

  /// Masks 1…40 pixels wide and 1…5 rows high of random coverage (a third of it 0), with room
  /// for their padding's pixels (blended as coverage 0) or cut at the row's end: every pixel
  /// is the formula's, and the pixels beside the mask do not change.
  @Test(arguments: GlyphBlendKernel.allCases)
  func masksOfEveryWidth(kernel: GlyphBlendKernel) {
    guard kernel.available else { return }
    var g = SeededRandomNumberGenerator(seed: 14)
    var mismatches = 0
    for width in 1...40 {
      let stride = (width + 7) & ~7
      for height in 1...5 {
        for roomy in [true, false] {
          let color = Self.colors[Int(g.next() % UInt64(Self.colors.count))]
          let channels = [Int(color.r), Int(color.g), Int(color.b), Int(color.a)]
          // Pixels per buffer row: the mask's stride and 3 more, or just its width.
          let columns = roomy ? stride + 3 : width
          var coverage = [UInt8](repeating: 0, count: stride * height)
          for j in 0..<height {
            for i in 0..<width where g.next() % 3 != 0 { coverage[j * stride + i] = UInt8(truncatingIfNeeded: g.next()) }
          }
          let before = (0..<columns * height * 4).map { _ in UInt8(truncatingIfNeeded: g.next()) }
          var pixels = before
          pixels.withUnsafeMutableBytes { dst in
            coverage.withUnsafeBufferPointer { cov in
              blendGlyphRows(
                dst.baseAddress!, rowBytes: columns * 4, coverage: cov.baseAddress!, stride: stride, width: width,
                height: height, color: color, kernel: kernel)
            }
          }
          for j in 0..<height {
            for i in 0..<columns {
              for k in 0..<4 {
                let at = (j * columns + i) * 4 + k
                let c = i < width ? Int(coverage[j * stride + i]) : 0
                let expected = Self.formula(Int(before[at]), channels[k], coverage: c, alpha: channels[3])
                if Int(pixels[at]) != expected { mismatches += 1 }
              }
            }
          }
        }
      }
    }
    #expect(mismatches == 0)
  }

  /// Full coverage of an opaque color is the color; a channel above the alpha is taken as
  /// the alpha.
  @Test(arguments: GlyphBlendKernel.allCases)
  func fullCoverageAndChannelsAboveTheAlpha(kernel: GlyphBlendKernel) {
    guard kernel.available else { return }
    func blend(_ color: PremulColor, _ c: UInt8, over d: UInt32) -> UInt32 {
      var px = [UInt32](repeating: d, count: 16)
      let cov = [UInt8](repeating: c, count: 16)
      px.withUnsafeMutableBytes { p in
        cov.withUnsafeBufferPointer {
          blendGlyphRows(
            p.baseAddress!, rowBytes: 64, coverage: $0.baseAddress!, stride: 16, width: 16, height: 1, color: color,
            kernel: kernel)
        }
      }
      #expect(Set(px).count == 1)
      return px[0]
    }
    let opaque = PremulColor(r: 12, g: 200, b: 99, a: 255)
    #expect(blend(opaque, 255, over: 0x8040_20F0) == opaque.packed)
    let over = PremulColor(r: 250, g: 90, b: 30, a: 90)
    let clamped = PremulColor(r: 90, g: 90, b: 30, a: 90)
    for c: UInt8 in [1, 77, 128, 255] {
      #expect(blend(over, c, over: 0xFFFF_FFFF) == blend(clamped, c, over: 0xFFFF_FFFF))
    }
  }
}
