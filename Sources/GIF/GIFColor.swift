import FlipbookImage

/// An opaque sRGB color, for `--matte`.
public struct GIFColor: Hashable, Sendable {
  public var red: UInt8, green: UInt8, blue: UInt8
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red; self.green = green; self.blue = blue
  }

  /// `RRGGBB` or `#RRGGBB` (gifski's `--matte` spelling), or `nil`.
  public init?(hex: String) {
    let text = hex.hasPrefix("#") ? hex : "#" + hex
    guard text.count == 7, let color = Color.parseHex(text) else { return nil }
    self.init(color)
  }

  /// The color's channels rounded to 8 bits (opacity is ignored: a matte is opaque).
  public init(_ color: Color) {
    func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
    self.init(red: byte(color.red), green: byte(color.green), blue: byte(color.blue))
  }
}
