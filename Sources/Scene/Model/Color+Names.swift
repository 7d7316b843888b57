extension Color {
  /// SwiftUI's light-mode system colors, as SCENE-FORMAT lists them (sRGB hex).
  public static let named: [String: Color] = [
    "black": hex(0x000000), "white": hex(0xFFFFFF), "gray": hex(0x8E8E93),
    "red": hex(0xFF3B30), "orange": hex(0xFF9500), "yellow": hex(0xFFCC00),
    "green": hex(0x34C759), "mint": hex(0x00C7BE), "teal": hex(0x30B0C7),
    "cyan": hex(0x32ADE6), "blue": hex(0x007AFF), "indigo": hex(0x5856D6),
    "purple": hex(0xAF52DE), "pink": hex(0xFF2D55), "brown": hex(0xA2845E),
    "clear": .clear,
  ]

  static func hex(_ rgb: UInt32, alpha: UInt32 = 255) -> Color {
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
