import Dispatch
import FlipbookGIF
import FlipbookEngine
import FlipbookImage
import FlipbookRaster
import Foundation

/// A compiled scene in, an animated GIF out, with no external tool.
///
/// Frames are rendered and quantized (``GIFQuantizer``, one palette per frame) on `jobs`
/// threads, while the calling thread compresses them into the file in order (``GIFWriter``).
/// Workers run at most a few frames ahead of the writer, so memory stays bounded by about
/// `2 × jobs` frames whatever the length. Delays come from ``GIFTiming``; a scene whose
/// background is not opaque gives a transparent GIF. The file is written atomically, and
/// SIGINT/SIGTERM remove the unfinished file and exit as the PNG writer does.
public enum GIFRenderer {
  public struct Options: Sendable {
    /// Semi-transparent pixels are composited over this color (see ``GIFQuantizer``).
    public var matte: GIFColor?
    /// libimagequant's speed, 1 … 10.
    public var speed: Int32
    public init(matte: GIFColor? = nil, speed: Int32 = 4) {
      self.matte = matte; self.speed = speed
    }
  }

  /// Renders frames `range` (nil: all) of `scene` into the GIF at `path`.
  ///
  /// `progress` is called on the calling thread, in order, with the number of frames written.
  @discardableResult
  public static func render(
    _ scene: CompiledScene, to path: String, range: ClosedRange<Int>? = nil, jobs: Int,
    options: Options = Options(), progress: ((Int) -> Void)? = nil
  ) throws -> WriteSummary {
    let start = ContinuousClock.now
    let frames = range.map { Array($0) } ?? Array(0..<scene.frameCount)
    let writer = try GIFWriter(
      path: path, width: scene.pixelWidth, height: scene.pixelHeight,
      transparent: scene.scene.canvas.background.opacity < 1)
    let delays = GIFTiming.delays(frameCount: frames.count, fps: scene.fps)
    let queue = FrameQueue(count: frames.count, window: 2 * max(1, jobs))

    InterruptGuard.begin()
    defer { InterruptGuard.end() }
    let group = DispatchGroup()
    for _ in 0..<max(1, min(jobs, frames.count)) {
      group.enter()
      let thread = Thread {
        var producer = SceneFrameProducer(scene: scene)
        var quantizer = GIFQuantizer(matte: options.matte, speed: options.speed)
        var pixmap = Pixmap(width: 0, height: 0)
        while let k = queue.claim() {
          let result: Result<GIFIndexedFrame, any Error>
          do {
            try producer.renderFrame(frames[k], into: &pixmap)
            result = .success(try quantizer.quantize(pixmap))
          } catch {
            result = .failure(error)
          }
          queue.deliver(k, result)
        }
        group.leave()
      }
      thread.name = "flipbook-gif"
      thread.start()
    }

    var failure: (any Error)?
    for k in 0..<frames.count {
      guard let result = queue.take(k) else { break }  // interrupted
      do {
        try writer.add(try result.get(), delay: delays[k])
      } catch {
        failure = error
        break
      }
      progress?(k + 1)
    }
    queue.stop()
    group.wait()
    if let signo = InterruptGuard.pendingSignal {
      writer.abandon()
      InterruptGuard.exitAfterInterrupt(signo, "'\(path)' was not changed")
    }
    if let failure {
      writer.abandon()
      throw failure
    }
    try writer.finish()
    var info = stat()
    let bytes = stat(path, &info) == 0 ? Int(info.st_size) : 0
    let elapsed = ContinuousClock.now - start
    return WriteSummary(
      framesWritten: frames.count, totalBytes: bytes,
      seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
  }
}

/// Hands frame numbers to workers and their results to the writer, in order, letting
/// workers run at most `window` frames ahead of the writer.
private final class FrameQueue: @unchecked Sendable {
  private let condition = NSCondition()
  private let count: Int
  private let window: Int
  private var next = 0
  private var taken = 0
  private var stopped = false
  private var ready: [Int: Result<GIFIndexedFrame, any Error>] = [:]

  init(count: Int, window: Int) {
    self.count = count
    self.window = window
  }

  /// The next frame to render, or `nil` when there is none left or the write stopped.
  func claim() -> Int? {
    condition.lock()
    defer { condition.unlock() }
    while !stopped && next < count && next >= taken + window { condition.wait() }
    guard !stopped && next < count else { return nil }
    next += 1
    return next - 1
  }

  func deliver(_ k: Int, _ result: Result<GIFIndexedFrame, any Error>) {
    condition.lock()
    ready[k] = result
    condition.broadcast()
    condition.unlock()
  }

  /// Waits for frame `k`; `nil` when a signal arrived first.
  func take(_ k: Int) -> Result<GIFIndexedFrame, any Error>? {
    condition.lock()
    defer { condition.unlock() }
    while ready[k] == nil {
      if InterruptGuard.pendingSignal != nil { return nil }
      _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05))
    }
    taken = k + 1
    condition.broadcast()
    return ready.removeValue(forKey: k)
  }

  func stop() {
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
  }
}
