import FlipbookAnimation
import RealModule

/// A scalar in lane x, the way scalar attributes are stored.
func scalar(_ x: Double) -> AnimatableVector { AnimatableVector(x, 0, 0, 0) }

/// Evaluates a one-change track: `from` until 0, then `to` with `animation` at time 0.
func trackFrom(_ from: Double, to: Double, _ animation: Animation) -> AnimationTrack {
  var track = AnimationTrack(initial: scalar(from))
  track.set(scalar(to), at: 0, animation: animation)
  return track
}

/// Reference Bézier evaluation, independent of the engine's Newton/bisection solver: plain
/// bisection on x(t) to full double precision, then y at that t (Bernstein form).
func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
  func bernstein(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
    let u = 1 - t
    return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
  }
  var low = 0.0, high = 1.0
  for _ in 0..<200 {
    let mid = (low + high) / 2
    if bernstein(x1, x2, mid) < x { low = mid } else { high = mid }
  }
  return bernstein(y1, y2, (low + high) / 2)
}

/// A straight transcription of SwiftUI's FluidSpring loop (docs/animation-semantics.md §1.3) on plain
/// doubles, one lane, with the stop rule checked after every step: the oracle for the engine.
struct ReferenceFluidSpring {
  var k: Double
  var c: Double
  var target: Double
  var x = 0.0, v = 0.0, force = 0.0

  init(response: Double, dampingFraction: Double, target: Double) {
    k = min(Double.pow(2 * Double.pi / response, 2), 45_000)
    c = 2 * k.squareRoot() * dampingFraction
    self.target = target
  }

  var atRest: Bool {
    max(v * v, force * force) <= 0.0036 && abs(target - x) < 0.01 * abs(target)
  }

  mutating func step() {
    let vh = force / 600 + v
    x += vh / 300
    force = -c * vh + k * (target - x)
    v = force / 600 + vh
  }

  /// Position shown at `time`: integrate while t < time (stepping whole 1/300 s steps).
  /// Returns nil once the stop rule has held.
  static func trajectory(response: Double, dampingFraction: Double, target: Double, times: [Double])
    -> [Double?]
  {
    var spring = ReferenceFluidSpring(response: response, dampingFraction: dampingFraction, target: target)
    var t = 0.0
    var finished = false
    var out: [Double?] = []
    for time in times {
      while t < time && !finished {
        spring.step()
        t += 1.0 / 300
        if spring.atRest { finished = true }
      }
      out.append(finished ? nil : spring.x)
    }
    return out
  }

  /// Number of steps until the stop rule holds.
  static func finishStep(response: Double, dampingFraction: Double, target: Double) -> Int {
    var spring = ReferenceFluidSpring(response: response, dampingFraction: dampingFraction, target: target)
    var n = 0
    while !spring.atRest {
      spring.step()
      n += 1
    }
    return n
  }
}

/// The analytic damped spring from 0 toward `target` (docs/animation-semantics.md §1.3), zero velocity.
func closedFormSpring(response: Double, dampingFraction zeta: Double, target: Double, at t: Double) -> Double {
  let omega = 2 * Double.pi / response
  if zeta == 1 {
    return target - Double.exp(-omega * t) * (target + omega * target * t)
  }
  let lambda = zeta * omega
  let omegaD = omega * (1 - zeta * zeta).squareRoot()
  return target - Double.exp(-lambda * t)
    * (target * Double.cos(omegaD * t) + (lambda * target / omegaD) * Double.sin(omegaD * t))
}
