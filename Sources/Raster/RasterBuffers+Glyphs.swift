import CRasterKernels
import FlipbookDisplayList
import FlipbookImage

// Glyph runs (`DisplayItem.glyphs`). A run under a translation and a positive axis-aligned
// scale, not projected, not in a clip, at most `GlyphMaskCache.maxEm` pixels per em and not
// asking for exact placement, is drawn from glyph masks: each glyph's pen is rounded to the
// nearest quarter pixel in x and in y (⌊4v + ½⌋ / 4), and the glyph's mask for that phase
// (its outline placed at the phase, flattened and accumulated exactly as any path, resolved
// to 8-bit coverage) is blended with the run's paint at the pen's whole pixel: a plain color
// by the glyph blend (Kernels+Glyphs.swift: one rounding, within 0.51 of the exact result and
// within 1 level of a filled path's two-rounding blend), a gradient as a filled path blends
// its coverage. Any other run is filled as one overlap-free path of its outlines at their
// exact positions.

extension RasterBuffers {
  /// Records `run`: its glyph draws from masks, or its outlines as one path. With `prepared`,
  /// its pens and keys are `glyphPens` already, made by `prepareGlyphs` while the run before
  /// it was recorded (under `preparedEpoch`).
  func recordGlyphs(
    _ run: GlyphRun, width: Int, height: Int, recorder rec: inout PathRecorder, prepared: Bool = false
  ) {
    let t = run.transform
    guard let (m, sx, sy) = maskedPlacement(run) else {
      var elements = shapeElements
      shapeElements = []  // keep the buffer uniquely referenced
      elements.removeAll(keepingCapacity: true)
      run.appendPath(to: &elements)
      let path = PathGeometry(elements, fillRule: .nonZero, overlapFree: true)
      recordShape(
        ShapeItem(geometry: .path(path), style: .fill, transform: t, color: run.color, gradient: run.gradient),
        width: width, height: height, recorder: &rec)
      shapeElements = elements
      return
    }
    currentShader = -1
    var color = PremulColor(run.color)
    if let gradient = run.gradient {
      guard let c = recordGradient(gradient, m) else { return }
      color = c
    }
    if color.a == 0 { return }
    let W = Double(width), H = Double(height)
    let cache = glyphMasks
    var draws = glyphDraws
    glyphDraws = []  // keep the buffer uniquely referenced
    defer { glyphDraws = draws }
    let g0 = draws.count
    draws.reserveCapacity(g0 &+ run.glyphs.count)
    var bx0 = Int.max, by0 = Int.max, bx1 = Int.min, by1 = Int.min
    var widest = 0
    // First each glyph's pen in pixels, rounded, and its key, its slot asked for ahead so
    // that the lookups below find the slots on their way in (made while the run before was
    // recorded, when `prepared`).
    let keysEpoch = prepared ? preparedEpoch : makePens(run, m, sx: sx, sy: sy, into: &glyphPens)
    let pens = glyphPens.pens
    for (k, g) in run.glyphs.enumerated() {
      let pen = pens[k]
      guard pen.qx != .min else { continue }
      let qx = pen.qx, qy = pen.qy
      let phase = (qx & 3) << 2 | (qy & 3)
      // After the cache started over (it renumbers the sizes), keys are made again.
      var key = pen.key
      if cache.epoch != keysEpoch {
        key = GlyphMaskCache.key(cache.sizeKey(run.faces[g.face], sx: sx, sy: sy), g.id, phase: phase)
      }
      let slot: UnsafeMutablePointer<GlyphMaskSlot>
      if let found = cache.slot(key) {
        slot = found
      } else {
        let face = run.faces[g.face]
        let mask: UnsafeMutablePointer<GlyphMask>
        if let box = cache.box(face, g.id) {
          let kx = sx / face.unitsPerEm, ky = sy / face.unitsPerEm
          // Off the canvas (with a pixel for the rounding): no mask is made.
          let x = pen.x, y = pen.y
          guard x + box.z * kx + 1 > 0, y - box.y * ky + 1 > 0, x + box.x * kx - 1 < W, y - box.w * ky - 1 < H else {
            continue
          }
          mask = makeMask(
            face, g.id, kx: kx, ky: ky, phaseX: Double(qx & 3) * 0.25, phaseY: Double(qy & 3) * 0.25, box: box,
            recorder: &rec)
          // Over the frame's work limit the outline was not recorded whole: not a mask to keep
          // (the frame is not drawn).
          if rec.exceeded { return }
        } else {
          // No outline (a space): an empty mask, so that the next lookup finds it.
          mask = cache.allocate(stride: 0, height: 0)
          mask.initialize(to: GlyphMask(x0: 0, y0: 0, width: 0, height: 0, stride: 0))
        }
        // Making the mask may have started the cache over.
        if cache.epoch != keysEpoch {
          key = GlyphMaskCache.key(cache.sizeKey(face, sx: sx, sy: sy), g.id, phase: phase)
        }
        slot = cache.insert(mask, key: key)
      }
      let placed = slot.pointee
      let mw = Int(placed.width)
      let x0 = (qx >> 2) &+ Int(placed.x0), y0 = (qy >> 2) &+ Int(placed.y0)
      let x1 = x0 &+ mw, y1 = y0 &+ Int(placed.height)
      guard mw > 0, x1 > 0, y1 > 0, x0 < width, y0 < height else { continue }
      draws.append(
        GlyphDraw(
          coverage: UnsafePointer(GlyphMask.coverage(placed.mask!)), x: Int32(x0), y: Int32(y0), width: placed.width,
          height: placed.height, stride: (placed.width &+ 7) & ~7))
      bx0 = min(bx0, x0); by0 = min(by0, y0); bx1 = max(bx1, x1); by1 = max(by1, y1)
      widest = max(widest, mw)
    }
    guard draws.count > g0 else { return }
    // The coverage row of the widest mask, as `blendMask` reads it (4 bytes a pixel).
    reserve(cells: 0, bits: 0, coverage: (widest &+ 8) &* 4)
    var op = DrawCommand(kind: .glyphs)
    op.color = color
    op.shader = currentShader
    op.c0 = g0; op.c1 = draws.count
    op.x0 = max(bx0, 0); op.y0 = max(by0, 0); op.x1 = min(bx1, width); op.y1 = min(by1, height)
    commands.append(op)
  }

