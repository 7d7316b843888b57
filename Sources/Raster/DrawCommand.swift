import FlipbookImage

/// One recorded drawing operation of a frame.
struct DrawCommand {
  enum Kind: UInt8 {
    case path, rect, beginLayer, endLayer
    /// A layer drawn whole into its own buffer, then shadowed or blurred (`effect`) and
    /// composited; its commands, up to its `endLayer`, are in its own pixel space (`ex`, `ey`).
    case beginEffect
    /// A path filled without anti-aliasing: a pixel is in iff its center is (a clip's mask).
    case aliasedPath
    /// Glyph coverage masks (`GlyphMask`) blended with the paint: the frame's glyph draws
    /// c0..<c1, within the pixel box.
    case glyphs
  }
  var kind: Kind
  var color = PremulColor(r: 0, g: 0, b: 0, a: 0)
  /// Index of the gradient shader that paints the shape instead of `color` (path, rect, glyphs);
  /// −1 for a plain color.
  var shader: Int32 = -1
  /// Pixel box, clipped to the canvas (path, rect, glyphs). For beginLayer: the rows (and, with
  /// `scissor`, the columns) the layer can show in: the clip's box, or the whole canvas.
  var x0 = 0, y0 = 0, x1 = 0, y1 = 0
  /// Contour range (path); glyph draw range (glyphs).
  var c0 = 0, c1 = 0
  /// Whether the contours may overlap or cross themselves (path): drawn through the exact
  /// sweep with the fill rule, not the plain accumulation.
  var sweep = false
  /// With `sweep`: contours c0..<cs take the plain accumulation, signed for positive
  /// coverage (simple ones disjoint from every other, and overlapping groups followed by
  /// their inclusion–exclusion terms); cs..<c1 go through the sweep.
  var cs = 0
  var evenOdd = false
  /// Whether the command's rows cross a band's border, so that its long plain contours
  /// (c0..<cs) have row tables in `OutlineRows` (path).
  var rowTables = false
  /// Exact rectangle in pixels (rect).
  var rx0 = 0.0, ry0 = 0.0, rx1 = 0.0, ry1 = 0.0
  /// Layer opacity (beginLayer).
  var opacity: UInt8 = 255
  /// beginLayer: how many commands after it draw the clip's mask (0: no mask).
  var clipOps = 0
  /// beginLayer: the clip is the pixel box x0..<x1 × y0..<y1 itself (an aliased axis-aligned
  /// rectangle), with no mask.
  var scissor = false
  /// beginLayer, beginEffect: the index after its endLayer.
  var end = 0
  /// beginEffect: index of its `EffectParams`; where its pixel space's origin lies in the
  /// parent's (−ex, −ey); and the box its drawing can reach in its own space (x0…y1 hold the
  /// box its output can reach in the parent's).
  var effect: Int32 = 0
  var ex = 0, ey = 0
  var content = PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)

  init(kind: Kind) { self.kind = kind }
}

/// A layer effect ready to draw: a `LayerEffect` with its kernels built.
struct EffectParams {
  enum Kind {
    case blur(opaque: Bool)
    /// The shadow's color, premultiplied, 0…1.
    case shadow(tint: SIMD4<Float>)
    /// The rows of a `ColorMatrix` (r, g, b coefficients and the constant), and alpha's factor.
    case color(red: SIMD4<Float>, green: SIMD4<Float>, blue: SIMD4<Float>, alpha: Float)
    /// Composited by a blend mode instead of source-over.
    case blend(BlendMode)
    /// Kept where its mask has alpha: the commands right after the beginEffect, up to their
    /// own endLayer, draw the mask; the contents follow.
    case mask
  }
  var kind: Kind
  /// The kernels along x and y (none for a color effect), and where their weights start in
  /// the frame's weights.
  var kx = BlurKernel(), ky = BlurKernel()
  var wx = 0, wy = 0

  var isShadow: Bool { if case .shadow = kind { return true }; return false }
  var isOpaque: Bool { if case .blur(true) = kind { return true }; return false }
  /// The box the effect's output can cover, from the box its drawing covers: the same box
  /// for an effect that works pixel by pixel or an opaque blur; for a blur, spread by the
  /// kernels as far as the blurred drawing can reach a level above 0 (`BlurKernel.visible`);
  /// that and the drawing itself for a shadow (whose tint's alpha bounds its levels).
  func output(of drawing: PixelBox) -> PixelBox {
    if isPerPixel || isOpaque { return drawing }
    var level = 255.0
    if case .shadow(let tint) = kind { level = Double(tint[3]) * 255 }
    let xs = kx.visible(from: drawing.x0..<drawing.x1, level: level)
    let ys = ky.visible(from: drawing.y0..<drawing.y1, level: level)
    let spread = PixelBox(x0: xs.lowerBound, y0: ys.lowerBound, x1: xs.upperBound, y1: ys.upperBound)
    return isShadow ? spread.union(drawing) : spread
  }

  /// Whether the effect works pixel by pixel, so that its output is its drawing's box.
  var isPerPixel: Bool {
    switch kind {
    case .color, .blend, .mask: return true
    case .blur, .shadow: return false
    }
  }
}
