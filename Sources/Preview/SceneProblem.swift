import FlipbookRender
import FlipbookScene

/// Why the scene file cannot be shown now: every diagnostic with its file, line, column and
/// JSON path, or the one message of a file that cannot be read.
public struct SceneProblem: Sendable, CustomStringConvertible {
  public var diagnostics: [Diagnostic]
  /// The whole report as `render` prints it, one `error: …` line per problem.
  public var description: String

  init(_ error: any Error) {
    if let scene = error as? SceneError {
      diagnostics = scene.diagnostics
      description = scene.description
    } else {
      diagnostics = []
      let text = "\(error)"
      description = text.hasPrefix("error:") ? text : "error: \(text)"
    }
  }

  /// The `error` event's data: `{"message": …, "diagnostics": [{file, line, column, path, message}]}`.
  var json: String {
    let items = diagnostics.map { d in
      SceneInfo.object([
        ("file", SceneInfo.string(d.file)), ("line", String(d.location.line)), ("column", String(d.location.column)),
        ("path", SceneInfo.string(d.path)), ("message", SceneInfo.string(d.message)),
      ])
    }
    return SceneInfo.object([
      ("message", SceneInfo.string(description)), ("diagnostics", "[" + items.joined(separator: ", ") + "]"),
    ])
  }
}
