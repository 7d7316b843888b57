/// How ``PNGEncoder`` compresses: the deflate library and its level (and strategy, for zlib),
/// and the PNG filter of every row.
///
/// The default, ``fast``, was chosen by measurement on the reference workload (1080p frames of
/// flat anti-aliased shapes; `tools/bench`, whose `png` rows give every candidate): igzip
/// (ISA-L) at level 1 without a filter compresses a frame in about 2 ms to a slightly
/// *smaller* file than zlib 1.2.13 at level 1 makes in 15 ms; Sub or Up filters only made files
/// larger there. The same pixels and settings always give the same bytes on one machine;
/// igzip picks SIMD code per CPU, so another CPU family may choose other (equally valid)
/// bytes for the same pixels.
public struct PNGSettings: Sendable, Equatable, CustomStringConvertible {
  /// The deflate implementation.
  public enum Compressor: Sendable, CaseIterable {
    /// Intel's ISA-L igzip: levels 0…3, SIMD match finding, many times faster than zlib.
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
  /// Compression level: 0…3 for igzip, 0 (stored) … 9 (smallest) for zlib.
  public var level: Int
  public var strategy: Strategy
  public var filter: Filter

  public init(
    _ compressor: Compressor, level: Int, strategy: Strategy = .default, filter: Filter = .none
  ) {
    precondition(
      (0...(compressor == .igzip ? 3 : 9)).contains(level), "\(compressor) has no level \(level)")
    precondition(compressor == .zlib || strategy == .default, "igzip has no strategies")
    self.compressor = compressor
    self.level = level
    self.strategy = strategy
    self.filter = filter
  }

  /// The writer's default: igzip level 1, no filter.
  public static let fast = PNGSettings(.igzip, level: 1)

  /// For reports: "igzip none L1", "zlib up L1 rle".
  public var description: String {
    compressor == .igzip ? "igzip \(filter) L\(level)" : "zlib \(filter) L\(level) \(strategy)"
  }
}
