import CRasterKernels
import FlipbookImage

// Exact-area coverage by signed-area accumulation (font-rs / stb_truetype v2 / libart).
//
// A shape is flattened to closed polylines in pixel space. Every line adds, to the cells of
// the rows it crosses, the signed area differences of the trapezoids it bounds (font-rs'
// `draw_line`, in Double, stored as Float). A row's coverage is then the running sum of its
// cells, |sum| clamped to 1 and rounded to 8 bits (round half to even via the 1.5·2²³ bias).
// For simple (non-self-overlapping) contours this is the exact area of pixel ∩ shape. Ring
// strokes are an outer contour plus an inner one of opposite sign. Contours that may overlap
// or cross themselves first go through the sweep of Sweep.swift, which hands this
// accumulator only non-overlapping boundaries.
//
// The cell window is the shape's bounding box clipped to the canvas. Lines left of the
// window are clamped onto its left edge (they cover everything right of them), lines right of
// it onto its right edge (they cover nothing inside), parts above or below are dropped.
// Every row also keeps a bit per 4-cell block that a line touched (Blend2D's idea); blocks
// between touched ones have a constant running sum, so they become a skipped run, a solid run
// or a constant-coverage run without per-cell work. Resolution re-zeroes what it reads, so
// the buffers are clean for the next shape and nothing is allocated per shape.

/// Cells touched per bit of the per-row block bitmap.
let blockShift = 2

