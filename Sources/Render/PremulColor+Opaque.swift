import FlipbookImage

extension PremulColor {
  /// An opaque color from 8-bit sRGB channels, for the labels and marks of contact sheets
  /// and plots.
  init(opaque rgb: (UInt8, UInt8, UInt8)) {
    self.init(r: rgb.0, g: rgb.1, b: rgb.2, a: 255)
  }
}
