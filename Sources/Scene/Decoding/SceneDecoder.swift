import FlipbookAnimation

/// Values given on the command line that replace the scene's own (`--fps`, `--duration`,
/// `--scale`); they are validated like the file's values.
public struct SceneOverrides: Hashable, Sendable {
  public var fps: Double?
  public var duration: Double?
  public var scale: Double?
  /// Glyphs at their exact positions (``Scene/exactTextPlacement``).
  public var exactText: Bool
  public init(fps: Double? = nil, duration: Double? = nil, scale: Double? = nil, exactText: Bool = false) {
    self.fps = fps; self.duration = duration; self.scale = scale; self.exactText = exactText
  }
}

/// Limits well above any real scene, so that hostile files fail with a message instead of
/// exhausting memory or the stack.
public enum SceneLimits {
  public static let maxFileBytes = 32 * 1024 * 1024
  public static let maxNodes = 100_000
  public static let maxPixelSide = 16_384
  public static let maxPixelsPerFrame = 67_108_864
  public static let maxFrames = 100_000
  /// The slowest frame rate, one frame every 1,000 s: any slower is a mistake (a subnormal
  /// `1e-320` would make a frame's time infinite), and GIF delays could not hold it.
  public static let minFPS = 0.001
  public static let maxFPS = 240.0
  /// The frame rates allowed, as messages and docs write them.
  public static let fpsRangeText = "[0.001, 240]"
  public static let maxTransactions = 1_000_000
  /// The longest array of the format: timeline events, sequence steps, path commands. The
  /// parser stops at a longer one before building it all.
  public static let maxArrayCount = 1_000_000
  /// Keyframes in all of a scene's keyframes events together.
  public static let maxKeyframes = 1_000_000
  /// The most elements an array value (state, `set`, a `forEach`'s literal data) holds: each
  /// element of a `forEach` is a view, and views are bounded by ``maxNodes``.
  public static let maxArrayElements = 10_000
  /// Work to replay the timeline into animation tracks, in units of about a microsecond
  /// (a view laid out, a value recorded, a running animation evaluated, 16 spring steps), so
  /// that replay takes seconds at most. Real scenes need thousands; 1,000 views moved with a
  /// spring by 100 transactions need about 4,000,000.
  public static let maxReplayWork = 10_000_000
  /// The longest text a `text` node may show, in UTF-8 bytes: far more than any label or
  /// paragraph, little enough that laying it out in every frame stays fast.
  public static let maxTextBytes = 65_536
  /// The most decimals a `{"number": …}` text may show.
  public static let maxTextDecimals = 15
  /// Errors reported per run before the rest are only counted.
  public static let maxDiagnostics = 20
}

/// Decodes and validates a scene file in one pass, collecting every error with its file,
/// line, column and JSON path; nothing is drawn unless the whole scene is valid.
public struct SceneDecoder {
  let file: String
  var diagnostics: [Diagnostic] = []
  var suppressed = 0
  var stateTypes: [String: ValueType] = [:]
  /// Variables whose declaration was reported as wrong: their uses are not reported again.
  var brokenState: Set<String> = []
  /// The element types of the `forEach`s around the node being read, innermost last: what
  /// `"$item"` is.
  var elementTypes: [ValueType] = []
  var nodeCount = 0
  /// Paths of animations that repeat forever, checked against `"duration": "auto"`.
  var foreverAnimations: [(path: String, location: SourceLocation)] = []
  /// Keyframes read so far, against ``SceneLimits/maxKeyframes``.
  var keyframeCount = 0

  init(file: String) { self.file = file }

  /// Parses and validates `bytes`; `file` is the name used in messages.
  /// The folder part of a file's path ("/" for a file at the root); nil for a bare name.
  static func directory(of file: String) -> String? {
    guard let slash = file.lastIndex(of: "/") else { return nil }
    return slash == file.startIndex ? "/" : String(file[..<slash])
  }

  public static func decode(
    _ bytes: [UInt8], file: String, overrides: SceneOverrides = SceneOverrides()
  ) throws(SceneError) -> Scene {
    if bytes.count > SceneLimits.maxFileBytes {
      throw SceneError(diagnostics: [
        Diagnostic(
          file: file, location: SourceLocation(line: 1, column: 1), path: "",
          message: "file is \(bytes.count) bytes, more than the limit of \(SceneLimits.maxFileBytes)")
      ])
    }
    let json: JSONValue
    do {
      json = try JSONParser.parse(bytes, maxArrayCount: SceneLimits.maxArrayCount)
    } catch {
      throw SceneError(diagnostics: [
        Diagnostic(file: file, location: error.location, path: "", message: "invalid JSON: \(error.message)")
      ])
    }
    var decoder = SceneDecoder(file: file)
    var scene = decoder.scene(json, overrides: overrides)
    scene?.directory = directory(of: file)
    scene?.exactTextPlacement = overrides.exactText
    if let scene, decoder.diagnostics.isEmpty { return scene }
    // Report in file order, as a compiler does.
    let sorted = decoder.diagnostics.enumerated().sorted { a, b in
      let (x, y) = (a.element.location, b.element.location)
      return x.line != y.line ? x.line < y.line : x.column != y.column ? x.column < y.column : a.offset < b.offset
    }.map(\.element)
    throw SceneError(diagnostics: sorted, suppressed: decoder.suppressed)
  }

