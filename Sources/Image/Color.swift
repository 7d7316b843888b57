/// A color as straight-alpha, gamma-encoded sRGB components, nominally in 0…1.
///
/// The one color value of every layer: the scene model's literals, the display list's paints
/// and the encoders' mattes. Animated values may overshoot; whoever converts a color to
/// 8 bits (``PremulColor/init(_:)``) clamps each component.
public struct Color: Hashable, Sendable {
  public var red: Double, green: Double, blue: Double, opacity: Double
  public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
    self.red = red; self.green = green; self.blue = blue; self.opacity = opacity
  }
  public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
  public static let black = Color(red: 0, green: 0, blue: 0)
  public static let white = Color(red: 1, green: 1, blue: 1)
}
