import CLibPNG
import FlipbookRaster

/// Encodes premultiplied pixmaps as PNG bytes with libpng's fast settings.
///
/// libpng's simplified write API (`png_image_write_to_memory`) is used because it reports
/// errors by return value instead of `longjmp`, which Swift cannot survive. Its 8-bit
/// formats are *straight* alpha, so every pixel is un-premultiplied first:
///
///     straight = min(255, (c · 255 + a / 2) / a)   for 0 < a < 255 (integer division)
///     straight = c                                  for a = 255
///     r = g = b = 0                                 for a = 0
///
/// That is `c · 255 / a` rounded half up, the inverse of ``PNGDecoder``'s
/// `round(s · a / 255)`, so decoding an encoded premultiplied pixmap gives back the very
/// same bytes. A fully opaque pixmap is written as RGB (colour type 2) and one with any
/// transparency as RGBA (colour type 6). `PNG_IMAGE_FLAG_FAST` (no filters, zlib level 3)
/// is about 4–6× faster than libpng's defaults for flat-shape frames at a similar size
/// (RASTER-NOTES.md §4.2). No time or text chunks are written: the same pixels always give
/// the same bytes, whatever thread or run encodes them.
///
/// An instance keeps its scratch buffers between calls, so a worker that encodes many frames
/// of one size allocates only once; use one instance per thread. ``encode(_:)-swift.type.method``
/// is the one-shot convenience.
public struct PNGEncoder {
  /// Un-premultiplied (or RGB-packed) pixels handed to libpng.
  private var straight: [UInt8] = []
  /// Encoded output; sized to libpng's upper bound so one pass always fits.
  private var compressed: [UInt8] = []

  /// An encoder with empty scratch buffers; they grow on first use and are then reused.
  public init() {}

  /// Encodes `pixmap` and returns a fresh array holding the PNG file's bytes.
  public static func encode(_ pixmap: Pixmap) throws -> [UInt8] {
    var encoder = PNGEncoder()
    return try encoder.encode(pixmap)
  }

  /// Encodes `pixmap` and returns the PNG file's bytes, reusing this encoder's scratch space.
  public mutating func encode(_ pixmap: Pixmap) throws -> [UInt8] {
    try withEncodedBytes(of: pixmap) { [UInt8]($0) }
  }

  /// Encodes `pixmap` and lends the PNG bytes to `body` without copying them.
  ///
  /// The buffer is valid only during `body`: it is this encoder's scratch space.
  public mutating func withEncodedBytes<R>(
    of pixmap: Pixmap, _ body: (UnsafeRawBufferPointer) throws -> R
  ) throws -> R {
    let opaque = pixmap.isOpaque
    let channels = opaque ? 3 : 4
    let pixelCount = pixmap.width * pixmap.height
    guard pixmap.width > 0, pixmap.height > 0 else {
      throw PNGError(
        .encode, message: "a PNG needs at least 1×1 pixels, got \(pixmap.width)×\(pixmap.height)")
    }
    guard pixmap.width * channels <= Int(Int32.max), pixmap.height <= Int(UInt32.max) else {
      throw PNGError(.encode, message: "\(pixmap.width)×\(pixmap.height) is too large for PNG")
    }

    if straight.count < pixelCount * channels {
      straight = [UInt8](repeating: 0, count: pixelCount * channels)
    }
    pixmap.bytes.withUnsafeBufferPointer { source in
      straight.withUnsafeMutableBufferPointer { target in
        if opaque {
          Self.packRGB(source, into: target)
        } else {
          Self.unpremultiply(source, into: target)
        }
      }
    }

    var image = png_image.fresh()
    image.width = png_uint_32(pixmap.width)
    image.height = png_uint_32(pixmap.height)
    image.format = opaque ? CLIBPNG_FORMAT_RGB : CLIBPNG_FORMAT_RGBA
    image.flags = CLIBPNG_IMAGE_FLAG_FAST
    let rowStride = png_int_32(pixmap.width * channels)

    var capacity = Int(clibpng_png_size_max(&image))
    // libpng's bound covers zlib's worst case; the retry only guards against a zlib
    // build whose bound is larger (png.h: "return a corrected size which should work").
    for _ in 0..<2 {
      if compressed.count < capacity {
        compressed = [UInt8](repeating: 0, count: capacity)
      }
      var size = png_alloc_size_t(compressed.count)
      let ok = straight.withUnsafeBufferPointer { input in
        compressed.withUnsafeMutableBytes { output in
          png_image_write_to_memory(
            &image, output.baseAddress, &size, 0, input.baseAddress, rowStride, nil)
        }
      }
      if ok != 0 {
        return try compressed.withUnsafeBytes {
          try body(UnsafeRawBufferPointer(rebasing: $0[..<Int(size)]))
        }
      }
      png_image_free(&image)
      guard Int(size) > compressed.count else {
        throw PNGError(.encode, message: image.messageText)
      }
      capacity = Int(size)
    }
    throw PNGError(.encode, message: "libpng asked for a larger output buffer twice")
  }

