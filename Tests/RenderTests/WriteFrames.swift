import FlipbookRender

/// Writes a sequence with `ColorProducer`s configured by `producer`.
@discardableResult
func writeFrames(
  to directory: String, frameCount: Int, range: ClosedRange<Int>? = nil, jobs: Int = 2,
  producer: ColorProducer = ColorProducer(), progress: (@Sendable (Int) -> Void)? = nil,
  cancellation: CancellationToken? = nil
) throws -> WriteSummary {
  let writer = FrameSequenceWriter(directory: directory, frameCount: frameCount, range: range)
  var report: FrameProgress?
  if let progress { report = { done, _ in progress(done) } }
  return try writer.write(jobs: jobs, makeProducer: { producer }, cancellation: cancellation, progress: report)
}
