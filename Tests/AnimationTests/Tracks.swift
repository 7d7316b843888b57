import FlipbookAnimation

/// A scalar in lane x, the way scalar attributes are stored.
func scalar(_ x: Double) -> AnimatableVector { AnimatableVector(x, 0, 0, 0) }

/// Evaluates a one-change track: `from` until 0, then `to` with `animation` at time 0.
func trackFrom(_ from: Double, to: Double, _ animation: Animation) -> AnimationTrack {
  var track = AnimationTrack(initial: scalar(from))
  track.set(scalar(to), at: 0, animation: animation)
  return track
}
