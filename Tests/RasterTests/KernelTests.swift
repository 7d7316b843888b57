import FlipbookImage
import FlipbookRaster
import FlipbookTestSupport
import Testing

@Suite struct Kernels {
  @Test func div255IsExactlyRoundedOverTheWholeRange() {
    var bad = 0
    for v in 0...UInt32(65025) where div255(v) != (v + 127) / 255 { bad += 1 }
    #expect(bad == 0)
    // The SIMD versions, 16 and 8 lanes at a time.
    var v: UInt32 = 0
    while v <= 65025 {
      var lanes = SIMD16<UInt16>()
      for i in 0..<16 { lanes[i] = UInt16(min(v + UInt32(i), 65025)) }
      let r = div255(lanes)
      let r8 = div255(SIMD8<UInt16>(lanes[0], lanes[1], lanes[2], lanes[3], lanes[4], lanes[5], lanes[6], lanes[7]))
      for i in 0..<16 where UInt32(r[i]) != (UInt32(lanes[i]) + 127) / 255 { bad += 1 }
      for i in 0..<8 where r8[i] != r[i] { bad += 1 }
      v += 16
    }
    #expect(bad == 0)
  }

  @Test func maskKernelMatchesScalarReference() {
    var g = SeededRandomNumberGenerator(seed: 42)
    var mismatches = 0
    for trial in 0..<400 {
      let count = g.below(70)
      let offset = g.below(3)  // unaligned starts
      let color = g.premul()
      var dst = [UInt8](repeating: 0, count: (count + offset) * 4)
      for i in 0..<dst.count / 4 {
        let c = g.premul()
        dst[i * 4] = c.r; dst[i * 4 + 1] = c.g; dst[i * 4 + 2] = c.b; dst[i * 4 + 3] = c.a
      }
      // Coverage: runs of 0, runs of 255 and random values.
      var cov = [UInt32](repeating: 0, count: count + offset)
      var i = 0
      while i < cov.count {
        let run = 1 + g.below(12)
        let kind = g.below(3)
        for j in i..<min(i + run, cov.count) {
          cov[j] = coveragePair(kind == 0 ? 0 : (kind == 1 ? 255 : g.byte()))
        }
        i += run
      }
      var a = dst, b = dst
      a.withUnsafeMutableBytes { d in
        cov.withUnsafeBytes { c in
          blendMask(d.baseAddress! + offset * 4, coverage: c.baseAddress! + offset * 4, count: count, color: color)
        }
      }
      b.withUnsafeMutableBytes { d in
        cov.withUnsafeBytes { c in
          blendMaskScalar(
            d.baseAddress! + offset * 4, coverage: c.baseAddress! + offset * 4, count: count, color: color)
        }
      }
      if a != b { mismatches += 1; if mismatches < 3 { print("mask mismatch in trial \(trial)") } }

      // Constant coverage (the solid-span kernel) against the scalar reference too.
      let k = g.byte()
      var s1 = dst, s2 = dst
      s1.withUnsafeMutableBytes { d in
        blendConstantCoverage(d.baseAddress! + offset * 4, count: count, color: color, coverage: k)
      }
      let kc = [UInt32](repeating: coveragePair(k), count: count + 1)
      s2.withUnsafeMutableBytes { d in
        kc.withUnsafeBytes { c in
          blendMaskScalar(d.baseAddress! + offset * 4, coverage: c.baseAddress!, count: count, color: color)
        }
      }
      if s1 != s2 { mismatches += 1; if mismatches < 3 { print("solid mismatch in trial \(trial)") } }
    }
    #expect(mismatches == 0)
  }

  /// Every path gives the same bytes: the AVX2 loops of CRasterKernels (where the CPU has
  /// AVX2) and the Swift SIMD loops (everywhere else), at every span length and alignment.
  @Test(arguments: [false, true])
  func blendPathsMatchScalarReference(useAVX2: Bool) {
    if useAVX2 && !avx2 { return }  // this CPU only runs the Swift loops
    var g = SeededRandomNumberGenerator(seed: useAVX2 ? 7 : 8)
    var mismatches = 0
    for count in 0..<41 {
      for _ in 0..<12 {
        let offset = g.below(4)
        let paint = Paint(g.premul(), useAVX2: useAVX2)
        var dst = [UInt8](repeating: 0, count: (count + offset + 1) * 4)
        for i in 0..<dst.count / 4 {
          let c = g.premul()
          dst[i * 4] = c.r; dst[i * 4 + 1] = c.g; dst[i * 4 + 2] = c.b; dst[i * 4 + 3] = c.a
        }
        var cov = [UInt32](repeating: 0, count: count + offset + 1)
        for j in cov.indices {
          let kind = g.below(3)
          cov[j] = coveragePair(kind == 0 ? 0 : (kind == 1 ? 255 : g.byte()))
        }
        let full = [UInt32](repeating: coveragePair(255), count: count + offset + 1)
        for (coverage, solid) in [(cov, false), (full, true)] {
          var a = dst, b = dst
          a.withUnsafeMutableBytes { d in
            coverage.withUnsafeBytes { c in
              if solid {
                blendSolid(d.baseAddress! + offset * 4, count: count, paint: paint)
              } else {
                blendMask(
                  d.baseAddress! + offset * 4, coverage: c.baseAddress! + offset * 4, count: count, paint: paint)
              }
            }
          }
          b.withUnsafeMutableBytes { d in
            coverage.withUnsafeBytes { c in
              blendMaskScalar(
                d.baseAddress! + offset * 4, coverage: c.baseAddress! + offset * 4, count: count, color: paint.color)
            }
          }
          // Equal everywhere, including the pixel after the span (left untouched).
          if a != b { mismatches += 1 }
        }
      }
    }
    #expect(mismatches == 0)
  }

