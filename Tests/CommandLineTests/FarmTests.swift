import FlipbookTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Render farms through the real `render` (issue 17): shards started at once into one folder
/// leave it byte for byte as one whole run does, whichever engine numbers them; `merge-check`
/// finds what a farm left out; the guide's GNU parallel line, Slurm script and Kubernetes
/// manifest run as written, with the engines' variables set by hand.
@Suite(.serialized)
struct FarmTests {
  /// 8.35 s of the lore circle at 10 fps: 85 frames, so shards of 4 have 21 or 22 frames.
  static let scene = [example("lore-circle.json"), "--fps", "10"]

  /// A folder as an earlier run left it: 101 frames of the same scene at 12 fps (numbers
  /// 85…100 are outdated, the last shard's), a frame of 5 digits in shard 1's range and one in
  /// shard 3's (42…62), and files a render never touches.
  static func earlierRun(in out: String) throws {
    #expect(try run([example("lore-circle.json"), "--fps", "12", "--out", out]).status == 0)
    for name in ["frame_00003.png", "frame_00050.png", "frame_7.png", "notes.txt"] {
      try Data("earlier".utf8).write(to: URL(fileURLWithPath: "\(out)/\(name)"))
    }
  }

  /// `render` with `arguments` and `environment` added to this process's, all started at
  /// once; waits for all and returns their results.
  static func runAtOnce(_ runs: [(arguments: [String], environment: [String: String])]) throws -> [RunResult] {
    let processes = try runs.map { arguments, environment in
      let p = Process()
      p.executableURL = URL(fileURLWithPath: try builtRenderExecutable())
      p.arguments = arguments
      p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      let err = Pipe()
      p.standardError = err
      p.standardOutput = FileHandle.nullDevice
      return (p, err)
    }
    for (p, _) in processes { try p.run() }
    return processes.map { p, err in
      let e = err.fileHandleForReading.readDataToEndOfFile()
      p.waitUntilExit()
      return RunResult(status: p.terminationStatus, stdout: "", stderr: String(decoding: e, as: UTF8.self))
    }
  }

  /// The reference: one whole run over an earlier run.
  static func wholeRun(in dir: String) throws -> [String: FolderEntry] {
    let whole = "\(dir)/whole"
    try earlierRun(in: whole)
    #expect(try run(scene + ["--out", whole]).status == 0)
    let result = snapshot(whole)
    #expect(result["frame_0084.png"] != nil && result["frame_0085.png"] == nil && result["frame_00003.png"] == nil)
    #expect(result["frame_7.png"] != nil && result["notes.txt"] != nil)
    return result
  }

