import FlipbookAnimation

/// Writes a `Scene` as scene JSON (docs/scene-format.md) that `SceneDecoder` reads back into the same scene,
/// so that a scene built in code (the Swift API) can be saved, diffed and rendered by the
/// command line. Numbers are written in their shortest exact form, so the round trip is exact
/// and renders byte-identical frames.
///
/// The timeline is written as one event per transaction (sequences are not reconstructed).
public enum SceneEncoder {
  /// The scene as pretty-printed JSON text, ending in a newline.
  public static func encode(_ scene: Scene) throws(SceneEncodingError) -> String {
    var encoder = Writer()
    let json = try encoder.scene(scene)
    return json.pretty() + "\n"
  }
}

/// A scene that JSON cannot hold: a number that is not finite.
public struct SceneEncodingError: Error, CustomStringConvertible, Sendable {
  /// The JSON path of the value, as the decoder would name it.
  public var path: String
  public var message: String
  public var description: String { "\(path): \(message)" }
}

extension SceneEncoder {
  struct Writer {
    mutating func scene(_ scene: Scene) throws(SceneEncodingError) -> JSONOutput {
      let canvas = scene.canvas
      let duration: JSONOutput
      switch scene.duration {
      case .auto: duration = .string("auto")
      case .seconds(let d): duration = try number(d, "duration")
      }
      var state: [(String, JSONOutput)] = []
      for (name, value) in scene.state { state.append((name, try declaration(value, "state.\(name)"))) }
      var timeline: [JSONOutput] = []
      for (i, tx) in scene.transactions.enumerated() {
        timeline.append(try transaction(tx, "timeline[\(i)]"))
      }
      return .object([
        ("version", .number(1)),
        (
          "canvas",
          .object([
            ("width", try number(canvas.width, "canvas.width")),
            ("height", try number(canvas.height, "canvas.height")),
            ("scale", try number(canvas.scale, "canvas.scale")),
            ("background", try color(canvas.background, "canvas.background")),
          ])
        ),
        ("fps", try number(scene.fps, "fps")),
        ("duration", duration),
        ("state", .object(state)),
        ("root", try node(scene.root, "root")),
        ("timeline", .array(timeline)),
      ])
    }

    func transaction(_ tx: Transaction, _ path: String) throws(SceneEncodingError) -> JSONOutput {
      var members: [(String, JSONOutput)] = []
      if let name = tx.name { members.append(("name", .string(name))) }
      if let after = tx.after {
        members.append(("after", .string(after.name)))
        if after.delay != 0 { members.append(("delay", try number(after.delay, "\(path).delay"))) }
      } else {
        members.append(("at", try number(tx.time, "\(path).at")))
      }
      if let k = tx.keyframes { return .object(members + (try keyframes(k, path))) }
      if let phases = tx.phases {
        var steps: [JSONOutput] = []
        for (k, step) in phases.steps.enumerated() {
          steps.append(
            .object(
              try change(step.changes, step.animation, step.disablesAnimations, "\(path).phases[\(k)]")))
        }
        members.append(("phases", .array(steps)))
        if phases.repeatCount != 1 {
          members.append(("repeat", phases.repeatCount.map { .number(Double($0)) } ?? .bool(true)))
        }
        return .object(members)
      }
      return .object(members + (try change(tx.changes, tx.animation, tx.disablesAnimations, path)))
    }

    /// `set`, `animation` and `disablesAnimations` of an event or a phase.
    func change(
      _ changes: [(name: String, value: StateValue)], _ animation: Animation?, _ disablesAnimations: Bool,
      _ path: String
    ) throws(SceneEncodingError) -> [(String, JSONOutput)] {
      var set: [(String, JSONOutput)] = []
      for (name, value) in changes { set.append((name, try literal(value, "\(path).set.\(name)"))) }
      var members: [(String, JSONOutput)] = [("set", .object(set))]
      if let a = animation { members.append(("animation", try self.animation(a, "\(path).animation"))) }
      if disablesAnimations { members.append(("disablesAnimations", .bool(true))) }
      return members
    }

    // MARK: Values

    func number(_ v: Double, _ path: String) throws(SceneEncodingError) -> JSONOutput {
      // Only a flexible frame's maximum may be infinite (the decoder reads it back there only).
      if v == .infinity, path.hasSuffix(".maxWidth") || path.hasSuffix(".maxHeight") { return .string("infinity") }
      guard v.isFinite else {
        throw SceneEncodingError(path: path, message: "\(v) is not a finite number; JSON cannot hold it")
      }
      return .number(v)
    }

