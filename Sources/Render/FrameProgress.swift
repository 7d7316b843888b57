/// Reports how far a write is: `done` of `total` frames finished.
///
/// The writers call it one call at a time, with `done` increasing by one each call, from
/// whichever thread finished the frame (a worker of ``WorkerPool``, or the calling thread for
/// ordered outputs such as GIF). A command draws a progress bar with it; a library never
/// prints, so the callback is the caller's to fill.
public typealias FrameProgress = @Sendable (_ done: Int, _ total: Int) -> Void