  // MARK: Reporting

  mutating func error(_ location: SourceLocation, _ path: String, _ message: String) {
    if diagnostics.count >= SceneLimits.maxDiagnostics {
      suppressed += 1
      return
    }
    diagnostics.append(Diagnostic(file: file, location: location, path: path, message: message))
  }

  mutating func error(_ value: JSONValue, _ path: String, _ message: String) {
    error(value.location, path, message)
  }

  mutating func typeError(_ value: JSONValue, _ path: String, expected: String) {
    error(value, path, "expected \(expected), found \(describe(value))")
  }

  /// A value as the file writes it, for messages that quote a number or a string plainly.
  static func text(_ v: JSONValue) -> String {
    switch v.kind {
    case .number(_, let text): return text
    case .string(let s): return "\"\(s)\""
    case .bool(let b): return "\(b)"
    default: return v.typeName
    }
  }

  func describe(_ v: JSONValue) -> String {
    switch v.kind {
    case .string(let s): return "the string \"\(excerpt(s))\""
    case .number(_, let text): return "the number \(excerpt(text))"
    case .bool(let b): return "\(b)"
    default: return v.typeName
    }
  }

  /// The members of an object, after checking that it is one, that every key is known
  /// (with a suggestion for typos) and that the required keys are there.
  mutating func object(
    _ v: JSONValue, _ path: String, allowed: [String], required: [String] = [], what: String = "an object"
  ) -> [String: JSONValue]? {
    guard case .object(let members) = v.kind else {
      typeError(v, path, expected: what)
      return nil
    }
    var result: [String: JSONValue] = [:]
    for m in members {
      if allowed.contains(m.key) {
        result[m.key] = m.value
      } else {
        let list = allowed.count <= 8 ? "; expected one of: \(allowed.joined(separator: ", "))" : ""
        // The modifier this object is the value of, for SwiftUI's argument labels.
        let owner = path.split(separator: ".").last.map(String.init) ?? ""
        let why =
          SwiftUINames.argumentNote(modifier: owner, key: m.key).map { ": \($0)" }
          ?? "\(Suggestion.hint(for: m.key, in: allowed))\(list)"
        error(m.keyLocation, join(path, m.key), "unknown key \"\(excerpt(m.key))\"\(why)")
      }
    }
    for key in required where result[key] == nil {
      error(v, path, "missing required key \"\(key)\"")
    }
    return result
  }

  /// `path.key`, with a long key shortened as in messages.
  func join(_ path: String, _ key: String) -> String { path.isEmpty ? excerpt(key) : "\(path).\(excerpt(key))" }

  /// A string from the file as messages quote it (see ``JSONParser/excerpt(_:)``).
  func excerpt(_ s: String) -> String { JSONParser.excerpt(s) }

  // MARK: Top level

  package static let topLevelKeys = ["$schema", "version", "canvas", "fps", "duration", "state", "root", "timeline"]

  mutating func scene(_ json: JSONValue, overrides: SceneOverrides) -> Scene? {
    guard let top = object(json, "", allowed: Self.topLevelKeys, required: ["canvas", "root"], what: "a scene object")
    else {
      return nil
    }
    if let s = top["$schema"], case .string = s.kind {
    } else if let s = top["$schema"] {
      typeError(s, "$schema", expected: "a string")
    }
    if let v = top["version"] {
      if case .number(let n, _) = v.kind, n == 1 {
      } else {
        error(v, "version", "unsupported version \(excerpt(Self.text(v))); this renderer reads version 1")
      }
    }
    let canvas = top["canvas"].flatMap { self.canvas($0, overrides: overrides) }

    var fps = 30.0
    if let f = overrides.fps {
      if !(f >= SceneLimits.minFPS && f <= SceneLimits.maxFPS) {
        error(
          json.location, "fps", "--fps \(format(f)) is out of range; expected a number in \(SceneLimits.fpsRangeText)")
      }
      fps = f
    } else if let v = top["fps"] {
      if let f = number(v, "fps") {
        if f >= SceneLimits.minFPS && f <= SceneLimits.maxFPS {
          fps = f
        } else {
          error(v, "fps", "\(format(f)) is out of range; expected a number in \(SceneLimits.fpsRangeText)")
        }
      }
    }

    var duration = Scene.Duration.auto
    if let d = overrides.duration {
      if d >= 0 && d.isFinite {
        duration = .seconds(d)
      } else {
        error(json.location, "duration", "--duration \(format(d)) is out of range; expected seconds ≥ 0")
      }
    } else if let v = top["duration"] {
      if case .string(let s) = v.kind {
        if s != "auto" { error(v, "duration", "expected seconds ≥ 0 or \"auto\", found \(describe(v))") }
      } else if let d = number(v, "duration") {
        if d >= 0 {
          duration = .seconds(d)
        } else {
          error(v, "duration", "\(format(d)) is negative; expected seconds ≥ 0 or \"auto\"")
        }
      }
    }
    if case .seconds(let d) = duration {
      let frames = (d * fps).rounded() + 1
      if frames > Double(SceneLimits.maxFrames) {
        // From the command line, the message names the option, not the file's value.
        let given = overrides.duration != nil ? "--duration \(format(d))" : format(d)
        error(
          overrides.duration != nil ? json : top["duration"] ?? json, "duration",
          "\(given) s at \(format(fps)) fps is \(format(frames)) frames, more than the limit of \(SceneLimits.maxFrames)"
        )
      }
    }

    var state: [(name: String, value: StateValue)] = []
    if let v = top["state"] {
      state = self.state(v)
    }
    var root: Node?
    if let v = top["root"] { root = node(v, "root") }
    var transactions: [Transaction] = []
    if let v = top["timeline"] { transactions = timeline(v) }

    if duration == .auto, overrides.duration == nil {
      for f in foreverAnimations {
        error(f.location, f.path, Scene.repeatForeverProblem)
      }
    }
    guard let canvas, let root else { return nil }
    return Scene(canvas: canvas, fps: fps, duration: duration, state: state, root: root, transactions: transactions)
  }

