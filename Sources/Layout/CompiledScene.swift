import FlipbookAnimation
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
  let history: StateHistory
  /// Per node, per level: the layout rect as (x, y, width, height).
  let rectTracks: [[AnimationTrack]]
  let attributeTracks: [AttributeKey: AnimationTrack]
  /// Per `if` branch root: 1 when fully inserted, 0 when fully removed.
  let presenceTracks: [Int: AnimationTrack]
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
    let table = NodeTable(root: scene.root)
    self.table = table
    var builder = TrackBuilder(scene: scene, table: table)
    try builder.run()
    times = scene.transactions.map(\.time)
    history = builder.history
    rectTracks = builder.rectTracks
    attributeTracks = builder.attributeTracks
    presenceTracks = builder.presenceTracks
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
    guard frames <= Double(SceneLimits.maxFrames) else {
      throw SceneError(diagnostics: [
        Diagnostic(
          file: "scene", location: SourceLocation(line: 1, column: 1), path: "duration",
          message: "\"auto\" resolves to \(duration) s, which at \(scene.fps) fps is \(Int(frames)) frames, more than the limit of \(SceneLimits.maxFrames); give a shorter duration")
      ])
    }
    frameCount = Int(frames)
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
