#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What tells one version of a file from the next without reading it: its device, inode,
/// size and modification and change times (nanoseconds). Editors that save by writing a new
/// file and renaming it over the old one change the inode; those that write in place change
/// the times and usually the size. A missing file has a stamp too, so its return is seen.
struct FileStamp: Equatable, Sendable {
  var exists: Bool
  var device: UInt64 = 0, inode: UInt64 = 0, size: Int64 = 0
  var modified: Int64 = 0, modifiedNanos: Int = 0, changed: Int64 = 0, changedNanos: Int = 0

  init(path: String) {
    var info = stat()
    exists = stat(path, &info) == 0
    guard exists else { return }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    modified = Int64(info.st_mtim.tv_sec)
    modifiedNanos = Int(info.st_mtim.tv_nsec)
    changed = Int64(info.st_ctim.tv_sec)
    changedNanos = Int(info.st_ctim.tv_nsec)
  }
}
