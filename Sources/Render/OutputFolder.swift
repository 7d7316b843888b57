import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// File-system steps of a frame-sequence write around the staging folder: checking `--out`,
/// creating it, locking it (``FolderLock``) and finishing what killed runs left in it.
///
/// Plain POSIX calls give exact `errno`s for the messages and let every step avoid following
/// symlinks: frames are created with `O_EXCL | O_NOFOLLOW` in a fresh private folder, and
/// frames are moved (in, and old ones aside) with `rename`, which moves a link itself, never
/// its target. Only `--out` itself may be a symlink to a folder, as the user named it.
struct OutputFolder {
  /// `--out` without trailing slashes.
  let path: String
  /// True when this write created `path`; it is removed again (if empty) on failure.
  private(set) var created = false
  /// Test only: lock through ``FolderLock/fileName`` as on a network file system.
  var usesLockFile = false

  init(path: String) {
    var trimmed = path
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    self.path = trimmed.isEmpty ? "." : trimmed
  }

  /// The folder `--out` would be created in.
  var parent: String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Checks that `path` is a folder, creating it when only it is missing.
  mutating func prepare() throws(FrameSequenceError) {
    var info = stat()
    if stat(path, &info) == 0 {
      guard isDirectory(info) else { throw .notADirectory(path: path) }
      return
    }
    let code = errno
    guard code == ENOENT else {
      // ENOTDIR: a component of the path is a file; EACCES: a parent cannot be searched.
      if code == ENOTDIR { throw .parentMissing(path: path, parent: parent) }
      throw .cannotCreateDirectory(path: path, errno: code)
    }
    // A link to nothing: mkdir would fail with "File exists", which explains nothing.
    if let target = danglingLinkTarget() { throw .danglingLink(path: path, target: target) }
    var parentInfo = stat()
    guard stat(parent, &parentInfo) == 0, isDirectory(parentInfo) else {
      throw .parentMissing(path: path, parent: parent)
    }
    guard mkdir(path, 0o777) == 0 else {
      // Another run (a shard started at the same moment) created it first: use it.
      if errno == EEXIST && stat(path, &info) == 0 && isDirectory(info) { return }
      throw .cannotCreateDirectory(path: path, errno: errno)
    }
    created = true
  }

  /// Where `path` points when it is a symbolic link (whose target is missing, as `stat` said).
  private func danglingLinkTarget() -> String? {
    var info = stat()
    guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return nil }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let n = readlink(path, &buffer, buffer.count - 1)
    return n < 0 ? "?" : String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Prepares the folder and locks it, exclusive for a whole sequence and shared for a range
  /// (``FolderLock``); whoever gets it alone first finishes what killed runs left there.
  mutating func lock(shared: Bool, pause: UInt32) throws(FrameSequenceError) -> FolderLock {
    // The folder can vanish between `prepare` and the lock only when the run that created it
    // failed and removed it again; a few attempts are plenty.
    for _ in 0..<8 {
      try prepare()
      let folder = self
      let lock = try FolderLock.acquire(self, shared: shared) { () throws(FrameSequenceError) in
        _ = try folder.recoverInterruptedWrites(pause: pause)
      }
      if let lock { return lock }
    }
    throw .lockFailed(path: path, errno: ENOENT)
  }

  /// Finishes the staging folders of dead runs (``StagingFolder/recover()``): completes or
  /// undoes their commits and removes them. Call only with the exclusive lock held. Returns
  /// how many there were.
  func recoverInterruptedWrites(pause: UInt32) throws(FrameSequenceError) -> Int {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    var count = 0
    for name in names where name.hasPrefix(StagingFolder.prefix) {
      var info = stat()
      guard lstat(child(name), &info) == 0, isDirectory(info) else { continue }
      do {
        _ = try StagingFolder(folder: self, path: child(name), pause: pause).recover()
      } catch {
        throw .recoveryFailed(path: child(name), reason: "\(error)")
      }
      count += 1
    }
    return count
  }

  /// Fails before any rendering when a frame name of `names` is taken by a folder.
  func checkTargets(_ names: some Sequence<String>) throws(FrameSequenceError) {
    for name in names {
      var info = stat()
      if lstat(child(name), &info) == 0 && isDirectory(info) {
        throw .frameIsDirectory(path: child(name))
      }
    }
  }

  /// Undoes `prepare()`: removes `path` if this write created it, it is empty, and no other
  /// run is in it (`lock` can be had exclusive).
  func removeIfCreated(holding lock: FolderLock) {
    guard created, lock.isAlone else { return }
    // Runs waiting for the lock see its file (or the folder) gone and start over.
    unlink(child(FolderLock.fileName))
    rmdir(path)
  }

  /// The path of `name` inside the folder.
  func child(_ name: String) -> String {
    path == "/" ? "/" + name : path + "/" + name
  }

  private func isDirectory(_ info: stat) -> Bool {
    (info.st_mode & S_IFMT) == S_IFDIR
  }
}
