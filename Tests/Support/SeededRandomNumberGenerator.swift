/// A small deterministic random-number generator (SplitMix64) for tests with random inputs.
///
/// The same seed gives the same numbers on every run and machine, so failures reproduce.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
  /// The state, advanced by a fixed odd constant each step; starts at the seed.
  public var state: UInt64

  /// A generator whose numbers are determined by `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next number: the state advanced, then mixed.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
