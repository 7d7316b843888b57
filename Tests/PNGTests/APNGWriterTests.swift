import FlipbookImage
import FlipbookPNG
import FlipbookTestSupport
import Foundation
import Testing

/// The APNG writer against an independent reader (Tests/Support/APNGReader: chunks, CRCs,
/// zlib, the five filters, dispose and blend ops) and libpng, which reads the first frame.
@Suite("APNG writer")
struct APNGWriterTests {
  /// Frames that exercise each case: a first frame with every edge alpha, an unchanged frame,
  /// an opaque change (OVER), pixels turning transparent and semi-transparent (SOURCE), and a
  /// frame changed everywhere.
  static func frames() -> [Pixmap] {
    let (w, h) = (37, 23)
    var frames = [randomPixmap(width: w, height: h, seed: 11)]
    frames.append(frames[0])
    var opaqueChange = frames[0]
    for y in 5..<9 {
      for x in 10..<20 {
        let i = (y * w + x) * 4; opaqueChange.bytes.replaceSubrange(i..<i + 4, with: [200, 10, 30, 255])
      }
    }
    frames.append(opaqueChange)
    var fading = opaqueChange
    for (x, y, a) in [(3, 4, UInt8(0)), (30, 20, 128), (12, 6, 1)] {
      let i = (y * w + x) * 4
      fading.bytes.replaceSubrange(i..<i + 4, with: [a / 2, 0, a, a])
    }
    frames.append(fading)
    frames.append(randomPixmap(width: w, height: h, seed: 12))
    return frames
  }

  /// The straight RGBA canvas premultiplied with the decoder's rule, `round(s · a / 255)`.
  static func premultiplied(_ straight: [UInt8]) -> [UInt8] {
    var out = straight
    for p in stride(from: 0, to: out.count, by: 4) {
      for c in 0..<3 { out[p + c] = PNGDecoder.premultipliedChannel(straight[p + c], alpha: straight[p + 3]) }
      if straight[p + 3] == 0 { out[p] = 0; out[p + 1] = 0; out[p + 2] = 0 }
    }
    return out
  }

  @Test("every composed frame equals its pixmap; delays are 1/fps; OVER only where valid; libpng reads frame 0")
  func roundTrip() throws {
    try withTemporaryDirectory { dir in
      let frames = Self.frames()
      let path = "\(dir)/a.png"
      let writer = try APNGWriter(path: path, width: 37, height: 23, frameCount: frames.count, fps: 30)
      for f in frames { try writer.add(f) }
      try writer.close()
      #expect(!FileManager.default.fileExists(atPath: path), "nothing at the target before the commit")
      try writer.commit()
      let apng = try APNGReader(bytes: Array(FileManager.default.contents(atPath: path)!))
      #expect(apng.announcedFrames == frames.count && apng.plays == 0)
      #expect(apng.frames.count == frames.count)
      for (k, frame) in apng.frames.enumerated() {
        #expect(Self.premultiplied(frame.canvas) == frames[k].bytes, "frame \(k)")
        #expect(frame.delayNumerator == 1 && frame.delayDenominator == 30)
        #expect(frame.disposeOp == 0)
      }
      // Unchanged: a 1×1 OVER; an opaque change: OVER on exactly its rectangle; pixels that
      // became less opaque: SOURCE.
      #expect(apng.frames[1].width == 1 && apng.frames[1].height == 1 && apng.frames[1].blendOp == 1)
      #expect(
        (apng.frames[2].x, apng.frames[2].y, apng.frames[2].width, apng.frames[2].height, apng.frames[2].blendOp)
          == (10, 5, 10, 4, 1))
      #expect(apng.frames[3].blendOp == 0)
      #expect(try PNGDecoder.decode(file: path) == frames[0])
    }
  }

  @Test(
    "delays are the exact fraction 1/fps",
    arguments: [(30.0, 30, 1), (29.97, 2997, 100), (23.976, 2997, 125), (0.5, 1, 2), (240, 240, 1)])
  func frameRates(fps: Double, numerator: Int, denominator: Int) {
    let rate = FrameRate(fps)
    #expect((rate.numerator, rate.denominator) == (numerator, denominator))
  }

  @Test("a rate with no short fraction gets a close one whose terms fit 16 bits")
  func irrationalRate() {
    let fps = 1 / 3.0 + 1e-7
    let rate = FrameRate(fps)
    #expect(rate.numerator <= 65535 && rate.denominator <= 65535)
    // Dirichlet's bound for the last convergent before the limit: |x − p/q| < 1/(q · 65535).
    #expect(abs(Double(rate.numerator) / Double(rate.denominator) - fps) < 1 / (Double(rate.denominator) * 65535))
  }

  @Test("a write that is abandoned or fails leaves nothing, and the target as it was")
  func abandonLeavesNothing() throws {
    try withTemporaryDirectory { dir in
      let path = "\(dir)/a.png"
      try Data("old".utf8).write(to: URL(fileURLWithPath: path))
      let writer = try APNGWriter(path: path, width: 37, height: 23, frameCount: 3, fps: 30)
      try writer.add(Self.frames()[0])
      #expect(throws: PNGError.self) { try writer.close() }
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["a.png"])
      #expect(FileManager.default.contents(atPath: path) == Data("old".utf8))
      #expect(throws: PNGError.self) {
        try APNGWriter(path: "\(dir)/missing/a.png", width: 1, height: 1, frameCount: 1, fps: 1)
      }
    }
  }
}
