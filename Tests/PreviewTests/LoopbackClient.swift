import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A plain HTTP/1.1 client over a POSIX socket to 127.0.0.1, written for these tests so that
/// requests go to the server exactly as written (`GET /../../etc/passwd` is not normalized
/// first, as URLSession would) and event streams can be read as they arrive.
struct LoopbackClient: Sendable {
  struct Response {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
  }

  struct Failure: Error, CustomStringConvertible { var description: String }

  let port: UInt16

  /// Sends `GET target` and reads the whole response (the server sends Content-Length).
  func get(_ target: String, timeout: Double = 30) throws -> Response {
    let fd = try connect()
    defer { close(fd) }
    try send(fd, "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    var data: [UInt8] = []
    let end = Date().addingTimeInterval(timeout)
    while let chunk = try read(fd, until: end) { data += chunk }
    return try parse(data)
  }

  /// Opens `/events` and returns a reader of its events.
  func events() throws -> EventReader {
    let fd = try connect()
    try send(fd, "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    return EventReader(fd: fd, client: self)
  }

  func connect() throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      close(fd)
      throw Failure(description: "cannot connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
    }
    return fd
  }

  func send(_ fd: Int32, _ text: String) throws {
    let bytes = Array(text.utf8)
    guard write(fd, bytes, bytes.count) == bytes.count else { throw Failure(description: "write failed") }
  }

  /// The next bytes, nil at the end of the stream; throws after `end`.
  func read(_ fd: Int32, until end: Date) throws -> [UInt8]? {
    var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    let wait = Int32(max(0, end.timeIntervalSinceNow) * 1000)
    guard poll(&pfd, 1, wait) > 0 else { throw Failure(description: "timed out reading") }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    let n = Glibc.read(fd, &buffer, buffer.count)
    guard n > 0 else { return nil }
    return Array(buffer[..<n])
  }

  func parse(_ data: [UInt8]) throws -> Response {
    guard let split = data.firstRange(of: Array("\r\n\r\n".utf8)) else {
      throw Failure(description: "no response header in \(data.count) bytes")
    }
    let head = String(decoding: data[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
    let status = Int(head[0].split(separator: " ")[1]) ?? 0
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return Response(status: status, headers: headers, body: Array(data[split.upperBound...]))
  }
}

/// The events of one `/events` stream, read as they arrive (chunked transfer encoding).
final class EventReader {
  let fd: Int32
  let client: LoopbackClient
  private var pending: [UInt8] = []
  private var headerRead = false

  init(fd: Int32, client: LoopbackClient) {
    self.fd = fd
    self.client = client
  }

  deinit { close(fd) }

  /// The next event's name and data, skipping comments; throws after `timeout` seconds.
  func next(timeout: Double = 10) throws -> (name: String, data: String) {
    let end = Date().addingTimeInterval(timeout)
    while true {
      if !headerRead, let split = pending.firstRange(of: Array("\r\n\r\n".utf8)) {
        pending.removeSubrange(..<split.upperBound)
        headerRead = true
      }
      if headerRead, let event = takeEvent() { return event }
      guard let chunk = try client.read(fd, until: end) else {
        throw LoopbackClient.Failure(description: "the event stream ended")
      }
      pending += chunk
    }
  }

  /// The first complete event in the de-chunked bytes, if there is one.
  private func takeEvent() -> (name: String, data: String)? {
    // Chunk framing: "SIZE\r\nBYTES\r\n". Events never span chunks (one message per chunk).
    var text = ""
    var rest = pending[...]
    while let line = rest.firstRange(of: Array("\r\n".utf8)) {
      guard let size = Int(String(decoding: rest[..<line.lowerBound], as: UTF8.self), radix: 16) else { return nil }
      let start = line.upperBound
      guard rest.distance(from: start, to: rest.endIndex) >= size + 2 else { break }
      let body = rest[start..<rest.index(start, offsetBy: size)]
      text = String(decoding: body, as: UTF8.self)
      rest = rest[rest.index(start, offsetBy: size + 2)...]
      if text.hasPrefix(":") { pending = Array(rest); text = ""; continue }
      pending = Array(rest)
      var name = "message", data: [String] = []
      for line in text.split(separator: "\n") {
        if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
        if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
      }
      return (name, data.joined(separator: "\n"))
    }
    return nil
  }
}
