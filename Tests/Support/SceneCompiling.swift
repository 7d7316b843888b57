import FlipbookEngine
import FlipbookScene
import Foundation

/// Decodes JSON text as the command line decodes a file called `file` (the name messages give).
public func decodeScene(
  _ text: String, file: String = "test.json", overrides: SceneOverrides = SceneOverrides()
) throws(SceneError) -> Scene {
  try SceneDecoder.decode(Array(text.utf8), file: file, overrides: overrides)
}

/// Decodes the scene file at `path`; messages name the path. Reading the file may throw too.
public func decodeScene(contentsOf path: String) throws -> Scene {
  let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  return try SceneDecoder.decode(bytes, file: path)
}

/// Decodes and compiles JSON text into the scene the engine evaluates.
public func compile(_ text: String, file: String = "test.json") throws -> CompiledScene {
  try CompiledScene(decodeScene(text, file: file))
}

/// Decodes and compiles the scene file at `path`.
public func compile(contentsOf path: String) throws -> CompiledScene {
  try CompiledScene(decodeScene(contentsOf: path))
}
