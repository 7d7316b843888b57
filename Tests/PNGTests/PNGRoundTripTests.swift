import FlipbookPNG
import FlipbookImage
import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

/// A random valid premultiplied pixmap (every channel ≤ alpha), rich in the edge alphas.
func randomPixmap(width: Int, height: Int, seed: UInt64, opaque: Bool = false) -> Pixmap {
  var rng = SeededRandomNumberGenerator(seed: seed)
  var bytes = [UInt8](repeating: 0, count: width * height * 4)
  let edgeAlphas: [UInt8] = [0, 1, 2, 127, 128, 254, 255]
  for i in stride(from: 0, to: bytes.count, by: 4) {
    let a: UInt8 =
      opaque
      ? 255
      : (Bool.random(using: &rng)
        ? edgeAlphas.randomElement(using: &rng)! : .random(in: 0...255, using: &rng))
    bytes[i] = .random(in: 0...a, using: &rng)
    bytes[i + 1] = .random(in: 0...a, using: &rng)
    bytes[i + 2] = .random(in: 0...a, using: &rng)
    bytes[i + 3] = a
  }
  return Pixmap(width: width, height: height, bytes: bytes)
}

/// The IHDR colour type byte: 8 signature + 4 length + 4 "IHDR" + 8 size + 1 bit depth.
func colorType(_ png: [UInt8]) -> UInt8 { png[25] }

@Suite("PNG encode and decode")
struct PNGRoundTripTests {
  @Test("un-premultiply then premultiply gives back every valid premultiplied value")
  func roundingRulesAreInverse() {
    for a in 0...255 {
      for c in 0...a {
        let straight = PNGEncoder.straightChannel(UInt8(c), alpha: UInt8(a))
        let back = PNGDecoder.premultipliedChannel(straight, alpha: UInt8(a))
        #expect(back == (a == 0 ? 0 : UInt8(c)), "c \(c) a \(a)")
      }
    }
  }

  @Test(
    "straight channel rounds c·255/a half up",
    arguments: [
      (UInt8(1), UInt8(2), UInt8(128)), (0, 0, 0), (5, 0, 0), (1, 254, 1), (254, 254, 255),
      (100, 255, 100), (200, 100, 255),
    ])
  func straightChannelRounding(c: UInt8, a: UInt8, expected: UInt8) {
    #expect(PNGEncoder.straightChannel(c, alpha: a) == expected)
  }

  @Test(
    "random premultiplied pixmaps survive encode → decode exactly",
    arguments: [
      (1, 1, UInt64(1)), (7, 5, 2), (64, 33, 3), (300, 2, 4),
    ])
  func randomRoundTrip(width: Int, height: Int, seed: UInt64) throws {
    let pixmap = randomPixmap(width: width, height: height, seed: seed)
    let png = try PNGEncoder.encode(pixmap)
    #expect(try PNGDecoder.decode(png) == pixmap)
  }

  @Test("transparent pixels decode as all zero")
  func transparentPixels() throws {
    let pixmap = Pixmap(width: 3, height: 2)
    let png = try PNGEncoder.encode(pixmap)
    #expect(colorType(png) == 6)
    #expect(try PNGDecoder.decode(png) == pixmap)
  }

  @Test("opaque pixmaps are written as RGB, others as RGBA")
  func colorTypes() throws {
    let opaque = randomPixmap(width: 20, height: 10, seed: 9, opaque: true)
    let opaquePNG = try PNGEncoder.encode(opaque)
    #expect(opaquePNG[24] == 8)  // bit depth
    #expect(colorType(opaquePNG) == 2)
    #expect(try PNGDecoder.decode(opaquePNG) == opaque)

    var almost = opaque
    almost.bytes[almost.bytes.count - 1] = 254
    let almostPNG = try PNGEncoder.encode(almost)
    #expect(colorType(almostPNG) == 6)
    #expect(try PNGDecoder.decode(almostPNG) == almost)
  }

  @Test("the same pixels always give the same bytes, with fresh or reused encoders")
  func determinism() throws {
    let a = randomPixmap(width: 40, height: 30, seed: 11)
    let b = randomPixmap(width: 13, height: 70, seed: 12, opaque: true)
    let first = try PNGEncoder.encode(a)
    #expect(try PNGEncoder.encode(a) == first)
    var encoder = PNGEncoder()
    _ = try encoder.encode(b)  // different size and channel count in between
    #expect(try encoder.encode(a) == first)
    #expect(try encoder.encode(b) == PNGEncoder.encode(b))
    let lent = try encoder.withEncodedBytes(of: a) { [UInt8]($0) }
    #expect(lent == first)
  }

  @Test("garbage, empty and truncated input throw a PNGError with libpng's message")
  func garbage() throws {
    let garbage = Array("definitely not a PNG file".utf8)
    let error = #expect(throws: PNGError.self) { try PNGDecoder.decode(garbage) }
    #expect(error?.message.isEmpty == false)
    #expect(error?.description.hasPrefix("cannot decode PNG: ") == true)

    #expect(throws: PNGError.self) { try PNGDecoder.decode([]) }

    let png = try PNGEncoder.encode(randomPixmap(width: 50, height: 50, seed: 5))
    #expect(throws: PNGError.self) { try PNGDecoder.decode(Array(png.prefix(png.count / 2))) }
  }

  @Test("a missing file names its path")
  func missingFile() {
    let path = "/nonexistent-flipbook-dir/frame_0000.png"
    let error = #expect(throws: PNGError.self) { try PNGDecoder.decode(file: path) }
    #expect(error?.path == path)
    #expect(error?.description.contains(path) == true)
  }

  @Test("an empty pixmap cannot be encoded")
  func emptyPixmap() {
    #expect(throws: PNGError.self) { try PNGEncoder.encode(Pixmap(width: 0, height: 0)) }
  }

  @Test("write(toFile:) writes the encoded bytes; a bad path names itself")
  func writeFile() throws {
    let pixmap = randomPixmap(width: 9, height: 4, seed: 21)
    try withTemporaryDirectory { dir in
      let path = "\(dir)/frame.png"
      try PNGEncoder.write(pixmap, toFile: path)
      #expect(try PNGDecoder.decode(file: path) == pixmap)
      #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == PNGEncoder.encode(pixmap))
    }

    let bad = "/nonexistent-flipbook-dir/x.png"
    let error = #expect(throws: PNGError.self) { try PNGEncoder.write(pixmap, toFile: bad) }
    #expect(error?.description == "cannot write '\(bad)': No such file or directory")
  }
}
