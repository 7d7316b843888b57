import ArgumentParser
import FlipbookPreview
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// `render preview SCENE`: a local page to scrub, step and play the scene, reloaded when the
/// file is saved. The server is FlipbookPreview's; this is its process policy: the messages,
/// Ctrl-C and the exit status.
struct Preview: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Serve a live page to scrub, step and play a scene; it reloads when the file is saved.",
    discussion: """
      Open the printed URL in a browser. The page shows the frame at the current time (the
      same bytes as 'render --time T'), a timeline with the scene's events, play at 0.25× to
      2×, arrow keys to step a frame (Shift: 10), and every animated value's curve. Saving the
      scene file reloads the page within 200 ms, at the same time; an invalid file shows its
      errors over the last frame that worked. Ctrl-C stops. See docs/preview.md.

      Examples:
        render preview examples/lore-circle.json
        render preview scene.json --port 9000
        render preview scene.json --host 0.0.0.0     (reachable from other machines: be sure)
      """)

  @Argument(help: "The scene file (JSON).")
  var scene: String

  @Option(help: "The TCP port (0: any free port).")
  var port: Int = 8080

  @Option(help: "The address to listen on; the default is this machine only.")
  var host: String = "127.0.0.1"

  @OptionGroup var overrides: Overrides

  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, got \(port)") }
  }

  /// Serves until SIGINT, SIGTERM or SIGHUP, then stops the server (its socket, streams and
  /// requests) and exits with 128 + the signal. The root command is synchronous, so the
  /// server runs in a task while this thread waits.
  func run() throws {
    let done = DispatchSemaphore(value: 0)
    let outcome = Mutex<(any Error)?>(nil)
    Task {
      do { try await serve() } catch { outcome.withLock { $0 = error } }
      done.signal()
    }
    done.wait()
    if let error = outcome.withLock({ $0 }) { throw error }
  }

  func serve() async throws {
    let options = PreviewOptions(
      scenePath: scene, overrides: overrides.sceneOverrides, host: host, port: UInt16(port),
      renderSlots: ProcessInfo.processInfo.activeProcessorCount)
    InterruptGuard.begin()
    defer { InterruptGuard.end() }
    let server: PreviewServer
    let bound: UInt16
    do {
      server = try PreviewServer(options: options) { [scene] problem in
        if let problem {
          printError("\(problem)\n(the page shows the last version that worked)")
        } else {
          FileHandle.standardError.write(Data("reloaded \(scene)\n".utf8))
        }
      }
      bound = try await server.start()
    } catch {
      printError("\(error)")
      throw ExitCode.failure
    }
    if let problem = server.problem { printError("\(problem)") }
    let display = host.contains(":") ? "[\(host)]" : host
    let url = "http://\(["0.0.0.0", "[::]"].contains(display) ? "127.0.0.1" : display):\(bound)/"
    let reach =
      ["127.0.0.1", "::1", "localhost"].contains(host)
      ? "only from this machine (loopback); --host 0.0.0.0 serves the network"
      : "on \(display), reachable from other machines"
    // Written at once (not buffered): scripts and tests read the URL while the server runs.
    FileHandle.standardOutput.write(Data("previewing \(scene) at \(url)\nlistening \(reach); Ctrl-C stops\n".utf8))
    while InterruptGuard.pendingSignal == nil { try? await Task.sleep(for: .milliseconds(50)) }
    await server.stop()
    InterruptGuard.exitAfterInterrupt(InterruptGuard.pendingSignal!, "the preview stopped")
  }
}
