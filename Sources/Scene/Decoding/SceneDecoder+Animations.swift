import FlipbookAnimation

/// A successfully decoded value that may itself be nil (`"animation": null` means "none").
struct Decoded<T> {
  var value: T
}

extension SceneDecoder {
  /// The preset names a bare string may give, from ``Animation/presets``.
  package static var animationNames: [String] { Animation.presets.map(\.name) }
  package static let curveKeys = [
    "linear", "easeIn", "easeOut", "easeInOut", "timingCurve", "spring", "interpolatingSpring",
    "smooth", "snappy", "bouncy", "interactiveSpring", "base",
  ]
  static let animationModifierKeys = ["duration", "repeatCount", "repeatForever", "autoreverses", "delay", "speed"]

  /// An animation, `null` (none), a preset name, or an object with one curve key plus
  /// `repeatCount`/`repeatForever`/`autoreverses`/`delay`/`speed`.
  mutating func animation(_ v: JSONValue, _ path: String) -> Decoded<Animation?>? {
    switch v.kind {
    case .null:
      return Decoded(value: nil)
    case .string(let s):
      if let a = Self.preset(s) { return Decoded(value: a) }
      error(
        v, path,
        "unknown animation \"\(excerpt(s))\"\(Suggestion.hint(for: s, in: Self.animationNames)); expected one of: \(Self.animationNames.joined(separator: ", ")), an object, or null"
      )
      return nil
    case .object(let members):
      let curves = members.filter { Self.curveKeys.contains($0.key) }
      guard let m = object(v, path, allowed: Self.curveKeys + Self.animationModifierKeys) else { return nil }
      guard curves.count == 1, let curve = curves.first else {
        error(
          v, path,
          curves.isEmpty
            ? "missing the curve; expected one of: \(Self.curveKeys.joined(separator: ", "))"
            : "more than one curve (\(curves.map { excerpt($0.key) }.joined(separator: ", "))); an animation has exactly one"
        )
        return nil
      }
      let cPath = join(path, curve.key)
      var base: Animation?
      if curve.key == "timingCurve" {
        base = timingCurve(curve.value, cPath, duration: m["duration"], durationPath: join(path, "duration"))
      } else {
        if let d = m["duration"] {
          error(
            d, join(path, "duration"),
            "\"duration\" belongs inside the curve here, e.g. {\"\(curve.key)\": {\"duration\": 1}}")
        }
        base = self.curve(curve.key, curve.value, cPath)
      }
      guard var a = base else { return nil }
      if let rc = m["repeatCount"], let rf = m["repeatForever"] {
        _ = rc
        error(rf, join(path, "repeatForever"), "use either \"repeatCount\" or \"repeatForever\", not both")
        return nil
      }
      var autoreverses = true
      if let ar = m["autoreverses"] {
        guard let b = bool(ar, join(path, "autoreverses")) else { return nil }
        if m["repeatCount"] == nil && m["repeatForever"] == nil {
          error(ar, join(path, "autoreverses"), "\"autoreverses\" needs \"repeatCount\" or \"repeatForever\"")
          return nil
        }
        autoreverses = b
      }
      if let rc = m["repeatCount"] {
        guard let n = number(rc, join(path, "repeatCount"), .positive) else { return nil }
        guard n == n.rounded(), n <= 1_000_000 else {
          error(
            rc, join(path, "repeatCount"), "expected a whole number of repetitions in 1…1000000, found \(format(n))")
          return nil
        }
        a = .repeatCount(Int(n), autoreverses: autoreverses, a)
      }
      if let rf = m["repeatForever"] {
        guard let b = bool(rf, join(path, "repeatForever")) else { return nil }
        if b {
          a = .repeatForever(autoreverses: autoreverses, a)
          foreverAnimations.append((join(path, "repeatForever"), rf.location))
        }
      }
      if let dv = m["delay"] {
        guard let d = number(dv, join(path, "delay"), .nonNegative) else { return nil }
        a = .delay(d, a)
      }
      if let sv = m["speed"] {
        guard let s = number(sv, join(path, "speed"), .positive) else { return nil }
        if s < 1e-6 {
          error(sv, join(path, "speed"), "speed \(format(s)) is too small; expected at least 0.000001")
          return nil
        }
        a = .speed(s, a)
      }
      return Decoded(value: a)
    default:
      typeError(v, path, expected: "an animation (a name such as \"easeInOut\", an object, or null)")
      return nil
    }
  }

