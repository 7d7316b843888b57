import FlipbookFiles
import FlipbookPNG
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A run's hidden, private folder inside the output folder: the new frames are written here,
/// and the commit moves them in the way a database commits with a rollback journal.
///
/// The commit (``commit(_:cancellation:)``):
/// 1. writes the ``CommitJournal`` (`journal`);
/// 2. moves the output folder's frames of the same names, and for a whole sequence its
///    outdated frames (for a shard, those it owns), aside into `old/`;
/// 3. moves the new frames in;
/// 4. removes the journal (the commit point), then this folder with the old frames.
///
/// A failure or a cancellation before the commit point undoes it: the journal becomes
/// `rollback`, the new frames go back here and the old ones back in place. A run killed at
/// any step leaves this folder behind, and the next run into the output folder finishes the
/// commit (``recover()``): with `journal`, it does steps 2–4 (undoing them if they fail);
/// with `rollback`, it finishes the undo; with neither, nothing had moved and it removes the
/// folder. Every step is a `rename` that can be redone, so a run killed during the recovery
/// leaves a state the next recovery handles the same way. Only a run that holds the output
/// folder's exclusive lock (``FolderLock``) recovers, so no live run's folder is touched.
///
/// `kill -9` is covered (the kernel finishes every `rename` it started); a power cut is not:
/// nothing is `fsync`ed.
struct StagingFolder {
  /// What every staging folder's name starts with; a random suffix follows.
  static let prefix = ".flipbook-staging-"

  /// The output folder.
  let folder: OutputFolder
  /// This folder's path.
  let path: String
  /// Test only: microseconds to sleep after each move of a commit or a recovery, so that a
  /// test can kill the process between two moves (see ``FrameSequenceWriter/commitStepPause``).
  var pause: UInt32 = 0
  /// Threads that remove the replaced frames after the commit point (the write's `jobs`).
  ///
  /// Removing a file whose blocks the kernel has already written back frees them through
  /// the file system's journal, which can take milliseconds a file (measured on ext4: 60
  /// frames of 280 KB, 190 ms on one thread, 80 ms on two), all of it after the last frame:
  /// time that more workers would otherwise not shorten.
  var removalThreads = 1

  private var journalPath: String { path + "/journal" }
  private var rollbackPath: String { path + "/rollback" }
  private var oldPath: String { path + "/old" }

  init(folder: OutputFolder, path: String, pause: UInt32 = 0) {
    self.folder = folder
    self.path = path
    self.pause = pause
  }

  /// Creates a new staging folder with a random name inside `folder`.
  ///
  /// This is also the writability check: it fails exactly when frames could not be written.
  static func create(in folder: OutputFolder, pause: UInt32) throws(FrameSequenceError) -> StagingFolder {
    while true {
      let path = folder.child(prefix + TemporaryFile.randomSuffix())
      if mkdir(path, 0o700) == 0 { return StagingFolder(folder: folder, path: path, pause: pause) }
      if errno != EEXIST { throw .notWritable(path: folder.path, errno: errno) }
    }
  }

  /// The path a new frame is written to.
  func child(_ name: String) -> String { path + "/" + name }

  // MARK: Commit

  /// Moves the frames of `journal` (all written here) into the output folder, all or nothing.
  ///
  /// `cancellation` is checked before each move: a cancelled commit is undone and throws
  /// ``FrameSequenceError/interrupted(signal:)`` (or `.cancelled`). A failed move undoes the
  /// commit and throws why. When the undo fails too, this folder is left for the next run and
  /// the error says so (``FrameSequenceError/commitFailed(path:errno:rolledBack:)``).
  func commit(_ journal: CommitJournal, cancellation: CancellationToken?) throws(FrameSequenceError) {
    try check(cancellation)
    // Nothing has moved until the journal is in place: a failure before that (a full disk)
    // only removes this folder.
    var code: Int32 = 0
    if mkdir(oldPath, 0o700) != 0 { code = errno }
    if code == 0 {
      code = Array(journal.text.utf8).withUnsafeBytes {
        POSIXFile.write($0, toPath: path + "/journal.tmp", exclusive: true)
      }
    }
    if code == 0 && rename(path + "/journal.tmp", journalPath) != 0 { code = errno }
    if code != 0 {
      remove()
      throw .notWritable(path: folder.path, errno: code)
    }
    do throws(FrameSequenceError) {
      try moveIn(journal, cancellation: cancellation)
    } catch {
      try undo(journal)
      throw error
    }
    finish()
  }

