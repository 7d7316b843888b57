import FlipbookEngine
import FlipbookScene
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads and checks a scene file as a whole before anything is drawn.
public enum SceneFile {
  /// Loads, validates and compiles the scene at `path`. Errors name the file, line, column
  /// and JSON path.
  public static func load(_ path: String, overrides: SceneOverrides = SceneOverrides()) throws -> CompiledScene {
    let name = path
    let bytes = try contents(of: path)
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

  /// The bytes of the scene file at `path`, at most ``SceneLimits/maxFileBytes`` of them.
  ///
  /// A regular file, or a pipe or FIFO (`render <(generate-scene) …`); a FIFO is opened
  /// without blocking, so one that no process writes to reads as empty instead of waiting
  /// forever. Devices and sockets are refused before anything is read.
  static func contents(of path: String) throws -> [UInt8] {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else {
      let code = errno
      if code == ENOENT { throw RenderError("\(path): no such file") }
      if code == ENXIO { throw RenderError("\(path): is a socket, expected a scene file") }
      throw RenderError("\(path): cannot be read: \(String(cString: strerror(code)))")
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw RenderError("\(path): cannot be read: \(String(cString: strerror(errno)))")
    }
    let isPipe = (info.st_mode & S_IFMT) == S_IFIFO
    switch info.st_mode & S_IFMT {
    case S_IFREG, S_IFIFO: break
    case S_IFDIR: throw RenderError("\(path): is a directory, expected a scene file")
    default: throw RenderError("\(path): is a device or socket, not a file; expected a scene file")
    }
    if !isPipe && info.st_size > SceneLimits.maxFileBytes {
      throw RenderError(
        "\(path): file is \(info.st_size) bytes, more than the limit of \(SceneLimits.maxFileBytes) for a scene")
    }
    // Opened; from here a pipe with a writer may block until it writes, as reading one does.
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count <= SceneLimits.maxFileBytes {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw RenderError("\(path): cannot be read: \(String(cString: strerror(errno)))")
      }
      if n == 0 { break }
      bytes += chunk[..<n]
    }
    if isPipe && bytes.isEmpty {
      throw RenderError("\(path): nothing to read (a pipe or FIFO that no process writes to)")
    }
    return bytes
  }
}

/// An error of the pipeline outside the scene itself (files, folders, encoding).
public struct RenderError: Error, CustomStringConvertible, Sendable {
  public var description: String
  public init(_ description: String) { self.description = description }
}

extension SceneFile {
  /// The scene's warnings (``CompiledScene/warnings``), naming the file at `path` as errors do.
  public static func warnings(_ compiled: CompiledScene, path: String) -> [Diagnostic] {
    compiled.warnings.map {
      var d = $0
      d.file = path
      return d
    }
  }
}
