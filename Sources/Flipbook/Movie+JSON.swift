import FlipbookEngine
import FlipbookRender
import FlipbookScene

extension Movie {
  /// A movie from scene JSON text (docs/scene-format.md): the other front end of the same model, so a Swift
  /// test can render and golden-test JSON scenes, or compare them with Swift ones.
  public init(json: String, file: String = "scene.json") throws {
    do {
      self.init(compiled: try CompiledScene(try SceneDecoder.decode(Array(json.utf8), file: file)))
    } catch {
      throw MovieError("\(error)")
    }
  }

  /// A movie from a scene JSON file (docs/scene-format.md), as `render` reads it.
  public init(contentsOfFile path: String) throws {
    do {
      self.init(compiled: try SceneFile.load(path))
    } catch {
      throw MovieError("\(error)")
    }
  }
}
