import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Makes `path` unwritable: `chmod 555`, or for root (whom permission bits do not stop)
/// `chattr +i` where available. `bites` says whether writing there now fails.
public func makeReadOnly(_ path: String) -> (bites: Bool, undo: () -> Void) {
  guard geteuid() == 0 else {
    chmod(path, 0o555)
    return (true, { chmod(path, 0o755) })
  }
  func chattr(_ flag: String) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
    process.arguments = [flag, path]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
  let immutable = chattr("+i")
  return (immutable, { if immutable { _ = chattr("-i") } })
}
