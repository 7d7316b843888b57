import FlipbookAnimation

extension SceneDecoder {
  /// A keyframes event: `{"at" or "after", "name", "keyframes": {VAR: [KEYFRAME, …]}, "repeat"}`.
  mutating func keyframesEvent(_ event: JSONValue, _ path: String) -> Transaction? {
    guard
      let m = object(
        event, path, allowed: ["at", "after", "delay", "name", "keyframes", "repeat"], required: ["keyframes"])
    else {
      return nil
    }
    let start = start(event, m, path)
    let name = m["name"].flatMap { eventName($0, join(path, "name")) }
    let tracks = m["keyframes"].flatMap { keyframeTracks($0, join(path, "keyframes")) }
    var repeatCount: Int?? = 1
    if let r = m["repeat"] {
      repeatCount = repetitions(r, join(path, "repeat"))
      if repeatCount == .some(nil) { foreverAnimations.append((join(path, "repeat"), r.location)) }
    }
    guard let start, let tracks, let repeatCount, m["name"] == nil || name != nil else { return nil }
    return Transaction(
      time: start.time, changes: [], animation: nil, disablesAnimations: true, path: path, location: event.location,
      name: name, after: start.after,
      keyframes: Transaction.KeyframeTracks(tracks: tracks, repeatCount: repeatCount))
  }

  /// `"repeat"`: a count ≥ 1, or `true` for forever (nil); `false` is once.
  mutating func repetitions(_ v: JSONValue, _ path: String) -> Int?? {
    if case .bool(let forever) = v.kind { return forever ? .some(nil) : .some(1) }
    guard let n = number(v, path, .positive) else { return nil }
    guard n == n.rounded(), n <= 1_000_000 else {
      error(v, path, "\(format(n)) is not a whole number of repetitions in 1…1000000; use true to repeat forever")
      return nil
    }
    return .some(Int(n))
  }

  /// The tracks: each key a declared number variable, each value a non-empty array of keyframes.
  mutating func keyframeTracks(_ v: JSONValue, _ path: String) -> [(name: String, keyframes: [Keyframe])]? {
    guard case .object(let members) = v.kind, !members.isEmpty else {
      if case .object = v.kind {
        error(v, path, "a keyframes event needs at least one track")
      } else {
        typeError(v, path, expected: "an object of state name → array of keyframes")
      }
      return nil
    }
    var tracks: [(name: String, keyframes: [Keyframe])] = []
    var ok = true
    for member in members {
      let p = join(path, member.key)
      guard let type = stateTypes[member.key] else {
        let hint = Suggestion.hint(for: member.key, in: stateTypes.keys.sorted())
        error(
          member.keyLocation, p, "undeclared state variable \"\(excerpt(member.key))\"\(hint); declare it in \"state\"")
        ok = false
        continue
      }
      guard type == .number else {
        error(member.keyLocation, p, "keyframes drive numbers, but state variable \"\(member.key)\" is \(type)")
        ok = false
        continue
      }
      guard case .array(let items) = member.value.kind, !items.isEmpty else {
        if case .array = member.value.kind {
          error(member.value, p, "a track needs at least one keyframe")
        } else {
          typeError(member.value, p, expected: "an array of keyframes")
        }
        ok = false
        continue
      }
      keyframeCount += items.count
      if keyframeCount > SceneLimits.maxKeyframes {
        error(
          member.value, p,
          "more than \(SceneLimits.maxKeyframes) keyframes in the scene; this is beyond the renderer's limit")
        return nil
      }
      var keyframes: [Keyframe] = []
      for (i, item) in items.enumerated() {
        if let k = keyframe(item, "\(p)[\(i)]") { keyframes.append(k) } else { ok = false }
      }
      tracks.append((member.key, keyframes))
    }
    return ok ? tracks : nil
  }

