import FlipbookPNG

/// Why a frame sequence could not be written; the output folder is then left as it was.
///
/// Every case names the path involved and, for system errors, the `errno` text, because the
/// message is all a user of the command line gets to see.
public enum FrameSequenceError: Error, CustomStringConvertible {
  /// `--out` exists but is not a folder.
  case notADirectory(path: String)
  /// `--out` does not exist and neither does the folder it would be created in.
  case parentMissing(path: String, parent: String)
  /// `--out` is a symbolic link to nothing: `target`, which does not exist.
  case danglingLink(path: String, target: String)
  /// `--out` could not be inspected or created.
  case cannotCreateDirectory(path: String, errno: Int32)
  /// Nothing can be created inside `--out` (permissions, read-only file system).
  case notWritable(path: String, errno: Int32)
  /// A name the sequence needs is taken by a folder, which is never replaced.
  case frameIsDirectory(path: String)
  /// The requested range lies outside `0..<frameCount`.
  case invalidRange(ClosedRange<Int>, frameCount: Int)
  /// The frame producer threw.
  case renderFailed(frame: Int, underlying: any Error)
  /// libpng could not encode a frame.
  case encodeFailed(frame: Int, underlying: PNGError)
  /// A frame could not be written to the staging folder (a full disk: ENOSPC, EFBIG, …).
  case writeFailed(frame: Int, path: String, errno: Int32)
  /// Moving a frame of the folder aside, or a finished frame into place, failed. The moves
  /// made so far were undone (`rolledBack`), or, when that failed too, are left for the next
  /// run into the folder to complete or undo.
  case commitFailed(path: String, errno: Int32, rolledBack: Bool)
  /// Another run holds the folder's lock: a whole-sequence run, or (for a whole sequence)
  /// runs of ranges. See ``FrameSequenceWriter``.
  case busy(path: String)
  /// The folder could not be opened or locked (`flock`).
  case lockFailed(path: String, errno: Int32)
  /// A killed run's staging folder could not be finished, so nothing is written.
  case recoveryFailed(path: String, reason: String)
  /// The write was cancelled for a signal (``CancellationToken/cancel(signal:)``) before it
  /// finished.
  case interrupted(signal: Int32)
  /// The write was cancelled (``CancellationToken/cancel()``) before it finished.
  case cancelled

  public var description: String {
    switch self {
    case .notADirectory(let path):
      return "cannot write frames to '\(path)': it is a file, not a folder"
    case .parentMissing(let path, let parent):
      return "cannot write frames to '\(path)': the folder '\(parent)' does not exist"
    case .danglingLink(let path, let target):
      return "cannot write frames to '\(path)': it is a symbolic link to '\(target)', which does not exist; "
        + "create that folder or remove the link"
    case .cannotCreateDirectory(let path, let code):
      return "cannot create the output folder '\(path)': \(POSIXFile.describe(code))"
    case .notWritable(let path, let code):
      return "cannot write frames to '\(path)': \(POSIXFile.describe(code))"
    case .frameIsDirectory(let path):
      return "cannot write '\(path)': a folder has that name"
    case .invalidRange(let range, let count):
      let valid = count > 0 ? "0-\(count - 1)" : "none (the sequence has no frames)"
      let asked = "\(range.lowerBound)-\(range.upperBound)"
      return "frames \(asked) are outside the sequence; valid frames: \(valid)"
    case .renderFailed(let frame, let underlying):
      return "frame \(frame) could not be rendered: \(underlying)"
    case .encodeFailed(let frame, let underlying):
      return "frame \(frame) could not be encoded: \(underlying)"
    case .writeFailed(let frame, let path, let code):
      return
        "cannot write frame \(frame) ('\(path)'): \(POSIXFile.describe(code)); no frame was changed"
    case .commitFailed(let path, let code, let rolledBack):
      let reason = POSIXFile.describe(code)
      return "cannot move '\(path)': \(reason); "
        + (rolledBack
          ? "no frame was changed"
          : "the frames moved so far could not be moved back either; the next render into that folder "
            + "(or 'render recover') completes or undoes the change")
    case .busy(let path):
      return "cannot write frames to '\(path)': another render is writing there; wait for it to finish or "
        + "use another folder (only ranges of one sequence can share a folder)"
    case .lockFailed(let path, let code):
      return "cannot lock the output folder '\(path)': \(POSIXFile.describe(code))"
    case .recoveryFailed(let path, let reason):
      return "cannot finish what an interrupted render left in '\(path)': \(reason); nothing was written"
    case .interrupted(let signal):
      return "interrupted by signal \(signal); no frame was changed"
    case .cancelled:
      return "cancelled; no frame was changed"
    }
  }
}
