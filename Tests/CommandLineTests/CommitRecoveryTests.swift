import FlipbookRender
import FlipbookTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// One output folder, one writer, all or nothing, through the real `render` (issue 20):
/// signals and `kill -9` in the middle of the commit, a second run into a busy folder, and
/// the leftovers of killed runs. `FLIPBOOK_TEST_COMMIT_PAUSE_US` (test only) slows each move
/// of the commit so that a signal can land between two moves.
@Suite(.serialized)
struct CommitRecoveryTests {
  /// The old run: 10 frames of the lore circle. The new one: 16 frames of shapes.
  static let old = [example("lore-circle.json"), "--duration", "0.3"]
  static let new = [example("shapes.json"), "--duration", "0.5"]

  @Test(arguments: [(SIGINT, 130, "SIGINT"), (SIGTERM, 143, "SIGTERM")])
  func aSignalDuringTheCommitUndoesIt(signal: Int32, status: Int32, name: String) throws {
    try withTemporaryDirectory { dir in
      let out = "\(dir)/out"
      #expect(try run(Self.old + ["--out", out]).status == 0)
      let before = snapshot(out)
      let p = try start(Self.new + ["--out", out], pause: 100_000)
      let stderr = Pipe()
      p.standardError = stderr
      try p.run()
      #expect(waitForJournal(in: out, while: p), "the commit never started")
      kill(p.processIdentifier, signal)
      let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      p.waitUntilExit()
      #expect(p.terminationReason == .exit)
      #expect(p.terminationStatus == status)
      #expect(message == "interrupted by \(name): no frame in '\(out)' was changed\n")
      expectUnchanged(out, before)
    }
  }

  @Test func killedAtRandomPointsOfTheCommitTheFolderIsTheOldRunOrTheNew() throws {
    try withTemporaryDirectory { dir in
      var references: [[String: FolderEntry]] = []
      for (index, scene) in [Self.old, Self.new].enumerated() {
        let path = "\(dir)/reference-\(index)"
        #expect(try run(scene + ["--out", path]).status == 0)
        references.append(snapshot(path))
      }
      var random = SeededRandomNumberGenerator(seed: 20)
      var outcomes = [0, 0]
      for attempt in 0..<16 {
        let out = "\(dir)/out-\(attempt)"
        // Every other attempt goes from the short run to the long one, the others back
        // (outdated frames are moved aside too).
        let (from, to) = attempt % 2 == 0 ? (0, 1) : (1, 0)
        #expect(try run([Self.old, Self.new][from] + ["--out", out]).status == 0)
        let p = try start([Self.old, Self.new][to] + ["--out", out], pause: 2_000)
        try p.run()
        switch attempt % 4 {
        case 0, 1:
          // Anywhere in the commit: the next run completes it.
          if waitForJournal(in: out, while: p) {
            usleep(UInt32.random(in: 0..<80_000, using: &random))
          }
        case 2:
          // While the frames render, or in the commit.
          if waitForStaging(in: out, while: p) {
            usleep(UInt32.random(in: 0..<80_000, using: &random))
          }
        default:
          // SIGTERM starts an undo of the commit; the kill lands in it.
          if waitForJournal(in: out, while: p) {
            kill(p.processIdentifier, SIGTERM)
            usleep(UInt32.random(in: 0..<40_000, using: &random))
          }
        }
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        // Sometimes the recovery is killed too, half-way.
        if Bool.random(using: &random) {
          let recovery = try start(["recover", out], pause: 2_000)
          try recovery.run()
          usleep(UInt32.random(in: 0..<40_000, using: &random))
          kill(recovery.processIdentifier, SIGKILL)
          recovery.waitUntilExit()
        }
        let recovered = try run(["recover", out])
        #expect(recovered.status == 0, "\(recovered.stderr)")
        let after = snapshot(out)
        let match = references.firstIndex(of: after)
        #expect(match != nil, "attempt \(attempt): \(after.keys.sorted())")
        if let match { outcomes[match == from ? 0 : 1] += 1 }
      }
      // Not an assertion on timing: a record of how many kills landed before the commit point.
      print("killed commits: \(outcomes[0]) left the old run, \(outcomes[1]) the new one")
    }
  }

