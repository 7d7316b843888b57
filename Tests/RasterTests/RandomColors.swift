import FlipbookImage
import FlipbookTestSupport

/// The kernel tests' random inputs, drawn from the shared seeded generator.
extension SeededRandomNumberGenerator {
  /// A random byte: the low 8 bits of the next number.
  mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
  /// A number in 0..<n (the next number modulo n).
  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
  /// A random premultiplied color (channels ≤ alpha), biased toward the 0 and 255 edge cases.
  mutating func premul() -> PremulColor {
    let a: UInt8 = [0, 255, 1, 128, byte(), byte()][below(6)]
    func ch(_ g: inout SeededRandomNumberGenerator) -> UInt8 { a == 0 ? 0 : UInt8(g.below(Int(a) + 1)) }
    return PremulColor(r: ch(&self), g: ch(&self), b: ch(&self), a: a)
  }
}
