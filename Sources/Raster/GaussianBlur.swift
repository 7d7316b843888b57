import CRasterKernels
import RealModule

/// The largest blur the rasterizer draws, as a standard deviation in pixels: a larger one is
/// drawn as this. The layer and its work grow with the blur's reach (4σ on each side), so the
/// cap bounds both, whatever radius a scene asks for.
let maxBlurSigma = 256.0

/// One axis of a Gaussian blur: out[x] = Σₖ weight[k] · in[x − k] for k in kMin..<kMin+count.
///
/// Weight k is the Gaussian's mass over the pixel-wide interval centered on k − shift:
/// Φ((k − shift + ½)/σ) − Φ((k − shift − ½)/σ), normalized to sum 1. Integrating over the
/// pixel (rather than sampling the bell at its center) keeps small blurs right: as σ → 0 the
/// kernel becomes a shift by the nearest pixel instead of collapsing. The kernel reaches 4σ
/// past the shift, where the Gaussian's mass left out is 6·10⁻⁵ (0.02/255 of a full pixel).
///
/// From σ = `RecursiveGaussian.minimumSigma` on, the axis is drawn by the recursive filter
/// instead (`recursive`), whose cost does not grow with σ; the kernel then only gives the
/// reach (kMin…kMax) and writes no weights.
struct BlurKernel {
  var kMin = 0
  var count = 0
  var recursive: RecursiveGaussian? = nil
  /// The standard deviation and shift it was made for (`visible`).
  var sigma = 0.0, shift = 0.0

  /// No kernel (a color effect's): it carries nothing anywhere.
  init() {}

  /// Fills `weights` (at least `Self.capacity(sigma:)` floats) for `sigma` ≥ 0 pixels and a
  /// finite `shift` (a shadow's offset along the axis).
  init(sigma: Double, shift: Double, weights: UnsafeMutablePointer<Float>) {
    self.sigma = sigma
    self.shift = shift
    let reach = (4 * sigma).rounded(.up) + 1
    kMin = Int((shift - reach).rounded(.down))
    let kMax = Int((shift + reach).rounded(.up))
    count = kMax &- kMin &+ 1
    if sigma >= RecursiveGaussian.minimumSigma {
      recursive = RecursiveGaussian(sigma: sigma, shift: shift)
      return
    }
    var total = 0.0
    for i in 0..<count {
      let k = Double(kMin &+ i) - shift
      let w: Double
      if sigma > 0 {
        let s = 1 / (sigma * 2.0.squareRoot())
        w = 0.5 * (Double.erf((k + 0.5) * s) - Double.erf((k - 0.5) * s))
      } else {
        w = k.magnitude < 0.5 ? 1 : k.magnitude == 0.5 ? 0.5 : 0
      }
      weights[i] = Float(w)
      total += w
    }
    let scale = Float(1 / total)
    for i in 0..<count { weights[i] *= scale }
  }

  /// The offsets k reach kMin…kMax.
  var kMax: Int { kMin &+ count &- 1 }

