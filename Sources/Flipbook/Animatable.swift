import Foundation

/// A value that can be interpolated: SwiftUI's `VectorArithmetic`.
///
/// Flipbook uses it to know whether a custom ``Shape`` animates (see ``Animatable``); the
/// interpolation itself happens point by point in the exported path.
public protocol VectorArithmetic: AdditiveArithmetic {
  /// Multiplies every component by `rhs`.
  mutating func scale(by rhs: Double)
  /// The dot product of the value with itself.
  var magnitudeSquared: Double { get }
}

extension Double: VectorArithmetic {
  public mutating func scale(by rhs: Double) { self *= rhs }
  public var magnitudeSquared: Double { self * self }
}

extension Float: VectorArithmetic {
  public mutating func scale(by rhs: Double) { self *= Float(rhs) }
  public var magnitudeSquared: Double { Double(self * self) }
}

extension CGFloat: VectorArithmetic {
  public mutating func scale(by rhs: Double) { self *= CGFloat(rhs) }
  public var magnitudeSquared: Double { Double(self * self) }
}

/// Two animatable values as one: SwiftUI's `AnimatablePair`.
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
  public var first: First
  public var second: Second

  public init(_ first: First, _ second: Second) { self.first = first; self.second = second }

  public static var zero: Self { Self(.zero, .zero) }
  public static func + (l: Self, r: Self) -> Self { Self(l.first + r.first, l.second + r.second) }
  public static func - (l: Self, r: Self) -> Self { Self(l.first - r.first, l.second - r.second) }
  public mutating func scale(by rhs: Double) { first.scale(by: rhs); second.scale(by: rhs) }
  public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}

/// No animatable data: SwiftUI's `EmptyAnimatableData`, the default of a ``Shape``.
public struct EmptyAnimatableData: VectorArithmetic {
  public init() {}
  public static var zero: Self { Self() }
  public static func + (l: Self, r: Self) -> Self { Self() }
  public static func - (l: Self, r: Self) -> Self { Self() }
  public mutating func scale(by rhs: Double) {}
  public var magnitudeSquared: Double { 0 }
}

/// A type whose changes animate through `animatableData`: SwiftUI's `Animatable`.
///
/// For a custom ``Shape`` it decides whether a change of the shape's properties animates:
/// with the default ``EmptyAnimatableData`` the new outline replaces the old one at once, as
/// in SwiftUI; a shape that exposes its properties as `animatableData` animates from the old
/// outline to the new one.
public protocol Animatable {
  associatedtype AnimatableData: VectorArithmetic
  var animatableData: AnimatableData { get set }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
  public var animatableData: EmptyAnimatableData {
    get { EmptyAnimatableData() }
    set {}
  }
}
