import CZlib

/// A zlib raw deflate stream that lives as long as its encoder, reset between images.
///
/// zlib checks that a `z_stream` never moves (its state points back at it), so the structure
/// sits in memory of its own; `deflateReset` reuses the window and hash tables, so an encoder
/// allocates nothing per frame.
final class DeflateStream {
  let z: UnsafeMutablePointer<z_stream>
  let settings: PNGSettings

  init(_ settings: PNGSettings) throws(PNGError) {
    self.settings = settings
    z = .allocate(capacity: 1)
    z.initialize(to: z_stream())
    let code = czlib_deflate_init_raw(z, Int32(settings.level), settings.strategy.rawValue)
    guard code == Z_OK else {
      z.deinitialize(count: 1)
      z.deallocate()
      throw PNGError(.encode, message: "zlib deflateInit2 failed (\(code))")
    }
  }

  deinit {
    deflateEnd(z)
    z.deinitialize(count: 1)
    z.deallocate()
  }

  /// Starts a new image with the same settings.
  func reset() { deflateReset(z) }

  /// Compresses `count` bytes at `input` into `output` (`capacity` bytes free), calling `drain`
  /// whenever output is full; returns the bytes written since the last drain. With `finish`,
  /// the stream is ended.
  func compress(
    _ input: UnsafeRawPointer, count: Int, finish: Bool,
    into output: UnsafeMutableRawPointer, used: Int, capacity: Int,
    drain: (Int) -> Void
  ) throws(PNGError) -> Int {
    var used = used
    z.pointee.next_in = UnsafeMutablePointer(mutating: input.assumingMemoryBound(to: UInt8.self))
    z.pointee.avail_in = UInt32(count)
    while true {
      z.pointee.next_out = (output + used).assumingMemoryBound(to: UInt8.self)
      z.pointee.avail_out = UInt32(capacity - used)
      let code = deflate(z, finish ? Z_FINISH : Z_NO_FLUSH)
      used = capacity - Int(z.pointee.avail_out)
      if code == Z_STREAM_END { return used }
      guard code == Z_OK || code == Z_BUF_ERROR else {
        throw PNGError(.encode, message: "zlib deflate failed (\(code))")
      }
      if used == capacity {
        drain(used)
        used = 0
        continue
      }
      if !finish && z.pointee.avail_in == 0 { return used }
    }
  }
}
