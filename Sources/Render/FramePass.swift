import FlipbookEngine
import FlipbookGIF
import FlipbookImage
import Synchronization

/// One pass over a scene's frames that feeds every requested output: the PNG frame folder and
/// any number of animated files, each frame drawn once.
///
/// Frames are drawn on `jobs` threads of a ``WorkerPool``; each worker also writes its frame's
/// PNG into the folder's staging area and, with a GIF output, reduces it to a palette, in
/// parallel. The finished frames then reach the ``AnimatedOutput``s in order on the calling
/// thread, at most `2 × jobs` frames ahead, so memory stays bounded whatever the length.
///
/// All or nothing: the animated files are finished under temporary names, the frame folder is
/// then committed (``FrameSequenceWriter``), and only then are the files renamed into place.
/// A failure or cancellation anywhere before leaves the folder and every file as they were.
/// The bytes of each output do not depend on `jobs`.
public struct FramePass {
  public let scene: CompiledScene
  /// The frames to draw, or `nil` for all.
  public var range: ClosedRange<Int>?
  /// The PNG frame folder, if any.
  public var folder: FrameSequenceWriter?
  /// The animated files, fed in this order.
  public var outputs: [any AnimatedOutput]
  /// The frames the animated files get, when fewer than the pass draws (a looping scene's
  /// files leave out a last frame that repeats the first, while the folder keeps it); `nil`:
  /// every frame drawn.
  public var outputRange: ClosedRange<Int>?
  /// With a GIF among the outputs: the quantizer each worker copies (``RenderedFrame/gif``).
  public var gifQuantizer: GIFQuantizer?
  /// Bytes the workers and their queued frames may use together (see
  /// ``GIFRenderer/workerCount(jobs:pixels:budget:)``).
  public var memoryBudget = 1 << 30

  public init(
    scene: CompiledScene, range: ClosedRange<Int>?, folder: FrameSequenceWriter?, outputs: [any AnimatedOutput],
    gifQuantizer: GIFQuantizer? = nil
  ) {
    self.scene = scene
    self.range = range
    self.folder = folder
    self.outputs = outputs
    self.gifQuantizer = gifQuantizer
  }

  /// What a pass wrote: the folder's summary (if any), and one per animated output, in order.
  public struct Summary: Sendable {
    public var folder: WriteSummary?
    public var outputs: [WriteSummary]
  }

  /// Draws the frames and writes every output; see the type's description for what a failure
  /// leaves. `progress` counts frames handed to the outputs (or written, without outputs).
  public func run(jobs: Int, cancellation: CancellationToken? = nil, progress: FrameProgress? = nil) throws -> Summary {
    let start = ContinuousClock.now
    if outputs.isEmpty, let folder {
      let scene = self.scene
      let summary = try folder.write(
        jobs: jobs, makeProducer: { SceneFrameProducer(scene: scene) }, cancellation: cancellation,
        progress: progress)
      return Summary(folder: summary, outputs: [])
    }
    var folderSummary: WriteSummary?
    do {
      if let folder {
        folderSummary = try folder.write(cancellation: cancellation, threads: jobs) { run, frames in
          try feed(frames, run: run, jobs: jobs, cancellation: cancellation, progress: progress)
        }
      } else {
        let frames = range.map { Range($0) } ?? 0..<scene.frameCount
        try feed(frames, run: nil, jobs: jobs, cancellation: cancellation, progress: progress)
      }
      for output in outputs { try output.commit() }
    } catch {
      for output in outputs { output.abandon() }
      throw error
    }
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    let count = (outputRange ?? range)?.count ?? scene.frameCount
    return Summary(
      folder: folderSummary,
      outputs: outputs.map { WriteSummary(framesWritten: count, totalBytes: $0.bytesWritten, seconds: seconds) })
  }

  /// Draws `frames` on the pool (writing each PNG into `run`'s staging folder when there is
  /// one), hands them to the outputs in order, and closes the outputs.
  private func feed(
    _ frames: Range<Int>, run: WriteRun?, jobs: Int, cancellation: CancellationToken?, progress: FrameProgress?
  ) throws {
    let scene = self.scene
    let quantizer = gifQuantizer
    let workers = GIFRenderer.workerCount(
      jobs: jobs, pixels: scene.pixelWidth * scene.pixelHeight, budget: memoryBudget)
    let spares = Mutex<[Pixmap]>([])
    try WorkerPool(jobs: workers, name: "flipbook-frames").forEachInOrder(
      count: frames.count, cancellation: cancellation, progress: progress,
      makeWorker: { Worker(frame: WriteRun.Worker(producer: SceneFrameProducer(scene: scene)), quantizer: quantizer) },
      produce: { worker, k in
        // Draw into a consumed frame's pixels if there is one: the pixmap just handed out is
        // still waiting in line, and drawing over it would copy it first.
        if let spare = spares.withLock({ $0.popLast() }) { worker.frame.pixmap = spare }
        return try worker.draw(frames.lowerBound + k, run: run)
      },
      consume: { _, frame in
        if outputRange?.contains(frame.index) ?? true {
          for output in outputs { try output.add(frame) }
        }
        spares.withLock { if $0.count < workers { $0.append(frame.pixmap) } }
      })
    for output in outputs { try output.close() }
  }

  /// One worker thread's own state: a producer, a pixmap and a PNG encoder reused for every
  /// frame it takes, and the GIF quantizer, if any.
  struct Worker {
    var frame: WriteRun.Worker<SceneFrameProducer>
    var quantizer: GIFQuantizer?
    /// The palette frame of the frame this worker drew last, reused for a frame that repeats it.
    var lastGIF: GIFIndexedFrame?

    /// Frame `index` drawn (and written to the staging folder), with its palette if asked.
    mutating func draw(_ index: Int, run: WriteRun?) throws -> RenderedFrame {
      let repeated: Bool
      do {
        if let run {
          repeated = try run.writeFrame(index, with: &frame)
        } else {
          repeated = try frame.producer.renderFrameNotingRepeats(index, into: &frame.pixmap)
        }
      } catch {
        lastGIF = nil
        throw error
      }
      if quantizer != nil && !(repeated && lastGIF != nil) {
        lastGIF = nil
        lastGIF = try quantizer?.quantize(frame.pixmap)
      }
      return RenderedFrame(index: index, pixmap: frame.pixmap, gif: lastGIF)
    }
  }
}
