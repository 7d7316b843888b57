import FlipbookAnimation
import FlipbookScene

/// A keyframes event under way: its tracks resolved from the variables' values when it
/// happened, and when it ends. The replay applies it frame by frame, as a device updates a
/// `KeyframeAnimator`'s content once per frame: a sample at each frame time from its start
/// to its end sets its variables, without animation.
struct KeyframeRun {
  let event: Transaction
  /// The event's position in the scene's timeline, for ordering its samples.
  let index: Int
  let start: Double
  let curves: [(name: String, curve: KeyframeTrackCurve)]
  /// The longest track's duration: one cycle.
  let cycle: Double
  /// When the last cycle ends; nil: it repeats forever.
  let end: Double?

  /// Work done to resolve the tracks (``KeyframeTrackCurve/work``); over `workLimit` when the
  /// resolution stopped there.
  let work: Int

  init(event: Transaction, index: Int, state: StateSnapshot, workLimit: Int) {
    let tracks = event.keyframes!
    self.event = event
    self.index = index
    start = event.time
    var work = 0
    var curves: [(name: String, curve: KeyframeTrackCurve)] = []
    for track in tracks.tracks where work <= workLimit {
      let curve = KeyframeTrackCurve(
        initial: state[track.name].number ?? 0, keyframes: track.keyframes, workLimit: workLimit - work)
      work += curve.work
      curves.append((track.name, curve))
    }
    self.curves = curves
    self.work = work
    let (begin, cycle) = (event.time, curves.map(\.curve.duration).max() ?? 0)
    self.cycle = cycle
    // A run of no length is over at once, however often it repeats.
    end = cycle == 0 ? begin : tracks.repeatCount.map { begin + Double($0) * cycle }
  }

  /// Whether the run is over at `time` (its variables then keep their last values).
  func isOver(at time: Double) -> Bool { end.map { time >= $0 } ?? false }

  /// Each track's value at `time`: cycles restart from the start values; after the end, the
  /// value each track ended with.
  func values(at time: Double) -> [(name: String, value: Double)] {
    var local = cycle
    if !isOver(at: time) {
      let elapsed = time - start
      local = elapsed - (elapsed / cycle).rounded(.down) * cycle
    }
    return curves.map { ($0.name, $0.curve.value(at: local)) }
  }

  /// The tracks' segments in scene time (the first cycle), for `render info`.
  var report: [KeyframeTrackReport] {
    curves.map { track in
      KeyframeTrackReport(
        variable: track.name,
        segments: track.curve.segments.map { s in
          KeyframeTrackReport.Segment(kind: s.kind, start: start + s.start, end: start + s.start + s.duration)
        })
    }
  }
}

/// One keyframe track of a keyframes event, for `render info`: its variable and when each
/// keyframe's segment runs (first cycle, in scene seconds).
public struct KeyframeTrackReport: Hashable, Sendable {
  public struct Segment: Hashable, Sendable {
    public var kind: String
    public var start: Double
    public var end: Double
  }
  public var variable: String
  public var segments: [Segment]
}
