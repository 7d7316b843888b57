import FlipbookRender

/// Writes a sequence with `ColorProducer`s configured by `producer`.
@discardableResult
func writeFrames(
  to directory: String, frameCount: Int, range: ClosedRange<Int>? = nil, jobs: Int = 2,
  producer: ColorProducer = ColorProducer(), progress: (@Sendable (Int) -> Void)? = nil,
  cancellation: WriteCancellation? = nil
) throws -> WriteSummary {
  let writer = FrameSequenceWriter(directory: directory, frameCount: frameCount, range: range)
  return try writer.write(
    jobs: jobs, makeProducer: { producer }, progress: progress, cancellation: cancellation)
}
