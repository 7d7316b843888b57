import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Makes `path` unwritable, and returns whether that worked and how to undo it.
///
/// `chmod 555`, or for root (whom permission bits do not stop) `chattr +i` where available.
/// `bites` says whether writing there now fails.
public func makeReadOnly(_ path: String) -> (bites: Bool, undo: () -> Void) {
  guard geteuid() == 0 else {
    chmod(path, 0o555)
    return (true, { chmod(path, 0o755) })
  }
  func chattr(_ flag: String) -> Bool {
    (try? run(executable: "/usr/bin/chattr", [flag, path]))?.status == 0
  }
  let immutable = chattr("+i")
  return (immutable, { if immutable { _ = chattr("-i") } })
}