  static func preset(_ name: String) -> Animation? {
    Animation.presets.first { $0.name == name }?.animation
  }

  /// Durations must be finite and not absurd: a 0-length curve is a jump, and more than a
  /// day is surely a unit mistake.
  mutating func duration(_ v: JSONValue, _ path: String) -> Double? {
    guard let d = number(v, path, .nonNegative) else { return nil }
    if d > 86_400 {
      error(v, path, "\(format(d)) s is longer than a day; durations are in seconds")
      return nil
    }
    return d
  }

  mutating func curve(_ key: String, _ v: JSONValue, _ path: String) -> Animation? {
    switch key {
    case "linear", "easeIn", "easeOut", "easeInOut":
      guard let m = object(v, path, allowed: ["duration"]) else { return nil }
      let d = m["duration"].map { duration($0, join(path, "duration")) } ?? 0.35
      return d.flatMap { Animation.curve(named: key, duration: $0) }
    case "spring":
      let forms: [SpringForm] = [.response(dampingKey: "dampingFraction", defaultDamping: 0.825), .durationBounce]
      guard let m = object(v, path, allowed: forms.flatMap(\.keys) + ["blendDuration"]) else { return nil }
      let blend = m["blendDuration"].map { number($0, join(path, "blendDuration"), .nonNegative) } ?? 0
      guard let spring = springParameters(v, m, path, forms: forms), let blend else { return nil }
      switch spring {
      case let .durationBounce(d, b): return .spring(duration: d, bounce: b, blendDuration: blend)
      case let .response(r, z): return .spring(response: r, dampingFraction: z, blendDuration: blend)
      case .physical: return nil
      }
    case "smooth", "snappy", "bouncy":
      guard let m = object(v, path, allowed: ["duration", "extraBounce"]) else { return nil }
      let d = m["duration"].map { springDuration($0, join(path, "duration")) } ?? 0.5
      let extra = m["extraBounce"].map { number($0, join(path, "extraBounce")) } ?? 0
      guard let d, let extra else { return nil }
      let base = key == "smooth" ? 0 : key == "snappy" ? 0.15 : 0.3
      let b = base + extra
      guard b > -1 && b < 1 else {
        error(
          m["extraBounce"]!, join(path, "extraBounce"), "bounce \(format(b)) is out of range; expected −1 < bounce < 1")
        return nil
      }
      return .spring(duration: d, bounce: b, blendDuration: 0)
    case "interactiveSpring":
      guard let m = object(v, path, allowed: ["response", "dampingFraction", "blendDuration"]) else { return nil }
      let r = m["response"].map { springDuration($0, join(path, "response")) } ?? 0.15
      let z = m["dampingFraction"].map { number($0, join(path, "dampingFraction"), .nonNegative) } ?? 0.86
      let blend = m["blendDuration"].map { number($0, join(path, "blendDuration"), .nonNegative) } ?? 0.25
      guard let r, let z, let blend else { return nil }
      return .spring(response: r, dampingFraction: z, blendDuration: blend)
    case "base":
      // A whole animation as the base, for chains in another order than repeat, delay,
      // speed (SwiftUI's `.delay(1).repeatCount(2)`); the Swift API's export writes these.
      guard let inner = animation(v, path) else { return nil }
      guard let a = inner.value else {
        typeError(v, path, expected: "an animation (null has nothing to repeat, delay or speed up)")
        return nil
      }
      return a
    case "interpolatingSpring":
      let forms: [SpringForm] = [.durationBounce, .physical]
      guard let m = object(v, path, allowed: forms.flatMap(\.keys) + ["initialVelocity"]) else { return nil }
      let v0 = m["initialVelocity"].map { number($0, join(path, "initialVelocity")) } ?? 0
      guard let spring = springParameters(v, m, path, forms: forms), let v0 else { return nil }
      switch spring {
      case let .durationBounce(d, b): return .interpolatingSpring(duration: d, bounce: b, initialVelocity: v0)
      case let .physical(mass, k, c):
        return .interpolatingSpring(mass: mass, stiffness: k, damping: c, initialVelocity: v0)
      case .response: return nil
      }
    default:
      return nil
    }
  }

