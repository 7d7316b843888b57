import ArgumentParser
import FlipbookRender
import Foundation

extension Frames {
  /// `--shard` renders part of a frame folder and nothing else.
  func validateShard() throws {
    guard let shard else { return }
    guard out != nil, time == nil, frame == nil else {
      throw ValidationError("--shard renders part of a frame folder: give --out DIR (without --time or --frame)")
    }
    for (given, name) in [
      (gif != nil, "--gif"), (animated.apng != nil, "--apng"), (animated.webp != nil, "--webp"),
      (animated.video != nil, "--video"), (contactSheet != nil, "--contact-sheet"), (frames != nil, "--frames"),
    ] where given {
      throw ValidationError("--shard renders part of the frames into --out; \(name) needs them all: run it apart")
    }
    _ = try shard.resolve(environment: ProcessInfo.processInfo.environment)
  }

  /// The shard of `--shard`, checked by ``validateShard()``; nil without the option.
  func resolvedShard() throws -> FrameShard? {
    try shard?.resolve(environment: ProcessInfo.processInfo.environment)
  }

  /// After a shard: which frames it wrote, and how to check the folder once all shards ran.
  func reportShard(_ shard: FrameShard, frameCount: Int, out: String) {
    let frames = shard.frames(frameCount: frameCount)
    let which = frames.isEmpty ? "no frames (more shards than frames)" : "frames \(frames.first!)-\(frames.last!)"
    report("  shard \(shard) of \(frameCount) frames: \(which)")
    report("  when all shards are done: render merge-check \(OutputCommands.quote(out)) \(OutputCommands.quote(scene))")
  }
}
