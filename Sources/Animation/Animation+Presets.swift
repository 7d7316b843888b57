/// SwiftUI's named animations with its numbers (docs/animation-semantics.md §1.1–1.3), so scenes can say
/// `"easeInOut"` or `"snappy"` and get exactly what an iOS 17+ app gets.
extension Animation {
  /// The animations a scene names with a bare string (`"snappy"`), which the Swift API spells
  /// `Animation.snappy`: one table for the decoder, the schema test and the reference.
  public static let presets: [(name: String, animation: Animation)] = [
    ("default", .default), ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
    ("easeInOut", .easeInOut), ("spring", .spring), ("smooth", .smooth), ("snappy", .snappy),
    ("bouncy", .bouncy), ("interactiveSpring", .interactiveSpring),
  ]

  /// SwiftUI's named timing curves and their control points (x1, y1, x2, y2): how the
  /// decoder reads `{"easeIn": {…}}`, and how the encoder and `render info` name a curve back.
  public static let namedCurves: [(name: String, controlPoints: [Double])] = [
    ("linear", [0, 0, 1, 1]), ("easeIn", [0.42, 0, 1, 1]), ("easeOut", [0, 0, 0.58, 1]),
    ("easeInOut", [0.42, 0, 0.58, 1]),
  ]

  /// The named timing curve over `duration`, or nil for another name.
  public static func curve(named name: String, duration: Double) -> Animation? {
    guard let p = namedCurves.first(where: { $0.name == name })?.controlPoints else { return nil }
    return .timingCurve(x1: p[0], y1: p[1], x2: p[2], y2: p[3], duration: duration)
  }

  /// The name of a timing curve's control points, if SwiftUI has one for them.
  public static func curveName(x1: Double, y1: Double, x2: Double, y2: Double) -> String? {
    namedCurves.first(where: { $0.controlPoints == [x1, y1, x2, y2] })?.name
  }

  /// The default duration of SwiftUI's timing curves.
  public static let defaultCurveDuration = 0.35

  /// Constant speed, 0.35 s.
  public static var linear: Animation { linear(duration: defaultCurveDuration) }
  /// Starts slowly, (0.42, 0, 1, 1), 0.35 s.
  public static var easeIn: Animation { easeIn(duration: defaultCurveDuration) }
  /// Ends slowly, (0, 0, 0.58, 1), 0.35 s.
  public static var easeOut: Animation { easeOut(duration: defaultCurveDuration) }
  /// Slow at both ends, (0.42, 0, 0.58, 1), 0.35 s.
  public static var easeInOut: Animation { easeInOut(duration: defaultCurveDuration) }

  /// Constant speed over `duration`: the curve (0, 0, 1, 1), which still goes through the solver.
  public static func linear(duration: Double) -> Animation {
    curve(named: "linear", duration: duration)!
  }
  /// SwiftUI's ease-in control points over `duration`.
  public static func easeIn(duration: Double) -> Animation {
    curve(named: "easeIn", duration: duration)!
  }
  /// SwiftUI's ease-out control points over `duration`.
  public static func easeOut(duration: Double) -> Animation {
    curve(named: "easeOut", duration: duration)!
  }
  /// SwiftUI's ease-in-out control points over `duration`.
  public static func easeInOut(duration: Double) -> Animation {
    curve(named: "easeInOut", duration: duration)!
  }
  /// SwiftUI's `timingCurve(_:_:_:_:duration:)` spelling.
  public static func timingCurve(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, duration: Double = defaultCurveDuration
  ) -> Animation {
    .timingCurve(x1: x1, y1: y1, x2: x2, y2: y2, duration: duration)
  }

  /// iOS 17+ `.default`: `.spring`, a FluidSpring with response 0.5 and damping fraction 1 (the
  /// Apple page's 0.55 disagrees with what iOS prints; see docs/animation-semantics.md §1.2).
  public static var `default`: Animation { spring }

  /// `spring(duration: 0.5, bounce: 0)`: response 0.5, damping fraction 1.
  public static var spring: Animation { spring(duration: 0.5, bounce: 0) }
  /// Same as `.spring`: no bounce, 0.5 s.
  public static var smooth: Animation { smooth() }
  /// Bounce 0.15, 0.5 s.
  public static var snappy: Animation { snappy() }
  /// Bounce 0.3, 0.5 s.
  public static var bouncy: Animation { bouncy() }
  /// Response 0.15, damping fraction 0.86, blend 0.25 s.
  public static var interactiveSpring: Animation {
    interactiveSpring(response: 0.15, dampingFraction: 0.86, blendDuration: 0.25)
  }

  /// The iOS 17 parameterization: response = duration, ζ = 1 − bounce (bounce ≥ 0) or
  /// 1 / (1 + bounce) (bounce < 0).
  public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0)
    -> Animation
  {
    .spring(
      response: duration, dampingFraction: dampingFraction(bounce: bounce),
      blendDuration: blendDuration)
  }

  /// A tunable `.smooth`: bounce 0 + `extraBounce`.
  public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
    spring(duration: duration, bounce: extraBounce)
  }
  /// A tunable `.snappy`: bounce 0.15 + `extraBounce`.
  public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
    spring(duration: duration, bounce: Spring.snappyBounce + extraBounce)
  }
  /// A tunable `.bouncy`: bounce 0.3 + `extraBounce`.
  public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
    spring(duration: duration, bounce: Spring.bouncyBounce + extraBounce)
  }

  /// SwiftUI's interactive FluidSpring, with its defaults (0.15, 0.86, blend 0.25 s).
  public static func interactiveSpring(
    response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25
  ) -> Animation {
    .spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
  }

  /// The closed-form spring from duration and bounce: k = (2π/d)², c = 4πζ/d, m = 1.
  public static func interpolatingSpring(
    duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0
  ) -> Animation {
    let zeta = dampingFraction(bounce: bounce)
    let stiffness: Double
    let damping: Double
    if duration > 0 {
      let omega = 2 * Double.pi / duration
      stiffness = omega * omega
      damping = 4 * Double.pi * zeta / duration
    } else {
      stiffness = .infinity
      damping = .infinity
    }
    return .interpolatingSpring(
      mass: 1, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
  }

  /// ζ from SwiftUI's bounce: 1 − bounce for bounce ≥ 0, 1 / (1 + bounce) below.
  public static func dampingFraction(bounce: Double) -> Double {
    bounce < 0 ? 1 / (1 + bounce) : 1 - bounce
  }
}
