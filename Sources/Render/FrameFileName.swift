/// The file names of a frame sequence: `frame_0000.png`, `frame_0001.png`, ….
///
/// Numbers start at 0 and are zero-padded to `max(4, digits(frameCount - 1))` digits, so the
/// names sort correctly as text (shell globs, ImageMagick) and match
/// `ffmpeg -i DIR/frame_%04d.png` for sequences of up to 10,000 frames (``printfPattern(frameCount:)``
/// gives the width a longer one uses). A frame keeps its name whichever range of the sequence a
/// run writes.
///
/// The one naming rule: the writer, `Movie`, `assertFrames` and the commands printed after a
/// run all ask this type, so they agree past 9,999 frames too.
public enum FrameFileName {
  /// What every name starts with.
  public static let prefix = "frame_"
  /// What every name ends with.
  public static let suffix = ".png"

  /// How many digits the frame numbers of a `frameCount`-frame sequence use (at least 4).
  public static func digitCount(frameCount: Int) -> Int {
    var digits = 1
    var rest = max(frameCount - 1, 0)
    while rest >= 10 {
      rest /= 10
      digits += 1
    }
    return max(4, digits)
  }

  /// The file name of frame `index` in a `frameCount`-frame sequence, e.g. `frame_0042.png`.
  public static func name(index: Int, frameCount: Int) -> String {
    prefix + number(index: index, frameCount: frameCount) + suffix
  }

  /// The zero-padded number in the name of frame `index`, e.g. `0042` (for brace ranges).
  public static func number(index: Int, frameCount: Int) -> String {
    precondition(index >= 0, "frame indices start at 0")
    let number = String(index)
    let padding = String(
      repeating: "0", count: max(0, digitCount(frameCount: frameCount) - number.count))
    return padding + number
  }

  /// The names as a printf-style pattern, `frame_%04d.png` (`%05d` past 10,000 frames), as
  /// ffmpeg's image2 input takes it.
  public static func printfPattern(frameCount: Int) -> String {
    prefix + "%0\(digitCount(frameCount: frameCount))d" + suffix
  }

  /// A shell glob that matches every frame name, `frame_*.png`.
  public static let glob = prefix + "*" + suffix

  /// The frame number and digit count of a name `frame_<digits>.png`, or `nil` for any other name.
  ///
  /// `index` is `nil` when the number does not fit in an `Int`.
  package static func parse(_ name: String) -> (index: Int?, digits: Int)? {
    guard name.hasPrefix(prefix), name.hasSuffix(suffix),
      name.utf8.count > prefix.utf8.count + suffix.utf8.count
    else { return nil }
    let number = name.utf8.dropFirst(prefix.utf8.count).dropLast(suffix.utf8.count)
    guard number.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
      return nil
    }
    return (Int(Substring(number)), number.count)
  }

  /// True when `name` is a frame file that an earlier run could have written but that does
  /// not belong to a `frameCount`-frame sequence: a number ≥ `frameCount`, or another width.
  ///
  /// Names with fewer than 4 digits (`frame_7.png`) were never ours, so they are kept.
  package static func isStale(_ name: String, frameCount: Int) -> Bool {
    guard let (index, digits) = parse(name), digits >= 4 else { return false }
    guard digits == digitCount(frameCount: frameCount), let index else { return true }
    return index >= frameCount
  }

  /// True when `name` is stale (``isStale(_:frameCount:)``) and its number lies in `numbers`:
  /// the outdated files a shard owns (``FrameShard/ownedNumbers(frameCount:)``). A number too
  /// long for an `Int` lies past every frame: in `numbers` when they run to `Int.max`.
  package static func isStale(_ name: String, frameCount: Int, in numbers: Range<Int>) -> Bool {
    guard isStale(name, frameCount: frameCount), let (index, _) = parse(name) else { return false }
    return index.map(numbers.contains) ?? (numbers.upperBound == Int.max)
  }
}
