import FlipbookLayout

/// What `render info` prints: the scene's output geometry and timing as one JSON object.
public enum SceneInfo {
  public static func json(_ scene: CompiledScene) -> String {
    func number(_ d: Double) -> String {
      if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
      return "\(d)"
    }
    let fields: [(String, String)] = [
      ("width", String(scene.pixelWidth)),
      ("height", String(scene.pixelHeight)),
      ("fps", number(scene.fps)),
      ("duration", number(scene.duration)),
      ("frameCount", String(scene.frameCount)),
    ]
    return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
  }
}
