/// What a frame-sequence commit moves, written into its staging folder before the first
/// frame moves, so that the next run can complete the commit (or undo it) after a kill.
///
/// The commit moves the output folder's frames of the same names (and, for a whole
/// sequence, its outdated frames) aside into the staging folder's `old/`, then the new
/// frames in. Which of those steps happened is read from the folders themselves (a new frame
/// still in staging has not moved in; a frame in `old/` has moved aside), so the journal only
/// names the frames: the sequence length, the range and which outdated frames go too. The
/// file is small text, written whole to `journal.tmp` and renamed to `journal`:
///
/// ```
/// flipbook-commit 1
/// frame-count 120
/// frames 0 119
/// remove-outdated yes
/// ```
///
/// The last line is `yes` for a whole sequence (every outdated frame goes), `no` for a
/// `--frames` range (none does), and `A B` or `A max` for a shard (``FrameShard``): only
/// outdated frames numbered A through B, or from A on.
struct CommitJournal: Equatable {
  /// Frames in the whole sequence (for names and digit widths).
  var frameCount: Int
  /// The frames the commit moves in.
  var frames: Range<Int>
  /// The numbers of the frame files that do not belong to the sequence and are moved aside
  /// too: all (`0..<Int.max`) for a whole sequence, none (nil) for a range, a shard's own
  /// numbers for a shard (``FrameShard/ownedNumbers(frameCount:)``).
  var outdated: Range<Int>?

  /// The file names of the frames moved in.
  var names: [String] { frames.map { FrameFileName.name(index: $0, frameCount: frameCount) } }

  var text: String {
    "flipbook-commit 1\nframe-count \(frameCount)\nframes \(frames.lowerBound) \(frames.upperBound - 1)\n"
      + "remove-outdated \(outdatedText)\n"
  }

  private var outdatedText: String {
    guard let outdated else { return "no" }
    if outdated == Self.all { return "yes" }
    let last = outdated.upperBound == Int.max ? "max" : String(outdated.upperBound - 1)
    return "\(outdated.lowerBound) \(last)"
  }

  /// Every frame number: what a whole sequence removes.
  static let all = 0..<Int.max

  init(frameCount: Int, frames: Range<Int>, outdated: Range<Int>?) {
    self.frameCount = frameCount
    self.frames = frames
    self.outdated = outdated
  }

  /// True when the outdated frame file `name` is to be moved aside by this commit.
  func removes(outdated name: String) -> Bool {
    outdated.map { FrameFileName.isStale(name, frameCount: frameCount, in: $0) } ?? false
  }

  /// Reads ``text``; nil for anything else.
  init?(text: String) {
    let lines = text.split(separator: "\n").map { $0.split(separator: " ") }
    guard lines.count == 4, lines[0] == ["flipbook-commit", "1"],
      lines[1].count == 2, lines[1][0] == "frame-count", let count = Int(lines[1][1]), count >= 0,
      lines[2].count == 3, lines[2][0] == "frames", let first = Int(lines[2][1]), let last = Int(lines[2][2]),
      first >= 0, last >= first - 1, last < count,
      lines[3].first == "remove-outdated", let outdated = Self.outdated(lines[3].dropFirst())
    else { return nil }
    self.init(frameCount: count, frames: first..<(last + 1), outdated: outdated)
  }

  /// The last line's value: `yes`, `no`, `A B` or `A max`; nil for anything else (the
  /// outer optional).
  private static func outdated(_ words: ArraySlice<Substring>) -> Range<Int>?? {
    switch Array(words) {
    case ["yes"]: return .some(all)
    case ["no"]: return .some(nil)
    case let pair where pair.count == 2:
      guard let first = Int(pair[0]), first >= 0 else { return nil }
      if pair[1] == "max" { return .some(first..<Int.max) }
      guard let last = Int(pair[1]), last >= first, last < Int.max else { return nil }
      return .some(first..<(last + 1))
    default: return nil
    }
  }
}
