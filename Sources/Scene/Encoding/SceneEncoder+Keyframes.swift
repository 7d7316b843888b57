import FlipbookAnimation

extension SceneEncoder.Writer {
  /// A keyframes event's `keyframes` object and `repeat`, as the decoder reads them back.
  func keyframes(_ k: Transaction.KeyframeTracks, _ path: String) throws(SceneEncodingError) -> [(String, JSONOutput)] {
    var tracks: [(String, JSONOutput)] = []
    for (name, keyframes) in k.tracks {
      var list: [JSONOutput] = []
      for (i, keyframe) in keyframes.enumerated() {
        list.append(try self.keyframe(keyframe, "\(path).keyframes.\(name)[\(i)]"))
      }
      tracks.append((name, .array(list)))
    }
    var members: [(String, JSONOutput)] = [("keyframes", .object(tracks))]
    if k.repeatCount != 1 { members.append(("repeat", k.repeatCount.map { .number(Double($0)) } ?? .bool(true))) }
    return members
  }

  /// One keyframe: `{KIND: {…}}`, leaving out what the decoder defaults.
  func keyframe(_ k: Keyframe, _ path: String) throws(SceneEncodingError) -> JSONOutput {
    let p = "\(path).\(k.kindName)"
    var m: [(String, JSONOutput)] = [("to", try number(k.target, "\(p).to"))]
    switch k {
    case let .linear(_, duration, curve):
      m.append(("duration", try number(duration, "\(p).duration")))
      if curve != .linear { m.append(("curve", try unitCurve(curve, "\(p).curve"))) }
    case let .cubic(_, duration, startVelocity, endVelocity):
      m.append(("duration", try number(duration, "\(p).duration")))
      if let v = startVelocity { m.append(("startVelocity", try number(v, "\(p).startVelocity"))) }
      if let v = endVelocity { m.append(("endVelocity", try number(v, "\(p).endVelocity"))) }
    case let .spring(_, duration, spring, startVelocity):
      if let d = duration { m.append(("duration", try number(d, "\(p).duration"))) }
      m.append(("spring", try self.spring(spring, "\(p).spring")))
      if let v = startVelocity { m.append(("startVelocity", try number(v, "\(p).startVelocity"))) }
    case .move:
      break
    }
    return .object([(k.kindName, .object(m))])
  }

  /// A timing curve: its name when it has one, else its control points.
  func unitCurve(_ c: UnitCurve, _ path: String) throws(SceneEncodingError) -> JSONOutput {
    if let name = Animation.curveName(x1: c.x1, y1: c.y1, x2: c.x2, y2: c.y2) { return .string(name) }
    var points: [JSONOutput] = []
    for (i, v) in [c.x1, c.y1, c.x2, c.y2].enumerated() { points.append(try number(v, "\(path)[\(i)]")) }
    return .array(points)
  }

  /// A spring by its physical parameters, which it stores, so that it decodes back exactly;
  /// `allowOverDamping` when it is damped beyond critical (`Spring(duration:bounce:)` with a
  /// negative bounce), which the physical form otherwise clamps, as SwiftUI does.
  func spring(_ s: Spring, _ path: String) throws(SceneEncodingError) -> JSONOutput {
    var m: [(String, JSONOutput)] = [
      ("mass", try number(s.mass, "\(path).mass")), ("stiffness", try number(s.stiffness, "\(path).stiffness")),
      ("damping", try number(s.damping, "\(path).damping")),
    ]
    if Spring(mass: s.mass, stiffness: s.stiffness, damping: s.damping) != s {
      m.append(("allowOverDamping", .bool(true)))
    }
    return .object(m)
  }
}
