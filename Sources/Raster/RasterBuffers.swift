import FlipbookImage
import FlipbookDisplayList

/// Scratch memory, grown on demand and never shrunk: cells, block bits, one coverage row,
/// recorded commands and points, and a stack of band-sized layers. Cells and bits are all zero
/// between shapes.
///
/// A frame is drawn in two passes. The record pass validates every shape, converts its color,
/// and flattens it once into pixel-space contours (or an exact rectangle). The band pass then
/// draws the frame in horizontal bands of about 512 KiB, each band start to finish (clear,
/// every op that reaches it, layers composited per band), so the pixels being blended stay in
/// the L2 cache instead of streaming the whole frame from memory for every shape.
final class RasterBuffers {
  var cells: UnsafeMutablePointer<Float>
  private var cellCapacity = 0
  var bits: UnsafeMutablePointer<UInt64>
  private var bitCapacity = 0
  var cov: UnsafeMutableRawPointer
  private var covCapacity = 0
  private var layers: [UnsafeMutableRawPointer] = []
  private var layerBytes: [Int] = []
  /// Per nesting depth, like `layers`: a clip's coverage for the band, in the alpha byte of
  /// RGBA8 pixels (drawn in opaque white with the ordinary kernels, so coverage is exactly what
  /// a filled shape gets).
  private var masks: [UnsafeMutableRawPointer] = []
  private var maskBytes: [Int] = []
  /// Crossings of one row for aliased fills: x, then winding, per crossing.
  private var crossings: UnsafeMutablePointer<Double>
  private var crossingCapacity = 0
  var commands: [DrawCommand] = []
  private var recorder: PathRecorder
  private var sweepScratch = SweepScratch()
  private var strokeScratch = StrokeScratch()
  /// A built-in shape's path elements for a styled stroke (reused).
  var shapeElements: [PathGeometry.Element] = []
  /// Per contour of one shape (`partitionContours`): box, flags, group; per group, whether
  /// the inclusion–exclusion cannot take it and whether it is drawn plainly; the reordered
  /// list; the overlap terms' scratch.
  private var contourInfo = UnsafeMutablePointer<Double>.allocate(capacity: infoStride)
  private var contourInfoCapacity = 1
  private var groupBad: [Bool] = []
  private var groupPlain: [Bool] = []
  private var groupMembers: [Int] = []
  /// `partitionContours`' contours in the order of their top rows and their sort keys
  /// (`orderByTopRow`), as many as `contourInfo` has room for; per contour the next member of
  /// its group (then, from index k, per root its first member).
  private var contourByTop = UnsafeMutablePointer<Int>.allocate(capacity: 1)
  private var contourTops = UnsafeMutablePointer<Double>.allocate(capacity: 1)
  /// `orderByTopRow`'s count of contours per row.
  private var contourRowCounts = UnsafeMutablePointer<Int>.allocate(capacity: 1)
  private var contourRowCountsCapacity = 1
  private var groupNext: [Int] = []
  private var contourOrder: [(start: Int, end: Int, sign: Double)] = []
  /// Per contour of a path command that has several: the least and greatest y of its points,
  /// so that a band skips the contours that do not reach its rows (`drawPath`) instead of
  /// walking every line of a tall dashed stroke once per band.
  private var contourRows = UnsafeMutablePointer<Double>.allocate(capacity: 2)
  private var contourRowsCapacity = 1
  /// Row tables of the long contours of path commands that span several bands, so that a
  /// band walks only the chunks of their lines that reach its rows (OutlineRows.swift).
  private var outlineRows = OutlineRows()
  /// Rows per band, unless the frame has an effect (then one band): set as a frame starts.
  private var bandRows = 8
  /// Scratch of `isMonotoneSimple`: 2 doubles per outline point.
  private var monotoneScratch = UnsafeMutablePointer<Double>.allocate(capacity: 2)
  private var monotoneScratchCapacity = 1
  private var overlapScratch = OverlapScratch()
  /// Path fills flattened in their own coordinates, kept from frame to frame.
  let outlineCache = LocalOutlineCache()
  /// The frame's gradient and image shaders (`DrawCommand.shader`), the gradients'
  /// segments, and one row of shaded colors (a canvas row plus 8 pixels, as the gradient
  /// shaders write 8 at a time).
  private var shaders: [Shader] = []
  private var shaderData = UnsafeMutablePointer<Float>.allocate(capacity: 64)
  private var shaderDataCount = 0
  private var shaderDataCapacity = 64
  private var colorRow = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
  private var colorRowBytes = 64
  /// The shader of the shape being recorded (−1: its color), set by `recordShape`.
  var currentShader: Int32 = -1
  /// The last frame needed more than `maxFramePoints` outline points and was not drawn.
  private(set) var exceededWorkLimit = false
  /// The frame's layer effects (`DrawCommand.effect`) and their kernels' weights.
  private var effects: [EffectParams] = []
  private var effectWeights = UnsafeMutablePointer<Float>.allocate(capacity: 64)
  private var effectWeightCount = 0
  private var effectWeightCapacity = 64
  /// Per nesting depth: an effect layer's drawing (premultiplied RGBA8 over its box), and a
  /// mask effect's mask over the same box.
  private var effectLayers: [UnsafeMutableRawPointer] = []
  private var effectLayerBytes: [Int] = []
  private var effectMasks: [UnsafeMutableRawPointer] = []
  private var effectMaskBytes: [Int] = []
  /// Floats for the blur passes (see `applyEffect`), and one row of its RGBA8 result.
  private var blurFloats = UnsafeMutablePointer<Float>.allocate(capacity: 16)
  private var blurFloatCapacity = 16
  private var effectOut = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16)
  private var effectOutBytes = 16
  /// Where the pixel space being recorded lies: an effect layer's contents are recorded in
  /// a space that reaches past the canvas by the blur's reach, so that what is just off the
  /// canvas blurs into it.
  private var origin = (x: 0.0, y: 0.0)
  /// Whether the frame has an effect layer: then it is drawn as one band, as an effect
  /// needs its whole drawing at once.
  private var hasEffects = false
  /// The projection of the items being recorded (`LayerEffect.projection`): from the pixels
  /// they are laid out in, unprojected, to the canvas' (before `origin`); its inverse; and
  /// the scale of the shape being recorded's flattening space (PathRecorder+Projection.swift).
  var projection: Homography? = nil
  private var projectionInverse = Homography.identity
  private var flatteningScale = 1.0
  /// The unprojected points and contours of a shape while they are projected.
  private var projectionScratch: [Double] = []
  private var projectionContours: [(start: Int, end: Int, sign: Double)] = []

  /// The glyph coverage masks of this worker (RasterBuffers+Glyphs.swift), the frame's
  /// glyph draws (`DrawCommand.glyphs`), and one mask's RGBA drawing while it is made.
  let glyphMasks = GlyphMaskCache()
  var glyphDraws: [GlyphDraw] = []
  /// A run's glyphs' pens and keys while it is recorded (raw, see `GlyphPenBuffer`).
  var glyphPens = GlyphPenBuffer()
  /// The pens and keys of the next item when it is a glyph run (`prepareGlyphs`), and the
  /// cache epoch they hold under; whether they are ready, and the epoch of `glyphPens` when
  /// they were swapped in.
  var nextGlyphPens = GlyphPenBuffer()
  var nextPensEpoch = 0
  var nextPensReady = false
  var preparedEpoch = 0
  /// Zero between masks (a mask is resolved into it by blending, then it is cleared); it
  /// starts with no usable bytes, so that the first mask allocates it zeroed. (A 64-byte
  /// buffer left uninitialised once made a glyph of up to 16 pixels differ run to run.)
  var maskScratch = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16)
  var maskScratchBytes = 0
  /// How many clipped layers the items being recorded are in: text in a clip is drawn as
  /// outlines, not masks.
  var clipDepth = 0

  /// What the last frame drew into, so that the next one into its pixels clears only that.
  let clearMap = ClearMap()
  /// The top-level commands each band runs.
  private var bandLists = BandLists()

  /// Bytes of pixels per band.
  static let bandBytes = 512 * 1024

  init() {
    cells = .allocate(capacity: 1); cells.initialize(to: 0)
    bits = .allocate(capacity: 1); bits.initialize(to: 0)
    cov = .allocate(byteCount: 16, alignment: 16)
    crossings = .allocate(capacity: 2)
    recorder = PathRecorder(points: .allocate(capacity: 2048 &* 2), capacity: 2048)
  }

  deinit {
    cells.deallocate(); bits.deallocate(); cov.deallocate(); contourInfo.deallocate(); contourRows.deallocate()
    contourByTop.deallocate(); contourTops.deallocate(); contourRowCounts.deallocate()
    monotoneScratch.deallocate()
    outlineRows.deallocate()
    glyphPens.deallocate(); nextGlyphPens.deallocate()
    shaderData.deallocate(); colorRow.deallocate(); maskScratch.deallocate()
    effectWeights.deallocate(); blurFloats.deallocate(); effectOut.deallocate()
    for l in effectLayers + effectMasks { l.deallocate() }
    recorder.points.deallocate()
    sweepScratch.deallocate()
    strokeScratch.deallocate()
    for l in layers { l.deallocate() }
    for m in masks { m.deallocate() }
    crossings.deallocate()
  }

  func reserve(cells n: Int, bits nb: Int, coverage nc: Int) {
    if n > cellCapacity {
      cells.deallocate()
      let cap = max(n, cellCapacity &+ cellCapacity / 2)
      cells = .allocate(capacity: cap); cells.initialize(repeating: 0, count: cap)
      cellCapacity = cap
    }
    if nb > bitCapacity {
      bits.deallocate()
      let cap = max(nb, bitCapacity &+ bitCapacity / 2)
      bits = .allocate(capacity: cap); bits.initialize(repeating: 0, count: cap)
      bitCapacity = cap
    }
    if nc > covCapacity {
      cov.deallocate()
      let cap = max(nc, covCapacity &* 2)
      cov = .allocate(byteCount: cap, alignment: 16)
      covCapacity = cap
    }
  }

  /// The zeroed layer buffer for nesting depth `depth`, at least `bytes` long.
  private func layer(_ depth: Int, bytes: Int) -> UnsafeMutableRawPointer {
    Self.zeroed(&layers, &layerBytes, depth, bytes)
  }

  /// The zeroed clip mask buffer for nesting depth `depth`, at least `bytes` long.
  private func mask(_ depth: Int, bytes: Int) -> UnsafeMutableRawPointer {
    Self.zeroed(&masks, &maskBytes, depth, bytes)
  }

  /// One per-depth buffer of `buffers` (sizes in `sizes`), grown to `bytes` zeroed when too
  /// small; callers clear what they draw, so a reused buffer is zero again.
  private static func zeroed(
    _ buffers: inout [UnsafeMutableRawPointer], _ sizes: inout [Int], _ depth: Int, _ bytes: Int
  ) -> UnsafeMutableRawPointer {
    while buffers.count <= depth {
      buffers.append(UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16))
      sizes.append(0)
    }
    if sizes[depth] < bytes {
      buffers[depth].deallocate()
      let p = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
      p.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
      buffers[depth] = p
      sizes[depth] = bytes
    }
    return buffers[depth]
  }

  // MARK: Frame

  /// Draws `list` into the w×h pixels at `base`, which carry `pixelStamp` (`ClearMap`; 0 if
  /// unknown); returns the stamp they carry after it.
  func render(
    _ list: DisplayList, into base: UnsafeMutableRawPointer, width w: Int, height h: Int, pixelStamp: UInt64
  ) -> UInt64 {
    let bg = PremulColor(list.background)
    commands.removeAll(keepingCapacity: true)
    glyphDraws.removeAll(keepingCapacity: true)
    glyphMasks.startFrame()
    clipDepth = 0
    nextPensReady = false
    shaders.removeAll(keepingCapacity: true)
    shaderDataCount = 0
    effects.removeAll(keepingCapacity: true)
    effectWeightCount = 0
    origin = (0, 0)
    hasEffects = false
    projection = nil
    if colorRowBytes < (w &+ 8) &* 4 {
      colorRow.deallocate()
      colorRowBytes = (w &+ 8) &* 4
      colorRow = .allocate(byteCount: colorRowBytes, alignment: 16)
    }
    var rec = recorder
    recorder.contours = []  // keep the array uniquely referenced by `rec`
    rec.contours.removeAll(keepingCapacity: true)
    rec.reset(keepingPointsFrom: 0)
    rec.exceeded = false
    sweepScratch.work = 0
    sweepScratch.exceeded = false
    outlineRows.reset()
    bandRows = max(8, RasterBuffers.bandBytes / max(w &* 4, 1))
    record(list.items, width: w, height: h, recorder: &rec)
    exceededWorkLimit = rec.exceeded
    if rec.exceeded {
      // Nothing of a frame over the limit is drawn (the caller reports it).
      commands.removeAll(keepingCapacity: true)
      rec.contours.removeAll(keepingCapacity: true)
      rec.reset(keepingPointsFrom: 0)
    }
    recorder = rec
    clearMap.begin(width: w, height: h, background: bg.packed, pixelStamp: pixelStamp)
    clearMap.mark(commands)

    let bandRows = hasEffects ? h : bandRows
    bandLists.build(commands, height: h, bandRows: bandRows)
    var by0 = 0, band = 0
    while by0 < h {
      let by1 = min(by0 &+ bandRows, h)
      let bandBase = base + by0 &* w &* 4
      clearMap.clear(base, rows: by0, by1)
      var target = Target(base: bandBase, width: w, y0: by0, y1: by1)
      runTopLevel(bandLists.ops(of: band), into: &target)
      by0 = by1
      band &+= 1
    }
    if sweepScratch.exceeded {
      // The sweep ran out of work: the frame is over the limit, and shows only its background.
      exceededWorkLimit = true
      fillPixels(base, count: w &* h, packed: bg.packed)
    }
    return clearMap.finish()
  }

  /// Contours of the recorded path commands drawn plainly and through the sweep.
  var contourCounts: (plain: Int, swept: Int) {
    var plain = 0, swept = 0
    for op in commands where op.kind == .path {
      let cs = op.sweep ? op.cs : op.c1
      plain &+= cs &- op.c0
      swept &+= op.c1 &- cs
    }
    return (plain, swept)
  }

  /// Executes the top-level commands `ops` (a band's list, `BandLists`) into `target`, as
  /// `run(from: 0, …)` would (it passes over the others).
  private func runTopLevel(_ ops: ArraySlice<Int32>, into target: inout Target) {
    for k in ops {
      let i = Int(k)
      let op = commands[i]
      switch op.kind {
      case .path: drawPath(op, into: &target)
      case .rect: fillRect(op, into: &target)
      case .aliasedPath: drawAliased(op, into: &target)
      case .glyphs: drawGlyphs(op, into: &target)
      case .beginLayer: _ = runLayer(i, op, into: &target, depth: 0)
      case .beginEffect: _ = runEffect(i, op, into: &target, depth: 0)
      case .endLayer: return
      }
    }
  }

  /// Executes commands from `start` into `target` (one band, or a layer's rows of it) until
  /// the end or an unmatched `endLayer`; returns the index after the last op consumed. A
  /// layer's or an effect's contents run here; the top level runs the band's list
  /// (`runTopLevel`), which gives each band what this pass from 0 would run for it.
  private func run(from start: Int, into target: inout Target, depth: Int) -> Int {
    var i = start
    let n = commands.count
    while i < n {
      // A drawing op that does not reach the band's rows is passed over without copying the
      // whole command.
      switch commands[i].kind {
      case .path, .rect, .aliasedPath, .glyphs:
        if commands[i].y1 <= target.y0 || commands[i].y0 >= target.y1 {
          i &+= 1
          continue
        }
      case .beginLayer, .beginEffect, .endLayer: break
      }
      let op = commands[i]
      switch op.kind {
      case .path:
        drawPath(op, into: &target)
      case .rect:
        fillRect(op, into: &target)
      case .beginLayer:
        i = runLayer(i, op, into: &target, depth: depth)
        continue
      case .beginEffect:
        i = runEffect(i, op, into: &target, depth: depth)
        continue
      case .aliasedPath:
        drawAliased(op, into: &target)
      case .glyphs:
        drawGlyphs(op, into: &target)
      case .endLayer:
        return i &+ 1
      }
      i &+= 1
    }
    return i
  }

  /// Draws the layer that starts at command `i` into `target`: its clip's mask (if any) into
  /// the mask buffer, its content into the layer buffer, both over the band's rows that the
  /// clip's box reaches; then composites the layer with its opacity (× the mask's coverage),
  /// and clears both buffers where they were drawn. Returns the index after its endLayer.
  private func runLayer(_ i: Int, _ op: DrawCommand, into target: inout Target, depth: Int) -> Int {
    let ly0 = max(target.y0, op.y0), ly1 = min(target.y1, op.y1)
    if ly0 >= ly1 { return op.end }
    let rows = ly1 &- ly0
    let first = i &+ 1 &+ op.clipOps
    var mt = target.sibling(target.base, y0: ly0, y1: ly1)
    if op.clipOps > 0 {
      mt = target.sibling(mask(depth, bytes: rows &* target.width &* 4), y0: ly0, y1: ly1)
      var k = i &+ 1
      while k < first {
        let c = commands[k]
        if c.y1 > mt.y0 && c.y0 < mt.y1 {
          switch c.kind {
          case .path: drawPath(c, into: &mt)
          case .rect: fillRect(c, into: &mt)
          case .aliasedPath: drawAliased(c, into: &mt)
          case .glyphs: drawGlyphs(c, into: &mt)
          case .beginLayer, .endLayer, .beginEffect: break
          }
        }
        k &+= 1
      }
      // Nothing of the clip in this band: nothing of the layer shows.
      if !(mt.dirtyX0 < mt.dirtyX1 && mt.dirtyY0 < mt.dirtyY1) { return op.end }
    }
    let lbase = layer(depth, bytes: rows &* target.width &* 4)
    var lt = target.sibling(lbase, y0: ly0, y1: ly1)
    let next = run(from: first, into: &lt, depth: depth &+ 1)
    if lt.dirtyX0 < lt.dirtyX1 && lt.dirtyY0 < lt.dirtyY1 {
      if op.clipOps == 0 && !op.scissor {
        let count = lt.dirtyX1 &- lt.dirtyX0
        for y in lt.dirtyY0..<lt.dirtyY1 {
          let src = lt.pixel(lt.dirtyX0, y)
          compositeLayer(target.pixel(lt.dirtyX0, y), layer: UnsafeRawPointer(src), count: count, opacity: op.opacity)
          src.initializeMemory(as: UInt8.self, repeating: 0, count: count &* 4)
        }
        target.touch(lt.dirtyX0, lt.dirtyY0, lt.dirtyX1, lt.dirtyY1)
      } else {
        // The part of the layer inside the clip's drawn box (mask) or the scissor box.
        var x0 = lt.dirtyX0, y0 = lt.dirtyY0, x1 = lt.dirtyX1, y1 = lt.dirtyY1
        if op.scissor {
          x0 = max(x0, op.x0); x1 = min(x1, op.x1)
        } else {
          x0 = max(x0, mt.dirtyX0); y0 = max(y0, mt.dirtyY0); x1 = min(x1, mt.dirtyX1); y1 = min(y1, mt.dirtyY1)
        }
        if x0 < x1 && y0 < y1 {
          let count = x1 &- x0
          for y in y0..<y1 {
            let src = UnsafeRawPointer(lt.pixel(x0, y))
            if op.scissor {
              compositeLayer(target.pixel(x0, y), layer: src, count: count, opacity: op.opacity)
            } else {
              compositeLayerMasked(
                target.pixel(x0, y), layer: src, mask: UnsafeRawPointer(mt.pixel(x0, y)), count: count,
                opacity: op.opacity)
            }
          }
          target.touch(x0, y0, x1, y1)
        }
        let count = lt.dirtyX1 &- lt.dirtyX0
        for y in lt.dirtyY0..<lt.dirtyY1 {
          lt.pixel(lt.dirtyX0, y).initializeMemory(as: UInt8.self, repeating: 0, count: count &* 4)
        }
      }
    }
    if op.clipOps > 0 && mt.dirtyX0 < mt.dirtyX1 {
      let count = mt.dirtyX1 &- mt.dirtyX0
      for y in mt.dirtyY0..<mt.dirtyY1 {
        mt.pixel(mt.dirtyX0, y).initializeMemory(as: UInt8.self, repeating: 0, count: count &* 4)
      }
    }
    return next
  }

  // MARK: Effects

  /// Whether `effect` changes its layer's drawing: a blur of σ > 0, a shadow that shows
  /// (some opacity, finite numbers), a color matrix of finite numbers that is not the
  /// identity. Any other effect layer is drawn as a plain layer.
  private static func isVisible(_ effect: LayerEffect) -> Bool {
    switch effect {
    case .blur(let sigma, _): return sigma > 0
    case .shadow(let color, let sigma, let dx, let dy):
      return PremulColor(color).a > 0 && sigma >= 0 && dx.isFinite && dy.isFinite
    case .colorMatrix(let m):
      let all = [m.red, m.green, m.blue].flatMap { [$0.x, $0.y, $0.z, $0.w] } + [m.alpha]
      return m != .identity && all.allSatisfy(\.isFinite)
    case .blend(let mode): return mode != .normal
    case .mask, .projection: return true
    }
  }

  /// Records an effect layer: a beginEffect, its contents in their own pixel space (the
  /// canvas grown by what the kernels can carry onto it, so that what lies just off the
  /// canvas blurs into it), and an endLayer. Nothing when nothing of it can show.
  private func recordEffect(
    _ effect: LayerEffect, _ items: [DisplayItem], opacity: UInt8, width: Int, height: Int,
    recorder rec: inout PathRecorder
  ) {
    var sigma = 0.0, dx = 0.0, dy = 0.0
    var params: EffectParams
    switch effect {
    case .blur(let s, let o):
      sigma = s
      params = EffectParams(kind: .blur(opaque: o))
    case .shadow(let c, let s, let x, let y):
      sigma = s; dx = x; dy = y
      let p = PremulColor(c)
      params = EffectParams(kind: .shadow(tint: SIMD4(Float(p.r), Float(p.g), Float(p.b), Float(p.a)) / 255))
    case .colorMatrix(let m):
      params = EffectParams(
        kind: .color(
          red: SIMD4<Float>(m.red), green: SIMD4<Float>(m.green), blue: SIMD4<Float>(m.blue), alpha: Float(m.alpha)))
    case .blend(let mode):
      params = EffectParams(kind: .blend(mode))
    case .mask:
      params = EffectParams(kind: .mask)
    case .projection:
      return  // recorded by `recordProjected`, never as an effect layer
    }
    if !params.isPerPixel {
      buildKernels(&params, sigma: min(sigma, maxBlurSigma), dx: dx, dy: dy, width: width, height: height)
    }
    let kx = params.kx, ky = params.ky
    // Output x = source x + k for k in kMin…kMax, so the sources that reach the canvas lie
    // from −kMax to width − 1 − kMin; the drawing itself shows on the canvas too.
    let left = max(0, kx.kMax), right = max(0, -kx.kMin), top = max(0, ky.kMax), bottom = max(0, -ky.kMin)
    let b = commands.count
    var begin = DrawCommand(kind: .beginEffect)
    begin.opacity = opacity
    begin.effect = Int32(effects.count)
    begin.ex = left; begin.ey = top
    effects.append(params)
    commands.append(begin)
    let saved = origin
    origin = (origin.x - Double(left), origin.y - Double(top))
    let innerWidth = width &+ left &+ right, innerHeight = height &+ top &+ bottom
    var maskBox: PixelBox? = nil
    if case .mask(let maskItems) = effect {
      record(maskItems, width: innerWidth, height: innerHeight, recorder: &rec)
      maskBox = box(of: b &+ 1..<commands.count)
      commands.append(DrawCommand(kind: .endLayer))
    }
    let first = commands.count
    record(items, width: innerWidth, height: innerHeight, recorder: &rec)
    origin = saved
    // The buffers cover everything drawn (mask and contents); what can show is less.
    let content = box(of: first..<commands.count)
    let shows = maskBox.map { content.intersection($0) } ?? content
    commands.append(DrawCommand(kind: .endLayer))
    let out = params.output(of: shows).intersection(PixelBox(x0: left, y0: top, x1: left &+ width, y1: top &+ height))
    if shows.isEmpty || out.isEmpty {
      commands.removeSubrange(b...)
      return
    }
    commands[b].end = commands.count
    commands[b].content = maskBox.map { content.union($0) } ?? content
    commands[b].x0 = out.x0 &- left; commands[b].x1 = out.x1 &- left
    commands[b].y0 = out.y0 &- top; commands[b].y1 = out.y1 &- top
    hasEffects = true
  }

  /// The box commands `range` can draw in: their pixel boxes (a nested effect's by the box
  /// its output reaches), in the space they were recorded in.
  private func box(of range: Range<Int>) -> PixelBox {
    var content = PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)
    var k = range.lowerBound
    while k < range.upperBound {
      let c = commands[k]
      switch c.kind {
      case .path, .rect, .aliasedPath, .glyphs:
        content = content.union(PixelBox(x0: c.x0, y0: c.y0, x1: c.x1, y1: c.y1))
        k &+= 1
      case .beginEffect:
        content = content.union(PixelBox(x0: c.x0, y0: c.y0, x1: c.x1, y1: c.y1))
        k = c.end
      case .beginLayer, .endLayer:
        k &+= 1
      }
    }
    return content
  }

  /// Builds the blur kernels of `p` into the frame's weights: σ pixels, shifted by (dx, dy).
  private func buildKernels(
    _ p: inout EffectParams, sigma: Double, dx: Double, dy: Double, width: Int, height: Int
  ) {
    // An offset past the canvas and the blur's reach carries nothing from the canvas onto
    // it; clamping it keeps the contents' space (and so the work) bounded.
    let reach = 4 * sigma + 2
    let dx = min(max(dx, -(Double(width) + reach)), Double(width) + reach)
    let dy = min(max(dy, -(Double(height) + reach)), Double(height) + reach)
    let needed = effectWeightCount &+ BlurKernel.capacity(sigma: sigma) &* 2
    if needed > effectWeightCapacity {
      let capacity = max(needed, effectWeightCapacity &* 2)
      let grown = UnsafeMutablePointer<Float>.allocate(capacity: capacity)
      grown.update(from: effectWeights, count: effectWeightCount)
      effectWeights.deallocate()
      effectWeights = grown
      effectWeightCapacity = capacity
    }
    p.wx = effectWeightCount
    p.kx = BlurKernel(sigma: sigma, shift: dx, weights: effectWeights + p.wx)
    p.wy = p.wx &+ p.kx.weightCount
    p.ky = BlurKernel(sigma: sigma, shift: dy, weights: effectWeights + p.wy)
    effectWeightCount = p.wy &+ p.ky.weightCount
  }

  /// Draws the effect layer that starts at command `i`: its contents into the effect buffer
  /// of this depth, then the effect over the part of its output that `target` shows,
  /// composited with the layer's opacity; clears the buffer. Returns the index after it.
  private func runEffect(_ i: Int, _ op: DrawCommand, into target: inout Target, depth: Int) -> Int {
    let shown = PixelBox(
      x0: max(op.x0, target.x0), y0: max(op.y0, target.y0), x1: min(op.x1, target.x0 &+ target.width),
      y1: min(op.y1, target.y1))
    if shown.isEmpty { return op.end }
    let box = op.content
    let p = effects[Int(op.effect)]
    var first = i &+ 1
    var mt: Target? = nil
    if case .mask = p.kind {
      // The mask first, over the contents' box; nothing of it there, nothing shows.
      let m = Self.zeroed(&effectMasks, &effectMaskBytes, depth, box.width &* box.height &* 4)
      var t = Target(base: m, width: box.width, x0: box.x0, y0: box.y0, y1: box.y1)
      first = run(from: first, into: &t, depth: depth &+ 1)
      mt = t
    }
    defer {
      if let mt, mt.isDirty {
        for y in mt.dirtyY0..<mt.dirtyY1 {
          mt.pixel(mt.dirtyX0, y).initializeMemory(as: UInt8.self, repeating: 0, count: (mt.dirtyX1 &- mt.dirtyX0) &* 4)
        }
      }
    }
    if let mt, !mt.isDirty { return op.end }
    let buffer = Self.zeroed(&effectLayers, &effectLayerBytes, depth, box.width &* box.height &* 4)
    var ct = Target(base: buffer, width: box.width, x0: box.x0, y0: box.y0, y1: box.y1)
    _ = run(from: first, into: &ct, depth: depth &+ 1)
    guard ct.isDirty else { return op.end }
    let drawn = PixelBox(x0: ct.dirtyX0, y0: ct.dirtyY0, x1: ct.dirtyX1, y1: ct.dirtyY1)
    var out = p.output(of: drawn).intersection(
      PixelBox(x0: shown.x0 &+ op.ex, y0: shown.y0 &+ op.ey, x1: shown.x1 &+ op.ex, y1: shown.y1 &+ op.ey))
    if let mt {
      out = out.intersection(PixelBox(x0: mt.dirtyX0, y0: mt.dirtyY0, x1: mt.dirtyX1, y1: mt.dirtyY1))
    }
    if !out.isEmpty, let mt {
      for y in out.y0..<out.y1 {
        compositeLayerMasked(
          target.pixel(out.x0 &- op.ex, y &- op.ey), layer: UnsafeRawPointer(ct.pixel(out.x0, y)),
          mask: UnsafeRawPointer(mt.pixel(out.x0, y)), count: out.width, opacity: op.opacity)
      }
      target.touch(out.x0 &- op.ex, out.y0 &- op.ey, out.x1 &- op.ex, out.y1 &- op.ey)
    } else if !out.isEmpty, case .blend(let mode) = p.kind {
      for y in out.y0..<out.y1 {
        blendLayer(
          target.pixel(out.x0 &- op.ex, y &- op.ey), layer: UnsafeRawPointer(ct.pixel(out.x0, y)), count: out.width,
          opacity: op.opacity, mode: mode)
      }
      target.touch(out.x0 &- op.ex, out.y0 &- op.ey, out.x1 &- op.ex, out.y1 &- op.ey)
    } else if !out.isEmpty {
      let t = target
      applyEffect(p, ct, drawn, out, solid: solidColor(first..<op.end &- 1), opacity: op.opacity) {
        t.pixel(out.x0 &- op.ex, $0 &- op.ey)
      }
      target.touch(out.x0 &- op.ex, out.y0 &- op.ey, out.x1 &- op.ex, out.y1 &- op.ey)
    }
    for y in drawn.y0..<drawn.y1 {
      ct.pixel(drawn.x0, y).initializeMemory(as: UInt8.self, repeating: 0, count: drawn.width &* 4)
    }
    return op.end
  }

  /// The color of the drawing of `commands` when it is one shape in one opaque color, so that
  /// every pixel is that color times the pixel's alpha (to within the rounding of each
  /// channel to 8 bits); nil for anything else.
  private func solidColor(_ range: Range<Int>) -> PremulColor? {
    guard range.count == 1 else { return nil }
    let c = commands[range.lowerBound]
    guard c.kind == .path || c.kind == .rect || c.kind == .glyphs, c.shader < 0, c.color.a == 255 else { return nil }
    return c.color
  }

  /// Composites the effect of `p` on the drawing in `drawn` (of `layer`) over the box `out`
  /// with `opacity` onto the frame, where `onto(y)` is output row y's first pixel: the drawing
  /// blurred, or the drawing over its shadow. Each row is composited as soon as it is made,
  /// while it is in the cache (a shadow's in the same pass as its tint, with AVX2). The blur
  /// is separable: rows first (floats), then columns; the sums are rounded once, to the
  /// nearest level.
  ///
  /// A blur of a drawing in one opaque color (`solid`: a blurred circle, say) is a shadow of
  /// it in that color with nothing drawn over it: its alpha blurred and tinted, a quarter of
  /// the work of blurring four channels. That is exact but for each channel's rounding in the
  /// drawing (at most ½ level on edge pixels, averaged by the blur), so it is taken only by
  /// the recursive filter (σ ≥ 2), whose kernel spreads any pixel's weight below 0.04.
  private func applyEffect(
    _ p: EffectParams, _ layer: Target, _ drawn: PixelBox, _ out: PixelBox, solid: PremulColor?, opacity: UInt8,
    onto: (Int) -> UnsafeMutableRawPointer
  ) {
    @inline(__always) func deliver(_ y: Int) {
      compositeLayer(onto(y), layer: UnsafeRawPointer(effectOut), count: out.width, opacity: opacity)
    }
    if out.width &* 4 > effectOutBytes {
      effectOut.deallocate()
      effectOutBytes = max(out.width &* 4, effectOutBytes &* 2)
      effectOut = .allocate(byteCount: effectOutBytes, alignment: 16)
    }
    @inline(__always) func level(_ v: Float) -> UInt8 { UInt8(min(max(v + 0.5, 0), 255)) }
    if case .color(let mr, let mg, let mb, let ka) = p.kind {
      // Straight color through the matrix, clamped; alpha scaled; premultiplied again.
      for y in out.y0..<out.y1 {
        let src = UnsafeRawPointer(layer.pixel(out.x0, y)), d = effectOut
        for k in 0..<out.width {
          let q = src.loadUnaligned(fromByteOffset: k &* 4, as: SIMD4<UInt8>.self)
          if q[3] == 0 {
            d.storeBytes(of: 0, toByteOffset: k &* 4, as: UInt32.self)
            continue
          }
          let a = Float(q[3])
          let c = SIMD4<Float>(Float(q[0]) / a, Float(q[1]) / a, Float(q[2]) / a, 1)
          let a2 = min(max(a * ka, 0), 255)
          let rgb = SIMD3<Float>((mr * c).sum(), (mg * c).sum(), (mb * c).sum())
          let v = rgb.clamped(lowerBound: .zero, upperBound: .one) * a2
          d.storeBytes(
            of: SIMD4(level(v.x), level(v.y), level(v.z), level(a2)), toByteOffset: k &* 4, as: SIMD4<UInt8>.self)
        }
        deliver(y)
      }
      return
    }
    var tint: SIMD4<Float>? = nil
    if case .shadow(let t) = p.kind {
      tint = t
    } else if let solid, p.kx.recursive != nil, p.ky.recursive != nil {
      tint = SIMD4(Float(solid.r), Float(solid.g), Float(solid.b), 255) / 255
    }
    // The drawing over the blurred alpha: a shadow's.
    let over = p.isShadow ? drawn : PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)
    let channels = tint == nil ? 4 : 1
    let outFloats = out.width &* channels
    let dst = effectOut
    // Output row y from its sums: rounded (blur), or the alpha tinted (under the drawing, for
    // a shadow); no per-byte checks.
    func emit(_ y: Int, _ s: UnsafePointer<Float>) {
      guard let tint else {
        var k = 0
        while k &+ 4 <= outFloats {
          dst.storeBytes(
            of: levels(UnsafeRawPointer(s + k).loadUnaligned(as: SIMD4<Float>.self)), toByteOffset: k,
            as: SIMD4<UInt8>.self)
          k &+= 4
        }
        while k < outFloats {
          dst.storeBytes(of: level(s[k]), toByteOffset: k, as: UInt8.self)
          k &+= 1
        }
        deliver(y)
        return
      }
      // The drawing's columns in the row (none on rows it does not reach).
      var lo = 0, hi = 0
      if y >= over.y0 && y < over.y1 {
        lo = min(max(over.x0 &- out.x0, 0), out.width)
        hi = max(min(over.x1 &- out.x0, out.width), lo)
      }
      shadowRowOver(
        s, count: out.width, tint: tint, drawing: UnsafeRawPointer(layer.pixel(out.x0 &+ lo, lo < hi ? y : drawn.y0)),
        drawn: lo..<hi, onto: onto(y), opacity: opacity, avx2: avx2, scratch: dst, nextRow: onto(y &+ 1) - onto(y))
    }
    if let gx = p.kx.recursive, let gy = p.ky.recursive {
      // Rows in groups of 16 lanes, into rows of floats padded with zeros to a multiple of 16
      // (the columns pass reads 16 at a time); the scratch after them serves both passes.
      let stride = (outFloats &+ 15) & ~15, group = 16 / channels
      let scratchBytes = max(
        recursiveRowsScratch(drawn.x0..<drawn.x1, out.x0..<out.x1, gx, clamp: p.isOpaque),
        recursiveColumnsScratch(drawn.y0..<drawn.y1, out.y0..<out.y1, gy, clamp: p.isOpaque))
      // Then the column pass's sums.
      let sumsAt = drawn.height &* stride &+ scratchBytes / 4 &+ 16
      reserveBlurFloats(sumsAt &+ out.height &* stride)
      let passed = blurFloats, scratch = UnsafeMutableRawPointer(blurFloats + drawn.height &* stride)
      // A row whose input is the row above's (the straight sides of a rounded rectangle's
      // alpha) gets its sums copied: the lanes are independent, so a row's sums are the same
      // bytes whichever rows share its group.
      @inline(__always) func repeats(_ y: Int) -> Bool {
        y > drawn.y0
          && sameBlurInput(
            layer.pixel(drawn.x0, y &- 1), layer.pixel(drawn.x0, y), count: drawn.width, channels: channels)
      }
      withUnsafeTemporaryAllocation(of: Int.self, capacity: group) { pending in
        var count = 0
        func flush() {
          for r in 0..<count {
            (passed + ((pending[r] &- drawn.y0) &* stride &+ outFloats)).update(
              repeating: 0, count: stride &- outFloats)
          }
          recursiveBlurRows(
            { UnsafeRawPointer(layer.pixel(drawn.x0, pending[$0])) }, count: count, input: drawn.x0..<drawn.x1,
            output: out.x0..<out.x1, channels: channels, clamp: p.isOpaque, filter: gx, scratch: scratch, avx2: avx2,
            into: { passed + (pending[$0] &- drawn.y0) &* stride })
          count = 0
        }
        for y in drawn.y0..<drawn.y1 where !repeats(y) {
          pending[count] = y
          count &+= 1
          if count == group { flush() }
        }
        if count > 0 { flush() }
      }
      for y in drawn.y0..<drawn.y1 where repeats(y) {
        (passed + (y &- drawn.y0) &* stride).update(from: passed + (y &- 1 &- drawn.y0) &* stride, count: stride)
      }
      recursiveBlurColumns(
        passed, inputRows: drawn.y0..<drawn.y1, outputRows: out.y0..<out.y1, length: outFloats, stride: stride,
        clamp: p.isOpaque, filter: gy, scratch: scratch, avx2: avx2, sums: blurFloats + sumsAt, emit: emit)
      return
    }
    let rowFloats = drawn.width &* channels
    reserveBlurFloats(rowFloats &+ drawn.height &* outFloats &+ outFloats)
    let row = blurFloats, passed = blurFloats + rowFloats, sums = passed + drawn.height &* outFloats
    let wx = UnsafePointer(effectWeights + p.wx), wy = UnsafePointer(effectWeights + p.wy)
    for y in drawn.y0..<drawn.y1 {
      let src = UnsafeRawPointer(layer.pixel(drawn.x0, y))
      if channels == 4 {
        for k in 0..<rowFloats { row[k] = Float(src.load(fromByteOffset: k, as: UInt8.self)) }
      } else {
        for k in 0..<drawn.width { row[k] = Float(src.load(fromByteOffset: k &* 4 &+ 3, as: UInt8.self)) }
      }
      blurRow(
        row, input: drawn.x0..<drawn.x1, output: out.x0..<out.x1, channels: channels, clamp: p.isOpaque,
        kernel: p.kx, weights: wx, into: passed + (y &- drawn.y0) &* outFloats)
    }
    blurColumns(
      passed, inputRows: drawn.y0..<drawn.y1, outputRows: out.y0..<out.y1, length: outFloats, clamp: p.isOpaque,
      kernel: p.ky, weights: wy, sums: sums, emit: emit)
  }

  /// Grows the blur passes' floats to at least `floats`.
  private func reserveBlurFloats(_ floats: Int) {
    if floats > blurFloatCapacity {
      blurFloats.deallocate()
      blurFloatCapacity = max(floats, blurFloatCapacity &* 2)
      blurFloats = .allocate(capacity: blurFloatCapacity)
    }
  }

  /// A path filled without anti-aliasing, in opaque white (a clip's mask): pixel (x, y) is
  /// filled iff its center (x + ½, y + ½) is inside by the fill rule. Each row at y + ½ is
  /// crossed by the edges whose y-range [min, max) holds it (half-open, so a vertex is counted
  /// once and a horizontal edge never); the spans between crossings that are inside fill the
  /// pixels with xl ≤ x + ½ < xr.
  private func drawAliased(_ op: DrawCommand, into target: inout Target) {
    let wy0 = max(op.y0, target.y0), wy1 = min(op.y1, target.y1)
    guard op.x1 > op.x0, wy1 > wy0 else { return }
    let pts = recorder.points
    var edges = 0
    for c in op.c0..<op.c1 { edges &+= recorder.contours[c].end &- recorder.contours[c].start }
    if edges &* 2 > crossingCapacity {
      crossings.deallocate()
      crossingCapacity = max(edges &* 2, crossingCapacity &* 2)
      crossings = .allocate(capacity: crossingCapacity)
    }
    let xs = crossings
    let lo = Double(op.x0), hi = Double(op.x1)
    var y = wy0
    while y < wy1 {
      let yc = Double(y) + 0.5
      var n = 0
      for c in op.c0..<op.c1 {
        let contour = recorder.contours[c]
        var k = contour.start
        var ax = pts[(contour.end &- 1) &* 2], ay = pts[(contour.end &- 1) &* 2 &+ 1]
        while k < contour.end {
          let bx = pts[k &* 2], by = pts[k &* 2 &+ 1]
          var w = 0.0
          if ay <= yc && by > yc { w = 1 } else if by <= yc && ay > yc { w = -1 }
          if w != 0 {
            let x = ax + (yc - ay) * (bx - ax) / (by - ay)
            // Insertion into the row's crossings, sorted by x.
            var m = n
            while m > 0 && xs[(m &- 1) &* 2] > x {
              xs[m &* 2] = xs[(m &- 1) &* 2]; xs[m &* 2 &+ 1] = xs[(m &- 1) &* 2 &+ 1]
              m &-= 1
            }
            xs[m &* 2] = x; xs[m &* 2 &+ 1] = w
            n &+= 1
          }
          ax = bx; ay = by
          k &+= 1
        }
      }
      var winding = 0.0
      var k = 0
      while k &+ 1 < n {
        winding += xs[k &* 2 &+ 1]
        let w = Int(winding)
        if op.evenOdd ? (w & 1) != 0 : w != 0 {
          // First pixel whose center is ≥ xl, first whose center is ≥ xr.
          let px0 = ceilInt(max(lo, min(hi, xs[k &* 2] - 0.5)))
          let px1 = ceilInt(max(lo, min(hi, xs[(k &+ 1) &* 2] - 0.5)))
          if px1 > px0 {
            fillPixels(target.pixel(px0, y), count: px1 &- px0, packed: 0xFFFF_FFFF)
            target.touch(px0, y, px1, y &+ 1)
          }
        }
        k &+= 1
      }
      y &+= 1
    }
  }

  private func drawPath(_ op: DrawCommand, into target: inout Target) {
    let wy0 = max(op.y0, target.y0), wy1 = min(op.y1, target.y1)
    let bw = op.x1 &- op.x0, bh = wy1 &- wy0
    guard bw > 0, bh > 0 else { return }
    let stride = (bw &+ 2 &+ 3) & ~3
    let wordsPerRow = ((stride &>> blockShift) &+ 63) &>> 6
    reserve(cells: stride &* bh, bits: wordsPerRow &* bh, coverage: stride &* 4)
    target.touch(op.x0, wy0, op.x1, wy1)
    var acc = Accumulator(
      cells: cells, bits: bits, stride: stride, wordsPerRow: wordsPerRow,
      x0: op.x0, y0: wy0, width: bw, rows: bh)
    let pts = UnsafePointer(recorder.points)
    // Contours that lie wholly above or below the band's rows add nothing (`line` drops them).
    let skips = op.c1 &- op.c0 > 1 && (op.y0 < wy0 || op.y1 > wy1)
    let top = Double(wy0), bottom = Double(wy1)
    // A band that holds part of the command: its long contours walk only their chunks of
    // lines that reach the band's rows.
    let chunked = op.rowTables && (op.y0 < wy0 || op.y1 > wy1)
    let cs = op.sweep ? op.cs : op.c1
    for c in op.c0..<cs {
      if skips && (contourRows[c &* 2 &+ 1] <= top || contourRows[c &* 2] >= bottom) { continue }
      let contour = recorder.contours[c]
      if chunked, let rows = outlineRows.table(c) {
        acc.addPolygon(pts + contour.start &* 2, count: contour.end &- contour.start, sign: contour.sign, rows: rows)
      } else {
        acc.addPolygon(pts + contour.start &* 2, count: contour.end &- contour.start, sign: contour.sign)
      }
    }
    if op.sweep && op.cs < op.c1 {
      acc.addSweep(
        pts, contours: recorder.contours, range: op.cs..<op.c1, evenOdd: op.evenOdd, scratch: &sweepScratch)
    }
    let dst = target.pixel(op.x0, wy0), rowBytes = target.width &* 4
    if let shading = shading(op) {
      acc.resolve(into: dst, rowBytes: rowBytes, painter: shading, scratch: cov)
    } else {
      acc.resolve(into: dst, rowBytes: rowBytes, paint: Paint(op.color), scratch: cov)
    }
  }

  /// The shading of a command painted by a gradient; nil for a plain color.
  @inline(__always)
  func shading(_ op: DrawCommand) -> Shading? {
    guard op.shader >= 0 else { return nil }
    return Shading(shader: shaders[Int(op.shader)], data: UnsafePointer(shaderData), colors: colorRow)
  }

  /// Exact axis-aligned rectangle: coverage = x-overlap × y-overlap, rounded ⌊v·255 + ½⌋;
  /// interior spans are solid.
  private func fillRect(_ op: DrawCommand, into target: inout Target) {
    let iy0 = max(op.y0, target.y0), iy1 = min(op.y1, target.y1)
    let ix0 = op.x0, ix1 = op.x1
    guard ix1 > ix0, iy1 > iy0 else { return }
    target.touch(ix0, iy0, ix1, iy1)
    let rx0 = op.rx0, rx1 = op.rx1, ry0 = op.ry0, ry1 = op.ry1
    @inline(__always) func overlap(_ lo: Double, _ hi: Double, _ i: Int) -> Double {
      min(hi, Double(i &+ 1)) - max(lo, Double(i))
    }
    @inline(__always) func q(_ v: Double) -> UInt8 {
      v >= 1 ? 255 : UInt8(truncatingIfNeeded: Int(v * 255 + 0.5))
    }
    let color = op.color
    let n = ix1 &- ix0
    let cxL = overlap(rx0, rx1, ix0), cxR = overlap(rx0, rx1, ix1 &- 1)
    let shading = shading(op)
    for y in iy0..<iy1 {
      let cy = overlap(ry0, ry1, y)
      let row = target.pixel(ix0, y)
      if let shading {
        // A gradient: the row's colors, composited with each part's constant coverage.
        let colors = shading.shade(x: ix0, y: y, count: n)
        compositeLayer(row, layer: colors, count: 1, opacity: q(cxL * cy))
        if n > 1 {
          compositeLayer(row + 4, layer: colors + 4, count: n &- 2, opacity: q(cy))
          compositeLayer(row + (n &- 1) &* 4, layer: colors + (n &- 1) &* 4, count: 1, opacity: q(cxR * cy))
        }
        continue
      }
      if n == 1 {
        blendConstantCoverage(row, count: 1, color: color, coverage: q(cxL * cy))
      } else {
        blendConstantCoverage(row, count: 1, color: color, coverage: q(cxL * cy))
        blendConstantCoverage(row + 4, count: n &- 2, color: color, coverage: q(cy))
        blendConstantCoverage(row + (n &- 1) &* 4, count: 1, color: color, coverage: q(cxR * cy))
      }
    }
  }

  // MARK: Record pass

  private func record(_ items: [DisplayItem], width: Int, height: Int, recorder rec: inout PathRecorder) {
    let n = items.count
    for (i, item) in items.enumerated() {
      if rec.exceeded { return }
      switch item {
      case .shape(let shape):
        recordShape(shape, width: width, height: height, recorder: &rec)
      case .glyphs(let run):
        // Runs in a row are pipelined: the next run's keys are made (and its slots asked
        // for) before this one is looked up, and the glyphs of the one after it asked for.
        let prepared = nextPensReady
        if prepared {
          swap(&glyphPens, &nextGlyphPens)
          preparedEpoch = nextPensEpoch
        }
        nextPensReady = false
        // And the display list's memory further ahead (DisplayItem+Prefetch.swift).
        items.prefetchPayload(i &+ 4)
        if i &+ 1 < n, case .glyphs(let next) = items[i &+ 1] {
          nextPensReady = prepareGlyphs(next)
          items.prefetchGlyphArray(i &+ 2)
        }
        recordGlyphs(run, width: width, height: height, recorder: &rec, prepared: prepared)
      case .layer(let sub, let opacity, let clip, let effect):
        let op8 = PremulColor(Color(red: 0, green: 0, blue: 0, opacity: opacity)).a
        if op8 == 0 || sub.isEmpty { continue }
        if case .projection(let h) = effect, clip == nil, op8 == 255 {
          recordProjected(sub, h, width: width, height: height, recorder: &rec)
          continue
        }
        if let effect, Self.isVisible(effect) {
          if let clip {
            // The effect first, then the clip: the effect's layer inside the clip's.
            record(
              [.layer(items: [.layer(items: sub, opacity: 1, effect: effect)], opacity: opacity, clip: clip)],
              width: width, height: height, recorder: &rec)
          } else {
            recordEffect(effect, sub, opacity: op8, width: width, height: height, recorder: &rec)
          }
          continue
        }
        let b = commands.count
        var begin = DrawCommand(kind: .beginLayer)
        begin.opacity = op8
        begin.x0 = 0; begin.y0 = 0; begin.x1 = width; begin.y1 = height
        commands.append(begin)
        if let clip, !recordClip(clip, layer: b, width: width, height: height, recorder: &rec) {
          // The clip covers no pixel of the canvas: nothing inside it shows.
          commands.removeSubrange(b...)
          continue
        }
        if clip != nil { clipDepth &+= 1 }
        record(sub, width: width, height: height, recorder: &rec)
        if clip != nil { clipDepth &-= 1 }
        commands.append(DrawCommand(kind: .endLayer))
        commands[b].end = commands.count
      }
    }
  }

  /// Records `items` under the projection `h` (after any projection around them): their
  /// outlines projected exactly, their bitmaps and gradients sampled through the inverse.
  /// Nothing when the projection is not finite or is singular (a view seen edge-on).
  private func recordProjected(
    _ items: [DisplayItem], _ h: Homography, width: Int, height: Int, recorder rec: inout PathRecorder
  ) {
    let composed = projection.map { h.concatenating($0) } ?? h
    guard composed.isFinite, let inverse = composed.inverted else { return }
    let saved = (projection, projectionInverse)
    projection = composed
    projectionInverse = inverse
    record(items, width: width, height: height, recorder: &rec)
    (projection, projectionInverse) = saved
  }

  /// The map from local points under `t` to the space outlines are recorded in: the canvas'
  /// pixels less `origin`; under a projection, the unprojected pixels times the projection's
  /// magnification over `box` (local points), set as `flatteningScale`, so that outlines
  /// flattened there stay within the usual tolerance once `appendPathCommand` projects them.
  func recordingTransform(_ t: AffineTransform, box: Rect?) -> PixelTransform {
    guard let h = projection else {
      return PixelTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx - origin.x, ty: t.ty - origin.y)
    }
    var k = 1.0
    if let box {
      // The box's pixel box, unprojected.
      let a = t.apply(Point(x: box.minX, y: box.minY)), b = t.apply(Point(x: box.maxX, y: box.minY))
      let c = t.apply(Point(x: box.minX, y: box.maxY)), d = t.apply(Point(x: box.maxX, y: box.maxY))
      let mag = h.magnification(
        x0: min(min(a.x, b.x), min(c.x, d.x)), y0: min(min(a.y, b.y), min(c.y, d.y)),
        x1: max(max(a.x, b.x), max(c.x, d.x)), y1: max(max(a.y, b.y), max(c.y, d.y)))
      if mag.isFinite { k = min(max(mag, 1.0 / 16), 4096) }
    }
    flatteningScale = k
    return PixelTransform(a: t.a * k, b: t.b * k, c: t.c * k, d: t.d * k, tx: t.tx * k, ty: t.ty * k)
  }

  /// Under a projection, the map from the pixel centers being drawn to the space
  /// `recordingTransform` maps into (`origin` added, the projection inverted, the flattening
  /// scale applied), for a shader to sample through; nil without a projection.
  private var shaderPremap: Homography? {
    guard projection != nil else { return nil }
    return Homography(AffineTransform.translation(x: origin.x, y: origin.y)).concatenating(projectionInverse)
      .concatenating(Homography(AffineTransform.scale(x: flatteningScale, y: flatteningScale)))
  }

  /// The local box of a shape's geometry, grown by `reach` (a stroke's half width).
  private static func localBox(_ g: ShapeGeometry, reach: Double) -> Rect? {
    let r: Rect
    switch g {
    case .rectangle(let q), .roundedRectangle(let q, _, _), .ellipse(let q), .capsule(let q): r = q
    case .path(let p):
      guard let b = p.bounds else { return nil }
      r = b
    }
    let e = reach.isFinite ? abs(reach) : 0
    return Rect(
      x: min(r.minX, r.maxX) - e, y: min(r.minY, r.maxY) - e, width: abs(r.width) + 2 * e,
      height: abs(r.height) + 2 * e)
  }

  /// Records the clip of the layer whose beginLayer is command `b`: a scissor box for an
  /// aliased rectangle under a positive scale and translation; else the commands that draw its
  /// mask, right after `b` (one anti-aliased fill, or an aliased one). Returns false when the
  /// clip covers no pixel of the canvas (empty, off the canvas, or a degenerate transform).
  private func recordClip(
    _ clip: Clip, layer b: Int, width: Int, height: Int, recorder rec: inout PathRecorder
  ) -> Bool {
    let t = clip.transform
    let W = Double(width), H = Double(height)
    if clip.antialiased {
      recordShape(
        ShapeItem(geometry: clip.geometry, style: .fill, transform: t, color: .white), width: width, height: height,
        recorder: &rec)
    } else {
      guard t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite, t.tx.isFinite, t.ty.isFinite else { return false }
      let det = t.a * t.d - t.b * t.c
      guard det != 0, det.isFinite else { return false }
      let m = recordingTransform(t, box: Self.localBox(clip.geometry, reach: 0))
      if case .rectangle(let r) = clip.geometry, t.isPositiveScaleTranslate, projection == nil {
        // Pixel x is in iff x0 ≤ x + ½ < x1: from ⌈x0 − ½⌉ to ⌈x1 − ½⌉ (exclusive).
        var x0 = r.minX, x1 = r.maxX, y0 = r.minY, y1 = r.maxY
        if x0 > x1 { swap(&x0, &x1) }
        if y0 > y1 { swap(&y0, &y1) }
        guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return false }
        @inline(__always) func edge(_ v: Double, _ limit: Double) -> Int { ceilInt(max(0, min(limit, v - 0.5))) }
        var op = commands[b]
        op.scissor = true
        op.x0 = edge(m.x(x0, 0), W); op.x1 = edge(m.x(x1, 0), W)
        op.y0 = edge(m.y(0, y0), H); op.y1 = edge(m.y(0, y1), H)
        guard op.x1 > op.x0, op.y1 > op.y0 else { return false }
        commands[b] = op
        return true
      }
      var elements = shapeElements
      shapeElements = []  // keep the buffer uniquely referenced
      elements.removeAll(keepingCapacity: true)
      clip.geometry.appendPathElements(to: &elements)
      defer { shapeElements = elements }
      var finite = !elements.isEmpty
      for e in elements {
        switch e {
        case .move(let p), .line(let p): finite = finite && p.x.isFinite && p.y.isFinite
        case .quad(let c, let p): finite = finite && c.x.isFinite && c.y.isFinite && p.x.isFinite && p.y.isFinite
        case .cubic(let c1, let c2, let p):
          finite =
            finite && c1.x.isFinite && c1.y.isFinite && c2.x.isFinite && c2.y.isFinite && p.x.isFinite
            && p.y.isFinite
        case .close: break
        }
      }
      guard finite else { return false }
      let c0 = rec.contours.count
      let p0 = rec.count
      rec.reset(keepingPointsFrom: p0)
      rec.fillPath(elements, m, width: projection == nil ? W : .infinity, height: projection == nil ? H : .infinity)
      var evenOdd = false
      if case .path(let p) = clip.geometry { evenOdd = p.fillRule == .evenOdd }
      let n = commands.count
      appendPathCommand(
        PremulColor(Color.white), c0: c0, p0: p0, width: W, height: H, evenOdd: evenOdd, recorder: &rec)
      if commands.count > n { commands[n].kind = .aliasedPath }
    }
    let n = commands.count &- b &- 1
    guard n > 0 else { return false }
    var op = commands[b]
    op.clipOps = n
    op.x0 = commands[b &+ 1].x0; op.y0 = commands[b &+ 1].y0
    op.x1 = commands[b &+ 1].x1; op.y1 = commands[b &+ 1].y1
    commands[b] = op
    return true
  }

  func recordShape(_ item: ShapeItem, width: Int, height: Int, recorder rec: inout PathRecorder) {
    currentShader = -1
    var color = PremulColor(item.color)
    let t = item.transform
    guard t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite, t.tx.isFinite, t.ty.isFinite
    else { return }
    let det = t.a * t.d - t.b * t.c
    guard det != 0, det.isFinite else { return }
    var reach = 0.0
    if case .stroke(let st) = item.style { reach = st.lineWidth }
    let m = recordingTransform(t, box: projection == nil ? nil : Self.localBox(item.geometry, reach: reach))
    if let image = item.image {
      guard let c = recordImage(image, m, opacity: item.color.opacity) else { return }
      color = c
    } else if let gradient = item.gradient {
      guard let c = recordGradient(gradient, m) else { return }
      color = c
    }
    if color.a == 0 { return }
    // Under a projection, what lies off the canvas unprojected may show on it: nothing is
    // culled before `appendPathCommand` projects.
    let W = projection == nil ? Double(width) : .infinity, H = projection == nil ? Double(height) : .infinity

    var hw = 0.0  // half line width; 0 = fill
    var styled: StrokeStyle? = nil  // a stroke that is not the plain ring
    if case .stroke(let st) = item.style {
      let lw = st.lineWidth
      guard lw > 0, lw.isFinite else { return }
      hw = lw * 0.5
      if !st.isPlain { styled = st }
      if case .path = item.geometry { styled = st }
    }
    if case .path(let path) = item.geometry {
      recordPath(
        path.elements, fillRule: path.fillRule, overlapFree: path.overlapFree, stroke: styled,
        circularArc: path.circularArc, m, color, width: width, height: height, recorder: &rec)
      return
    }

    let rect: Rect
    var radius = 0.0
    var continuous = false
    var isEllipse = false
    switch item.geometry {
    case .rectangle(let r):
      rect = r
    case .roundedRectangle(let r, let cr, let style):
      rect = r
      radius = cr.isNaN ? 0 : cr
      continuous = style == .continuous
    case .ellipse(let r):
      rect = r
      isEllipse = true
    case .capsule(let r):
      rect = r
      radius = .infinity
    case .path:
      return
    }
    // Standardize the rect; skip empty or non-finite geometry.
    var x0 = rect.minX, x1 = rect.maxX, y0 = rect.minY, y1 = rect.maxY
    if x0 > x1 { swap(&x0, &x1) }
    if y0 > y1 { swap(&y0, &y1) }
    guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite, x1 > x0, y1 > y0 else { return }
    let half = min(x1 - x0, y1 - y0) * 0.5
    if radius > half { radius = half }
    if radius < 0 { radius = 0 }

    if let styled {
      // Caps, joins, miter limits and dashes: the outline as SwiftUI's path, stroked.
      var elements = shapeElements
      shapeElements = []  // keep the buffer uniquely referenced
      elements.removeAll(keepingCapacity: true)
      item.geometry.appendPathElements(to: &elements)
      recordPath(elements, fillRule: .nonZero, stroke: styled, m, color, width: width, height: height, recorder: &rec)
      shapeElements = elements
      return
    }

    // Quick reject: the transformed (stroke-expanded) box misses the canvas.
    do {
      let bx0 = x0 - hw, by0 = y0 - hw, bx1 = x1 + hw, by1 = y1 + hw
      let xa = m.x(bx0, by0), xb = m.x(bx1, by0), xc = m.x(bx1, by1), xd = m.x(bx0, by1)
      let ya = m.y(bx0, by0), yb = m.y(bx1, by0), yc = m.y(bx1, by1), yd = m.y(bx0, by1)
      let minX = min(min(xa, xb), min(xc, xd)), maxX = max(max(xa, xb), max(xc, xd))
      let minY = min(min(ya, yb), min(yc, yd)), maxY = max(max(ya, yb), max(yc, yd))
      guard maxX > 0, maxY > 0, minX < W, minY < H, (maxX - minX) < .infinity,
        (maxY - minY) < .infinity
      else { return }
    }

    if hw == 0 && !isEllipse && radius == 0 && t.isPositiveScaleTranslate && projection == nil {
      var op = DrawCommand(kind: .rect)
      op.color = color
      op.shader = currentShader
      op.rx0 = m.x(x0, 0); op.rx1 = m.x(x1, 0); op.ry0 = m.y(0, y0); op.ry1 = m.y(0, y1)
      guard op.rx1 > op.rx0, op.ry1 > op.ry0 else { return }
      op.x0 = Int(max(op.rx0, 0)); op.y0 = Int(max(op.ry0, 0))
      op.x1 = ceilInt(min(op.rx1, W)); op.y1 = ceilInt(min(op.ry1, H))
      guard op.x1 > op.x0, op.y1 > op.y0 else { return }
      commands.append(op)
      return
    }

    let c0 = rec.contours.count
    let p0 = rec.count
    rec.reset(keepingPointsFrom: p0)
    if isEllipse {
      let cx = (x0 + x1) * 0.5, cy = (y0 + y1) * 0.5
      let rx = (x1 - x0) * 0.5, ry = (y1 - y0) * 0.5
      if hw == 0 {
        rec.ellipse(m, cx: cx, cy: cy, rx: rx, ry: ry, offset: 0)
      } else {
        rec.ellipse(m, cx: cx, cy: cy, rx: rx, ry: ry, offset: hw)
        if hw < min(rx, ry) {
          rec.sign = -1
          rec.ellipse(m, cx: cx, cy: cy, rx: rx, ry: ry, offset: -hw)
        }
      }
    } else if hw == 0 {
      roundedRect(&rec, m, x0, y0, x1, y1, radius, continuous)
    } else {
      // Stroke: the ring between the outline pushed out and pulled in by half the line width.
      let ox0 = x0 - hw, oy0 = y0 - hw, ox1 = x1 + hw, oy1 = y1 + hw
      let outerR = radius > 0 ? min(radius + hw, min(ox1 - ox0, oy1 - oy0) * 0.5) : 0
      roundedRect(&rec, m, ox0, oy0, ox1, oy1, outerR, continuous)
      let ix0 = x0 + hw, iy0 = y0 + hw, ix1 = x1 - hw, iy1 = y1 - hw
      if ix1 > ix0 && iy1 > iy0 {
        let innerR = min(max(radius - hw, 0), min(ix1 - ix0, iy1 - iy0) * 0.5)
        rec.sign = -1
        roundedRect(&rec, m, ix0, iy0, ix1, iy1, innerR, continuous)
      }
    }
    appendPathCommand(color, c0: c0, p0: p0, width: Double(width), height: Double(height), recorder: &rec)
  }

  /// Prepares the gradient of the shape being recorded under `m` as the frame's next shader
  /// (`currentShader`), and returns the color that stands for it in the record pass: its
  /// most opaque stop's alpha. A gradient whose stops all give the same 8-bit color is that
  /// color (no shader: the same bytes as a fill of it); one whose geometry is not finite is
  /// skipped (nil), as shapes with non-finite geometry are.
  func recordGradient(_ g: GradientPaint, _ m: PixelTransform) -> PremulColor? {
    guard let first = g.stops.first else { return nil }
    let c0 = PremulColor(first.color)
    var alpha = c0.a
    var uniform = true
    for stop in g.stops {
      let c = PremulColor(stop.color)
      if c != c0 { uniform = false }
      if c.a > alpha { alpha = c.a }
    }
    if uniform || alpha == 0 { return c0 }
    let needed = shaderDataCount &+ (g.stops.count &* 2 &+ 2) &* GradientShader.segmentFloats
    if needed > shaderDataCapacity {
      let grown = UnsafeMutablePointer<Float>.allocate(capacity: max(needed, shaderDataCapacity &* 2))
      grown.update(from: shaderData, count: shaderDataCount)
      shaderData.deallocate()
      shaderData = grown
      shaderDataCapacity = max(needed, shaderDataCapacity &* 2)
    }
    let data = shaderData
    var n = shaderDataCount
    guard
      let shader = GradientShader(
        g, m, premap: shaderPremap, segmentOffset: n,
        append: { v in
          data[n] = v
          n &+= 1
        })
    else { return nil }
    shaderDataCount = n
    currentShader = Int32(shaders.count)
    shaders.append(.gradient(shader))
    return PremulColor(r: 0, g: 0, b: 0, a: alpha)
  }

  /// Prepares the image of the shape being recorded under `m`, at the shape's opacity, as the
  /// frame's next shader, and returns the color that stands for it in the record pass; nil
  /// when it draws nothing (no pixels, a degenerate rectangle or transform, no opacity).
  private func recordImage(_ image: ImagePaint, _ m: PixelTransform, opacity: Double) -> PremulColor? {
    guard let shader = ImageShader(image, m, premap: shaderPremap, opacity: opacity), shader.opacity > 0 else {
      return nil
    }
    currentShader = Int32(shaders.count)
    shaders.append(.image(shader))
    return PremulColor(r: 0, g: 0, b: 0, a: 255)
  }

  /// Records the contours from c0 (points from p0) as one path command over their pixel box,
  /// or drops them when that box misses the canvas or is not finite.
  private func appendPathCommand(
    _ color: PremulColor, c0: Int, p0: Int, width W: Double, height H: Double, sweep: Bool = false,
    evenOdd: Bool = false, recorder rec: inout PathRecorder
  ) {
    if let h = projection {
      rec.project(
        contoursFrom: c0, pointsFrom: p0, through: h, scale: flatteningScale, origin: origin,
        scratch: &projectionScratch, contourScratch: &projectionContours)
    }
    // Pixel box of the flattened points, clipped to the canvas.
    let minX = rec.minX, maxX = rec.maxX, minY = rec.minY, maxY = rec.maxY
    guard maxX > 0, maxY > 0, minX < W, minY < H, (maxX - minX) < .infinity,
      (maxY - minY) < .infinity
    else {
      rec.contours.removeSubrange(c0...)
      rec.reset(keepingPointsFrom: p0)
      return
    }
    var op = DrawCommand(kind: .path)
    op.color = color
    op.shader = currentShader
    op.c0 = c0; op.c1 = rec.contours.count
    op.x0 = Int(max(minX, 0)); op.y0 = Int(max(minY, 0))
    op.x1 = ceilInt(min(maxX, W)); op.y1 = ceilInt(min(maxY, H))
    op.sweep = sweep
    op.evenOdd = evenOdd
    op.cs = op.c1
    if sweep { (op.cs, op.c1) = partitionContours(&rec, c0: c0, c1: op.c1, evenOdd: evenOdd) }
    guard op.x1 > op.x0, op.y1 > op.y0, op.c1 > op.c0 else { return }
    if op.c1 &- op.c0 > 1 { recordContourRows(rec, op.c0..<op.c1) }
    if op.cs > op.c0 && op.cs &- op.c0 <= OutlineRows.maxContours && op.y0 / bandRows != (op.y1 &- 1) / bandRows {
      op.rowTables = true
      outlineRows.record(rec.points, rec.contours, op.c0..<op.cs)
    }
    commands.append(op)
  }

  /// Fills `contourRows` for the contours in `range`.
  private func recordContourRows(_ rec: PathRecorder, _ range: Range<Int>) {
    if contourRowsCapacity < range.upperBound {
      let grown = UnsafeMutablePointer<Double>.allocate(capacity: max(range.upperBound, contourRowsCapacity &* 2) &* 2)
      grown.update(from: contourRows, count: contourRowsCapacity &* 2)
      contourRows.deallocate()
      contourRows = grown
      contourRowsCapacity = max(range.upperBound, contourRowsCapacity &* 2)
    }
    for c in range {
      let contour = rec.contours[c]
      var lo = Double.infinity, hi = -Double.infinity
      var i = contour.start
      while i < contour.end {
        let y = rec.points[i &* 2 &+ 1]
        if y < lo { lo = y }
        if y > hi { hi = y }
        i &+= 1
      }
      contourRows[c &* 2] = lo
      contourRows[c &* 2 &+ 1] = hi
    }
  }

  /// A path (or a built-in shape's path) filled with its fill rule or stroked with a style.
  /// Skipped when a point is not finite or the control points' pixel box, grown by the pen's
  /// reach, misses the canvas. `circularArc`: what the path is, if it runs along a circle.
  private func recordPath(
    _ elements: [PathGeometry.Element], fillRule: FillRule, overlapFree: Bool = false, stroke: StrokeStyle?,
    circularArc: PathGeometry.CircularArc? = nil, _ m: PixelTransform,
    _ color: PremulColor, width: Int, height: Int, recorder rec: inout PathRecorder
  ) {
    // Under a projection nothing is culled before it is projected (see `recordShape`).
    let W = projection == nil ? Double(width) : .infinity, H = projection == nil ? Double(height) : .infinity
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    var finite = true
    @inline(__always) func add(_ p: Point) {
      if !(p.x.isFinite && p.y.isFinite) { finite = false; return }
      let x = m.x(p.x, p.y), y = m.y(p.x, p.y)
      if x < minX { minX = x }
      if x > maxX { maxX = x }
      if y < minY { minY = y }
      if y > maxY { maxY = y }
    }
    for e in elements {
      switch e {
      case .move(let p), .line(let p): add(p)
      case .quad(let c, let p): add(c); add(p)
      case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
      case .close: break
      }
    }
    guard finite, minX <= maxX else { return }
    // The origin starts a subpath that has no move.
    if case .move = elements[0] {} else { add(Point(x: 0, y: 0)) }
    var reach = 0.0
    if let stroke { reach = Pen(style: stroke, m: m).reachPx }
    guard maxX + reach > 0, maxY + reach > 0, minX - reach < W, minY - reach < H,
      (maxX - minX) + reach < .infinity, (maxY - minY) + reach < .infinity
    else { return }

    let c0 = rec.contours.count
    let p0 = rec.count
    rec.reset(keepingPointsFrom: p0)
    if let stroke {
      var sweep = true
      if projection == nil, let arc = circularArc, arc.hasDirectOutline(stroke) {
        // A circle's arc: its outline straight from the circle, often proved simple with it.
        if rec.strokeCircularArc(arc, style: stroke, m) { sweep = false }
      } else {
        rec.chordX = 0; rec.chordY = 0
        rec.innerThroughCorner = false
        rec.strokePath(elements, style: stroke, m, width: W, height: H, scratch: &strokeScratch)
        // A circle's arc whose outline its geometry proves simple: no test of its points.
        if projection == nil && rec.strokeOutlineProvedSimple(from: c0, circularArc, stroke) { sweep = false }
      }
      if sweep && rec.contours.count == c0 &+ 1 {
        // One outline (an undashed open subpath, e.g. an arc): plain when provably simple.
        let c = rec.contours[c0]
        let pts = rec.points + c.start &* 2, count = c.end &- c.start
        // (Not under a projection: the chord's direction is the unprojected one.)
        if projection == nil && monotoneScratchCapacity < count {
          monotoneScratch.deallocate()
          monotoneScratchCapacity = max(count, monotoneScratchCapacity &* 2)
          monotoneScratch = .allocate(capacity: monotoneScratchCapacity &* 2)
        }
        sweep =
          projection != nil
          || !isMonotoneSimple(pts, count: count, direction: rec.chordX, rec.chordY, scratch: monotoneScratch)
      }
      appendPathCommand(
        color, c0: c0, p0: p0, width: Double(width), height: Double(height), sweep: sweep, recorder: &rec)
    } else {
      var convexHint = true  // whether the outline is likely convex: test that first
      var certifiedStar = false  // whether `isStarShaped` is known to say true (StarCertificate)
      // On or near the canvas (so that flattening what lies off it stays bounded work), a
      // curve's outline is flattened once in its own coordinates and kept (LocalOutlineCache).
      if !overlapFree && projection == nil && minX >= -W && maxX <= 2 * W && minY >= -H && maxY <= 2 * H,
        let q = LocalOutlineCache.scaleStep(m.spectralNorm(sx: 1, sy: 1))
      {
        let outline = outlineCache.outline(elements, q: q)
        certifiedStar = rec.fillOutline(outline, m, q: q)
        convexHint = outline.convex
      } else {
        rec.fillPath(elements, m, width: W, height: H, fine: overlapFree)
      }
      let c1 = rec.contours.count
      // Overlap-free outlines (glyphs) wind 0 or 1 everywhere: the plain accumulation is exact.
      var sweep = !(overlapFree && fillRule == .nonZero)
      if sweep && c1 == c0 &+ 1 && certifiedStar {
        sweep = false  // what the tests below would conclude, proved without walking the points
      } else if sweep && c1 == c0 &+ 1 {
        let c = rec.contours[c0]
        let pts = rec.points + c.start &* 2, count = c.end &- c.start
        // A convex outline stays convex once projected and clipped; a star-shaped one may not.
        // (Both tests are of the pixel-space points; the hint only orders them.)
        if convexHint || projection != nil {
          sweep = !isConvexPolygon(pts, count: count) && (projection != nil || !isStarShaped(pts, count: count))
        } else {
          sweep = !isStarShaped(pts, count: count) && !isConvexPolygon(pts, count: count)
        }
      }
      appendPathCommand(
        color, c0: c0, p0: p0, width: Double(width), height: Double(height), sweep: sweep,
        evenOdd: fillRule == .evenOdd, recorder: &rec)
    }
  }

  /// Orders the contours of c0..<c1 so that as many as possible take the plain accumulation,
  /// and returns the index of the first one left to the sweep (cs) and the new end (c1, past
  /// the terms added). First come, each signed for positive coverage (left edges running
  /// down: a negative shoelace sum in y-down pixels):
  /// - free contours: simple (convex or star-shaped) and provably disjoint from every other
  ///   contour of the shape (pixel boxes apart, or both convex and split by one's edge line).
  ///   Each one's region has winding ±1 and meets no other contour: its plain accumulation is
  ///   exact under either rule.
  /// - with the non-zero rule, groups of simple contours connected by overlaps, all wound the
  ///   same way, no two non-convex ones overlapping (a dashed stroke's crossing dashes):
  ///   their union, by the inclusion–exclusion terms of OverlapTerms.swift added after them.
  /// The rest (their groups whole) go to the sweep, which adds exact coverage for them alone.
  /// More than `maxFreeContours` contours all go to the sweep.
  private func partitionContours(_ rec: inout PathRecorder, c0: Int, c1: Int, evenOdd: Bool) -> (cs: Int, c1: Int) {
    let k = c1 &- c0
    if k < 2 || k > maxFreeContours { return (c0, c1) }
    if contourInfoCapacity < k {
      contourInfo.deallocate()
      contourByTop.deallocate()
      contourTops.deallocate()
      contourInfoCapacity = max(k, contourInfoCapacity &* 2)
      contourInfo = .allocate(capacity: contourInfoCapacity &* infoStride)
      contourByTop = .allocate(capacity: contourInfoCapacity)
      contourTops = .allocate(capacity: contourInfoCapacity)
    }
    // Per contour: minX, minY, maxX, maxY, shoelace sign, convex (1), simple (1), point count,
    // group (union–find parent), twice the signed area (as `convexSeparated` sums it).
    let info = contourInfo
    let pts = UnsafePointer(rec.points)
    var i = 0
    while i < k {
      let c = rec.contours[c0 &+ i]
      let p = pts + c.start &* 2
      let n = c.end &- c.start
      let (mnx, mny, mxx, mxy, area) = polygonBoxAndArea(p, count: n)
      let strictlyConvex = n >= 3 && area != 0 && isConvexPolygon(p, count: n)
      let simple = strictlyConvex || isStarShaped(p, count: n)
      let convex = strictlyConvex || (simple && isConvexPolygon(p, count: n, slack: convexSlack))
      let b = info + i &* infoStride
      b[0] = mnx; b[1] = mny; b[2] = mxx; b[3] = mxy
      b[4] = area > 0 ? 1 : -1
      b[5] = convex ? 1 : 0
      b[6] = simple ? 1 : 0
      b[7] = Double(n)
      b[8] = Double(i)
      b[9] = area
      i &+= 1
    }
    @inline(__always) func root(_ i: Int) -> Int {
      var r = i
      while Int(info[r &* infoStride &+ 8]) != r { r = Int(info[r &* infoStride &+ 8]) }
      return r
    }
    // Overlapping pairs join groups (the root is the group's first contour); a group that
    // the inclusion–exclusion cannot take is marked in `groupBad` at its root.
    // Only pairs whose rows overlap are tested: the contours are taken in the order of their
    // top rows, and each against those that start before it ends (the grouping does not
    // depend on the order in which pairs join).
    // The scratch arrays as locals, uniquely referenced: no exclusivity check and no
    // uniqueness test of a class property per access in the loops below.
    var groupBad = self.groupBad
    self.groupBad = []
    defer { self.groupBad = groupBad }
    groupBad.removeAll(keepingCapacity: true)
    groupBad.append(contentsOf: repeatElement(false, count: k))
    let byTop = contourByTop, keys = contourTops
    let (origin, rows) = orderByTopRow(
      tops: info + 1, stride: infoStride, count: k, order: byTop, keys: keys, counts: &contourRowCounts,
      countsCapacity: &contourRowCountsCapacity)
    var ti = 0
    while ti < k {
      let i = byTop[ti]
      let a = info + i &* infoStride
      let bottomKey = topRowKey(a[3], origin: origin, rows: rows)
      var tj = ti &+ 1
      while tj < k {
        if keys[tj] > bottomKey { break }  // b and every later one start below a
        let j = byTop[tj]
        let b = info + j &* infoStride
        let apart = a[3] < b[1] || a[2] < b[0] || b[2] < a[0] || b[3] < a[1]
        if !apart {
          // Edge-line separation only for small polygons (dashes): bounded work.
          let small = a[7] <= maxSeparatedPoints && b[7] <= maxSeparatedPoints
          if !(small && a[5] != 0 && b[5] != 0 && convexSeparated(rec, c0 &+ i, c0 &+ j, a[9], b[9])) {
            let ra = root(i), rb = root(j)
            let bad = groupBad[ra] || groupBad[rb] || (a[5] == 0 && b[5] == 0)
            let r = min(ra, rb)
            info[ra &* infoStride &+ 8] = Double(r)
            info[rb &* infoStride &+ 8] = Double(r)
            groupBad[r] = bad
          }
        }
        tj &+= 1
      }
      ti &+= 1
    }
    // Every contour points at its root; a group with a member that is not simple, or not
    // wound as the root, is bad.
    i = 0
    while i < k {
      let r = root(i)
      info[i &* infoStride &+ 8] = Double(r)
      // Every member simple and wound as the group's root.
      let b = info + i &* infoStride
      if b[6] == 0 || b[4] != info[r &* infoStride &+ 4] { groupBad[r] = true }
      i &+= 1
    }
    // Per group (at its root): drawn plainly, alone (a free contour) or with its
    // inclusion–exclusion terms; otherwise by the sweep.
    var plainCount = 0
    overlapScratch.terms.removeAll(keepingCapacity: true)
    overlapScratch.work = 0
    var groupPlain = self.groupPlain
    self.groupPlain = []
    defer { self.groupPlain = groupPlain }
    groupPlain.removeAll(keepingCapacity: true)
    groupPlain.append(contentsOf: repeatElement(false, count: k))
    var members = groupMembers
    groupMembers = []  // keep the buffer uniquely referenced
    defer { groupMembers = members }
    // Each group's members in increasing order: a list per root, linked from the last member.
    var next = groupNext
    groupNext = []  // keep the buffer uniquely referenced
    defer { groupNext = next }
    next.removeAll(keepingCapacity: true)
    next.append(contentsOf: repeatElement(-1, count: k &* 2))
    i = k &- 1
    while i >= 0 {
      let r = Int(info[i &* infoStride &+ 8])
      next[i] = next[k &+ r]  // the list of r so far (members after i)
      next[k &+ r] = i
      i &-= 1
    }
    i = 0
    while i < k {
      if Int(info[i &* infoStride &+ 8]) == i && !groupBad[i] {
        if next[i] < 0 {
          // Alone (most dashes): no member list to build (its `removeAll` cost ~80
          // instructions a contour).
          groupPlain[i] = true
        } else if !evenOdd {
          members.removeAll(keepingCapacity: true)
          var j = i
          while j >= 0 {
            members.append(j)
            j = next[j]
          }
          groupPlain[i] = rec.addOverlapTerms(
            members, c0: c0, facts: ContourFacts(info: info, stride: infoStride, convexIndex: 5),
            orientation: info[i &* infoStride &+ 4], scratch: &overlapScratch)
        }
      }
      if groupPlain[Int(info[i &* infoStride &+ 8])] { plainCount &+= 1 }
      i &+= 1
    }
    if plainCount == 0 { return (c0, c1) }
    contourOrder.removeAll(keepingCapacity: true)
    i = 0
    while i < k {
      var c = rec.contours[c0 &+ i]
      if groupPlain[Int(info[i &* infoStride &+ 8])] {
        c.sign = info[i &* infoStride &+ 4] < 0 ? 1 : -1
        contourOrder.append(c)
      }
      i &+= 1
    }
    contourOrder.append(contentsOf: overlapScratch.terms)
    let cs = c0 &+ contourOrder.count
    i = 0
    while i < k {
      if !groupPlain[Int(info[i &* infoStride &+ 8])] { contourOrder.append(rec.contours[c0 &+ i]) }
      i &+= 1
    }
    rec.contours.replaceSubrange(c0..<c1, with: contourOrder)
    return (cs, c0 &+ contourOrder.count)
  }

  /// Whether one of the two convex contours has an edge whose line has the whole other
  /// contour strictly on its outer side (by a margin far above rounding). `areaA`, `areaB`:
  /// their twice signed areas as `polygonBoxAndArea` sums them (about the first point; the
  /// orientation), taken from the grouping's table instead of summed again per pair.
  private func convexSeparated(_ rec: PathRecorder, _ ca: Int, _ cb: Int, _ areaA: Double, _ areaB: Double) -> Bool {
    let pts = UnsafePointer(rec.points)
    @inline(__always) func splits(
      _ a: (start: Int, end: Int, sign: Double), _ b: (start: Int, end: Int, sign: Double), _ area: Double
    ) -> Bool {
      let p = pts + a.start &* 2, n = a.end &- a.start
      let q = pts + b.start &* 2, m = b.end &- b.start
      if area == 0 { return false }
      var e = 0
      var sx = p[(n &- 1) &* 2], sy = p[(n &- 1) &* 2 &+ 1]
      while e < n {
        let tx = p[e &* 2], ty = p[e &* 2 &+ 1]
        let dx = tx - sx, dy = ty - sy
        if dx != 0 || dy != 0 {
          var all = true
          var r = 0
          while r < m {
            let rx = q[r &* 2] - sx, ry = q[r &* 2 &+ 1] - sy
            let cross = dx * ry - dy * rx
            let bound = ((dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy)) * ((rx < 0 ? -rx : rx) + (ry < 0 ? -ry : ry))
            // Interior on the side where cross has area's sign: b must be strictly opposite.
            if !((area > 0 ? -cross : cross) > bound * 1e-12) { all = false; break }
            r &+= 1
          }
          if all { return true }
        }
        sx = tx; sy = ty
        e &+= 1
      }
      return false
    }
    let a = rec.contours[ca], b = rec.contours[cb]
    return splits(a, b, areaA) || splits(b, a, areaB)
  }

  @inline(__always)
  private func roundedRect(
    _ rec: inout PathRecorder, _ m: PixelTransform, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
    _ r: Double, _ continuous: Bool
  ) {
    if continuous {
      rec.roundedRectContinuous(m, x0, y0, x1, y1, r: r)
    } else {
      rec.roundedRectCircular(m, x0, y0, x1, y1, r: r)
    }
  }
}

/// The most contours of one shape that `partitionContours` compares pairwise.
let maxFreeContours = 512
/// Turns this flat (relative) count as straight in `partitionContours`' convexity test.
let convexSlack = 1e-9
/// Doubles per contour in `partitionContours`' table.
private let infoStride = 10
/// The most points of a contour that `convexSeparated` tests (work per pair ≤ 2·32²).
let maxSeparatedPoints = 32.0

/// ⌈v⌉ for 0 ≤ v within Int range, without libm.
@inline(__always)
func ceilInt(_ v: Double) -> Int {
  let i = Int(v)
  return Double(i) < v ? i &+ 1 : i
}
