/// The whole history of one animatable attribute: its initial value and every change, in time order.
/// Frames are rendered in parallel and in any order, so `value(at:)` must be a pure function of the
/// recorded changes and `time` (no hidden mutable state, no dependence on which frames were sampled).
///
/// Evaluation is exact in time rather than frame by frame: a change at `t` takes effect for every
/// sample at or after `t` with elapsed time 0 at `t` (no one-frame device latency, no ">1 s gap"
/// resync of the spring clock: that rule exists because a device may skip frames, and we never do).
public struct AnimationTrack: Sendable {
  private let initial: AnimatableVector
  private var segments: [AnimationSegment] = []
  private var lastTime = -Double.infinity

  public init(initial: AnimatableVector) {
    self.initial = initial
  }

  /// When the value first changed, animated or not (nil: never).
  public var firstChange: Double? { segments.first?.start }

  /// Records a change to `target` at `time` (times are non-decreasing across calls; equal times apply in call order,
  /// each its own transaction). `animation == nil`: the value jumps and any running animation ends.
  /// Otherwise the change animates per docs/animation-semantics.md §2.1: a FluidSpring merges with what is running
  /// (continues from the current value and velocity; response blended over blendDuration with smoothstep),
  /// anything else combines (DefaultCombiningAnimation chain: old trajectory continues underneath, new one blends
  /// toward the new target). Do the expensive work here (state at the interruption time), so value(at:) is cheap.
  ///
  /// A change to the value the attribute already has is no change at all, as in SwiftUI: it neither
  /// animates nor stops a running animation. A time earlier than the previous change is treated
  /// as the previous change's time (a NaN time likewise; 0 for the first change).
  ///
  /// Returns the work done, so that a caller can bound a whole replay: 1, plus the entries of
  /// a running chain evaluated to find where the value is (many overlapping changes make each
  /// further change cost more), plus the new entry's own cost (a spring is integrated now).
  @discardableResult
  public mutating func set(_ target: AnimatableVector, at time: Double, animation: Animation?) -> Int {
    let time = time >= lastTime ? time : (lastTime.isFinite ? lastTime : 0)
    lastTime = time
    guard target != finalValue else { return 1 }

    guard let animation else {
      segments.append(AnimationSegment(start: time, origin: target, entries: []))
      return 1
    }

    // Is a chain still running at `time`? (A change exactly at a chain's end starts fresh.)
    var cost = 1
    if let segment = segments.last, !segment.entries.isEmpty {
      let now = segment.evaluate(at: time)
      cost += now.cost
      if now.running {
        if animation.mergesWithRunning {
          let merged = merge(animation, into: segment, now: now.offset, target: target, at: time)
          cost += merged.entries.first?.cost ?? 0
          segments.append(merged)
        } else {
          let interval = target - segment.origin
          let magnitude = (interval - now.offset).magnitudeSquared.squareRoot()
          // The new entry's distance is V − r at the moment it starts: what SwiftUI hands it.
          let entry = Self.freshEntry(
            animation, interval: interval, target: target, magnitude: magnitude, at: time)
          segments[segments.count - 1].entries.append(entry)
          cost += entry.cost
        }
        return cost
      }
    }

    let origin = finalValue
    let interval = target - origin
    let entry = Self.freshEntry(
      animation, interval: interval, target: target,
      magnitude: interval.magnitudeSquared.squareRoot(), at: time)
    segments.append(AnimationSegment(start: time, origin: origin, entries: [entry]))
    return cost + entry.cost
  }

  /// Ends whatever animation is running at `time`: the value jumps to its target, as a change
  /// without animation would, though the target is not new (a keyframe track taking the value
  /// over). Times are handled as in ``set(_:at:animation:)``. Returns the work done.
  @discardableResult
  public mutating func stop(at time: Double) -> Int {
    let time = time >= lastTime ? time : (lastTime.isFinite ? lastTime : 0)
    guard isAnimating(at: time) else { return 1 }
    lastTime = time
    segments.append(AnimationSegment(start: time, origin: finalValue, entries: []))
    return 1
  }

  private static func freshEntry(
    _ animation: Animation, interval: AnimatableVector, target: AnimatableVector, magnitude: Double,
    at time: Double
  ) -> ChainEntry {
    let program = AnimationProgram(animation, magnitude: magnitude)
    return ChainEntry(
      start: time, animation: animation, interval: interval, target: target,
      motion: .program(program), end: program.duration.map { time + $0 })
  }

