import Foundation

/// How a process ended and what it printed.
public struct RunResult: Sendable {
  /// The exit status, or the signal's number when the process died of one.
  public var status: Int32
  /// Everything the process wrote to standard output.
  public var stdout: String
  /// Everything the process wrote to standard error.
  public var stderr: String
  /// False when the process died of a signal (a crash, or one sent to it).
  public var exited = true

  /// A result with the given status and output.
  public init(status: Int32, stdout: String, stderr: String, exited: Bool = true) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
    self.exited = exited
  }
}

/// Runs the built `render` executable with `arguments` to the end.
///
/// `environment`, when given, replaces the test process's environment (a larger one moves
/// the new process's stack and heap). Throws ``RenderExecutableMissing`` when it is not built.
public func run(_ arguments: [String], environment: [String: String]? = nil) throws -> RunResult {
  try run(executable: builtRenderExecutable(), arguments, environment: environment)
}

/// Runs `executable` with `arguments` (and `environment`, or this process's) to the end,
/// collecting its output.
public func run(executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> RunResult {
  let p = Process()
  p.executableURL = URL(fileURLWithPath: executable)
  p.arguments = arguments
  if let environment { p.environment = environment }
  let out = Pipe(), err = Pipe()
  p.standardOutput = out
  p.standardError = err
  try p.run()
  let o = out.fileHandleForReading.readDataToEndOfFile()
  let e = err.fileHandleForReading.readDataToEndOfFile()
  p.waitUntilExit()
  return RunResult(
    status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self),
    exited: p.terminationReason == .exit)
}
