import FlipbookImage
import FlipbookPNG
import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

/// The same pixels give the same PNG bytes whichever encoder instance, buffers or earlier
/// images were involved (issue 20): frames are hashed for caches and goldens.
@Suite("PNG writer: bytes depend only on the pixels")
struct PNGDeterminismTests {
  /// Frames of the lore circle at 3× (1200×900) on which igzip level 1 (ISA-L 2.30, AVX-512)
  /// was most often address-dependent: each wrote other bytes for 2–4 % of stream addresses.
  static let frames = [14, 65, 159, 208, 219, 234]

  static func pixmaps() throws -> [Pixmap] {
    var text = try String(contentsOfFile: example("lore-circle.json"), encoding: .utf8)
    let scale = try #require(text.range(of: "\"scale\": 1,"))
    text.replaceSubrange(scale, with: "\"scale\": 3,")
    let scene = try compile(text, file: "lore-circle-3x.json")
    var rasterizer = Rasterizer()
    return frames.map { f in
      var pixmap = Pixmap(width: 0, height: 0)
      rasterizer.render(scene.displayList(frame: f), into: &pixmap)
      return pixmap
    }
  }

  /// Sixty encoders, one after another, each encoding every frame: a 90 KB allocation kept
  /// between them moves each one's deflate state and scratch buffers to other addresses.
  /// (With igzip level 1 this failed in about two runs of three: addresses repeat sometimes.)
  /// Then the first again after other images have dirtied its scratch memory, from a copy of
  /// the pixels in another buffer, and a one-shot encoder.
  @Test func encodersAtDifferentAddressesWriteTheSameBytes() throws {
    let pixmaps = try Self.pixmaps()
    #expect(pixmaps.allSatisfy { $0.width == 1200 && $0.height == 900 })
    var first = PNGEncoder()
    let reference = try pixmaps.map { try first.encode($0) }
    for (i, p) in pixmaps.enumerated() { #expect(try PNGDecoder.decode(reference[i]) == p) }
    var spacers: [[UInt8]] = []
    var differing: [String] = []
    for k in 1..<60 {
      spacers.append([UInt8](repeating: UInt8(k), count: 90_000))
      var encoder = PNGEncoder()
      for (i, p) in pixmaps.enumerated() where try encoder.encode(p) != reference[i] {
        differing.append("encoder \(k), frame \(Self.frames[i])")
      }
    }
    #expect(differing.isEmpty, "other bytes from \(differing)")
    // Scratch memory dirtied by noise, a transparent image and the other frames.
    _ = try first.encode(randomPixmap(width: 700, height: 500, seed: 7, opaque: true))
    _ = try first.encode(randomPixmap(width: 1300, height: 950, seed: 8))
    for (i, p) in pixmaps.enumerated().reversed() {
      let copy = Pixmap(width: p.width, height: p.height, bytes: Array(p.bytes))
      #expect(try first.encode(copy) == reference[i], "frame \(Self.frames[i]) after other images")
      #expect(try PNGEncoder.encode(p) == reference[i], "frame \(Self.frames[i]) with a one-shot encoder")
    }
    #expect(spacers.count == 59)
  }
}
