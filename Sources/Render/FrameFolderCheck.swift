import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checks a frame folder against the frames a scene renders, after a farm wrote it in shards
/// (`render merge-check`): which frames are missing, which are not the scene's, and which
/// frame files do not belong to the sequence.
///
/// A frame is checked by rendering and encoding it again and comparing bytes with its file:
/// frames are pure functions of the scene and their time, and their bytes are the same on any
/// run, so this is exact, and frames need to carry no record of where they came from.
public enum FrameFolderCheck {
  /// What a check found; frame numbers ascending.
  public struct Report: Sendable, Equatable {
    /// Frames without a file.
    public var missing: [Int] = []
    /// Frames whose file holds other bytes than the scene renders (or cannot be read).
    public var stale: [Int] = []
    /// Frame file names that do not belong to the sequence (``FrameFileName/isStale(_:frameCount:)``).
    public var outdated: [String] = []

    /// True when the checked frames are all there and all the scene's, and nothing outdated is.
    public var isComplete: Bool { missing.isEmpty && stale.isEmpty && outdated.isEmpty }
  }

  /// Checks frames `frames` of a `frameCount`-frame sequence in `directory`, rendering on
  /// `jobs` threads with a producer per thread, and lists the outdated frame files whose
  /// numbers lie in `outdatedNumbers` (all of them for the whole sequence, a shard's own for a
  /// shard: ``FrameShard/ownedNumbers(frameCount:)``).
  ///
  /// Throws what the producer or the encoder throws, or `CancellationError`.
  public static func check<P: FrameProducer>(
    directory: String, frameCount: Int, frames: Range<Int>, outdatedNumbers: Range<Int>, jobs: Int,
    makeProducer: @escaping @Sendable () -> P, cancellation: CancellationToken? = nil,
    progress: FrameProgress? = nil
  ) throws -> Report {
    let folder = OutputFolder(path: directory)
    let found = Mutex(Report())
    try WorkerPool(jobs: jobs, name: "flipbook-frame-check").forEach(
      count: frames.count, cancellation: cancellation, progress: progress,
      makeWorker: { WriteRun.Worker(producer: makeProducer()) },
      body: { worker, offset in
        let index = frames.lowerBound + offset
        let path = folder.child(FrameFileName.name(index: index, frameCount: frameCount))
        var info = stat()
        guard lstat(path, &info) == 0 else { return found.withLock { $0.missing.append(index) } }
        let file = FileManager.default.contents(atPath: path)
        try worker.producer.renderFrame(index, into: &worker.pixmap)
        let same = try worker.encoder.withEncodedBytes(of: worker.pixmap) { png in
          file.map { $0.elementsEqual(png) } ?? false
        }
        if !same { found.withLock { $0.stale.append(index) } }
      })
    var report = found.withLock { $0 }
    report.missing.sort()
    report.stale.sort()
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    report.outdated = names.filter { FrameFileName.isStale($0, frameCount: frameCount, in: outdatedNumbers) }.sorted()
    return report
  }
}
