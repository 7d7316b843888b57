import CStatfs

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The output folder's lock: an `flock` on the folder itself, so that a whole-sequence run is
/// its only writer while ranges (shards) of one scene share it with each other.
///
/// A whole sequence takes the lock exclusive, a range (`--frames`) shared; the kernel drops
/// it when the process ends, however it ends, so a killed run never leaves the folder locked.
/// Every run first tries the exclusive lock: whoever gets it is alone in the folder, so every
/// staging folder there belongs to a dead run, and it finishes them
/// (``StagingFolder/recover()``) before anything else happens; a range then turns its lock
/// into a shared one. A lock held by another run is waited for up to ``patience`` (long enough
/// for a range's recovery check, far shorter than a render), then the write is refused with
/// ``FrameSequenceError/busy(path:)``: a second full run into a busy folder fails at once
/// instead of mixing its frames with the first one's or hanging behind it.
///
/// On a local file system the lock is on the folder itself, so nothing is added to the folder.
/// On a network file system a folder's `flock` only excludes processes of the same machine
/// (Linux's NFS client locks folders locally), while a render farm runs on many: there the lock
/// is on a hidden file inside, ``fileName``, which NFS locks on the server; it stays in the
/// folder. Where even that cannot be locked, the write fails with the system's reason rather
/// than running unprotected.
final class FolderLock {
  /// The lock file used on network file systems.
  static let fileName = ".flipbook-lock"

  /// How long a run waits for another run's lock before it gives up.
  static let patience: Duration = .seconds(2)

  private var descriptor: Int32
  /// The folder, for messages.
  private let path: String

  private init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
  }

  deinit { unlock() }

  /// Releases the lock (also done when the lock is deallocated).
  func unlock() {
    guard descriptor >= 0 else { return }
    close(descriptor)
    descriptor = -1
  }

  /// Locks the folder `folder` for a whole sequence (`shared == false`) or a range, after
  /// calling `recover` if the exclusive lock could be had. Returns nil when the folder was
  /// removed before it could be locked (the run that created it failed): prepare it again.
  static func acquire(
    _ folder: OutputFolder, shared: Bool, recover: () throws(FrameSequenceError) -> Void
  ) throws(FrameSequenceError) -> FolderLock? {
    var fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if fd >= 0 && (folder.usesLockFile || isOnNetwork(fd)) {
      let file = openat(fd, fileName, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o666)
      let code = errno
      close(fd)
      fd = file
      errno = code
    }
    guard fd >= 0 else {
      if errno == ENOENT { return nil }
      throw .lockFailed(path: folder.path, errno: errno)
    }
    let lock = FolderLock(descriptor: fd, path: folder.path)
    let deadline = ContinuousClock.now + patience
    while true {
      if try lock.take(LOCK_EX) {
        guard lock.isLinked else { return nil }
        try recover()
        // Turning an exclusive lock into a shared one can let a waiting run in between; then
        // this run waits like any other.
        if !shared { return lock }
        if try lock.take(LOCK_SH) { return lock }
      } else if shared {
        if try lock.take(LOCK_SH) { return lock.isLinked ? lock : nil }
      }
      guard ContinuousClock.now < deadline else { throw .busy(path: folder.path) }
      usleep(10_000)
    }
  }

  /// True when this run can hold the lock exclusive (no other run holds it); takes it so.
  /// Turning a shared lock exclusive may drop it when that fails: only for a run that leaves.
  var isAlone: Bool {
    (try? take(LOCK_EX)) == true
  }

  /// Tries to take the lock in `mode` without waiting; false when another run holds it.
  private func take(_ mode: Int32) throws(FrameSequenceError) -> Bool {
    while flock(descriptor, mode | LOCK_NB) != 0 {
      if errno == EWOULDBLOCK { return false }
      if errno != EINTR { throw .lockFailed(path: path, errno: errno) }
    }
    return true
  }

  /// True when `fd` is on a network file system (NFS, SMB, Ceph, AFS, 9P, Lustre, FUSE), by
  /// the file system's magic number (Linux).
  private static func isOnNetwork(_ fd: Int32) -> Bool {
    let network: Set<Int> = [
      0x6969, 0x517B, 0xFF53_4D42, 0xFE53_4D42, 0x00C3_6400, 0x5346_414F, 0x0102_1997, 0x0BD0_0BD0,
      0x6573_5546,
    ]
    return network.contains(Int(cstatfs_type(fd)))
  }

  /// False when the folder (or its lock file) was removed after it was opened.
  private var isLinked: Bool {
    var info = stat()
    return fstat(descriptor, &info) == 0 && info.st_nlink > 0
  }
}
