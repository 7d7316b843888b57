import CIsal
import CZlib

/// A raw deflate stream (no zlib header or trailer) that lives as long as its encoder and is
/// reset between images, so an encoder allocates nothing per frame.
protocol DeflateStream: AnyObject {
  /// Starts a new image.
  func reset()
  /// Compresses `count` bytes at `input` into `output` (bytes `used..<capacity` free), calling
  /// `drain` with the byte count whenever output is full; returns the bytes written since the
  /// last drain. With `finish`, the stream is ended.
  func compress(
    _ input: UnsafeRawPointer, count: Int, finish: Bool,
    into output: UnsafeMutableRawPointer, used: Int, capacity: Int, drain: (Int) -> Void
  ) throws(PNGError) -> Int
}

extension DeflateStream {
  /// Calls `step` (one library call that writes into `free` bytes at the pointer and returns
  /// the bytes still free, whether the stream ended, and whether all input was consumed)
  /// until the stream ends or consumes its input, draining the output buffer whenever it
  /// fills; returns the bytes in it since the last drain.
  func pump(
    into output: UnsafeMutableRawPointer, used: Int, capacity: Int, drain: (Int) -> Void,
    step: (UnsafeMutablePointer<UInt8>, UInt32) throws(PNGError) -> (free: UInt32, ended: Bool, consumed: Bool)
  ) throws(PNGError) -> Int {
    var used = used
    while true {
      let r = try step((output + used).assumingMemoryBound(to: UInt8.self), UInt32(capacity - used))
      used = capacity - Int(r.free)
      if r.ended { return used }
      if used == capacity {
        drain(used)
        used = 0
      } else if r.consumed {
        return used
      }
    }
  }
}

/// The stream for `settings`.
func makeDeflateStream(_ settings: PNGSettings) throws(PNGError) -> any DeflateStream {
  switch settings.compressor {
  case .igzip: return IgzipStream(level: settings.level)
  case .zlib: return try ZlibStream(settings)
  }
}

/// zlib's deflate. zlib checks that a `z_stream` never moves (its state points back at it),
/// so the structure sits in memory of its own.
final class ZlibStream: DeflateStream {
  let z: UnsafeMutablePointer<z_stream>

  init(_ settings: PNGSettings) throws(PNGError) {
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

  func reset() { deflateReset(z) }

  func compress(
    _ input: UnsafeRawPointer, count: Int, finish: Bool,
    into output: UnsafeMutableRawPointer, used: Int, capacity: Int, drain: (Int) -> Void
  ) throws(PNGError) -> Int {
    z.pointee.next_in = UnsafeMutablePointer(mutating: input.assumingMemoryBound(to: UInt8.self))
    z.pointee.avail_in = UInt32(count)
    return try pump(into: output, used: used, capacity: capacity, drain: drain) { out, free throws(PNGError) in
      z.pointee.next_out = out
      z.pointee.avail_out = free
      let code = deflate(z, finish ? Z_FINISH : Z_NO_FLUSH)
      guard code == Z_OK || code == Z_BUF_ERROR || code == Z_STREAM_END else {
        throw PNGError(.encode, message: "zlib deflate failed (\(code))")
      }
      return (z.pointee.avail_out, code == Z_STREAM_END, !finish && z.pointee.avail_in == 0)
    }
  }
}

/// ISA-L's igzip deflate, with its level buffer (hash tables and tokens) allocated once.
final class IgzipStream: DeflateStream {
  let z: UnsafeMutablePointer<isal_zstream>
  let level: Int
  let levelBuffer: UnsafeMutablePointer<UInt8>
  let levelBufferSize: UInt32

  init(level: Int) {
    self.level = level
    levelBufferSize = cisal_level_buffer_size(Int32(level))
    levelBuffer = .allocate(capacity: Int(levelBufferSize))
    z = .allocate(capacity: 1)
    z.initialize(to: isal_zstream())
    reset()
  }

  deinit {
    z.deinitialize(count: 1)
    z.deallocate()
    levelBuffer.deallocate()
  }

  func reset() {
    isal_deflate_init(z)
    z.pointee.level = UInt32(level)
    z.pointee.level_buf = levelBuffer
    z.pointee.level_buf_size = levelBufferSize
    z.pointee.gzip_flag = UInt16(IGZIP_DEFLATE)
    z.pointee.flush = UInt16(NO_FLUSH)
  }

  func compress(
    _ input: UnsafeRawPointer, count: Int, finish: Bool,
    into output: UnsafeMutableRawPointer, used: Int, capacity: Int, drain: (Int) -> Void
  ) throws(PNGError) -> Int {
    z.pointee.next_in = UnsafeMutablePointer(mutating: input.assumingMemoryBound(to: UInt8.self))
    z.pointee.avail_in = UInt32(count)
    z.pointee.end_of_stream = finish ? 1 : 0
    return try pump(into: output, used: used, capacity: capacity, drain: drain) { out, free throws(PNGError) in
      z.pointee.next_out = out
      z.pointee.avail_out = free
      let code = isal_deflate(z)
      guard code == COMP_OK else {
        throw PNGError(.encode, message: "igzip deflate failed (\(code))")
      }
      return (z.pointee.avail_out, finish && cisal_finished(z) != 0, !finish && z.pointee.avail_in == 0)
    }
  }
}