/// One shape's accumulation window; points are pixel coordinates.
package struct Accumulator {
  let cells: UnsafeMutablePointer<Float>
  let bits: UnsafeMutablePointer<UInt64>
  /// Cells per row (a multiple of 4, at least `width + 2`).
  let stride: Int
  let wordsPerRow: Int
  /// Pixel coordinates of cell (0, 0).
  let ox: Double, oy: Double
  /// Window size in pixels.
  let width: Int, rows: Int
  let w: Double, h: Double
  /// +1 or −1: the sign of the contour being added (−1 reverses it).
  var sign: Double = 1
  /// Whether `addPolygon` runs CRasterKernels' AVX2 twin (same bits), decided once per shape
  /// like `Paint.useAVX2`; tests turn it off to compare the two.
  let useAVX2: Bool
  /// Whether a plain color's `resolve` runs flipbook_resolve_blend_avx512 rather than the
  /// AVX2 one (same bytes; where `useAVX2` is also set); tests turn it off to compare the two.
  let useAVX512: Bool

  package init(
    cells: UnsafeMutablePointer<Float>, bits: UnsafeMutablePointer<UInt64>,
    stride: Int, wordsPerRow: Int, x0: Int, y0: Int, width: Int, rows: Int, useAVX2: Bool = avx2,
    useAVX512: Bool = avx512
  ) {
    self.cells = cells; self.bits = bits; self.stride = stride; self.wordsPerRow = wordsPerRow
    ox = Double(x0); oy = Double(y0)
    self.width = width; self.rows = rows
    w = Double(width); h = Double(rows)
    self.useAVX2 = useAVX2
    self.useAVX512 = useAVX512
  }

  /// Adds a closed polygon given in pixel coordinates (x, y pairs; the closing edge implied).
  /// Most of a frame's drawing time is spent here (a row step per line and pixel row), so
  /// with AVX2 it runs as flipbook_add_polygon_avx2, the same steps compiled for that CPU.
  @inline(__always)
  package mutating func addPolygon(_ p: UnsafePointer<Double>, count n: Int, sign: Double) {
    if n < 2 { return }
    if useAVX2 {
      var window = kernelWindow
      flipbook_add_polygon_avx2(&window, p, n, sign)
      return
    }
    self.sign = sign
    var px = p[(n &- 1) &* 2] - ox, py = p[(n &- 1) &* 2 &+ 1] - oy
    var i = 0
    while i < n {
      let x = p[i &* 2] - ox, y = p[i &* 2 &+ 1] - oy
      line(px, py, x, y)
      px = x; py = y
      i &+= 1
    }
  }

  /// This window as CRasterKernels' kernels take it.
  @inline(__always)
  var kernelWindow: flipbook_accumulator {
    flipbook_accumulator(cells: cells, bits: bits, stride: stride, wordsPerRow: wordsPerRow, ox: ox, oy: oy, w: w, h: h)
  }

  // MARK: Lines (window coordinates)

  /// Adds the line a→b, clipped to the window as described above.
  @inline(__always)
  mutating func line(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
    if ay == by { return }
    if (ay <= 0 && by <= 0) || (ay >= h && by >= h) { return }
    var x0 = ax, x1 = bx
    if !(ax >= 0 && ax <= w && bx >= 0 && bx <= w) {
      if ax <= 0 && bx <= 0 {
        x0 = 0; x1 = 0
      } else if ax >= w && bx >= w {
        x0 = w; x1 = w
      } else {
        splitLine(ax, ay, bx, by)
        return
      }
    }
    cellLine(x0, ay, x1, by)
  }

  /// A line that crosses x = 0 or x = w: cut at the crossings, clamp each piece.
  @inline(never)
  mutating func splitLine(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
    let dx = bx - ax, dy = by - ay
    var t0 = (0 - ax) / dx, t1 = (w - ax) / dx
    if t0 > t1 { let t = t0; t0 = t1; t1 = t }
    var px = ax, py = ay
    if t0 > 0 && t0 < 1 {
      let x = ax + dx * t0, y = ay + dy * t0
      cellLine(clampX(px), py, clampX(x), y)
      px = x; py = y
    }
    if t1 > 0 && t1 < 1 {
      let x = ax + dx * t1, y = ay + dy * t1
      cellLine(clampX(px), py, clampX(x), y)
      px = x; py = y
    }
    cellLine(clampX(px), py, clampX(bx), by)
  }

  @inline(__always)
  func clampX(_ x: Double) -> Double { x < 0 ? 0 : (x > w ? w : x) }

  /// font-rs `draw_line` for a line with both x in [0, w]; rows clipped to [0, h).
  @inline(__always)
  mutating func cellLine(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
    if y0 == y1 { return }
    var dir = sign
    var xa = x0, ya = y0, xb = x1, yb = y1
    if ya > yb {
      xa = x1; ya = y1; xb = x0; yb = y0
      dir = -dir
    }
    let ys = ya < 0 ? 0 : ya
    let ye = yb > h ? h : yb
    if !(ys < ye) { return }
    let dxdy = (xb - xa) / (yb - ya)
    var x = ys == ya ? xa : clampX(xa + (ys - ya) * dxdy)
    var yi = floorToInt(ys)
    var yn = Double(yi) + 1  // the next row boundary
    var ycur = ys
    while ycur < ye {
      let ynext = yn < ye ? yn : ye
      let dy = ynext - ycur
      let xnext = ynext == yb ? xb : clampX(x + dxdy * dy)
      let d = dy * dir
      let lo = x < xnext ? x : xnext
      let hi = x < xnext ? xnext : x
      let loI = floorToInt(lo)
      let lof = Double(loI)
      var hiI = floorToInt(hi)
      if Double(hiI) < hi { hiI &+= 1 }
      let row = cells + yi &* stride
      if hiI <= loI &+ 1 {
        let xmf = 0.5 * (x + xnext) - lof
        row[loI] += Float(d - d * xmf)
        row[loI &+ 1] += Float(d * xmf)
        mark(yi, loI, loI &+ 1)
      } else {
        let s = 1 / (hi - lo)
        let x0f = lo - lof
        let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
        let x1f = hi - Double(hiI) + 1
        let am = 0.5 * s * x1f * x1f
        row[loI] += Float(d * a0)
        if hiI == loI &+ 2 {
          row[loI &+ 1] += Float(d * (1 - a0 - am))
        } else {
          let a1 = s * (1.5 - x0f)
          row[loI &+ 1] += Float(d * (a1 - a0))
          let ds = Float(d * s)
          var xi = loI &+ 2
          while xi < hiI &- 1 {
            row[xi] += ds
            xi &+= 1
          }
          let a2 = a1 + Double(hiI &- loI &- 3) * s
          row[hiI &- 1] += Float(d * (1 - a2 - am))
        }
        row[hiI] += Float(d * am)
        mark(yi, loI, hiI)
      }
      x = xnext
      ycur = ynext
      yn += 1
      yi &+= 1
    }
  }

  /// Marks the blocks holding cells lo…hi of row `y`.
  @inline(__always)
  func mark(_ y: Int, _ lo: Int, _ hi: Int) {
    let rowBits = bits + y &* wordsPerRow
    let b = lo &>> blockShift
    let e = hi &>> blockShift
    let wb = b &>> 6
    if b == e {
      rowBits[wb] |= (1 as UInt64) &<< UInt64(b & 63)
    } else if wb == e &>> 6 {
      // One word: bits b…e at once.
      let n = UInt64(e &- b)
      let m = (((2 as UInt64) &<< n) &- 1) &<< UInt64(b & 63)
      rowBits[wb] |= m
    } else {
      var k = b
      while k <= e {
        rowBits[k &>> 6] |= (1 as UInt64) &<< UInt64(k & 63)
        k &+= 1
      }
    }
  }

  // MARK: Resolution

  /// `resolve` for a plain color. With AVX2 the rows go through flipbook_resolve_blend_avx2,
  /// which gives the same bytes with the running sums, coverage and blend of each pair of
  /// blocks kept in registers: a frame of the path workload resolves ~37,000 rows into
  /// ~51,000 short coverage runs, and each run's trip through the coverage row and a blend
  /// call cost more than its pixels. With AVX-512 flipbook_resolve_blend_avx512 takes four
  /// blocks a step, the same bytes in fewer instructions.
  package func resolve(
    into dst: UnsafeMutableRawPointer, rowBytes: Int, paint: Paint, scratch cov: UnsafeMutableRawPointer
  ) {
    if useAVX2 && paint.useAVX2 {
      var window = kernelWindow
      if useAVX512 {
        flipbook_resolve_blend_avx512(&window, dst, rowBytes, paint.color.packed)
      } else {
        flipbook_resolve_blend_avx2(&window, dst, rowBytes, paint.color.packed)
      }
      return
    }
    resolve(into: dst, rowBytes: rowBytes, painter: paint, scratch: cov)
  }

  /// Resolves every row into coverage and composites the painter's colors at the window's
  /// position: `dst` is its first pixel, (ox, oy), in a buffer of `rowBytes` bytes per row.
  /// Per row, only the blocks from the first to the last touched one can be covered (the
  /// running sum is 0 outside). Touched blocks are resolved in SIMD; untouched blocks between
  /// them get their constant coverage written into the coverage run, except uncovered spans,
  /// which are skipped, and full-coverage spans of `solidRunBlocks` blocks or more, which the
  /// painter fills directly. Each coverage
  /// run is blended with one `RunPainter.blend` call. Leaves cells and bits zeroed. Generic
  /// over the painter so that a plain color's rows never touch a gradient's shading (a
  /// `Shading?` here was copied at every run).
  func resolve<P: RunPainter>(
    into dst: UnsafeMutableRawPointer, rowBytes: Int, painter: P, scratch cov: UnsafeMutableRawPointer
  ) {
    let nb = stride &>> blockShift
    let x0 = Int(ox), y0 = Int(oy)
    var r = 0
    while r < rows {
      let rowBits = bits + r &* wordsPerRow
      let first = nextSet(rowBits, from: 0, limit: nb)
      if first < nb {
        let rowCells = cells + r &* stride
        var carry: Float = 0
        var b = first
        var end = first
        var runStart = first  // first block of the pending coverage run in `cov`
        var cp = cov
        let y = y0 &+ r
        let dstRow = dst + r &* rowBytes
        while true {
          let u = nextClear(rowBits, from: b, limit: nb)
          while b < u {
            let p = UnsafeMutableRawPointer(rowCells + b &<< blockShift)
            cp.storeBytes(of: resolveBlock(p, &carry), as: SIMD4<UInt32>.self)
            cp += 16
            b &+= 1
          }
          end = u
          let t = nextSet(rowBits, from: u, limit: nb)
          if t >= nb { break }
          let c = coverageByte(carry)
          if c == 255 && t &- b >= solidRunBlocks {
            // A long solid span: flush the pending coverage run, then fill it directly.
            flush(dstRow, cov, runStart, b, painter, x0, y)
            var pe = t &<< blockShift
            if pe > width { pe = width }
            let ps = b &<< blockShift
            if pe > ps { painter.fill(dstRow + ps &* 4, x: x0 &+ ps, y: y, count: pe &- ps) }
            b = t
            runStart = t
            cp = cov
          } else if c == 0 {
            // Nothing covered up to the next touched block (a ring's hole, the gap between
            // dashes): flush the pending run and skip the gap.
            flush(dstRow, cov, runStart, b, painter, x0, y)
            b = t
            runStart = t
            cp = cov
          } else {
            let pair = SIMD4<UInt32>(repeating: coveragePair(c))
            while b < t {
              cp.storeBytes(of: pair, as: SIMD4<UInt32>.self)
              cp += 16
              b &+= 1
            }
          }
        }
        flush(dstRow, cov, runStart, end, painter, x0, y)
        // Only words first…end−1 can hold set bits; usually one word (no memset call).
        let wLast = (end &- 1) &>> 6
        var wi = first &>> 6
        rowBits[wi] = 0
        while wi < wLast {
          wi &+= 1
          rowBits[wi] = 0
        }
      }
      r &+= 1
    }
  }
}

