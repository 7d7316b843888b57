#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `write(2)`, named apart from ``POSIXFile/write(_:toPath:exclusive:)`` which shadows it.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, buffer, count)
}

/// Whole-file writes with plain POSIX calls, shared by the PNG writer and the frame writer.
///
/// POSIX rather than Foundation so the caller gets the exact `errno` (ENOSPC, EFBIG, EACCES)
/// and can refuse to follow a symlink (`O_NOFOLLOW`) or to reuse a name (`O_EXCL`).
package enum POSIXFile {
  /// Writes `bytes` to `path` and closes it; returns 0 or the `errno` of the failing call.
  ///
  /// With `exclusive`, the file must not exist yet and a symlink at `path` is never followed
  /// (`O_EXCL | O_NOFOLLOW`); otherwise an existing file is truncated. A failed exclusive
  /// write removes its partial file.
  package static func write(_ bytes: UnsafeRawBufferPointer, toPath path: String, exclusive: Bool)
    -> Int32
  {
    var flags = O_WRONLY | O_CREAT | O_CLOEXEC
    flags |= exclusive ? (O_EXCL | O_NOFOLLOW) : O_TRUNC
    let fd = open(path, flags, 0o666)
    guard fd >= 0 else { return errno }
    var offset = 0
    var failure: Int32 = 0
    while offset < bytes.count {
      let n = systemWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if n < 0 {
        if errno == EINTR { continue }
        failure = errno
        break
      }
      offset += n
    }
    // close() can report a deferred write error (NFS, quota), so it counts too.
    if close(fd) != 0 && failure == 0 { failure = errno }
    if failure != 0 && exclusive { unlink(path) }
    return failure
  }

  /// The system's text for `code`, e.g. "No space left on device".
  package static func describe(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
