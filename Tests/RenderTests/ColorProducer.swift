import FlipbookImage
import FlipbookRender

/// Fills each frame with one colour derived from its index (and a seed, so two "runs" differ);
/// optionally misbehaves on one frame.
struct ColorProducer: FrameProducer {
  enum Failure: Error { case boom(Int) }

  var width = 6
  var height = 4
  var seed = 0
  /// Throw on this frame.
  var throwOn: Int? = nil
  /// Run this on this frame, before drawing it (to sabotage the write from inside).
  var hook: (@Sendable (Int) -> Void)? = nil

  /// The pixmap this producer draws for `index`, for comparisons.
  func expected(_ index: Int) -> Pixmap {
    var pixmap = Pixmap(width: 0, height: 0)
    var copy = self
    copy.throwOn = nil
    copy.hook = nil
    try? copy.renderFrame(index, into: &pixmap)
    return pixmap
  }

  mutating func renderFrame(_ index: Int, into pixmap: inout Pixmap) throws {
    hook?(index)
    if index == throwOn { throw Failure.boom(index) }
    if pixmap.width != width || pixmap.height != height {
      pixmap = Pixmap(width: width, height: height)
    }
    let v = index &* 37 &+ seed &* 101
    let a = UInt8(truncatingIfNeeded: 128 + v % 128)  // some frames opaque, most not
    // Premultiplied: no channel above alpha (the remainder in Int, so that a = 255 works).
    func channel(_ x: Int) -> UInt8 { UInt8((x & 255) % (Int(a) + 1)) }
    let color: [UInt8] = [channel(v), channel(v / 3), channel(v / 7), a]
    for i in stride(from: 0, to: pixmap.bytes.count, by: 4) {
      pixmap.bytes.replaceSubrange(i..<i + 4, with: color)
    }
    // One transparent pixel in odd frames, so both PNG colour types are written.
    if index % 2 == 1 { pixmap.bytes.replaceSubrange(0..<4, with: [0, 0, 0, 0]) }
  }
}
