import CZlib
import FlipbookFiles
import FlipbookImage

/// Writes an animated PNG (APNG) frame by frame with the project's own PNG encoder, into a
/// hidden temporary file beside the target that ``commit()`` renames over it.
///
/// Debian's libpng has no APNG support (the patch was dropped), so the `acTL`, `fcTL` and
/// `fdAT` chunks are written here, around the deflate streams of ``PNGEncoder``. The file is
/// 8-bit RGBA (full alpha, straight as PNG stores it) and loops forever. Every frame lasts
/// exactly `1/fps` (``FrameRate`` as `delay_num/delay_den`). The first frame is the default
/// image (`IDAT`); each later one stores only the rectangle that changed since the frame
/// before, which stays on the canvas (`APNG_DISPOSE_OP_NONE`), and is drawn:
/// - with `APNG_BLEND_OP_OVER` when every changed pixel is opaque: unchanged pixels inside
///   the rectangle are then stored transparent, which compresses better, and OVER leaves the
///   canvas under them as it was while an opaque pixel replaces what is below it;
/// - with `APNG_BLEND_OP_SOURCE` otherwise, which is always correct: the rectangle is
///   replaced whole, so a pixel that became more transparent shows as it should.
///
/// Bytes depend only on the frames and the rate, so they are the same whatever `--jobs`.
public final class APNGWriter {
  public let path: String
  public let width: Int
  public let height: Int
  public let frameCount: Int
  public let rate: FrameRate
  private var temporary: TemporaryFile?
  private var storage = PNGWriterStorage(settings: .fast)
  /// The previous frame's premultiplied pixels, for the changed rectangle.
  private var previous: [UInt32] = []
  private var sequence: UInt32 = 0
  public private(set) var framesWritten = 0
  /// Bytes written to the file so far.
  public private(set) var bytesWritten = 0

  /// Creates the temporary file and writes the signature, `IHDR` and `acTL`.
  ///
  /// `frameCount` frames must then be added (APNG states the count before the frames).
  public init(path: String, width: Int, height: Int, frameCount: Int, fps: Double) throws(PNGError) {
    guard width >= 1, height >= 1, width <= Int(Int32.max) / 4, height <= Int(Int32.max) else {
      throw PNGError(.encode, path: path, message: "an APNG needs 1…2³¹ pixels a side, not \(width)×\(height)")
    }
    guard frameCount >= 1 else { throw PNGError(.encode, path: path, message: "an APNG needs at least one frame") }
    self.path = path
    self.width = width
    self.height = height
    self.frameCount = frameCount
    self.rate = FrameRate(fps)
    do {
      temporary = try TemporaryFile.create(for: path)
    } catch {
      throw PNGError(.write, path: path, message: error.reason)
    }
    var header = ByteWriter()
    header.bytes = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    header.chunk("IHDR") {
      $0.u32(width); $0.u32(height); $0.bytes += [8, 6, 0, 0, 0]
    }
    // acTL: the number of frames, and 0 plays (loop forever).
    header.chunk("acTL") {
      $0.u32(frameCount); $0.u32(0)
    }
    try write(header.bytes)
  }

  deinit { abandon() }

  /// Appends the next frame.
  public func add(_ pixmap: Pixmap) throws(PNGError) {
    guard temporary != nil else { throw PNGError(.encode, path: path, message: "the writer is already closed") }
    guard pixmap.width == width, pixmap.height == height else {
      throw PNGError(
        .encode, path: path, message: "a \(pixmap.width)×\(pixmap.height) frame in a \(width)×\(height) APNG")
    }
    guard framesWritten < frameCount else {
      throw PNGError(.encode, path: path, message: "more than the \(frameCount) frames announced")
    }
    let pixels = pixmap.bytes.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
    var rect = (x: 0, y: 0, w: width, h: height)
    var over = false
    var stored = pixels
    if framesWritten > 0 {
      (rect, over) = changes(pixels)
      stored = crop(pixels, rect, transparentUnchanged: over)
    }
    previous = pixels
    var out = ByteWriter()
    // fcTL: sequence, size, offset, delay, dispose op NONE (0), blend op SOURCE (0) or OVER (1).
    out.chunk("fcTL") {
      $0.u32(Int(self.nextSequence())); $0.u32(rect.w); $0.u32(rect.h); $0.u32(rect.x); $0.u32(rect.y)
      $0.u16(self.rate.denominator); $0.u16(self.rate.numerator); $0.bytes += [0, over ? 1 : 0]
    }
    let png: [UInt8]
    do {
      png = try stored.withUnsafeBytes { raw throws(PNGError) in
        _ = try storage.encode(raw.baseAddress!, width: rect.w, height: rect.h, channels: 4)
        return Array(UnsafeRawBufferPointer(start: storage.output, count: storage.outputCount))
      }
    } catch {
      abandon()
      throw PNGError(.encode, path: path, message: (error as? PNGError)?.message ?? "\(error)")
    }
    // The encoder's IDAT chunks: kept as they are for the first frame, else each one's data
    // becomes an fdAT chunk's after its sequence number.
    var offset = 8
    while offset + 12 <= png.count {
      let length =
        Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
      let isData = png[offset + 4..<offset + 8].elementsEqual("IDAT".utf8)
      if isData && framesWritten == 0 {
        out.bytes += png[offset..<offset + 12 + length]
      } else if isData {
        let data = png[offset + 8..<offset + 8 + length]
        out.chunk("fdAT") {
          $0.u32(Int(self.nextSequence())); $0.bytes += data
        }
      }
      offset += 12 + length
    }
    try write(out.bytes)
    framesWritten += 1
  }