  /// One keyframe: an object with exactly one of `linear`, `cubic`, `spring`, `move`.
  mutating func keyframe(_ v: JSONValue, _ path: String) -> Keyframe? {
    let kinds = ["linear", "cubic", "spring", "move"]
    guard case .object(let members) = v.kind, members.count == 1, let member = members.first else {
      typeError(v, path, expected: "a keyframe: an object with one key, linear, cubic, spring or move")
      return nil
    }
    let p = join(path, member.key)
    switch member.key {
    case "linear":
      guard let m = object(member.value, p, allowed: ["to", "duration", "curve"], required: ["to", "duration"])
      else { return nil }
      let to = m["to"].flatMap { number($0, join(p, "to")) }
      let d = m["duration"].flatMap { keyframeDuration($0, join(p, "duration")) }
      let curve = m["curve"].map { unitCurve($0, join(p, "curve")) } ?? .linear
      guard let to, let d, let curve else { return nil }
      return .linear(to: to, duration: d, curve: curve)
    case "cubic":
      guard
        let m = object(
          member.value, p, allowed: ["to", "duration", "startVelocity", "endVelocity"], required: ["to", "duration"])
      else { return nil }
      let to = m["to"].flatMap { number($0, join(p, "to")) }
      let d = m["duration"].flatMap { keyframeDuration($0, join(p, "duration")) }
      let v0 = m["startVelocity"].map { number($0, join(p, "startVelocity")) }
      let v1 = m["endVelocity"].map { number($0, join(p, "endVelocity")) }
      guard let to, let d, v0 != .some(nil), v1 != .some(nil) else { return nil }
      return .cubic(to: to, duration: d, startVelocity: v0 ?? nil, endVelocity: v1 ?? nil)
    case "spring":
      guard
        let m = object(member.value, p, allowed: ["to", "duration", "spring", "startVelocity"], required: ["to"])
      else { return nil }
      let to = m["to"].flatMap { number($0, join(p, "to")) }
      let d = m["duration"].map { keyframeDuration($0, join(p, "duration")) }
      let spring = m["spring"].map { springValue($0, join(p, "spring")) } ?? Spring()
      let v0 = m["startVelocity"].map { number($0, join(p, "startVelocity")) }
      guard let to, d != .some(nil), let spring, v0 != .some(nil) else { return nil }
      if d == nil, spring.damping == 0 {
        error(
          m["spring"] ?? member.value, join(p, "spring"),
          "a spring without damping never settles; give the keyframe a \"duration\" or the spring some damping")
        return nil
      }
      return .spring(to: to, duration: d ?? nil, spring: spring, startVelocity: v0 ?? nil)
    case "move":
      guard let m = object(member.value, p, allowed: ["to"], required: ["to"]) else { return nil }
      return m["to"].flatMap { number($0, join(p, "to")) }.map { .move(to: $0) }
    default:
      let hint = Suggestion.hint(for: member.key, in: kinds)
      error(
        member.keyLocation, p,
        "unknown keyframe kind \"\(excerpt(member.key))\"\(hint); expected one of: \(kinds.joined(separator: ", "))")
      return nil
    }
  }

  /// A linear keyframe's `curve`: a timing curve's name, or `[x1, y1, x2, y2]` as for the
  /// `timingCurve` animation (SwiftUI's `UnitCurve.bezier(startControlPoint:endControlPoint:)`).
  mutating func unitCurve(_ v: JSONValue, _ path: String) -> UnitCurve? {
    if case .array = v.kind {
      guard
        case .timingCurve(let x1, let y1, let x2, let y2, _)? = timingCurve(v, path, duration: nil, durationPath: path)
      else { return nil }
      return .bezier(startControlPoint: (x1, y1), endControlPoint: (x2, y2))
    }
    let names = Animation.namedCurves.map(\.name)
    if case .string(let s) = v.kind, let named = UnitCurve.named(s) { return named }
    let hint = if case .string(let s) = v.kind { Suggestion.hint(for: s, in: names) } else { "" }
    error(v, path, "expected a timing curve name\(hint) (\(names.joined(separator: ", "))) or [x1, y1, x2, y2]")
    return nil
  }

  /// A keyframe's duration: ≥ 0 (0 makes it a jump); negative durations, which SwiftUI
  /// silently treats as 0, are an error here, since one in a file is surely a mistake.
  mutating func keyframeDuration(_ v: JSONValue, _ path: String) -> Double? {
    if case .number(let n, _) = v.kind, n < 0 {
      error(
        v, path,
        "\(format(n)) s is negative; a keyframe lasts 0 s (a jump, as SwiftUI treats a negative duration) or more")
      return nil
    }
    return duration(v, path)
  }

  /// A spring keyframe's `spring`: `{"duration", "bounce"}`, `{"response", "dampingRatio"}`,
  /// `{"mass", "stiffness", "damping", "allowOverDamping"}` (``SpringForm``; as in SwiftUI, an
  /// overdamped spring is made critical unless `allowOverDamping` is true), or the name `smooth`,
  /// `snappy` or `bouncy`.
  mutating func springValue(_ v: JSONValue, _ path: String) -> Spring? {
    if case .string(let s) = v.kind {
      let presets: [(String, Spring)] = [("smooth", .smooth), ("snappy", .snappy), ("bouncy", .bouncy)]
      if let spring = presets.first(where: { $0.0 == s })?.1 { return spring }
      let hint = Suggestion.hint(for: s, in: presets.map(\.0))
      error(v, path, "unknown spring \"\(excerpt(s))\"\(hint); expected smooth, snappy, bouncy or an object")
      return nil
    }
    let forms: [SpringForm] = [.durationBounce, .response(dampingKey: "dampingRatio", defaultDamping: 1), .physical]
    guard
      let m = object(
        v, path, allowed: forms.flatMap(\.keys) + ["allowOverDamping"],
        what: "a spring: smooth, snappy, bouncy, or an object with \(SpringForm.describe(forms))")
    else { return nil }
    let overDamping = m["allowOverDamping"].map { bool($0, join(path, "allowOverDamping")) } ?? false
    guard let parameters = springParameters(v, m, path, forms: forms), let overDamping else { return nil }
    if let flag = m["allowOverDamping"], m["stiffness"] == nil, m["mass"] == nil, m["damping"] == nil {
      error(flag, join(path, "allowOverDamping"), "\"allowOverDamping\" goes with mass/stiffness/damping")
      return nil
    }
    if case let .physical(mass, k, c) = parameters {
      return Spring(mass: mass, stiffness: k, damping: c, allowOverDamping: overDamping)
    }
    return parameters.spring
  }
}
