import FlipbookImage
import FlipbookDisplayList

// Drawing rules (see also Coverage.swift, PathRecorder.swift and Kernels.swift):
// - `ShapeItem.transform` maps local points to pixels; pixel (x, y) covers [x, x+1)×[y, y+1).
//   Coverage is the exact area of pixel ∩ shape (within 1.5/255 for curves), rounded to 8 bits.
// - Rects are standardized (negative sizes flipped); shapes with zero or non-finite size,
//   non-finite or singular (det = 0) transforms, non-finite or non-positive line widths, or a
//   color whose 8-bit alpha is 0 are skipped. Corner radii: NaN → 0, clamped to 0…half the
//   shorter side; a capsule's radius is half the shorter side.
// - Fills of `.rectangle` (and rounded rects whose radius is 0) under a positive
//   scale+translate take the exact analytic path: coverage ⌊255·overlapX·overlapY + ½⌋.
// - Strokes are the ring between the outline pushed out and pulled in by lineWidth/2:
//   rectangles with sharp (mitered) corners; rounded rects and capsules with outer radius
//   r + w/2 and inner radius max(r − w/2, 0) (each clamped to its own rect); ellipses by
//   offsetting the flattened outline along its normals. When the inner outline vanishes
//   (inner rect empty, or w/2 ≥ the smaller ellipse radius) the outer outline is filled.
// - Paths (`ShapeGeometry.path`): fills close every subpath and use the path's fill rule;
//   curves are flattened in pixel space (PathFlattening.swift). A single contour that is
//   provably simple (convex, or strictly star-shaped about its centroid or box center: winding
//   ±1 inside, 0 outside) takes the plain accumulation; anything else (several contours, or one that may cross itself)
//   the exact sweep (Sweep.swift), exact for overlaps and self-intersections under both rules.
//   Paths with a non-finite point are skipped.
// - Styled strokes (`StrokeStyle` with a cap, join, miter limit or dash other than the
//   defaults), and every stroke of a path, are outlines built by the stroker (Stroker.swift)
//   from the shape's path (`ShapeGeometry.path`) and filled non-zero through the sweep.
//   A stroke that is one outline contour (an undashed open subpath, e.g. an arc) takes the
//   plain accumulation when that contour is provably simple: strictly monotone along the
//   subpath's chord, with its two chains apart (`isMonotoneSimple`); for a trimmed circle
//   (`PathGeometry.circularArc`) the arc's sweep and radius prove it without that test
//   (`CircularArc.strokeOutlineIsSimple`). An undashed butt- or round-capped stroke of a
//   trimmed circle whose centre is known is not the stroker's: its outline comes straight
//   from the circle (CircularArc+Outline.swift), mostly proved simple with it.
//   In any path of several contours (fill or stroke, e.g. a stroke's dashes), contours that
//   are simple (convex or star-shaped) and provably disjoint from all the others (pixel boxes
//   apart, or both convex and split by an edge line) take the plain accumulation instead,
//   signed for positive coverage, beside the sweep of the rest: still exact.
//   Built-in shapes with a plain `stroke(lineWidth:)` keep the ring strokes below.
// - Glyph runs (`DisplayItem.glyphs`, RasterBuffers+Glyphs.swift): under a translation and a
//   positive axis-aligned scale, not projected, not in a clip, at most 256 px per em and not
//   `exactPlacement`, each glyph's pen is rounded to ⌊4v + ½⌋ / 4 in x and y and its cached
//   mask (its outline filled there as any path, a pure function of face, glyph, size and
//   phase) is blended with the paint as a path's coverage is; otherwise the run is one
//   overlap-free path of its outlines.
// - Gradients (`ShapeItem.gradient`, GradientShader.swift): every pixel the shape covers gets
//   the gradient's color at its center (through the inverse transform), premultiplied and
//   rounded to 8 bits without dithering, then scaled by its coverage exactly as a color is
//   (src = div255(color · coverage)). Stops that all give one 8-bit color draw as that color;
//   a gradient with non-finite geometry is skipped.
// - Layers (`compositingGroup`) are drawn into a transparent buffer and composited once with
//   their opacity (⌊opacity·255 + ½⌋, clamped; 0 or NaN skips the layer).
// - Clipped layers (`Clip`): anti-aliased clips are filled like any shape (same coverage)
//   into a mask; each pixel is composited with m = div255(coverage · opacity) (coverage at
//   opacity 255), src = div255(layer · m). Clips that are not anti-aliased keep pixel (x, y)
//   iff its center (x + ½, y + ½) is inside (half-open: x0 ≤ x + ½ < x1); an axis-aligned
//   one is a scissor box, a rotated one an aliased mask. A clip that covers no pixel of the
//   canvas (empty, off the canvas, singular transform) hides its layer.
// - Projected layers (`LayerEffect.projection`, rotation3DEffect): outlines inside are
//   flattened in the unprojected pixels, scaled by the projection's magnification over the
//   shape, clipped to w ≥ 1/1024 (exact: w is linear there), divided by w and filled as any
//   path (PathRecorder+Projection.swift); gradients and images are sampled at each pixel
//   center's inverse-projected point. A projection that is not finite or is singular draws
//   nothing.
// - The same list gives the same bytes on every run, thread and SIMD level (integer
//   compositing; +, −, ×, ÷, √ only in geometry; no FMA contraction).

