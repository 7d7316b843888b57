import RealModule

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
