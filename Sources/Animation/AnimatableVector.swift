/// An animatable value: every animatable attribute is at most 4 doubles (scalar: x; point/size: x,y;
/// color: r,g,b,a in linear sRGB ×128 as SwiftUI scales them; rect: x,y,w,h). Unused lanes are 0.
///
/// One fixed-size vector type keeps the engine free of generics and lets SIMD do the lane-wise
/// arithmetic that SwiftUI's `VectorArithmetic` does component by component.
public typealias AnimatableVector = SIMD4<Double>

extension SIMD4 where Scalar == Double {
  /// The squared Euclidean norm over all four lanes, as `VectorArithmetic.magnitudeSquared`
  /// measures it for SwiftUI's spring stop rule.
  @inlinable var magnitudeSquared: Double { (self * self).sum() }

  /// Whether every lane is finite, so that a diverging integration can be stopped before it
  /// reaches a frame as NaN or infinity.
  @inlinable var isFinite: Bool {
    self.x.isFinite && self.y.isFinite && self.z.isFinite && self.w.isFinite
  }
}

/// Time comparisons tolerate this much floating-point noise (seconds), so a frame time such as
/// `i / fps` that is mathematically at an animation's end counts as the end.
let timeTolerance = 1e-9