/// Constant full-coverage runs at least this many blocks long skip the coverage buffer.
let solidRunBlocks = 4

extension Accumulator {
  /// Blends the pending coverage run (blocks bs..<be, stored from `cov`) of row y, whose
  /// first pixel is x0.
  @inline(__always)
  func flush<P: RunPainter>(
    _ dstRow: UnsafeMutableRawPointer, _ cov: UnsafeMutableRawPointer, _ bs: Int, _ be: Int, _ painter: P,
    _ x0: Int, _ y: Int
  ) {
    let ps = bs &<< blockShift
    var pe = be &<< blockShift
    if pe > width { pe = width }
    if pe > ps {
      painter.blend(dstRow + ps &* 4, coverage: UnsafeRawPointer(cov), x: x0 &+ ps, y: y, count: pe &- ps)
    }
  }
}

/// How `Accumulator.resolve` paints a shape's rows: a plain color (`Paint`) or a gradient's
/// or image's colors (`Shading`). Pixels x..<x+count of row y start at `dst`.
protocol RunPainter {
  /// Source-over with per-pixel coverage (one `coveragePair` per pixel).
  func blend(_ dst: UnsafeMutableRawPointer, coverage: UnsafeRawPointer, x: Int, y: Int, count: Int)
  /// Source-over at full coverage.
  func fill(_ dst: UnsafeMutableRawPointer, x: Int, y: Int, count: Int)
}

