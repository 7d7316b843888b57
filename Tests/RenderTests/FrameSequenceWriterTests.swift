import FlipbookPNG
import FlipbookImage
import FlipbookRaster
import FlipbookRender
import FlipbookTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Frame sequence writer")
struct FrameSequenceWriterTests {
  @Test("a full run writes every frame, leaves no staging folder and reports its work")
  func fullRun() throws {
    try withTemporaryDirectory { dir in
      let producer = ColorProducer()
      let progress = Recorder<Int>()
      let summary = try writeFrames(
        to: dir, frameCount: 12, jobs: 3, producer: producer, progress: { progress.append($0) })
      let files = snapshot(dir)
      #expect(files.keys.sorted() == (0..<12).map { String(format: "frame_%04d.png", $0) })
      #expect(stagingFolders(in: dir).isEmpty)
      #expect(summary.framesWritten == 12)
      let total = files.values.reduce(0) { sum, entry in
        if case .file(let bytes) = entry { return sum + bytes.count }
        return sum
      }
      #expect(summary.totalBytes == total)
      #expect(summary.seconds >= 0)
      #expect(progress.all == Array(1...12))
      for index in [0, 1, 11] {
        let path = dir + "/" + FrameFileName.name(index: index, frameCount: 12)
        #expect(try PNGDecoder.decode(file: path) == producer.expected(index))
      }
    }
  }

  @Test("the output does not depend on the number of jobs")
  func jobsDoNotMatter() throws {
    try withTemporaryDirectory { dir in
      try FileManager.default.createDirectory(
        atPath: dir + "/one", withIntermediateDirectories: false)
      try writeFrames(to: dir + "/one", frameCount: 17, jobs: 1)
      try writeFrames(to: dir + "/three", frameCount: 17, jobs: 3)
      let one = snapshot(dir + "/one")
      #expect(one.count == 17)
      #expect(one == snapshot(dir + "/three"))
    }
  }

