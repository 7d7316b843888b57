#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a sequence of frames as `frame_NNNN.png` files, all or nothing.
///
/// Frames are rendered and encoded on several threads, written into a hidden staging folder
/// inside the output folder, and moved into place only when every one of them succeeded, by a
/// journaled commit that is undone on any failure or cancellation (``StagingFolder``). So a
/// failure half-way (a throwing producer, a full disk, a frame that cannot be replaced, a
/// cancellation) leaves the output folder as it was. The folder is locked while a write runs
/// (``FolderLock``), so two writes never mix their frames; a process killed during the commit
/// leaves a journal from which the next write (or ``recover(directory:)``) completes it.
///
/// ```swift
/// let writer = FrameSequenceWriter(directory: "out", frameCount: 120, range: nil)
/// let summary = try writer.write(jobs: 8, makeProducer: { SceneFrameProducer(scene: scene) })
/// ```
///
/// Rules (docs/scene-format.md, "Output"):
/// - File names: ``FrameFileName/name(index:frameCount:)``; a frame keeps its name in any range.
/// - Whole sequence (`range == nil`): afterwards, frame files of an earlier run that do not
///   belong to this sequence (numbers ≥ `frameCount`, or another digit width) are removed.
/// - With a range, only those frames are written and nothing else is touched, so shards of one
///   sequence can share a folder: ranges lock it shared, a whole sequence exclusive, and a
///   write that finds it taken waits up to 2 s, then throws ``FrameSequenceError/busy(path:)``.
/// - A ``FrameShard`` is a range that also removes the outdated frame files whose numbers it
///   owns, so the N shards of a sequence leave the folder as one whole run would, each
///   touching only its own files.
/// - Only our own `frame_NNNN.png` names are ever replaced or removed, never through a symlink.
/// - Memory is bounded by `jobs` × one frame: each worker owns one pixmap, one encoder and its
///   buffers, and takes the next frame numbers (up to ``WorkerPool/maxBatch`` at a time, whose
///   display lists it evaluates first: ``FrameProducer/prepareFrames(_:)``) from a shared
///   atomic counter.
public struct FrameSequenceWriter: Sendable {
  /// The output folder (`--out`).
  public let directory: String
  /// Frames in the whole sequence; indices are `0..<frameCount`.
  public let frameCount: Int
  /// The frames this write produces, or `nil` for all of them (or for a shard's).
  public let range: ClosedRange<Int>?
  /// The shard this write produces, or `nil`.
  public let shard: FrameShard?
  /// Test only: microseconds to sleep after each move of the commit (and of a recovery), so
  /// that a test can kill the process at chosen points of it. The `render` command sets it
  /// from the environment variable `FLIPBOOK_TEST_COMMIT_PAUSE_US`.
  package var commitStepPause: UInt32 = 0
  /// Test only: lock the folder through a lock file, as on a network file system
  /// (``FolderLock``).
  package var usesLockFile = false

  /// `directory` as the writer's messages name it: without trailing slashes, `.` when empty.
  public var folder: String { OutputFolder(path: directory).path }

  /// A writer for frames `range` (nil = all) of a `frameCount`-frame sequence into `directory`.
  ///
  /// `frameCount`: frames in the whole sequence (indices `0..<frameCount`; file names use
  /// `max(4, digits(frameCount - 1))` digits: `frame_0000.png`…).
  /// `range`: which frames to write (nil = all). With a range, only those files are written
  /// and nothing else in the folder is touched; with the whole sequence, stale
  /// `frame_<digits>.png` files of an earlier longer run (indices ≥ `frameCount`, or with
  /// another digit width) are removed after success. Nothing is checked until
  /// ``write(jobs:makeProducer:cancellation:progress:)``.
  public init(directory: String, frameCount: Int, range: ClosedRange<Int>?) {
    precondition(frameCount >= 0, "a sequence cannot have a negative number of frames")
    self.directory = directory
    self.frameCount = frameCount
    self.range = range
    self.shard = nil
  }

  /// A writer for shard `shard` of a `frameCount`-frame sequence into `directory`: its frames
  /// (``FrameShard/frames(frameCount:)``, possibly none), and the removal of the outdated
  /// frame files whose numbers it owns (``FrameShard/ownedNumbers(frameCount:)``). Other
  /// shards of the same sequence can write into `directory` at the same time.
  public init(directory: String, frameCount: Int, shard: FrameShard) {
    precondition(frameCount >= 0, "a sequence cannot have a negative number of frames")
    self.directory = directory
    self.frameCount = frameCount
    self.range = nil
    self.shard = shard
  }

  /// True when other writes of the same sequence may share the folder.
  private var isPart: Bool { range != nil || shard != nil }

