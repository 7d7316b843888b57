import FlipbookPNG
import FlipbookRender
import FlipbookScene
import FlipbookTestSupport
import Foundation
import Testing

/// `--video` through the real `render` executable and the real ffmpeg: each file probed and
/// decoded again by ffprobe and ffmpeg, and the failures ffmpeg can cause.
@Suite
struct VideoOutputTests {
  /// A short transparent scene: 400×160, 10 fps, 23 frames.
  static let arguments = [example("toggle-transparent.json"), "--fps", "10", "--quiet"]
  static let frameCount = 23

  /// ffprobe's frame count (decoding every frame), frame rate and duration of `path`.
  static func probe(_ path: String) throws -> (frames: Int, rate: String, duration: Double) {
    let r = try run(
      executable: "/usr/bin/ffprobe",
      [
        "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
        "stream=nb_read_frames,r_frame_rate:format=duration", "-of", "default=noprint_wrappers=1", path,
      ])
    var values: [String: String] = [:]
    for line in r.stdout.split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
    }
    return (
      Int(values["nb_read_frames"] ?? "") ?? -1, values["r_frame_rate"] ?? "", Double(values["duration"] ?? "") ?? -1
    )
  }

  /// Frame `k` of `path` decoded by ffmpeg to straight RGBA (`decoder`: libvpx-vp9 for VP9's
  /// alpha, which ffmpeg's own VP9 decoder drops).
  static func decodeFrame(_ path: String, _ k: Int, decoder: [String] = [], into dir: String) throws -> [UInt8] {
    let raw = "\(dir)/frame\(k).rgba"
    let r = try run(
      executable: "/usr/bin/ffmpeg",
      ["-v", "error"] + decoder + [
        "-i", path, "-vf", "select=eq(n\\,\(k))", "-fps_mode", "passthrough", "-frames:v", "1", "-f", "rawvideo",
        "-pix_fmt", "rgba", "-y", raw,
      ])
    #expect(r.status == 0, "\(r.stderr)")
    defer { try? FileManager.default.removeItem(atPath: raw) }
    return Array(try #require(FileManager.default.contents(atPath: raw)))
  }

  /// The mean absolute difference per channel of the channels `channels` (0…3) of two images.
  static func meanDifference(_ a: [UInt8], _ b: [UInt8], channels: Set<Int>) -> Double {
    var total = 0
    var n = 0
    for i in a.indices where channels.contains(i % 4) {
      total += abs(Int(a[i]) - Int(b[i]))
      n += 1
    }
    return Double(total) / Double(max(1, n))
  }

  @Test(arguments: [
    // H.264 yuv420p has no alpha: frames are composited over black, and chroma is halved,
    // so anti-aliased colored edges differ most; CRF 18 keeps the mean under 2 levels.
    ("mp4", [String](), 2.0, false),
    // VP9 with alpha, decoded by libvpx: colors and alpha within 2 levels on average.
    ("webm", ["-c:v", "libvpx-vp9"], 2.0, true),
    // ProRes 4444, 10-bit 4:4:4 with alpha: nearly lossless, under half a level.
    ("mov", [], 0.5, true),
  ])
  func eachContainerDecodesToTheFramesAtTheExactRate(
    _ container: String, _ decoder: [String], _ tolerance: Double, _ hasAlpha: Bool
  ) throws {
    try withTemporaryDirectory { dir in
      let video = "\(dir)/a.\(container)"
      let r = try run(Self.arguments + ["--out", "\(dir)/f", "--video", video])
      #expect(r.status == 0, "\(r.stderr)")
      let probe = try Self.probe(video)
      #expect(probe.frames == Self.frameCount)
      #expect(probe.rate == "10/1")
      #expect(abs(probe.duration - Double(Self.frameCount) / 10) <= 0.002, "duration \(probe.duration)")
      for k in [0, 12] {
        let name = FrameFileName.name(index: k, frameCount: Self.frameCount)
        let straight = try APNGReader(
          bytes: Array(try #require(FileManager.default.contents(atPath: "\(dir)/f/\(name)")))
        )
        .defaultImage
        let decoded = try Self.decodeFrame(video, k, decoder: decoder, into: dir)
        #expect(decoded.count == straight.count)
        var reference = straight
        if !hasAlpha {
          // Over black: the premultiplied color, round(s · a / 255), and opaque.
          for p in stride(from: 0, to: reference.count, by: 4) {
            for c in 0..<3 { reference[p + c] = UInt8((Int(straight[p + c]) * Int(straight[p + 3]) + 127) / 255) }
            reference[p + 3] = 255
          }
        } else {
          // Where alpha is 0 the color is meaningless: compare those pixels' alpha only.
          for p in stride(from: 0, to: reference.count, by: 4) where straight[p + 3] == 0 {
            reference.replaceSubrange(p..<p + 3, with: decoded[p..<p + 3])
          }
        }
        let difference = Self.meanDifference(decoded, reference, channels: [0, 1, 2, 3])
        #expect(difference < tolerance, "frame \(k): mean difference \(difference) levels")
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a.\(container)", "f"])
    }
  }

  @Test func withoutFFmpegOnPATHTheErrorNamesItAndNothingIsWritten() throws {
    try withTemporaryDirectory { dir in
      let r = try run(
        Self.arguments + ["--out", "\(dir)/f", "--video", "\(dir)/a.mp4"], environment: ["PATH": "\(dir)/none"])
      #expect(r.status == 1)
      #expect(
        r.stderr
          == "error: cannot write the video '\(dir)/a.mp4': video is written by the ffmpeg program, which is not on "
          + "PATH; install it (Debian: apt install ffmpeg)\n")
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }
  }

  @Test func ffmpegDyingMidStreamIsAnErrorWithItsMessageAndLeavesNothing() throws {
    try withTemporaryDirectory { dir in
      // A fake ffmpeg that reads about two frames, complains and exits 1.
      try FileManager.default.createDirectory(atPath: "\(dir)/bin", withIntermediateDirectories: false)
      let fake = "\(dir)/bin/ffmpeg"
      try Data("#!/bin/sh\n/usr/bin/head -c 500000 >/dev/null\necho 'fake ffmpeg: encoder broke' >&2\nexit 1\n".utf8)
        .write(to: URL(fileURLWithPath: fake))
      chmod(fake, 0o755)
      try populateOutputFolder("\(dir)/f")
      let before = snapshot("\(dir)/f")
      let r = try run(
        Self.arguments + ["--out", "\(dir)/f", "--video", "\(dir)/a.mp4"], environment: ["PATH": "\(dir)/bin"])
      #expect(r.exited && r.status == 1, "\(r.stderr)")
      #expect(
        r.stderr
          == "error: cannot write the video '\(dir)/a.mp4': ffmpeg exited with status 1:\nfake ffmpeg: encoder broke\n")
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["bin", "f"])
      expectUnchanged("\(dir)/f", before)
      #expect(stagingFolders(in: "\(dir)/f").isEmpty)
    }
  }
}
