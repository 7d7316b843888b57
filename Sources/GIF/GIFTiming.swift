/// GIF frame delays for a frame rate, and whether a GIF can play at that rate.
///
/// A GIF frame's delay is a whole number of centiseconds, so only rates that divide 100
/// (100, 50, 25, 20, 10, …) have one exact delay. For any other rate the delays are
/// error-diffused: frame `i` lasts `round(100·(i+1)/fps) − round(100·i/fps)` cs (30 fps gives
/// 3, 4, 3, 3, 4, 3, …), so the first `n` frames always end within half a centisecond of
/// `n / fps` and the average rate is exact over the whole animation.
public enum GIFTiming {
  /// The longest delay a GIF frame can have: 65,535 cs (655.35 s), a 16-bit field.
  public static let maximumDelay = 65535

  /// The slowest rate a GIF can play: one frame per ``maximumDelay`` centiseconds.
  public static let minimumFPS = 100 / Double(maximumDelay)

  /// The delay of each of `count` frames at `fps`, in centiseconds; a rate slower than
  /// ``minimumFPS`` (or not a positive number) is an error, never a delay cut short.
  public static func delays(frameCount count: Int, fps: Double) throws(GIFError) -> [Int] {
    guard fps >= minimumFPS, fps.isFinite else { throw .frameRate(fps) }
    let delays = (0..<count).map { i in end(ofFrame: i + 1, fps: fps) - end(ofFrame: i, fps: fps) }
    // At exactly the slowest rate, rounding could still give one more centisecond.
    guard delays.allSatisfy({ $0 <= maximumDelay }) else { throw .frameRate(fps) }
    return delays
  }

  /// When frame `n` starts, in whole centiseconds.
  static func end(ofFrame n: Int, fps: Double) -> Int {
    Int((100 * Double(n) / fps).rounded())
  }

  /// Browsers and most viewers play delays below this (0 and 1 cs) as 10 cs.
  public static let minimumPlayableDelay = 2

  /// A warning for rates a GIF cannot play exactly, or `nil` when every frame gets the same
  /// whole number of centiseconds (at least 2).
  public static func warning(fps: Double) -> String? {
    let cs = 100 / fps
    if cs < Double(minimumPlayableDelay) {
      // The delays this rate is written with, as the GIF holds them (error-diffused).
      let written = ((try? delays(frameCount: 6, fps: fps)) ?? []).map(String.init).joined(separator: ", ")
      let short = Set((try? delays(frameCount: 100, fps: fps)) ?? []).filter { $0 < minimumPlayableDelay }
      return "\(format(fps)) fps is too fast for a GIF: its frames are written with delays of \(written), … cs, and "
        + "browsers play delays of \(short.sorted().map(String.init).joined(separator: " or ")) cs as 10 cs, so it "
        + "plays far too slowly; render the GIF with --fps 50 (or 25, 20, 10)"
    }
    if cs != cs.rounded() {
      let low = Int(cs.rounded(.down))
      return "GIF delays are whole centiseconds, so at \(format(fps)) fps frames last \(low) or \(low + 1) cs "
        + "(the average rate is exact, the spacing is not); --fps 50, 25, 20 or 10 plays evenly"
    }
    return nil
  }

  static func format(_ d: Double) -> String {
    d == d.rounded() && abs(d) < 1e9 ? String(Int(d)) : String(d)
  }
}
