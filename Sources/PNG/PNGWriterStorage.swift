import CIsal

/// The deflate stream and buffers of one ``PNGEncoder``, reused from image to image.
///
/// An image is written in one pass over its rows, in strips of about the stream's
/// `stripBytes`: each row is packed as RGB (or un-premultiplied) and filtered into the strip
/// by one CPNGKernels call, then the strip is checksummed (unless the stream does that
/// itself) and handed to deflate while it is still in the cache. A stream
/// that compresses whole images (libdeflate) gets one strip of all rows instead,
/// so memory is then about twice the filtered image (6 MB for an opaque 1080p frame, plus
/// libdeflate's output bound) per encoder; with the others it is a few hundred KiB. Deflate
/// output collects in a fixed buffer that becomes one IDAT chunk whenever it fills.
final class PNGWriterStorage {
  let settings: PNGSettings
  private var stream: (any DeflateStream)?
  /// The PNG file being built.
  private(set) var output: UnsafeMutableRawPointer
  private(set) var outputCount = 0
  private var outputCapacity = 0
  /// Filtered rows for deflate: one filter-type byte, then the row, per line.
  private var strip: UnsafeMutableRawPointer
  private var stripCapacity = 0
  /// The converted current and previous rows (for Sub and Up).
  private var rowA: UnsafeMutableRawPointer, rowB: UnsafeMutableRawPointer
  private var rowCapacity = 0
  /// zlib stream bytes not yet written as an IDAT chunk.
  private let zbuf: UnsafeMutableRawPointer

  /// Bytes of one IDAT chunk's data (the last one is shorter).
  static let idatBytes = 256 * 1024
  /// Row kernels store whole vectors past a row's end.
  static let slack = 32

  init(settings: PNGSettings) {
    self.settings = settings
    output = .allocate(byteCount: 1, alignment: 16)
    strip = .allocate(byteCount: 1, alignment: 16)
    rowA = .allocate(byteCount: 1, alignment: 16)
    rowB = .allocate(byteCount: 1, alignment: 16)
    zbuf = .allocate(byteCount: Self.idatBytes, alignment: 16)
  }

  deinit {
    output.deallocate(); strip.deallocate(); rowA.deallocate(); rowB.deallocate(); zbuf.deallocate()
  }

  private static func grow(_ p: inout UnsafeMutableRawPointer, _ capacity: inout Int, to n: Int) {
    guard n > capacity else { return }
    p.deallocate()
    p = .allocate(byteCount: n, alignment: 16)
    p.initializeMemory(as: UInt8.self, repeating: 0, count: n)
    capacity = n
  }

  /// Makes room for `n` more output bytes, keeping what was written.
  private func reserveOutput(_ n: Int) {
    let needed = outputCount &+ n
    guard needed > outputCapacity else { return }
    let capacity = max(needed, outputCapacity &* 2, 4096)
    let p = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    p.copyMemory(from: output, byteCount: outputCount)
    output.deallocate()
    output = p
    outputCapacity = capacity
  }

  private func appendBigEndian(_ v: UInt32) {
    reserveOutput(4)
    output.storeBytes(of: v.bigEndian, toByteOffset: outputCount, as: UInt32.self)
    outputCount &+= 4
  }

  /// Appends one chunk: length, type, data, CRC-32 of type and data.
  private func appendChunk(_ type: StaticString, _ data: UnsafeRawPointer?, _ count: Int) {
    reserveOutput(count &+ 12)
    appendBigEndian(UInt32(count))
    let typeStart = output + outputCount
    typeStart.copyMemory(from: type.utf8Start, byteCount: 4)
    if let data, count > 0 { (typeStart + 4).copyMemory(from: data, byteCount: count) }
    outputCount &+= 4 &+ count
    // ISA-L's folding CRC-32 (the same polynomial and conventions as zlib's `crc32`, several
    // times faster on chunks of 256 KiB).
    let crc = crc32_gzip_refl(0, typeStart.assumingMemoryBound(to: UInt8.self), UInt64(4 &+ count))
    appendBigEndian(UInt32(truncatingIfNeeded: crc))
  }