  @Test func fourShardsAtOnceLeaveTheFolderAsOneWholeRun() throws {
    try withTemporaryDirectory { dir in
      let reference = try Self.wholeRun(in: dir)
      // As K/N, and as each engine's index with auto/N.
      let engines: [(String, [String: String])] = [
        ("1/4", [:]), ("2/4", [:]), ("3/4", [:]), ("4/4", [:]),
        ("auto/4", ["JOB_COMPLETION_INDEX": "0"]),
        ("auto/4", ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MAX": "3"]),
        ("auto/4", ["AWS_BATCH_JOB_ARRAY_INDEX": "2"]), ("auto/4", ["JOB_COMPLETION_INDEX": "3"]),
      ]
      for attempt in 0..<2 {
        let out = "\(dir)/shards-\(attempt)"
        try Self.earlierRun(in: out)
        let results = try Self.runAtOnce(
          engines[(attempt * 4)..<(attempt * 4 + 4)].map { shard, environment in
            (Self.scene + ["--out", out, "--shard", shard], environment)
          })
        for r in results { #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)") }
        #expect(snapshot(out) == reference, "attempt \(attempt): \(snapshot(out).keys.sorted())")
      }
    }
  }

  @Test func aShardWritesOnlyItsFramesAndTheOutdatedFilesItOwns() throws {
    try withTemporaryDirectory { dir in
      let out = "\(dir)/out"
      try Self.earlierRun(in: out)
      let before = snapshot(out)
      #expect(try run(Self.scene + ["--out", out, "--shard", "3/4"]).status == 0)
      let after = snapshot(out)
      // ⌊2·85/4⌋ = 42 … ⌊3·85/4⌋ − 1 = 62.
      let written = Set((42...62).map { String(format: "frame_%04d.png", $0) })
      for name in Set(before.keys).union(after.keys) where !written.contains(name) {
        if name == "frame_00050.png" {
          #expect(after[name] == nil, "an outdated file in shard 3's range goes with shard 3")
        } else {
          #expect(after[name] == before[name], "\(name) changed")
        }
      }
      #expect(written.allSatisfy { after[$0] != nil && after[$0] != before[$0] })
    }
  }

  @Test func theLastShardKilledInItsCommitIsFinishedByTheNextRun() throws {
    try withTemporaryDirectory { dir in
      let out = "\(dir)/out", done = "\(dir)/done"
      try Self.earlierRun(in: out)
      try Self.earlierRun(in: done)
      #expect(try run(Self.scene + ["--out", done, "--shard", "4/4"]).status == 0)
      let before = snapshot(out)
      // The commit moves 16 outdated frames and 21 new ones, 20 ms each.
      let p = try start(Self.scene + ["--out", out, "--shard", "4/4"], pause: 20_000)
      try p.run()
      #expect(waitForJournal(in: out, while: p), "the commit never started")
      usleep(300_000)
      kill(p.processIdentifier, SIGKILL)
      p.waitUntilExit()
      #expect(try run(["recover", out]).status == 0)
      let after = snapshot(out)
      #expect(after == snapshot(done) || after == before, "\(after.keys.sorted())")
    }
  }

  @Test func shardMistakesAreExplained() throws {
    let out = ["--out", "/nonexistent/frames"]
    let cases: [([String], [String: String], String)] = [
      (["--shard", "5/4"], [:], "--shard 5/4: K counts from 1, so it must be between 1 and 4"),
      (["--shard", "0/4"], [:], "--shard 0/4: K counts from 1"),
      (["--shard", "auto/4"], [:], "--shard auto/4: none of JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID, AWS_BATCH"),
      (["--shard", "auto/4"], ["JOB_COMPLETION_INDEX": "4"], "JOB_COMPLETION_INDEX=4 (a Kubernetes Indexed Job"),
      (["--shard", "auto/4"], ["AWS_BATCH_JOB_ARRAY_INDEX": "x"], "AWS_BATCH_JOB_ARRAY_INDEX is 'x', not an index"),
      (
        ["--shard", "auto/4"], ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MAX": "4"],
        "task IDs are taken from 0, so 4 shards are --array=0-3"
      ),
      (["--shard", "1/4", "--frames", "1-2"], [:], "--frames needs them all"),
      (["--shard", "1/4", "--gif", "a.gif"], [:], "--gif needs them all"),
    ]
    var environment = ProcessInfo.processInfo.environment
    for name in ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "AWS_BATCH_JOB_ARRAY_INDEX"] {
      environment[name] = nil
    }
    for (arguments, variables, message) in cases {
      let r = try run(Self.scene + out + arguments, environment: environment.merging(variables) { $1 })
      #expect(r.status == 64 && r.stderr.contains(message), "\(arguments) \(variables): \(r.stderr)")
    }
  }

  @Test func moreShardsThanFramesLeaveSomeEmpty() throws {
    try withTemporaryDirectory { dir in
      let scene = [example("lore-circle.json"), "--duration", "0.1", "--fps", "20"]  // 3 frames
      let whole = "\(dir)/whole", shards = "\(dir)/shards"
      var statuses = [try run(scene + ["--out", whole]).status]
      for k in 1...5 { statuses.append(try run(scene + ["--out", shards, "--shard", "\(k)/5"]).status) }
      #expect(statuses == [0, 0, 0, 0, 0, 0])
      #expect(snapshot(shards) == snapshot(whole))
    }
  }

  // MARK: merge-check

  @Test func mergeCheckFindsMissingStaleAndOutdatedFrames() throws {
    try withTemporaryDirectory { dir in
      let out = "\(dir)/frames"
      #expect(try run(Self.scene + ["--out", out]).status == 0)
      let complete = try run(["merge-check", out] + Self.scene)
      #expect(complete.status == 0 && complete.stdout == "\(out): all 85 frames are this scene's\n", "\(complete)")
      // Another frame rate renders other frames: all stale.
      let other = try run(["merge-check", out, example("lore-circle.json"), "--fps", "12"])
      #expect(other.status == 1 && other.stdout.contains("frames missing: 85-100"), "\(other.stdout)")
      #expect(other.stdout.contains("stale (not this scene's): 1-84"), "\(other.stdout)")  // frame 0 is the same
      for name in ["frame_0010.png", "frame_0011.png", "frame_0012.png", "frame_0070.png"] {
        try FileManager.default.removeItem(atPath: "\(out)/\(name)")
      }
      try FileManager.default.removeItem(atPath: "\(out)/frame_0060.png")
      try FileManager.default.copyItem(atPath: "\(out)/frame_0001.png", toPath: "\(out)/frame_0060.png")
      try Data("earlier".utf8).write(to: URL(fileURLWithPath: "\(out)/frame_0090.png"))
      let r = try run(["merge-check", out] + Self.scene)
      #expect(r.status == 1)
      #expect(
        r.stdout == """
          \(out): 4 of 85 frames missing: 10-12, 70
          \(out): 1 stale (not this scene's): 60
          \(out): outdated (not in the sequence): frame_0090.png
            render \(Self.scene[0]) --out \(out) --frames 10-12 --fps 10
            render \(Self.scene[0]) --out \(out) --frames 60 --fps 10
            render \(Self.scene[0]) --out \(out) --frames 70 --fps 10
            (outdated files go with the next whole render, or the shard their numbers fall in)

          """, "\(r.stdout)")
      // A shard's check sees only its frames and the outdated files it owns.
      let shard = try run(["merge-check", out] + Self.scene + ["--shard", "3/4"])
      #expect(shard.status == 1 && shard.stdout.hasPrefix("\(out): 1 stale (not this scene's): 60\n"), "\(shard)")
      #expect(try run(["merge-check", out] + Self.scene + ["--shard", "2/4"]).status == 0)
      // Running the printed commands and the last shard completes the folder.
      for range in ["10-12", "60", "70"] {
        #expect(try run(Self.scene + ["--out", out, "--frames", range]).status == 0)
      }
      #expect(try run(Self.scene + ["--out", out, "--shard", "4/4"]).status == 0)
      #expect(try run(["merge-check", out] + Self.scene).status == 0)
      #expect(try run(["merge-check", "\(dir)/none"] + Self.scene).stderr.contains("there is no such folder"))
    }
  }

