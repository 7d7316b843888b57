import ArgumentParser
import FlipbookEngine
import FlipbookRender
import FlipbookScene
import Foundation

extension Frames {
  /// `--loop` shapes the animated files, so it needs one.
  func validateLoop() throws {
    if loop && gif == nil && !animated.any {
      throw ValidationError(
        "--loop leaves out the frame that repeats the first in an animated file: add --gif FILE.gif (or --apng, --webp, --video)"
      )
    }
  }

  /// The frames an animated file plays: `range`, without the seam's repeated frame with
  /// `--loop` (``LoopSeam``); warns when the seam cannot fall on a frame.
  func animatedRange(_ compiled: CompiledScene, _ range: ClosedRange<Int>?) -> ClosedRange<Int>? {
    guard loop else { return range }
    let selection = LoopSeam.frames(compiled, range: range)
    if !selection.seamOnAFrame && !quiet {
      let d = SceneDecoder.format(compiled.duration), fps = SceneDecoder.format(compiled.fps)
      FileHandle.standardError.write(
        Data(
          ("warning: --loop: a loop of \(d) s at \(fps) fps is not a whole number of frames, so no frame repeats "
            + "the first and all are kept; the seam falls between two frames (use a duration that is a multiple "
            + "of 1/\(fps) s)\n").utf8))
    }
    return selection.frames
  }
}
