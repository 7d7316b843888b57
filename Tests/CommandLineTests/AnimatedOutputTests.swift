import FlipbookEngine
import FlipbookGIF
import FlipbookPNG
import FlipbookRender
import FlipbookScene
import FlipbookTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `--apng`, `--webp`, `--video` and `--gif` with `--out` in one run, through the real
/// `render` executable: each decoded independently and compared with the PNG frames.
@Suite
struct AnimatedOutputTests {
  /// Frame `k` of the folder `dir`, straight RGBA as the PNG stores it (read by the tests'
  /// own reader, not the project's decoder).
  static func pngFrame(_ dir: String, _ k: Int, of count: Int) throws -> [UInt8] {
    let name = FrameFileName.name(index: k, frameCount: count)
    return try APNGReader(bytes: Array(try #require(FileManager.default.contents(atPath: "\(dir)/\(name)"))))
      .defaultImage
  }

  /// The files in `dir`, hidden ones included (a temporary file left behind shows here).
  static func files(_ dir: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
  }

  @Test func framesGIFAndAPNGInOneRunMatchTheFramesAndTheGIFAlone() throws {
    try withTemporaryDirectory { dir in
      // A transparent scene: full alpha in the APNG, 1-bit in the GIF.
      let scene = example("toggle-transparent.json")
      let r = try run([scene, "--out", "\(dir)/f", "--gif", "\(dir)/a.gif", "--apng", "\(dir)/a.png", "--jobs", "2"])
      #expect(r.status == 0, "\(r.stderr)")
      let count = try SceneFile.load(scene).frameCount
      let apng = try APNGReader(bytes: Array(try #require(FileManager.default.contents(atPath: "\(dir)/a.png"))))
      #expect(apng.frames.count == count && apng.announcedFrames == count && apng.plays == 0)
      for (k, frame) in apng.frames.enumerated() {
        #expect(frame.canvas == (try Self.pngFrame("\(dir)/f", k, of: count)), "frame \(k)")
        #expect(frame.delayNumerator == 1 && frame.delayDenominator == 30)
      }
      // The GIF fed by the shared pass is the GIF rendered alone, byte for byte.
      let alone = try run([scene, "--gif", "\(dir)/b.gif", "--jobs", "1", "--quiet"])
      #expect(alone.status == 0, "\(alone.stderr)")
      #expect(
        FileManager.default.contents(atPath: "\(dir)/a.gif") == FileManager.default.contents(atPath: "\(dir)/b.gif"))
      #expect(try Self.files(dir) == ["a.gif", "a.png", "b.gif", "f"])
    }
  }

  /// 30 fps in whole milliseconds: frame k ends at round(1000 · (k + 1) / 30).
  static func endTimes(_ count: Int, fps: Double) -> [Int] {
    (1...count).map { Int((1000 * Double($0) / fps).rounded()) }
  }

  @Test func aLosslessWebPHasEveryFrameExactlyAndMillisecondTimestamps() throws {
    try withTemporaryDirectory { dir in
      let scene = example("toggle-transparent.json")
      let r = try run([scene, "--out", "\(dir)/f", "--webp", "\(dir)/a.webp", "--jobs", "2", "--quiet"])
      #expect(r.status == 0, "\(r.stderr)")
      let count = try SceneFile.load(scene).frameCount
      let webp = try WebPFile(contentsOf: "\(dir)/a.webp")
      let pngs = try (0..<count).map { try Self.pngFrame("\(dir)/f", $0, of: count) }
      // libwebp merges a frame identical to the one before into it (one longer frame), so the
      // file has one frame per run of equal frames, and each rendered frame k must be what
      // shows from round(1000 · k / 30) ms on. Both are straight RGBA, as each format stores
      // it (transparent pixels are 0, 0, 0, 0 in both: the PNG writer's rule, and libwebp's
      // `exact` keeps them).
      let runs = 1 + (1..<count).filter { pngs[$0] != pngs[$0 - 1] }.count
      #expect(webp.frames.count == runs && webp.loopCount == 0)
      #expect(webp.endTimes.last == Self.endTimes(count, fps: 30).last)
      for k in 0..<count {
        let start = k == 0 ? 0 : Self.endTimes(count, fps: 30)[k - 1]
        let shown = try #require(webp.endTimes.firstIndex { $0 > start })
        #expect(webp.frames[shown] == pngs[k], "frame \(k)")
      }
      #expect(Set(webp.endTimes).isSubset(of: Self.endTimes(count, fps: 30)), "frames end on the rendered frames' ends")
      #expect(try Self.files(dir) == ["a.webp", "f"])
    }
  }

  @Test func aLossyWebPIsCloseToTheFrames() throws {
    try withTemporaryDirectory { dir in
      let scene = example("crossfade.json")
      let r = try run([
        scene, "--out", "\(dir)/f", "--webp", "\(dir)/a.webp", "--quality", "90", "--fps", "25", "--quiet",
      ])
      #expect(r.status == 0, "\(r.stderr)")
      let count = try SceneFile.load(scene, overrides: SceneOverrides(fps: 25, duration: nil, scale: nil)).frameCount
      let webp = try WebPFile(contentsOf: "\(dir)/a.webp")
      #expect(webp.endTimes.last == Self.endTimes(count, fps: 25).last)
      #expect(Set(webp.endTimes).isSubset(of: Self.endTimes(count, fps: 25)))
      // VP8 at quality 90 on flat shapes: the mean difference stays under 2 levels of 255,
      // and alpha (compressed losslessly) is exact. Frame k shows from round(40 · k) ms.
      for k in [0, count / 2, count - 1] {
        let png = try Self.pngFrame("\(dir)/f", k, of: count)
        let shown = try #require(webp.endTimes.firstIndex { $0 > 40 * k })
        var total = 0
        for i in png.indices where i % 4 != 3 { total += abs(Int(png[i]) - Int(webp.frames[shown][i])) }
        let mean = Double(total) / Double(png.count * 3 / 4)
        #expect(mean < 2, "frame \(k): mean difference \(mean)")
        #expect(stride(from: 3, to: png.count, by: 4).allSatisfy { png[$0] == webp.frames[shown][$0] })
      }
    }
  }

  @Test(arguments: [("--apng", "a.png"), ("--webp", "a.webp")])
  func anAnimatedFileOverUlimitFailsLikeAFullDiskAndLeavesNothing(_ option: String, _ name: String) throws {
    try withTemporaryDirectory { dir in
      try populateOutputFolder("\(dir)/f")
      let before = snapshot("\(dir)/f")
      // The frames fit in 4 KiB each (8 blocks of 512 bytes in dash); the APNG (36 KB) and the
      // WebP (14 KB) do not.
      let r = try run(
        shell: "ulimit -f 8; exec \"$0\" \"$@\"",
        [example("crossfade.json"), "--out", "\(dir)/f", option, "\(dir)/\(name)", "--quiet", "--fps", "10"])
      #expect(r.exited, "killed by a signal (SIGXFSZ?): \(r.stderr)")
      #expect(r.status == 1)
      #expect(r.stderr == "error: cannot write '\(dir)/\(name)': File too large\n", "\(r.stderr)")
      #expect(try Self.files(dir) == ["f"])
      expectUnchanged("\(dir)/f", before)
      #expect(stagingFolders(in: "\(dir)/f").isEmpty)
    }
  }

  @Test func anUnwritableOutputIsAClearErrorAndNothingIsWritten() throws {
    try withTemporaryDirectory { dir in
      for (option, name) in [("--apng", "a.png"), ("--webp", "a.webp"), ("--video", "a.mp4"), ("--gif", "a.gif")] {
        let missing = try run([example("crossfade.json"), "--out", "\(dir)/f", option, "\(dir)/missing/\(name)"])
        #expect(missing.status == 1)
        #expect(
          missing.stderr.contains("'\(dir)/missing/\(name)'") && missing.stderr.contains("does not exist"),
          "\(missing.stderr)")
        #expect(try Self.files(dir).isEmpty, "the frame folder is not created either")
      }
    }
  }

  @Test(arguments: [("--apng", "a.png"), ("--video", "a.mp4")])
  func anInterruptedRunLeavesNoFileAndTheFolderAsItWas(_ option: String, _ name: String) throws {
    try withTemporaryDirectory { dir in
      let out = "\(dir)/f"
      try populateOutputFolder(out)
      let before = snapshot(out)
      let p = Process()
      p.executableURL = URL(fileURLWithPath: try builtRenderExecutable())
      p.arguments = [
        example("arc-spinner.json"), "--out", out, option, "\(dir)/\(name)", "--jobs", "1", "--duration", "1000",
        "--quiet",
      ]
      let err = Pipe()
      p.standardError = err
      try p.run()
      var waited = 0
      while stagingFolders(in: out).isEmpty && p.isRunning && waited < 60_000 {
        usleep(10_000)
        waited += 10
      }
      kill(p.processIdentifier, SIGINT)
      let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      p.waitUntilExit()
      #expect(p.terminationStatus == 130)
      #expect(
        stderr == "interrupted by SIGINT: no frame in '\(out)' was changed, '\(dir)/\(name)' was not changed\n")
      #expect(try Self.files(dir) == ["f"])
      expectUnchanged(out, before)
      #expect(stagingFolders(in: out).isEmpty)
    }
  }
}
