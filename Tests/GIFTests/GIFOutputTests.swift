import FlipbookGIF
import FlipbookEngine
import FlipbookImage
import FlipbookRaster
import FlipbookRender
import FlipbookScene
import FlipbookTestSupport
import Foundation
import Testing

/// Mean absolute difference per channel between two opaque-or-not images, over pixels both show.
func meanDifference(_ a: Pixmap, _ b: Pixmap) -> Double {
  var sum = 0, n = 0
  for i in stride(from: 0, to: a.bytes.count, by: 4) where a.bytes[i + 3] == 255 && b.bytes[i + 3] == 255 {
    for c in 0..<3 { sum += abs(Int(a.bytes[i + c]) - Int(b.bytes[i + c])) }
    n += 3
  }
  return n == 0 ? 0 : Double(sum) / Double(n)
}

@Suite struct GIFOutputTests {
  /// Decoded back with giflib: one GIF frame per scene frame, delays that add up to the
  /// animation's length within a centisecond, palettes of at most 256 colors, looping.
  @Test func anOpaqueSceneDecodesBackFrameForFrame() throws {
    let scene = try SceneFile.load(example("lore-circle.json"), overrides: SceneOverrides(duration: 1))
    try withTemporaryDirectory { dir in
      let summary = try GIFRenderer.render(scene, to: "\(dir)/out.gif", jobs: 3)
      let gif = try GIFFile(contentsOf: "\(dir)/out.gif")
      #expect(gif.frames.count == scene.frameCount)
      #expect(summary.framesWritten == scene.frameCount)
      #expect(gif.width == scene.pixelWidth && gif.height == scene.pixelHeight)
      #expect(abs(Double(gif.totalDelay) - 100 * Double(scene.frameCount) / scene.fps) <= 1)
      #expect(gif.frames.allSatisfy { $0.colorCount <= 256 && $0.colorCount >= 2 })
      #expect(gif.frames.allSatisfy { $0.disposal == 1 } && gif.frames[0].transparentIndex == nil)
      // Later frames store the pixels that show what is already there as a transparent entry
      // (as gifski and ffmpeg do), and every frame as shown stays opaque.
      #expect(gif.frames.dropFirst().contains { $0.transparentIndex != nil })
      #expect(
        gif.frames.allSatisfy { f in
          stride(from: 3, to: f.image.bytes.count, by: 4).allSatisfy { f.image.bytes[$0] == 255 }
        })
      #expect(gif.loopCount == 0)
      // Unchanged areas are not stored again: later frames are smaller than the screen.
      #expect(gif.frames.dropFirst().contains { $0.width * $0.height < gif.width * gif.height / 2 })
      for f in [0, 9, 20, scene.frameCount - 1] {
        let rendered = try FrameRenderer.pixmap(scene, frame: f)
        let difference = meanDifference(rendered, gif.frames[f].image)
        #expect(difference < 1.5, "frame \(f): mean difference \(difference)")
      }
    }
  }

  @Test func aTransparentSceneKeepsItsTransparencyAsOneBit() throws {
    let scene = try SceneFile.load(example("toggle-transparent.json"))
    try withTemporaryDirectory { dir in
      try GIFRenderer.render(scene, to: "\(dir)/t.gif", jobs: 2)
      let gif = try GIFFile(contentsOf: "\(dir)/t.gif")
      #expect(gif.frames.count == scene.frameCount)
      #expect(abs(Double(gif.totalDelay) - 100 * Double(scene.frameCount) / scene.fps) <= 1)
      #expect(gif.frames.allSatisfy { $0.transparentIndex != nil && $0.disposal == 2 && $0.colorCount <= 256 })
      let last = scene.frameCount - 1
      let rendered = try FrameRenderer.pixmap(scene, frame: last)
      let decoded = gif.frames[last].image
      for i in stride(from: 3, to: rendered.bytes.count, by: 4) {
        #expect((rendered.bytes[i] < 128) == (decoded.bytes[i] == 0), "pixel \(i / 4)")
        if (rendered.bytes[i] < 128) != (decoded.bytes[i] == 0) { break }
      }
    }
  }

  @Test func aMatteBlendsSemiTransparentEdgesIntoThatColor() throws {
    var p = Pixmap(width: 4, height: 1)
    // Premultiplied: opaque red, half-transparent black, a faint pixel, nothing.
    p.bytes = [255, 0, 0, 255, 0, 0, 0, 192, 0, 0, 0, 64, 0, 0, 0, 0]
    var plain = GIFQuantizer()
    let frame = try plain.quantize(p)
    let t = try #require(frame.transparentIndex)
    #expect(frame.indices[2] == UInt8(t) && frame.indices[3] == UInt8(t))
    #expect(frame.indices[1] != UInt8(t))
    var matted = GIFQuantizer(matte: GIFColor(red: 255, green: 255, blue: 255))
    let m = try matted.quantize(p)
    let k = Int(m.indices[1])
    // Black at alpha 192 over white: 255·63/255 = 63.
    #expect(Array(m.palette[3 * k..<3 * k + 3]) == [63, 63, 63])
  }

  /// A frame with more colors than a palette holds goes through libimagequant.
  @Test func aRichFrameIsQuantizedToAtMost256Colors() throws {
    var p = Pixmap(width: 64, height: 64)
    for y in 0..<64 {
      for x in 0..<64 {
        let i = (y * 64 + x) * 4
        p.bytes.replaceSubrange(i..<i + 4, with: [UInt8(x * 4), UInt8(y * 4), UInt8((x + y) * 2), 255])
      }
    }
    var quantizer = GIFQuantizer()
    let frame = try quantizer.quantize(p)
    #expect(frame.colorCount <= 256 && frame.colorCount > 64 && frame.transparentIndex == nil)
    var error = 0
    for i in 0..<(64 * 64) {
      let k = Int(frame.indices[i])
      for c in 0..<3 { error += abs(Int(frame.palette[3 * k + c]) - Int(p.bytes[4 * i + c])) }
    }
    #expect(Double(error) / Double(64 * 64 * 3) < 4)
  }

  @Test func theBytesDoNotDependOnTheNumberOfThreads() throws {
    let scene = try SceneFile.load(example("stack-insert.json"), overrides: SceneOverrides(duration: 0.6))
    try withTemporaryDirectory { dir in
      try GIFRenderer.render(scene, to: "\(dir)/a.gif", jobs: 1)
      try GIFRenderer.render(scene, to: "\(dir)/b.gif", jobs: 4)
      let a = FileManager.default.contents(atPath: "\(dir)/a.gif")
      #expect(a != nil && a == FileManager.default.contents(atPath: "\(dir)/b.gif"))
    }
  }

  @Test func aFailedWriteLeavesTheTargetAsItWas() throws {
    try withTemporaryDirectory { dir in
      let target = "\(dir)/keep.gif"
      _ = FileManager.default.createFile(atPath: target, contents: Data("old".utf8))
      let writer = try GIFWriter(path: target, width: 4, height: 4, transparent: false)
      let frame = GIFIndexedFrame(
        width: 4, height: 4, palette: [0, 0, 0, 255, 255, 255], indices: Array(repeating: 1, count: 16),
        transparentIndex: nil)
      try writer.add(frame, delay: 4)
      writer.abandon()
      #expect(FileManager.default.contents(atPath: target) == Data("old".utf8))
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["keep.gif"])
      // A transparent frame in an opaque GIF is refused, not written wrongly.
      let opaque = try GIFWriter(path: target, width: 4, height: 4, transparent: false)
      var clear = frame
      clear.transparentIndex = 0
      #expect(throws: GIFError.self) { try opaque.add(clear, delay: 4) }
    }
  }

  @Test func aFolderOrAMissingFolderIsAClearError() throws {
    withTemporaryDirectory { dir in
      #expect {
        try GIFWriter(path: dir, width: 2, height: 2, transparent: false)
      } throws: { "\($0)".contains("it is a folder") }
      #expect {
        try GIFWriter(path: "\(dir)/missing/out.gif", width: 2, height: 2, transparent: false)
      } throws: { "\($0)".contains("does not exist") }
    }
  }
}
