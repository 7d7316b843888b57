/// An opaque sRGB color, for `--matte`.
public struct GIFColor: Hashable, Sendable {
  public var red: UInt8, green: UInt8, blue: UInt8
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red; self.green = green; self.blue = blue
  }

  /// `RRGGBB` or `#RRGGBB` (gifski's `--matte` spelling), or `nil`.
  public init?(hex: String) {
    let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
    guard digits.count == 6, let v = UInt32(digits, radix: 16) else { return nil }
    self.init(red: UInt8(v >> 16), green: UInt8((v >> 8) & 0xFF), blue: UInt8(v & 0xFF))
  }
}