  /// The outputs, within `input` spread by the kernel, that can round to a level above 0
  /// when the input is at most `level` (0…255) on `input` and 0 elsewhere.
  ///
  /// Output o is at most `level` times the kernel's mass over the input, Φ((o − a − shift +
  /// ½)/σ) − Φ((o − b − shift + ½)/σ) for input a..<b (the other axis's mass is at most 1),
  /// plus the filter's own error: the recursive filter's weights differ from the Gaussian's
  /// by at most 3.5·10⁻³ in all and 4·10⁻⁴ beyond 2.4σ (Deriche's coefficients and the
  /// two-tap shift, computed in Double for σ 2…64 and shifts in quarter pixels). An output
  /// whose bound is below 0.45 level rounds to 0 whichever way the sums' Float rounding goes.
  /// The kernel reaches 4σ (so that the sums are exact to 0.02 level), but beyond about 3σ
  /// of a full-strength blur, or 2.6σ of a default shadow, nothing shows: a third of a
  /// shadow's box, and of the work of blurring, tinting and compositing it, is left out.
  func visible(from input: Range<Int>, level: Double) -> Range<Int> {
    var lo = input.lowerBound &+ kMin, hi = input.upperBound &+ kMax
    guard sigma > 0, !input.isEmpty else { return lo..<hi }
    let s = 1 / (sigma * 2.0.squareRoot()), far = 2.4 / 2.0.squareRoot()
    func shows(_ o: Int) -> Bool {
      let t = (Double(o &- input.lowerBound) - shift + 0.5) * s, u = (Double(o &- input.upperBound) - shift + 0.5) * s
      // Φ(t) − Φ(u) (t > u), from the tail that keeps its digits.
      let mass = t + u < 0 ? 0.5 * (Double.erfc(-t) - Double.erfc(-u)) : 0.5 * (Double.erfc(u) - Double.erfc(t))
      return level * (mass + (t <= -far || u >= far ? 4e-4 : 3.5e-3)) >= 0.45
    }
    // The bound rises to the input's middle (moved by the shift) and falls after it: search
    // each side for where it crosses.
    let peak = min(max((input.lowerBound &+ input.upperBound) / 2 &+ Int(shift.rounded()), lo), hi &- 1)
    guard shows(peak) else { return peak..<peak }
    var a = lo, b = peak  // the first output that shows lies in a...b
    while a < b {
      let m = a &+ (b &- a) / 2
      if shows(m) { b = m } else { a = m &+ 1 }
    }
    lo = a
    a = peak; b = hi &- 1  // the last in a...b
    while a < b {
      let m = b &- (b &- a) / 2
      if shows(m) { a = m } else { b = m &- 1 }
    }
    return lo..<(a &+ 1)
  }

  /// The weights `init` wrote.
  var weightCount: Int { recursive == nil ? count : 0 }

  /// The floats `init` writes for `sigma` (any shift).
  static func capacity(sigma: Double) -> Int {
    sigma >= RecursiveGaussian.minimumSigma ? 0 : Int((4 * sigma).rounded(.up)) &* 2 &+ 5
  }
}

/// Four sums rounded to the nearest level (ties to even, by the 1.5·2²³ bias), clamped to
/// 0…255: the blur's one rounding, in a few vector instructions (a checked `UInt8(_:)` per
/// byte cost more than the recursive filter itself).
@inline(__always)
func levels(_ v: SIMD4<Float>) -> SIMD4<UInt8> {
  var v = v.replacing(with: 0, where: v .< 0)
  v = v.replacing(with: 255, where: v .> 255)
  return SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(v + 12_582_912.0, to: SIMD4<UInt32>.self))
}

/// A box of pixels, x0..<x1 × y0..<y1.
struct PixelBox: Equatable {
  var x0: Int, y0: Int, x1: Int, y1: Int
  var width: Int { x1 &- x0 }
  var height: Int { y1 &- y0 }
  var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