extension Paint: RunPainter {
  @inline(__always)
  func blend(_ dst: UnsafeMutableRawPointer, coverage: UnsafeRawPointer, x: Int, y: Int, count: Int) {
    blendMask(dst, coverage: coverage, count: count, paint: self)
  }

  @inline(__always)
  func fill(_ dst: UnsafeMutableRawPointer, x: Int, y: Int, count: Int) {
    blendSolid(dst, count: count, paint: self)
  }
}

extension Shading: RunPainter {
  @inline(__always)
  func blend(_ dst: UnsafeMutableRawPointer, coverage: UnsafeRawPointer, x: Int, y: Int, count: Int) {
    blendShadedMask(dst, coverage: coverage, colors: shade(x: x, y: y, count: count), count: count)
  }

  @inline(__always)
  func fill(_ dst: UnsafeMutableRawPointer, x: Int, y: Int, count: Int) {
    compositeLayer(dst, layer: shade(x: x, y: y, count: count), count: count, opacity: 255)
  }
}

/// A shape's paint other than a plain color: a gradient or an image.
enum Shader {
  case gradient(GradientShader)
  case image(ImageShader)
}

/// A gradient or an image for `Accumulator.resolve`: its shader, the frame's gradient data,
/// and a row buffer for the shaded colors (a canvas row plus 8 pixels).
struct Shading {
  let shader: Shader
  let data: UnsafePointer<Float>
  let colors: UnsafeMutableRawPointer

