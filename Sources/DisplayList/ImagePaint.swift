import FlipbookImage

/// A bitmap that paints a shape: an `image` view's pixels stretched onto `rect`.
///
/// Like ``GradientPaint`` it is a paint, not a geometry: the shape it paints (the image's
/// rectangle) gives the edges their exact-area coverage, clips and effects apply as to any
/// shape, and the rasterizer samples the bitmap at every covered pixel's center through the
/// inverse of the item's transform (see the rasterizer's image filter).
public struct ImagePaint: Sendable, Equatable {
  /// Premultiplied RGBA8, as decoded from the file.
  public var pixmap: Pixmap
  /// Where the bitmap lies in the shape's local coordinates (points): its pixel (0, 0)'s
  /// corner at the rect's origin, pixel (width, height)'s at its far corner.
  public var rect: Rect

  public init(pixmap: Pixmap, rect: Rect) { self.pixmap = pixmap; self.rect = rect }
}
