/// One problem in a scene file, located precisely enough to fix it without searching.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  public var file: String
  public var location: SourceLocation
  /// The JSON path of the offending value, e.g. `root.children[1].modifiers[0].fill`.
  public var path: String
  public var message: String

  public init(file: String, location: SourceLocation, path: String, message: String) {
    self.file = file; self.location = location; self.path = path; self.message = message
  }

  /// `scene.json:14:22: root.children[1].modifiers[0].fill: unknown color "bleu" (did you mean "blue"?)`
  public var description: String {
    path.isEmpty
      ? "\(file):\(location.line):\(location.column): \(message)"
      : "\(file):\(location.line):\(location.column): \(path): \(message)"
  }
}

/// A scene that cannot be rendered: every problem found, in file order, up to a cap.
public struct SceneError: Error, Sendable, CustomStringConvertible {
  public var diagnostics: [Diagnostic]
  /// Problems found beyond the cap, reported only as a count.
  public var suppressed: Int

  public init(diagnostics: [Diagnostic], suppressed: Int = 0) {
    self.diagnostics = diagnostics; self.suppressed = suppressed
  }

  public var description: String {
    var lines = diagnostics.map { "error: \($0)" }
    if suppressed > 0 { lines.append("error: … and \(suppressed) more") }
    return lines.joined(separator: "\n")
  }
}