/// Reusable per worker thread: owns cell buffers and layer pixmaps so drawing allocates nothing per shape/frame.
///
/// A value type over private buffers: a copy that is rendered with gets its own buffers
/// (copy-on-render), so copies never share scratch memory. Not `Sendable`: keep one per thread.
public struct Rasterizer {
  private var buffers = RasterBuffers()

  public init() {}

  /// Whether the last frame was over the work limit, so only its background was drawn: its
  /// shapes needed more than 4 194 304 outline points (2²²) at their pixel scale, or their
  /// outlines crossed so often that filling them would take more than 2²⁹ sweep steps. A
  /// path of millions of segments, or a curve or stroke magnified far beyond the canvas, gets
  /// there; callers turn it into an error rather than spend minutes and gigabytes on a frame.
  public var exceededWorkLimit: Bool { buffers.exceededWorkLimit }

  /// Over the last frame's anti-aliased path commands: how many contours (inclusion–exclusion
  /// terms included) took the plain accumulation, and how many the sweep. For tests.
  package var lastFrameContourCounts: (plain: Int, swept: Int) { buffers.contourCounts }

  /// The most outline points a frame may need (`exceededWorkLimit`).
  public static let maxOutlinePoints = maxFramePoints

  /// The glyph coverage masks this rasterizer holds (text drawn from masks, see `GlyphRun`):
  /// how many, and their bytes with their bookkeeping, at most ``glyphMaskBudget``.
  public var glyphMaskCount: Int { buffers.glyphMasks.count }
  public var glyphMaskBytes: Int { buffers.glyphMasks.bytes }

  /// The bound on ``glyphMaskBytes``, per rasterizer (so per worker thread): past it, the
  /// masks are dropped and made again as frames need them, which changes no pixel.
  public static let glyphMaskBudget = GlyphMaskCache.budget

  /// Resizes `pixmap` to list.width×list.height if needed, fills it with list.background (premultiplied), then draws every item in order with source-over.
  ///
  /// When `pixmap` still holds this rasterizer's last frame unchanged (of the same size and
  /// background), only what that frame drew into is filled again (`ClearMap`): the same bytes.
  public mutating func render(_ list: DisplayList, into pixmap: inout Pixmap) {
    let w = max(list.width, 0), h = max(list.height, 0)
    if pixmap.width != w || pixmap.height != h || pixmap.bytes.count != w &* h &* 4 {
      pixmap = Pixmap(width: w, height: h)
    }
    if !isKnownUniquelyReferenced(&buffers) { buffers = RasterBuffers() }
    let buffers = self.buffers
    let stamp = pixmap.rasterStamp
    var after: UInt64 = 0
    pixmap.bytes.withUnsafeMutableBytes { buf in
      guard let base = buf.baseAddress, w > 0, h > 0 else { return }
      after = buffers.render(list, into: base, width: w, height: h, pixelStamp: stamp)
    }
    // Set after the bytes' last change (which resets it).
    pixmap.rasterStamp = after
  }
}

/// A band of rows y0..<y1 of a premultiplied RGBA8 surface (row y at base + (y − y0)·width·4),
/// and the pixel box drawn into it so far.
struct Target {
  let base: UnsafeMutableRawPointer
  /// Pixels per row of the buffer.
  let width: Int
  /// The column of the buffer's first pixel (an effect layer's buffer covers only its
  /// drawing's columns), and its rows.
  let x0: Int
  let y0: Int, y1: Int
  var dirtyX0 = Int.max, dirtyY0 = Int.max, dirtyX1 = Int.min, dirtyY1 = Int.min

  init(base: UnsafeMutableRawPointer, width: Int, x0: Int = 0, y0: Int, y1: Int) {
    self.base = base; self.width = width; self.x0 = x0; self.y0 = y0; self.y1 = y1
  }

  /// A buffer of the same columns over rows y0..<y1.
  func sibling(_ base: UnsafeMutableRawPointer, y0: Int, y1: Int) -> Target {
    Target(base: base, width: width, x0: x0, y0: y0, y1: y1)
  }

  @inline(__always)
  func pixel(_ x: Int, _ y: Int) -> UnsafeMutableRawPointer {
    base + ((y &- y0) &* width &+ (x &- x0)) &* 4
  }

  @inline(__always)
  mutating func touch(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
    if x0 < dirtyX0 { dirtyX0 = x0 }
    if y0 < dirtyY0 { dirtyY0 = y0 }
    if x1 > dirtyX1 { dirtyX1 = x1 }
    if y1 > dirtyY1 { dirtyY1 = y1 }
  }

  /// Whether anything was drawn.
  var isDirty: Bool { dirtyX0 < dirtyX1 && dirtyY0 < dirtyY1 }
}
