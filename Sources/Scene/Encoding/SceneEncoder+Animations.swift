import FlipbookAnimation

extension SceneEncoder.Writer {
  /// An animation as one object: its curve, then `repeatCount`/`repeatForever`, `delay` and
  /// `speed`, which the decoder applies in that order. A chain in another order (SwiftUI
  /// allows `.delay(1).repeatCount(2)`) nests the inner part under `"base"`.
  func animation(_ a: Animation, _ path: String) throws(SceneEncodingError) -> JSONOutput {
    var rest = a
    var speed: Double?, delay: Double?
    var repeats: (count: Int?, autoreverses: Bool)?
    if case .speed(let s, let base) = rest { speed = s; rest = base }
    if case .delay(let d, let base) = rest { delay = d; rest = base }
    if case .repeatCount(let n, let ar, let base) = rest {
      repeats = (n, ar); rest = base
    } else if case .repeatForever(let ar, let base) = rest {
      repeats = (nil, ar); rest = base
    }
    var m = try curve(rest, path)
    if let repeats {
      if let count = repeats.count {
        m.append(("repeatCount", .number(Double(count))))
      } else {
        m.append(("repeatForever", .bool(true)))
      }
      if !repeats.autoreverses { m.append(("autoreverses", .bool(false))) }
    }
    if let delay { m.append(("delay", try number(delay, "\(path).delay"))) }
    if let speed { m.append(("speed", try number(speed, "\(path).speed"))) }
    return .object(m)
  }

  /// The curve member(s) of an animation object.
  func curve(_ a: Animation, _ path: String) throws(SceneEncodingError) -> [(String, JSONOutput)] {
    switch a {
    case let .timingCurve(x1, y1, x2, y2, duration):
      let d = try number(duration, "\(path).duration")
      if let name = Animation.curveName(x1: x1, y1: y1, x2: x2, y2: y2) {
        return [(name, .object([("duration", d)]))]
      }
      return [
        (
          "timingCurve",
          .array([
            try number(x1, "\(path).timingCurve[0]"), try number(y1, "\(path).timingCurve[1]"),
            try number(x2, "\(path).timingCurve[2]"), try number(y2, "\(path).timingCurve[3]"),
          ])
        ),
        ("duration", d),
      ]
    case let .spring(response, dampingFraction, blendDuration):
      let p = "\(path).spring"
      var m: [(String, JSONOutput)] = [
        ("response", try number(response, "\(p).response")),
        ("dampingFraction", try number(dampingFraction, "\(p).dampingFraction")),
      ]
      if blendDuration != 0 { m.append(("blendDuration", try number(blendDuration, "\(p).blendDuration"))) }
      return [("spring", .object(m))]
    case let .interpolatingSpring(mass, stiffness, damping, initialVelocity):
      let p = "\(path).interpolatingSpring"
      return [
        (
          "interpolatingSpring",
          .object([
            ("mass", try number(mass, "\(p).mass")), ("stiffness", try number(stiffness, "\(p).stiffness")),
            ("damping", try number(damping, "\(p).damping")),
            ("initialVelocity", try number(initialVelocity, "\(p).initialVelocity")),
          ])
        )
      ]
    case .delay, .speed, .repeatCount, .repeatForever:
      return [("base", try animation(a, "\(path).base"))]
    }
  }

  func transition(_ t: Transition, _ path: String) throws(SceneEncodingError) -> JSONOutput {
    switch t {
    case .opacity: return .string("opacity")
    case .identity: return .string("identity")
    case .slide: return .string("slide")
    case .scale(let s, let anchor):
      if s == 1e-5 && anchor == Alignment.center.unitPoint { return .string("scale") }
      return .object([
        (
          "scale",
          .object([
            ("scale", try number(s, "\(path).scale.scale")),
            ("anchor", try self.anchor(anchor, "\(path).scale.anchor")),
          ])
        )
      ])
    case .move(let e): return .object([("move", .string(e.rawValue))])
    case .push(let e): return .object([("push", .string(e.rawValue))])
    case .offset(let o):
      return .object([
        ("offset", .object([("x", try number(o.x, "\(path).offset.x")), ("y", try number(o.y, "\(path).offset.y"))]))
      ])
    case .combined(let list):
      var items: [JSONOutput] = []
      for (i, t) in list.enumerated() { items.append(try transition(t, "\(path).combined[\(i)]")) }
      return .object([("combined", .array(items))])
    case .asymmetric(let insertion, let removal):
      return .object([
        (
          "asymmetric",
          .object([
            ("insertion", try transition(insertion, "\(path).asymmetric.insertion")),
            ("removal", try transition(removal, "\(path).asymmetric.removal")),
          ])
        )
      ])
    }
  }
}