  /// The colors of pixels x..<x+count of row y, in `colors`.
  @inline(__always)
  func shade(x: Int, y: Int, count: Int) -> UnsafeRawPointer {
    switch shader {
    case .gradient(let g): g.shade(x: x, y: y, count: count, data: data, into: colors)
    case .image(let i): i.shade(x: x, y: y, count: count, into: colors)
    }
    return UnsafeRawPointer(colors)
  }
}

/// ⌊x⌋ for 0 ≤ x < 2⁵¹ without the range checks of `Int(_: Double)` (and without libm):
/// round to nearest with the 1.5·2⁵² bias, then step down if that went above x.
@inline(__always)
func floorToInt(_ x: Double) -> Int {
  let bias = 6_755_399_441_055_744.0
  var i = Int(truncatingIfNeeded: (x + bias).bitPattern &- bias.bitPattern)
  if Double(i) > x { i &-= 1 }
  return i
}

/// Four cells: running sum (carried in `carry`), cells zeroed, coverages as `coveragePair`s.
@inline(__always)
func resolveBlock(_ p: UnsafeMutableRawPointer, _ carry: inout Float) -> SIMD4<UInt32> {
  var v = p.loadUnaligned(as: SIMD4<Float>.self)
  p.storeBytes(of: SIMD4<Float>(), as: SIMD4<Float>.self)
  v = v + SIMD4<Float>(0, v[0], v[1], v[2])
  v = v + SIMD4<Float>(0, 0, v[0], v[1])
  v = v + SIMD4<Float>(repeating: carry)
  carry = v[3]
  var a = unsafeBitCast(unsafeBitCast(v, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: SIMD4<Float>.self)
  a = a.replacing(with: 1, where: a .> 1)
  let q = unsafeBitCast(a * 255 + 12_582_912.0, to: SIMD4<UInt32>.self) & 0xFF
  return q &* 0x0001_0001
}

/// min(|acc|, 1) · 255 rounded to nearest (ties to even), like `resolveBlock`.
@inline(__always)
func coverageByte(_ acc: Float) -> UInt8 {
  var a = Float(bitPattern: acc.bitPattern & 0x7FFF_FFFF)
  if a > 1 { a = 1 }
  return UInt8(truncatingIfNeeded: (a * 255 + 12_582_912.0).bitPattern)
}

@inline(__always)
func nextSet(_ bits: UnsafeMutablePointer<UInt64>, from: Int, limit: Int) -> Int {
  var i = from
  while i < limit {
    let w = bits[i &>> 6] &>> UInt64(i & 63)
    if w != 0 {
      let r = i &+ w.trailingZeroBitCount
      return r < limit ? r : limit
    }
    i = (i | 63) &+ 1
  }
  return limit
}

@inline(__always)
func nextClear(_ bits: UnsafeMutablePointer<UInt64>, from: Int, limit: Int) -> Int {
  var i = from
  while i < limit {
    let w = ~bits[i &>> 6] &>> UInt64(i & 63)
    if w != 0 {
      let r = i &+ w.trailingZeroBitCount
      return r < limit ? r : limit
    }
    i = (i | 63) &+ 1
  }
  return limit
}
