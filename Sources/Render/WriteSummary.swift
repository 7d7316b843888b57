/// What a finished ``FrameSequenceWriter/write(jobs:makeProducer:cancellation:progress:)`` did,
/// for the command line's final report.
public struct WriteSummary: Sendable, Equatable {
  /// Frames rendered, encoded and moved into place.
  public var framesWritten: Int
  /// The sum of the PNG files' sizes in bytes.
  public var totalBytes: Int
  /// Wall-clock time of the whole write, from the first check to the last rename.
  public var seconds: Double

  public init(framesWritten: Int, totalBytes: Int, seconds: Double) {
    self.framesWritten = framesWritten
    self.totalBytes = totalBytes
    self.seconds = seconds
  }
}
