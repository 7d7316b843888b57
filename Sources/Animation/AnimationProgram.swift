/// An animation prepared for one fresh run over a known distance: what SwiftUI's
/// `animate(value:time:)` computes, reduced to a scalar fraction of the value.
///
/// Every animation that starts fresh (no merged spring state) is linear in the value it animates:
/// curves and interpolating springs scale a normalized curve, and a FluidSpring started at rest is
/// the unit-target trajectory times the value. So `animate(value, t) = value · fraction(t)`, which
/// lets a combining chain feed each entry a value that changes every frame (`V_i − r`) without
/// re-integrating. The distance only matters for the FluidSpring stop rule, so it is fixed when
/// the run starts.
indirect enum AnimationProgram: Sendable {
  case curve(UnitBezier, duration: Double)
  case interpolatingSpring(InterpolatingSpring)
  case fluidSpring(SpringSimulation)
  case delay(Double, AnimationProgram)
  case speed(Double, AnimationProgram)
  /// `count == nil` repeats forever; `cycle` is the base's duration (nil: the base never ends).
  case repeating(count: Int?, autoreverses: Bool, AnimationProgram, cycle: Double?)

  /// Prepares `animation` for a run that covers `magnitude` (the vector norm of the distance).
  init(_ animation: Animation, magnitude: Double) {
    switch animation {
    case let .timingCurve(x1, y1, x2, y2, duration):
      self = .curve(
        UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2), duration: duration.isNaN ? 0 : duration)
    case let .spring(response, dampingFraction, blendDuration):
      let spring = FluidSpring(
        response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
      self = .fluidSpring(
        SpringSimulation(
          spring: spring, blend: nil, initial: SpringState(), target: AnimatableVector(1, 0, 0, 0),
          stopScale: magnitude))
    case let .interpolatingSpring(mass, stiffness, damping, initialVelocity):
      self = .interpolatingSpring(
        InterpolatingSpring(
          mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity))
    case let .delay(delay, base):
      // Negative (or NaN) delays are treated as none.
      self = .delay(delay > 0 ? delay : 0, AnimationProgram(base, magnitude: magnitude))
    case let .speed(speed, base):
      self = .speed(speed.isNaN ? 1 : speed, AnimationProgram(base, magnitude: magnitude))
    case let .repeatCount(count, autoreverses, base):
      let program = AnimationProgram(base, magnitude: magnitude)
      self = .repeating(
        count: max(count, 1), autoreverses: autoreverses, program, cycle: program.duration)
    case let .repeatForever(autoreverses, base):
      let program = AnimationProgram(base, magnitude: magnitude)
      self = .repeating(count: nil, autoreverses: autoreverses, program, cycle: program.duration)
    }
  }

  /// The work of preparing this run (see ``AnimationTrack/set(_:at:animation:)``): a
  /// FluidSpring is integrated up front (``SpringSimulation/cost``); anything else is one.
  var cost: Int {
    switch self {
    case .curve, .interpolatingSpring: return 1
    case let .fluidSpring(simulation): return simulation.cost
    case let .delay(_, base), let .speed(_, base), let .repeating(_, _, base, _): return base.cost
    }
  }

  /// Seconds from start until the run is finished and the target shows; nil if it never finishes
  /// (repeats forever, zero speed, an undamped spring, or a duration too long to represent).
  var duration: Double? {
    let value: Double?
    switch self {
    case let .curve(_, duration): value = max(duration, 0)
    case let .interpolatingSpring(spring): value = spring.settleTime
    case let .fluidSpring(simulation): value = simulation.duration
    case let .delay(delay, base): value = base.duration.map { delay + $0 }
    case let .speed(speed, base):
      guard speed > 0 else { return nil }
      value = base.duration.map { speed.isInfinite ? 0 : $0 / speed }
    case let .repeating(count, _, _, cycle):
      guard let count, let cycle else { return nil }
      value = Double(count) * cycle
    }
    guard let value, value.isFinite else { return nil }
    return value
  }

  /// The fraction of the value shown `elapsed` seconds into the run, or nil once finished.
  func fraction(at elapsed: Double) -> Double? {
    switch self {
    case let .curve(curve, duration):
      guard elapsed < duration - timeTolerance else { return nil }
      return curve.value(at: elapsed / duration)
    case let .interpolatingSpring(spring):
      if let settle = spring.settleTime, elapsed >= settle - timeTolerance { return nil }
      return spring.fraction(at: elapsed)
    case let .fluidSpring(simulation):
      guard elapsed < simulation.duration - timeTolerance else { return nil }
      return simulation.state(atStep: simulation.step(at: elapsed)).position.x
    case let .delay(delay, base):
      // The base sees max(0, t − d): during the delay the run shows its start.
      return base.fraction(at: max(0, elapsed - delay))
    case let .speed(speed, base):
      // The base sees t·s; zero or negative speed freezes it at its start.
      let scaled = speed > 0 ? (elapsed == 0 ? 0 : elapsed * speed) : 0
      return base.fraction(at: scaled)
    case let .repeating(count, autoreverses, base, cycle):
      return Self.repeatFraction(
        at: elapsed, count: count, autoreverses: autoreverses, base: base, cycle: cycle)
    }
  }

  /// SwiftUI starts the next cycle at the frame where the base finished; with no frames we start it
  /// at the exact finish time, so every cycle has the base's duration and the cycle index is
  /// arithmetic (no loop over cycles). Odd cycles run reversed when autoreversing; after `count`
  /// cycles the run ends and the target shows, even if the last cycle ended at the start (the
  /// known SwiftUI quirk: `repeatCount(2, autoreverses: true)` ends with a jump).
  private static func repeatFraction(
    at elapsed: Double, count: Int?, autoreverses: Bool, base: AnimationProgram, cycle: Double?
  ) -> Double? {
    guard let cycle else { return base.fraction(at: elapsed) ?? 1 }
    guard cycle > timeTolerance else {
      // Zero-length cycles: a finite count is over at once; forever shows the target.
      return count == nil ? 1 : nil
    }
    var index = (elapsed / cycle).rounded(.down)
    var local = elapsed - index * cycle
    if !index.isFinite { return count == nil ? 1 : nil }
    var fraction = base.fraction(at: max(local, 0))
    if fraction == nil {
      // At (or a rounding error before) a cycle boundary: the next cycle has begun.
      index += 1
      local = 0
      fraction = base.fraction(at: 0)
    }
    if let count, index >= Double(count) { return nil }
    let f = fraction ?? 1
    let reversed = autoreverses && index.truncatingRemainder(dividingBy: 2) == 1
    return reversed ? 1 - f : f
  }
}
