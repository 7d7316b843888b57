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
  /// without a dictionary was address-dependent: compressed from 40 stream addresses each,
  /// these 6 of its 252 frames each came out other for one address (2026-11-23).
  static let frames = [12, 25, 35, 56, 68, 111]

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
  ///
  /// Run for the default (Flipbook's deflate, adaptive filter; and its portable loops) and
  /// for igzip at levels 1 and 2, which failed before its streams were given their first
  /// bytes as a dictionary (see `IgzipStream`).
  @Test(arguments: [
    PNGSettings.fast, FlipbookDeflateTests.portable, PNGSettings(.flipbook, level: 1, filter: .sub),
    PNGSettings(.igzip, level: 1), PNGSettings(.igzip, level: 2),
  ])
  func encodersAtDifferentAddressesWriteTheSameBytes(settings: PNGSettings) throws {
    let pixmaps = try Self.pixmaps()
    #expect(pixmaps.allSatisfy { $0.width == 1200 && $0.height == 900 })
    var first = PNGEncoder(settings: settings)
    let reference = try pixmaps.map { try first.encode($0) }
    for (i, p) in pixmaps.enumerated() { #expect(try PNGDecoder.decode(reference[i]) == p) }
    var spacers: [[UInt8]] = []
    var differing: [String] = []
    for k in 1..<60 {
      spacers.append([UInt8](repeating: UInt8(k), count: 90_000))
      var encoder = PNGEncoder(settings: settings)
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
      var oneShot = PNGEncoder(settings: settings)
      #expect(try oneShot.encode(p) == reference[i], "frame \(Self.frames[i]) with a fresh encoder")
    }
    #expect(spacers.count == 59)
  }
}
