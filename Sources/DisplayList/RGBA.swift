/// A color as straight-alpha, gamma-encoded sRGB components, nominally in 0…1.
///
/// Animated values may overshoot; the rasterizer clamps each component when it converts
/// the color to premultiplied 8-bit.
public struct RGBA: Hashable, Sendable {
  public var red: Double, green: Double, blue: Double, opacity: Double
  public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
    self.red = red; self.green = green; self.blue = blue; self.opacity = opacity
  }
  public static let clear = RGBA(red: 0, green: 0, blue: 0, opacity: 0)
  public static let black = RGBA(red: 0, green: 0, blue: 0)
  public static let white = RGBA(red: 1, green: 1, blue: 1)
}
