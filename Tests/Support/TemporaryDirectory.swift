import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `body` with the path of a fresh empty folder, and removes the folder afterwards.
///
/// The folder is made writable again first, in case a test left it read-only.
public func withTemporaryDirectory(_ body: (String) throws -> Void) rethrows {
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("flipbook-tests-\(UUID().uuidString)").path
  try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
  defer {
    chmod(path, 0o755)
    try? FileManager.default.removeItem(atPath: path)
  }
  try body(path)
}
