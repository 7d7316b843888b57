/// A premultiplied RGBA8 color; `packed` is the pixel as it lies in memory (r in the low byte).
public struct PremulColor: Equatable, Sendable {
  public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

  @inlinable
  public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    self.r = r; self.g = g; self.b = b; self.a = a
  }

  @inlinable
  public var packed: UInt32 {
    UInt32(r) | UInt32(g) &<< 8 | UInt32(b) &<< 16 | UInt32(a) &<< 24
  }

  /// Straight-alpha sRGB (components and opacity clamped to 0…1, NaN → 0) to premultiplied
  /// RGBA8:  a8 = ⌊α·255 + ½⌋,  c8 = ⌊(c·α)·255 + ½⌋  (Double arithmetic; c8 ≤ a8 always).
  public init(_ color: Color) {
    @inline(__always) func clamp01(_ v: Double) -> Double {
      v.isNaN ? 0 : (v < 0 ? 0 : (v > 1 ? 1 : v))
    }
    let al = clamp01(color.opacity)
    @inline(__always) func q(_ v: Double) -> UInt8 { UInt8(truncatingIfNeeded: Int(v * 255 + 0.5)) }
    self.init(
      r: q(clamp01(color.red) * al), g: q(clamp01(color.green) * al),
      b: q(clamp01(color.blue) * al), a: q(al))
  }
}
