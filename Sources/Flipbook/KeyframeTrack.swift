import FlipbookAnimation

/// A timing curve from (0, 0) to (1, 1): SwiftUI's `UnitCurve`, which eases a ``LinearKeyframe``.
public typealias UnitCurve = FlipbookAnimation.UnitCurve

/// Something a ``KeyframeTrack`` is built from: one keyframe, or several.
public protocol KeyframeTrackContent {
  /// The engine's keyframes, in order.
  var keyframes: [Keyframe] { get }
}

/// SwiftUI's `LinearKeyframe`: from the previous value to `to` over `duration`, eased by
/// `timingCurve`.
public struct LinearKeyframe: KeyframeTrackContent {
  public let keyframes: [Keyframe]
  public init(_ to: Double, duration: Double, timingCurve: UnitCurve = .linear) {
    keyframes = [.linear(to: to, duration: duration, curve: timingCurve)]
  }
}

/// SwiftUI's `CubicKeyframe`: a cubic segment to `to`; a velocity left out is chosen so that
/// adjacent cubic keyframes form a smooth Catmull-Rom curve.
public struct CubicKeyframe: KeyframeTrackContent {
  public let keyframes: [Keyframe]
  public init(_ to: Double, duration: Double, startVelocity: Double? = nil, endVelocity: Double? = nil) {
    keyframes = [.cubic(to: to, duration: duration, startVelocity: startVelocity, endVelocity: endVelocity)]
  }
}

/// SwiftUI's `SpringKeyframe`: `spring` from the previous value (and velocity) toward `to`, for
/// `duration` or, when nil, until the spring settles; the next keyframe starts where it is then.
public struct SpringKeyframe: KeyframeTrackContent {
  public let keyframes: [Keyframe]
  public init(_ to: Double, duration: Double? = nil, spring: Spring = Spring(), startVelocity: Double? = nil) {
    keyframes = [.spring(to: to, duration: duration, spring: spring, startVelocity: startVelocity)]
  }
}

/// SwiftUI's `MoveKeyframe`: jumps to `to`.
public struct MoveKeyframe: KeyframeTrackContent {
  public let keyframes: [Keyframe]
  public init(_ to: Double) { keyframes = [.move(to: to)] }
}

/// Builds a track's keyframes from a block, with `if`, `if`/`else` and `for`.
@resultBuilder public enum KeyframeTrackContentBuilder {
  public static func buildExpression(_ k: some KeyframeTrackContent) -> [Keyframe] { k.keyframes }
  public static func buildBlock(_ parts: [Keyframe]...) -> [Keyframe] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [Keyframe]?) -> [Keyframe] { part ?? [] }
  public static func buildEither(first: [Keyframe]) -> [Keyframe] { first }
  public static func buildEither(second: [Keyframe]) -> [Keyframe] { second }
  public static func buildArray(_ parts: [[Keyframe]]) -> [Keyframe] { parts.flatMap { $0 } }
}

/// SwiftUI's `KeyframeTrack`: keyframes for one number property of `Root` (or for the value
/// itself, when it is a number), run one after another from the property's value.
///
/// Flipbook animates numbers (`Double`); a track for an angle or a point is written as tracks
/// on its numbers (degrees, x and y).
public struct KeyframeTrack<Root> {
  let keyPath: WritableKeyPath<Root, Double>
  let keyframes: [Keyframe]

  public init(_ keyPath: WritableKeyPath<Root, Double>, @KeyframeTrackContentBuilder content: () -> [Keyframe]) {
    self.keyPath = keyPath
    keyframes = content()
  }
}

extension KeyframeTrack where Root == Double {
  /// A track on the value itself.
  public init(@KeyframeTrackContentBuilder content: () -> [Keyframe]) {
    self.init(\.self, content: content)
  }
}

/// Builds the parallel tracks of a ``KeyframeTimeline`` or a `keyframeAnimator`.
@resultBuilder public enum KeyframesBuilder<Root> {
  public static func buildExpression(_ track: KeyframeTrack<Root>) -> [KeyframeTrack<Root>] { [track] }
  public static func buildExpression(_ tracks: [KeyframeTrack<Root>]) -> [KeyframeTrack<Root>] { tracks }
  public static func buildBlock(_ parts: [KeyframeTrack<Root>]...) -> [KeyframeTrack<Root>] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [KeyframeTrack<Root>]?) -> [KeyframeTrack<Root>] { part ?? [] }
  public static func buildEither(first: [KeyframeTrack<Root>]) -> [KeyframeTrack<Root>] { first }
  public static func buildEither(second: [KeyframeTrack<Root>]) -> [KeyframeTrack<Root>] { second }
  public static func buildArray(_ parts: [[KeyframeTrack<Root>]]) -> [KeyframeTrack<Root>] { parts.flatMap { $0 } }
}

/// SwiftUI's `KeyframeTimeline`: a value's keyframe tracks, evaluated at any time, to test
/// keyframes or drive something by hand. It computes exactly what the renderer draws for the
/// same keyframes (the engine's `KeyframeTrackCurve`).
public struct KeyframeTimeline<Value> {
  let initialValue: Value
  /// The tracks resolved from the initial value; of two on one property, the later wins.
  let curves: [(keyPath: WritableKeyPath<Value, Double>, curve: KeyframeTrackCurve)]

  public init(initialValue: Value, @KeyframesBuilder<Value> content: () -> [KeyframeTrack<Value>]) {
    self.initialValue = initialValue
    curves = content().map {
      ($0.keyPath, KeyframeTrackCurve(initial: initialValue[keyPath: $0.keyPath], keyframes: $0.keyframes))
    }
  }

  /// How long the longest track lasts.
  public var duration: Double { curves.map(\.curve.duration).max() ?? 0 }

  /// The value `time` seconds in (before 0 the initial value, after the end the final one).
  public func value(time: Double) -> Value {
    var v = initialValue
    for (keyPath, curve) in curves { v[keyPath: keyPath] = curve.value(at: time) }
    return v
  }

  /// The value at `progress` (0…1) of the duration.
  public func value(progress: Double) -> Value { value(time: progress * duration) }
}