  /// The coverage of `glyph` of `face` scaled by (kx, ky) pixels per font unit, its pen at
  /// (phaseX, phaseY) in its whole pixel: its outline flattened as a glyph drawn as a path is
  /// (`fine` steps) and accumulated as any filled path is (plain accumulation: glyphs are
  /// overlap-free), resolved in opaque white, whose
  /// alpha is then the coverage a fill gets. `box` is the outline's control-point box in font
  /// units; the outline is moved by whole pixels so that it lies right of and below the
  /// origin (the flattening turns curves off the canvas into chords).
  private func makeMask(
    _ face: any GlyphSource, _ glyph: UInt32, kx: Double, ky: Double, phaseX: Double, phaseY: Double,
    box: SIMD4<Double>, recorder rec: inout PathRecorder
  ) -> UnsafeMutablePointer<GlyphMask> {
    let ox = Int((-box.x * kx).rounded(.up)) &+ 2, oy = Int((box.w * ky).rounded(.up)) &+ 2
    let c0 = rec.contours.count, p0 = rec.count
    rec.reset(keepingPointsFrom: p0)
    defer {
      rec.contours.removeSubrange(c0...)
      rec.reset(keepingPointsFrom: p0)
    }
    rec.fillPath(
      face.outline(glyph), PixelTransform(a: kx, b: 0, c: 0, d: -ky, tx: Double(ox) + phaseX, ty: Double(oy) + phaseY),
      width: .infinity, height: .infinity, fine: true)
    let inked = rec.contours.count > c0 && rec.minX <= rec.maxX && rec.minY <= rec.maxY
    let x0 = inked ? Int(rec.minX.rounded(.down)) : 0, y0 = inked ? Int(rec.minY.rounded(.down)) : 0
    let bw = inked ? max(Int(rec.maxX.rounded(.up)) &- x0, 0) : 0
    let bh = inked ? max(Int(rec.maxY.rounded(.up)) &- y0, 0) : 0
    let maskStride = (bw &+ 7) & ~7
    let mask = glyphMasks.allocate(stride: maskStride, height: bh)
    mask.initialize(
      to: GlyphMask(
        x0: Int32(x0 &- ox), y0: Int32(y0 &- oy), width: Int32(bw), height: Int32(bh), stride: Int32(maskStride)))
    guard bw > 0, bh > 0 else { return mask }
    let coverage = GlyphMask.coverage(mask)
    coverage.initialize(repeating: 0, count: maskStride &* bh)
    let stride = (bw &+ 2 &+ 3) & ~3
    let wordsPerRow = ((stride &>> blockShift) &+ 63) &>> 6
    reserve(cells: stride &* bh, bits: wordsPerRow &* bh, coverage: stride &* 4)
    let bytes = bw &* bh &* 4
    if maskScratchBytes < bytes {
      maskScratch.deallocate()
      maskScratchBytes = max(bytes, maskScratchBytes &* 2)
      maskScratch = .allocate(byteCount: maskScratchBytes, alignment: 16)
      maskScratch.initializeMemory(as: UInt8.self, repeating: 0, count: maskScratchBytes)
    }
    var acc = Accumulator(
      cells: cells, bits: bits, stride: stride, wordsPerRow: wordsPerRow, x0: x0, y0: y0, width: bw, rows: bh)
    let pts = UnsafePointer(rec.points)
    for c in c0..<rec.contours.count {
      let contour = rec.contours[c]
      acc.addPolygon(pts + contour.start &* 2, count: contour.end &- contour.start, sign: contour.sign)
    }
    acc.resolve(
      into: maskScratch, rowBytes: bw &* 4, painter: Paint(PremulColor(r: 255, g: 255, b: 255, a: 255)), scratch: cov)
    for j in 0..<bh {
      for i in 0..<bw {
        coverage[j &* maskStride &+ i] = maskScratch.load(fromByteOffset: (j &* bw &+ i) &* 4 &+ 3, as: UInt8.self)
      }
    }
    maskScratch.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
    return mask
  }

