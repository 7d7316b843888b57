/// How a layer's colors combine with what is below it: SwiftUI's `BlendMode`, with the W3C
/// Compositing and Blending formulas that Core Graphics shares.
///
/// Declared once, here, for the scene's vocabulary and the display list alike.
public enum BlendMode: String, CaseIterable, Hashable, Sendable {
  case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference
  case exclusion, hue, saturation, color, luminosity, plusDarker, plusLighter
}
