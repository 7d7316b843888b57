import FlipbookFiles
import FlipbookRender
import FlipbookTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// One output folder, one writer: the folder's lock, the commit that undoes itself, and the
/// removal of what killed runs left (issue 20). Another writer is played by this process
/// holding the folder's `flock`, as a running `render` would.
@Suite("Output folder: lock, commit and leftovers")
struct OutputFolderLockTests {
  @Test("a whole sequence is refused while another run holds the folder, and nothing changes")
  func busyFolderRefused() throws {
    try withTemporaryDirectory { dir in
      try writeFrames(to: dir, frameCount: 4, producer: ColorProducer(seed: 1))
      let before = snapshot(dir)
      for mode in [LOCK_EX, LOCK_SH] {
        let held = try holdLock(on: dir, mode)
        defer { close(held) }
        let error = #expect(throws: FrameSequenceError.self) {
          try writeFrames(to: dir, frameCount: 3, producer: ColorProducer(seed: 2))
        }
        guard case .busy(path: dir) = error else {
          Issue.record("expected busy, got \(String(describing: error))")
          return
        }
        #expect(
          error?.description.hasPrefix("cannot write frames to '\(dir)': another render is writing there") == true)
        #expect(snapshot(dir) == before)
      }
    }
  }

  @Test("ranges share the folder with each other but not with a whole sequence")
  func rangesShare() throws {
    try withTemporaryDirectory { dir in
      try writeFrames(to: dir, frameCount: 6, producer: ColorProducer(seed: 1))
      do {
        let shard = try holdLock(on: dir, LOCK_SH)
        defer { close(shard) }
        try writeFrames(to: dir, frameCount: 6, range: 2...3, producer: ColorProducer(seed: 2))
      }
      let after = snapshot(dir)
      let full = try holdLock(on: dir, LOCK_EX)
      defer { close(full) }
      #expect(throws: FrameSequenceError.self) {
        try writeFrames(to: dir, frameCount: 6, range: 4...5, producer: ColorProducer(seed: 2))
      }
      #expect(snapshot(dir) == after)
    }
  }

  @Test("a frame that cannot be moved aside during the commit undoes the moves already made")
  func commitFailureUndone() throws {
    try withTemporaryDirectory { dir in
      try writeFrames(to: dir, frameCount: 8, producer: ColorProducer(seed: 1))
      try Data("keep".utf8).write(to: URL(fileURLWithPath: dir + "/frame_0020.png"))
      var before = snapshot(dir)
      // Made while the frames render, after the up-front check: the commit meets it after
      // five frames have been moved aside.
      let blocker = dir + "/frame_0005.png"
      let sabotage: @Sendable (Int) -> Void = { index in
        guard index == 7 else { return }
        unlink(blocker)
        mkdir(blocker, 0o755)
        FileManager.default.createFile(atPath: blocker + "/inside", contents: Data("mine".utf8))
      }
      let error = #expect(throws: FrameSequenceError.self) {
        try writeFrames(to: dir, frameCount: 8, jobs: 1, producer: ColorProducer(seed: 2, hook: sabotage))
      }
      guard case .frameIsDirectory(path: blocker) = error else {
        Issue.record("unexpected error \(String(describing: error))")
        return
      }
      before["frame_0005.png"] = .folder
      before["frame_0005.png/inside"] = .file(Array("mine".utf8))
      #expect(snapshot(dir) == before)
    }
  }

  @Test("the staging folders of killed runs, with or without a journal, are finished by the next run")
  func leftoversFinished() throws {
    try withTemporaryDirectory { dir in
      try writeFrames(to: dir, frameCount: 5, producer: ColorProducer(seed: 1))
      // A run killed while rendering (this version's name, and an earlier version's).
      for name in [".flipbook-staging-0123456789abcdef", ".flipbook-staging-4242-0"] {
        try FileManager.default.createDirectory(atPath: dir + "/" + name, withIntermediateDirectories: false)
        try Data("half".utf8).write(to: URL(fileURLWithPath: dir + "/" + name + "/frame_0001.png"))
      }
      // A run of 3 frames killed after moving frame 0 aside and frame 1 in.
      try writeFrames(to: dir + "/new", frameCount: 3, producer: ColorProducer(seed: 2))
      let new = snapshot(dir + "/new")
      let killed = dir + "/.flipbook-staging-fedcba9876543210"
      try FileManager.default.createDirectory(atPath: killed + "/old", withIntermediateDirectories: true)
      try FileManager.default.moveItem(atPath: dir + "/frame_0000.png", toPath: killed + "/old/frame_0000.png")
      try FileManager.default.moveItem(atPath: dir + "/frame_0001.png", toPath: killed + "/old/frame_0001.png")
      try FileManager.default.moveItem(atPath: dir + "/new/frame_0001.png", toPath: dir + "/frame_0001.png")
      for name in ["frame_0000.png", "frame_0002.png"] {
        try FileManager.default.moveItem(atPath: dir + "/new/" + name, toPath: killed + "/" + name)
      }
      try FileManager.default.removeItem(atPath: dir + "/new")
      let journal = "flipbook-commit 1\nframe-count 3\nframes 0 2\nremove-outdated yes\n"
      try Data(journal.utf8).write(to: URL(fileURLWithPath: killed + "/journal"))

      #expect(try FrameSequenceWriter.recover(directory: dir) == 3)
      // The killed run's commit is complete: its 3 frames, the 2 outdated ones gone.
      #expect(snapshot(dir) == new)
    }
  }

  @Test("on a network file system the lock is a file in the folder, held like the folder's own")
  func lockFile() throws {
    try withTemporaryDirectory { dir in
      let out = dir + "/out"
      var writer = FrameSequenceWriter(directory: out, frameCount: 3, range: nil)
      writer.usesLockFile = true
      try writer.write(jobs: 1, makeProducer: { ColorProducer(seed: 1) })
      let before = snapshot(out)
      #expect(before.keys.sorted() == [".flipbook-lock", "frame_0000.png", "frame_0001.png", "frame_0002.png"])
      let held = open(out + "/.flipbook-lock", O_RDWR)
      #expect(flock(held, LOCK_SH) == 0)
      defer { close(held) }
      let error = #expect(throws: FrameSequenceError.self) {
        try writer.write(jobs: 1, makeProducer: { ColorProducer(seed: 2) })
      }
      guard case .busy = error else {
        Issue.record("expected busy, got \(String(describing: error))")
        return
      }
      #expect(snapshot(out) == before)
      // A folder created for a failed write goes, lock file and all.
      var failing = FrameSequenceWriter(directory: dir + "/new", frameCount: 3, range: nil)
      failing.usesLockFile = true
      #expect(throws: FrameSequenceError.self) {
        try failing.write(jobs: 1, makeProducer: { ColorProducer(throwOn: 1) })
      }
      #expect(!FileManager.default.fileExists(atPath: dir + "/new"))
    }
  }

  @Test("two ranges that create the missing folder at the same moment both succeed", arguments: 0..<20)
  func rangesCreateTheFolderTogether(attempt: Int) throws {
    try withTemporaryDirectory { dir in
      let out = dir + "/out"
      let failures = Recorder<String>()
      DispatchQueue.concurrentPerform(iterations: 2) { shard in
        do {
          try writeFrames(to: out, frameCount: 4, range: (2 * shard)...(2 * shard + 1), jobs: 1)
        } catch {
          failures.append("\(error)")
        }
      }
      #expect(failures.all.isEmpty)
      #expect(snapshot(out).keys.sorted() == (0..<4).map { FrameFileName.name(index: $0, frameCount: 4) })
    }
  }
}

