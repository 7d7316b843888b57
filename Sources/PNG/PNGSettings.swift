/// How ``PNGEncoder`` compresses: the deflate library and its level (and strategy, for zlib),
/// and the PNG filter of every row.
///
/// The default, ``fast``, is ISA-L's igzip at level 2 without a filter, each image's stream
/// started from a stored block that igzip takes as its dictionary (see `IgzipStream`): its
/// bytes depend only on the pixels (and ISA-L's version and the CPU's instruction set), never
/// on the thread, the run or where buffers sit in memory (issue 20). Measured in memory on
/// the reference workload (1080p frames of flat anti-aliased shapes, frames 0 and 30;
/// `flipbook-bench png`, fastest of 5, conversion and checksum included) on a 2-vCPU AMD EPYC
/// (AVX-512), 2026-11-24, RGB packed by the AVX2 kernel:
///
/// | settings | ms/frame | bytes |
/// |---|---:|---:|
/// | igzip L0 | 2.8 | 364,296 |
/// | **igzip L2** | 2.9 | 287,863 |
/// | igzip L3 | 13.4 | 314,738 |
/// | igzip L1, Up / Sub filter | 3.2 / 3.2 | 321,080 / 334,574 |
/// | libdeflate L1 / L2 / L3 | 14.5 / 14.1 / 14.3 | 269,959 / 264,336 / 263,980 |
/// | libdeflate L6 | 18.3 | 253,615 |
/// | zlib 1.2.13 L1 / L6 | 18.0 / 38.2 | 295,276 / 253,447 |
///
/// (igzip L1: 5.0 ms and 288,711 bytes against L2's 5.0 and 287,863 in a run before the AVX2
/// packing.) So the default encodes about 5× faster than libdeflate's fastest levels and
/// writes 9 % larger files; libdeflate stays for callers who want smaller files (its bytes
/// are reproducible too, and it was the default while igzip's were not). Sub or Up filters
/// only made files larger here. zlib's bytes are reproducible (portable C), but it is the
/// slowest.
///
/// Without the dictionary, igzip is **not reproducible** at levels 1 and 2: ISA-L 2.30's x86
/// match finder (`isal_deflate_icf_body_hash_hist_*`, up to at least 2.31.1) has a path for a
/// stream's first byte that hashes a register still holding the address of the
/// `isal_zstream` (bits 16 and up) instead of input, so one hash-table slot, chosen by that
/// address, gets a wrong entry, and about one frame in a few hundred compressed to other
/// (valid) bytes from process to process. With the dictionary, all 252 frames of the lore
/// circle at 3× compressed from 200 stream addresses each gave one result per frame.
public struct PNGSettings: Sendable, Equatable, CustomStringConvertible {
  /// The deflate implementation.
  public enum Compressor: Sendable, CaseIterable {
    /// Flipbook's own deflate for filtered rows (CPNGKernels): no match search, only
    /// literals and runs of zero bytes, one dynamic Huffman block per strip of rows with its
    /// code built from the previous strip's counts, the Adler-32 in the same pass. Level 1
    /// only. With the ``Filter/adaptive`` filter, the default.
    case flipbook
    /// libdeflate: levels 0 (stored) … 12 (smallest), whole-image compression whose bytes
    /// depend only on the input; smaller files than igzip's, about 5× slower.
    case libdeflate
    /// Intel's ISA-L igzip: levels 0…3, SIMD match finding, many times faster than zlib
    /// (each stream primed with a dictionary so that its bytes depend only on the input; see
    /// ``PNGSettings``).
    case igzip
    /// zlib: levels 0…9 and strategies; slower, smaller files at high levels.
    case zlib
  }

  /// The filter applied to every row (PNG filter method 0). The first row never uses Up,
  /// which would only repeat it. The raw value is CPNGKernels' filter code.
  public enum Filter: Int32, Sendable, CaseIterable {
    case none = 0, sub = 1, up = 2
    /// Per row, Up when it leaves more zero bytes than Sub, else Sub (the first row Sub):
    /// zero bytes are what ``Compressor/flipbook`` codes as runs.
    case adaptive = 5
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
  /// Whether the writer uses CPNGKernels' portable loops even where the CPU has AVX2 (for
  /// tests: both must write the same bytes).
  package var portableKernels = false

  public init(
    _ compressor: Compressor, level: Int, strategy: Strategy = .default, filter: Filter = .none
  ) {
    let levels: ClosedRange<Int>
    switch compressor {
    case .flipbook: levels = 1...1
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

  /// The writer's default: Flipbook's deflate with the adaptive filter (fast, reproducible
  /// bytes; see above).
  public static let fast = PNGSettings(.flipbook, level: 1, filter: .adaptive)

  /// For reports: "flipbook adaptive L1", "igzip none L1", "zlib up L1 rle".
  public var description: String {
    compressor == .zlib ? "zlib \(filter) L\(level) \(strategy)" : "\(compressor) \(filter) L\(level)"
  }
}