  // MARK: The guide, as written

  /// The fenced line of docs/farm.md that starts with `prefix`.
  static func guideLine(startingWith prefix: String) throws -> String {
    let text = try String(contentsOfFile: "\(repositoryRoot)/docs/farm.md", encoding: .utf8)
    return try #require(text.split(separator: "\n").first { $0.hasPrefix(prefix) }.map(String.init))
  }

  /// Runs `script` with bash in `dir`, with `render` on PATH, and returns its result.
  static func bash(_ script: String, in dir: String, environment: [String: String] = [:]) throws -> RunResult {
    let folder = URL(fileURLWithPath: try builtRenderExecutable()).deletingLastPathComponent().path
    var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    env["PATH"] = folder + ":" + (env["PATH"] ?? "/usr/bin:/bin")
    env["HOME"] = dir  // GNU parallel keeps its state there
    return try run(executable: "/bin/bash", ["-c", "cd \"$0\" || exit 1\n" + script, dir], environment: env)
  }

  /// The scene and a whole run of it in `dir`, as the guide's commands expect them.
  static func prepareGuide(in dir: String) throws -> [String: FolderEntry] {
    try FileManager.default.copyItem(atPath: example("lore-circle.json"), toPath: "\(dir)/scene.json")
    #expect(try run(["\(dir)/scene.json", "--out", "\(dir)/whole"]).status == 0)
    return snapshot("\(dir)/whole")
  }

  @Test func theGuidesGNUParallelLinesRunAsWritten() throws {
    let parallel = try run(executable: "/usr/bin/env", ["parallel", "--version"])
    #expect(parallel.status == 0, "GNU parallel is not installed: run tools/setup")
    try withTemporaryDirectory { dir in
      let reference = try Self.prepareGuide(in: dir)
      let local = try Self.guideLine(startingWith: "parallel -N0 render scene.json --out frames/")
      let r = try Self.bash(local, in: dir)
      #expect(r.status == 0, "\(r.stderr)")
      #expect(snapshot("\(dir)/frames") == reference)
      // The --sshlogin line, with the local machine (`:`) for the four nodes and this folder
      // for the shared one.
      let remote = try Self.guideLine(startingWith: "parallel --sshlogin")
      let next = try Self.guideLine(startingWith: "  render scene.json --out frames/ --shard {#}/16")
      let line = (remote.dropLast() + next).replacingOccurrences(of: "node1,node2,node3,node4", with: ":")
        .replacingOccurrences(of: "/shared/film", with: dir)
      try FileManager.default.removeItem(atPath: "\(dir)/frames")
      let s = try Self.bash(line, in: dir)
      #expect(s.status == 0, "\(line): \(s.stderr)")
      #expect(snapshot("\(dir)/frames") == reference)
    }
  }

