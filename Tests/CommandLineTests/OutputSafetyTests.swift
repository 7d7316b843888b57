import FlipbookTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The output folder through the real `render` executable: a full disk, a read-only folder,
/// an interrupted run, and `--out` naming something that cannot hold frames. Each failure
/// must leave the folder byte-for-byte as it was, with no staging folder.
@Suite
struct OutputSafetyTests {
  @Test func aFullDiskLeavesTheFolderAsItWas() throws {
    try withTemporaryDirectory { dir in
      let out = "\(dir)/out"
      try populateOutputFolder(out)
      let before = snapshot(out)
      // `ulimit -f 2` (1 KiB in dash's 512-byte blocks, 2 KiB in bash): every frame of the
      // lore circle is larger, so the first write fails as on a full disk (EFBIG, not ENOSPC).
      let r = try run(
        shell: "ulimit -f 2; exec \"$0\" \"$@\"", [example("lore-circle.json"), "--out", out, "--jobs", "2"])
      #expect(r.exited, "killed by a signal (SIGXFSZ?): \(r.stderr)")
      #expect(r.status == 1)
      #expect(r.stderr.hasPrefix("error: cannot write frame "))
      #expect(r.stderr.hasSuffix(": File too large; no frame was changed\n"))
      expectUnchanged(out, before)
      #expect(stagingFolders(in: out).isEmpty)
    }
  }

  @Test func aReadOnlyFolderIsAClearErrorAndStaysUnchanged() throws {
    try withTemporaryDirectory { dir in
      let out = "\(dir)/out"
      try populateOutputFolder(out)
      let before = snapshot(out)
      let readOnly = makeReadOnly(out)
      defer { readOnly.undo() }
      let r = try run([example("shapes.json"), "--out", out])
      #expect(r.exited)
      // Root ignores permission bits; where it cannot make the folder immutable either (no
      // chattr, no CAP_LINUX_IMMUTABLE) the render succeeds, and only the cleanup is checked.
      if readOnly.bites {
        #expect(r.status == 1)
        let reason = String(cString: strerror(geteuid() == 0 ? EPERM : EACCES))
        #expect(r.stderr == "error: cannot write frames to '\(out)': \(reason)\n")
        expectUnchanged(out, before)
      }
      #expect(stagingFolders(in: out).isEmpty)
    }
  }

  @Test(arguments: [(SIGINT, 130, "SIGINT"), (SIGTERM, 143, "SIGTERM")])
  func anInterruptedRunRemovesItsStagingFolder(signal: Int32, status: Int32, name: String) throws {
    try withTemporaryDirectory { dir in
      let out = "\(dir)/out"
      try populateOutputFolder(out)
      let before = snapshot(out)
      let p = Process()
      p.executableURL = URL(fileURLWithPath: try builtRenderExecutable())
      // 30,001 frames of a spinner that never stands still: far more than can be written
      // before the signal arrives.
      p.arguments = [example("arc-spinner.json"), "--out", out, "--jobs", "1", "--duration", "1000", "--quiet"]
      let err = Pipe()
      p.standardError = err
      p.standardOutput = FileHandle.nullDevice
      try p.run()
      // Wait until the render is writing frames (its staging folder exists), then interrupt.
      var waited = 0
      while stagingFolders(in: out).isEmpty && p.isRunning && waited < 60_000 {
        usleep(10_000)
        waited += 10
      }
      #expect(p.isRunning, "the render finished before it could be interrupted")
      kill(p.processIdentifier, signal)
      let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      p.waitUntilExit()
      #expect(p.terminationReason == .exit)
      #expect(p.terminationStatus == status)
      #expect(stderr.hasPrefix("interrupted by \(name): "), "\(stderr)")
      expectUnchanged(out, before)
      #expect(stagingFolders(in: out).isEmpty)
    }
  }

  @Test func outThatCannotHoldFramesIsAClearError() throws {
    try withTemporaryDirectory { dir in
      try Data("a file".utf8).write(to: URL(fileURLWithPath: "\(dir)/file"))
      let before = snapshot(dir)
      let file = try run([example("shapes.json"), "--out", "\(dir)/file"])
      #expect(file.status == 1)
      #expect(file.stderr == "error: cannot write frames to '\(dir)/file': it is a file, not a folder\n")
      let missing = try run([example("shapes.json"), "--out", "\(dir)/missing/out"])
      #expect(missing.status == 1)
      #expect(
        missing.stderr
          == "error: cannot write frames to '\(dir)/missing/out': the folder '\(dir)/missing' does not exist\n")
      expectUnchanged(dir, before)
    }
  }
}

/// Runs `render` through `/bin/sh -c script`, with the executable as `$0` and `arguments`
/// as `$@`, so that the script can set limits (`ulimit`) before it `exec`s the renderer.
func run(shell script: String, _ arguments: [String]) throws -> RunResult {
  try run(executable: "/bin/sh", ["-c", script, builtRenderExecutable()] + arguments)
}
