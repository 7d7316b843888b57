import Foundation
import FlipbookEngine
import FlipbookScene

/// Reads and checks a scene file as a whole before anything is drawn.
public enum SceneFile {
  /// Loads, validates and compiles the scene at `path`. Errors name the file, line, column
  /// and JSON path.
  public static func load(_ path: String, overrides: SceneOverrides = SceneOverrides()) throws -> CompiledScene {
    let name = path
    let bytes = try read(path)
    let scene = try SceneDecoder.decode(bytes, file: name, overrides: overrides)
    do {
      return try CompiledScene(scene)
    } catch {
      // The compiled scene only knows the path inside the file.
      throw SceneError(
        diagnostics: error.diagnostics.map {
          var d = $0; d.file = name; return d
        },
        suppressed: error.suppressed)
    }
  }

  static func read(_ path: String) throws -> [UInt8] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw RenderError("\(path): no such file")
    }
    guard !isDirectory.boolValue else { throw RenderError("\(path): is a directory, expected a scene file") }
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    if let size = attributes?[.size] as? NSNumber, size.intValue > SceneLimits.maxFileBytes {
      throw RenderError(
        "\(path): file is \(size.intValue) bytes, more than the limit of \(SceneLimits.maxFileBytes) for a scene")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw RenderError("\(path): cannot be read (permission denied?)")
    }
    defer { try? handle.close() }
    let data = (try? handle.read(upToCount: SceneLimits.maxFileBytes + 1)) ?? Data()
    return [UInt8](data)
  }
}

/// An error of the pipeline outside the scene itself (files, folders, encoding).
public struct RenderError: Error, CustomStringConvertible, Sendable {
  public var description: String
  public init(_ description: String) { self.description = description }
}
