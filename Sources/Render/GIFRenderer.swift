import FlipbookGIF
import FlipbookEngine
import FlipbookImage
import FlipbookRaster
import Foundation

/// A compiled scene in, an animated GIF out, with no external tool.
///
/// Frames are rendered and quantized (``GIFQuantizer``, one palette per frame) on `jobs`
/// threads of a ``WorkerPool``, while the calling thread compresses them into the file in
/// order (``GIFWriter``), through a ``FramePass``. Workers run at most a few frames ahead of the writer, so memory
/// stays bounded by about `2 × jobs` frames whatever the length, and large frames get fewer
/// workers than `jobs` so that they fit ``Options/memoryBudget``. Delays come from
/// ``GIFTiming``; a scene whose background is not opaque gives a transparent GIF. The file is
/// written atomically: a failure or a cancellation removes the unfinished file.
public enum GIFRenderer {
  public struct Options: Sendable {
    /// Semi-transparent pixels are composited over this color (see ``GIFQuantizer``).
    public var matte: GIFColor?
    /// libimagequant's speed, 1 … 10.
    public var speed: Int32
    /// Bytes the workers and their queued frames may use together (see
    /// ``workerCount(jobs:pixels:budget:)``); at least one worker always runs.
    public var memoryBudget: Int
    public init(matte: GIFColor? = nil, speed: Int32 = 4, memoryBudget: Int = 1 << 30) {
      self.matte = matte; self.speed = speed; self.memoryBudget = memoryBudget
    }
  }

  /// Bytes per pixel of one worker and the frames queued for it: the RGBA pixmap it draws
  /// into (4), the quantizer's working memory and indices (about 6, measured at 16384×4096),
  /// and two finished frames of indices waiting for the writer (2), with some margin.
  public static let bytesPerPixelPerWorker = 14

  /// How many of `jobs` workers fit `budget` bytes for frames of `pixels` pixels (at least
  /// one): `--jobs 8` for a 16384×4096 GIF would otherwise take 5 GB.
  public static func workerCount(jobs: Int, pixels: Int, budget: Int) -> Int {
    max(1, min(jobs, budget / max(1, pixels * bytesPerPixelPerWorker)))
  }

  /// Renders frames `range` (nil: all) of `scene` into the GIF at `path` (a ``FramePass``
  /// with one ``GIFOutput``).
  ///
  /// `progress` is called on the calling thread, in order, with the number of frames written.
  /// A cancelled render leaves `path` as it was and throws `CancellationError`.
  @discardableResult
  public static func render(
    _ scene: CompiledScene, to path: String, range: ClosedRange<Int>? = nil, jobs: Int,
    options: Options = Options(), cancellation: CancellationToken? = nil, progress: FrameProgress? = nil
  ) throws -> WriteSummary {
    let output = try GIFOutput(scene: scene, path: path, frameCount: range?.count ?? scene.frameCount)
    var pass = FramePass(
      scene: scene, range: range, folder: nil, outputs: [output],
      gifQuantizer: GIFQuantizer(matte: options.matte, speed: options.speed))
    pass.memoryBudget = options.memoryBudget
    return try pass.run(jobs: jobs, cancellation: cancellation, progress: progress).outputs[0]
  }
}
