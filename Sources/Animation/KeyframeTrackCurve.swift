/// One keyframe track resolved into timed segments: the value of a number over time, as
/// SwiftUI's `KeyframeTimeline` computes it for one `KeyframeTrack` (docs/animation-semantics.md §9).
///
/// Everything that depends on neighbours (start values, the velocities handed from one segment
/// to the next, spring durations) is resolved once, in one pass, so that `value(at:)` is a
/// binary search and one segment's formula: tracks of 100,000 keyframes cost O(n) to build and
/// O(log n) per sample.
///
/// Velocity hand-offs: a segment starts with the velocity the previous one ends with; a cubic
/// keyframe's missing velocity between two cubic keyframes is (p_next − p_prev)/(d_prev + d_next)
/// (Catmull-Rom with uneven spacing, the same on both sides); next to a linear keyframe it is that
/// segment's slope times its curve's slope at the shared end; next to a spring keyframe, the
/// spring's velocity there (its `startVelocity`, or 0 when it has none); 0 at the start of the
/// track, at its end, and next to a move. A keyframe whose duration is 0 (or negative, which
/// SwiftUI accepts and treats as 0) is a move.
public struct KeyframeTrackCurve: Sendable {
  /// One resolved segment.
  public struct Segment: Sendable {
    public var kind: String
    public var start: Double
    public var duration: Double
    public var from: Double
    /// The value at the segment's end (for a spring: where it is then, not its target).
    public var end: Double
    var motion: Motion
  }

  enum Motion: Sendable {
    case jump
    /// nil: the linear curve, evaluated exactly rather than through the Bézier solver.
    case linear(UnitBezier?, to: Double)
    /// Hermite tangents scaled by the duration: m = v·d.
    case cubic(to: Double, m0: Double, m1: Double)
    case spring(Spring, displacement: Double, velocity: Double)
  }

  public let initial: Double
  public let segments: [Segment]
  /// When the last segment ends.
  public let duration: Double

  /// Work done to resolve the track: one unit per keyframe, plus one per 16 steps of the
  /// settling estimate of critically damped or overdamped springs without a duration.
  public let work: Int

  /// Resolves `keyframes` from `initial`, stopping (with `work` over `workLimit`) once the work
  /// passes `workLimit`, so that a hostile track of slow springs cannot run for minutes.
  public init(initial: Double, keyframes: [Keyframe], workLimit: Int = .max) {
    self.initial = initial
    var work = 0
    var segments: [Segment] = []
    segments.reserveCapacity(keyframes.count)
    var time = 0.0
    var value = initial
    /// The velocity the previous segment ended with (nil before the first).
    var handed: Double? = nil
    for (i, keyframe) in keyframes.enumerated() where work <= workLimit {
      work += 1
      let next = i + 1 < keyframes.count ? keyframes[i + 1] : nil
      let from = value
      var segment = Segment(
        kind: keyframe.kindName, start: time, duration: 0, from: from, end: keyframe.target, motion: .jump)
      var endVelocity = 0.0
      switch keyframe {
      case let .linear(to, duration, curve) where duration > 0:
        let bezier = curve == .linear ? nil : curve.bezier
        segment.duration = duration
        segment.motion = .linear(bezier, to: to)
        endVelocity = (to - from) / duration * (bezier?.endSlope ?? 1)
      case let .cubic(to, duration, startVelocity, endVelocity: givenEnd) where duration > 0:
        let v0 = startVelocity ?? handed ?? 0
        let v1 = givenEnd ?? Self.velocity(into: next, from: from, to: to, duration: duration)
        segment.duration = duration
        segment.motion = .cubic(to: to, m0: v0 * duration, m1: v1 * duration)
        endVelocity = v1
      case let .spring(to, duration, spring, startVelocity):
        let v0 = startVelocity ?? handed ?? 0
        let displacement = to - from
        var length = duration ?? 0
        if duration == nil {
          let settling = spring.settling(
            target: displacement, initialVelocity: v0, epsilon: Keyframe.springSettleEpsilon,
            stepLimit: workLimit - work < 100_000 / 16 ? 16 * (workLimit - work + 1) : 100_000)
          length = settling.duration
          work += settling.steps / 16
        }
        guard length > 0, length.isFinite else { break }
        segment.duration = length
        segment.motion = .spring(spring, displacement: displacement, velocity: v0)
        segment.end = from + spring.value(target: displacement, initialVelocity: v0, time: length)
        endVelocity = spring.velocity(target: displacement, initialVelocity: v0, time: length)
      default:
        break  // a move, or a keyframe with no duration: a jump, with no velocity after it
      }
      handed = endVelocity
      time += segment.duration
      value = segment.end
      segments.append(segment)
    }
    self.segments = segments
    duration = time
    self.work = work
  }

  /// The velocity a cubic keyframe from `from` to `to` over `duration` ends with when it does not
  /// give one, from the keyframe after it (nil: it is the last).
  private static func velocity(into next: Keyframe?, from: Double, to: Double, duration: Double) -> Double {
    switch next {
    case let .cubic(nextTo, nextDuration, nextStart, _)? where nextDuration > 0:
      return nextStart ?? (nextTo - from) / (duration + nextDuration)
    case let .linear(nextTo, nextDuration, curve)? where nextDuration > 0:
      return (nextTo - to) / nextDuration * (curve == .linear ? 1 : curve.bezier.startSlope)
    case let .spring(_, _, _, startVelocity)?:
      return startVelocity ?? 0
    default:
      return 0
    }
  }

  /// The value `time` seconds into the track: the start value before it, the last segment's end
  /// after it.
  public func value(at time: Double) -> Double {
    guard time >= 0 else { return initial }
    // The last segment that has started by `time` (a jump at `time` has happened).
    var low = 0, high = segments.count
    while low < high {
      let mid = (low + high) / 2
      if segments[mid].start <= time { low = mid + 1 } else { high = mid }
    }
    guard low > 0 else { return initial }
    let segment = segments[low - 1]
    let elapsed = time - segment.start
    guard elapsed < segment.duration else { return segment.end }
    switch segment.motion {
    case .jump:
      return segment.end
    case let .linear(curve, to):
      let p = elapsed / segment.duration
      return segment.from + (to - segment.from) * (curve?.value(at: p) ?? p)
    case let .cubic(to, m0, m1):
      let p = elapsed / segment.duration
      let p2 = p * p, p3 = p2 * p
      return (2 * p3 - 3 * p2 + 1) * segment.from + (p3 - 2 * p2 + p) * m0 + (-2 * p3 + 3 * p2) * to
        + (p3 - p2) * m1
    case let .spring(spring, displacement, velocity):
      return segment.from + spring.value(target: displacement, initialVelocity: velocity, time: elapsed)
    }
  }
}
