/// How ``PNGEncoder`` compresses: the deflate library and its level (and strategy, for zlib),
/// and the PNG filter of every row.
///
/// The default, ``fast``, is Flipbook's own deflate (``Compressor/flipbook``, CPNGKernels)
/// with the ``Filter/adaptive`` filter: per row Sub or Up, packed from RGBA in the same pass,
/// then only literals and runs of zero bytes Huffman-coded, the Adler-32 in the same pass, as
/// fpnge does. Its bytes depend only on the pixels, never on the thread, the run, the CPU's
/// instruction set (the AVX2 and portable loops write the same bytes) or where buffers sit.
/// Measured in memory on the reference workload (1080p frames of flat anti-aliased shapes,
/// frames 0 and 30; `flipbook-bench png`, median of 5, filtering and checksum included) on a
/// 2-vCPU AMD EPYC (AVX-512) shared with other work (load average 1.8), 2026-11-24:
///
/// | settings | ms/frame | bytes |
/// |---|---:|---:|
/// | **flipbook, adaptive** | 1.9 | 278,375 |
/// | flipbook, Sub / Up | 1.7 / 2.0 | 310,928 / 331,699 |
/// | igzip L2 (the default before) | 2.9 | 287,863 |
/// | igzip L0 / L1 | 2.8 / 2.8 | 364,296 / 288,711 |
/// | igzip L3 | 13.7 | 314,738 |
/// | igzip L0, Sub / Up | 3.0 / 3.1 | 416,157 / 399,209 |
/// | igzip L1, Sub / Up / adaptive | 3.1 / 3.2 / 3.1 | 334,574 / 321,081 / 320,692 |
/// | libdeflate L1 / L2 / L3 | 14.5 / 14.2 / 14.4 | 269,959 / 264,336 / 263,980 |
/// | libdeflate L6 | 18.3 | 253,615 |
/// | zlib 1.2.13 L1 / L6 | 18.0 / 38.2 | 295,276 / 253,447 |
///
/// So the default encodes about 1.5× faster than igzip's fastest levels, whose match finder
/// was half their time, with files 3 % smaller, and about 7× faster than libdeflate's, whose
/// files are 5 % smaller. Filters do not help igzip here: it finds the previous row as a
/// match without one. igzip stays for callers who want it (its bytes are reproducible, see
/// below), libdeflate for the smallest files at speed, zlib for strategies.
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
    /// Intel's ISA-L igzip: levels 0…3, SIMD match finding, many times faster than zlib, the
    /// default before ``flipbook`` (each stream primed with a dictionary so that its bytes depend only on the input; see
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
