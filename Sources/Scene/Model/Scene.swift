import FlipbookAnimation

/// A decoded, validated scene file (docs/scene-format.md).
public struct Scene: Sendable {
  public var canvas: Canvas
  public var fps: Double
  public var duration: Duration
  /// State variables in file order, with their initial values.
  public var state: [(name: String, value: StateValue)]
  public var root: Node
  /// The timeline as transactions (sequences expanded): those with a time sorted stably by
  /// it, then those that happen `after` another event, in file order. The replay orders them
  /// all by the times they happen (`CompiledScene.events`).
  public var transactions: [Transaction]
  /// The folder that relative file paths in the scene (images) start from: the scene file's
  /// folder as its path was given; nil for the current directory.
  public var directory: String? = nil
  /// A rendering option, not part of the file (`render --exact-text`): draw every glyph's
  /// outline at its exact position instead of from coverage masks at positions rounded to a
  /// quarter pixel (docs/scene-format.md, "Text").
  public var exactTextPlacement = false

  public init(
    canvas: Canvas, fps: Double, duration: Duration, state: [(name: String, value: StateValue)],
    root: Node, transactions: [Transaction]
  ) {
    self.canvas = canvas; self.fps = fps; self.duration = duration; self.state = state
    self.root = root; self.transactions = transactions
  }

  public var initialState: StateSnapshot {
    StateSnapshot(Dictionary(state.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a }))
  }

  public struct Canvas: Hashable, Sendable {
    /// In points.
    public var width: Double
    public var height: Double
    /// Pixels per point.
    public var scale: Double
    public var background: Color
    public init(width: Double, height: Double, scale: Double, background: Color) {
      self.width = width; self.height = height; self.scale = scale; self.background = background
    }
    /// Output size in pixels: round(points × scale).
    public var pixelWidth: Int { Int((width * scale).rounded()) }
    public var pixelHeight: Int { Int((height * scale).rounded()) }
  }

  public enum Duration: Hashable, Sendable {
    case seconds(Double)
    /// The last event's time plus the time for every animation to finish.
    case auto
  }
}

/// One timeline transaction: `withAnimation(animation) { set state }` at time `at`.
public struct Transaction: Sendable {
  public var time: Double
  public var changes: [(name: String, value: StateValue)]
  /// The transaction's animation; nil for none.
  public var animation: Animation?
  public var disablesAnimations: Bool
  /// The JSON path of the event (or sequence step), for messages and `render info`.
  public var path: String {
    get { eventPath.description }
    set { eventPath = EventPath(newValue) }
  }
  /// `path`, kept compact: the steps of a sequence share one string.
  public var eventPath: EventPath
  /// Where the event (or sequence step) starts in the file, for messages about it that only
  /// replaying the timeline finds (a timeline too heavy to replay).
  public var location: SourceLocation
  /// The event's name, which later events can follow with `after`.
  public var name: String? {
    get { self[rare: \.name] }
    set { self[rare: \.name] = newValue }
  }
  /// When set, the transaction happens when the named event's animations are logically
  /// complete, plus a delay, instead of at `time` (which the replay fills in).
  public var after: After? {
    get { self[rare: \.after] }
    set { self[rare: \.after] = newValue }
  }
  /// A keyframes event: tracks that drive number variables from when it happens (its
  /// `changes` are then empty).
  public var keyframes: KeyframeTracks? {
    get { self[rare: \.keyframes] }
    set { self[rare: \.keyframes] = newValue }
  }
  /// A phases event: steps that each happen when the previous one's animations are logically
  /// complete (its `changes` are then empty).
  public var phases: Phases? {
    get { self[rare: \.phases] }
    set { self[rare: \.phases] = newValue }
  }

  /// `name`, `after`, `keyframes` and `phases`, which few events have, out of line: one
  /// pointer (nil for most events) instead of about 100 bytes in each of a million steps.
  private var rare: RareBox?

  private struct RareFields: Sendable {
    var name: String?
    var after: After?
    var keyframes: KeyframeTracks?
    var phases: Phases?
  }

