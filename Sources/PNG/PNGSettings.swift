/// How ``PNGEncoder`` compresses: the deflate library and its level (and strategy, for zlib),
/// and the PNG filter of every row.
///
/// The default, ``fast``, is libdeflate 1.14 at level 2 without a filter: its bytes depend
/// only on the pixels (and libdeflate's version), never on the thread, the run or where
/// buffers sit in memory (issue 20). Measured in memory on the reference workload (1080p
/// frames of flat anti-aliased shapes, frames 0 and 30; `flipbook-bench png`, medians of 5,
/// conversion and checksum included) on a 2-vCPU AMD EPYC (AVX-512):
///
/// | settings | ms/frame | bytes |
/// |---|---:|---:|
/// | libdeflate L1 | 16.7 | 269,959 |
/// | **libdeflate L2** | 16.4 | 264,336 |
/// | libdeflate L3 | 16.7 | 263,981 |
/// | libdeflate L6 | 20.6 | 253,616 |
/// | libdeflate L1, Up filter | 20.7 | 300,823 |
/// | igzip L0 / L1 / L2 / L3 | 4.9 / 5.0 / 5.0 / 15.5 | 364,051 / 288,457 / 287,616 / 314,491 |
/// | zlib 1.2.13 L1 / L6 | 24.6 / 44.8 | 295,277 / 253,447 |
///
/// So the reproducible default costs about 11 ms more per 1080p frame than igzip level 1 and
/// writes 8 % smaller files.
///
/// igzip (ISA-L), the default before, is faster but **not reproducible** at levels 1 and 2:
/// ISA-L 2.30's x86 match finder (`isal_deflate_icf_body_hash_hist_*`, up to at least 2.31.1)
/// hashes the third input byte's position from a register that still holds the address of the
/// `isal_zstream` (bits 16 and up) instead of from the input, so one hash-table slot, chosen
/// by that address, gets a wrong entry, and about one frame in a few hundred compresses to
/// other (valid) bytes from process to process. It stays for measurements and for callers
/// who want speed over reproducible bytes. Sub or Up filters only made files larger here.
/// zlib's bytes are reproducible too (portable C), but it is the slowest.
public struct PNGSettings: Sendable, Equatable, CustomStringConvertible {
  /// The deflate implementation.
  public enum Compressor: Sendable, CaseIterable {
    /// libdeflate: levels 0 (stored) … 12 (smallest), whole-image compression whose bytes
    /// depend only on the input; the default.
    case libdeflate
    /// Intel's ISA-L igzip: levels 0…3, SIMD match finding, many times faster than zlib; its
    /// bytes at levels 1 and 2 depend on the stream's address (see ``PNGSettings``).
    case igzip
    /// zlib: levels 0…9 and strategies; slower, smaller files at high levels.
    case zlib
  }

  /// The filter applied to every row (PNG filter method 0). The first row never uses Up,
  /// which would only repeat it.
  public enum Filter: UInt8, Sendable, CaseIterable {
    case none = 0, sub = 1, up = 2
  }

  /// zlib's match-finding strategy (`deflateInit2`'s `strategy`); igzip has none.
  public enum Strategy: Int32, Sendable, CaseIterable {
    /// Z_DEFAULT_STRATEGY: LZ77 matches at the level's effort.
    case `default` = 0
    /// Z_FILTERED: favours literals, for filtered data.
    case filtered = 1
    /// Z_RLE: matches only at distance 1 (runs); the level does not matter.
    case rle = 3
  }

  public var compressor: Compressor
  /// Compression level: 0…12 for libdeflate, 0…3 for igzip, 0 (stored) … 9 (smallest) for zlib.
  public var level: Int
  public var strategy: Strategy
  public var filter: Filter

  public init(
    _ compressor: Compressor, level: Int, strategy: Strategy = .default, filter: Filter = .none
  ) {
    let levels: ClosedRange<Int>
    switch compressor {
    case .libdeflate: levels = 0...12
    case .igzip: levels = 0...3
    case .zlib: levels = 0...9
    }
    precondition(levels.contains(level), "\(compressor) has no level \(level)")
    precondition(compressor == .zlib || strategy == .default, "\(compressor) has no strategies")
    self.compressor = compressor
    self.level = level
    self.strategy = strategy
    self.filter = filter
  }

  /// The writer's default: libdeflate level 2, no filter (reproducible bytes; see above).
  public static let fast = PNGSettings(.libdeflate, level: 2)

  /// For reports: "libdeflate none L1", "igzip none L1", "zlib up L1 rle".
  public var description: String {
    compressor == .zlib ? "zlib \(filter) L\(level) \(strategy)" : "\(compressor) \(filter) L\(level)"
  }
}
