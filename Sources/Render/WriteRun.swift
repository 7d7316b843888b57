import FlipbookPNG
import FlipbookImage
import Synchronization

/// What the workers of one frame-sequence write share besides the pool's counter: where
/// frames go, and the bytes written so far.
final class WriteRun: Sendable {
  /// The staging folder frames are written into.
  let staging: String
  /// The output folder, for error messages.
  let folder: String
  /// Frames in the whole sequence, for file names.
  let frameCount: Int
  let cancellation: CancellationToken?

  private let bytes = Atomic<Int>(0)

  /// One worker thread's own state: its producer, a pixmap and an encoder reused for every
  /// frame it takes, so memory is bounded by the number of workers.
  struct Worker<P: FrameProducer> {
    var producer: P
    var pixmap = Pixmap(width: 0, height: 0)
    var encoder = PNGEncoder()
    /// Whether `encoder` holds the PNG bytes of the frame this worker drew last, which a frame
    /// that repeats it (``FrameProducer/renderFrameNotingRepeats(_:into:)``) writes again.
    var encoderHoldsLast = false
  }

  init(staging: String, folder: String, frameCount: Int, cancellation: CancellationToken?) {
    self.staging = staging
    self.folder = folder
    self.frameCount = frameCount
    self.cancellation = cancellation
  }

  /// Total bytes of the PNG files written so far.
  var totalBytes: Int { bytes.load(ordering: .relaxed) }

  /// Renders frame `index`, encodes it and writes it into the staging folder; returns whether
  /// the frame repeated the worker's previous one (and so was neither drawn nor encoded).
  ///
  /// A cancellation that arrives while the frame renders stops before it is written.
  @discardableResult
  func writeFrame<P: FrameProducer>(_ index: Int, with worker: inout Worker<P>) throws -> Bool {
    let repeated: Bool
    do {
      repeated = try worker.producer.renderFrameNotingRepeats(index, into: &worker.pixmap)
    } catch {
      worker.encoderHoldsLast = false
      throw FrameSequenceError.renderFailed(frame: index, underlying: error)
    }
    if cancellation?.isCancelled == true { throw CancellationError() }
    let name = FrameFileName.name(index: index, frameCount: frameCount)
    let path = staging + "/" + name
    do {
      // The file is written straight from the encoder's buffer (no copy per frame). A still
      // frame's bytes are the last frame's: the encoder's output depends on the pixels alone,
      // so this is what encoding it again would write.
      let write = { (png: UnsafeRawBufferPointer) in (POSIXFile.write(png, toPath: path, exclusive: true), png.count) }
      let (code, count): (Int32, Int)
      if repeated && worker.encoderHoldsLast {
        (code, count) = worker.encoder.withLastEncodedBytes(write)
      } else {
        worker.encoderHoldsLast = false
        (code, count) = try worker.encoder.withEncodedBytes(of: worker.pixmap, write)
        worker.encoderHoldsLast = true
      }
      if code != 0 {
        throw FrameSequenceError.writeFailed(frame: index, path: folder + "/" + name, errno: code)
      }
      bytes.add(count, ordering: .relaxed)
      return repeated
    } catch let error as PNGError {
      throw FrameSequenceError.encodeFailed(frame: index, underlying: error)
    } catch let error as FrameSequenceError {
      throw error
    } catch {
      throw FrameSequenceError.renderFailed(frame: index, underlying: error)
    }
  }
}