  /// An immutable box; a change makes a new one, so copies of a transaction stay independent.
  private final class RareBox: Sendable {
    let fields: RareFields
    init(_ fields: RareFields) { self.fields = fields }
  }

  /// One of the rare fields; setting it boxes the fields anew (nil when none is left).
  private subscript<T>(rare field: WritableKeyPath<RareFields, T?>) -> T? {
    get { rare?.fields[keyPath: field] }
    set {
      var fields = rare?.fields ?? RareFields()
      fields[keyPath: field] = newValue
      let empty = fields.name == nil && fields.after == nil && fields.keyframes == nil && fields.phases == nil
      rare = empty ? nil : RareBox(fields)
    }
  }

  public init(
    time: Double, changes: [(name: String, value: StateValue)], animation: Animation?,
    disablesAnimations: Bool, path: String, location: SourceLocation = SourceLocation(line: 1, column: 1),
    name: String? = nil, after: After? = nil, keyframes: KeyframeTracks? = nil, phases: Phases? = nil
  ) {
    self.time = time; self.changes = changes; self.animation = animation
    self.disablesAnimations = disablesAnimations; self.eventPath = EventPath(path)
    self.location = location
    if name != nil || after != nil || keyframes != nil || phases != nil {
      rare = RareBox(RareFields(name: name, after: after, keyframes: keyframes, phases: phases))
    }
  }

  /// Step `index` of the sequence event at `eventPath`.
  public init(
    time: Double, changes: [(name: String, value: StateValue)], animation: Animation?,
    disablesAnimations: Bool, sequence eventPath: String, step index: Int, location: SourceLocation
  ) {
    self.init(
      time: time, changes: changes, animation: animation, disablesAnimations: disablesAnimations, path: eventPath,
      location: location)
    self.eventPath = EventPath(eventPath, step: index)
  }

  /// SwiftUI's `PhaseAnimator` as an event: the first step happens when the event does, each
  /// next one when the animations of the one before are logically complete; after the last,
  /// the first again (one cycle), as many cycles as `repeatCount`.
  public struct Phases: Sendable {
    /// One phase: the state it sets and the animation that brings it in.
    public struct Step: Sendable {
      public var changes: [(name: String, value: StateValue)]
      public var animation: Animation?
      public var disablesAnimations: Bool
      public init(changes: [(name: String, value: StateValue)], animation: Animation?, disablesAnimations: Bool = false)
      {
        self.changes = changes; self.animation = animation; self.disablesAnimations = disablesAnimations
      }
    }
    public var steps: [Step]
    /// How many cycles; nil: forever.
    public var repeatCount: Int?
    public init(steps: [Step], repeatCount: Int? = 1) {
      self.steps = steps; self.repeatCount = repeatCount
    }

    /// The number of steps that happen: the first, then each cycle's others and the first again.
    public var stepCount: Int? { repeatCount.map { 1 + $0 * steps.count } }
  }

  /// Keyframe tracks on number variables, run together (SwiftUI's `KeyframeAnimator`), and how
  /// many times (`repeat`).
  public struct KeyframeTracks: Sendable {
    /// Variable name → its keyframes, in file order.
    public var tracks: [(name: String, keyframes: [Keyframe])]
    /// How many times the tracks run; nil: forever.
    public var repeatCount: Int?
    public init(tracks: [(name: String, keyframes: [Keyframe])], repeatCount: Int? = 1) {
      self.tracks = tracks; self.repeatCount = repeatCount
    }
  }

  /// `"after": NAME` with its `"delay"`: SwiftUI's `withAnimation(_:completionCriteria:_:completion:)`,
  /// the completion handler making the next change.
  public struct After: Hashable, Sendable {
    /// The event whose animations this one waits for.
    public var name: String
    /// Seconds to wait after they are logically complete.
    public var delay: Double
    public init(name: String, delay: Double = 0) {
      self.name = name; self.delay = delay
    }
  }
}
