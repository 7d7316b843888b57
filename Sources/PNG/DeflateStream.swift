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
    var used = used
    z.pointee.next_in = UnsafeMutablePointer(mutating: input.assumingMemoryBound(to: UInt8.self))
    z.pointee.avail_in = UInt32(count)
    z.pointee.end_of_stream = finish ? 1 : 0
    while true {
      z.pointee.next_out = (output + used).assumingMemoryBound(to: UInt8.self)
      z.pointee.avail_out = UInt32(capacity - used)
      let code = isal_deflate(z)
      used = capacity - Int(z.pointee.avail_out)
      guard code == COMP_OK else {
        throw PNGError(.encode, message: "igzip deflate failed (\(code))")
      }
      if finish && cisal_finished(z) != 0 { return used }
      if used == capacity {
        drain(used)
        used = 0
        continue
      }
      if !finish && z.pointee.avail_in == 0 { return used }
    }
  }
}
