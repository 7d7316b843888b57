import FlipbookAnimation
import FlipbookImage
import FlipbookDisplayList
import FlipbookScene

/// A scene prepared for rendering: the timeline replayed once into animation tracks, so
/// that any frame can then be evaluated on its own, in any order, on any thread.
///
/// SwiftUI animates the *results* of state changes, not the state: each attribute a view
/// draws with (a color, an offset, an opacity…) and each rect that layout gives it has a
/// track, and every transaction that changes one records the new value with the animation
/// that applies there (the transaction's, or an `animation` modifier's above it).
public final class CompiledScene: Sendable {
  public let scene: Scene
  let table: NodeTable
  /// Transaction times; snapshot k (k ≥ 1) holds after `times[k - 1]`.
  let times: [Double]
  /// The timeline's events in the order they happened, with their times and completions.
  public let events: [EventReport]
  let history: StateHistory
  /// Per node, per level: the layout rect as (x, y, width, height).
  let rectTracks: [[AnimationTrack]]
  let attributeTracks: [AttributeKey: AnimationTrack]
  /// The same tracks by node, found per frame by a short scan instead of hashing, with the
  /// value (and color) of those that never change evaluated once here.
  let nodeAttributes: [[ResolvedAttribute]]
  /// Per stack node: whether any child has a `zIndex` modifier (else file order is the order).
  let sortsChildren: [Bool]
  /// Per `if` branch root and `forEach` element: 1 when fully inserted, 0 when fully removed.
  let presenceTracks: [Int: AnimationTrack]
  /// Per `forEach` element: when it was removed, and where it stood among the shown elements.
  let removals: [Int: [(time: Double, index: Int)]]
  /// Per text node: its content changes in animated transactions, in time order.
  let contentFades: [Int: [ContentFade]]
  /// `matchedGeometryEffect` groups: the shared frame (x, y, width, height) by id.
  let matchedTracks: [String: AnimationTrack]
  /// Members of matched-geometry groups: node → (group id, modifier index of the effect).
  let matchedMembers: [Int: (id: String, level: Int)]
  /// Seconds from 0 to the last frame.
  public let duration: Double
  public let frameCount: Int

  public var fps: Double { scene.fps }
  public var pixelWidth: Int { scene.canvas.pixelWidth }
  public var pixelHeight: Int { scene.canvas.pixelHeight }

  /// The time of frame `i`: exactly i / fps, with no accumulated drift.
  public func time(ofFrame i: Int) -> Double { Double(i) / scene.fps }

  public init(_ scene: Scene) throws(SceneError) {
    self.scene = scene
    var table = NodeTable(root: scene.root, identities: Self.identities(scene))
    if let path = table.overflow {
      throw SceneError(diagnostics: [
        Diagnostic(
          file: "scene", location: SourceLocation(line: 1, column: 1), path: path,
          message:
            "this forEach makes more than \(SceneLimits.maxNodes) views over the timeline (one per element its data ever holds, times the views of its content); this is beyond the renderer's limit"
        )
      ])
    }
    table.fonts = try NodeTable.resolveFonts(table)
    (table.images, table.imageFiles) = try NodeTable.loadImages(table, directory: scene.directory)
    self.table = table
    var builder = TrackBuilder(scene: scene, table: table)
    try builder.run()
    times = builder.history.times
    events = builder.events
    history = builder.history
    rectTracks = builder.rectTracks
    attributeTracks = builder.attributeTracks
    var byNode = [[ResolvedAttribute]](repeating: [], count: table.count)
    for (key, track) in builder.attributeTracks.sorted(by: {
      ($0.key.node, $0.key.modifier, $0.key.slot) < ($1.key.node, $1.key.modifier, $1.key.slot)
    }) {
      byNode[Int(key.node)].append(ResolvedAttribute(key: key, track: track))
    }
    nodeAttributes = byNode
    sortsChildren = (0..<table.count).map { i in
      table[i].children.contains { c in
        table[c].node.modifiers.contains { if case .zIndex = $0.kind { return true } else { return false } }
      }
    }
    presenceTracks = builder.presenceTracks
    removals = builder.removals
    contentFades = builder.contentFades
    matchedTracks = builder.matchedTracks
    matchedMembers = builder.matchedMembers

    switch scene.duration {
    case .seconds(let d):
      duration = d
    case .auto:
      var end = times.last ?? 0
      for t in builder.allTracks() {
        // Forever-repeating animations are rejected when decoding a scene with "auto".
        if let s = t.settleTime { end = max(end, s) }
      }
      duration = end
    }
    let frames = (duration * scene.fps).rounded() + 1
    frameCount = frames <= Double(SceneLimits.maxFrames) ? Int(frames) : 0
    // Only an "auto" duration gets here too long: the decoder checks a duration in seconds.
    guard frames <= Double(SceneLimits.maxFrames) else { throw autoDurationTooLong(frames: frames) }
  }

  /// The error for an `"auto"` duration with more frames than the limit, pointing at the
  /// event that starts the animation that settles last (the one to shorten).
  private func autoDurationTooLong(frames: Double) -> SceneError {
    let format = SceneDecoder.format
    return SceneError(diagnostics: [
      autoDurationDiagnostic(
        "which at \(format(scene.fps)) fps is \(format(frames)) frames, more than the limit of \(SceneLimits.maxFrames); "
          + "give a shorter animation or a duration in seconds")
    ])
  }

  /// One animatable attribute of a node, ready for per-frame evaluation.
  struct ResolvedAttribute: Sendable {
    let modifier: Int32
    let slot: Int32
    let track: AnimationTrack
    /// The value at every time, when the track never changes.
    let constant: AnimatableVector?
    /// `constant` as a color (attributes that are not colors never ask for it).
    let constantColor: Color?

    init(key: AttributeKey, track: AnimationTrack) {
      modifier = key.modifier
      slot = key.slot
      self.track = track
      constant = track.isConstant ? track.value(at: 0) : nil
      constantColor = constant.map(ColorSpace.color)
    }
  }

  /// For each `forEach` data, every element identity it holds on the timeline, in order of
  /// first appearance: a literal array's own, an array variable's over its initial value and
  /// every value the transactions give it.
  static func identities(_ scene: Scene) -> (Expression) -> [ElementIdentity] {
    var byVariable: [String: [ElementIdentity]] = [:]
    var known: [String: Set<ElementIdentity>] = [:]
    func add(_ name: String, _ value: StateValue) {
      guard let elements = value.elements else { return }
      for id in ElementIdentity.of(elements) where known[name, default: []].insert(id).inserted {
        byVariable[name, default: []].append(id)
      }
    }
    for (name, value) in scene.state { add(name, value) }
    for tx in scene.transactions { for change in tx.changes { add(change.name, change.value) } }
    return { data in
      if case .state(let name) = data { return byVariable[name] ?? [] }
      return ElementIdentity.of(data.evaluate(StateSnapshot([:])).elements ?? [])
    }
  }

  /// Index of the snapshot in force at `time`: the last transaction at or before it.
  func snapshotIndex(at time: Double) -> Int {
    var lo = 0, hi = times.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if times[mid] <= time { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }
}
