extension Color {
  /// A color from 8-bit sRGB channels (`0xRRGGBB`) and an 8-bit alpha.
  public static func hex(_ rgb: UInt32, alpha: UInt32 = 255) -> Color {
    Color(
      red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
      blue: Double(rgb & 0xFF) / 255, opacity: Double(alpha) / 255)
  }

  /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA`; nil if malformed.
  public static func parseHex(_ text: String) -> Color? {
    guard text.first == "#" else { return nil }
    let digits = text.dropFirst()
    guard digits.allSatisfy({ $0.isHexDigit }), let v = UInt32(digits, radix: 16) else { return nil }
    switch digits.count {
    case 3:
      let r = (v >> 8) & 0xF, g = (v >> 4) & 0xF, b = v & 0xF
      return hex((r * 17) << 16 | (g * 17) << 8 | b * 17)
    case 6: return hex(v)
    case 8: return hex(v >> 8, alpha: v & 0xFF)
    default: return nil
    }
  }
}