  func intersection(_ o: PixelBox) -> PixelBox {
    PixelBox(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
  }

  func union(_ o: PixelBox) -> PixelBox {
    if isEmpty { return o }
    if o.isEmpty { return self }
    return PixelBox(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
  }

  /// The box of every pixel a kernel pair can carry this box's pixels to.
  func spread(_ kx: BlurKernel, _ ky: BlurKernel) -> PixelBox {
    PixelBox(x0: x0 &+ kx.kMin, y0: y0 &+ ky.kMin, x1: x1 &+ kx.kMax, y1: y1 &+ ky.kMax)
  }
}

/// The horizontal pass of a separable blur over one row of `channels` floats per pixel:
/// `out` gets columns `output` from `row`, which holds columns `input` (zero outside them or,
/// when `clamp`, the nearest edge pixel repeated).
func blurRow(
  _ row: UnsafePointer<Float>, input: Range<Int>, output: Range<Int>, channels: Int, clamp: Bool,
  kernel: BlurKernel, weights: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>
) {
  for x in output {
    let d = out + (x &- output.lowerBound) &* channels
    if channels == 4 {
      var acc = SIMD4<Float>(repeating: 0)
      accumulate(x, input, kernel, clamp) { k, xi in
        let p = row + (xi &- input.lowerBound) &* 4
        acc += weights[k] * SIMD4(p[0], p[1], p[2], p[3])
      }
      d[0] = acc[0]; d[1] = acc[1]; d[2] = acc[2]; d[3] = acc[3]
    } else {
      var acc: Float = 0
      accumulate(x, input, kernel, clamp) { k, xi in acc += weights[k] * row[xi &- input.lowerBound] }
      d[0] = acc
    }
  }
}

/// Calls `body(k, i)` for each kernel index k whose source i = x − (kMin + k) lies in `input`
/// (or, with `clamp`, for every k, with i moved into it).
@inline(__always)
private func accumulate(_ x: Int, _ input: Range<Int>, _ kernel: BlurKernel, _ clamp: Bool, _ body: (Int, Int) -> Void)
{
  if clamp {
    for k in 0..<kernel.count { body(k, min(max(x &- kernel.kMin &- k, input.lowerBound), input.upperBound &- 1)) }
  } else {
    let lo = max(0, x &- input.upperBound &+ 1 &- kernel.kMin)
    let hi = min(kernel.count &- 1, x &- input.lowerBound &- kernel.kMin)
    if lo > hi { return }
    for k in lo...hi { body(k, x &- kernel.kMin &- k) }
  }
}

/// The vertical pass: output row y (in `output`'s rows) is Σₖ weight[k] · row y − (kMin + k)
/// of `rows` (`input`'s rows; zero outside them, or the nearest repeated when `clamp`), each
/// row `length` floats. Calls `emit(y, sums)` with each output row's sums.
func blurColumns(
  _ rows: UnsafePointer<Float>, inputRows: Range<Int>, outputRows: Range<Int>, length: Int, clamp: Bool,
  kernel: BlurKernel, weights: UnsafePointer<Float>, sums: UnsafeMutablePointer<Float>,
  emit: (Int, UnsafePointer<Float>) -> Void
) {
  for y in outputRows {
    sums.update(repeating: 0, count: length)
    for k in 0..<kernel.count {
      var yi = y &- kernel.kMin &- k
      if clamp {
        yi = min(max(yi, inputRows.lowerBound), inputRows.upperBound &- 1)
      } else if !inputRows.contains(yi) {
        continue
      }
      let w = weights[k]
      let src = rows + (yi &- inputRows.lowerBound) &* length
      for i in 0..<length { sums[i] += w * src[i] }
    }
    emit(y, UnsafePointer(sums))
  }
}

/// The horizontal pass of the recursive blur over `count` ≤ 16 / `channels` rows at once:
/// their values interleaved, 16 lanes a column, so that one recursion step filters every row
/// (independent lanes instead of one latency-bound chain per row). Row r's input is the
/// RGBA8 pixels at `rows(r)` over columns `input` (all four channels, or alpha alone when
/// `channels` is 1); its sums over columns `output` go to `out(r)`. `scratch` holds
/// `recursiveRowsScratch(…)` bytes.
///
/// With `avx2` the recursion runs in the column pass's AVX2 loop (CRasterKernels), which
/// gives the Swift loop's bits.
package func recursiveBlurRows(
  _ rows: (Int) -> UnsafeRawPointer, count: Int, input: Range<Int>, output: Range<Int>, channels: Int, clamp: Bool,
  filter g: RecursiveGaussian, scratch: UnsafeMutableRawPointer, avx2: Bool = false,
  into out: (Int) -> UnsafeMutablePointer<Float>
) {
  let span = recursiveSpan(input, output, g, clamp: clamp)
  let n = span.count, v = MemoryLayout<SIMD16<Float>>.size
  let values = scratch.bindMemory(to: Float.self, capacity: n &* 16)
  values.update(repeating: 0, count: n &* 16)
  let at = input.lowerBound &+ g.whole &- span.lowerBound
  for r in 0..<count {
    let src = rows(r)
    for j in 0..<input.count {
      let d = values + ((at &+ j) &* 16 &+ r &* channels)
      if channels == 4 {
        for c in 0..<4 { d[c] = Float(src.load(fromByteOffset: j &* 4 &+ c, as: UInt8.self)) }
      } else {
        d[0] = Float(src.load(fromByteOffset: j &* 4 &+ 3, as: UInt8.self))
      }
    }
  }
  if g.fraction > 0 {
    // The two-tap: x(i) = (1 − f)·x(i) + f·x(i − 1).
    let f = g.fraction, e = 1 - g.fraction
    var i = n &- 1
    while i >= 0 {
      var x = e * scratch.loadUnaligned(fromByteOffset: i &* v, as: SIMD16<Float>.self)
      if i > 0 { x += f * scratch.loadUnaligned(fromByteOffset: (i &- 1) &* v, as: SIMD16<Float>.self) }
      scratch.storeBytes(of: x, toByteOffset: i &* v, as: SIMD16<Float>.self)
      i &-= 1
    }
  }
  let skip = output.lowerBound &- span.lowerBound
  /// Output x's lanes to their rows.
  @inline(__always) func scatter(_ x: Int, _ lanes: UnsafeRawPointer) {
    for r in 0..<count {
      let d = out(r) + x &* channels
      if channels == 4 {
        UnsafeMutableRawPointer(d).storeBytes(
          of: lanes.loadUnaligned(fromByteOffset: r &* 16, as: SIMD4<Float>.self), as: SIMD4<Float>.self)
      } else {
        d[0] = lanes.load(fromByteOffset: r &* 4, as: Float.self)
      }
    }
  }
  if avx2 {
    // The column pass's AVX2 loop over one strip of 16 lanes, its input the values above
    // (shifted and two-tapped already), its outputs written over them: output x goes to
    // index x, at or before the index i = x + skip just read.
    g.withCoefficients { c in
      flipbook_recursive_columns_avx2(
        values, 0, n, 0, n, 0, 0, 16, 16, clamp, c, (scratch + n &* v).assumingMemoryBound(to: Float.self), values,
        skip, skip &+ output.count)
    }
    for x in 0..<output.count { scatter(x, UnsafeRawPointer(values + x &* 16)) }
    return
  }
  g.run(
    count: n, clamp: clamp, anti: scratch + n &* v,
    load: { scratch.loadUnaligned(fromByteOffset: $0 &* v, as: SIMD16<Float>.self) },
    emit: { i, y in
      let x = i &- skip
      guard x >= 0, x < output.count else { return }
      var y = y
      withUnsafeBytes(of: &y) { scatter(x, $0.baseAddress!) }
    })
}

/// Whether two rows of RGBA8 pixels, `count` long, are the same blur input: the same bytes, or
/// with `channels` 1 the same alpha.
func sameBlurInput(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int, channels: Int) -> Bool {
  let mask: UInt32 = channels == 1 ? 0xFF00_0000 : 0xFFFF_FFFF
  var i = 0
  while i &+ 8 <= count {
    let x = a.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt32>.self)
    let y = b.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt32>.self)
    if any(x & mask .!= y & mask) { return false }
    i &+= 8
  }
  while i < count {
    let x = a.load(fromByteOffset: i &* 4, as: UInt32.self), y = b.load(fromByteOffset: i &* 4, as: UInt32.self)
    if x & mask != y & mask { return false }
    i &+= 1
  }
  return true
}

