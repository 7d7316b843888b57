import CLibPNG
import FlipbookImage

/// Decodes PNG files into premultiplied pixmaps, for golden tests and round-trip checks.
///
/// libpng's simplified read API converts any PNG (palette, grey, 16-bit, …) to 8-bit
/// straight RGBA and reports errors by return value, so no `setjmp` is needed. Colour is then
/// premultiplied with `round(s · a / 255)` (computed exactly as `(s · a + 127) / 255`, which
/// never ties because 255 is odd). For every valid premultiplied value `c ≤ a`,
/// ``PNGEncoder``'s `round(c · 255 / a)` followed by this rule gives `c` back, so
/// encode → decode is the identity on our own pixmaps.
public enum PNGDecoder {
  /// The largest image decoded, in pixels (1 GiB of RGBA8), so a corrupt header cannot
  /// make us allocate terabytes.
  public static let maximumPixelCount = 1 << 28

  /// Reads and decodes the PNG file at `path`.
  public static func decode(file path: String) throws -> Pixmap {
    var image = png_image.fresh()
    guard png_image_begin_read_from_file(&image, path) != 0 else {
      throw PNGError(.read, path: path, message: image.messageText)
    }
    return try finish(&image, path: path)
  }

  /// Decodes a PNG file held in memory (read from `path`, when given, for messages), refusing
  /// one of more than `maxPixels` pixels before anything is allocated for it.
  public static func decode(_ bytes: [UInt8], path: String? = nil, maxPixels: Int = maximumPixelCount) throws -> Pixmap
  {
    try bytes.withUnsafeBytes { raw in
      var image = png_image.fresh()
      guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
        throw PNGError(.decode, path: path, message: image.messageText)
      }
      // The memory must stay valid until `finish_read`, hence inside this closure.
      return try finish(&image, path: path, maxPixels: maxPixels)
    }
  }

  /// Reads the pixels of an image whose header libpng has already parsed.
  private static func finish(
    _ image: inout png_image, path: String?, maxPixels: Int = maximumPixelCount
  ) throws -> Pixmap {
    let width = Int(image.width)
    let height = Int(image.height)
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, pixels <= maxPixels else {
      png_image_free(&image)
      throw PNGError(
        .decode, path: path,
        message: "\(width)×\(height) is more than the limit of \(maxPixels) pixels")
    }
    image.format = CLIBPNG_FORMAT_RGBA
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    let ok = bytes.withUnsafeMutableBytes { buffer in
      png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil)
    }
    guard ok != 0 else {
      // finish_read releases libpng's state itself on failure.
      throw PNGError(.decode, path: path, message: image.messageText)
    }
    bytes.withUnsafeMutableBufferPointer(premultiply)
    return Pixmap(width: width, height: height, bytes: bytes)
  }

  /// Premultiplies straight RGBA8 in place with `round(s · a / 255)`.
  static func premultiply(_ pixels: inout UnsafeMutableBufferPointer<UInt8>) {
    var i = 0
    while i + 3 < pixels.count {
      let a = pixels[i + 3]
      if a != 255 {
        pixels[i] = premultipliedChannel(pixels[i], alpha: a)
        pixels[i + 1] = premultipliedChannel(pixels[i + 1], alpha: a)
        pixels[i + 2] = premultipliedChannel(pixels[i + 2], alpha: a)
      }
      i &+= 4
    }
  }

  /// Straight channel `s` at alpha `alpha`, premultiplied: `round(s · a / 255)`.
  @inline(__always)
  public static func premultipliedChannel(_ s: UInt8, alpha: UInt8) -> UInt8 {
    UInt8((UInt32(s) &* UInt32(alpha) &+ 127) / 255)
  }
}