  /// Whether `run` is drawn from masks (see the top of this file): then its map to pixels and
  /// its size in pixels per em along x and y.
  private func maskedPlacement(_ run: GlyphRun) -> (PixelTransform, Double, Double)? {
    let t = run.transform
    let sx = t.a * run.fontSize, sy = t.d * run.fontSize
    let masked =
      !run.exactPlacement && projection == nil && clipDepth == 0 && t.b == 0 && t.c == 0 && sx > 0 && sy > 0
      && sx <= GlyphMaskCache.maxEm && sy <= GlyphMaskCache.maxEm && t.tx.isFinite && t.ty.isFinite
    // Without a projection the recording transform is the run's, moved by `origin`.
    return masked ? (recordingTransform(t, box: nil), sx, sy) : nil
  }

  /// Each glyph's pen in pixels under `m`, rounded, and its key, into `buffer` (one per glyph),
  /// its slot asked for ahead. Returns the cache's epoch the keys hold under.
  private func makePens(
    _ run: GlyphRun, _ m: PixelTransform, sx: Double, sy: Double, into buffer: inout GlyphPenBuffer
  ) -> Int {
    let cache = glyphMasks
    buffer.reserve(run.glyphs.count)
    let pens = buffer.pens
    // The size key of the last face looked up (a run usually has one face).
    var keyFace = -1
    var sizeKey: UInt64 = 0
    run.glyphs.withUnsafeBufferPointer { glyphs in
      for k in 0..<glyphs.count {
        let g = glyphs[k]
        let x = m.x(g.x, g.y), y = m.y(g.x, g.y)
        // Far off the canvas, or not finite: nothing to draw (and no integer overflow below).
        guard x > -1e9, x < 1e9, y > -1e9, y < 1e9 else {
          (pens + k).initialize(to: GlyphPen(x: 0, y: 0, qx: .min, qy: 0, key: 0))
          continue
        }
        let qx = Int((x * 4 + 0.5).rounded(.down)), qy = Int((y * 4 + 0.5).rounded(.down))
        if g.face != keyFace {
          sizeKey = cache.sizeKey(run.faces[g.face], sx: sx, sy: sy)
          keyFace = g.face
        }
        let key = GlyphMaskCache.key(sizeKey, g.id, phase: (qx & 3) << 2 | (qy & 3))
        cache.prefetch(key)
        (pens + k).initialize(to: GlyphPen(x: x, y: y, qx: qx, qy: qy, key: key))
      }
    }
    // A size numbered above may have started the cache over: the keys hold under its epoch
    // now (`recordGlyphs` makes them again when it changes).
    return cache.epoch
  }

