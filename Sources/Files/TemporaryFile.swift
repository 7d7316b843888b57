#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A hidden temporary file beside a target, owned by this process through an `flock` until
/// it is moved over the target (``commit()``) or removed (``discard()``).
///
/// Writers of one file (a GIF, a `--time` PNG, a contact sheet) write here and rename over
/// the target at the end, so a reader never sees half a file and a failure leaves the target
/// as it was. The name is `.NAME.RANDOM.tmp` with 16 random hex digits, never the process
/// ID: in a container every `render` is PID 1, and a name from the PID collides with the
/// leftover of the previous, killed run. The lock is what tells a live writer's file from a
/// dead one's: the kernel drops it when the process dies, however it dies (`kill -9`
/// included), so creating a temporary file first removes every `.NAME.….tmp` beside the
/// target whose lock can be taken: leftovers of killed runs never pile up.
///
/// A remover takes the lock before it unlinks, and a creator takes it (blocking, for the
/// instant a remover holds it) before it checks that its new file still has a name; if a
/// remover got there first, the creator starts over with a new name.
package final class TemporaryFile {
  /// The file to replace.
  package let target: String
  /// The temporary file's path: `.NAME.RANDOM.tmp` in the target's folder.
  package let path: String
  /// Open for writing, and locked; closed by ``commit()``, ``discard()`` or `deinit`.
  package private(set) var descriptor: Int32

  /// Creates the temporary file for `target`, after removing the leftovers of dead writers.
  ///
  /// Throws the `errno` of the failing call (ENOENT: the folder does not exist).
  package init(beside target: String) throws(TemporaryFileError) {
    self.target = target
    let (folder, name) = Self.split(target)
    Self.removeLeftovers(of: name, in: folder)
    let prefix = folder == "." && !target.hasPrefix("./") ? "" : (folder == "/" ? "/" : folder + "/")
    while true {
      let path = prefix + "." + name + "." + Self.randomSuffix() + ".tmp"
      let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
      if fd < 0 {
        if errno == EEXIST { continue }
        throw TemporaryFileError(code: errno)
      }
      guard Self.lock(fd) else {
        let code = errno
        close(fd)
        unlink(path)
        throw TemporaryFileError(code: code)
      }
      // A remover that locked the file between open and flock has unlinked it: start over.
      var info = stat()
      if fstat(fd, &info) == 0 && info.st_nlink == 0 {
        close(fd)
        continue
      }
      self.path = path
      self.descriptor = fd
      return
    }
  }

  deinit { discard() }

  /// The temporary file for `target`, or why there can be none, in words for a message:
  /// `target` is a folder, its folder does not exist, or the system's reason.
  package static func create(for target: String) throws(TemporaryFileError) -> TemporaryFile {
    var info = stat()
    if stat(target, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
      throw TemporaryFileError(code: EISDIR, reason: "it is a folder; give a file name")
    }
    do {
      return try TemporaryFile(beside: target)
    } catch {
      let folder = split(target).folder
      let reason =
        error.code == ENOENT ? "the folder '\(folder)' does not exist" : String(cString: strerror(error.code))
      throw TemporaryFileError(code: error.code, reason: reason)
    }
  }

  /// Writes all of `bytes` at the current offset; returns 0 or the failing call's `errno`.
  package func write(_ bytes: UnsafeRawBufferPointer) -> Int32 {
    writeAll(descriptor, bytes)
  }

  /// Moves the file over the target and closes it; returns 0 or the failing call's `errno`.
  ///
  /// On failure the temporary file is removed and the target is left as it was.
  package func commit() -> Int32 {
    // close() reports deferred write errors (NFS, quotas); closing a duplicate does, while
    // the lock stays held until the rename is done, so no other run takes the file for a
    // leftover.
    let duplicate = dup(descriptor)
    if duplicate < 0 || close(duplicate) != 0 || rename(path, target) != 0 {
      let code = errno
      discard()
      return code
    }
    close(descriptor)
    descriptor = -1
    return 0
  }

  /// Removes the temporary file and closes it, if not already done; the target is untouched.
  package func discard() {
    guard descriptor >= 0 else { return }
    unlink(path)
    close(descriptor)
    descriptor = -1
  }

  /// 16 random hex digits (64 bits from the system's generator), for names no two runs share.
  package static func randomSuffix() -> String {
    let digits = String(UInt64.random(in: .min ... .max), radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// Removes `.NAME.X.tmp` files in `folder` that no live process holds locked, where X is
  /// a random suffix of ours or the `PID-N` of earlier versions. Errors are ignored.
  static func removeLeftovers(of name: String, in folder: String) {
    guard let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    let prefix = "." + name + "."
    let separator = folder == "/" ? "" : "/"
    while let entry = readdir(directory) {
      let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      guard entryName.hasPrefix(prefix), entryName.hasSuffix(".tmp") else { continue }
      let middle = entryName.dropFirst(prefix.count).dropLast(4)
      guard isOurSuffix(middle) else { continue }
      removeIfUnowned(folder + separator + entryName)
    }
  }

  /// Unlinks the regular file at `path` if its lock can be taken (its writer is gone).
  package static func removeIfUnowned(_ path: String) {
    // Open for writing: NFS takes an exclusive flock only on a file open for writing.
    let fd = open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return }
    defer { close(fd) }
    var opened = stat()
    var named = stat()
    guard fstat(fd, &opened) == 0, (opened.st_mode & S_IFMT) == S_IFREG,
      flock(fd, LOCK_EX | LOCK_NB) == 0,
      lstat(path, &named) == 0, named.st_dev == opened.st_dev, named.st_ino == opened.st_ino
    else { return }
    unlink(path)
  }

  /// True for 16 hex digits (ours) or `DIGITS-DIGITS` (the PID and serial of earlier versions).
  private static func isOurSuffix(_ text: Substring) -> Bool {
    let bytes = Array(text.utf8)
    func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    func isHex(_ b: UInt8) -> Bool { isDigit(b) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "f")) }
    if bytes.count == 16 && bytes.allSatisfy(isHex) { return true }
    let parts = bytes.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
    return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(isDigit) }
  }

  /// Takes the exclusive lock, waiting out a remover that holds it for an instant.
  private static func lock(_ fd: Int32) -> Bool {
    while flock(fd, LOCK_EX) != 0 {
      if errno != EINTR { return false }
    }
    return true
  }

  /// The folder and file name of a path.
  package static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = slash == path.startIndex ? "/" : String(path[..<slash])
    return (folder, String(path[path.index(after: slash)...]))
  }
}

/// Writes all of `bytes` to `fd` (a file or a pipe), retrying after signals; returns 0 or the
/// failing call's `errno` (EPIPE when a pipe's reader is gone).
package func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
  var offset = 0
  while offset < bytes.count {
    let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
    if n < 0 {
      if errno == EINTR { continue }
      return errno
    }
    offset += n
  }
  return 0
}

/// A system call on a temporary file failed with `code` (an `errno`); `reason` says it in words.
package struct TemporaryFileError: Error {
  package let code: Int32
  package var reason: String

  package init(code: Int32, reason: String? = nil) {
    self.code = code
    self.reason = reason ?? String(cString: strerror(code))
  }
}