  /// Writes `IEND` and closes the temporary file; the target is replaced by ``commit()``.
  public func close() throws(PNGError) {
    guard framesWritten == frameCount else {
      abandon()
      throw PNGError(.encode, path: path, message: "\(framesWritten) of \(frameCount) frames written")
    }
    var end = ByteWriter()
    end.chunk("IEND") { _ in }
    try write(end.bytes)
  }

  /// Moves the finished file over the target.
  public func commit() throws(PNGError) {
    guard let temporary else { throw PNGError(.write, path: path, message: "the writer is already closed") }
    self.temporary = nil
    let code = temporary.commit()
    if code != 0 { throw PNGError(.write, path: path, message: POSIXFile.describe(code)) }
  }

  /// Stops and removes the temporary file; the target is left as it was.
  public func abandon() {
    temporary?.discard()
    temporary = nil
  }

  private func nextSequence() -> UInt32 {
    sequence += 1
    return sequence - 1
  }

  private func write(_ bytes: [UInt8]) throws(PNGError) {
    guard let temporary else { throw PNGError(.write, path: path, message: "the writer is already closed") }
    let code = bytes.withUnsafeBytes { temporary.write($0) }
    if code != 0 {
      abandon()
      throw PNGError(.write, path: path, message: POSIXFile.describe(code))
    }
    bytesWritten += bytes.count
  }

  /// The smallest rectangle holding every pixel that differs from the previous frame (1×1 at
  /// the origin when none does), and whether OVER can draw it: every changed pixel is opaque.
  private func changes(_ pixels: [UInt32]) -> (rect: (x: Int, y: Int, w: Int, h: Int), over: Bool) {
    var minX = width, minY = height, maxX = -1, maxY = -1
    var opaque = true
    pixels.withUnsafeBufferPointer { now in
      previous.withUnsafeBufferPointer { before in
        for y in 0..<height {
          let row = y * width
          var x = 0
          while x < width {
            let p = now[row + x]
            if p != before[row + x] {
              if p >> 24 != 255 { opaque = false }
              if x < minX { minX = x }
              if x > maxX { maxX = x }
              if y < minY { minY = y }
              maxY = y
            }
            x += 1
          }
        }
      }
    }
    // Nothing changed: one transparent pixel drawn OVER keeps the canvas and the delay.
    if maxX < 0 { return ((0, 0, 1, 1), true) }
    return ((minX, minY, maxX - minX + 1, maxY - minY + 1), opaque)
  }

  /// The pixels of `rect`; with `transparentUnchanged`, those equal to the previous frame's
  /// become transparent (for OVER).
  private func crop(
    _ pixels: [UInt32], _ rect: (x: Int, y: Int, w: Int, h: Int), transparentUnchanged: Bool
  ) -> [UInt32] {
    var out = [UInt32](repeating: 0, count: rect.w * rect.h)
    for y in 0..<rect.h {
      let source = (rect.y + y) * width + rect.x
      for x in 0..<rect.w {
        let p = pixels[source + x]
        if !transparentUnchanged || p != previous[source + x] { out[y * rect.w + x] = p }
      }
    }
    return out
  }
}

/// Big-endian fields and PNG chunks (length, type, data, CRC-32) appended to a byte array.
struct ByteWriter {
  var bytes: [UInt8] = []

  mutating func u32(_ v: Int) {
    bytes += [
      UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8),
      UInt8(truncatingIfNeeded: v),
    ]
  }

  mutating func u16(_ v: Int) { bytes += [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }

  /// Appends a chunk of type `type` whose data `body` appends.
  mutating func chunk(_ type: String, _ body: (inout ByteWriter) -> Void) {
    var data = ByteWriter()
    data.bytes = Array(type.utf8)
    body(&data)
    u32(data.bytes.count - 4)
    let crc = data.bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
    bytes += data.bytes
    u32(Int(crc))
  }
}
