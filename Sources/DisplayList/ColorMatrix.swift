/// A color transformation of a layer's pixels: SwiftUI's color effects (`brightness`,
/// `contrast`, `saturation`, `grayscale`, `hueRotation`, `colorMultiply`, `colorInvert`).
///
/// Each pixel's straight (unpremultiplied) color becomes (`red`, `green`, `blue`) · (r, g, b, 1),
/// each component clamped to 0…1, and its alpha is multiplied by `alpha`, as the W3C
/// `feColorMatrix` filter works on unpremultiplied colors. No effect here makes alpha from
/// color, so a transparent pixel stays transparent.
public struct ColorMatrix: Sendable, Equatable {
  /// The coefficients of r, g, b and the constant term, per output component.
  public var red: SIMD4<Double>, green: SIMD4<Double>, blue: SIMD4<Double>
  /// The factor of alpha.
  public var alpha: Double

  public init(red: SIMD4<Double>, green: SIMD4<Double>, blue: SIMD4<Double>, alpha: Double = 1) {
    self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
  }

  public static let identity = ColorMatrix(red: [1, 0, 0, 0], green: [0, 1, 0, 0], blue: [0, 0, 1, 0])

  /// The Rec. 709 luma weights, which saturation, grayscale and hue rotation keep.
  public static let luma = SIMD3<Double>(0.2126, 0.7152, 0.0722)

  /// `brightness(b)`: b added to each component.
  public static func brightness(_ b: Double) -> ColorMatrix {
    ColorMatrix(red: [1, 0, 0, b], green: [0, 1, 0, b], blue: [0, 0, 1, b])
  }

  /// `contrast(c)`: each component moved away from (or toward) ½ by the factor c.
  public static func contrast(_ c: Double) -> ColorMatrix {
    let t = (1 - c) / 2
    return ColorMatrix(red: [c, 0, 0, t], green: [0, c, 0, t], blue: [0, 0, c, t])
  }

  /// `saturation(s)`: each color moved from its luma gray by the factor s (0: gray, 1: as
  /// it is, above 1: more saturated).
  public static func saturation(_ s: Double) -> ColorMatrix {
    let l = luma * (1 - s)
    return ColorMatrix(
      red: [l.x + s, l.y, l.z, 0], green: [l.x, l.y + s, l.z, 0], blue: [l.x, l.y, l.z + s, 0])
  }

  /// `grayscale(g)`: saturation 1 − g.
  public static func grayscale(_ g: Double) -> ColorMatrix { saturation(1 - g) }

  /// `hueRotation(θ)` from θ's cosine and sine: the W3C `hueRotate` rotation about the gray
  /// axis, with the Rec. 709 weights.
  public static func hueRotation(cos c: Double, sin s: Double) -> ColorMatrix {
    let (r, g, b) = (luma.x, luma.y, luma.z)
    return ColorMatrix(
      red: [r + c * (1 - r) - s * r, g - c * g - s * g, b - c * b + s * (1 - b), 0],
      green: [r - c * r + s * 0.143, g + c * (1 - g) + s * 0.140, b - c * b - s * 0.283, 0],
      blue: [r - c * r - s * (1 - r), g - c * g + s * g, b + c * (1 - b) + s * b, 0])
  }

  /// `colorMultiply(color)`: each component, alpha too, times the color's.
  public static func colorMultiply(red: Double, green: Double, blue: Double, opacity: Double) -> ColorMatrix {
    ColorMatrix(red: [red, 0, 0, 0], green: [0, green, 0, 0], blue: [0, 0, blue, 0], alpha: opacity)
  }

  /// `colorInvert()`: each component c becomes 1 − c.
  public static let colorInvert = ColorMatrix(red: [-1, 0, 0, 1], green: [0, -1, 0, 1], blue: [0, 0, -1, 1])
}
