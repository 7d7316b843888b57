import FlipbookAnimation
import FlipbookEngine
import FlipbookScene

/// An animation made from a view and a timeline, ready to render: the Swift front end of a
/// Flipbook scene.
///
/// The view is a function of your state. The timeline changes the state over virtual time, on
/// a ``TestScheduler``, with ``withAnimation(_:_:)`` or an animated scheduler; a movie records
/// every change, evaluates the view for each state, and renders through the same engine as a
/// JSON scene, so the same scene written either way draws the same pixels.
///
/// ```swift
/// let movie = try Movie(width: 400, height: 300, state: LoreState()) { state in
///   LoreView(state: state)
/// } timeline: { scheduler, state in
///   scheduler.animation(.spring(response: 0.3, dampingFraction: 0.1))
///     .schedule(after: 0.3) { state.isScaled = true }
/// }
/// ```
public struct Movie: Sendable {
  /// The recorded scene, as the renderer sees it.
  package let compiled: CompiledScene
  package var scene: Scene { compiled.scene }

  /// Records `timeline` and builds the scene.
  ///
  /// - Parameters:
  ///   - width: The canvas width in points, proposed to the root view.
  ///   - height: The canvas height in points.
  ///   - scale: Pixels per point (2 renders @2x).
  ///   - background: The canvas color; ``Color/clear`` gives transparent frames.
  ///   - fps: Frames per second; frame i is at i / fps seconds.
  ///   - duration: Seconds from the first frame to the last, both drawn; nil ends when the
  ///     last change has happened and every animation has settled.
  ///   - exactText: Draw every glyph's outline at its exact position instead of from cached
  ///     coverage masks at positions rounded to a quarter pixel (slower; `render --exact-text`).
  ///   - state: The initial state.
  ///   - content: The view for a state, as a SwiftUI `body` would build it.
  ///   - timeline: Changes the state over time. Work still scheduled when it returns runs
  ///     afterwards, as if it ended with `scheduler.run()`.
  public init<State, Content: View>(
    width: Double, height: Double, scale: Double = 1, background: Color = .clear, fps: Double = 30,
    duration: Double? = nil, exactText: Bool = false, state: State, @ViewBuilder content: @escaping (State) -> Content,
    timeline: (_ scheduler: TestScheduler, _ state: Store<State>) throws -> Void = { _, _ in }
  ) throws {
    try Self.check(width: width, height: height, scale: scale, fps: fps, duration: duration)
    let scheduler = TestScheduler()
    let recorder = Recorder(clock: scheduler, initial: .empty)
    recorder.until = duration
    try Recorder.$current.withValue(recorder) {
      let store = recorder.start(state: state, content: content)
      try timeline(scheduler, store)
      if !scheduler.runOneShotWork() {
        throw MovieError(
          "repeating work scheduled with schedule(after:interval:) is still running when the timeline ends; "
            + "cancel it (the AnyCancellable it returns) so that the movie can end")
      }
    }
    try self.init(
      recording: recorder,
      canvas: Scene.Canvas(width: width, height: height, scale: scale, background: background.model),
      fps: fps, duration: duration, exactText: exactText)
  }

  /// Throws for a canvas, frame rate or duration the format does not allow.
  static func check(width: Double, height: Double, scale: Double, fps: Double, duration: Double?) throws {
    guard width > 0, height > 0, scale > 0, width.isFinite, height.isFinite, scale.isFinite else {
      throw MovieError("the canvas must have a finite size and scale > 0, got \(width)×\(height) at scale \(scale)")
    }
    guard fps >= SceneLimits.minFPS, fps <= SceneLimits.maxFPS else {
      throw MovieError("fps \(fps) is out of range; expected \(SceneLimits.fpsRangeText)")
    }
    if let duration, !(duration >= 0 && duration.isFinite) {
      throw MovieError("duration \(duration) is out of range; expected seconds ≥ 0")
    }
  }

  /// The movie of a finished recording: its snapshots made into a scene, checked and compiled.
  init(
    recording recorder: Recorder, canvas: Scene.Canvas, fps: Double, duration: Double?, exactText: Bool = false
  ) throws {
    if let problem = recorder.problems.first { throw MovieError(problem) }
    var scene = try SceneSynthesizer.scene(
      snapshots: recorder.snapshots, canvas: canvas, fps: fps, duration: duration.map { .seconds($0) } ?? .auto)
    scene.exactTextPlacement = exactText
    // The format's rules, as the JSON decoder applies them (a shape style first on a shape;
    // a duration when something repeats forever).
    if let problem = scene.validate().first {
      throw MovieError("\(problem)")
    }
    do {
      compiled = try CompiledScene(scene)
    } catch {
      throw MovieError("\(error)")
    }
  }

  /// A movie of an already built scene (a decoded JSON file, or one from tests).
  package init(compiled: CompiledScene) { self.compiled = compiled }

  /// The number of frames, both ends included.
  public var frameCount: Int { compiled.frameCount }
  /// Frames per second.
  public var fps: Double { compiled.fps }
  /// Seconds from the first frame to the last.
  public var duration: Double { compiled.duration }
  /// The size of a frame in pixels.
  public var pixelWidth: Int { compiled.pixelWidth }
  public var pixelHeight: Int { compiled.pixelHeight }
  /// The time of frame `index`: exactly index / fps.
  public func time(ofFrame index: Int) -> Double { compiled.time(ofFrame: index) }
}
