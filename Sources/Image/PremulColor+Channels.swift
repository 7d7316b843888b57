extension PremulColor {
  /// The straight value of premultiplied channel `c` at alpha `alpha`: `c·255/a` rounded half
  /// up.
  ///
  /// The one un-premultiply rule of every encoder (PNG's straight alpha, GIF's palette
  /// colors), so a color reads the same in every output. Values with `c > a` (not valid
  /// premultiplied color) clamp to 255; `alpha` 0 gives 0.
  @inlinable @inline(__always)
  public static func straightChannel(_ c: UInt8, alpha: UInt8) -> UInt8 {
    guard alpha != 0 else { return 0 }
    let a = UInt32(alpha)
    return UInt8(min(255, (UInt32(c) &* 255 &+ a / 2) / a))
  }

  /// Premultiplied channel `c` at alpha `alpha` composited over the channel `backdrop` of an
  /// opaque color: `c + backdrop·(255 − a)/255`, rounded, clamped to 255.
  ///
  /// Source-over onto something opaque (a GIF's matte, a contact sheet's checkerboard, a
  /// diff image's white page), where the result stays opaque.
  @inlinable @inline(__always)
  public static func channel(_ c: UInt8, alpha: UInt8, over backdrop: UInt8) -> UInt8 {
    let k = 255 &- UInt32(alpha)
    return UInt8(min(255, UInt32(c) &+ (UInt32(backdrop) &* k &+ 127) / 255))
  }
}
