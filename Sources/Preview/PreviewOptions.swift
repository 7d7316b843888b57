import FlipbookScene

/// What `render preview` serves and where: the scene file, its overrides, the address, and
/// the bounds that keep many clients or a large scene from exhausting the machine.
public struct PreviewOptions: Sendable {
  /// The scene file, watched for changes.
  public var scenePath: String
  /// `--fps`, `--duration`, `--scale`, applied at every reload as `render` applies them.
  public var overrides: SceneOverrides
  /// The address to bind: loopback unless the user says otherwise.
  public var host: String
  /// The TCP port; 0 lets the system choose a free one (``PreviewServer/port`` tells which).
  public var port: UInt16
  /// Frames drawn at once; more requests wait for a slot (default: the number of cores).
  public var renderSlots: Int
  /// Requests allowed to wait for a slot; beyond that a frame request gets 503, so a flood of
  /// requests cannot queue unbounded work.
  public var maxWaitingRenders: Int
  /// The most PNG bytes the frame cache keeps (least recently used frames go first).
  public var cacheBytes: Int
  /// How often the scene file's status is checked, in seconds.
  public var pollInterval: Double
  /// Open `/events` streams; a new one beyond this ends the oldest (most likely a closed tab).
  public var maxEventStreams: Int

  public init(
    scenePath: String, overrides: SceneOverrides = SceneOverrides(), host: String = "127.0.0.1", port: UInt16 = 8080,
    renderSlots: Int, maxWaitingRenders: Int = 64, cacheBytes: Int = 128 << 20, pollInterval: Double = 0.05,
    maxEventStreams: Int = 64
  ) {
    self.scenePath = scenePath
    self.overrides = overrides
    self.host = host
    self.port = port
    self.renderSlots = max(1, renderSlots)
    self.maxWaitingRenders = max(0, maxWaitingRenders)
    self.cacheBytes = cacheBytes
    self.pollInterval = pollInterval
    self.maxEventStreams = max(1, maxEventStreams)
  }
}
