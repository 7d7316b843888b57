import FlipbookPNG
import FlipbookImage
import FlipbookRaster
import Testing

@Suite("PNG writer: settings, chunks and checksums")
struct PNGWriterTests {
  static let allSettings: [PNGSettings] = PNGSettings.Filter.allCases.flatMap { filter in
    [PNGSettings(.flipbook, level: 1, filter: filter)]
      + [0, 1, 6, 12].map { PNGSettings(.libdeflate, level: $0, filter: filter) }
      + (0...3).map { PNGSettings(.igzip, level: $0, filter: filter) }
      + PNGSettings.Strategy.allCases.flatMap { strategy in
        [0, 1, 6, 9].map { PNGSettings(.zlib, level: $0, strategy: strategy, filter: filter) }
      }
  }

  @Test("every setting round-trips opaque and transparent pixmaps exactly", arguments: allSettings)
  func settingsRoundTrip(settings: PNGSettings) throws {
    var encoder = PNGEncoder(settings: settings)
    #expect(encoder.settings == settings)
    // 85×1 RGB and 64×1 RGBA are 256 and 257 filtered bytes, either side of the stored block
    // igzip's streams start with.
    let sizes = [(1, 1, true), (5, 3, false), (85, 1, true), (64, 1, false), (33, 17, true), (130, 90, false)]
    for (w, h, opaque) in sizes {
      let pixmap = randomPixmap(width: w, height: h, seed: UInt64(w * h), opaque: opaque)
      let png = try encoder.encode(pixmap)
      #expect(colorType(png) == (opaque ? 2 : 6))
      #expect(try PNGDecoder.decode(png) == pixmap)
    }
  }

  @Test(
    "large noisy images span several strips and IDAT chunks and still decode exactly",
    arguments: [
      PNGSettings.fast, PNGSettings(.igzip, level: 1), PNGSettings(.igzip, level: 2), PNGSettings(.zlib, level: 1),
    ])
  func manyChunks(settings: PNGSettings) throws {
    // Random opaque noise hardly compresses: about 1 MB of deflate data, four 256 KiB chunks.
    let pixmap = randomPixmap(width: 700, height: 500, seed: 99, opaque: true)
    var encoder = PNGEncoder(settings: settings)
    let png = try encoder.encode(pixmap)
    #expect(chunkTypes(png).filter { $0 == "IDAT" }.count >= 4)
    #expect(chunkTypes(png) == ["IHDR"] + Array(repeating: "IDAT", count: chunkTypes(png).count - 2) + ["IEND"])
    #expect(try PNGDecoder.decode(png) == pixmap)
  }

  @Test("a pixel that is not opaque in the last row switches the whole image to RGBA")
  func lateTransparency() throws {
    var pixmap = randomPixmap(width: 64, height: 300, seed: 3, opaque: true)
    pixmap.bytes[pixmap.bytes.count - 1] = 200
    pixmap.bytes[pixmap.bytes.count - 2] = 0
    let png = try PNGEncoder.encode(pixmap)
    #expect(colorType(png) == 6)
    #expect(try PNGDecoder.decode(png) == pixmap)
  }

  /// The chunk types of a PNG file in order.
  func chunkTypes(_ png: [UInt8]) -> [String] {
    var types: [String] = []
    var i = 8
    while i + 8 <= png.count {
      let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
      types.append(String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self))
      i += 12 + length
    }
    return types
  }
}
