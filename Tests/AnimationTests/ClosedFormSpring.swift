import RealModule

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