  @Test func layerKernelMatchesScalarReference() {
    var g = SeededRandomNumberGenerator(seed: 7)
    var mismatches = 0
    for _ in 0..<300 {
      let count = g.below(70)
      let opacity: UInt8 = [255, 0, 128, g.byte()][g.below(4)]
      var dst = [UInt8](repeating: 0, count: count * 4)
      var layer = [UInt8](repeating: 0, count: count * 4)
      for i in 0..<count {
        let c = g.premul()
        dst[i * 4] = c.r; dst[i * 4 + 1] = c.g; dst[i * 4 + 2] = c.b; dst[i * 4 + 3] = c.a
        let l = g.below(3) == 0 ? PremulColor(r: 0, g: 0, b: 0, a: 0) : g.premul()
        layer[i * 4] = l.r; layer[i * 4 + 1] = l.g; layer[i * 4 + 2] = l.b; layer[i * 4 + 3] = l.a
      }
      var a = dst, b = dst
      a.withUnsafeMutableBytes { d in
        layer.withUnsafeBytes { l in
          compositeLayer(d.baseAddress!, layer: l.baseAddress!, count: count, opacity: opacity)
        }
      }
      b.withUnsafeMutableBytes { d in
        layer.withUnsafeBytes { l in
          compositeLayerScalar(d.baseAddress!, layer: l.baseAddress!, count: count, opacity: opacity)
        }
      }
      if a != b { mismatches += 1 }
    }
    #expect(mismatches == 0)
  }

