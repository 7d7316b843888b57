import CWebP
import FlipbookFiles
import FlipbookImage

/// Writes an animated WebP with libwebp's `WebPAnimEncoder`, which finds each frame's changed
/// rectangle and its blending itself, then renames the file over the target (``commit()``).
///
/// Lossless by default (`quality` nil), with `exact` so that even fully transparent pixels
/// keep their color values; with a `quality` (0…100), lossy VP8 with lossless alpha. Frames
/// carry straight alpha, as the format stores it. Timestamps are whole milliseconds: frame
/// `i` starts at `round(1000 · i / fps)` ms, so durations are error-diffused (30 fps gives
/// 33, 34, 33, … ms) and the animation ends within half a millisecond of `n / fps`. It loops
/// forever, on a transparent background color.
///
/// The encoder keeps the encoded frames in memory until ``close()`` assembles the file, which
/// is written to a temporary file beside the target (``TemporaryFile``) and renamed by
/// ``commit()``; a failure leaves the target as it was.
public final class WebPAnimationWriter {
  public let path: String
  public let width: Int
  public let height: Int
  public let fps: Double
  private var encoder: OpaquePointer?
  private var config = WebPConfig()
  private var temporary: TemporaryFile?
  private var straight: [UInt8] = []
  public private(set) var framesWritten = 0
  /// The size of the finished file, once ``close()`` succeeded.
  public private(set) var bytesWritten = 0

  /// When frame `n` starts, in whole milliseconds (frame `n` of `n` frames: when the last ends).
  public static func timestamp(ofFrame n: Int, fps: Double) -> Int {
    Int((1000 * Double(n) / fps).rounded())
  }

  /// Creates the temporary file and the encoder; `quality` nil is lossless.
  public init(path: String, width: Int, height: Int, fps: Double, quality: Double? = nil) throws(WebPError) {
    guard (1...16383).contains(width), (1...16383).contains(height) else {
      throw WebPError(path: path, reason: "a WebP is 1…16383 pixels wide and high, not \(width)×\(height)")
    }
    self.path = path
    self.width = width
    self.height = height
    self.fps = fps
    do {
      temporary = try TemporaryFile.create(for: path)
    } catch {
      throw WebPError(path: path, reason: error.reason)
    }
    var options = WebPAnimEncoderOptions()
    guard WebPAnimEncoderOptionsInit(&options) != 0, WebPConfigInit(&config) != 0 else {
      abandon()
      throw WebPError(path: path, reason: "libwebp's version does not match its headers")
    }
    options.anim_params.loop_count = 0
    options.anim_params.bgcolor = 0
    if let quality {
      config.lossless = 0
      config.quality = Float(quality)
    } else {
      config.lossless = 1
      config.exact = 1
    }
    guard WebPValidateConfig(&config) != 0, let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options)
    else {
      abandon()
      throw WebPError(path: path, reason: "libwebp could not start an animation encoder")
    }
    self.encoder = encoder
  }

  deinit { abandon() }

  /// Appends the next frame (premultiplied, as the renderer draws it).
  public func add(_ pixmap: Pixmap) throws(WebPError) {
    guard let encoder else { throw WebPError(path: path, reason: "the writer is already closed") }
    guard pixmap.width == width, pixmap.height == height else {
      throw WebPError(path: path, reason: "a \(pixmap.width)×\(pixmap.height) frame in a \(width)×\(height) WebP")
    }
    straight = pixmap.bytes
    for i in stride(from: 0, to: straight.count, by: 4) where straight[i + 3] != 255 {
      let a = straight[i + 3]
      for c in 0..<3 { straight[i + c] = PremulColor.straightChannel(straight[i + c], alpha: a) }
    }
    var picture = WebPPicture()
    guard WebPPictureInit(&picture) != 0 else { throw fail("libwebp's version does not match its headers") }
    picture.use_argb = 1
    picture.width = Int32(width)
    picture.height = Int32(height)
    defer { WebPPictureFree(&picture) }
    let imported = straight.withUnsafeBufferPointer {
      WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4))
    }
    guard imported != 0 else { throw fail("out of memory") }
    let time = Self.timestamp(ofFrame: framesWritten, fps: fps)
    guard WebPAnimEncoderAdd(encoder, &picture, Int32(time), &config) != 0 else {
      throw fail(Self.message(encoder, "frame \(framesWritten)"))
    }
    framesWritten += 1
  }

  /// Assembles the animation and writes it to the temporary file; ``commit()`` renames it.
  public func close() throws(WebPError) {
    guard let encoder, let temporary else { throw WebPError(path: path, reason: "the writer is already closed") }
    // A last, empty frame marks when the last real one ends.
    guard WebPAnimEncoderAdd(encoder, nil, Int32(Self.timestamp(ofFrame: framesWritten, fps: fps)), nil) != 0 else {
      throw fail(Self.message(encoder, "the end"))
    }
    var data = WebPData()
    guard WebPAnimEncoderAssemble(encoder, &data) != 0 else { throw fail(Self.message(encoder, "the file")) }
    defer { WebPFree(UnsafeMutableRawPointer(mutating: data.bytes)) }
    let code = temporary.write(UnsafeRawBufferPointer(start: data.bytes, count: data.size))
    if code != 0 {
      abandon()
      throw .system(path, code)
    }
    bytesWritten = data.size
    WebPAnimEncoderDelete(encoder)
    self.encoder = nil
  }

  /// Moves the finished file over the target.
  public func commit() throws(WebPError) {
    guard let temporary, encoder == nil else { throw WebPError(path: path, reason: "the writer is not closed") }
    self.temporary = nil
    let code = temporary.commit()
    if code != 0 { throw .system(path, code) }
  }

  /// Stops and removes the temporary file; the target is left as it was.
  public func abandon() {
    if let encoder { WebPAnimEncoderDelete(encoder) }
    encoder = nil
    temporary?.discard()
    temporary = nil
  }

  /// Abandons the write and returns the error to throw.
  private func fail(_ reason: String) -> WebPError {
    abandon()
    return WebPError(path: path, reason: reason)
  }

  private static func message(_ encoder: OpaquePointer, _ what: String) -> String {
    let text = WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? ""
    return "libwebp could not encode \(what)" + (text.isEmpty ? "" : ": \(text)")
  }
}
