#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole input file (an image a scene names), refusing what is not a regular file
/// or is larger than a limit before reading it.
///
/// The file is opened without blocking and checked with `fstat`, so a FIFO, a device or a
/// directory given where a file belongs is an error at once, never a read that waits forever
/// or a gigabyte read into memory.
package enum RegularFile {
  /// Why a file could not be read, in words for a message after its path.
  package struct Failure: Error, Sendable {
    package var reason: String
  }

  /// The bytes of the regular file at `path`, at most `limit` of them.
  package static func contents(of path: String, limit: Int) throws(Failure) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else {
      let code = errno
      throw Failure(reason: code == ENOENT ? "no such file" : String(cString: strerror(code)))
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw Failure(reason: String(cString: strerror(errno))) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw Failure(reason: "is a directory, not a file")
    default: throw Failure(reason: "is not a regular file (a pipe, device or socket)")
    }
    guard info.st_size <= limit else {
      throw Failure(reason: "file is \(info.st_size) bytes, more than the limit of \(limit)")
    }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + done, $0.count - done) }
      if n < 0 {
        if errno == EINTR { continue }
        throw Failure(reason: String(cString: strerror(errno)))
      }
      if n == 0 { break }  // shrank while being read: decode what there is
      done += n
    }
    if done < bytes.count { bytes.removeSubrange(done...) }
    return bytes
  }
}

/// The C library's `read`, by a name that the type's own methods do not shadow.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}
