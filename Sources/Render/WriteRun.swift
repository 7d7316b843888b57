import FlipbookPNG
import FlipbookImage
import FlipbookRaster
import Synchronization

/// The state the workers of one write share: the next frame to take, the first failure,
/// and the progress count.
///
/// Frame numbers are handed out by an atomic counter, so a fast worker simply takes more
/// frames and no frame is ever held in memory waiting for a slower one.
final class WriteRun: Sendable {
  /// The frames of this write.
  let frames: Range<Int>
  /// The staging folder frames are written into.
  let staging: String
  /// The output folder, for error messages.
  let folder: String
  /// Frames in the whole sequence, for file names.
  let frameCount: Int
  let cancellation: WriteCancellation?
  let progress: (@Sendable (Int) -> Void)?

  private let next = Atomic<Int>(0)
  private let failed = Atomic<Bool>(false)
  private let bytes = Atomic<Int>(0)
  /// The failure with the lowest frame number, so the message does not depend on timing.
  private let failure = Mutex<(frame: Int, error: FrameSequenceError)?>(nil)
  /// Frames done; progress is reported under this lock, so calls are serialized and ordered.
  private let done = Mutex<Int>(0)

  init(
    frames: Range<Int>, staging: String, folder: String, frameCount: Int,
    cancellation: WriteCancellation?, progress: (@Sendable (Int) -> Void)?
  ) {
    self.frames = frames
    self.staging = staging
    self.folder = folder
    self.frameCount = frameCount
    self.cancellation = cancellation
    self.progress = progress
  }

  /// Total bytes of the PNG files written so far.
  var totalBytes: Int { bytes.load(ordering: .relaxed) }

  /// True once a worker failed or a signal or cancellation arrived.
  var shouldStop: Bool {
    failed.load(ordering: .relaxed) || InterruptGuard.pendingSignal != nil
      || cancellation?.pendingSignal != nil
  }

  /// Why the write must not be committed, or `nil` when every frame was written.
  func stopReason() -> FrameSequenceError? {
    if let signo = InterruptGuard.pendingSignal ?? cancellation?.pendingSignal {
      return .interrupted(signal: signo)
    }
    return failure.withLock { $0?.error }
  }

  /// One worker: takes frame numbers until none are left or the write stops.
  func work<P: FrameProducer>(_ producer: consuming P) {
    var producer = producer
    var pixmap = Pixmap(width: 0, height: 0)
    var encoder = PNGEncoder()
    while !shouldStop {
      let offset = next.wrappingAdd(1, ordering: .relaxed).oldValue
      guard offset < frames.count else { return }
      let index = frames.lowerBound + offset
      do {
        try producer.renderFrame(index, into: &pixmap)
      } catch {
        fail(frame: index, .renderFailed(frame: index, underlying: error))
        return
      }
      if shouldStop { return }
      let name = FrameFileName.name(index: index, frameCount: frameCount)
      do {
        let size = try encoder.withEncodedBytes(of: pixmap) { png in
          let code = POSIXFile.write(png, toPath: staging + "/" + name, exclusive: true)
          if code != 0 {
            throw FrameSequenceError.writeFailed(
              frame: index, path: folder + "/" + name, errno: code)
          }
          return png.count
        }
        bytes.add(size, ordering: .relaxed)
      } catch let error as PNGError {
        fail(frame: index, .encodeFailed(frame: index, underlying: error))
        return
      } catch let error as FrameSequenceError {
        fail(frame: index, error)
        return
      } catch {
        fail(frame: index, .renderFailed(frame: index, underlying: error))
        return
      }
      if let progress {
        done.withLock { count in
          count += 1
          progress(count)
        }
      }
    }
  }

  /// Records a failure and tells the other workers to stop.
  private func fail(frame: Int, _ error: FrameSequenceError) {
    failure.withLock { current in
      if current == nil || frame < current!.frame { current = (frame, error) }
    }
    failed.store(true, ordering: .relaxed)
  }
}
