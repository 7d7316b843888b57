import Dispatch
import FlipbookPNG
import FlipbookImage
import FlipbookRaster
import Foundation
import Synchronization

/// Writes a sequence of frames as `frame_NNNN.png` files, all or nothing.
///
/// Frames are rendered and encoded on several threads, written into a hidden staging folder
/// inside the output folder, and moved into place only when every one of them succeeded. So
/// a failure half-way (a throwing producer, a full disk, Ctrl-C) leaves the output folder as
/// it was, and a reader never sees a mix of old and new frames from a failed run.
///
/// ```swift
/// let writer = FrameSequenceWriter(directory: "out", frameCount: 120, range: nil)
/// let summary = try writer.write(jobs: 8, makeProducer: { SceneFrames(scene) }, progress: nil)
/// ```
///
/// Rules (docs/scene-format.md, "Output"):
/// - File names: ``FrameFileName/name(index:frameCount:)``; a frame keeps its name in any range.
/// - Whole sequence (`range == nil`): afterwards, frame files of an earlier run that do not
///   belong to this sequence (numbers ≥ `frameCount`, or another digit width) are removed.
/// - With a range, only those frames are written and nothing else is touched, so shards of one
///   sequence can share a folder.
/// - Only our own `frame_NNNN.png` names are ever replaced or removed, never through a symlink.
/// - Memory is bounded by `jobs` × one frame: each worker owns one pixmap, one encoder and its
///   buffers, and takes the next frame number from a shared atomic counter.
public struct FrameSequenceWriter: Sendable {
  /// The output folder (`--out`).
  public let directory: String
  /// Frames in the whole sequence; indices are `0..<frameCount`.
  public let frameCount: Int
  /// The frames this write produces, or `nil` for all of them.
  public let range: ClosedRange<Int>?

  /// A writer for frames `range` (nil = all) of a `frameCount`-frame sequence into `directory`.
  ///
  /// `frameCount`: frames in the whole sequence (indices `0..<frameCount`; file names use
  /// `max(4, digits(frameCount - 1))` digits: `frame_0000.png`…).
  /// `range`: which frames to write (nil = all). With a range, only those files are written
  /// and nothing else in the folder is touched; with the whole sequence, stale
  /// `frame_<digits>.png` files of an earlier longer run (indices ≥ `frameCount`, or with
  /// another digit width) are removed after success. Nothing is checked until
  /// ``write(jobs:makeProducer:progress:)``.
  public init(directory: String, frameCount: Int, range: ClosedRange<Int>?) {
    precondition(frameCount >= 0, "a sequence cannot have a negative number of frames")
    self.directory = directory
    self.frameCount = frameCount
    self.range = range
  }

  /// Renders and encodes frames on `jobs` threads, writes them into a staging folder inside
  /// `directory`, and moves them into place only when all succeeded.
  ///
  /// Frames are independent, so the output bytes do not depend on `jobs`. The calling thread
  /// is one of the `jobs` workers (at most one per frame); it returns when all have stopped.
  /// `makeProducer` is called once on each worker thread. `progress` is
  /// called (from any thread, one call at a time, in increasing order) with the number of
  /// frames done so far. Before anything is rendered, `directory` is created if missing (its
  /// parent must exist) and checked to be a writable folder.
  ///
  /// On any error (see ``FrameSequenceError``) the other workers stop after their current
  /// frame, the staging folder is removed, `directory` is left exactly as it was (a folder
  /// this call created is removed again) and the error is thrown. On SIGINT or SIGTERM the
  /// same cleanup happens and then the process exits with status 130 or 143 (see
  /// `InterruptGuard`).
  public func write<P: FrameProducer>(
    jobs: Int,
    makeProducer: @escaping @Sendable () -> P,
    progress: (@Sendable (Int) -> Void)?
  ) throws -> WriteSummary {
    try write(jobs: jobs, makeProducer: makeProducer, progress: progress, cancellation: nil)
  }

  /// ``write(jobs:makeProducer:progress:)`` that also stops when `cancellation` is triggered,
  /// then throws ``FrameSequenceError/interrupted(signal:)`` instead of exiting.
  package func write<P: FrameProducer>(
    jobs: Int,
    makeProducer: @escaping @Sendable () -> P,
    progress: (@Sendable (Int) -> Void)?,
    cancellation: WriteCancellation?
  ) throws -> WriteSummary {
    let start = ContinuousClock.now
    let frames = try framesToWrite()
    let names = frames.map { FrameFileName.name(index: $0, frameCount: frameCount) }

    var folder = OutputFolder(path: directory)
    try folder.prepare()
    do {
      try folder.checkTargets(names)
    } catch {
      folder.removeIfCreated()
      throw error
    }

    InterruptGuard.begin()
    defer { InterruptGuard.end() }

    let staging: String
    do {
      staging = try folder.makeStagingFolder()
    } catch {
      folder.removeIfCreated()
      throw error
    }

    let run = WriteRun(
      frames: frames, staging: staging, folder: folder.path, frameCount: frameCount,
      cancellation: cancellation, progress: progress)
    let workers = max(1, min(jobs, frames.count))
    let group = DispatchGroup()
    for _ in 1..<workers {
      group.enter()
      let thread = Thread {
        run.work(makeProducer())
        group.leave()
      }
      thread.name = "flipbook-frame-writer"
      thread.start()
    }
    run.work(makeProducer())
    group.wait()

    if let error = run.stopReason() {
      folder.removeStagingFolder(staging)
      folder.removeIfCreated()
      if let signo = InterruptGuard.pendingSignal {
        InterruptGuard.exitAfterInterrupt(signo, "no frame in '\(folder.path)' was changed")
      }
      throw error
    }

    do {
      try folder.commit(names, from: staging)
      folder.removeStagingFolder(staging)
      if range == nil {
        try folder.removeStaleFrames(frameCount: frameCount)
      }
    } catch {
      folder.removeStagingFolder(staging)
      throw error
    }
    if let signo = InterruptGuard.pendingSignal {
      // The signal came while frames were being moved; the folder is complete, so finish.
      InterruptGuard.exitAfterInterrupt(signo, "all frames in '\(folder.path)' were written")
    }
    let elapsed = ContinuousClock.now - start
    return WriteSummary(
      framesWritten: frames.count, totalBytes: run.totalBytes,
      seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
  }

  /// The frame indices of this write, or an error when `range` leaves the sequence.
  private func framesToWrite() throws(FrameSequenceError) -> Range<Int> {
    guard let range else { return 0..<frameCount }
    guard range.lowerBound >= 0, range.upperBound < frameCount else {
      throw .invalidRange(range, frameCount: frameCount)
    }
    return Range(range)
  }
}

/// Lets a caller (a test, a future GUI) stop a write as a signal would, without exiting.
package final class WriteCancellation: Sendable {
  private let signal = Atomic<Int32>(0)

  package init() {}

  /// Asks the write to stop; it then throws `.interrupted(signal: signo)`.
  package func cancel(signal signo: Int32) {
    signal.store(signo, ordering: .relaxed)
  }

  var pendingSignal: Int32? {
    let signo = signal.load(ordering: .relaxed)
    return signo == 0 ? nil : signo
  }
}