  /// Writes the image as a PNG into `output`; returns false (and leaves `output` undefined)
  /// when `channels` is 3 and a pixel turns out not to be opaque.
  func encode(_ src: UnsafeRawPointer, width: Int, height: Int, channels: Int) throws(PNGError) -> Bool {
    let rowBytes = width &* channels
    let lineBytes = rowBytes &+ 1
    if stream == nil { stream = try makeDeflateStream(settings) }
    let stream = stream!
    stream.reset()
    let rowsPerStrip = stream.compressesWholeImages ? height : max(1, stream.stripBytes / lineBytes)
    Self.grow(&strip, &stripCapacity, to: rowsPerStrip &* lineBytes &+ Self.slack)
    if rowBytes &+ Self.slack > rowCapacity {
      var capacityB = rowCapacity
      Self.grow(&rowA, &rowCapacity, to: rowBytes &+ Self.slack)
      Self.grow(&rowB, &capacityB, to: rowBytes &+ Self.slack)
    }

    outputCount = 0
    reserveOutput(8)
    output.storeBytes(of: UInt64(0x0A1A_0A0D_474E_5089), toByteOffset: 0, as: UInt64.self)
    outputCount = 8
    var header: (UInt32, UInt32, UInt8, UInt8, UInt8, UInt8, UInt8) = (
      UInt32(width).bigEndian, UInt32(height).bigEndian, 8, channels == 3 ? 2 : 6, 0, 0, 0
    )
    withUnsafeBytes(of: &header) { appendChunk("IHDR", $0.baseAddress, 13) }

    // The zlib header (RFC 1950): deflate, 32 KiB window, FLEVEL from the level.
    let flags: UInt8
    switch settings.level {
    case 0...1: flags = 0x01
    case 2...5: flags = 0x5E
    case 6: flags = 0x9C
    default: flags = 0xDA
    }
    zbuf.storeBytes(of: 0x78, as: UInt8.self)
    zbuf.storeBytes(of: flags, toByteOffset: 1, as: UInt8.self)
    var used = 2
    let drain: (Int) -> Void = { [self] n in appendChunk("IDAT", zbuf, n) }

    var adler: UInt32 = 1
    var cur = rowA, prev = rowB
    let filter = settings.filter, portable = settings.portableKernels
    let rowStride = width &* 4
    var y = 0
    while y < height {
      let n = min(rowsPerStrip, height &- y)
      var line = strip
      for r in 0..<n {
        let row = y &+ r
        let source = src + row &* rowStride
        if channels == 3 {
          let above = row == 0 ? nil : source - rowStride
          let alpha = PNGRowKernels.filterRow(
            source, above: above, pixels: width, rgb: true, filter: filter, into: line, portable: portable)
          if alpha != 255 { return false }
        } else {
          // Straight colour is filtered: rows are un-premultiplied in turn into two buffers.
          PNGRowKernels.unpremultiply(source, cur, pixels: width)
          _ = PNGRowKernels.filterRow(
            cur, above: row == 0 ? nil : UnsafeRawPointer(prev), pixels: width, rgb: false, filter: filter,
            into: line, portable: portable)
          swap(&cur, &prev)
        }
        line += lineBytes
      }
      let count = n &* lineBytes
      if stream.adler32 == nil {
        adler = isal_adler32(adler, strip.assumingMemoryBound(to: UInt8.self), UInt64(count))
      }
      y &+= n
      used = try stream.compress(
        strip, count: count, finish: y == height, into: zbuf, used: used, capacity: Self.idatBytes,
        drain: drain)
    }
    adler = stream.adler32 ?? adler
    if Self.idatBytes &- used < 4 {
      drain(used)
      used = 0
    }
    zbuf.storeBytes(of: adler.bigEndian, toByteOffset: used, as: UInt32.self)
    drain(used &+ 4)
    appendChunk("IEND", nil, 0)
    return true
  }
}
