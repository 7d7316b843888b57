/// How different an image may be from its golden and still pass.
///
/// The default absorbs last-bit differences between platforms' math libraries (±1 per
/// channel on at most 0.1 % of the pixels) while any real regression, such as a shifted
/// edge, fails. Override it per test only with a comment saying why.
public struct GoldenTolerance: Sendable, Equatable {
  /// The largest per-channel difference allowed (premultiplied RGBA, 0…255).
  public var maxChannelDelta: Int
  /// The largest fraction of pixels allowed to differ at all.
  public var maxDifferingFraction: Double

  public init(maxChannelDelta: Int = 1, maxDifferingFraction: Double = 0.001) {
    self.maxChannelDelta = maxChannelDelta
    self.maxDifferingFraction = maxDifferingFraction
  }

  public static let `default` = GoldenTolerance()
  public static let exact = GoldenTolerance(maxChannelDelta: 0, maxDifferingFraction: 0)
}
