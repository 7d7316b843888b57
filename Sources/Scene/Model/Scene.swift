import FlipbookAnimation

/// A decoded, validated scene file (docs/scene-format.md).
public struct Scene: Sendable {
  public var canvas: Canvas
  public var fps: Double
  public var duration: Duration
  /// State variables in file order, with their initial values.
  public var state: [(name: String, value: StateValue)]
  public var root: Node
  /// The timeline as transactions in the order they apply (sequences expanded, sorted
  /// stably by time).
  public var transactions: [Transaction]

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
  public var path: String
  /// Where the event (or sequence step) starts in the file, for messages about it that only
  /// replaying the timeline finds (a timeline too heavy to replay).
  public var location: SourceLocation

  public init(
    time: Double, changes: [(name: String, value: StateValue)], animation: Animation?,
    disablesAnimations: Bool, path: String, location: SourceLocation = SourceLocation(line: 1, column: 1)
  ) {
    self.time = time; self.changes = changes; self.animation = animation
    self.disablesAnimations = disablesAnimations; self.path = path; self.location = location
  }
}
