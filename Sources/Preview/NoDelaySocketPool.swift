import FlyingFox
import FlyingSocks

#if canImport(Glibc)
  import Glibc
#endif

/// FlyingFox's socket pool, which also turns Nagle's algorithm off (TCP_NODELAY) on every
/// socket it waits for, the listening one included, whose setting accepted connections inherit.
///
/// FlyingFox writes a response's header and body in separate writes; with Nagle's algorithm
/// the body then waits for the client's delayed acknowledgement of the header, 40 ms on Linux,
/// which made every frame take at least 44 ms. FlyingFox has no option for it, but every socket
/// passes through its pool.
struct NoDelaySocketPool<Base: AsyncSocketPool>: AsyncSocketPool {
  let base: Base

  func prepare() async throws { try await base.prepare() }

  func run() async throws { try await base.run() }

  func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
    var on: Int32 = 1
    _ = setsockopt(socket.file.rawValue, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    try await base.suspendSocket(socket, untilReadyFor: events)
  }
}