    /// A color by its SwiftUI name, else as `#RRGGBB(AA)` when that is exact, else by
    /// components (which the decoder reads back bit for bit).
    func color(_ c: Color, _ path: String) throws(SceneEncodingError) -> JSONOutput {
      if let name = Color.named.keys.sorted().first(where: { Color.named[$0] == c }) { return .string(name) }
      let bytes = [c.red, c.green, c.blue, c.opacity].map { v -> UInt32? in
        guard v >= 0 && v <= 1 else { return nil }
        let b = UInt32((v * 255).rounded())
        return Double(b) / 255 == v ? b : nil
      }
      if bytes.allSatisfy({ $0 != nil }) {
        let hex = bytes.prefix(bytes[3] == 255 ? 3 : 4).map { b -> String in
          let text = String(b!, radix: 16, uppercase: true)
          return text.count == 1 ? "0" + text : text
        }
        return .string("#" + hex.joined())
      }
      return .object([
        ("red", try number(c.red, "\(path).red")), ("green", try number(c.green, "\(path).green")),
        ("blue", try number(c.blue, "\(path).blue")), ("opacity", try number(c.opacity, "\(path).opacity")),
      ])
    }

    func literal(_ v: StateValue, _ path: String) throws(SceneEncodingError) -> JSONOutput {
      switch v {
      case .number(let n): return try number(n, path)
      case .bool(let b): return .bool(b)
      case .color(let c): return try color(c, path)
      case .point(let p): return .array([try number(p.x, "\(path)[0]"), try number(p.y, "\(path)[1]")])
      case .string(let s): return .string(s)
      case .strings(let a): return .array(a.map { .string($0) })
      case .numbers(let a):
        var items: [JSONOutput] = []
        for (i, n) in a.enumerated() { items.append(try number(n, "\(path)[\(i)]")) }
        return .array(items)
      }
    }

    /// A state variable's declaration: strings and arrays say their type
    /// (`{"string": "home"}`, `{"array": […], "of": "string"}`), other values are bare.
    func declaration(_ v: StateValue, _ path: String) throws(SceneEncodingError) -> JSONOutput {
      switch v {
      case .string: return .object([("string", try literal(v, "\(path).string"))])
      case .strings, .numbers:
        return .object([
          ("array", try literal(v, "\(path).array")), ("of", .string(v.type == .strings ? "string" : "number")),
        ])
      default: return try literal(v, path)
      }
    }

    func expression(_ e: Expression, _ path: String) throws(SceneEncodingError) -> JSONOutput {
      switch e {
      case .constant(.string(let s)) where s.hasPrefix("$"):
        throw SceneEncodingError(path: path, message: "the string \"\(s)\" would read as a state reference")
      case .constant(let v): return try literal(v, path)
      case .state(let name): return .string("$" + name)
      case .item: return .string("$item")
      case .index: return .string("$index")
      case .position:
        throw SceneEncodingError(path: path, message: "an element's position is the engine's, not the format's")
      case .not(let c): return .object([("not", try expression(c, "\(path).not"))])
      case .all(let cs), .any(let cs):
        let key = if case .all = e { "all" } else { "any" }
        var items: [JSONOutput] = []
        for (i, c) in cs.enumerated() { items.append(try expression(c, "\(path).\(key)[\(i)]")) }
        return .object([(key, .array(items))])
      case .compare(let op, let a, let b):
        let p = "\(path).\(op.rawValue)"
        return .object([(op.rawValue, .array([try expression(a, "\(p)[0]"), try expression(b, "\(p)[1]")]))])
      case .conditional(let c, let a, let b):
        return .object([
          ("if", try expression(c, "\(path).if")), ("then", try expression(a, "\(path).then")),
          ("else", try expression(b, "\(path).else")),
        ])
      case .point(let x, let y):
        return .array([try expression(x, "\(path)[0]"), try expression(y, "\(path)[1]")])
      case .color(let r, let g, let b, let a):
        return .object([
          ("red", try expression(r, "\(path).red")), ("green", try expression(g, "\(path).green")),
          ("blue", try expression(b, "\(path).blue")), ("opacity", try expression(a, "\(path).opacity")),
        ])
      }
    }

    func anchor(_ p: UnitPoint, _ path: String) throws(SceneEncodingError) -> JSONOutput {
      if let a = Alignment.allCases.first(where: { $0.unitPoint == p }) { return .string(a.rawValue) }
      return .array([try number(p.x, "\(path)[0]"), try number(p.y, "\(path)[1]")])
    }
  }
}
