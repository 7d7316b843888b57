import FlipbookImage

/// The scene model's colors are the image layer's one color value.
public typealias Color = FlipbookImage.Color

extension Color {
  /// SwiftUI's light-mode system colors, as docs/scene-format.md lists them (sRGB hex).
  public static let named: [String: Color] = [
    "black": hex(0x000000), "white": hex(0xFFFFFF), "gray": hex(0x8E8E93),
    "red": hex(0xFF3B30), "orange": hex(0xFF9500), "yellow": hex(0xFFCC00),
    "green": hex(0x34C759), "mint": hex(0x00C7BE), "teal": hex(0x30B0C7),
    "cyan": hex(0x32ADE6), "blue": hex(0x007AFF), "indigo": hex(0x5856D6),
    "purple": hex(0xAF52DE), "pink": hex(0xFF2D55), "brown": hex(0xA2845E),
    "clear": .clear,
  ]
}
