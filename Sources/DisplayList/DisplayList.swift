import FlipbookImage

/// One frame, flattened: what to draw, in drawing order, in pixel coordinates.
///
/// The display list is the seam between the scene (state, animation, layout) and the
/// rasterizer: everything above it is resolved, so the rasterizer only fills shapes.
public struct DisplayList: Sendable, Equatable {
  /// Output size in pixels.
  public var width: Int
  public var height: Int
  /// Drawn first, over a transparent pixmap.
  public var background: Color
  public var items: [DisplayItem]

  public init(width: Int, height: Int, background: Color, items: [DisplayItem]) {
    self.width = width; self.height = height; self.background = background; self.items = items
  }
}

/// A drawing operation.
public indirect enum DisplayItem: Sendable, Equatable {
  /// A filled or stroked shape.
  case shape(ShapeItem)
  /// A text's glyphs, filled with one paint (see ``GlyphRun`` for how they are placed).
  case glyphs(GlyphRun)
  /// `compositingGroup`: the items are drawn into a transparent layer of the frame's size,
  /// which is then composited once with `opacity`, so overlaps inside do not show through.
  /// With a `clip` (`clipShape`, `cornerRadius`, `clipped`), each pixel of the layer is
  /// composited with opacity × the clip's coverage of that pixel; a clip inside a clipped
  /// layer is a layer inside it, so clips nest. With an `effect` (`shadow`, `blur`), the
  /// effect is applied to the layer's drawing first, then the result is composited as above.
  case layer(items: [DisplayItem], opacity: Double, clip: Clip? = nil, effect: LayerEffect? = nil)
}

/// What a layer's drawing goes through before it is composited: SwiftUI's `shadow`, `blur`
/// (measured in pixels (the engine has applied the transform at the modifier) and color effects.
public enum LayerEffect: Sendable, Equatable {
  /// The drawing over its shadow: its alpha blurred by a Gaussian of standard deviation
  /// `sigma`, moved by (`dx`, `dy`) and tinted by `color` (alpha × the color's opacity).
  case shadow(color: Color, sigma: Double, dx: Double, dy: Double)
  /// The drawing blurred by a Gaussian of standard deviation `sigma`. Transparent pixels
  /// around the drawing blur into its edges unless `opaque`: then the drawing's pixel box is
  /// blurred with its edge pixels repeated outward, and nothing shows outside the box.
  case blur(sigma: Double, opaque: Bool)
  /// Every pixel's color transformed (SwiftUI's color effects).
  case colorMatrix(ColorMatrix)
  /// The drawing combined with what is below it by a blend mode instead of source-over.
  case blend(BlendMode)
  /// The drawing kept only where `items` (the mask view, in the same space) have alpha, in
  /// proportion to it.
  case mask([DisplayItem])
  /// The drawing, laid out in pixels as if unprojected, mapped onto the canvas by a projective
  /// map (`rotation3DEffect`): outlines are projected exactly, bitmaps and gradients are
  /// sampled through the inverse map. Other effects inside are applied on the canvas, after
  /// the projection.
  case projection(Homography)
}

/// A clip: the region a layer is composited through.
public struct Clip: Sendable, Equatable {
  /// The clip's outline in its local coordinates (points), filled with its fill rule (a
  /// `.path`'s own; the built-in shapes are one simple outline).
  public var geometry: ShapeGeometry
  /// Local coordinates to pixels (includes the canvas scale).
  public var transform: AffineTransform
  /// True: coverage is the exact area of each pixel inside the outline, as for a filled shape.
  /// False (`clipped`): a pixel is entirely inside if its center is inside the outline, else
  /// entirely outside (Core Graphics' rule for fills that are not anti-aliased).
  public var antialiased: Bool

  public init(geometry: ShapeGeometry, transform: AffineTransform, antialiased: Bool = true) {
    self.geometry = geometry; self.transform = transform; self.antialiased = antialiased
  }
}

/// A shape, its paint and where it goes.
public struct ShapeItem: Sendable, Equatable {
  /// Geometry in the shape's local coordinates (points).
  public var geometry: ShapeGeometry
  public var style: ShapeStyle
  /// Local coordinates to pixels (includes the canvas scale).
  public var transform: AffineTransform
  /// Paint color; every opacity that applies to the shape is already multiplied into
  /// `color.opacity` (it may lie outside 0…1 after an overshooting animation: clamp).
  public var color: Color
  /// A gradient that paints the shape instead of `color`, its stops' opacities multiplied by
  /// every opacity that applies to the shape, as `color`'s are.
  public var gradient: GradientPaint?
  /// A bitmap that paints the shape instead of `color` (an `image` view); only `color`'s
  /// opacity applies to it, as every opacity that applies to the shape.
  public var image: ImagePaint?

  public init(
    geometry: ShapeGeometry, style: ShapeStyle, transform: AffineTransform, color: Color,
    gradient: GradientPaint? = nil, image: ImagePaint? = nil
  ) {
    self.geometry = geometry; self.style = style; self.transform = transform; self.color = color
    self.gradient = gradient; self.image = image
  }
}

/// The built-in shapes of the scene format, each inscribed in a rectangle as in SwiftUI.
public enum ShapeGeometry: Sendable, Equatable {
  case rectangle(Rect)
  /// Corner radius is clamped to half the shorter side when drawn.
  case roundedRectangle(Rect, cornerRadius: Double, style: CornerStyle)
  /// An ellipse inscribed in the rect; a `circle` node becomes the centered square's ellipse.
  case ellipse(Rect)
  /// A rounded rectangle whose corner radius is half the shorter side.
  case capsule(Rect)
  /// Any outline of lines and curves, filled with its own fill rule.
  case path(PathGeometry)
}

/// SwiftUI's `RoundedCornerStyle`.
public enum CornerStyle: Sendable, Equatable {
  case circular
  /// Apple's "squircle" corners, whose curvature changes smoothly.
  case continuous
}

/// Whether a shape is filled or stroked.
public enum ShapeStyle: Sendable, Equatable {
  case fill
  /// A stroke centered on the outline, `lineWidth` points wide (before the transform), with
  /// the style's caps, joins and dashes.
  case stroke(StrokeStyle)

  /// A plain stroke (butt caps, miter joins, no dashes) `lineWidth` points wide.
  public static func stroke(lineWidth: Double) -> ShapeStyle { .stroke(StrokeStyle(lineWidth: lineWidth)) }
}
