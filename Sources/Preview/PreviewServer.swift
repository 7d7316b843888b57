import FlipbookEngine
import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// `render preview`'s server: the page, frames rendered on demand, `/info`, and `/events`,
/// which pushes a `reload` within about 100 ms of a save of the scene file (or an `error`
/// when the saved file is invalid; the last good scene stays on show).
///
/// A library type: it never prints or exits; ``onChange`` tells the command what happened.
///
///     GET /                    the page (and /preview.css, /preview.js)
///     GET /frame.png?t=T       the frame at T seconds: the bytes of `render --time T --out f.png`
///     GET /info                `render info`'s object, plus the curves and event times
///     GET /events              Server-Sent Events: `reload` and `error`
public final class PreviewServer: Sendable {
  public let options: PreviewOptions
  /// Called after every reload of the scene file, off the main thread: `nil` when it
  /// compiled, else its problem.
  public let onChange: @Sendable (SceneProblem?) -> Void

  let scene: PreviewScene
  let cache: FrameCache
  let slots: RenderSlots
  let hub: EventHub
  private let server: HTTPServer
  /// The serving task first, then the file watcher and the heartbeat.
  private let tasks = Mutex<[Task<Void, Never>]>([])
  /// Requests being answered now, `/events` streams not counted (``stop()`` ends those).
  let requestsInProgress = Mutex(0)
  private let loader = DispatchQueue(label: "flipbook.preview.load")

  public init(options: PreviewOptions, onChange: @escaping @Sendable (SceneProblem?) -> Void = { _ in }) throws {
    self.options = options
    self.onChange = onChange
    scene = PreviewScene(path: options.scenePath, overrides: options.overrides)
    cache = FrameCache(capacity: options.cacheBytes)
    slots = RenderSlots(slots: options.renderSlots, maxWaiting: options.maxWaitingRenders)
    hub = EventHub(maxStreams: options.maxEventStreams)
    server = HTTPServer(
      config: HTTPServer.Configuration(
        address: try Self.address(options.host, options.port), timeout: 30,
        pool: NoDelaySocketPool(base: HTTPServer.defaultPool()), logger: .disabled))
  }

  /// The scene file's problem now, if it is invalid (the page shows the last good version).
  public var problem: SceneProblem? { scene.snapshot.problem }

  /// Loads the scene, binds the address and starts serving and watching the file. Returns
  /// the port (the one chosen by the system for port 0). Throws ``PreviewError`` when the
  /// file cannot be read at all or the address cannot be bound; an invalid scene is not an
  /// error: the page shows its problem until the file is fixed.
  @discardableResult
  public func start() async throws -> UInt16 {
    let first = await load()
    if scene.snapshot.scene == nil, let problem = first.problem, problem.diagnostics.isEmpty {
      throw PreviewError(problem.description.replacingOccurrences(of: "error: ", with: ""))
    }
    await server.appendRoute("*", to: Routes(owner: self))
    let failure = Mutex<(any Error)?>(nil)
    let serving = Task {
      do { try await server.run() } catch { failure.withLock { $0 = error } }
    }
    // FlyingFox reports a failed bind by ending run(); poll for either outcome.
    while await !server.isListening {
      if let error = failure.withLock({ $0 }) { throw bindError(error) }
      try await Task.sleep(for: .milliseconds(5))
    }
    let watching = Task { await watch() }
    let heartbeat = Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: .seconds(10))
        hub.broadcast(EventHub.heartbeat)
      }
    }
    tasks.withLock { $0 = [serving, watching, heartbeat] }
    return await port
  }

  /// The port the server listens on.
  public var port: UInt16 {
    get async {
      switch await server.listeningAddress {
      case .ip4(_, let port), .ip6(_, let port): return port
      default: return options.port
      }
    }
  }

  /// Ends the event streams, stops watching and closes the server once the requests in
  /// progress are answered (waiting at most 2 s for them).
  ///
  /// FlyingFox's own stop closes the listening socket and ends each connection after its
  /// current response, but then always waits for its whole timeout: its socket pool's loop
  /// ends only when cancelled. So the wait for requests is done here, by count, and the
  /// serving task is cancelled after it (50 ms later, for the last response's bytes to go
  /// out): Ctrl-C stops an idle preview at once instead of after 2 s.
  public func stop() async {
    hub.close()
    let all = tasks.withLock { $0 }
    for task in all.dropFirst() { task.cancel() }
    let stopping = Task { await server.stop(timeout: 2) }
    let deadline = ContinuousClock.now + .seconds(2)
    while requestsInProgress.withLock({ $0 }) > 0, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(5))
    }
    try? await Task.sleep(for: .milliseconds(50))
    all.first?.cancel()
    await stopping.value
    for task in all { await task.value }
  }

  /// Reloads the scene off the cooperative pool; on success drops the old frames.
  @discardableResult
  func load() async -> PreviewScene.Snapshot {
    await withCheckedContinuation { continuation in
      loader.async { [scene] in continuation.resume(returning: scene.reload()) }
    }
  }

  /// Polls the scene file and the image files its last good version read every
  /// ``PreviewOptions/pollInterval``; after a change, waits until the files have stayed the
  /// same for one interval (an editor may save in several writes), then reloads and tells the
  /// pages and ``onChange``.
  private func watch() async {
    let interval = Duration.seconds(options.pollInterval)
    func stamps() -> [FileStamp] {
      ([options.scenePath] + (scene.snapshot.scene?.imageFiles ?? [])).map { FileStamp(path: $0) }
    }
    var seen = stamps()
    while !Task.isCancelled {
      try? await Task.sleep(for: interval)
      var now = stamps()
      guard now != seen else { continue }
      for _ in 0..<20 {
        try? await Task.sleep(for: interval)
        let next = stamps()
        if next == now { break }
        now = next
      }
      let before = scene.snapshot.generation
      let snapshot = await load()
      seen = stamps()
      if snapshot.generation != before { cache.removeAll() }
      hub.broadcast(snapshot.event)
      onChange(snapshot.problem)
    }
  }

  private func bindError(_ error: any Error) -> PreviewError {
    let place = "\(options.host.contains(":") ? "[\(options.host)]" : options.host):\(options.port)"
    if case .failed(_, let code, let message) = error as? SocketError {
      if code == EADDRINUSE {
        return PreviewError(
          "\(place) is in use by another program; choose another port with --port N", addressInUse: true)
      }
      if code == EADDRNOTAVAIL { return PreviewError("cannot listen on \(place): no such address on this machine") }
      if code == EACCES {
        return PreviewError("cannot listen on \(place): permission denied (ports below 1024 need root)")
      }
      return PreviewError("cannot listen on \(place): \(message)")
    }
    return PreviewError("cannot listen on \(place): \(error)")
  }

  /// An IPv4 or IPv6 address (`localhost` is 127.0.0.1); names are not looked up.
  static func address(_ host: String, _ port: UInt16) throws -> any SocketAddress {
    if host == "localhost" { return try sockaddr_in.inet(ip4: "127.0.0.1", port: port) }
    if let v4 = try? sockaddr_in.inet(ip4: host, port: port) { return v4 }
    if let v6 = try? sockaddr_in6.inet6(ip6: host, port: port) { return v6 }
    throw PreviewError("--host takes an IP address such as 127.0.0.1, ::1 or 0.0.0.0, got '\(host)'")
  }
}