/// The bytes of scratch `recursiveBlurRows` needs.
func recursiveRowsScratch(_ input: Range<Int>, _ output: Range<Int>, _ g: RecursiveGaussian, clamp: Bool) -> Int {
  recursiveSpan(input, output, g, clamp: clamp).count &* 2 &* MemoryLayout<SIMD16<Float>>.size
}

/// The indices a recursive pass runs over: every one where the shifted input is not zero,
/// and the output; with `clamp`, the input itself (its edges stand for what lies beyond).
private func recursiveSpan(_ input: Range<Int>, _ output: Range<Int>, _ g: RecursiveGaussian, clamp: Bool)
  -> Range<Int>
{
  if clamp { return input }
  let lo = input.lowerBound &+ g.whole, hi = input.upperBound &+ g.whole &+ (g.fraction > 0 ? 1 : 0)
  return min(lo, output.lowerBound)..<max(hi, output.upperBound)
}

/// The vertical pass of the recursive blur, 16 floats (a strip of columns) at a time: row y
/// of the input (y in `inputRows`) is `length` floats at `rows + (y − inputRows.lowerBound) ·
/// stride`, where `stride` is a multiple of 16 and the floats past `length` are zero. The
/// sums of output row y go to `sums + (y − outputRows.lowerBound) · stride`; then
/// `emit(y, sums)` is called with each output row, whole, in order. `scratch` holds
/// `recursiveColumnsScratch(…)` bytes.
///
/// With `avx2` the filter runs in CRasterKernels' AVX2 loop, twice the lanes an instruction
/// of the SSE code Swift makes here, with the same operations in the same order (the same
/// bits).
package func recursiveBlurColumns(
  _ rows: UnsafePointer<Float>, inputRows: Range<Int>, outputRows: Range<Int>, length: Int, stride: Int,
  clamp: Bool, filter g: RecursiveGaussian, scratch: UnsafeMutableRawPointer, avx2: Bool = false,
  sums: UnsafeMutablePointer<Float>, emit: (Int, UnsafePointer<Float>) -> Void
) {
  let span = recursiveSpan(inputRows, outputRows, g, clamp: clamp)
  if avx2 {
    g.withCoefficients { c in
      flipbook_recursive_columns_avx2(
        rows, inputRows.lowerBound, inputRows.upperBound, span.lowerBound, span.count, g.whole, g.fraction, stride,
        length, clamp, c, scratch.assumingMemoryBound(to: Float.self), sums, outputRows.lowerBound,
        outputRows.upperBound)
    }
  } else {
    let f = g.fraction, e = 1 - g.fraction
    @inline(__always) func row(_ y: Int, _ from: Int) -> SIMD16<Float> {
      guard inputRows.contains(y) else { return SIMD16() }
      return UnsafeRawPointer(rows + ((y &- inputRows.lowerBound) &* stride &+ from)).loadUnaligned(
        as: SIMD16<Float>.self)
    }
    var from = 0
    while from < length {
      g.run(
        count: span.count, clamp: clamp, anti: scratch,
        load: { i in
          let y = span.lowerBound &+ i &- g.whole
          return f > 0 ? e * row(y, from) + f * row(y &- 1, from) : row(y, from)
        },
        emit: { i, v in
          let y = span.lowerBound &+ i
          guard outputRows.contains(y) else { return }
          UnsafeMutableRawPointer(sums + ((y &- outputRows.lowerBound) &* stride &+ from)).storeBytes(
            of: v, as: SIMD16<Float>.self)
        })
      from &+= 16
    }
  }
  for y in outputRows { emit(y, sums + (y &- outputRows.lowerBound) &* stride) }
}

/// The bytes of scratch `recursiveBlurColumns` needs.
func recursiveColumnsScratch(_ inputRows: Range<Int>, _ outputRows: Range<Int>, _ g: RecursiveGaussian, clamp: Bool)
  -> Int
{
  recursiveSpan(inputRows, outputRows, g, clamp: clamp).count &* MemoryLayout<SIMD16<Float>>.size
}