  mutating func canvas(_ v: JSONValue, overrides: SceneOverrides) -> Scene.Canvas? {
    guard
      let m = object(v, "canvas", allowed: ["width", "height", "scale", "background"], required: ["width", "height"])
    else {
      return nil
    }
    let width = m["width"].flatMap { positive($0, "canvas.width") }
    let height = m["height"].flatMap { positive($0, "canvas.height") }
    var scale = 1.0
    if let s = overrides.scale {
      if s > 0 && s.isFinite {
        scale = s
      } else {
        error(v, "canvas.scale", "--scale \(format(s)) is out of range; expected a number > 0")
      }
    } else if let sv = m["scale"], let s = positive(sv, "canvas.scale") {
      scale = s
    }
    var background = Color.clear
    if let b = m["background"] {
      if case .constant(.color(let c))? = expression(b, "canvas.background", .color, allowState: false) {
        background = c
      }
    }
    for (name, side) in [("width", width), ("height", height)] {
      guard let side else { continue }
      let p = (side * scale).rounded()
      if p < 1 || p > Double(SceneLimits.maxPixelSide) {
        error(
          m[name]!, "canvas.\(name)",
          "\(format(side)) points × scale \(format(scale)) is \(format(p)) pixels; expected 1…\(SceneLimits.maxPixelSide)"
        )
      }
    }
    guard let width, let height else { return nil }
    let canvas = Scene.Canvas(width: width, height: height, scale: scale, background: background)
    let pw = (width * scale).rounded(), ph = (height * scale).rounded()
    if pw * ph > Double(SceneLimits.maxPixelsPerFrame), pw <= Double(SceneLimits.maxPixelSide),
      ph <= Double(SceneLimits.maxPixelSide)
    {
      error(
        v, "canvas",
        "\(format(pw))×\(format(ph)) is \(format(pw * ph)) pixels per frame, more than the limit of \(SceneLimits.maxPixelsPerFrame)"
      )
    }
    return canvas
  }

  mutating func state(_ v: JSONValue) -> [(name: String, value: StateValue)] {
    guard case .object(let members) = v.kind else {
      typeError(v, "state", expected: "an object of name → value")
      return []
    }
    var result: [(name: String, value: StateValue)] = []
    for m in members {
      let path = join("state", m.key)
      guard Self.isValidName(m.key) else {
        error(m.keyLocation, path, "invalid state name \"\(excerpt(m.key))\"; names match [A-Za-z_][A-Za-z0-9_]*")
        continue
      }
      if let value = literal(m.value, path) {
        stateTypes[m.key] = value.type
        result.append((m.key, value))
      } else {
        brokenState.insert(m.key)
      }
    }
    return result
  }

  static func isValidName(_ s: String) -> Bool {
    guard let first = s.unicodeScalars.first else { return false }
    func letter(_ c: Unicode.Scalar) -> Bool { (c >= "A" && c <= "Z") || (c >= "a" && c <= "z") || c == "_" }
    return letter(first) && s.unicodeScalars.dropFirst().allSatisfy { letter($0) || ($0 >= "0" && $0 <= "9") }
  }

  func format(_ d: Double) -> String { Self.format(d) }

  /// A number for messages: whole numbers without a fraction (`30`), others as Swift prints
  /// them (`0.5`, `1e+18`, `inf`); never traps, whatever the magnitude.
  package static func format(_ d: Double) -> String {
    if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
    return "\(d)"
  }
}