  @Test func colorConversionRounding() {
    // a8 = ⌊α·255 + ½⌋, c8 = ⌊c·α·255 + ½⌋, clamped, NaN → 0.
    let c = PremulColor(Color(red: 1, green: 0.5, blue: 2, opacity: 0.5))
    #expect(c == PremulColor(r: 128, g: 64, b: 128, a: 128))
    let d = PremulColor(Color(red: -1, green: .nan, blue: 0.2, opacity: 1.7))
    #expect(d == PremulColor(r: 0, g: 0, b: 51, a: 255))
  }
  // The AVX2 column pass of the recursive blur must give the Swift loop's bits: same
  // operations, same order, no fused multiply-add (or frames would depend on the CPU).
  @Test(arguments: [(2.0, 0.0, false), (3.3, 4.6, false), (24, -7.25, false), (9.5, 0.0, true)])
  func recursiveColumnsInAVX2AreTheSwiftLoopsBits(sigma: Double, shift: Double, clamp: Bool) {
    if !avx2 { return }  // this CPU only runs the Swift loops
    var g = SeededRandomNumberGenerator(seed: 11)
    let length = 37, stride = 48, inputRows = 5..<29
    let outputRows = clamp ? inputRows : -40..<70
    var rows = [Float](repeating: 0, count: inputRows.count * stride)
    for y in 0..<inputRows.count {
      for x in 0..<length { rows[y * stride + x] = Float(g.next() % 256) }
    }
    let filter = RecursiveGaussian(sigma: sigma, shift: shift)
    func run(_ useAVX2: Bool) -> [Float] {
      var got = [Float](repeating: .nan, count: outputRows.count * length)
      let scratch = UnsafeMutableRawPointer.allocate(byteCount: 4096 * 64, alignment: 16)
      let sums = UnsafeMutablePointer<Float>.allocate(capacity: outputRows.count * stride)
      defer { scratch.deallocate(); sums.deallocate() }
      rows.withUnsafeBufferPointer { r in
        recursiveBlurColumns(
          r.baseAddress!, inputRows: inputRows, outputRows: outputRows, length: length, stride: stride, clamp: clamp,
          filter: filter, scratch: scratch, avx2: useAVX2, sums: sums
        ) { y, s in
          for k in 0..<length { got[(y - outputRows.lowerBound) * length + k] = s[k] }
        }
      }
      return got
    }
    let swift = run(false), avx = run(true)
    #expect(swift.map(\.bitPattern) == avx.map(\.bitPattern))
    #expect(!swift.contains { $0.isNaN })
    // Not all zero: the filter carried the input.
    #expect(swift.contains { $0 > 1 })
  }
  // The row pass through the same AVX2 loop: the Swift loop's bits too, for alpha alone and
  // four channels, with and without a fraction of a pixel's shift, clamped or not.
  @Test(arguments: [(2.0, 0.0, 1, false), (3.3, 4.6, 4, false), (24, -7.25, 1, false), (9.5, 0.0, 4, true)])
  func recursiveRowsInAVX2AreTheSwiftLoopsBits(sigma: Double, shift: Double, channels: Int, clamp: Bool) {
    if !avx2 { return }  // this CPU only runs the Swift loops
    var g = SeededRandomNumberGenerator(seed: 12)
    let count = 16 / channels, input = 3..<40
    let output = clamp ? input : -30..<75
    let pixels = (0..<count * input.count * 4).map { _ in UInt8(truncatingIfNeeded: g.next()) }
    let filter = RecursiveGaussian(sigma: sigma, shift: shift)
    func run(_ useAVX2: Bool) -> [Float] {
      var got = [Float](repeating: .nan, count: count * output.count * channels)
      let scratch = UnsafeMutableRawPointer.allocate(byteCount: 4096 * 64, alignment: 16)
      defer { scratch.deallocate() }
      pixels.withUnsafeBytes { p in
        got.withUnsafeMutableBufferPointer { o in
          recursiveBlurRows(
            { p.baseAddress! + $0 * input.count * 4 }, count: count, input: input, output: output,
            channels: channels, clamp: clamp, filter: filter, scratch: scratch, avx2: useAVX2,
            into: { o.baseAddress! + $0 * output.count * channels })
        }
      }
      return got
    }
    let swift = run(false), avx = run(true)
    #expect(swift.map(\.bitPattern) == avx.map(\.bitPattern))
    #expect(!swift.contains { $0.isNaN })
    #expect(swift.contains { $0 > 1 })
  }
  // A shadow's row tinted and composited in one AVX2 pass: the bytes of the Swift loops'
  // two steps (shadowRow, then compositeLayer), over every case of the drawing (none,
  // opaque, partly covered, transparent), at full and partial opacity, with sums outside
  // 0…255 and a row that is not a multiple of 8 pixels.
  @Test(arguments: [255, 128, 0])
  func shadowRowOverInAVX2IsTheSwiftLoopsBytes(opacity: Int) {
    if !avx2 { return }  // this CPU only runs the Swift loops
    var g = SeededRandomNumberGenerator(seed: 13)
    let count = 203, drawn = 37..<171
    let alpha = (0..<count).map { _ in Float(Int(g.next() % 300) - 20) + Float(g.next() % 1000) / 1000 }
    let drawing: [UInt32] = (0..<drawn.count).map { i in
      switch (i / 16) % 4 {
      case 0: return 0xFF00_0000 | UInt32(truncatingIfNeeded: g.next()) & 0x00FF_FFFF  // opaque
      case 1: return 0
      default:
        // Premultiplied: each channel at most alpha.
        let a = UInt32(g.next() % 256)
        let c = (0..<3).map { _ in UInt32(g.next() % UInt64(a + 1)) }
        return c[0] | c[1] << 8 | c[2] << 16 | a << 24
      }
    }
    let frame = (0..<count).map { _ in UInt32(truncatingIfNeeded: g.next()) | 0xFF00_0000 }
    for tint in [SIMD4<Float>(0, 0, 0, 0.33), SIMD4<Float>(0.1, 0.35, 0.7, 0.9)] {
      func run(_ useAVX2: Bool) -> [UInt32] {
        var out = frame
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: count * 4, alignment: 16)
        defer { scratch.deallocate() }
        alpha.withUnsafeBufferPointer { a in
          drawing.withUnsafeBytes { d in
            out.withUnsafeMutableBytes { o in
              shadowRowOver(
                a.baseAddress!, count: count, tint: tint, drawing: d.baseAddress!, drawn: drawn, onto: o.baseAddress!,
                opacity: UInt8(opacity), avx2: useAVX2, scratch: scratch)
            }
          }
        }
        return out
      }
      let swift = run(false)
      #expect(swift == run(true), "tint \(tint)")
      #expect(opacity == 0 ? swift == frame : swift != frame)
    }
  }
}