  /// Finishes what a killed run left: completes its commit, finishes its undo, or removes
  /// unused frames. Returns true when frames moved.
  func recover() throws(FrameSequenceError) -> Bool {
    if let journal = readJournal(journalPath) {
      do throws(FrameSequenceError) {
        try moveIn(journal, cancellation: nil)
        finish()
      } catch {
        try undo(journal)
      }
      return true
    }
    if let journal = readJournal(rollbackPath) {
      try moveBack(journal)
      remove()
      return true
    }
    var info = stat()
    if lstat(journalPath, &info) == 0 || lstat(rollbackPath, &info) == 0 {
      // A journal that does not read as one: nothing can tell which frames are whose.
      throw .recoveryFailed(path: path, reason: "its journal is unreadable")
    }
    remove()
    return false
  }

  /// Steps 2 and 3: old frames aside (outdated ones too for a whole sequence or a shard), new
  /// frames in.
  private func moveIn(_ journal: CommitJournal, cancellation: CancellationToken?) throws(FrameSequenceError) {
    let names = journal.names
    for name in names where exists(child(name)) {
      try check(cancellation)
      try moveAside(name, refusingFolders: true)
    }
    if journal.outdated != nil {
      let present = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      for name in present where journal.removes(outdated: name) {
        try check(cancellation)
        try moveAside(name, refusingFolders: false)
      }
    }
    for name in names where exists(child(name)) {
      try check(cancellation)
      guard rename(child(name), folder.child(name)) == 0 else {
        throw failure(at: folder.child(name), rolledBack: true)
      }
      step()
    }
  }

  /// Moves the output folder's `name` into `old/`; a missing file is fine, a folder is
  /// refused (`refusingFolders`) or left alone.
  private func moveAside(_ name: String, refusingFolders: Bool) throws(FrameSequenceError) {
    var info = stat()
    guard lstat(folder.child(name), &info) == 0 else { return }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      if refusingFolders { throw .frameIsDirectory(path: folder.child(name)) }
      return
    }
    guard rename(folder.child(name), oldPath + "/" + name) == 0 else {
      throw failure(at: folder.child(name), rolledBack: true)
    }
    step()
  }

  /// Turns the journal into `rollback` (so that a kill now leads to an undo, not a redo), undoes
  /// the moves and removes this folder.
  private func undo(_ journal: CommitJournal) throws(FrameSequenceError) {
    guard rename(journalPath, rollbackPath) == 0 else {
      throw .commitFailed(path: journalPath, errno: errno, rolledBack: false)
    }
    try moveBack(journal)
    remove()
  }

  /// New frames that moved in go back here, old frames back in place.
  private func moveBack(_ journal: CommitJournal) throws(FrameSequenceError) {
    for name in journal.names where !exists(child(name)) && exists(folder.child(name)) {
      guard rename(folder.child(name), child(name)) == 0 else {
        throw failure(at: folder.child(name), rolledBack: false)
      }
      step()
    }
    for name in (try? FileManager.default.contentsOfDirectory(atPath: oldPath)) ?? [] {
      guard rename(oldPath + "/" + name, folder.child(name)) == 0 else {
        throw failure(at: folder.child(name), rolledBack: false)
      }
      step()
    }
  }

  /// Step 4: the journal goes (the commit point), then the old frames (on
  /// ``removalThreads`` threads) and this folder.
  private func finish() {
    unlink(journalPath)
    let old = ((try? FileManager.default.contentsOfDirectory(atPath: oldPath)) ?? []).map { oldPath + "/" + $0 }
    let threads = min(max(1, removalThreads), old.count / 8 + 1)
    let removeShare = { @Sendable (k: Int) in
      var i = k
      while i < old.count {
        Self.removeItem(old[i])
        i &+= threads
      }
    }
    if threads > 1 {
      DispatchQueue.concurrentPerform(iterations: threads, execute: removeShare)
    } else {
      removeShare(0)
    }
    remove()
  }

  /// Removes this folder and everything in it (never following a link); errors are ignored.
  func remove() {
    unlink(journalPath)
    unlink(rollbackPath)
    Self.removeTree(path)
  }

  private static func removeTree(_ path: String) {
    for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
      removeItem(path + "/" + name)
    }
    rmdir(path)
  }

  /// Removes a file, or a folder with everything in it (never following a link).
  private static func removeItem(_ item: String) {
    var info = stat()
    if lstat(item, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
      removeTree(item)
    } else {
      unlink(item)
    }
  }

  private func readJournal(_ path: String) -> CommitJournal? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return CommitJournal(text: String(decoding: data, as: UTF8.self))
  }

  private func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  private func check(_ cancellation: CancellationToken?) throws(FrameSequenceError) {
    guard let cancellation, cancellation.isCancelled else { return }
    throw cancellation.signal.map { .interrupted(signal: $0) } ?? .cancelled
  }

  private func failure(at path: String, rolledBack: Bool) -> FrameSequenceError {
    .commitFailed(path: path, errno: errno, rolledBack: rolledBack)
  }

  private func step() {
    if pause > 0 { usleep(pause) }
  }
}
