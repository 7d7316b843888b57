/// One FluidSpring run integrated once, up front, so that sampling it later is cheap and pure.
///
/// Frames are rendered in parallel and in any order, so nothing may depend on which frames were
/// sampled before. The whole run is integrated when the change is recorded; every 32nd state is kept
/// as a checkpoint, and `state(atStep:)` replays at most 31 steps from the nearest one. Replaying the
/// same operations from a stored state gives bit-identical results to one long integration.
final class SpringSimulation: Sendable {
  let spring: FluidSpring
  let blend: SpringBlend?
  let target: AnimatableVector
  /// The first step after which the stop rule holds. It is checked after every step, so once
  /// finished the run stays finished and the finish time is a pure function of the inputs (SwiftUI
  /// checks once per frame, after integrating up to the frame). It is never checked before the first
  /// step: SwiftUI's first check after a change always follows at least one step, and checking at
  /// rest with a zero interval (a spring sent back to the chain's origin) would end it at once.
  let finishStep: Int
  private let checkpoints: [SpringState]
  private let constantStiffness: Double
  private let constantDamping: Double

  static let checkpointInterval = 32
  /// Runs that have not settled after 600 simulated seconds (ζ = 0, or absurd responses) end there.
  static let maxSteps = 180_000

  /// - Parameters:
  ///   - initial: state at the run's start (offsets from the chain origin).
  ///   - target: the total interval the spring moves toward (from the chain origin).
  ///   - stopScale: multiplies velocity and force in the stop rule; a run integrated on a unit
  ///     target passes the real distance's magnitude here so it stops exactly when the real one would.
  init(
    spring: FluidSpring, blend: SpringBlend?, initial: SpringState, target: AnimatableVector,
    stopScale: Double = 1
  ) {
    self.spring = spring
    self.blend = (blend.map { $0.interval != 0 } ?? false) && spring.blendDuration > 0 ? blend : nil
    self.target = target
    let k = FluidSpring.stiffness(response: spring.response)
    constantStiffness = k
    constantDamping = FluidSpring.damping(fraction: spring.dampingFraction, stiffness: k)

    let scale2 = stopScale * stopScale
    let targetNorm2 = target.magnitudeSquared * scale2
    func isAtRest(_ s: SpringState) -> Bool {
      let motion = max(s.velocity.magnitudeSquared, s.force.magnitudeSquared) * scale2
      guard motion <= FluidSpring.restThresholdSquared else { return false }
      // A zero interval (for example A → B → A merged) has no distance to cover: rest is enough.
      if targetNorm2 == 0 { return true }
      let tol = FluidSpring.distanceTolerance
      return (target - s.position).magnitudeSquared < tol * tol * target.magnitudeSquared
    }

    // Divergence guard: a stable damped spring never gains energy, so energy far above what it
    // started with means the step is unstable (huge damping at dt = 1/300); the run then ends.
    var kMax = k
    if let b = self.blend {
      kMax = max(k, FluidSpring.stiffness(response: spring.response + b.interval))
    }
    let kick = initial.velocity + initial.force * (1.0 / 600.0)
    let energyBound =
      1e4 * (kick.magnitudeSquared + kMax * (target - initial.position).magnitudeSquared) + 1e-300

    var state = initial
    var points: [SpringState] = [state]
    var step = 0
    if initial.position.isFinite && initial.velocity.isFinite && initial.force.isFinite {
      while step < Self.maxSteps && (step == 0 || !isAtRest(state)) {
        let (ks, cs) = Self.coefficients(
          spring: spring, blend: self.blend, step: step + 1, k: k, c: constantDamping)
        var next = state
        next.step(target: target, stiffness: ks, damping: cs)
        let energy = next.velocity.magnitudeSquared + ks * (target - next.position).magnitudeSquared
        // Diverged: end on the last sane state rather than show the blow-up.
        if !(energy <= energyBound) || !next.position.isFinite || !next.force.isFinite { break }
        state = next
        step += 1
        if step % Self.checkpointInterval == 0 { points.append(state) }
      }
    }
    finishStep = step
    checkpoints = points
  }

  /// The work of this run in the units of ``AnimationTrack/set(_:at:animation:)`` (about a
  /// microsecond each): two per checkpoint kept, since each stands for 32 integration steps.
  var cost: Int { 2 * checkpoints.count }

  /// Stiffness and damping for step `step` (1-based). While a blend runs they follow the blended
  /// response at the step's end time; otherwise they are constant.
  @inline(__always)
  private static func coefficients(
    spring: FluidSpring, blend: SpringBlend?, step: Int, k: Double, c: Double
  ) -> (Double, Double) {
    guard let blend else { return (k, c) }
    let time = Double(step) / FluidSpring.stepsPerSecond
    if time - blend.start >= spring.blendDuration { return (k, c) }
    let ks = FluidSpring.stiffness(response: spring.response(at: time, blend: blend))
    return (ks, FluidSpring.damping(fraction: spring.dampingFraction, stiffness: ks))
  }

  /// Seconds until the run shows its target. A sample at time t shows the first step boundary at or
  /// after t, so the run is over for every t past step `finishStep − 1`, as in SwiftUI, where the
  /// frame that integrates up to the finishing step already returns nil. The earliest such time is
  /// an open bound; we report it nudged by 10⁻⁵ step (33 ns), which `step(at:)` agrees with.
  var duration: Double {
    guard finishStep > 0 else { return 0 }
    return (Double(finishStep - 1) + 1e-5) / FluidSpring.stepsPerSecond
  }

  /// The step shown at `elapsed` seconds: SwiftUI integrates while t < time, so it shows the first
  /// step boundary at or after the sample time. A millionth of a step absorbs rounding, so a time
  /// that is mathematically on a boundary (every frame at 60 fps) maps to that boundary.
  func step(at elapsed: Double) -> Int {
    guard elapsed > 0 else { return 0 }
    let position = elapsed * FluidSpring.stepsPerSecond - 1e-6
    guard position < Double(finishStep) else { return finishStep }
    return max(0, Int(position.rounded(.up)))
  }

  /// The integrator state after `n` steps (clamped to 0…finishStep).
  func state(atStep n: Int) -> SpringState {
    let n = min(max(n, 0), finishStep)
    let index = n / Self.checkpointInterval
    var state = checkpoints[index]
    var step = index * Self.checkpointInterval
    while step < n {
      let (ks, cs) = Self.coefficients(
        spring: spring, blend: blend, step: step + 1, k: constantStiffness, c: constantDamping)
      state.step(target: target, stiffness: ks, damping: cs)
      step += 1
    }
    return state
  }
}