  /// Copies premultiplied RGBA8 to straight RGBA8 with the rounding rule documented above.
  static func unpremultiply(
    _ source: UnsafeBufferPointer<UInt8>, into target: UnsafeMutableBufferPointer<UInt8>
  ) {
    precondition(target.count >= source.count)
    var i = 0
    while i + 3 < source.count {
      let a = source[i + 3]
      switch a {
      case 255:
        target[i] = source[i]
        target[i + 1] = source[i + 1]
        target[i + 2] = source[i + 2]
      case 0:
        target[i] = 0
        target[i + 1] = 0
        target[i + 2] = 0
      default:
        target[i] = straightChannel(source[i], alpha: a)
        target[i + 1] = straightChannel(source[i + 1], alpha: a)
        target[i + 2] = straightChannel(source[i + 2], alpha: a)
      }
      target[i + 3] = a
      i &+= 4
    }
  }

  /// The straight value of premultiplied channel `c` at alpha `alpha`: `c·255/a` rounded half up.
  ///
  /// Values with `c > a` (not valid premultiplied colour) clamp to 255; `alpha` 0 gives 0.
  @inline(__always)
  public static func straightChannel(_ c: UInt8, alpha: UInt8) -> UInt8 {
    guard alpha != 0 else { return 0 }
    let a = UInt32(alpha)
    return UInt8(min(255, (UInt32(c) &* 255 &+ a / 2) / a))
  }

  /// Drops the alpha byte of opaque RGBA8 pixels (for them premultiplied equals straight).
  static func packRGB(
    _ source: UnsafeBufferPointer<UInt8>, into target: UnsafeMutableBufferPointer<UInt8>
  ) {
    precondition(target.count >= source.count / 4 * 3)
    var i = 0
    var o = 0
    while i + 3 < source.count {
      target[o] = source[i]
      target[o + 1] = source[i + 1]
      target[o + 2] = source[i + 2]
      i &+= 4
      o &+= 3
    }
  }
}

extension PNGEncoder {
  /// Encodes `pixmap` and writes it to `path` (created or truncated; symlinks followed).
  ///
  /// The frame-sequence writer does its own, stricter file handling; this is for tools,
  /// tests and single images.
  public mutating func write(_ pixmap: Pixmap, toFile path: String) throws {
    try withEncodedBytes(of: pixmap) { bytes in
      let error = POSIXFile.write(bytes, toPath: path, exclusive: false)
      if error != 0 {
        throw PNGError(.write, path: path, message: POSIXFile.describe(error))
      }
    }
  }

  /// Encodes `pixmap` and writes it to `path` with a temporary encoder.
  public static func write(_ pixmap: Pixmap, toFile path: String) throws {
    var encoder = PNGEncoder()
    try encoder.write(pixmap, toFile: path)
  }
}
