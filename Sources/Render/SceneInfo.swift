import FlipbookAnimation
import FlipbookEngine
import FlipbookScene

/// What `render info` prints: the scene's output geometry and timing, every animation
/// with its start, end and settle time, and every timeline event with the time it happened
/// and when the animations it started are logically complete, as one JSON object.
///
/// In the render library (not the command) because `render preview`'s `/info` serves the
/// same object, with the curves added.
public enum SceneInfo {
  public static func json(_ scene: CompiledScene) -> String { object(fields(scene)) }

  /// The object's members in order, each a key and its JSON value, for callers that add some.
  public static func fields(_ scene: CompiledScene) -> [(String, String)] {
    var fields: [(String, String)] = [
      ("width", String(scene.pixelWidth)),
      ("height", String(scene.pixelHeight)),
      ("fps", number(scene.fps)),
      ("duration", number(scene.duration)),
      ("frameCount", String(scene.frameCount)),
    ]
    let animations = scene.animations.map { a in
      "{\"target\": \(string(a.target)), \"animation\": \(string(describe(a.animation))), "
        + "\"start\": \(number(a.start)), \"end\": \(a.end.map(number) ?? "null"), "
        + "\"settle\": \(a.settle.map(number) ?? "null")}"
    }
    fields.append(("animations", "[" + animations.joined(separator: ", ") + "]"))
    let events = scene.events.map { e in
      "{\"event\": \(string(e.path)), " + (e.name.map { "\"name\": \(string($0)), " } ?? "")
        + "\"time\": \(number(e.time)), \"logicallyComplete\": \(e.logicallyComplete.map(number) ?? "null")"
        + (e.keyframes.isEmpty ? "" : ", \"keyframes\": [" + e.keyframes.map(track).joined(separator: ", ") + "]")
        + (e.phases.isEmpty
          ? ""
          : ", \"phases\": ["
            + e.phases.map { "{\"time\": \(number($0.time)), \"phase\": \($0.phase)}" }.joined(separator: ", ") + "]")
        + "}"
    }
    fields.append(("events", "[" + events.joined(separator: ", ") + "]"))
    return fields
  }

  /// `{"key": value, …}` from members whose values are JSON already.
  public static func object(_ fields: [(String, String)]) -> String {
    "{" + fields.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
  }

  /// A keyframe track: its variable and each segment's kind, start and end.
  static func track(_ t: KeyframeTrackReport) -> String {
    let segments = t.segments.map {
      "{\"kind\": \(string($0.kind)), \"start\": \(number($0.start)), \"end\": \(number($0.end))}"
    }
    return "{\"variable\": \(string(t.variable)), \"segments\": [" + segments.joined(separator: ", ") + "]}"
  }

  /// Numbers as JSON: integers without a fraction, others with up to 6 decimals.
  public static func number(_ d: Double) -> String {
    if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
    let scaled = (d * 1e6).rounded() / 1e6
    return "\(scaled)"
  }

  public static func string(_ s: String) -> String { jsonString(s) }

  /// The animation in SwiftUI's spelling, e.g. `spring(response: 0.3, dampingFraction: 0.1)`.
  static func describe(_ a: Animation) -> String {
    switch a {
    case .timingCurve(let x1, let y1, let x2, let y2, let d):
      guard let name = Animation.curveName(x1: x1, y1: y1, x2: x2, y2: y2) else {
        return "timingCurve(\(number(x1)), \(number(y1)), \(number(x2)), \(number(y2)), duration: \(number(d)))"
      }
      return "\(name)(duration: \(number(d)))"
    case .spring(let r, let z, let b):
      return "spring(response: \(number(r)), dampingFraction: \(number(z)), blendDuration: \(number(b)))"
    case .interpolatingSpring(let m, let k, let c, let v):
      return
        "interpolatingSpring(mass: \(number(m)), stiffness: \(number(k)), damping: \(number(c)), initialVelocity: \(number(v)))"
    case .delay(let d, let base): return "\(describe(base)).delay(\(number(d)))"
    case .speed(let s, let base): return "\(describe(base)).speed(\(number(s)))"
    case .repeatCount(let n, let r, let base): return "\(describe(base)).repeatCount(\(n), autoreverses: \(r))"
    case .repeatForever(let r, let base): return "\(describe(base)).repeatForever(autoreverses: \(r))"
    }
  }
}