  /// Renders and encodes frames on `jobs` threads, writes them into a staging folder inside
  /// `directory`, and moves them into place only when all succeeded.
  ///
  /// Frames are independent, so the output bytes do not depend on `jobs`. The calling thread
  /// is one of the `jobs` workers of a ``WorkerPool`` (at most one per frame); it returns when
  /// all have stopped. `makeProducer` is called once on each worker thread. `progress` is
  /// called (from any thread, one call at a time, in increasing order) with the number of
  /// frames done so far and the number this write makes. Before anything is rendered,
  /// `directory` is created if missing (its parent must exist), locked, cleared of what killed
  /// writes left (when no other write holds it) and checked to be a writable folder.
  ///
  /// On any error (see ``FrameSequenceError``) the other workers stop after their current
  /// frame, the moves of a commit under way are undone, the staging folder is removed,
  /// `directory` is left exactly as it was (a folder this call created is removed again) and
  /// the error is thrown. `cancellation` is checked by the workers between frames and before
  /// each move of the commit; a cancelled write cleans up the same way and throws
  /// ``FrameSequenceError/cancelled``, or ``FrameSequenceError/interrupted(signal:)`` when the
  /// token was cancelled for a signal.
  ///
  /// The writer installs no signal handlers: what SIGINT means is the process's choice. A
  /// process that wants a file-size limit (`ulimit -f`) to fail the write cleanly instead of
  /// being killed ignores SIGXFSZ while it writes, as the `render` command does.
  public func write<P: FrameProducer>(
    jobs: Int,
    makeProducer: @escaping @Sendable () -> P,
    cancellation: CancellationToken? = nil,
    progress: FrameProgress? = nil
  ) throws -> WriteSummary {
    try write(cancellation: cancellation, threads: jobs) { run, frames in
      try WorkerPool(jobs: jobs, name: "flipbook-frame-writer").forEach(
        count: frames.count, cancellation: cancellation, progress: progress,
        makeWorker: { WriteRun.Worker(producer: makeProducer()) },
        prepare: { worker, offsets in
          worker.producer.prepareFrames(
            (frames.lowerBound + offsets.lowerBound)..<(frames.lowerBound + offsets.upperBound))
        },
        body: { worker, offset in try run.writeFrame(frames.lowerBound + offset, with: &worker) })
    }
  }

  /// The folder's lock, staging folder and commit around `render`, which writes `frames`
  /// into the staging folder through ``WriteRun/writeFrame(_:with:)`` (and may feed other
  /// outputs on the way: ``FramePass``).
  ///
  /// An error of `render` removes the staging folder and is thrown as it is, except that a
  /// cancellation becomes ``FrameSequenceError/cancelled`` (or `interrupted`). `threads`:
  /// how many threads remove the replaced frames after the commit (the write's `jobs`).
  func write(
    cancellation: CancellationToken?, threads: Int = 1,
    render: (_ run: WriteRun, _ frames: Range<Int>) throws -> Void
  ) throws -> WriteSummary {
    let start = ContinuousClock.now
    let frames = try framesToWrite()
    let names = frames.map { FrameFileName.name(index: $0, frameCount: frameCount) }

    var folder = OutputFolder(path: directory)
    folder.usesLockFile = usesLockFile
    let lock = try folder.lock(shared: isPart, pause: commitStepPause)
    defer { lock.unlock() }
    var staging: StagingFolder
    do {
      try folder.checkTargets(names)
      staging = try StagingFolder.create(in: folder, pause: commitStepPause)
      staging.removalThreads = threads
    } catch {
      folder.removeIfCreated(holding: lock)
      throw error
    }

    let run = WriteRun(staging: staging.path, folder: folder.path, frameCount: frameCount, cancellation: cancellation)
    do {
      try render(run, frames)
    } catch {
      staging.remove()
      folder.removeIfCreated(holding: lock)
      if error is FrameSequenceError { throw error }
      if error is CancellationError || cancellation?.isCancelled == true { throw cancelled(cancellation) }
      throw error
    }

    let outdated = shard.map { $0.ownedNumbers(frameCount: frameCount) } ?? (isPart ? nil : CommitJournal.all)
    let journal = CommitJournal(frameCount: frameCount, frames: frames, outdated: outdated)
    do {
      try staging.commit(journal, cancellation: cancellation)
    } catch {
      folder.removeIfCreated(holding: lock)
      throw error
    }
    let elapsed = ContinuousClock.now - start
    return WriteSummary(
      framesWritten: frames.count, totalBytes: run.totalBytes,
      seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
  }

  /// Finishes what killed writes left in `directory`, as every write into it does first:
  /// completes (or, when that fails, undoes) a commit that a kill interrupted, and removes
  /// the staging folders of runs killed before their commit. Returns how many it found.
  ///
  /// Waits for the folder's exclusive lock like a whole-sequence write, and throws
  /// ``FrameSequenceError/busy(path:)`` when another write keeps it. For readers of a folder
  /// that a killed run may have left half committed (`render recover DIR`).
  @discardableResult
  public static func recover(directory: String) throws(FrameSequenceError) -> Int {
    try recover(directory: directory, commitStepPause: 0)
  }

  /// ``recover(directory:)`` with the test-only pause of ``commitStepPause``.
  package static func recover(directory: String, commitStepPause: UInt32) throws(FrameSequenceError) -> Int {
    let folder = OutputFolder(path: directory)
    var found = 0
    let lock = try FolderLock.acquire(folder, shared: false) { () throws(FrameSequenceError) in
      found = try folder.recoverInterruptedWrites(pause: commitStepPause)
    }
    guard let lock else { throw .lockFailed(path: folder.path, errno: ENOENT) }
    lock.unlock()
    return found
  }

  /// The error of a cancelled write: which signal, when the token was cancelled for one.
  private func cancelled(_ token: CancellationToken?) -> FrameSequenceError {
    token?.signal.map { .interrupted(signal: $0) } ?? .cancelled
  }

  /// The frame indices of this write, or an error when `range` leaves the sequence.
  private func framesToWrite() throws(FrameSequenceError) -> Range<Int> {
    if let shard { return shard.frames(frameCount: frameCount) }
    guard let range else { return 0..<frameCount }
    guard range.lowerBound >= 0, range.upperBound < frameCount else {
      throw .invalidRange(range, frameCount: frameCount)
    }
    return Range(range)
  }
}
