import RealModule
import FlipbookAnimation
import FlipbookScene

/// Colors animate as SwiftUI (before iOS 18) animates `Color.Resolved`: straight-alpha
/// linear-sRGB components, scaled by 128 (its `animatableData` unit scale, which matters for
/// the spring's finish threshold).
enum ColorSpace {
  static func linear(_ c: Double) -> Double {
    c <= 0.04045 ? c / 12.92 : .pow((c + 0.055) / 1.055, 2.4)
  }

  static func encoded(_ l: Double) -> Double {
    l <= 0.0031308 ? l * 12.92 : 1.055 * .pow(l, 1 / 2.4) - 0.055
  }

  static func vector(_ c: Color) -> AnimatableVector {
    AnimatableVector(linear(c.red), linear(c.green), linear(c.blue), c.opacity) * 128
  }

  static func color(_ v: AnimatableVector) -> Color {
    let l = v / 128
    // Extrapolating springs may overshoot below 0; keep the sign through the curve.
    func enc(_ x: Double) -> Double { x < 0 ? -encoded(-x) : encoded(x) }
    return Color(red: enc(l.x), green: enc(l.y), blue: enc(l.z), opacity: l.w)
  }
}
