import FlipbookEngine
import FlipbookRender

/// `/info`: `render info`'s object, plus what the page draws its timeline and curve panels
/// from: the last moment a frame can be drawn at, the event times `render curves` marks, and
/// the animated values `render curves` plots, sampled at ``samples`` + 1 even times.
enum PreviewInfo {
  static let samples = 480
  /// Panels sent to the page; a scene with more animated values shows the first ones.
  static let maxPanels = 40

  static func json(_ scene: CompiledScene, file: String, generation: Int) -> String {
    var fields = [("file", SceneInfo.string(file))] + SceneInfo.fields(scene)
    fields.append(("generation", String(generation)))
    fields.append(("lastTime", SceneInfo.number(scene.lastTime)))
    fields.append(("eventTimes", numbers(scene.eventTimes)))
    let times = (0...samples).map { Double($0) / Double(samples) * scene.duration }
    let values = scene.duration > 0 ? scene.animatedValues(at: times, limit: maxPanels) : []
    let curves = values.map { v in
      let components = v.components.map { c in
        SceneInfo.object([("name", SceneInfo.string(c.name)), ("values", numbers(c.values))])
      }
      return SceneInfo.object([
        ("target", SceneInfo.string(v.target)), ("label", SceneInfo.string(v.label)),
        ("components", "[" + components.joined(separator: ", ") + "]"),
      ])
    }
    fields.append(
      ("curves", SceneInfo.object([("times", numbers(times)), ("values", "[" + curves.joined(separator: ", ") + "]")])))
    return SceneInfo.object(fields)
  }

  /// A JSON array of numbers; a value that is not finite (a diverging spring) is `null`.
  static func numbers(_ values: [Double]) -> String {
    "[" + values.map { $0.isFinite ? SceneInfo.number($0) : "null" }.joined(separator: ", ") + "]"
  }
}