  @Test func theSlurmScriptRendersItsShardWithTheVariablesSetByHand() throws {
    try withTemporaryDirectory { dir in
      let reference = try Self.prepareGuide(in: dir)
      let script = "\(repositoryRoot)/docs/farm/render-array.sbatch"
      let text = try String(contentsOfFile: script, encoding: .utf8)
      #expect(text.contains("#SBATCH --array=0-7") && text.contains("SHARDS=8"))
      // Slurm runs the script once per task; here the eight tasks run at once.
      let tasks = (0..<8).map { id in
        "SLURM_ARRAY_TASK_ID=\(id) SLURM_ARRAY_TASK_MIN=0 SLURM_ARRAY_TASK_MAX=7 SLURM_CPUS_PER_TASK=1 "
          + "bash '\(script)' & pids=\"$pids $!\""
      }
      let r = try Self.bash(tasks.joined(separator: "\n") + "\nfor p in $pids; do wait $p || exit 1; done", in: dir)
      #expect(r.status == 0, "\(r.stderr)")
      #expect(snapshot("\(dir)/frames") == reference)
      // Submitted as --array=1-8, every task refuses.
      let wrong = try Self.bash(
        "SLURM_ARRAY_TASK_ID=2 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=8 bash '\(script)'", in: dir)
      #expect(wrong.status == 64 && wrong.stderr.contains("--array=0-7"), "\(wrong.stderr)")
    }
  }

  @Test func theKubernetesManifestChecksAndItsCommandRendersEachIndex() throws {
    let manifest = "\(repositoryRoot)/docs/farm/render-job.yaml"
    let checker = "\(repositoryRoot)/tools/check-farm-manifest"
    let check = try run(executable: "/usr/bin/env", ["python3", checker, manifest])
    #expect(check.status == 0, "\(check.stderr)")
    let command = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String])
    #expect(command.first == "render" && command.contains("auto/8"))
    try withTemporaryDirectory { dir in
      let reference = try Self.prepareGuide(in: dir)
      // The pod's volumes, here: /scene holds scene.json, /frames is the shared folder.
      try FileManager.default.createDirectory(atPath: "\(dir)/scene", withIntermediateDirectories: false)
      try FileManager.default.copyItem(atPath: "\(dir)/scene.json", toPath: "\(dir)/scene/scene.json")
      let arguments = command.dropFirst().map { $0.hasPrefix("/") ? dir + $0 : $0 }
      let results = try Self.runAtOnce((0..<8).map { (Array(arguments), ["JOB_COMPLETION_INDEX": "\($0)"]) })
      for r in results { #expect(r.status == 0, "\(r.stderr)") }
      #expect(snapshot("\(dir)/frames") == reference)
      // The checker refuses what Kubernetes or the farm would get wrong.
      let text = try String(contentsOfFile: manifest, encoding: .utf8)
      let broken = [
        ("restartPolicy: Never", "restartPolicy: OnFailure", "backoffLimitPerIndex needs Never"),
        ("completions: 8", "completions: 6", "needs --shard auto/6 (completions), got auto/8"),
        ("completionMode: Indexed", "completionMode: NonIndexed", "must be Indexed"),
        ("backoffLimitPerIndex: 2", "backofLimitPerIndex: 2", "'backoffLimitPerIndex' is a required property"),
        ("mountPath: /frames", "mountPath: /output", "--out /frames is not a mounted volume"),
      ]
      for (from, to, message) in broken {
        #expect(text.contains(from))
        try Data(text.replacingOccurrences(of: from, with: to).utf8).write(to: URL(fileURLWithPath: "\(dir)/bad.yaml"))
        let r = try run(executable: "/usr/bin/env", ["python3", checker, "\(dir)/bad.yaml"])
        #expect(r.status == 1 && r.stderr.contains(message), "\(to): \(r.stderr)")
      }
    }
  }
}