  mutating func timingCurve(_ v: JSONValue, _ path: String, duration dv: JSONValue?, durationPath: String) -> Animation?
  {
    guard case .array(let items) = v.kind, items.count == 4 else {
      if case .array(let items) = v.kind {
        error(v, path, "expected [x1, y1, x2, y2], found \(items.count) item\(items.count == 1 ? "" : "s")")
      } else {
        typeError(v, path, expected: "[x1, y1, x2, y2]")
      }
      return nil
    }
    var p: [Double] = []
    for (i, item) in items.enumerated() {
      guard let n = number(item, "\(path)[\(i)]") else { return nil }
      if i % 2 == 0 && !(0...1).contains(n) {
        error(
          item, "\(path)[\(i)]", "control point x \(format(n)) is out of range; expected 0…1 so that time runs forward")
        return nil
      }
      p.append(n)
    }
    let d = dv.map { duration($0, durationPath) } ?? 0.35
    guard let d else { return nil }
    return .timingCurve(x1: p[0], y1: p[1], x2: p[2], y2: p[3], duration: d)
  }

  // MARK: Transitions

  package static let transitionNames = ["opacity", "identity", "scale", "slide"]
  package static let transitionKeys = ["scale", "move", "push", "offset", "combined", "asymmetric"]

  mutating func transition(_ v: JSONValue, _ path: String) -> Transition? {
    switch v.kind {
    case .string(let s):
      switch s {
      case "opacity": return .opacity
      case "identity": return .identity
      case "scale": return .scale(1e-5, anchor: Alignment.center.unitPoint)
      case "slide": return .slide
      default:
        let all = Self.transitionNames + ["move", "push", "offset", "combined", "asymmetric"]
        error(
          v, path,
          "unknown transition \"\(excerpt(s))\"\(Suggestion.hint(for: s, in: all)); expected one of: \(Self.transitionNames.joined(separator: ", ")), or an object"
        )
        return nil
      }
    case .object(let members):
      guard members.count == 1, let member = members.first else {
        error(v, path, "a transition object has exactly one key (\(Self.transitionKeys.joined(separator: ", ")))")
        return nil
      }
      let p = join(path, member.key)
      let value = member.value
      switch member.key {
      case "scale":
        guard let m = object(value, p, allowed: ["scale", "anchor"]) else { return nil }
        let s = m["scale"].map { number($0, join(p, "scale"), .nonNegative) } ?? 1e-5
        let a = m["anchor"].map { anchor($0, join(p, "anchor")) } ?? Alignment.center.unitPoint
        guard let s, let a else { return nil }
        return .scale(s, anchor: a)
      case "move": return edge(value, p).map { .move($0) }
      case "push": return edge(value, p).map { .push($0) }
      case "offset":
        if case .constant(.point(let o))? = expression(value, p, .point, allowState: false, defaultComponent: 0) {
          return .offset(o)
        }
        return nil
      case "combined":
        guard case .array(let items) = value.kind, !items.isEmpty else {
          typeError(value, p, expected: "a non-empty array of transitions")
          return nil
        }
        var ts: [Transition] = []
        for (i, item) in items.enumerated() {
          guard let t = transition(item, "\(p)[\(i)]") else { return nil }
          ts.append(t)
        }
        return .combined(ts)
      case "asymmetric":
        guard let m = object(value, p, allowed: ["insertion", "removal"], required: ["insertion", "removal"]) else {
          return nil
        }
        let i = m["insertion"].flatMap { transition($0, join(p, "insertion")) }
        let r = m["removal"].flatMap { transition($0, join(p, "removal")) }
        guard let i, let r else { return nil }
        return .asymmetric(insertion: i, removal: r)
      default:
        error(
          member.keyLocation, p,
          "unknown transition \"\(excerpt(member.key))\"\(Suggestion.hint(for: member.key, in: Self.transitionKeys)); expected one of: \(Self.transitionKeys.joined(separator: ", "))"
        )
        return nil
      }
    default:
      typeError(v, path, expected: "a transition (a name such as \"opacity\" or an object)")
      return nil
    }
  }
}
