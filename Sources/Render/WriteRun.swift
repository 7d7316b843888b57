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
  }

  init(staging: String, folder: String, frameCount: Int, cancellation: CancellationToken?) {
    self.staging = staging
    self.folder = folder
    self.frameCount = frameCount
    self.cancellation = cancellation
  }

  /// Total bytes of the PNG files written so far.
  var totalBytes: Int { bytes.load(ordering: .relaxed) }

  /// Renders frame `index`, encodes it and writes it into the staging folder.
  ///
  /// A cancellation that arrives while the frame renders stops before it is written.
  func writeFrame<P: FrameProducer>(_ index: Int, with worker: inout Worker<P>) throws {
    do {
      try worker.producer.renderFrame(index, into: &worker.pixmap)
    } catch {
      throw FrameSequenceError.renderFailed(frame: index, underlying: error)
    }
    if cancellation?.isCancelled == true { throw CancellationError() }
    let name = FrameFileName.name(index: index, frameCount: frameCount)
    do {
      let size = try worker.encoder.withEncodedBytes(of: worker.pixmap) { png in
        let code = POSIXFile.write(png, toPath: staging + "/" + name, exclusive: true)
        if code != 0 {
          throw FrameSequenceError.writeFailed(frame: index, path: folder + "/" + name, errno: code)
        }
        return png.count
      }
      bytes.add(size, ordering: .relaxed)
    } catch let error as PNGError {
      throw FrameSequenceError.encodeFailed(frame: index, underlying: error)
    } catch let error as FrameSequenceError {
      throw error
    } catch {
      throw FrameSequenceError.renderFailed(frame: index, underlying: error)
    }
  }
}
