/// What a frame-sequence commit moves, written into its staging folder before the first
/// frame moves, so that the next run can complete the commit (or undo it) after a kill.
///
/// The commit moves the output folder's frames of the same names (and, for a whole
/// sequence, its outdated frames) aside into the staging folder's `old/`, then the new
/// frames in. Which of those steps happened is read from the folders themselves (a new frame
/// still in staging has not moved in; a frame in `old/` has moved aside), so the journal only
/// names the frames: the sequence length, the range and whether outdated frames go too. The
/// file is small text, written whole to `journal.tmp` and renamed to `journal`:
///
/// ```
/// flipbook-commit 1
/// frame-count 120
/// frames 0 119
/// remove-outdated yes
/// ```
struct CommitJournal: Equatable {
  /// Frames in the whole sequence (for names and digit widths).
  var frameCount: Int
  /// The frames the commit moves in.
  var frames: Range<Int>
  /// True for a whole sequence: frame files that do not belong to it are moved aside too.
  var removesOutdated: Bool

  /// The file names of the frames moved in.
  var names: [String] { frames.map { FrameFileName.name(index: $0, frameCount: frameCount) } }

  var text: String {
    "flipbook-commit 1\nframe-count \(frameCount)\nframes \(frames.lowerBound) \(frames.upperBound - 1)\n"
      + "remove-outdated \(removesOutdated ? "yes" : "no")\n"
  }

  init(frameCount: Int, frames: Range<Int>, removesOutdated: Bool) {
    self.frameCount = frameCount
    self.frames = frames
    self.removesOutdated = removesOutdated
  }

  /// Reads ``text``; nil for anything else.
  init?(text: String) {
    let lines = text.split(separator: "\n").map { $0.split(separator: " ") }
    guard lines.count == 4, lines[0] == ["flipbook-commit", "1"],
      lines[1].count == 2, lines[1][0] == "frame-count", let count = Int(lines[1][1]), count >= 0,
      lines[2].count == 3, lines[2][0] == "frames", let first = Int(lines[2][1]), let last = Int(lines[2][2]),
      first >= 0, last >= first - 1, last < count,
      lines[3].count == 2, lines[3][0] == "remove-outdated", ["yes", "no"].contains(lines[3][1])
    else { return nil }
    self.init(frameCount: count, frames: first..<(last + 1), removesOutdated: lines[3][1] == "yes")
  }
}