  /// Makes the pens and keys of `run`, to be recorded next (in `nextGlyphPens`), so that its
  /// slots come in while the run before it is recorded: a run's own pass over its keys left
  /// too little time for them. False when the run is not drawn from masks.
  func prepareGlyphs(_ run: GlyphRun) -> Bool {
    guard let (m, sx, sy) = maskedPlacement(run) else { return false }
    nextPensEpoch = makePens(run, m, sx: sx, sy: sy, into: &nextGlyphPens)
    return true
  }

  /// A glyph's pen in pixels, rounded to quarters (qx = Int.min: not drawn), and its key.
  struct GlyphPen {
    var x: Double, y: Double
    var qx: Int, qy: Int
    var key: UInt64
  }

  /// Blends the glyph masks of `op` with its paint over the band's rows: a plain color by the
  /// glyph blend (one rounding, Kernels+Glyphs.swift), a gradient by the shapes' blend (as
  /// `drawPath` blends a path's coverage).
  func drawGlyphs(_ op: DrawCommand, into target: inout Target) {
    let wy0 = max(op.y0, target.y0), wy1 = min(op.y1, target.y1)
    guard op.x1 > op.x0, wy1 > wy0 else { return }
    target.touch(op.x0, wy0, op.x1, wy1)
    let paint = Paint(op.color)
    let shading = shading(op)
    if shading == nil && paint.useAVX2 {
      // Every glyph of the run in one call: the same bytes as `blendGlyphRows` row by row.
      let wide = avx512
      glyphDraws.withUnsafeBufferPointer { draws in
        let first = draws.baseAddress! + op.c0
        if wide {
          flipbook_blend_glyphs_avx512(
            target.base, target.x0, target.y0, target.width, op.x0, wy0, op.x1, wy1, first, op.c1 &- op.c0,
            draws.count &- op.c0, paint.color.packed)
        } else {
          flipbook_blend_glyphs_avx2(
            target.base, target.x0, target.y0, target.width, op.x0, wy0, op.x1, wy1, first, op.c1 &- op.c0,
            draws.count &- op.c0, paint.color.packed)
        }
      }
      return
    }
    let row = cov
    for k in op.c0..<op.c1 {
      let d = glyphDraws[k]
      let dx = Int(d.x), dy = Int(d.y), ms = Int(d.stride)
      let y0 = max(dy, wy0), y1 = min(dy &+ Int(d.height), wy1)
      let x0 = max(dx, op.x0), x1 = min(dx &+ Int(d.width), op.x1)
      guard y1 > y0, x1 > x0 else { continue }
      let n = x1 &- x0
      let first = d.coverage + ((y0 &- dy) &* ms &+ (x0 &- dx))
      var y = y0
      while y < y1 {
        let src = first + (y &- y0) &* ms
        guard let shading else {
          blendGlyphRows(
            target.pixel(x0, y), rowBytes: 0, coverage: src, stride: 0, width: n, height: 1, color: paint.color,
            kernel: .scalar)
          y &+= 1
          continue
        }
        var any: UInt8 = 0
        for i in 0..<n {
          let c = src[i]
          any |= c
          row.storeBytes(of: coveragePair(c), toByteOffset: i &* 4, as: UInt32.self)
        }
        if any != 0 {
          // A gradient's colors: the shapes' blend.
          let colors = shading.shade(x: x0, y: y, count: n)
          blendShadedMask(target.pixel(x0, y), coverage: UnsafeRawPointer(row), colors: colors, count: n)
        }
        y &+= 1
      }
    }
  }
}
