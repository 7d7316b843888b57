import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Numbers staging folders made by this process, so concurrent writes never share one.
private let stagingSerial = Atomic<Int>(0)

/// File-system steps of a frame-sequence write: checking `--out`, the staging folder,
/// moving frames into place and removing outdated ones.
///
/// Plain POSIX calls give exact `errno`s for the messages and let every step avoid following
/// symlinks: frames are created with `O_EXCL | O_NOFOLLOW` in a fresh private folder, moved
/// with `rename` (which replaces a symlink at the target rather than writing through it), and
/// outdated frames are removed with `unlink` (which removes a link, never its target). Only
/// `--out` itself may be a symlink to a folder, as the user named it.
struct OutputFolder {
  /// `--out` without trailing slashes.
  let path: String
  /// True when this write created `path`; it is removed again (if empty) on failure.
  private(set) var created = false

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

  /// Fails before any rendering when a frame name of `names` is taken by a folder.
  func checkTargets(_ names: some Sequence<String>) throws(FrameSequenceError) {
    for name in names {
      var info = stat()
      if lstat(child(name), &info) == 0 && isDirectory(info) {
        throw .frameIsDirectory(path: child(name))
      }
    }
  }

  /// Creates a new hidden, private staging folder inside `path` and returns its path.
  ///
  /// This is also the writability check: it fails exactly when frames could not be written.
  func makeStagingFolder() throws(FrameSequenceError) -> String {
    while true {
      let serial = stagingSerial.wrappingAdd(1, ordering: .relaxed).oldValue
      let staging = child(".flipbook-staging-\(getpid())-\(serial)")
      if mkdir(staging, 0o700) == 0 { return staging }
      // A leftover of a killed run (or anything else) with that name is never reused.
      if errno != EEXIST { throw .notWritable(path: path, errno: errno) }
    }
  }

  /// Removes a staging folder and the files in it; errors are ignored (best effort).
  func removeStagingFolder(_ staging: String) {
    if let names = try? FileManager.default.contentsOfDirectory(atPath: staging) {
      for name in names { unlink(staging + "/" + name) }
    }
    rmdir(staging)
  }

  /// Undoes `prepare()`: removes `path` if this write created it and it is empty.
  func removeIfCreated() {
    if created { rmdir(path) }
  }

  /// Moves `names` from `staging` into `path`, replacing files (or links) of the same names.
  func commit(_ names: [String], from staging: String) throws(FrameSequenceError) {
    for (moved, name) in names.enumerated() {
      if rename(staging + "/" + name, child(name)) != 0 {
        throw .commitFailed(path: child(name), errno: errno, moved: moved, of: names.count)
      }
    }
  }

  /// Deletes the frame files of earlier runs that are not part of a `frameCount`-frame
  /// sequence (see ``FrameFileName/isStale(_:frameCount:)``); folders are never deleted.
  func removeStaleFrames(frameCount: Int) throws(FrameSequenceError) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    for name in names where FrameFileName.isStale(name, frameCount: frameCount) {
      var info = stat()
      guard lstat(child(name), &info) == 0, !isDirectory(info) else { continue }
      if unlink(child(name)) != 0 && errno != ENOENT {
        throw .staleRemovalFailed(path: child(name), errno: errno)
      }
    }
  }

  /// The path of `name` inside the folder.
  func child(_ name: String) -> String {
    path == "/" ? "/" + name : path + "/" + name
  }

  private func isDirectory(_ info: stat) -> Bool {
    (info.st_mode & S_IFMT) == S_IFDIR
  }
}