  @Test func aSecondWholeRunIntoABusyFolderIsRefused() throws {
    try withTemporaryDirectory { dir in
      let out = "\(dir)/out"
      #expect(try run(Self.old + ["--out", out]).status == 0)
      let before = snapshot(out)
      // 30,001 frames of a spinner that never stands still (still frames would take no
      // time): far longer than the second run waits.
      let first = try start([example("arc-spinner.json"), "--duration", "1000", "--jobs", "1", "--out", out])
      try first.run()
      #expect(waitForStaging(in: out, while: first))
      let second = try run(Self.new + ["--out", out])
      #expect(second.status == 1)
      #expect(second.stderr.hasPrefix("error: cannot write frames to '\(out)': another render is writing there"))
      kill(first.processIdentifier, SIGTERM)
      first.waitUntilExit()
      #expect(first.terminationStatus == 143)
      expectUnchanged(out, before)
    }
  }

  @Test func aKilledRunsStagingFolderIsRemovedByTheNextRun() throws {
    try withTemporaryDirectory { dir in
      let out = "\(dir)/out"
      let killed = try start([example("arc-spinner.json"), "--duration", "1000", "--jobs", "1", "--out", out])
      try killed.run()
      #expect(waitForStaging(in: out, while: killed))
      kill(killed.processIdentifier, SIGKILL)
      killed.waitUntilExit()
      #expect(stagingFolders(in: out).count == 1)
      #expect(try run(Self.new + ["--out", out]).status == 0)
      #expect(stagingFolders(in: out).isEmpty)
      #expect(snapshot(out).count == 16)
    }
  }

  /// In a container every `render` is PID 1: a killed run's temporary file had the name the
  /// next run wanted. The shell's PID is the one `render` gets when the shell `exec`s it.
  @Test(arguments: [["--gif", "a.gif"], ["--time", "0", "--out", "a.png"]])
  func aKilledRunsTemporaryFileDoesNotBlockTheNext(output: [String]) throws {
    try withTemporaryDirectory { dir in
      let target = "\(dir)/\(output.last!)"
      let arguments = output.dropLast() + [target]
      let leftover = "\(dir)/.\(output.last!).$$-0.tmp"
      let r = try run(shell: "echo partial > \"\(leftover)\"; exec \"$0\" \"$@\"", Self.new + arguments)
      #expect(r.status == 0, "\(r.stderr)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [output.last!])
    }
  }
}

/// A `render` process with `arguments`, not yet started, with the commit slowed by `pause`
/// microseconds per move.
func start(_ arguments: [String], pause: UInt32 = 0) throws -> Process {
  let p = Process()
  p.executableURL = URL(fileURLWithPath: try builtRenderExecutable())
  p.arguments = arguments + (arguments.first == "recover" ? [] : ["--quiet"])
  var environment = ProcessInfo.processInfo.environment
  environment["FLIPBOOK_TEST_COMMIT_PAUSE_US"] = String(pause)
  p.environment = environment
  p.standardOutput = FileHandle.nullDevice
  p.standardError = FileHandle.nullDevice
  return p
}

/// Waits until a staging folder in `out` holds a journal (the commit has begun); false if
/// `process` ended first.
func waitForJournal(in out: String, while process: Process) -> Bool {
  waitUntil(process) {
    stagingFolders(in: out).contains { FileManager.default.fileExists(atPath: "\(out)/\($0)/journal") }
  }
}

/// Waits until `out` holds a staging folder (frames are being rendered); false if `process`
/// ended first.
private func waitForStaging(in out: String, while process: Process) -> Bool {
  waitUntil(process) { !stagingFolders(in: out).isEmpty }
}

private func waitUntil(_ process: Process, _ condition: () -> Bool) -> Bool {
  while process.isRunning {
    if condition() { return true }
    usleep(1_000)
  }
  return condition()
}
