/// A frame rate as an exact fraction, for containers that store frame timing as integers
/// (APNG's `delay_num/delay_den`, ffmpeg's `-framerate N/D`).
///
/// `--fps` is a decimal number: 30 is 30/1, 29.97 is 2997/100, and a rate with no short
/// fraction gets a convergent of its continued fraction whose terms fit `limit`, so the
/// timing written is the rate given, or within a few parts per million of it.
public struct FrameRate: Sendable, Equatable, CustomStringConvertible {
  /// Frames per `denominator` seconds: the rate is `numerator / denominator` fps.
  public var numerator: Int
  public var denominator: Int

  /// The last convergent of `fps`'s continued fraction whose terms are at most `limit`
  /// (within `1 / (denominator · limit)` of it).
  public init(_ fps: Double, limit: Int = 65535) {
    precondition(fps > 0 && fps.isFinite && limit >= 1)
    // Convergents h/k of the continued fraction of fps, kept while they fit the limit.
    var (h0, h1, k0, k1) = (0, 1, 1, 0)
    var x = fps
    var best = (max(1, min(limit, Int(fps.rounded()))), 1)
    for _ in 0..<40 {
      let a = x.rounded(.down)
      guard a < Double(limit) + 1 else { break }
      let ai = Int(a)
      let (h2, k2) = (ai * h1 + h0, ai * k1 + k0)
      guard h2 <= limit, k2 <= limit else { break }
      if h2 > 0 { best = (h2, k2) }
      (h0, h1, k0, k1) = (h1, h2, k1, k2)
      let fraction = x - a
      if fraction < 1e-9 || abs(Double(h2) / Double(k2) - fps) < 1e-12 * fps { break }
      x = 1 / fraction
    }
    numerator = best.0
    denominator = best.1
  }

  /// `30/1`, `2997/100`: as ffmpeg's `-framerate` and ffprobe's `r_frame_rate` write it.
  public var description: String { "\(numerator)/\(denominator)" }
}
