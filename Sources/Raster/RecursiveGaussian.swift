import RealModule

/// One axis of a Gaussian blur as Deriche's fourth-order recursive filter: a cost per pixel
/// that does not grow with σ, where a direct convolution's grows as 8σ taps.
///
/// The Gaussian (of the pixel-integrated kernel `BlurKernel` draws, whose variance is
/// σ² + 1/12) is approximated as g(n) ≈ Σₖ 2·Re(αₖ·pₖ^|n|) over two complex poles pₖ =
/// exp(−λₖ/σ), with Deriche's coefficients (R. Deriche, "Recursively implementing the Gaussian
/// and its derivatives", INRIA RR-1893, 1993; the values as in P. Getreuer, "A Survey of
/// Gaussian Convolution Algorithms", IPOL 2013). The sum splits into a causal part (n ≥ 0)
/// and an anticausal one (n ≥ 1), each a first-order complex recursion per pole, run forward
/// and backward; complex first-order sections (rather than the real fourth-order recursion
/// they expand to) keep Float's rounding small for poles near 1. The weights are normalized
/// so the discrete filter's sum is exactly 1, and its step response is within 0.03 levels
/// of the exact one for every σ ≥ 2 (checked in Double when this was written).
///
/// A shadow's offset is a shift by whole pixels plus a two-tap (1 − f, f) for the fraction
/// f, whose variance f(1 − f) is taken out of the Gaussian's, so mean and variance are
/// exact; what is left (the two-tap's third cumulant) is below 0.2 level for σ ≥ 2.
package struct RecursiveGaussian {
  /// The poles p₁, p₂ and the output weights c₁, c₂ (y = Re(c₁z₁ + c₂z₂)).
  var p1r: Float, p1i: Float, p2r: Float, p2i: Float
  var c1r: Float, c1i: Float, c2r: Float, c2i: Float
  /// 1/(1 − pₖ) and pₖ/(1 − pₖ): the states of a run that has seen the same value forever
  /// before it (causal) or will forever after it (anticausal), for clamped edges.
  var q1r: Float, q1i: Float, q2r: Float, q2i: Float
  var r1r: Float, r1i: Float, r2r: Float, r2i: Float
  /// The shift: whole pixels, then the fraction (0 ≤ f < 1) taken by the two-tap.
  var whole: Int
  var fraction: Float

  /// σ from which this filter is used: measured (one pinned CPU, 20 blurred circles and 50
  /// shadowed rectangles at 1080p) the direct convolution takes 16 ms at σ 1, 22 at σ 1.5,
  /// 25 at σ 2 and 28 at σ 2.9, this filter 15–16 at σ 3 and 4 (its cost follows the area,
  /// not σ); below 2 its shadows' two-tap error grows toward half a level, so the direct
  /// convolution keeps σ < 2, where it is about as fast.
  static let minimumSigma = 2.0

  package init(sigma: Double, shift: Double) {
    let w = shift.rounded(.down)
    whole = Int(w)
    let f = shift - w
    fraction = Float(f)
    let s = (sigma * sigma + 1.0 / 12 - f * (1 - f)).squareRoot()
    // Deriche's fourth-order Gaussian: α = 0.84 ± 1.8675i, −0.34015 ∓ 0.1299i at
    // λ = 1.783 ± 0.6318i, 1.723 ± 1.997i.
    let alphas = [(0.84, 1.8675), (-0.34015, -0.1299)]
    let lambdas = [(1.783, 0.6318), (1.723, 1.997)]
    var poles: [(Double, Double)] = []
    var total = 0.0
    for (a, l) in zip(alphas, lambdas) {
      let m = Double.exp(-l.0 / s), phase = -l.1 / s
      let p = (m * Double.cos(phase), m * Double.sin(phase))
      poles.append(p)
      // Σₙ≥₀ 2Re(α pⁿ) + Σₙ≥₁ 2Re(α pⁿ) = 2Re(α (1 + p)/(1 − p)).
      let q = Self.divide((1 + p.0, p.1), (1 - p.0, -p.1))
      total += 2 * (a.0 * q.0 - a.1 * q.1)
    }
    let c = alphas.map { (2 * $0.0 / total, 2 * $0.1 / total) }
    let q = poles.map { Self.divide((1, 0), (1 - $0.0, -$0.1)) }
    let r = zip(poles, q).map { p, q in (p.0 * q.0 - p.1 * q.1, p.0 * q.1 + p.1 * q.0) }
    p1r = Float(poles[0].0); p1i = Float(poles[0].1); p2r = Float(poles[1].0); p2i = Float(poles[1].1)
    c1r = Float(c[0].0); c1i = Float(c[0].1); c2r = Float(c[1].0); c2i = Float(c[1].1)
    q1r = Float(q[0].0); q1i = Float(q[0].1); q2r = Float(q[1].0); q2i = Float(q[1].1)
    r1r = Float(r[0].0); r1i = Float(r[0].1); r2r = Float(r[1].0); r2i = Float(r[1].1)
  }

  /// Calls `body` with the 16 coefficients in the order CRasterKernels' AVX2 loop reads
  /// them: p₁ p₂ c₁ c₂ q₁ q₂ r₁ r₂, each as real and imaginary part.
  func withCoefficients<R>(_ body: (UnsafePointer<Float>) -> R) -> R {
    var c = (p1r, p1i, p2r, p2i, c1r, c1i, c2r, c2i, q1r, q1i, q2r, q2i, r1r, r1i, r2r, r2i)
    return withUnsafeBytes(of: &c) { body($0.baseAddress!.assumingMemoryBound(to: Float.self)) }
  }

  private static func divide(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) {
    let d = b.0 * b.0 + b.1 * b.1
    return ((a.0 * b.0 + a.1 * b.1) / d, (a.1 * b.0 - a.0 * b.1) / d)
  }

  /// Filters `count` values (vectors of independent lanes: pixels, rows or columns) read by
  /// `load(i)`, calling `emit(i, y)` in increasing i with each output. `anti` is room for
  /// `count` vectors of scratch (the backward pass's results). Outside 0..<count the input is zero,
  /// or with `clamp` the end value repeated forever.
  @inline(__always)
  func run<V: SIMD>(
    count: Int, clamp: Bool, anti: UnsafeMutableRawPointer, load: (Int) -> V, emit: (Int, V) -> Void
  ) where V.Scalar == Float {
    guard count > 0 else { return }
    // Backward: w(i) = Σ_{m≥1} pᵐ x(i + m), anti[i] = Re(c·w(i)).
    var w1r = V(), w1i = V(), w2r = V(), w2i = V()
    if clamp {
      let x = load(count &- 1)
      w1r = x * r1r; w1i = x * r1i; w2r = x * r2r; w2i = x * r2i
    }
    var i = count &- 1
    while i >= 0 {
      anti.storeBytes(
        of: c1r * w1r - c1i * w1i + (c2r * w2r - c2i * w2i), toByteOffset: i &* MemoryLayout<V>.size, as: V.self)
      let x = load(i)
      let a1 = x + w1r, a2 = x + w2r
      (w1r, w1i) = (p1r * a1 - p1i * w1i, p1r * w1i + p1i * a1)
      (w2r, w2i) = (p2r * a2 - p2i * w2i, p2r * w2i + p2i * a2)
      i &-= 1
    }
    // Forward: z(i) = x(i) + p·z(i − 1), y(i) = Re(c·z(i)) + anti[i].
    var z1r = V(), z1i = V(), z2r = V(), z2i = V()
    if clamp {
      let x = load(0)
      z1r = x * q1r; z1i = x * q1i; z2r = x * q2r; z2i = x * q2i
    }
    for i in 0..<count {
      let x = load(i)
      (z1r, z1i) = (x + p1r * z1r - p1i * z1i, p1r * z1i + p1i * z1r)
      (z2r, z2i) = (x + p2r * z2r - p2i * z2i, p2r * z2i + p2i * z2r)
      let a = anti.loadUnaligned(fromByteOffset: i &* MemoryLayout<V>.size, as: V.self)
      emit(i, c1r * z1r - c1i * z1i + (c2r * z2r - c2i * z2i) + a)
    }
  }
}
