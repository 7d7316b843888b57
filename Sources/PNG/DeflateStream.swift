import CIsal
import CLibDeflate
import CPNGKernels
import CZlib

/// A raw deflate stream (no zlib header or trailer) that lives as long as its encoder and is
/// reset between images, so an encoder allocates nothing per frame.
protocol DeflateStream: AnyObject {
  /// True when the stream compresses a whole image in one call (the writer then filters every
  /// row into one buffer and calls ``compress(_:count:finish:into:used:capacity:drain:)`` once,
  /// with `finish`); false when it takes the rows strip by strip.
  var compressesWholeImages: Bool { get }
  /// Bytes of filtered rows the writer hands over per call (whole rows, at least one).
  var stripBytes: Int { get }
  /// The Adler-32 of everything compressed since ``reset()``, when the stream computes it
  /// itself; nil when the writer is to compute it.
  var adler32: UInt32? { get }
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
  var compressesWholeImages: Bool { false }
  /// Small enough to stay in L2, large enough that calls are few.
  var stripBytes: Int { 64 * 1024 }
  var adler32: UInt32? { nil }

  /// Copies `count` bytes at `bytes` into `output` (bytes `used..<capacity` free), draining it
  /// whenever it fills; returns the bytes in it since the last drain.
  func copy(
    _ bytes: UnsafeRawPointer, count: Int, into output: UnsafeMutableRawPointer, used: Int, capacity: Int,
    drain: (Int) -> Void
  ) -> Int {
    var used = used
    var copied = 0
    while copied < count {
      let k = min(count &- copied, capacity &- used)
      (output + used).copyMemory(from: bytes + copied, byteCount: k)
      used &+= k
      copied &+= k
      if used == capacity && copied < count {
        drain(used)
        used = 0
      }
    }
    return used
  }

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
  case .flipbook: return FlipbookDeflateStream(portable: settings.portableKernels || !pngAVX2)
  case .libdeflate: return try LibdeflateStream(level: settings.level)
  case .igzip: return IgzipStream(level: settings.level)
  case .zlib: return try ZlibStream(settings)
  }
}

/// libdeflate's whole-buffer deflate: one call per image, whose output depends only on the
/// image's bytes, the level and the library's version.
///
/// That is why it was the default while igzip's bytes were not reproducible (issue 20). Every `libdeflate_deflate_compress` call starts
/// from a freshly initialized compressor state (its hash tables are reset at the start of
/// every call), the match finding and block splitting are portable C, and the only code picked
/// per CPU computes checksums and the tables' initial and rebased values, which are the
/// same on every path. Nothing it reads depends on where the compressor, the input or the
/// output sit in memory, so no thread, run or environment size changes the bytes.
final class LibdeflateStream: DeflateStream {
  let compressor: OpaquePointer
  /// Where one image's deflate data is written before it is copied out in IDAT-sized parts
  /// (libdeflate needs room for the worst case, more than an IDAT buffer holds).
  private var buffer: UnsafeMutableRawPointer
  private var bufferCapacity = 0

  init(level: Int) throws(PNGError) {
    guard let c = libdeflate_alloc_compressor(Int32(level)) else {
      throw PNGError(.encode, message: "libdeflate could not allocate a level \(level) compressor")
    }
    compressor = c
    buffer = .allocate(byteCount: 1, alignment: 16)
  }

  deinit {
    libdeflate_free_compressor(compressor)
    buffer.deallocate()
  }

  var compressesWholeImages: Bool { true }

  func reset() {}

