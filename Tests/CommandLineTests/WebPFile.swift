import CWebPDemux
import Foundation

/// An animated WebP decoded by libwebp's own `WebPAnimDecoder`, which composes each frame on
/// the canvas (blending, disposal) as a browser does: straight RGBA, as WebP stores it.
struct WebPFile {
  struct Failure: Error, CustomStringConvertible { var description: String }

  var width = 0
  var height = 0
  var loopCount = 0
  /// When each frame ends, in milliseconds from the start (the decoder's timestamps).
  var endTimes: [Int] = []
  /// Each composed frame, straight RGBA.
  var frames: [[UInt8]] = []

  init(contentsOf path: String) throws {
    guard let bytes = FileManager.default.contents(atPath: path) else {
      throw Failure(description: "cannot read \(path)")
    }
    try bytes.withUnsafeBytes { raw in
      var data = WebPData(bytes: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), size: raw.count)
      var options = WebPAnimDecoderOptions()
      guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw Failure(description: "libwebp version") }
      options.color_mode = MODE_RGBA
      options.use_threads = 0
      guard let decoder = WebPAnimDecoderNew(&data, &options) else {
        throw Failure(description: "not an animated WebP")
      }
      defer { WebPAnimDecoderDelete(decoder) }
      var info = WebPAnimInfo()
      guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw Failure(description: "no animation info") }
      width = Int(info.canvas_width)
      height = Int(info.canvas_height)
      loopCount = Int(info.loop_count)
      while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
        var buffer: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let buffer else {
          throw Failure(description: "frame \(frames.count) does not decode")
        }
        frames.append(Array(UnsafeBufferPointer(start: buffer, count: width * height * 4)))
        endTimes.append(Int(timestamp))
      }
    }
  }
}
