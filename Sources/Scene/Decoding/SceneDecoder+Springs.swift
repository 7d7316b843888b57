import FlipbookAnimation

/// One of the ways the format writes a spring's parameters, as SwiftUI's initializers do.
///
/// Declared once for the `spring` and `interpolatingSpring` animations and a spring keyframe's
/// `spring`, so that the three read each form with the same keys, defaults, ranges and messages.
enum SpringForm {
  /// `duration` (the perceptual duration, default 0.5) and `bounce` (default 0).
  case durationBounce
  /// `response` (default 0.5) and a damping ratio under `dampingKey` (`dampingFraction` for
  /// `Animation.spring`, `dampingRatio` for `Spring`), with its default.
  case response(dampingKey: String, defaultDamping: Double)
  /// `mass` (default 1), `stiffness` (default 100) and `damping` (default 10, > 0).
  case physical

  /// The keys the form reads.
  var keys: [String] {
    switch self {
    case .durationBounce: return ["duration", "bounce"]
    case .response(let damping, _): return ["response", damping]
    case .physical: return ["mass", "stiffness", "damping"]
    }
  }

  /// The forms' keys, as an error message lists them: `duration/bounce or mass/stiffness/damping`.
  static func describe(_ forms: [SpringForm]) -> String {
    forms.map { $0.keys.joined(separator: "/") }.joined(separator: " or ")
  }
}

/// A spring's parameters as a file gives them, in the form it used.
enum SpringParameters {
  case durationBounce(duration: Double, bounce: Double)
  case response(response: Double, dampingRatio: Double)
  case physical(mass: Double, stiffness: Double, damping: Double)

  /// The spring value they make.
  var spring: Spring {
    switch self {
    case let .durationBounce(d, b): return Spring(duration: d, bounce: b)
    case let .response(r, z): return Spring(response: r, dampingRatio: z)
    case let .physical(m, k, c): return Spring(mass: m, stiffness: k, damping: c)
    }
  }
}

extension SceneDecoder {
  /// The spring parameters among an object's members `m`, in whichever of `forms` their keys
  /// belong to (keys of two forms are an error); `forms[0]` with its defaults when none is given.
  mutating func springParameters(_ v: JSONValue, _ m: [String: JSONValue], _ path: String, forms: [SpringForm])
    -> SpringParameters?
  {
    let used = forms.filter { $0.keys.contains { m[$0] != nil } }
    if used.count > 1 {
      let second = used[1].keys.first { m[$0] != nil }!
      error(m[second]!, join(path, second), "use one form of spring: \(SpringForm.describe(used)), not both")
      return nil
    }
    switch used.first ?? forms[0] {
    case .durationBounce:
      let d = m["duration"].map { springDuration($0, join(path, "duration")) } ?? 0.5
      let b = m["bounce"].map { bounce($0, join(path, "bounce")) } ?? 0
      guard let d, let b else { return nil }
      return .durationBounce(duration: d, bounce: b)
    case .response(let key, let defaultDamping):
      let r = m["response"].map { springDuration($0, join(path, "response")) } ?? 0.5
      let z = m[key].map { number($0, join(path, key), .nonNegative) } ?? defaultDamping
      guard let r, let z else { return nil }
      if z > 100 {
        error(m[key]!, join(path, key), "\(format(z)) is out of range; expected 0…100")
        return nil
      }
      return .response(response: r, dampingRatio: z)
    case .physical:
      let mass = m["mass"].map { number($0, join(path, "mass"), .positive) } ?? 1
      let k = m["stiffness"].map { number($0, join(path, "stiffness"), .positive) } ?? 100
      let c = m["damping"].map { number($0, join(path, "damping"), .nonNegative) } ?? 10
      guard let mass, let k, let c else { return nil }
      if k / mass > 1e8 {
        error(
          m["stiffness"] ?? v, join(path, "stiffness"),
          "stiffness/mass \(format(k / mass)) is too large; expected at most 1e8")
        return nil
      }
      if c == 0 {
        error(m["damping"] ?? v, join(path, "damping"), "a spring without damping never settles; expected damping > 0")
        return nil
      }
      return .physical(mass: mass, stiffness: k, damping: c)
    }
  }

  /// Spring durations: 0 would be an infinitely stiff spring.
  mutating func springDuration(_ v: JSONValue, _ path: String) -> Double? {
    guard let d = number(v, path, .positive) else { return nil }
    if d < 0.001 || d > 3600 {
      error(v, path, "\(format(d)) s is out of range; expected 0.001…3600")
      return nil
    }
    return d
  }

  mutating func bounce(_ v: JSONValue, _ path: String) -> Double? {
    guard let b = number(v, path) else { return nil }
    guard b > -1 && b < 1 else {
      error(v, path, "\(format(b)) is out of range; expected −1 < bounce < 1")
      return nil
    }
    return b
  }
}
