import Foundation

/// Where `swift build` and `swift test` put the `render` executable: beside the test bundle.
public let renderExecutable: String = URL(fileURLWithPath: CommandLine.arguments[0])
  .deletingLastPathComponent().appendingPathComponent("render").path

/// The `render` executable is not built beside the tests; the description says how to build it.
public struct RenderExecutableMissing: Error, CustomStringConvertible {
  /// Where the executable was looked for.
  public var path: String

  public var description: String {
    let ci = ProcessInfo.processInfo.environment["CI"] != nil
    return "the render executable is not built: there is no executable file at \(path). "
      + "Build it with `swift build` (add -c release for a release test run), or run `swift test`, "
      + "which builds it because the CommandLineTests target depends on it."
      + (ci ? " CI is set, so the command-line tests fail rather than skip without it." : "")
  }
}

/// The path of the built `render` executable, or an error that says how to build it.
///
/// Throws ``RenderExecutableMissing`` when there is none, so that command-line tests fail
/// without it, never skip or pass vacuously.
public func builtRenderExecutable() throws -> String {
  guard FileManager.default.isExecutableFile(atPath: renderExecutable) else {
    throw RenderExecutableMissing(path: renderExecutable)
  }
  return renderExecutable
}
