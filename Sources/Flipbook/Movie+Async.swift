import FlipbookRender
import FlipbookScene

extension Movie {
  /// Records an async timeline on a ``VirtualClock`` and builds the scene: the `async`/`await`
  /// form of ``init(width:height:scale:background:fps:duration:exactText:state:content:timeline:)``.
  ///
  /// ```swift
  /// let movie = try Movie(width: 400, height: 300, state: LoreState()) { state in
  ///   LoreView(state: state)
  /// } timeline: { (clock: VirtualClock, state) in
  ///   try await clock.sleep(for: .seconds(0.3))
  ///   withAnimation(.spring(response: 0.3, dampingFraction: 0.1)) { state.isScaled = true }
  /// }
  /// ```
  ///
  /// The timeline runs in virtual time (see <doc:AsyncTimelines>): sleeps on the clock return
  /// when every task of the timeline is suspended and time has moved to their deadline, with
  /// no real waiting; tasks waking at the same instant resume in the order they went to sleep.
  /// State changes follow the scheduler timeline's rules: ``withAnimation(_:_:)`` animates, a
  /// plain assignment does not, and after a sleep on `clock.animation(_:)` the task's changes
  /// until it next suspends are in that animation.
  ///
  /// - Parameters:
  ///   - width: The canvas width in points, proposed to the root view.
  ///   - height: The canvas height in points.
  ///   - scale: Pixels per point (2 renders @2x).
  ///   - background: The canvas color; ``Color/clear`` gives transparent frames.
  ///   - fps: Frames per second; frame i is at i / fps seconds.
  ///   - state: The initial state.
  ///   - content: The view for a state, as a SwiftUI `body` would build it.
  ///   - duration: Seconds from the first frame to the last. The recording stops there: a
  ///     timeline still sleeping then is cancelled, and changes it makes after are dropped.
  ///     Nil ends the movie when the timeline has returned and every animation has settled.
  ///   - exactText: Draw every glyph's outline at its exact position instead of from cached
  ///     coverage masks at positions rounded to a quarter pixel (slower; `render --exact-text`).
  ///   - cancellation: Stops the recording from another thread; the initializer then throws
  ///     `CancellationError` after the timeline's tasks have been cancelled.
  ///   - timeline: Changes the state over time. It must await only the clock, its own child
  ///     tasks and actors without a custom executor (a real `Task.sleep`, an unstructured
  ///     `Task` or the main actor cannot be waited for in virtual time, and is an error).
  /// - Throws: ``MovieError`` when the timeline throws (with the time it threw at, in
  ///   ``MovieError/time``), never suspends (a loop without sleeps: after 1,000,000 reads or
  ///   changes of the state, or 100,000 steps at one instant), waits for something other than
  ///   the clock, or runs on, without a duration, past the longest movie the frame rate allows.
  public init<State, Content: View>(
    width: Double, height: Double, scale: Double = 1, background: Color = .clear, fps: Double = 30,
    duration: Double? = nil, exactText: Bool = false, state: State, cancellation: CancellationToken? = nil,
    @ViewBuilder content: @escaping (State) -> Content,
    timeline: @escaping (_ clock: VirtualClock, _ state: Store<State>) async throws -> Void
  ) throws {
    try Self.check(width: width, height: height, scale: scale, fps: fps, duration: duration)
    let scheduler = TestScheduler()
    let recorder = Recorder(clock: scheduler, initial: .empty)
    recorder.until = duration
    let executor = TimelineExecutor(
      scheduler: scheduler, recorder: recorder,
      end: duration.map { ($0, true) } ?? (Double(SceneLimits.maxFrames) / fps, false), cancellation: cancellation)
    try executor.record {
      let store = recorder.start(state: state, content: content)
      store.onAccess = { [unowned executor] in executor.countAccess() }
      let clock = VirtualClock(executor: executor)
      return { try await timeline(clock, store) }
    }
    try self.init(
      recording: recorder,
      canvas: Scene.Canvas(width: width, height: height, scale: scale, background: background.model),
      fps: fps, duration: duration, exactText: exactText)
  }
}