/// Temporary files beside a target: random names, and the leftovers of dead writers removed.
@Suite("Temporary files")
struct TemporaryFileTests {
  @Test("a dead writer's leftover is removed and a live writer's kept; names never repeat")
  func leftovers() throws {
    try withTemporaryDirectory { dir in
      let target = dir + "/a.gif"
      // The names earlier versions used (PID-serial) and this one's, left by killed runs.
      let dead = [".a.gif.1-0.tmp", ".a.gif.0123456789abcdef.tmp"]
      for name in dead { FileManager.default.createFile(atPath: dir + "/" + name, contents: Data("x".utf8)) }
      FileManager.default.createFile(atPath: dir + "/.a.gif.notes.tmp", contents: Data("mine".utf8))
      let live = try TemporaryFile(beside: target)
      var names = Set(try FileManager.default.contentsOfDirectory(atPath: dir))
      #expect(names == [".a.gif.notes.tmp", String(live.path.split(separator: "/").last!)])
      let second = try TemporaryFile(beside: target)
      names = Set(try FileManager.default.contentsOfDirectory(atPath: dir))
      #expect(names.count == 3, "the live writer's file was kept: \(names)")
      #expect(second.path != live.path)
      second.discard()
      #expect(live.commit() == 0)
      #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir)) == [".a.gif.notes.tmp", "a.gif"])
    }
  }
}

/// Opens `dir` and takes its `flock` in `mode`, as a running `render` holds it.
private func holdLock(on dir: String, _ mode: Int32) throws -> Int32 {
  let fd = open(dir, O_RDONLY | O_DIRECTORY)
  guard fd >= 0, flock(fd, mode | LOCK_NB) == 0 else { throw CocoaError(.fileLocking) }
  return fd
}
