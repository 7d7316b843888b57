import FlipbookImage

/// Encodes premultiplied pixmaps as PNG bytes, fast: a deflate specialised for PNG rows, or a
/// deflate library called directly, with settings chosen by measurement (``PNGSettings/fast``:
/// Flipbook's own deflate with a per-row Sub or Up filter).
///
/// The PNG container (signature, IHDR, IDAT, IEND) is written here and deflate runs as a raw
/// stream: libpng's writer copied every row once more, could only use zlib, and zlib's scalar
/// Adler-32 took another 4–5 ms per 1080p frame. Rows are packed, filtered and checksummed
/// into strips that deflate compresses while they are still in the cache (libdeflate takes
/// the whole image in one call). No time or text chunks are written: the same pixels and the
/// default settings always give the same bytes, whatever thread, run, process or CPU encodes
/// them (see ``PNGSettings``).
///
/// PNG's 8-bit formats are *straight* alpha, so every pixel is un-premultiplied first:
///
///     straight = min(255, (c · 255 + a / 2) / a)   for 0 < a < 255 (integer division)
///     straight = c                                  for a = 255
///     r = g = b = 0                                 for a = 0
///
/// That is `c · 255 / a` rounded half up, the inverse of ``PNGDecoder``'s
/// `round(s · a / 255)`, so decoding an encoded premultiplied pixmap gives back the very
/// same bytes. A fully opaque pixmap is written as RGB (colour type 2) and one with any
/// transparency as RGBA (colour type 6).
///
/// An instance keeps its zlib stream and buffers between calls, so a worker that encodes many
/// frames of one size allocates only once; use one instance per thread.
/// ``encode(_:)-swift.type.method`` is the one-shot convenience.
public struct PNGEncoder {
  private var storage: PNGWriterStorage

  /// An encoder with ``PNGSettings/fast``; buffers grow on first use and are then reused.
  public init() { storage = PNGWriterStorage(settings: .fast) }

  /// An encoder with explicit compressor and filter settings (for measuring them).
  public init(settings: PNGSettings) { storage = PNGWriterStorage(settings: settings) }

  /// The settings this encoder writes with.
  public var settings: PNGSettings { storage.settings }

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
    guard pixmap.width > 0, pixmap.height > 0 else {
      throw PNGError(
        .encode, message: "a PNG needs at least 1×1 pixels, got \(pixmap.width)×\(pixmap.height)")
    }
    guard pixmap.width <= Int(Int32.max) / 4, pixmap.height <= Int(Int32.max) else {
      throw PNGError(.encode, message: "\(pixmap.width)×\(pixmap.height) is too large for PNG")
    }
    if !isKnownUniquelyReferenced(&storage) {
      storage = PNGWriterStorage(settings: storage.settings)
    }
    let storage = self.storage
    try pixmap.bytes.withUnsafeBytes { source in
      // Try RGB first: the pass stops at the first strip with a pixel that is not opaque.
      if try !storage.encode(source.baseAddress!, width: pixmap.width, height: pixmap.height, channels: 3) {
        _ = try storage.encode(source.baseAddress!, width: pixmap.width, height: pixmap.height, channels: 4)
      }
    }
    return try body(UnsafeRawBufferPointer(start: storage.output, count: storage.outputCount))
  }

  /// Lends the PNG bytes of the last successful ``withEncodedBytes(of:_:)`` call to `body` again.
  ///
  /// For a caller that writes the same picture twice (a still frame of a sequence) without
  /// copying or encoding it again: the bytes stay in this encoder's scratch space until the next
  /// encoding. Undefined after an encoding that threw, and before the first.
  package func withLastEncodedBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try body(UnsafeRawBufferPointer(start: storage.output, count: storage.outputCount))
  }

  /// The straight value of premultiplied channel `c` at alpha `alpha`: `c·255/a` rounded half up.
  ///
  /// Values with `c > a` (not valid premultiplied colour) clamp to 255; `alpha` 0 gives 0.
  /// The image layer's rule (``PremulColor/straightChannel(_:alpha:)``), which GIF uses too.
  @inline(__always)
  public static func straightChannel(_ c: UInt8, alpha: UInt8) -> UInt8 {
    PremulColor.straightChannel(c, alpha: alpha)
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