  func compress(
    _ input: UnsafeRawPointer, count: Int, finish: Bool,
    into output: UnsafeMutableRawPointer, used: Int, capacity: Int, drain: (Int) -> Void
  ) throws(PNGError) -> Int {
    precondition(finish, "libdeflate compresses a whole image in one call")
    let bound = libdeflate_deflate_compress_bound(compressor, count)
    if bound > bufferCapacity {
      buffer.deallocate()
      buffer = .allocate(byteCount: bound, alignment: 16)
      bufferCapacity = bound
    }
    let n = libdeflate_deflate_compress(compressor, input, count, buffer, bound)
    guard n > 0 else { throw PNGError(.encode, message: "libdeflate deflate failed") }
    return copy(buffer, count: n, into: output, used: used, capacity: capacity, drain: drain)
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
///
/// Every image starts with a short stored block that igzip then takes as its dictionary, so
/// that igzip's output depends only on the input. ISA-L 2.30's x86 match finders (levels 1
/// and 2, `isal_deflate_icf_body_hash_hist_*`, unchanged up to 2.31.1) have a first-byte path,
/// taken only while a stream has no history, that hashes a register still holding the address
/// of the `isal_zstream` instead of input bytes: one hash-table slot, chosen by that address,
/// gets a wrong entry, and about one image in a few hundred compressed to other (valid) bytes
/// from process to process. A stream given a dictionary has history from its first byte and
/// never takes that path; its hash table is reset and filled from the dictionary alone. The
/// stored bytes are the same bytes, so the decoder has that history too, and the stream stays
/// plain deflate (no preset dictionary, which PNG forbids).
final class IgzipStream: DeflateStream {
  let z: UnsafeMutablePointer<isal_zstream>
  let level: Int
  let levelBuffer: UnsafeMutablePointer<UInt8>
  let levelBufferSize: UInt32
  /// Whether the current image's stored block and dictionary are written.
  private var primed = false

  /// Bytes at the start of every image stored as they are and given to igzip as history.
  static let primerBytes = 256

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
    primed = false
  }

  func compress(
    _ input: UnsafeRawPointer, count: Int, finish: Bool,
    into output: UnsafeMutableRawPointer, used: Int, capacity: Int, drain: (Int) -> Void
  ) throws(PNGError) -> Int {
    var input = input, count = count, used = used
    if !primed && (count > 0 || finish) {
      primed = true
      let k = min(count, Self.primerBytes)
      let last = finish && k == count
      if capacity &- used < k &+ 5 {
        drain(used)
        used = 0
      }
      // A stored block (RFC 1951 §3.2.4): BFINAL, BTYPE 00, padding, LEN, NLEN, the bytes.
      let out = output + used
      out.storeBytes(of: last ? 1 : 0, as: UInt8.self)
      out.storeBytes(of: UInt16(k).littleEndian, toByteOffset: 1, as: UInt16.self)
      out.storeBytes(of: (~UInt16(k)).littleEndian, toByteOffset: 3, as: UInt16.self)
      (out + 5).copyMemory(from: input, byteCount: k)
      used &+= 5 &+ k
      if last { return used }
      let code = isal_deflate_set_dict(
        z, UnsafeMutablePointer(mutating: input.assumingMemoryBound(to: UInt8.self)), UInt32(k))
      guard code == COMP_OK else {
        throw PNGError(.encode, message: "igzip could not take its dictionary (\(code))")
      }
      input += k
      count &-= k
    }
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

/// CPNGKernels' deflate for filtered rows: each strip one dynamic Huffman block of literals
/// and runs of zero bytes, the Adler-32 computed in the same pass.
///
/// Its bytes depend only on the input: the code of a block is built from the previous
/// block's counts with integer arithmetic and a sort on distinct keys, and the AVX2 and
/// portable scans find the same zeros. Strips are larger than for the libraries: each block
/// costs a header and a code build (about 30 µs each), and 512 KiB still sits in L2 (1 MiB on
/// the reference machine) with the rows being filtered; 256 KiB strips made files 0.5 %
/// smaller and encoding about 5 % slower on the reference workload.
final class FlipbookDeflateStream: DeflateStream {
  let state: UnsafeMutablePointer<flipbook_deflate_stream>
  let portable: Bool
  /// One block's output before it is copied out (its bound exceeds what an IDAT buffer holds).
  private var buffer: UnsafeMutableRawPointer
  private var bufferCapacity = 0

  init(portable: Bool) {
    self.portable = portable
    state = .allocate(capacity: 1)
    state.initialize(to: flipbook_deflate_stream())
    buffer = .allocate(byteCount: 1, alignment: 16)
    reset()
  }

  deinit {
    state.deinitialize(count: 1)
    state.deallocate()
    buffer.deallocate()
  }

  var stripBytes: Int { 512 * 1024 }
  var adler32: UInt32? { state.pointee.adler }

  func reset() { flipbook_deflate_start(state) }

  func compress(
    _ input: UnsafeRawPointer, count: Int, finish: Bool,
    into output: UnsafeMutableRawPointer, used: Int, capacity: Int, drain: (Int) -> Void
  ) throws(PNGError) -> Int {
    let bound = flipbook_deflate_block_bound(count)
    if bound > bufferCapacity {
      buffer.deallocate()
      buffer = .allocate(byteCount: bound, alignment: 16)
      bufferCapacity = bound
    }
    let data = input.assumingMemoryBound(to: UInt8.self)
    let out = buffer.assumingMemoryBound(to: UInt8.self)
    let n =
      portable
      ? flipbook_deflate_block_portable(state, data, count, finish, out)
      : flipbook_deflate_block_avx2(state, data, count, finish, out)
    return copy(buffer, count: n, into: output, used: used, capacity: capacity, drain: drain)
  }
}
