/// How ``PNGEncoder`` compresses: zlib level and strategy, and the PNG filter of every row.
///
/// The default, ``fast``, was chosen by measurement on the reference workload (1080p frames of
/// flat anti-aliased shapes; `Benchmarks/`, RASTER-NOTES.md §4.2): no filter at zlib level 1
/// is as fast as any other setting there and gives the smallest files of the fast ones. Every
/// setting is deterministic: the same pixels and settings always give the same bytes.
public struct PNGSettings: Sendable, Equatable, CustomStringConvertible {
  /// The filter applied to every row (PNG filter method 0). The first row never uses Up,
  /// which would only repeat it.
  public enum Filter: UInt8, Sendable, CaseIterable {
    case none = 0, sub = 1, up = 2
  }

  /// zlib's match-finding strategy (`deflateInit2`'s `strategy`).
  public enum Strategy: Int32, Sendable, CaseIterable {
    /// Z_DEFAULT_STRATEGY: LZ77 matches at the level's effort.
    case `default` = 0
    /// Z_FILTERED: favours literals, for filtered data.
    case filtered = 1
    /// Z_RLE: matches only at distance 1 (runs); the level does not matter.
    case rle = 3
  }

  /// zlib compression level, 0 (stored) … 9 (smallest).
  public var level: Int
  public var strategy: Strategy
  public var filter: Filter

  public init(level: Int, strategy: Strategy = .default, filter: Filter = .none) {
    precondition((0...9).contains(level), "zlib levels are 0…9")
    self.level = level
    self.strategy = strategy
    self.filter = filter
  }

  /// The writer's default: filter None, zlib level 1, default strategy.
  public static let fast = PNGSettings(level: 1)

  /// For reports: "none L1 default".
  public var description: String { "\(filter) L\(level) \(strategy)" }
}
