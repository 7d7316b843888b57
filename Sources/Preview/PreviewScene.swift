import FlipbookEngine
import FlipbookRender
import FlipbookScene
import Synchronization

/// The scene as the preview shows it: the last version of the file that compiled (kept while
/// the file is invalid, so the page keeps its frame) and, while it is invalid, the problem.
final class PreviewScene: Sendable {
  /// One consistent view of the scene.
  struct Snapshot: Sendable {
    /// Counts successful loads: frames and `/info` of one generation belong together.
    var generation = 0
    /// The last good scene, nil until the file first compiles.
    var scene: CompiledScene?
    /// `/info` of ``scene``.
    var info: String?
    /// The file's current problem; nil while it is valid.
    var problem: SceneProblem?

    /// The `/events` message that describes this state: an `error` or a `reload`.
    var event: String {
      if let problem { return EventHub.event("error", data: problem.json) }
      return EventHub.event("reload", data: "{\"generation\": \(generation)}")
    }
  }

  let path: String
  let overrides: SceneOverrides
  private let state = Mutex(Snapshot())

  init(path: String, overrides: SceneOverrides) {
    self.path = path
    self.overrides = overrides
  }

  var snapshot: Snapshot { state.withLock { $0 } }

  /// Reads and compiles the file (blocking: call it off Swift's cooperative pool) and returns
  /// the new state: a new generation if it compiled, else the old scene with the problem.
  @discardableResult
  func reload() -> Snapshot {
    do {
      let scene = try SceneFile.load(path, overrides: overrides)
      let generation = state.withLock { $0.generation } + 1
      let file = path.split(separator: "/").last.map(String.init) ?? path
      let info = PreviewInfo.json(scene, file: file, generation: generation)
      return state.withLock { s in
        s = Snapshot(generation: generation, scene: scene, info: info, problem: nil)
        return s
      }
    } catch {
      return state.withLock { s in
        s.problem = SceneProblem(error)
        return s
      }
    }
  }
}
