/// Exact conversions between `Duration` and the `Double` seconds a timeline's events carry.
///
/// The standard library's `Duration.seconds(_: Double)` multiplies in floating point, so a
/// date such as 0.352 can come back one bit off; a virtual clock whose times must equal a
/// scheduler's or a JSON file's to the last bit converts through these instead.
extension Duration {
  private static let attosecondsPerSecond: Int128 = 1_000_000_000_000_000_000

  /// The duration nearest to `seconds` (to the attosecond), computed without rounding in
  /// between; `seconds` must be finite and within ±9.2e18.
  init(exactSeconds seconds: Double) {
    let magnitude = seconds.magnitude
    let whole = magnitude.rounded(.towardZero)
    // magnitude - whole is exact: both share the binade's grid.
    let fraction = magnitude - whole
    var attoseconds: Int128 = 0
    if fraction >= 0x1p-70 {
      // fraction = m·2^-shift with a 53-bit m; m·10^18 < 2^113 fits, and rounds half up.
      let shift = 52 - Int(fraction.exponent)
      let m = Int128(fraction.significandBitPattern | (1 << 52))
      attoseconds = (m * Self.attosecondsPerSecond + (Int128(1) << (shift - 1))) >> shift
    }
    let total = Int128(whole) * Self.attosecondsPerSecond + attoseconds
    let signed = seconds < 0 ? -total : total
    self.init(
      secondsComponent: Int64(signed / Self.attosecondsPerSecond),
      attosecondsComponent: Int64(signed % Self.attosecondsPerSecond))
  }

  /// The duration in seconds, correctly rounded to the nearest `Double`.
  var exactSeconds: Double {
    let (s, a) = components
    let total = Int128(s) * Self.attosecondsPerSecond + Int128(a)
    let magnitude = total.magnitude
    let fraction = String(magnitude % UInt128(Self.attosecondsPerSecond))
    let digits = String(repeating: "0", count: 18 - fraction.count) + fraction
    // Decimal text is parsed with correct rounding, which no chain of floating-point
    // operations on the two components guarantees.
    let value = Double("\(magnitude / UInt128(Self.attosecondsPerSecond)).\(digits)") ?? .nan
    return total < 0 ? -value : value
  }
}
