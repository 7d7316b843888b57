import FlipbookImage
import FlipbookRaster

/// A 3×5 pixel font for labels (digits, `.`, space; letters and punctuation in
/// `BitmapFont+Letters.swift`), so contact sheets and plots need no font library.
enum BitmapFont {
  /// Rows of 3 bits, top to bottom.
  static let glyphs: [Character: [UInt8]] = [
    "0": [7, 5, 5, 5, 7], "1": [2, 6, 2, 2, 7], "2": [7, 1, 7, 4, 7], "3": [7, 1, 7, 1, 7],
    "4": [5, 5, 7, 1, 1], "5": [7, 4, 7, 1, 7], "6": [7, 4, 7, 5, 7], "7": [7, 1, 2, 2, 2],
    "8": [7, 5, 7, 5, 7], "9": [7, 5, 7, 1, 7], ".": [0, 0, 0, 0, 2], " ": [0, 0, 0, 0, 0],
  ]

  static func draw(_ text: String, into p: inout Pixmap, x: Int, y: Int, scale: Int, rgb: (UInt8, UInt8, UInt8)) {
    let color = PremulColor(opaque: rgb)
    var cx = x
    for ch in text {
      guard let rows = glyph(ch) else { continue }
      for (r, bits) in rows.enumerated() {
        for c in 0..<3 where bits & (4 >> c) != 0 {
          p.fill(x: cx + c * scale, y: y + r * scale, width: scale, height: scale, color: color)
        }
      }
      cx += 4 * scale
    }
  }
}