  /// SwiftUI's FluidSpring `shouldMerge`: the spring takes over from the current offset. Position,
  /// velocity and force carry over only from a lone FluidSpring (the state SwiftUI keeps in the
  /// animation context); anything else hands over its position with zero velocity, since Bézier
  /// and combined animations report no velocity. The origin is kept, so the new spring's stop
  /// rule measures against the whole interval from the chain's origin, as SwiftUI's does.
  private func merge(
    _ animation: Animation, into segment: AnimationSegment, now offset: AnimatableVector,
    target: AnimatableVector, at time: Double
  ) -> AnimationSegment {
    guard case let .spring(response, dampingFraction, blendDuration) = animation else {
      preconditionFailure("only a FluidSpring merges")
    }
    let spring = FluidSpring(
      response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    var state = SpringState(position: offset)
    var blend: SpringBlend?
    if segment.entries.count == 1, let previous = segment.entries.first,
      case let .spring(previousResponse, _, _) = previous.animation
    {
      let elapsed = time - previous.start
      switch previous.motion {
      case let .program(.fluidSpring(unit)):
        // A fresh spring runs on a unit target: scale its velocity and force by the distance.
        let s = unit.state(atStep: unit.step(at: elapsed))
        let v = previous.interval
        state = SpringState(position: offset, velocity: v * s.velocity.x, force: v * s.force.x)
      case let .mergedSpring(simulation):
        state = simulation.state(atStep: simulation.step(at: elapsed))
        blend = simulation.blend.map { SpringBlend(interval: $0.interval, start: $0.start - elapsed) }
      default:
        break
      }
      if previousResponse != response {
        blend = SpringBlend(interval: previousResponse - response, start: 0)
      }
    }
    let interval = target - segment.origin
    let simulation = SpringSimulation(spring: spring, blend: blend, initial: state, target: interval)
    let entry = ChainEntry(
      start: time, animation: animation, interval: interval, target: target,
      motion: .mergedSpring(simulation), end: time + simulation.duration)
    return AnimationSegment(start: time, origin: segment.origin, entries: [entry])
  }

  /// The segment in force at `time`: the last one started at or before it.
  private func segment(at time: Double) -> AnimationSegment? {
    var low = 0, high = segments.count
    while low < high {
      let mid = (low + high) / 2
      if segments[mid].start <= time { low = mid + 1 } else { high = mid }
    }
    return low == 0 ? nil : segments[low - 1]
  }

  /// The presented value at `time`: the initial value before any change, then the jump or chain
  /// in force. Cost is bounded by the animations still running at `time`, not by the history.
  public func value(at time: Double) -> AnimatableVector {
    guard let segment = segment(at: time) else { return initial }
    if segment.entries.isEmpty { return segment.origin }
    return segment.evaluate(at: time).value
  }

  /// True when nothing ever changes the value: `value(at:)` is the initial value at any time,
  /// so a caller may evaluate it once instead of once per frame.
  public var isConstant: Bool { segments.isEmpty }

  /// The final target.
  public var finalValue: AnimatableVector { segments.last?.target ?? initial }

  /// Earliest time from which value(at:) == finalValue forever; nil if something repeats forever
  /// (or otherwise never settles: zero speed, an undamped interpolating spring). 0 if nothing
  /// ever changes.
  public var settleTime: Double? {
    guard let last = segments.last else { return 0 }
    return last.end
  }

  /// Every animated change, for `render info`: start time, the animation, and when it finished (nil: never).
  public var runs: [AnimationRun] {
    var result: [AnimationRun] = []
    for (index, segment) in segments.enumerated() {
      let cut = index + 1 < segments.count ? segments[index + 1].start : nil
      let chainEnd = segment.end
      for entry in segment.entries {
        let end = [entry.end, chainEnd, cut].compactMap { $0 }.min()
        result.append(AnimationRun(start: entry.start, animation: entry.animation, end: end))
      }
    }
    return result
  }

  /// True while an animation is still running at `time` (false before the first animated change and after settle).
  public func isAnimating(at time: Double) -> Bool {
    guard let segment = segment(at: time), !segment.entries.isEmpty else { return false }
    return segment.evaluate(at: time).running
  }
}
