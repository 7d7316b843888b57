/// A color as written in a scene: straight-alpha, gamma-encoded sRGB components in 0…1.
public struct Color: Hashable, Sendable {
  public var red: Double, green: Double, blue: Double, opacity: Double
  public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
    self.red = red; self.green = green; self.blue = blue; self.opacity = opacity
  }
  public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
  public static let black = Color(red: 0, green: 0, blue: 0)
}
