import FlipbookEngine
import FlipbookPNG
import FlipbookRender
import FlyingFox
import Foundation

extension PreviewServer {
  /// The server's one handler: every request is matched here by its exact path, so nothing
  /// but the names below is ever answered.
  struct Routes: HTTPHandler {
    let owner: PreviewServer

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
      guard request.method == .GET || request.method == .HEAD else {
        return text(.methodNotAllowed, "only GET is served")
      }
      if request.path == "/events" { return events() }
      owner.requestsInProgress.withLock { $0 += 1 }
      defer { owner.requestsInProgress.withLock { $0 -= 1 } }
      switch request.path {
      case "/frame.png": return await frame(request.query["t"])
      case "/info": return info()
      default:
        guard let file = PageResources.files[request.path] else { return text(.notFound, "not found") }
        return HTTPResponse(
          statusCode: .ok, headers: [.contentType: file.type, .cacheControl: "no-cache"], body: file.bytes)
      }
    }

    /// The frame at `t` seconds, drawn as `render --time t` draws it. 400 for a time that is
    /// not a moment of the scene (as `render --time` refuses it), 503 before the file has
    /// ever compiled or while too many frames are waiting to be drawn.
    func frame(_ t: String?) async -> HTTPResponse {
      let snapshot = owner.scene.snapshot
      guard let scene = snapshot.scene else {
        return text(.serviceUnavailable, snapshot.problem?.description ?? "the scene is loading")
      }
      guard let t, let time = Double(t) else {
        return text(.badRequest, "give the time in seconds: /frame.png?t=0.5")
      }
      guard scene.contains(time: time) else {
        return text(.badRequest, "t=\(t): the scene lasts 0…\(SceneInfo.number(scene.lastTime)) s")
      }
      let generation = snapshot.generation
      if let png = owner.cache.frame(generation: generation, time: time) { return frameResponse(png, generation) }
      do {
        let png = try await owner.slots.run { try Self.encodedFrame(scene, at: time) }
        owner.cache.insert(png, generation: generation, time: time)
        return frameResponse(png, generation)
      } catch is RenderSlots.Busy {
        return text(.serviceUnavailable, "busy: too many frames are waiting to be drawn")
      } catch {
        return text(.internalServerError, "\(error)")
      }
    }

    /// The frame's PNG bytes: ``FrameRenderer`` draws and ``PNGEncoder`` encodes it, as
    /// `render --time` does (``PNGFile`` writes the same encoder's bytes to the file).
    static func encodedFrame(_ scene: CompiledScene, at time: Double) throws -> Data {
      let pixmap = try FrameRenderer.pixmap(scene, at: time)
      var encoder = PNGEncoder()
      return try encoder.withEncodedBytes(of: pixmap) { Data($0) }
    }

    func frameResponse(_ png: Data, _ generation: Int) -> HTTPResponse {
      HTTPResponse(
        statusCode: .ok,
        headers: [
          .contentType: "image/png", .cacheControl: "no-store", HTTPHeader("X-Generation"): String(generation),
        ],
        // One write for the whole frame rather than FlyingFox's default of 4 KiB writes.
        body: HTTPBodySequence(data: png, suggestedBufferSize: png.count))
    }

    func info() -> HTTPResponse {
      let snapshot = owner.scene.snapshot
      guard let info = snapshot.info else {
        return text(.serviceUnavailable, snapshot.problem?.description ?? "the scene is loading")
      }
      return HTTPResponse(
        statusCode: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"], body: Data(info.utf8))
    }

    /// A stream that starts with the scene's state now (`reload` or `error`), then carries
    /// every change.
    func events() -> HTTPResponse {
      let stream = owner.hub.subscribe(first: owner.scene.snapshot.event)
      return HTTPResponse(
        statusCode: .ok,
        headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
        body: HTTPBodySequence(from: EventStreamBody(messages: stream), suggestedBufferSize: 65536))
    }

    func text(_ status: HTTPStatusCode, _ message: String) -> HTTPResponse {
      HTTPResponse(
        statusCode: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
        body: Data((message + "\n").utf8))
    }
  }
}