  @Test("a full run removes outdated frames of a longer run and nothing else")
  func staleFramesRemoved() throws {
    try withTemporaryDirectory { dir in
      try writeFrames(to: dir, frameCount: 12, producer: ColorProducer(seed: 1))
      let fm = FileManager.default
      try Data("keep".utf8).write(to: URL(fileURLWithPath: dir + "/notes.txt"))
      try Data("keep".utf8).write(to: URL(fileURLWithPath: dir + "/frame_abc.png"))
      try Data("keep".utf8).write(to: URL(fileURLWithPath: dir + "/frame_7.png"))
      try Data("wide".utf8).write(to: URL(fileURLWithPath: dir + "/frame_00003.png"))
      try fm.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: false)
      try Data("keep".utf8).write(to: URL(fileURLWithPath: dir + "/sub/frame_0099.png"))
      try fm.createDirectory(atPath: dir + "/frame_0050.png", withIntermediateDirectories: false)

      try writeFrames(to: dir, frameCount: 5, producer: ColorProducer(seed: 2))
      let names = snapshot(dir).keys.sorted()
      #expect(
        names == [
          "frame_0000.png", "frame_0001.png", "frame_0002.png", "frame_0003.png",
          "frame_0004.png", "frame_0050.png", "frame_7.png", "frame_abc.png", "notes.txt", "sub",
          "sub/frame_0099.png",
        ])
    }
  }

  @Test("a run on several threads replaces and removes the frames of an earlier, longer run")
  func replacedFramesRemovedOnSeveralThreads() throws {
    try withTemporaryDirectory { dir in
      try writeFrames(to: dir, frameCount: 60, producer: ColorProducer(seed: 1))
      // 40 frames replaced and 20 outdated: the commit removes 60 files on three threads.
      let producer = ColorProducer(seed: 2)
      try writeFrames(to: dir, frameCount: 40, jobs: 3, producer: producer)
      #expect(snapshot(dir).keys.sorted() == (0..<40).map { String(format: "frame_%04d.png", $0) })
      #expect(stagingFolders(in: dir).isEmpty)
      for index in [0, 17, 39] {
        let path = dir + "/" + FrameFileName.name(index: index, frameCount: 40)
        #expect(try PNGDecoder.decode(file: path) == producer.expected(index))
      }
    }
  }

  @Test("a range writes only its frames, byte-identical to the same frames of a full run")
  func rangeRun() throws {
    try withTemporaryDirectory { dir in
      let shard = dir + "/shard"
      let full = dir + "/full"
      try writeFrames(to: shard, frameCount: 10, producer: ColorProducer(seed: 1))
      try Data("keep".utf8).write(to: URL(fileURLWithPath: shard + "/frame_0042.png"))
      let before = snapshot(shard)

      try writeFrames(to: shard, frameCount: 10, range: 3...5, producer: ColorProducer(seed: 2))
      try writeFrames(to: full, frameCount: 10, producer: ColorProducer(seed: 2))
      let after = snapshot(shard)
      let reference = snapshot(full)
      #expect(Set(after.keys) == Set(before.keys))
      #expect(stagingFolders(in: shard).isEmpty)
      for (name, entry) in after {
        if ["frame_0003.png", "frame_0004.png", "frame_0005.png"].contains(name) {
          #expect(entry == reference[name], "\(name)")
          #expect(entry != before[name], "\(name)")
        } else {
          #expect(entry == before[name], "\(name)")
        }
      }
    }
  }

  @Test("a failing frame leaves the folder exactly as it was", arguments: [1, 3])
  func renderFailure(jobs: Int) throws {
    try withTemporaryDirectory { dir in
      try writeFrames(to: dir, frameCount: 14, producer: ColorProducer(seed: 1))
      try Data("keep".utf8).write(to: URL(fileURLWithPath: dir + "/notes.txt"))
      let before = snapshot(dir)

      let error = #expect(throws: FrameSequenceError.self) {
        try writeFrames(
          to: dir, frameCount: 9, jobs: jobs, producer: ColorProducer(seed: 2, throwOn: 5))
      }
      guard case .renderFailed(frame: 5, let underlying) = error else {
        Issue.record("unexpected error \(String(describing: error))")
        return
      }
      #expect(underlying is ColorProducer.Failure)
      #expect(error?.description.hasPrefix("frame 5 could not be rendered") == true)
      #expect(snapshot(dir) == before)
    }
  }

  @Test("a failed file write (here: the staging folder vanishes) leaves the folder as it was")
  func writeFailure() throws {
    try withTemporaryDirectory { dir in
      try writeFrames(to: dir, frameCount: 8, producer: ColorProducer(seed: 1))
      let before = snapshot(dir)
      let sabotage: @Sendable (Int) -> Void = { index in
        guard index == 5 else { return }
        for name in stagingFolders(in: dir) {
          try? FileManager.default.removeItem(atPath: dir + "/" + name)
        }
      }
      let error = #expect(throws: FrameSequenceError.self) {
        try writeFrames(
          to: dir, frameCount: 8, jobs: 1, producer: ColorProducer(seed: 2, hook: sabotage))
      }
      guard case .writeFailed(frame: 5, let path, let code) = error else {
        Issue.record("unexpected error \(String(describing: error))")
        return
      }
      #expect(path == dir + "/frame_0005.png")
      #expect(code == ENOENT)
      #expect(snapshot(dir) == before)
    }
  }

  @Test("a cancelled write removes its staging folder and changes nothing")
  func cancellation() throws {
    try withTemporaryDirectory { dir in
      try writeFrames(to: dir, frameCount: 6, producer: ColorProducer(seed: 1))
      let before = snapshot(dir)
      let token = CancellationToken()
      let cancel: @Sendable (Int) -> Void = { if $0 == 3 { token.cancel(signal: SIGINT) } }
      let error = #expect(throws: FrameSequenceError.self) {
        try writeFrames(
          to: dir, frameCount: 6, jobs: 2, producer: ColorProducer(seed: 2, hook: cancel),
          cancellation: token)
      }
      guard case .interrupted(signal: SIGINT) = error else {
        Issue.record("unexpected error \(String(describing: error))")
        return
      }
      #expect(snapshot(dir) == before)
    }
  }

  @Test("symlinks named like frames are replaced or removed, never written through")
  func symlinks() throws {
    try withTemporaryDirectory { dir in
      let out = dir + "/out"
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
      try Data("victim".utf8).write(to: URL(fileURLWithPath: dir + "/victim.txt"))
      try Data("victim2".utf8).write(to: URL(fileURLWithPath: dir + "/victim2.txt"))
      try FileManager.default.createSymbolicLink(
        atPath: out + "/frame_0001.png", withDestinationPath: "../victim.txt")
      try FileManager.default.createSymbolicLink(
        atPath: out + "/frame_0009.png", withDestinationPath: "../victim2.txt")

      try writeFrames(to: out, frameCount: 3)
      #expect(try String(contentsOfFile: dir + "/victim.txt", encoding: .utf8) == "victim")
      #expect(try String(contentsOfFile: dir + "/victim2.txt", encoding: .utf8) == "victim2")
      let files = snapshot(out)
      #expect(files.keys.sorted() == ["frame_0000.png", "frame_0001.png", "frame_0002.png"])
      guard case .file = files["frame_0001.png"] else {
        Issue.record("frame_0001.png should be a regular file now")
        return
      }
    }
  }

  @Test("the output folder is created when only it is missing")
  func createsFolder() throws {
    try withTemporaryDirectory { dir in
      try writeFrames(to: dir + "/new/", frameCount: 2)
      #expect(snapshot(dir + "/new").count == 2)
    }
  }

  @Test("a folder created for a failed write is removed again")
  func createdFolderRemovedOnFailure() throws {
    withTemporaryDirectory { dir in
      #expect(throws: FrameSequenceError.self) {
        try writeFrames(to: dir + "/new", frameCount: 8, producer: ColorProducer(throwOn: 2))
      }
      #expect(snapshot(dir).isEmpty)
    }
  }

  @Test("--out naming a file is an error naming the path")
  func outIsFile() throws {
    try withTemporaryDirectory { dir in
      let file = dir + "/out.png"
      try Data("file".utf8).write(to: URL(fileURLWithPath: file))
      let error = #expect(throws: FrameSequenceError.self) {
        try writeFrames(to: file, frameCount: 3)
      }
      #expect(error?.description == "cannot write frames to '\(file)': it is a file, not a folder")
      #expect(snapshot(dir) == ["out.png": .file(Array("file".utf8))])
    }
  }

  @Test("a missing parent folder is an error, and nothing is created")
  func missingParent() throws {
    withTemporaryDirectory { dir in
      let out = dir + "/missing/out"
      let error = #expect(throws: FrameSequenceError.self) {
        try writeFrames(to: out, frameCount: 3)
      }
      #expect(
        error?.description
          == "cannot write frames to '\(out)': the folder '\(dir)/missing' does not exist")
      #expect(snapshot(dir).isEmpty)
    }
  }

  @Test("a frame name taken by a folder fails before rendering")
  func frameNameIsFolder() throws {
    try withTemporaryDirectory { dir in
      try FileManager.default.createDirectory(
        atPath: dir + "/frame_0002.png", withIntermediateDirectories: false)
      let rendered = Recorder<Int>()
      let error = #expect(throws: FrameSequenceError.self) {
        try writeFrames(
          to: dir, frameCount: 4, producer: ColorProducer(hook: { rendered.append($0) }))
      }
      #expect(error?.description == "cannot write '\(dir)/frame_0002.png': a folder has that name")
      #expect(rendered.all.isEmpty)
      #expect(snapshot(dir) == ["frame_0002.png": .folder])
    }
  }

  @Test("a range outside the sequence is an error, and nothing is created")
  func invalidRange() throws {
    withTemporaryDirectory { dir in
      let error = #expect(throws: FrameSequenceError.self) {
        try writeFrames(to: dir + "/out", frameCount: 10, range: 5...10)
      }
      #expect(error?.description == "frames 5-10 are outside the sequence; valid frames: 0-9")
      #expect(snapshot(dir).isEmpty)
    }
  }

  @Test("a read-only folder is a clear error and stays unchanged")
  func readOnlyFolder() throws {
    try withTemporaryDirectory { dir in
      let out = dir + "/out"
      try writeFrames(to: out, frameCount: 3, producer: ColorProducer(seed: 1))
      let before = snapshot(out)
      let readOnly = makeReadOnly(out)
      defer { readOnly.undo() }
      let rendered = Recorder<Int>()
      let result = Result {
        try writeFrames(
          to: out, frameCount: 3, producer: ColorProducer(seed: 2, hook: { rendered.append($0) }))
      }
      // Root ignores permission bits; when it cannot make the folder immutable either
      // (no chattr, no CAP_LINUX_IMMUTABLE) the write succeeds, and only then is this skipped.
      if readOnly.bites {
        guard case .failure(let error) = result, let error = error as? FrameSequenceError,
          case .notWritable(let path, let code) = error
        else {
          Issue.record("expected notWritable, got \(result)")
          return
        }
        #expect(path == out)
        #expect(
          error.description == "cannot write frames to '\(out)': \(String(cString: strerror(code)))"
        )
        #expect(rendered.all.isEmpty)
        #expect(snapshot(out) == before)
      }
      #expect(stagingFolders(in: out).isEmpty)
    }
  }

  @Test("an empty sequence writes nothing and clears all outdated frames")
  func emptySequence() throws {
    try withTemporaryDirectory { dir in
      try writeFrames(to: dir, frameCount: 3)
      let summary = try writeFrames(to: dir, frameCount: 0)
      #expect(summary.framesWritten == 0)
      #expect(snapshot(dir).isEmpty)
    }
  }
}
